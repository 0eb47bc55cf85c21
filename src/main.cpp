// Thin entry point: register the plugins and pack images linked in, run the app, turn anything
// unexpected into exit code 3.
#include <exception>
#include <iostream>
#include <optional>
#include <string_view>

#include "app/app.hpp"
#include "core/exit_code.hpp"
#include "output/printable.hpp"
#include "plugin/builtin.hpp"
#include "util/embedded_files.hpp"
#include "util/huge_heap.hpp"
#include "util/lasting_heap.hpp"

namespace {

// `--version` and `--help` alone allocate next to nothing; the huge page the heap's
// reserve starts on (zeroed on first touch) would be most of what they cost.
bool asks_only_to_be_described(int argc, char** argv) {
    if (argc != 2) return false;
    std::string_view word = argv[1];
    return word == "--version" || word == "--help" || word == "-h";
}

// `check` reads its inputs, judges them once and exits: what it allocates on this thread
// can last until then (util/lasting_heap.hpp), and malloc and free were 1.3 M of the
// 10.9 M instructions of a check of the bundled example (bench/README.md, "An
// expression described only when asked"). Commands that stream (scan, fleet) or run on
// (exec) keep malloc, which gives memory back.
bool lasts_until_exit(int argc, char** argv) { return argc > 1 && std::string_view(argv[1]) == "check"; }

}  // namespace

int main(int argc, char** argv) {
    std::optional<preflight::util::LastingScope> lasting;
    if (lasts_until_exit(argc, argv)) lasting.emplace();
    // The heap's huge pages pay off only where the heap is most of the memory: not for
    // `--version` alone, nor for a check, whose memory is the lasting region's.
    else if (!asks_only_to_be_described(argc, argv)) preflight::util::prefer_huge_pages_for_the_heap();
    try {
        preflight::plugin::register_linked_plugins();
#ifdef PREFLIGHT_PACK_IMAGES
        preflight::util::register_pack_images(preflight::util::generated_pack_images());
#endif
        return preflight::app::run(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "preflight: internal error: " << preflight::output::printable(e.what()) << "\n";
    } catch (...) {
        std::cerr << "preflight: internal error\n";
    }
    return preflight::exit_internal;
}

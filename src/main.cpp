// Thin entry point: register the plugins and pack images linked in, run the app, turn anything
// unexpected into exit code 3.
#include <exception>
#include <iostream>
#include <string_view>

#include "app/app.hpp"
#include "core/exit_code.hpp"
#include "output/printable.hpp"
#include "plugin/builtin.hpp"
#include "util/embedded_files.hpp"
#include "util/huge_heap.hpp"

namespace {

// `--version` and `--help` alone allocate next to nothing; the huge page the heap's
// reserve starts on (zeroed on first touch) would be most of what they cost.
bool asks_only_to_be_described(int argc, char** argv) {
    if (argc != 2) return false;
    std::string_view word = argv[1];
    return word == "--version" || word == "--help" || word == "-h";
}

}  // namespace

int main(int argc, char** argv) {
    if (!asks_only_to_be_described(argc, argv)) preflight::util::prefer_huge_pages_for_the_heap();
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

// Archives as `scan` reads them: any bytes, in any format libarchive knows, pass the
// member guard (paths, links, duplicates, sizes, ratio) or are refused; nothing
// crashes. Small limits keep each run short.
#include "facts/scan.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int archive_members(const std::uint8_t* data, std::size_t size) {
    auto path = scratch_file("input.archive", as_text(data, size));
    facts::ScanOptions options;
    options.limits = {1u << 20, 4u << 20, 200.0};
    (void)facts::scan_path(path, options);
    return 0;
}

}  // namespace preflight::fuzz

// CANN versions: any text parses or not; a parsed version equals itself and parses
// again from its own text.
#include "version/cann.hpp"
#include "fuzz_targets.hpp"
#include "version/version.hpp"

namespace preflight::fuzz {

int cann(const std::uint8_t* data, std::size_t size) {
    auto text = as_text(data, size);
    auto v = version::Cann::parse(text);
    (void)version::VersionRange::parse(version::Scheme::cann, text);
    if (!v) return 0;
    check(version::compare(*v, *v) == 0, "a CANN version equals itself");
    auto again = version::Cann::parse(v->text);
    check(again && version::compare(*v, *again) == 0, "a CANN version parses again from its text");
    return 0;
}

}  // namespace preflight::fuzz

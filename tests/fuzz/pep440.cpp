// PEP 440 versions: any text parses or not; a parsed version's normalized form
// parses back to an equal version.
#include "version/pep440.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int pep440(const std::uint8_t* data, std::size_t size) {
    auto v = version::Pep440::parse(as_text(data, size));
    if (!v) return 0;
    auto again = version::Pep440::parse(v->str());
    check(again.has_value(), "a normalized PEP 440 version parses");
    check(version::compare(*v, *again) == 0, "a PEP 440 version equals its normalized form");
    check(again->str() == v->str(), "normalizing a PEP 440 version twice changes nothing");
    (void)v->public_str();
    return 0;
}

}  // namespace preflight::fuzz

// PEP 440 specifier sets: any text parses or not; a parsed set is asked about a few
// versions, and its text form parses back to a set that answers the same.
#include "version/specifier.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int specifier(const std::uint8_t* data, std::size_t size) {
    auto set = version::SpecifierSet::parse(as_text(data, size));
    if (!set) return 0;
    auto again = version::SpecifierSet::parse(set->str());
    check(again.has_value(), "a specifier set's text parses");
    for (const char* text : {"0", "1.0", "2.7.1", "0.16.0rc1", "1!2.0.post1.dev3+local.7", "8.5.1"}) {
        auto v = version::Pep440::parse(text);
        for (auto m : {version::Membership::installed, version::Membership::candidate})
            check(set->contains(*v, m) == again->contains(*v, m), "a specifier set and its text answer alike");
    }
    return 0;
}

}  // namespace preflight::fuzz

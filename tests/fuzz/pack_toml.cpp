// A rule pack's pack.toml, read and compiled as every run does.
#include "fuzz_targets.hpp"
#include "rules/pack_source.hpp"
#include "rules/rule_set.hpp"

namespace preflight::fuzz {

int pack_toml(const std::uint8_t* data, std::size_t size) {
    auto path = scratch_file("pack.toml", as_text(data, size));
    if (auto read = rules::read_pack(path)) (void)rules::compile_packs({*read});
    return 0;
}

}  // namespace preflight::fuzz

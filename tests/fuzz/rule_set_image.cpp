// A rule-set image (rules/rule_set_image.hpp) that is damaged: a well-formed image of
// a small set, with the input's bytes as edits (each pair: where, then what to XOR
// there), read without its hash check as the embedded set is, then read entirely (an
// image that loads encodes again, which reads every part left for later).
#include <stdexcept>

#include "fuzz_targets.hpp"
#include "rules/pack_source.hpp"
#include "rules/rule_set.hpp"
#include "rules/rule_set_image.hpp"

namespace preflight::fuzz {
namespace {

const std::string& small_image() {
    static const std::string image = [] {
        auto path = scratch_file("image-pack.toml", R"pack([pack]
name = "fuzz"
version = "1.0.0"
engine = ">=0.1"
summary = "the image target's rules"

[schemes]
cann = "cann"

[[tables.sizes]]
name = "a"
n = 3

[[defaults]]
key = "parallel.cp"
value_expr = "parallel.tp * 2"
when = "installed('megatron-core')"
by = "fuzz"
references = ["none"]

[[rules]]
id = "fuzz-tp"
severity = "warning"
summary = "tp above one"
references = ["none"]
message = "tp is {parallel.tp}, cann {pkg('cann')}"
when = "parallel.tp > 1 && satisfies(pkg('cann'), '>=8.0.RC1') && lookup('sizes', 'name', 'a', 'n') == 3"
)pack");
        auto read = rules::read_pack(path);
        check(read.has_value(), "the image target's pack reads");
        auto compiled = rules::compile_packs({*read});
        check(compiled.has_value(), "the image target's pack compiles");
        auto encoded = rules::encode_rule_set_image(*compiled);
        check(encoded.has_value(), "the image target's set encodes");
        return *encoded;
    }();
    return image;
}

}  // namespace

int rule_set_image(const std::uint8_t* data, std::size_t size) {
    std::string image = small_image();
    for (std::size_t i = 0; i + 1 < size; i += 2) image[data[i] * image.size() / 256] ^= static_cast<char>(data[i + 1]);
    if (size % 2 == 1) image.resize(image.size() * data[size - 1] / 255);  // and a truncation
    // The set is dropped before the bytes, as an embedded image outlives its set.
    auto set = rules::decode_static_rule_set_image(image);
    if (!set) return 0;
    try {
        (void)rules::encode_rule_set_image(*set);
    } catch (const std::runtime_error&) {
        // A part read later that does not decode: the loader's hash check keeps such an
        // image from a run; read without it, the part is refused, not read past its end.
    }
    return 0;
}

}  // namespace preflight::fuzz

// Allocator configurations (PYTORCH_*_ALLOC_CONF, `key:value,key:value`): a parsed
// list is written back as it was read, and edits keep it parseable.
#include "util/kv_list.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int kv_list(const std::uint8_t* data, std::size_t size) {
    auto text = as_text(data, size);
    auto kv = util::KvList::parse(text);
    if (!kv) return 0;
    auto again = util::KvList::parse(kv->str());
    check(again && again->str() == kv->str(), "an allocator configuration reads back as written");
    kv->set("expandable_segments", "False");
    check(kv->get("expandable_segments") == "False", "a set key reads back");
    check(util::KvList::parse(kv->str()).has_value(), "an edited allocator configuration parses");
    return 0;
}

}  // namespace preflight::fuzz

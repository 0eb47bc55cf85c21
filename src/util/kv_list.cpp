#include "util/kv_list.hpp"

#include "util/text.hpp"

namespace preflight::util {
namespace {

// Entries may be padded with spaces and tabs.
std::string_view trim_blanks(std::string_view s) { return trim(s, " \t"); }

}  // namespace

std::optional<KvList> KvList::parse(std::string_view text, std::string* error) {
    KvList list;
    if (trim_blanks(text).empty()) return list;
    // A bracketed value such as roundup_power2_divisions:[256:1,512:2] holds commas.
    std::size_t start = 0;
    int depth = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        char c = i < text.size() ? text[i] : ',';
        if (c == '[') ++depth;
        if (c == ']') --depth;
        if (c != ',' || depth > 0) continue;
        std::string_view entry = trim_blanks(text.substr(start, i - start));
        start = i + 1;
        // The allocators consume a ',' after an entry only when more text follows, so one
        // trailing comma is accepted; a leading or doubled one is not.
        if (entry.empty() && i == text.size() && !list.entries_.empty()) break;
        std::size_t colon = entry.find(':');
        if (colon == std::string_view::npos || trim_blanks(entry.substr(0, colon)).empty()) {
            if (error) *error = entry.empty() ? "an empty entry" : "entry '" + std::string(entry) + "' is not key:value";
            return std::nullopt;
        }
        list.entries_.push_back(
            {std::string(trim_blanks(entry.substr(0, colon))), std::string(trim_blanks(entry.substr(colon + 1)))});
    }
    return list;
}

std::optional<std::string> KvList::get(std::string_view key) const {
    for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
        if (it->key == key) return it->value;
    return std::nullopt;
}

void KvList::set(std::string_view key, std::string_view value) {
    bool done = false;
    for (auto it = entries_.begin(); it != entries_.end();) {
        if (it->key != key) {
            ++it;
        } else if (!done) {
            it->value = std::string(value);
            done = true;
            ++it;
        } else {
            it = entries_.erase(it);  // a repeated key would shadow the one we set
        }
    }
    if (!done) entries_.push_back({std::string(key), std::string(value)});
}

std::string KvList::str() const {
    std::string out;
    for (std::size_t i = 0; i < entries_.size(); ++i) out += (i ? "," : "") + entries_[i].key + ":" + entries_[i].value;
    return out;
}

}  // namespace preflight::util

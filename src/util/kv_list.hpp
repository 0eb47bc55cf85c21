// `key:value,key:value` lists, as PYTORCH_*_ALLOC_CONF use them. Keeps entry order
// and the exact text of every entry it does not touch, so a rewrite changes only
// the key it was asked to change.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace preflight::util {

struct KvEntry {
    std::string key;
    std::string value;
};

class KvList {
public:
    // Empty text is an empty list; one trailing comma after the last entry is allowed.
    // A malformed entry (no ':', an empty key, a leading or doubled comma) makes parse
    // fail and names the entry in `error`.
    static std::optional<KvList> parse(std::string_view text, std::string* error = nullptr);

    std::optional<std::string> get(std::string_view key) const;  // the last occurrence wins
    void set(std::string_view key, std::string_view value);      // in place, or appended
    std::string str() const;
    const std::vector<KvEntry>& entries() const { return entries_; }

private:
    std::vector<KvEntry> entries_;
};

}  // namespace preflight::util

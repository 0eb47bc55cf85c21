// Ascend CANN / HDK versions: MAJOR.MINOR.(RCn | PATCH)[.alphaNNN | .betaNNN | .TNN].
// An RC precedes the final releases of its MAJOR.MINOR (8.0.RC3 < 8.0.0), and an
// alpha/beta build precedes the release it leads to (8.1.RC1.alpha001 < 8.1.RC1).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace preflight::version {

struct Cann {
    long major = 0;
    long minor = 0;
    bool is_rc = false;
    long third = 0;          // the RC number, or the patch number
    std::string build_kind;  // "", "alpha", "beta" or "t"
    long build = 0;
    std::string text;  // as written

    static std::optional<Cann> parse(std::string_view text);
};

int compare(const Cann& a, const Cann& b);

}  // namespace preflight::version

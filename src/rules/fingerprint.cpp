#include "rules/fingerprint.hpp"

#include "util/digest.hpp"

namespace preflight::rules {

std::string fingerprint(const Finding& finding, std::string_view file) {
    // NUL separates the parts: none of them can hold one, so no two triples collide.
    std::string identity = finding.rule;
    identity += '\0';
    identity += file;
    identity += '\0';
    identity += finding.location.key;
    if (!finding.launch.empty()) {
        identity += '\0';
        identity += finding.launch;
    }
    return util::digest_hex(identity, "SHA256");
}

}  // namespace preflight::rules

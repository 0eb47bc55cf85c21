// A fleet's bundle: the input, split at its first NUL byte, is the manifest.json and
// facts.json of a well-formed bundle, read as `fleet` reads ten thousand of them (the
// documents only).
#include "facts/snapshot.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int fleet_bundle(const std::uint8_t* data, std::size_t size) {
    (void)facts::read_snapshot_bundle(scratch_bundle(as_text(data, size)), {}, true);
    return 0;
}

}  // namespace preflight::fuzz

// Snapshot bundles: the input, split at its first NUL byte, is the manifest.json and
// facts.json of a well-formed bundle, which `check --env` then reads.
#include "facts/snapshot.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int snapshot_manifest(const std::uint8_t* data, std::size_t size) {
    (void)facts::read_snapshot(scratch_bundle(as_text(data, size)));
    return 0;
}

}  // namespace preflight::fuzz

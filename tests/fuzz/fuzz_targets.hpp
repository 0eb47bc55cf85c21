// The fuzz targets: one entry point per parser, each taking any bytes. A target
// returns normally for every input; a crash, a sanitizer report or a broken
// round-trip property (check() aborts) is a finding. libfuzzer_entry.cpp hands one
// target to libFuzzer; replay.cpp runs corpus files through the same entry points
// in every build, so a crash once found stays a regression case.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace preflight::fuzz {

using Target = int (*)(const std::uint8_t* data, std::size_t size);

struct NamedTarget {
    const char* name;
    Target run;
};

// Every target, by the name of its corpus folder (tests/fuzz/corpus/<name>/).
#define PREFLIGHT_FUZZ_TARGETS(X) \
    X(job_toml)                   \
    X(config_json)                \
    X(pack_toml)                  \
    X(rule_language)              \
    X(pep440)                     \
    X(cann)                       \
    X(specifier)                  \
    X(kv_list)                    \
    X(env_values)                 \
    X(snapshot_manifest)          \
    X(archive_members)            \
    X(shell_script)               \
    X(waiver_file)                \
    X(baseline_file)              \
    X(fleet_bundle)               \
    X(plugin_descriptor)          \
    X(project_settings)           \
    X(rule_set_image)

#define PREFLIGHT_DECLARE_TARGET(name) int name(const std::uint8_t* data, std::size_t size);
PREFLIGHT_FUZZ_TARGETS(PREFLIGHT_DECLARE_TARGET)
#undef PREFLIGHT_DECLARE_TARGET

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A property every input must keep; a broken one aborts, which the fuzzer reports.
inline void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz property broken: %s\n", what);
        std::abort();
    }
}

// A scratch folder of this process (under $TMPDIR), removed at exit.
std::string scratch_dir();
// Writes `text` to scratch_dir()/name and returns the path.
std::string scratch_file(const std::string& name, std::string_view text);
// A well-formed snapshot bundle (gzip'd tar) in scratch_dir() whose manifest.json and
// facts.json are `text` split at its first NUL byte (facts.json `{}` without one).
std::string scratch_bundle(std::string_view text);

}  // namespace preflight::fuzz

// A project settings file (.preflight.toml), read as `check` finds it above a checked
// path; what it accepts then answers which paths a walk excludes and which --with files
// a launch gets, the same way twice.
#include "app/project_settings.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int project_settings(const std::uint8_t* data, std::size_t size) {
    auto settings = app::read_project_settings_file(scratch_file(".preflight.toml", as_text(data, size)));
    if (!settings) return 0;
    for (const char* path : {"scripts/train.sh", "jobs/a.toml", "old/x/y.sh", "./vendor/run.sh", ""}) {
        check(settings->excluded(path) == settings->excluded(path), "exclude answers the same twice");
        check(settings->with_files(path) == settings->with_files(path), "with files are the same twice");
    }
    return 0;
}

}  // namespace preflight::fuzz

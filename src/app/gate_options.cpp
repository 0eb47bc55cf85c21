#include "app/gate_options.hpp"

namespace preflight::app {

void add_gate_options(CLI::App* cmd, GateOptions& gates) {
    const char* group = "Waivers and baselines";
    cmd->add_option("--waivers", gates.waiver_files,
                    "A waiver file of [[waive]] tables (rule, path, justification, owner, expires, when); repeatable. "
                    "A waived finding is reported as suppressed. .preflight-waivers.toml is also found from the working "
                    "directory up to the repository root. Example: --waivers ci/waivers.toml")
        ->type_name("FILE.toml")
        ->allow_extra_args(false)
        ->group(group);
    cmd->add_flag("--no-inline-waivers", gates.no_inline_waivers,
                  "Ignore [[waive]] tables in job files (a central CI accepts only its own waiver files)")
        ->group(group);
    cmd->add_flag("--no-waiver-discovery", gates.no_waiver_discovery,
                  "Do not look for .preflight-waivers.toml; only --waivers files (and inline tables) count")
        ->group(group);
    cmd->add_option("--now", gates.now, "The day waiver expiry is judged on, instead of today. Example: --now 2026-07-01")
        ->type_name("YYYY-MM-DD")
        ->group(group);
    cmd->add_option("--baseline", gates.baseline,
                    "Suppress the findings recorded in this baseline, so only new ones decide the verdict; entries no "
                    "longer found are reported as fixed (baseline-fixed). Example: --baseline .preflight-baseline.json")
        ->type_name("FILE.json")
        ->group(group);
    cmd->add_option("--write-baseline", gates.write_baseline,
                    "Record this run's findings (those no waiver covers) by fingerprint (rule, file, key) into FILE, "
                    "replacing it atomically; the report and exit code are as without it. "
                    "Example: --write-baseline .preflight-baseline.json")
        ->type_name("FILE.json")
        ->group(group);
}

}  // namespace preflight::app

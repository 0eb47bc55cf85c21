// A plan (plan/planner.hpp) for people (text), for machines (JSON, schema
// share/schemas/plan.schema.json) and for pip (a constraints file).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "output/style.hpp"
#include "plan/planner.hpp"

namespace preflight::output {

struct PlanReportInput {
    std::string config_path;
    const plan::Plan* plan = nullptr;
    bool quiet = false;  // the best plan's lines only: no alternatives, no planned findings
};

std::string text_plan_report(const PlanReportInput& in, const Style& style);
nlohmann::ordered_json json_plan_report(const PlanReportInput& in);

// A launch script's plans: {"preflight_version", "output_version", "config": SCRIPT,
// "launches": [{"launch": LABEL, "plan": {the fields of json_plan_report}}]}.
struct LaunchPlanInput {
    std::string label;  // "train.sh:14: megatron sft"
    PlanReportInput plan;
};
nlohmann::ordered_json json_launch_plans(const std::string& script, const std::vector<LaunchPlanInput>& launches);

// The best plan's package versions as a pip constraints file (`pip install -c FILE`):
// a comment naming the launch, then one `name==version` line per package moved.
std::string constraints_file(const PlanReportInput& in);

// Whether pip installs the move's package (not CANN, not MindSpeed: release_list.hpp).
bool by_pip(const plan::PackageMove& m);

// `pip install 'a==1' 'b==2'` for the moves pip makes, or "" when there are none.
std::string pip_line(const plan::Candidate& c);

}  // namespace preflight::output

#include "facts/fact_set.hpp"

namespace preflight::facts {

FactSet from_run_config(const config::RunConfig& cfg) {
    FactSet f;
    f.config = cfg.values;
    f.env = cfg.env;
    f.packages = cfg.packages;
    f.revisions = cfg.revisions;
    return f;
}

}  // namespace preflight::facts

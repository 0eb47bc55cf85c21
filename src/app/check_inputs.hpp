// What `check PATH…` checks: the files named, and the job files and launch scripts
// found under the directories named, in a deterministic order.
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"

namespace preflight::app {

struct CheckTarget {
    enum class Kind { job, script };
    std::string path;
    Kind kind = Kind::job;
    bool named = false;  // named on the command line, not found by a walk
};

// A file named is a launch script by its suffix or shebang, else a job file. A
// directory is walked recursively in name order: a `.toml` file that declares `schema`
// and has a [job] table is a job, a shell script is a launch script, anything else is passed over; .git and
// what .gitignore files (from the repository's root down) exclude are skipped, and
// symbolic links are not followed. A file found twice is checked once.
// With `select_named`, a named file is taken or passed over as a walk would take it
// (pre-commit names every changed file), and finding nothing is no error.
// Errors: a path that does not exist; paths under which nothing was found.
Result<std::vector<CheckTarget>> collect_check_targets(const std::vector<std::string>& paths, bool select_named = false);

// Whether a TOML text declares `schema` before its first table: how a walk tells a job
// file from other TOML (pyproject.toml, waiver files). Reads only up to that table.
bool declares_schema(std::string_view toml_text);

// Whether a TOML text has a [job] table (or dotted job keys): a walk takes only such
// files as jobs, so a --with overlay (schema, hardware, packages, no [job]) is passed over.
// A misspelt [job] header ([jbo], or an unknown section holding framework/backend)
// counts too, so that the file is reported rather than passed over.
bool declares_job(std::string_view toml_text);

}  // namespace preflight::app

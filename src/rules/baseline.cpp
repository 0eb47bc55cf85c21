#include "rules/baseline.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rules/fingerprint.hpp"
#include "rules/waiver_file.hpp"
#include "util/input_file.hpp"
#include "util/nesting.hpp"

namespace preflight::rules {
namespace fs = std::filesystem;
namespace {

constexpr util::InputKind kBaselineFile{"the baseline", 64 * util::kMiB};
constexpr const char* kVersionKey = "preflight_baseline";

int line_of(const std::string& text, std::size_t byte) {
    return 1 + static_cast<int>(
                   std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(std::min(byte, text.size())), '\n'));
}

}  // namespace

fs::path identity_root(const std::string& first_input) {
    fs::path cwd = fs::current_path();
    if (!first_input.empty())
        if (auto root = repository_root((cwd / first_input).lexically_normal())) return *root;
    return repository_root(cwd).value_or(cwd);
}

std::string identity_path(const std::string& file, const fs::path& root) {
    if (file.empty()) return file;
    std::error_code ec;
    fs::path absolute = fs::absolute(fs::path(file), ec).lexically_normal();
    if (ec) return file;
    auto relative = absolute.lexically_relative(root);
    return relative.empty() ? absolute.generic_string() : relative.generic_string();
}

bool belongs_in_baseline(const Finding& f) {
    if (f.suppressed && f.suppressed->kind != Suppression::Kind::baseline) return false;
    return !f.rule.starts_with("waiver-") && f.rule != kBaselineFixed;
}

BaselineEntry baseline_entry(const Finding& f, const fs::path& root) {
    std::string file = identity_path(f.location.file, root);
    return {fingerprint(f, file), f.rule, file, f.location.key, f.message};
}

std::string baseline_json(std::vector<BaselineEntry> entries) {
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
        return std::tie(a.file, a.rule, a.key, a.fingerprint, a.message) <
               std::tie(b.file, b.rule, b.key, b.fingerprint, b.message);
    });
    nlohmann::ordered_json j;
    j[kVersionKey] = kBaselineVersion;
    auto items = nlohmann::ordered_json::array();
    std::set<std::string> written;
    for (const auto& e : entries) {
        if (!written.insert(e.fingerprint).second) continue;
        items.push_back(
            {{"fingerprint", e.fingerprint}, {"rule", e.rule}, {"file", e.file}, {"key", e.key}, {"message", e.message}});
    }
    j["entries"] = std::move(items);
    return j.dump(2) + "\n";
}

Result<Baseline> read_baseline(const std::string& path) {
    auto text = PREFLIGHT_TRY(util::read_input(path, kBaselineFile));
    if (auto line = util::nesting_exceeded(text, util::Syntax::json))
        return fail(fmt::format("the baseline nests deeper than {} levels", util::kMaxNesting), Location{path, *line, 1});
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        return fail(fmt::format("the baseline is not valid JSON: {}", e.what()), Location{path, line_of(text, e.byte), 0});
    }
    auto not_a_baseline = [&](const std::string& why) {
        return fail(fmt::format("not a preflight baseline: {} (write one with --write-baseline)", why),
                    Location{path, 1, 0, kVersionKey});
    };
    if (!j.is_object() || !j.contains(kVersionKey)) return not_a_baseline(fmt::format("it has no '{}' field", kVersionKey));
    if (j[kVersionKey] != kBaselineVersion)
        return not_a_baseline(
            fmt::format("'{}' is {}; this preflight reads version {}", kVersionKey, j[kVersionKey].dump(), kBaselineVersion));
    if (!j.contains("entries") || !j["entries"].is_array()) return not_a_baseline("it has no 'entries' array");
    Baseline baseline{path, {}};
    std::size_t index = 0;
    for (const auto& item : j["entries"]) {
        auto field = [&](const char* key, bool required) -> Result<std::string> {
            if (item.is_object() && item.contains(key) && item[key].is_string()) return item[key].get<std::string>();
            if (!required && item.is_object() && !item.contains(key)) return std::string();
            return fail(fmt::format("baseline entry {} has no string '{}'", index, key),
                        Location{path, 0, 0, fmt::format("entries[{}].{}", index, key)});
        };
        BaselineEntry e;
        e.fingerprint = PREFLIGHT_TRY(field("fingerprint", true));
        e.rule = PREFLIGHT_TRY(field("rule", false));
        e.file = PREFLIGHT_TRY(field("file", false));
        e.key = PREFLIGHT_TRY(field("key", false));
        e.message = PREFLIGHT_TRY(field("message", false));
        baseline.entries.push_back(std::move(e));
        ++index;
    }
    return baseline;
}

void apply_baseline(const Baseline& baseline, const fs::path& root, CheckResult& result, std::set<std::string>& seen) {
    std::set<std::string> known;
    for (const auto& e : baseline.entries) known.insert(e.fingerprint);
    for (auto& f : result.findings) {
        if (f.suppressed || !belongs_in_baseline(f)) continue;
        std::string print = baseline_entry(f, root).fingerprint;
        if (!known.count(print)) continue;
        seen.insert(print);
        f.suppressed = Suppression{Suppression::Kind::baseline, baseline.path, "", "", Location{baseline.path}};
    }
}

std::optional<Finding> baseline_fixed_finding(const Baseline& baseline, const std::set<std::string>& seen,
                                              const std::set<std::string>& checked) {
    std::vector<const BaselineEntry*> gone;
    std::set<std::string> counted;
    for (const auto& e : baseline.entries)
        if (!seen.count(e.fingerprint) && checked.count(e.file) && counted.insert(e.fingerprint).second) gone.push_back(&e);
    if (gone.empty()) return std::nullopt;
    Finding f;
    f.rule = kBaselineFixed;
    f.pack = "preflight";
    f.severity = Severity::info;
    std::string list;
    for (const auto* e : gone)
        list +=
            fmt::format("{}{} in {}{}", list.empty() ? "" : ", ", e->rule, e->file, e->key.empty() ? "" : " (" + e->key + ")");
    f.message = fmt::format("{} baseline entr{} gone (fixed): {}; write the baseline again to drop {}", gone.size(),
                            gone.size() == 1 ? "y is" : "ies are", list, gone.size() == 1 ? "it" : "them");
    f.location = Location{baseline.path};
    return f;
}

}  // namespace preflight::rules

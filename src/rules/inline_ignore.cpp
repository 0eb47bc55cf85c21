#include "rules/inline_ignore.hpp"

#include <fmt/format.h>

#include "rules/waiver.hpp"
#include "util/did_you_mean.hpp"
#include "util/text.hpp"

namespace preflight::rules {
namespace {

constexpr std::string_view kDirective = "preflight:";

Finding invalid_finding(const Location& where, std::string message) {
    Finding f;
    f.rule = kInlineIgnoreInvalid;
    f.pack = "preflight";
    f.severity = Severity::error;
    f.message = std::move(message);
    f.location = where;
    return f;
}

}  // namespace

std::vector<InlineIgnore> read_inline_ignores(std::string_view text, const std::string& path, const RuleSet& rules,
                                              std::vector<Finding>& invalid) {
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start <= text.size();) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    std::vector<InlineIgnore> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        auto line = util::trim(lines[i]);
        if (!line.starts_with('#')) continue;
        auto body = util::trim(line.substr(1));
        if (!body.starts_with(kDirective)) continue;
        body = util::trim(body.substr(kDirective.size()));
        Location where{path, static_cast<int>(i) + 1, 1, ""};
        where.source_line = std::string(lines[i]);
        auto open = body.find('['), close = body.find(']');
        if (!body.starts_with("ignore") || open == std::string_view::npos || close == std::string_view::npos || close < open) {
            invalid.push_back(invalid_finding(where, "a preflight comment is written `# preflight: ignore[RULE, …] reason`"));
            continue;
        }
        InlineIgnore ignore;
        ignore.where = where;
        ignore.reason = std::string(util::trim(body.substr(close + 1)));
        std::string_view list = body.substr(open + 1, close - open - 1);
        bool ok = true;
        for (std::size_t start = 0; start <= list.size();) {
            auto comma = list.find(',', start);
            if (comma == std::string_view::npos) comma = list.size();
            std::string id(util::trim(list.substr(start, comma - start)));
            start = comma + 1;
            if (id.empty()) continue;
            if (!waivable_rule(rules, id)) {
                std::vector<std::string> known = engine_finding_ids();
                for (const auto& r : rules.rules) known.push_back(r.id);
                auto near = util::closest(id, known);
                invalid.push_back(invalid_finding(where, fmt::format("ignore[{}]: no loaded rule has this id{}", id,
                                                                     near ? fmt::format("; did you mean '{}'?", *near) : "")));
                ok = false;
                continue;
            }
            ignore.rules.push_back(std::move(id));
        }
        if (ok && ignore.rules.empty()) {
            invalid.push_back(invalid_finding(where, "ignore[] names no rule"));
            ok = false;
        }
        if (ok && ignore.reason.empty()) {
            invalid.push_back(
                invalid_finding(where, "an inline ignore needs a reason after ], as a waiver needs a justification"));
            ok = false;
        }
        if (!ok) continue;
        for (std::size_t j = i + 1; j < lines.size(); ++j) {
            auto next = util::trim(lines[j]);
            if (next.empty() || next.starts_with('#')) continue;
            ignore.command_line = static_cast<int>(j) + 1;
            break;
        }
        out.push_back(std::move(ignore));
    }
    return out;
}

void apply_inline_ignores(const std::vector<InlineIgnore>& ignores, const std::string& script, int launch_line,
                          CheckResult& result) {
    for (const auto& ignore : ignores) {
        if (ignore.command_line == 0) continue;
        for (auto& f : result.findings) {
            if (f.suppressed || std::find(ignore.rules.begin(), ignore.rules.end(), f.rule) == ignore.rules.end()) continue;
            bool here = f.location.file == script && f.location.line == ignore.command_line;
            if (!here && launch_line != ignore.command_line) continue;
            f.suppressed = Suppression{Suppression::Kind::comment, ignore.reason, "", "", ignore.where};
        }
    }
}

}  // namespace preflight::rules

#include "launch/flag_acceptance.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/did_you_mean.hpp"
#include "version/version.hpp"

namespace preflight::launch {
namespace {

// What is known of one package's installed release line.
struct LineState {
    enum class Kind { unknown, absent, in_table, outside } kind = Kind::unknown;
    std::string version, line;
    const FlagSource* source = nullptr;  // in_table: the line's row
};

// "4.5.0.dev0" → "4.5": the release line the tables are keyed by.
std::string line_of(const std::string& version) {
    std::string out;
    int dots = 0;
    for (char c : version) {
        if (c == '.') {
            if (++dots == 2) break;
        } else if (!std::isdigit(static_cast<unsigned char>(c))) {
            break;
        }
        out += c;
    }
    return dots >= 1 || out.find('.') != std::string::npos ? out : "";
}

LineState state_of(const Launcher& l, const std::string& package, const FactMap* packages) {
    LineState s;
    if (!packages) return s;
    auto it = packages->find(version::normalize_package_name(package));
    if (it == packages->end() || it->second.value.is_unknown()) return s;
    if (it->second.value.is_null()) {
        s.kind = LineState::Kind::absent;
        return s;
    }
    const auto* v = it->second.value.get<version::Version>();
    if (!v) return s;
    s.version = v->text();
    s.line = line_of(s.version);
    s.kind = LineState::Kind::outside;
    for (const auto& src : l.sources)
        if (src.package == package && src.line == s.line) {
            s.kind = LineState::Kind::in_table;
            s.source = &src;
        }
    return s;
}

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// "ms-swift 4.0 4.1" → "ms-swift 4.0–4.1" for a run of lines.
std::string lines_text(const std::vector<std::string>& lines) {
    if (lines.empty()) return "";
    if (lines.size() == 1) return lines.front();
    return fmt::format("{}–{}", lines.front(), lines.back());
}

}  // namespace

std::string accepted_type(const Launcher& launcher, const std::string& written) {
    auto found = launcher.accepting(written);
    return found.empty() ? "" : found.front()->type;
}

std::optional<FlagFinding> judge_flag(const Launcher& l, const std::string& written, const FactMap* packages) {
    if (l.sources.empty()) return std::nullopt;
    std::map<std::string, LineState> states;
    bool complete = true;
    for (const auto& src : l.sources) {
        if (!states.count(src.package)) states[src.package] = state_of(l, src.package, packages);
        complete = complete && src.complete && src.refuses_unknown;
    }
    auto usable = [&](const AcceptedFlag& a) {
        const LineState& s = states[a.package];
        switch (s.kind) {
            case LineState::Kind::absent: return false;
            case LineState::Kind::in_table: return contains(a.lines, s.line);
            default: return true;  // the installed line is not known: it may accept it
        }
    };
    auto found = l.accepting(written);
    if (std::any_of(found.begin(), found.end(), [&](const AcceptedFlag* a) { return usable(*a); })) return std::nullopt;
    // Decided: every package's installed line is one the tables list (or it is absent).
    bool decided = std::all_of(states.begin(), states.end(), [](const auto& p) {
        return p.second.kind == LineState::Kind::in_table || p.second.kind == LineState::Kind::absent;
    });
    std::string installed;
    for (const auto& [package, s] : states)
        if (s.kind == LineState::Kind::in_table)
            installed +=
                fmt::format("{}{} {} ({}@{})", installed.empty() ? "" : ", ", package, s.version, s.source->repo, s.source->tag);
    if (!found.empty()) {
        // Defined at other release lines than the installed ones.
        const AcceptedFlag& a = *found.front();
        return FlagFinding{decided ? Severity::error : Severity::warning,
                           fmt::format("{} is not a flag of {} at {}: {} {} accepts it", written, l.name,
                                       installed.empty() ? "the installed versions" : installed, a.package, lines_text(a.lines))};
    }
    if (!complete) return std::nullopt;  // the list is not every flag: it may be one
    // Did-you-mean only from what the launcher accepts here.
    std::vector<std::string> spellings, normalized;
    std::set<std::string> seen;
    auto offer = [&](const std::string& s) {
        if (seen.insert(l.normalized(s)).second) {
            spellings.push_back(s);
            normalized.push_back(l.normalized(s));
        }
    };
    for (const auto& a : l.accepted)
        if (usable(a)) offer(a.flag);
    for (const auto& f : l.flags) offer(f.flag);
    std::string hint;
    if (auto best = util::closest(l.normalized(written), normalized))
        hint = fmt::format(
            "; did you mean {}?",
            spellings[static_cast<std::size_t>(std::find(normalized.begin(), normalized.end(), *best) - normalized.begin())]);
    if (decided)
        return FlagFinding{Severity::error, fmt::format("{} is not a flag of {} at {}: its parser stops on it{}", written, l.name,
                                                        installed.empty() ? "the installed versions" : installed, hint)};
    std::vector<std::string> read;
    for (const auto& [package, s] : states) {
        std::vector<std::string> lines;
        for (const auto& src : l.sources)
            if (src.package == package) lines.push_back(src.line);
        read.push_back(fmt::format("{} {}", package, lines_text(lines)));
    }
    return FlagFinding{Severity::warning, fmt::format("{} is not a flag of {} at any release read ({}){}", written, l.name,
                                                      fmt::join(read, ", "), hint)};
}

}  // namespace preflight::launch

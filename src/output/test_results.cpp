#include "output/test_results.hpp"

#include <algorithm>
#include <iterator>
#include <map>

#include <fmt/format.h>

#include "output/printable.hpp"
#include "util/utf8.hpp"

namespace preflight::output {
namespace {

// What one (file, rule) case found: the rule's findings in that file, over every
// launch of a script.
struct Case {
    std::string rule;
    std::vector<const rules::Finding*> findings;
};

struct FileCases {
    std::string path;
    std::vector<Case> cases;  // the loaded rules in pack order, then any other id found
};

std::vector<FileCases> cases_of(const rules::RuleSet& rules, const std::vector<CheckedFile>& files) {
    std::vector<FileCases> out;
    std::map<std::string, std::size_t> file_index;
    for (const auto& file : files) {
        auto [it, fresh] = file_index.try_emplace(file.path, out.size());
        if (fresh) {
            FileCases fc{file.path, {}};
            for (const auto& r : rules.rules) fc.cases.push_back({r.id, {}});
            out.push_back(std::move(fc));
        }
        auto& fc = out[it->second];
        // Each undetermined rule is a case of its own (skipped), not the note grouping them.
        std::vector<const rules::Finding*> found;
        for (const auto& f : file.result->findings)
            if (f.rule != rules::kUndeterminedRule) found.push_back(&f);
        for (const auto& f : file.result->undetermined) found.push_back(&f);
        for (const auto* each : found) {
            const auto& f = *each;
            auto c = std::find_if(fc.cases.begin(), fc.cases.end(), [&](const Case& x) { return x.rule == f.rule; });
            if (c == fc.cases.end()) {
                fc.cases.push_back({f.rule, {}});
                c = std::prev(fc.cases.end());
            }
            c->findings.push_back(&f);
        }
    }
    return out;
}

enum class Outcome { pass, fail, skip };

// As the exit code counts: an undetermined rule fails only where --strict raised it.
bool counts(const rules::Finding& f, Severity fail_on) { return !f.suppressed && f.severity >= fail_on; }

Outcome outcome_of(const Case& c, Severity fail_on) {
    bool skipped = false;
    for (const auto* f : c.findings) {
        if (counts(*f, fail_on)) return Outcome::fail;
        skipped = skipped || (f->undetermined && !f->suppressed);
    }
    return skipped ? Outcome::skip : Outcome::pass;
}

std::string where(const rules::Finding& f, const std::string& path) {
    std::string file = f.location.file.empty() ? path : f.location.file;
    if (f.location.line <= 0) return file;
    return f.location.column > 0 ? fmt::format("{}:{}:{}", file, f.location.line, f.location.column)
                                 : fmt::format("{}:{}", file, f.location.line);
}

std::string line_of(const rules::Finding& f, const std::string& path) {
    std::string s = fmt::format("{}: {}: {}", where(f, path), f.undetermined ? "undetermined" : to_string(f.severity), f.message);
    if (!f.missing.empty()) s += fmt::format(" (missing: {})", fmt::join(f.missing, ", "));
    if (f.suppressed) s += fmt::format(" (waived: {})", f.suppressed->justification);
    for (const auto& fix : f.fixes) s += "\n  fix: " + fix;
    return s;
}

}  // namespace

std::string xml_escape(const std::string& s) {
    // Controls other than tab and newline (which XML and a log take as they are) are
    // shown as printable() shows them: XML 1.0 cannot carry most of them, and a log
    // viewer would act on the rest. Bytes that are not UTF-8 likewise (XML must be UTF-8).
    std::string out;
    out.reserve(s.size());
    for (char c : printable(s, Keep::lines)) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string junit_report(const rules::RuleSet& rules, const std::vector<CheckedFile>& files, Severity fail_on) {
    auto all = cases_of(rules, files);
    std::size_t tests = 0, failures = 0, skipped = 0;
    std::string suites;
    for (const auto& fc : all) {
        std::size_t f_failures = 0, f_skipped = 0;
        std::string body;
        for (const auto& c : fc.cases) {
            auto outcome = outcome_of(c, fail_on);
            body += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml_escape(fc.path), xml_escape(c.rule));
            std::string lines;
            for (const auto* f : c.findings) lines += line_of(*f, fc.path) + "\n";
            if (outcome == Outcome::pass && lines.empty()) {
                body += "/>\n";
                continue;
            }
            body += ">\n";
            if (outcome == Outcome::fail) {
                ++f_failures;
                const auto* first = *std::find_if(c.findings.begin(), c.findings.end(),
                                                  [&](const rules::Finding* f) { return counts(*f, fail_on); });
                body += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n", xml_escape(first->message),
                                    to_string(first->severity), xml_escape(lines));
            } else if (outcome == Outcome::skip) {
                ++f_skipped;
                const auto* first =
                    *std::find_if(c.findings.begin(), c.findings.end(), [](const rules::Finding* f) { return f->undetermined; });
                std::string why = "undetermined";
                if (!first->missing.empty()) why += fmt::format(": missing {}", fmt::join(first->missing, ", "));
                body += fmt::format("      <skipped message=\"{}\"/>\n", xml_escape(why));
                body += fmt::format("      <system-out>{}</system-out>\n", xml_escape(lines));
            } else {
                body += fmt::format("      <system-out>{}</system-out>\n", xml_escape(lines));
            }
            body += "    </testcase>\n";
        }
        suites +=
            fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n{}  </testsuite>\n",
                        xml_escape(fc.path), fc.cases.size(), f_failures, f_skipped, body);
        tests += fc.cases.size();
        failures += f_failures;
        skipped += f_skipped;
    }
    return fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"preflight\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n{}</testsuites>\n",
        tests, failures, skipped, suites);
}

namespace {

// A TAP description or directive reason: one line with every control character shown
// as printable() shows it, and `#` escaped so that it does not start a directive.
std::string tap_text(const std::string& s) {
    std::string out;
    for (char c : printable(s)) {
        if (c == '#' || c == '\\') out += std::string("\\") + c;
        else out += c;
    }
    return out;
}

// A YAML double-quoted scalar. YAML may carry only printable characters raw: C0
// controls, DEL, C1 controls and the characters printable() escapes (line separators,
// bidirectional controls) are escaped as YAML reads them back; a byte that is not
// UTF-8 is written as the code point of its value (YAML cannot carry the byte).
std::string yaml_quoted(const std::string& s) {
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = 0;
        std::size_t n = util::utf8_next(s, i, cp);
        std::string_view one = std::string_view(s).substr(i, n ? n : 1);
        if (n == 0) out += fmt::format("\\x{:02x}", static_cast<unsigned char>(s[i]));
        else if (cp == '"' || cp == '\\') out += std::string("\\") + static_cast<char>(cp);
        else if (cp == '\n') out += "\\n";
        else if (cp == '\t') out += "\\t";
        else if (cp < 0x20 || cp == 0x7F) out += fmt::format("\\x{:02x}", static_cast<unsigned>(cp));
        else if (n > 1 && printable(one) != one) out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
        else out += one;
        i += one.size();
    }
    return out + "\"";
}

}  // namespace

std::string tap_report(const rules::RuleSet& rules, const std::vector<CheckedFile>& files, Severity fail_on) {
    auto all = cases_of(rules, files);
    std::size_t total = 0;
    for (const auto& fc : all) total += fc.cases.size();
    std::string out = fmt::format("TAP version 13\n1..{}\n", total);
    std::size_t n = 0;
    for (const auto& fc : all) {
        for (const auto& c : fc.cases) {
            ++n;
            auto outcome = outcome_of(c, fail_on);
            std::string name = tap_text(fc.path + ": " + c.rule);
            if (outcome == Outcome::pass) {
                out += fmt::format("ok {} - {}\n", n, name);
            } else if (outcome == Outcome::skip) {
                const auto* first =
                    *std::find_if(c.findings.begin(), c.findings.end(), [](const rules::Finding* f) { return f->undetermined; });
                std::string why = "undetermined";
                if (!first->missing.empty()) why += fmt::format(", missing {}", fmt::join(first->missing, ", "));
                out += fmt::format("ok {} - {} # SKIP {}\n", n, name, tap_text(why));
            } else {
                out += fmt::format("not ok {} - {}\n  ---\n", n, name);
                const auto* first = *std::find_if(c.findings.begin(), c.findings.end(),
                                                  [&](const rules::Finding* f) { return counts(*f, fail_on); });
                out += fmt::format("  message: {}\n  severity: {}\n  at: {}\n", yaml_quoted(first->message),
                                   to_string(first->severity), yaml_quoted(where(*first, fc.path)));
                if (!first->fixes.empty()) {
                    out += "  fixes:\n";
                    for (const auto& fix : first->fixes) out += "    - " + yaml_quoted(fix) + "\n";
                }
                out += "  ...\n";
            }
        }
    }
    return out;
}

}  // namespace preflight::output

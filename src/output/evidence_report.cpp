#include "output/evidence_report.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "output/ci_report.hpp"
#include "output/json_value.hpp"
#include "output/printable.hpp"

namespace preflight::output {
namespace {

using json = nlohmann::ordered_json;
using rules::Verdict;

std::string where_text(const rules::CheckedReference& c) {
    return fmt::format("{}:{}:{}", c.pack_file, c.ref.where.line, c.ref.where.column);
}

std::string quoted(const std::string& quote) { return "\"" + printable(quote) + "\""; }

std::string places(const std::vector<std::pair<std::string, int>>& hits) {
    std::string out;
    for (const auto& [path, line] : hits) out += (out.empty() ? "" : ", ") + printable(path) + ":" + std::to_string(line);
    return out;
}

// What a verdict means for this reference, in words.
std::string explanation(const rules::CheckedReference& c) {
    if (!c.cite) return "a URL or free text: not read";
    const auto& cite = *c.cite;
    std::string elsewhere = c.elsewhere.empty() ? "" : "; the tree holds it at " + places(c.elsewhere);
    switch (c.verdict) {
        case Verdict::found: return fmt::format("the quote stands at line {}", c.lines.front());
        case Verdict::moved: {
            std::string at;
            for (int n : c.lines) at += (at.empty() ? "" : ", ") + std::to_string(n);
            return fmt::format("the quote stands at line {}, not at the cited line: cite {}", at, printable(moved_citation(c)));
        }
        case Verdict::not_found:
            return fmt::format("{} at {} does not hold {}{}", printable(cite.path), printable(cite.tag), quoted(c.ref.quote),
                               elsewhere);
        case Verdict::line_missing:
            return fmt::format("{} at {} is shorter than line {}", printable(cite.path), printable(cite.tag), cite.first_line);
        case Verdict::unquoted: return "tag, file and line exist; no quote to compare";
        case Verdict::file_missing:
            return fmt::format("{} has no file {}{}", printable(cite.tag), printable(cite.path), elsewhere);
        case Verdict::tag_missing:
            return fmt::format("the mirror of {} has no tag, branch or commit {}", cite.repo, printable(cite.tag));
        case Verdict::repo_absent: return fmt::format("no mirror of {} under the mirrors directory", cite.repo);
        case Verdict::failed: return "git could not answer: " + c.detail;
        case Verdict::url: return "a web page: not read";
    }
    return "";
}

std::string tally(const rules::VerifyReport& report) {
    auto counts = report.counts();
    std::size_t total = report.references.size();
    std::string out = fmt::format("{} reference{}", total, total == 1 ? "" : "s");
    std::string sep = ": ";
    for (auto v : {Verdict::found, Verdict::moved, Verdict::not_found, Verdict::line_missing, Verdict::unquoted,
                   Verdict::file_missing, Verdict::tag_missing, Verdict::repo_absent, Verdict::failed, Verdict::url}) {
        if (!counts[v]) continue;
        out += fmt::format("{}{} {}", sep, counts[v],
                           v == Verdict::url ? "not read (URLs, free text)" : std::string(rules::verdict_name(v)));
        sep = ", ";
    }
    return out;
}

// A pack file as SARIF names it: relative to the working directory when below it.
std::string artifact(const std::string& file) {
    std::error_code ec;
    auto rel = std::filesystem::relative(file, ec).generic_string();
    return !ec && !rel.empty() && !rel.starts_with("..") ? rel : file;
}

json check_json(const rules::CheckedReference& c) {
    json j;
    j["pack"] = c.pack;
    j["file"] = c.pack_file;
    j["line"] = c.ref.where.line;
    j["column"] = c.ref.where.column;
    j["owner"] = c.owner;
    j["reference"] = c.ref.text;
    if (!c.ref.quote.empty()) j["quote"] = c.ref.quote;
    j["verdict"] = rules::verdict_name(c.verdict);
    if (!c.commit.empty()) j["commit"] = c.commit;
    if (!c.lines.empty()) j["lines"] = c.lines;
    if (c.verdict == Verdict::moved) j["suggested"] = moved_citation(c);
    if (!c.elsewhere.empty()) {
        j["elsewhere"] = json::array();
        for (const auto& [path, line] : c.elsewhere) j["elsewhere"].push_back({{"path", path}, {"line", line}});
    }
    if (!c.line_quote.empty()) j["line_quote"] = c.line_quote;
    if (!c.detail.empty()) j["detail"] = c.detail;
    return j;
}

std::string md_cell(const std::string& s) {
    std::string out;
    for (char ch : printable(s)) {
        if (ch == '|') out += "\\|";
        else if (ch == '`') out += "'";
        else out += ch;
    }
    return out;
}

}  // namespace

std::string moved_citation(const rules::CheckedReference& c) {
    if (!c.cite || c.suggested_line == 0) return c.ref.text;
    const auto& cite = *c.cite;
    std::string lines = std::to_string(c.suggested_line);
    if (cite.last_line != cite.first_line) lines += "-" + std::to_string(c.suggested_line + cite.last_line - cite.first_line);
    return fmt::format("{}@{}:{}:{}", cite.repo, cite.tag, cite.path, lines);
}

std::string verify_text(const rules::VerifyReport& report, bool quiet, const Style& style) {
    std::string out;
    for (const auto& c : report.references) {
        if (c.verdict == Verdict::url || (quiet && !rules::is_mismatch(c.verdict))) continue;
        std::string name(rules::verdict_name(c.verdict));
        std::string verdict = rules::is_mismatch(c.verdict) ? style.paint(name, "1;31") : style.paint(name, "32");
        out += fmt::format("{}: {}: {}: {} [{}]\n", printable(where_text(c)), verdict, printable(c.ref.text), explanation(c),
                           printable(c.owner));
    }
    out += tally(report) + "\n";
    return out;
}

json verify_json(const rules::VerifyReport& report) {
    auto j = versioned<json>(kVerifyOutputVersion);
    j["mismatch"] = report.mismatch();
    j["counts"] = json::object();
    for (const auto& [v, n] : report.counts()) j["counts"][std::string(rules::verdict_name(v))] = n;
    j["mirrors"] = json::object();
    for (const auto& [repo, head] : report.mirror_heads) j["mirrors"][repo] = head;
    j["references"] = json::array();
    for (const auto& c : report.references) j["references"].push_back(check_json(c));
    return j;
}

json verify_sarif(const rules::VerifyReport& report) {
    json descriptors = json::array();
    std::map<Verdict, std::size_t> index;
    for (auto v : {Verdict::moved, Verdict::not_found, Verdict::line_missing, Verdict::file_missing, Verdict::tag_missing,
                   Verdict::repo_absent, Verdict::failed}) {
        index[v] = descriptors.size();
        std::string id = "reference-" + std::string(rules::verdict_name(v));
        descriptors.push_back(
            {{"id", id},
             {"shortDescription",
              {{"text", "a pack reference that upstream does not bear out: " + std::string(rules::verdict_name(v))}}},
             {"defaultConfiguration", {{"level", "error"}}}});
    }
    json results = json::array();
    for (const auto& c : report.references) {
        if (!rules::is_mismatch(c.verdict)) continue;
        json r;
        r["ruleId"] = descriptors[index[c.verdict]]["id"];
        r["ruleIndex"] = index[c.verdict];
        r["level"] = "error";
        r["message"] = {{"text", fmt::format("{}: {} [{}]", c.ref.text, explanation(c), c.owner)}};
        r["locations"] = sarif_location(artifact(c.pack_file), c.ref.where);
        results.push_back(std::move(r));
    }
    return sarif_log(std::move(descriptors), std::move(results));
}

std::string verify_markdown(const rules::VerifyReport& report, const std::string& mirrors) {
    std::string out =
        "# Evidence\n\n"
        "Generated by `preflight rules verify --mirrors DIR --format markdown`; do not edit by hand.\n"
        "Every reference of the bundled packs, read at its cited tag in a mirror of its repository\n"
        "(docs/rule-packs.md, \"Updating packs for a new upstream release\", says how to regenerate it).\n\n";
    out += fmt::format("Mirrors read from `{}`:\n\n| repository | mirror HEAD |\n| --- | --- |\n", md_cell(mirrors));
    for (const auto& [repo, head] : report.mirror_heads) out += fmt::format("| {} | `{}` |\n", md_cell(repo), head);
    out += "\n" + tally(report) + ".\n\n";
    out += "| pack | line | cites for | reference | status |\n| --- | --- | --- | --- | --- |\n";
    for (const auto& c : report.references) {
        if (c.verdict == Verdict::url) continue;
        std::string status(rules::verdict_name(c.verdict));
        if (c.verdict != Verdict::found && c.verdict != Verdict::unquoted) status += ": " + explanation(c);
        out += fmt::format("| {} | {} | {} | `{}` | {} |\n", md_cell(c.pack), c.ref.where.line, md_cell(c.owner),
                           md_cell(c.ref.text), md_cell(status));
    }
    return out;
}

std::string outdated_text(const rules::OutdatedReport& report, const Style& style) {
    using State = rules::RepoCheck::State;
    std::string out;
    for (const auto& r : report.repos) {
        std::string head = fmt::format("{}: {}", printable(r.pack), printable(r.repo));
        switch (r.state) {
            case State::undeclared:
                out += fmt::format("{}: cited ({} file{}), but [pack] checked_through names no release of it\n", head,
                                   r.cited_files, r.cited_files == 1 ? "" : "s");
                continue;
            case State::repo_absent: out += head + ": no mirror under the mirrors directory\n"; continue;
            case State::tag_missing:
                out += fmt::format("{}: the mirror has no tag {} (checked_through)\n", head, printable(r.checked));
                continue;
            case State::ok: break;
        }
        if (r.newer.empty()) {
            out += fmt::format("{}: checked through {}; no newer release\n", head, printable(r.checked));
            continue;
        }
        out += fmt::format("{}: checked through {}; {} newer release{}\n", style.bold(head), printable(r.checked), r.newer.size(),
                           r.newer.size() == 1 ? "" : "s");
        for (const auto& n : r.newer) {
            out += fmt::format("  {}{}: ", printable(n.tag), n.prerelease ? " (pre-release)" : "");
            if (n.changed.empty()) {
                out += fmt::format("none of the {} cited files changed\n", r.cited_files);
                continue;
            }
            out += fmt::format("{} of {} cited files changed\n", n.changed.size(), r.cited_files);
            for (const auto& f : n.changed) {
                std::string who;
                for (const auto& w : f.cited_by) who += (who.empty() ? "" : ", ") + printable(w);
                out += fmt::format("    {}  ({})\n", printable(f.path), who);
            }
        }
    }
    return out;
}

json outdated_json(const rules::OutdatedReport& report) {
    using State = rules::RepoCheck::State;
    auto j = versioned<json>(kOutdatedOutputVersion);
    j["reading"] = report.reading();
    j["repositories"] = json::array();
    for (const auto& r : report.repos) {
        json e;
        e["pack"] = r.pack;
        e["repository"] = r.repo;
        e["checked_through"] = r.checked.empty() ? json(nullptr) : json(r.checked);
        e["state"] = r.state == State::ok            ? "ok"
                     : r.state == State::undeclared  ? "undeclared"
                     : r.state == State::repo_absent ? "repo-absent"
                                                     : "tag-missing";
        e["cited_files"] = r.cited_files;
        e["newer"] = json::array();
        for (const auto& n : r.newer) {
            json jn = {{"tag", n.tag}, {"prerelease", n.prerelease}, {"changed", json::array()}};
            for (const auto& f : n.changed) jn["changed"].push_back({{"path", f.path}, {"cited_by", f.cited_by}});
            e["newer"].push_back(std::move(jn));
        }
        j["repositories"].push_back(std::move(e));
    }
    return j;
}

}  // namespace preflight::output

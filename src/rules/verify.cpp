#include "rules/verify.hpp"

#include <algorithm>
#include <cstdlib>

#include "util/text.hpp"

namespace preflight::rules {
namespace {

struct Owned {
    std::string owner;
    const Reference* ref;
};

// The verdict of one code citation, read from its mirror.
void check(CheckedReference& c, Mirrors& mirrors) {
    const CodeCitation& cite = *c.cite;
    if (!mirrors.repo_dir(cite.repo)) {
        c.verdict = Verdict::repo_absent;
        return;
    }
    auto commit = mirrors.resolve(cite.repo, cite.tag);
    if (!commit) {
        c.verdict = Verdict::tag_missing;
        return;
    }
    c.commit = *commit;
    auto text = mirrors.file_at(cite.repo, *commit, cite.path);
    const std::string& quote = c.ref.quote;
    // Where else the tree holds the quote's first line: a renamed file, or code moved to another.
    auto look_elsewhere = [&] {
        if (quote.empty()) return;
        std::string first = quote.substr(0, quote.find('\n'));
        for (auto& [path, line] : mirrors.grep(cite.repo, *commit, first, 5))
            if (path != cite.path || !text) c.elsewhere.emplace_back(path, line);
    };
    if (!text) {
        c.verdict = Verdict::file_missing;
        look_elsewhere();
        return;
    }
    auto lines = file_lines(*text);
    int first = cite.first_line, last = cite.last_line;
    if (quote.empty()) {
        if (first == 0) {
            c.verdict = Verdict::unquoted;
            return;
        }
        if (first > static_cast<int>(lines.size())) {
            c.verdict = Verdict::line_missing;
            return;
        }
        c.verdict = Verdict::unquoted;
        for (int n = first; n <= std::min(last, static_cast<int>(lines.size())) && c.line_quote.empty(); ++n)
            c.line_quote = quote_from_line(lines[static_cast<std::size_t>(n - 1)]);
        return;
    }
    auto at = quote_matches(lines, quote);
    if (at.empty()) {
        c.verdict = Verdict::not_found;
        look_elsewhere();
        return;
    }
    auto cited = std::find_if(at.begin(), at.end(), [&](int n) { return first == 0 || (n >= first && n <= last); });
    if (cited != at.end()) {
        c.verdict = Verdict::found;
        c.lines = {*cited};
        return;
    }
    c.verdict = Verdict::moved;
    c.lines = at;
    c.suggested_line =
        *std::min_element(at.begin(), at.end(), [&](int a, int b) { return std::abs(a - first) < std::abs(b - first); });
}

}  // namespace

std::string_view verdict_name(Verdict v) {
    switch (v) {
        case Verdict::found: return "found";
        case Verdict::moved: return "moved";
        case Verdict::not_found: return "not-found";
        case Verdict::line_missing: return "line-missing";
        case Verdict::unquoted: return "unquoted";
        case Verdict::file_missing: return "file-missing";
        case Verdict::tag_missing: return "tag-missing";
        case Verdict::repo_absent: return "repo-absent";
        case Verdict::failed: return "failed";
        case Verdict::url: return "url";
    }
    return "?";
}

bool is_mismatch(Verdict v) { return v != Verdict::found && v != Verdict::unquoted && v != Verdict::url; }

bool VerifyReport::mismatch() const {
    return std::any_of(references.begin(), references.end(), [](const CheckedReference& c) { return is_mismatch(c.verdict); });
}

std::map<Verdict, std::size_t> VerifyReport::counts() const {
    std::map<Verdict, std::size_t> out;
    for (const auto& c : references) ++out[c.verdict];
    return out;
}

std::vector<std::string> file_lines(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        auto nl = text.find('\n', start);
        std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        out.push_back(std::move(line));
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    return out;
}

namespace {

// The reference of a table row that has a string `at` cell; its `quote` cell, when a
// string, is the quote.
std::optional<Reference> row_reference(const TableRow& row) {
    const auto* at = row.text("at");
    if (!at) return std::nullopt;
    Reference r;
    r.row_cell = true;
    r.text = *at;
    if (auto w = row.cell_where.find("at"); w != row.cell_where.end()) r.where = w->second;
    if (const auto* q = row.text("quote")) {
        r.quote = *q;
        if (auto w = row.cell_where.find("quote"); w != row.cell_where.end()) r.quote_where = w->second;
    }
    return r;
}

}  // namespace

VerifyReport verify_references(const std::vector<PackSource>& packs, Mirrors& mirrors,
                               const std::function<void(std::size_t, std::size_t)>& progress) {
    VerifyReport report;
    for (const auto& pack : packs) {
        std::vector<Owned> owned;
        for (const auto& d : pack.defaults)
            for (const auto& r : d.references) owned.push_back({"default " + d.key, &r});
        for (const auto& rule : pack.rules)
            for (const auto& r : rule.references) owned.push_back({rule.id, &r});
        // A table row cites where its values were read in an `at` cell, with the
        // line's text in a `quote` cell beside it (docs/rule-packs.md, "Tables").
        std::vector<std::pair<std::string, Reference>> row_refs;  // owner, reference
        for (const auto& [name, rows] : pack.tables)
            for (const auto& row : rows)
                if (auto r = row_reference(row)) row_refs.emplace_back("table " + name, std::move(*r));
        for (const auto& [owner, r] : row_refs) owned.push_back({owner, &r});
        std::stable_sort(owned.begin(), owned.end(), [](const Owned& a, const Owned& b) {
            return std::pair{a.ref->where.line, a.ref->where.column} < std::pair{b.ref->where.line, b.ref->where.column};
        });
        for (auto& o : owned) {
            CheckedReference c;
            c.pack = pack.name;
            c.pack_file = pack.file;
            c.owner = o.owner;
            c.ref = *o.ref;
            c.cite = parse_code_citation(c.ref.text);
            report.references.push_back(std::move(c));
        }
    }
    std::size_t done = 0;
    for (auto& c : report.references) {
        if (c.cite) {
            mirrors.clear_failure();
            check(c, mirrors);
            // A git call that did not finish decides nothing: no verdict but that one.
            if (!mirrors.last_failure().empty()) {
                c.verdict = Verdict::failed;
                c.detail = mirrors.last_failure();
            }
            if (c.verdict != Verdict::repo_absent && !report.mirror_heads.count(c.cite->repo))
                report.mirror_heads[c.cite->repo] = mirrors.head(c.cite->repo);
        }
        if (progress) progress(++done, report.references.size());
    }
    return report;
}

}  // namespace preflight::rules

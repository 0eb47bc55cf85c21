// `rules verify`: every reference of the loaded packs against a mirror of the
// repository it cites, read at the cited tag. A quoted reference is found when its
// quote stands at the cited line(s); an unquoted one when its tag, file and line exist.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/mirror.hpp"
#include "rules/pack_source.hpp"
#include "rules/reference.hpp"

namespace preflight::rules {

enum class Verdict {
    found,         // the quote stands at the cited line(s)
    moved,         // the quote stands elsewhere in the file: the citation should name that line
    not_found,     // the file at the tag does not hold the quote
    line_missing,  // unquoted: the file is shorter than the cited line
    unquoted,      // unquoted: tag, file and line exist; nothing says the line is the right one
    file_missing,  // the tag has no such file
    tag_missing,   // the mirror has no such tag, branch or commit
    repo_absent,   // no mirror of the repository under the directory
    failed,        // git could not answer
    url,           // a web page (or free text): not read
};

std::string_view verdict_name(Verdict v);
// A verdict `rules verify` exits 1 for.
bool is_mismatch(Verdict v);

struct CheckedReference {
    std::string pack;
    std::string pack_file;
    std::string owner;  // a rule id, or "default KEY"
    Reference ref;
    std::optional<CodeCitation> cite;
    Verdict verdict = Verdict::url;
    std::string commit;      // the tag's commit, once resolved
    std::vector<int> lines;  // where the quote stands in the file (found: the cited place; moved: all)
    int suggested_line = 0;  // moved: the place nearest the cited line
    std::vector<std::pair<std::string, int>> elsewhere;  // not found / file missing: where the tree holds the quote
    std::string line_quote;  // unquoted: the quote `--write-quotes` would add (the first non-blank cited line)
    std::string detail;      // failed: why
};

struct VerifyReport {
    std::vector<CheckedReference> references;
    std::map<std::string, std::string> mirror_heads;  // repository → its mirror's HEAD commit
    bool mismatch() const;
    std::map<Verdict, std::size_t> counts() const;
};

// Every reference of every rule and default, in pack order, then file order.
// `progress(done, total)` is called after each reference.
VerifyReport verify_references(const std::vector<PackSource>& packs, Mirrors& mirrors,
                               const std::function<void(std::size_t, std::size_t)>& progress = {});

// The file's lines, without their '\n' (or "\r\n").
std::vector<std::string> file_lines(const std::string& text);

}  // namespace preflight::rules

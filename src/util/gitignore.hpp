// .gitignore patterns, so that a directory walk skips what git itself would not
// track, also outside a git work tree (where git refuses to answer).
//
// Follows gitignore(5): blank lines and `#` comments are ignored; `!` re-includes;
// a trailing `/` matches directories only; a pattern with a `/` before its end is
// anchored at its file's directory, one without matches a name at any depth; `*`, `?`
// and `[…]` do not match `/`; `**` as a whole segment matches any number of
// directories; a backslash escapes the next character. The last matching pattern
// decides, and patterns of a deeper .gitignore come after those of its parents.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace preflight::util {

class IgnoreRules {
public:
    // Adds the patterns of one .gitignore, whose directory is `base` ("" for the walk's
    // root, else a relative path with `/` separators, no trailing `/`).
    void add(std::string_view text, const std::string& base);

    // Whether `path` (relative to the walk's root, `/` separators) is ignored.
    bool ignored(const std::string& path, bool is_directory) const;

private:
    struct Pattern {
        std::string base;
        std::vector<std::string> segments;  // the glob, split at `/`
        bool negated = false;
        bool directory_only = false;
        bool anchored = false;
    };
    std::vector<Pattern> patterns_;
};

// fnmatch-style glob over whole paths: `*`, `?`, `[…]` stay within one segment, a `**`
// segment matches zero or more segments. Exposed for tests.
bool glob_segments_match(const std::vector<std::string>& pattern, const std::vector<std::string>& path);

}  // namespace preflight::util

#include "launch/shell_interpreter.hpp"

#include <algorithm>
#include <filesystem>

#include "util/input_file.hpp"

namespace preflight::launch::interp {

std::string Interpreter::canonical(const std::string& path) {
    std::error_code ec;
    auto c = std::filesystem::weakly_canonical(path, ec);
    return ec ? lexically_normal(path) : c.string();
}

// Tokenizes and parses a file's text; errors carry the file's name.
Result<Source*> Interpreter::load(std::string text, const std::string& path) {
    auto src = std::make_unique<Source>();
    src->path = path;
    src->text = std::move(text);
    src->lines = std::make_unique<LineIndex>(src->text);
    auto with_file = [&](Error e) {
        e.location.file = path;
        return tl::unexpected(std::move(e));
    };
    if (auto nul = src->text.find('\0'); nul != std::string::npos) {
        int line = src->lines->line_of(nul);
        return fail(std::string(kLaunchScript.what) + " is a binary file (a NUL byte on line " + std::to_string(line) + ")",
                    Location{path, line, src->lines->column_of(nul)});
    }
    auto tokens = shell::tokenize(src->text, *src->lines);
    if (!tokens) return with_file(tokens.error());
    src->tokens = std::move(*tokens);
    auto tree = shell::parse(src->tokens, *src->lines);
    if (!tree) return with_file(tree.error());
    src->tree = std::move(*tree);
    sources_.push_back(std::move(src));
    return sources_.back().get();
}

// bash (its `sourcepath` option, on by default) looks a name without a slash up on PATH
// before the working directory. Only a PATH the script's own lines make known is
// searched: the node's PATH is not known here, and a sourced settings file is rarely
// installed on it, so an unknown PATH leaves the working-directory lookup as it is.
std::optional<std::string> Interpreter::search_path(const Shell& sh, const std::string& name) const {
    if (name.empty() || name.find('/') != std::string::npos) return std::nullopt;
    auto p = lookup(sh, "PATH");
    if (!p.known || !p.set) return std::nullopt;
    std::string_view rest = p.value;
    while (true) {
        auto colon = rest.find(':');
        std::string dir(rest.substr(0, colon));
        // An empty entry is the working directory, searched at its place in the list.
        if (dir.empty() || dir[0] != '/') {
            if (!sh.cwd) return std::nullopt;  // relative to a directory that is not known
            dir = dir.empty() ? *sh.cwd : *sh.cwd + "/" + dir;
        }
        std::error_code ec;
        std::string candidate = dir + "/" + name;
        if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
        if (colon == std::string_view::npos) return std::nullopt;
        rest.remove_prefix(colon + 1);
    }
}

Result<void> Interpreter::source(const Source& src, const Simple& s, const Command& cmd, Shell& sh) {
    auto here = loc(src, s.offset);
    if (cmd.argv.size() < 2) return {};
    const Word& file = cmd.argv[1];
    if (!file.text) {
        note(src, s.offset, "not interpreted: source of a file whose name is not known (" + file.unknown_because + ")");
        return {};
    }
    std::string path = *file.text;
    if (auto on_path = search_path(sh, path)) path = *on_path;
    if (path.empty() || path[0] != '/') {
        // bash reads a relative name from the working directory; a script written to
        // be run from its own directory finds it beside itself, which is read then,
        // and said.
        auto dir = std::filesystem::path(src.path).parent_path().string();
        std::string beside = (dir.empty() ? "." : dir) + "/" + path;
        std::error_code ec;
        if (sh.cwd && std::filesystem::exists(*sh.cwd + "/" + path, ec)) {
            path = *sh.cwd + "/" + path;
        } else if (std::filesystem::exists(beside, ec)) {
            note(src, s.offset,
                 "read beside the script: source of '" + path + "', which bash looks for in " +
                     (sh.cwd ? "the working directory (" + *sh.cwd + ")" : "a working directory that is not known"));
            path = beside;
        } else if (!sh.cwd) {
            note(src, s.offset, "not interpreted: source of '" + path + "' after a change to a directory that is not known");
            everything_unknown(sh, "'" + *file.text + "' sourced on " + at_line(src, s.offset) + " may set it");
            return {};
        } else {
            path = *sh.cwd + "/" + path;
        }
    }
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        // What the file would set is not known: every variable after it is unknown, not unset.
        note(src, s.offset, "not read: source of '" + *file.text + "': no such file; what it sets is not known");
        everything_unknown(sh, "'" + *file.text + "' (not found) sourced on " + at_line(src, s.offset) + " may set it");
        return {};
    }
    auto key = canonical(path);
    if (std::find(stack_.begin(), stack_.end(), key) != stack_.end()) {
        std::string chain;
        for (const auto& p : stack_) chain += p + " -> ";
        return fail("source cycle: " + chain + key, here);
    }
    if (static_cast<int>(stack_.size()) > options_.max_source_depth)
        return fail("source nests more than " + std::to_string(options_.max_source_depth) + " files deep", here);
    auto text = util::read_input(path, kLaunchScript);
    if (!text) return fail("cannot source '" + *file.text + "': " + text.error().message, here);
    auto& inner = *PREFLIGHT_TRY(load(std::move(*text), lexically_normal(path)));
    std::optional<std::vector<std::string>> saved;
    bool has_args = cmd.argv.size() > 2;
    if (has_args) {
        saved = sh.positional;
        sh.positional.emplace();
        for (std::size_t k = 2; k < cmd.argv.size(); ++k) {
            if (!cmd.argv[k].text) {
                sh.positional.reset();
                break;
            }
            sh.positional->push_back(*cmd.argv[k].text);
        }
    }
    stack_.push_back(key);
    auto ran = run_list(inner, inner.tree, sh);
    stack_.pop_back();
    sh.returned = false;
    if (has_args) sh.positional = saved;
    return ran;
}

}  // namespace preflight::launch::interp

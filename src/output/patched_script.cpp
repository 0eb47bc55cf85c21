#include "output/patched_script.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "output/script_edit.hpp"
#include "output/shell_words.hpp"

namespace preflight::output {
namespace {

using Kind = ScriptEdit::Kind;

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            if (start < text.size()) lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

// Places one launch's patch as edits of the script's text.
class Placer {
public:
    Placer(const std::vector<std::string>& lines, const std::string& path) : lines_(lines), path_(path) {}

    void place(const LaunchFix& fix, PatchedScript& out) {
        const launch::Command& cmd = *fix.command;
        if (cmd.where.file != path_ || cmd.argv.empty()) {
            out.notes.push_back(
                fmt::format("the launch at {}:{} is in another file; its fixes are not applied", cmd.where.file, cmd.where.line));
            return;
        }
        int start = logical_start(cmd.where.line);
        std::vector<std::vector<std::string>> appended;
        for (const auto& e : fix.plan.argv) {
            if (place_argv(cmd, e, appended)) ++out.changes;
            else
                out.notes.push_back(
                    fmt::format("{}: the words to take out are not written on the command's own lines; not applied", e.key));
        }
        if (!appended.empty() && !append(cmd, appended)) {
            out.notes.push_back(fmt::format(
                "line {}: the command's last word is not its own text, so nothing can be added after it", cmd.where.line));
            out.changes -= std::min(out.changes, appended.size());
        }
        int last_line = cmd.argv.back().where.file == path_ ? cmd.argv.back().where.line : cmd.where.line;
        for (const auto& e : fix.plan.env)
            // Before the command's word when prefix lines precede it (a prefix line may go whole).
            if (place_env(e, cmd.argv.front().where.line != cmd.where.line ? cmd.argv.front().where : cmd.where, start, last_line,
                          list_start(start)))
                ++out.changes;
        for (const auto& key : fix.plan.unspellable)
            out.notes.push_back(fmt::format("no {} flag gives {}; not applied", fix.launcher, key));
    }

    std::vector<ScriptEdit> edits;

private:
    const std::vector<std::string>& lines_;
    const std::string& path_;

    const std::string& line(int n) const {
        static const std::string none;
        return n >= 1 && static_cast<std::size_t>(n) <= lines_.size() ? lines_[n - 1] : none;
    }
    // A line the shell joins with the next: it ends in a backslash.
    bool continues(int n) const { return !line(n).empty() && line(n).back() == '\\'; }
    // A line whose list goes on on the next: it ends in `&&`, `||` or `|`, after which
    // bash reads the next line as the rest of the and-or list or pipeline.
    bool list_continues(int n) const {
        std::string_view l = line(n);
        auto end = l.find_last_not_of(" \t");
        if (end == std::string_view::npos) return false;
        l = l.substr(0, end + 1);
        return l.ends_with("&&") || l.ends_with("||") || (l.ends_with("|") && !l.ends_with("\\|"));
    }
    // The first line of the and-or list or pipeline line `n` is in: a line inserted
    // before it applies to the whole list, never between a guard (`cd X &&`) and the
    // command it guards. (logical_start: the first line of the command itself.)
    int list_start(int n) const {
        while (n > 1 && (continues(n - 1) || list_continues(n - 1))) --n;
        return n;
    }
    int logical_start(int n) const {
        while (n > 1 && continues(n - 1)) --n;
        return n;
    }
    // The word is written in this script, on one line, as its own text.
    bool owns(const Location& w) const { return w.file == path_ && w.line >= 1 && w.end_column > w.column; }

    void replace(const Location& w, std::string text) {
        edits.push_back({Kind::replace, {w.line, w.column, w.end_column}, std::move(text)});
    }

    // Takes a word out; a continuation line left with nothing else goes whole.
    void remove_word(const Location& w) {
        const std::string& l = line(w.line);
        std::string rest = l.substr(0, w.column - 1) + l.substr(w.end_column - 1);
        if (rest.find_first_not_of(" \t\\") == std::string::npos && continues(w.line)) {
            edits.push_back({Kind::remove_line, {w.line, 0, 0}, ""});
            return;
        }
        int from = w.column > 1 && (l[w.column - 2] == ' ' || l[w.column - 2] == '\t') ? w.column - 1 : w.column;
        edits.push_back({Kind::replace, {w.line, from, w.end_column}, ""});
    }

    bool place_argv(const launch::Command& cmd, const launch::ArgvEdit& e, std::vector<std::vector<std::string>>& appended) {
        if (e.count == 0 && e.index >= cmd.argv.size()) {
            appended.push_back(e.words);
            return true;
        }
        std::vector<const launch::Word*> old;
        for (std::size_t i = e.index; i < e.index + e.count && i < cmd.argv.size(); ++i) old.push_back(&cmd.argv[i]);
        bool own = std::all_of(old.begin(), old.end(), [&](const launch::Word* w) { return owns(w->where); });
        if (e.count == 0) {  // before a word
            if (!owns(cmd.argv[e.index].where)) return false;
            const Location& at = cmd.argv[e.index].where;
            edits.push_back({Kind::replace, {at.line, at.column, at.column}, shell_line(e.words) + " "});
            return true;
        }
        if (!own) {
            // The value comes from elsewhere ($ARGS, a sourced file): give the flag again at
            // the end of the command, where the last occurrence wins.
            if (e.words.empty()) return false;
            appended.push_back(e.words);
            return true;
        }
        std::size_t common = std::min(old.size(), e.words.size());
        for (std::size_t i = 0; i < common; ++i)
            if (old[i]->text != e.words[i]) replace(old[i]->where, shell_word(e.words[i]));
        if (e.words.size() > old.size()) {
            std::vector<std::string> more(e.words.begin() + static_cast<std::ptrdiff_t>(old.size()), e.words.end());
            const Location& end = old.back()->where;
            edits.push_back({Kind::replace, {end.line, end.end_column, end.end_column}, " " + shell_line(more)});
        }
        for (std::size_t i = common; i < old.size(); ++i) remove_word(old[i]->where);
        return true;
    }

    // New flags after the command's last word: on lines of their own when the command
    // spans lines (continued with a backslash, indented like its last line), else inline.
    bool append(const launch::Command& cmd, const std::vector<std::vector<std::string>>& groups) {
        const Location& last = cmd.argv.back().where;
        if (!owns(last)) return false;
        bool multi_line = cmd.argv.front().where.line != last.line;
        std::string text;
        for (const auto& words : groups)
            text += multi_line ? " \\\n" + indentation_of(line(last.line)) + shell_line(words) : " " + shell_line(words);
        edits.push_back({Kind::replace, {last.line, last.end_column, last.end_column}, text});
        return true;
    }

    // `before`: the line new lines go before, the first of the command's list.
    bool place_env(const launch::EnvEdit& e, const Location& command, int start, int last_line, int before) {
        std::string indent = indentation_of(line(before));
        const launch::Binding* b = e.existing;
        bool own = b && !b->from_calling_env && owns(b->where);
        bool prefix = own && b->where.line >= start && b->where.line <= last_line;
        if (e.value) {
            std::string assignment = e.name + "=" + shell_word(*e.value);
            // A new variable is a `NAME=value` prefix of the launch itself: it applies on
            // every path that reaches the launch, and a line inserted before it could land
            // between a guard (`cd X &&`) and the command it guards.
            if (own) replace(b->where, assignment);
            else if (command.file == path_ && command.line >= 1 && command.column >= 1)
                edits.push_back({Kind::replace, {command.line, command.column, command.column}, assignment + " "});
            else edits.push_back({Kind::insert_line_before, {before, 0, 0}, indent + "export " + assignment});
            return true;
        }
        if (!b) return false;  // already unset
        if (prefix) remove_word(b->where);
        else edits.push_back({Kind::insert_line_before, {before, 0, 0}, indent + "unset " + e.name});
        return true;
    }
};

}  // namespace

Result<PatchedScript> patched_script(const std::string& text, const std::string& path, const std::vector<LaunchFix>& fixes) {
    auto lines = lines_of(text);
    Placer placer(lines, path);
    PatchedScript out;
    for (const auto& fix : fixes) placer.place(fix, out);
    out.text = PREFLIGHT_TRY(apply_script_edits(text, path, placer.edits));
    return out;
}

}  // namespace preflight::output

#include "output/toml_edit.hpp"

#include <map>
#include <sstream>

#include <fmt/format.h>
#include <toml.hpp>

#include "util/text.hpp"

namespace preflight::output {
namespace {

using TomlValue = toml::basic_value<toml::discard_comments, std::map, std::vector>;

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

std::string trim(std::string_view s) { return std::string(util::trim(s, " \t")); }

Result<TomlValue> parse(const std::string& text, const std::string& file) {
    try {
        std::istringstream in(text);
        return toml::parse<toml::discard_comments, std::map, std::vector>(in, file);
    } catch (const std::exception& e) {
        std::string what = e.what();
        return fail("the edited document does not parse: " + what.substr(0, what.find('\n')), Location{file});
    }
}

Result<std::string> apply_one(const std::string& text, const std::string& file, const TomlEdit& edit) {
    auto root = PREFLIGHT_TRY(parse(text, file));
    auto lines = split_lines(text);
    Location where{file, 0, 0, edit.table + "." + edit.key};
    const TomlValue* table = root.contains(edit.table) ? &root.at(edit.table) : nullptr;
    if (table && !table->is_table()) return fail(fmt::format("'{}' is not a table; cannot patch it", edit.table), where);

    if (table && table->contains(edit.key)) {
        const auto loc = table->at(edit.key).location();
        std::size_t line = loc.line(), col = loc.column(), len = loc.region();
        if (line == 0 || line > lines.size() || col == 0 || col - 1 + len > lines[line - 1].size())
            return fail(fmt::format("cannot patch {}.{}: its value spans lines; edit it by hand", edit.table, edit.key), where);
        std::string& l = lines[line - 1];
        if (edit.value) {
            l.replace(col - 1, len, toml_literal(*edit.value));
        } else {
            // Remove the key's line when it holds nothing else (a trailing comment goes too).
            std::string rest = trim(l.substr(col - 1 + len));
            if (!rest.empty() && rest[0] != '#')
                return fail(fmt::format("cannot remove {}.{}: its line holds more than the key", edit.table, edit.key), where);
            lines.erase(lines.begin() + static_cast<long>(line - 1));
        }
        return join_lines(lines);
    }
    if (!edit.value) return text;  // nothing to remove
    std::string entry = toml_key(edit.key) + " = " + toml_literal(*edit.value);
    if (table) {
        const auto loc = table->location();
        std::size_t line = loc.line();
        std::string header = line >= 1 && line <= lines.size() ? trim(lines[line - 1]) : "";
        if (header.empty() || header[0] != '[' || header.starts_with("[["))
            return fail(fmt::format("cannot add {}.{}: [{}] has no header line of its own (dotted keys or an inline table); "
                                    "edit it by hand",
                                    edit.table, edit.key, edit.table),
                        where);
        lines.insert(lines.begin() + static_cast<long>(line), entry);
        return join_lines(lines);
    }
    std::string out = text;
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out + fmt::format("\n[{}]\n{}\n", toml_key(edit.table), entry);
}

}  // namespace

std::string toml_literal(const Value& v) {
    if (const auto* b = v.get<bool>()) return *b ? "true" : "false";
    if (const auto* l = v.get<List>()) {
        std::string out = "[";
        for (const auto& item : *l) out += (out.size() > 1 ? ", " : "") + toml_literal(item);
        return out + "]";
    }
    if (const auto* i = v.get<std::int64_t>()) return std::to_string(*i);
    if (const auto* d = v.get<double>()) {
        std::string s = fmt::format("{}", *d);
        return s.find_first_of(".eEn") == std::string::npos ? s + ".0" : s;
    }
    std::string s = display(v);
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20 || c == 0x7F) out += fmt::format("\\u{:04X}", static_cast<unsigned>(c));
                else out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string toml_key(const std::string& key) {
    bool bare = !key.empty();
    for (unsigned char c : key)
        if (!std::isalnum(c) && c != '_' && c != '-') bare = false;
    return bare ? key : toml_literal(Value(key));
}

Result<std::string> apply_toml_edits(const std::string& text, const std::string& file, const std::vector<TomlEdit>& edits) {
    std::string current = text;
    for (const auto& edit : edits) current = PREFLIGHT_TRY(apply_one(current, file, edit));
    PREFLIGHT_TRY(parse(current, file));  // the edited text must still be TOML
    return current;
}

}  // namespace preflight::output

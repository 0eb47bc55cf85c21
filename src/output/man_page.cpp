#include "output/man_page.hpp"

#include <fmt/format.h>

#include "util/utf8.hpp"

namespace preflight::output {
namespace {

std::string join(const std::vector<std::string>& words, std::string_view sep) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : std::string(sep)) + w;
    return out;
}

// A text line: roff reads a line starting with '.' or '\'' as a request.
std::string text_line(std::string_view text) {
    std::string escaped = roff_escape(text);
    return (escaped.starts_with('.') ? "\\&" : "") + escaped + "\n";
}

// How roff spells an ASCII character it would otherwise read as markup (or, for '-',
// as a hyphen where a minus is meant); empty for one that stands for itself.
std::string_view special_character(char c) {
    switch (c) {
        case '\\': return "\\e";
        case '-': return "\\-";
        case '\'': return "\\(aq";
        case '"': return "\\(dq";
        case '`': return "\\(ga";
        case '\t':
        case '\n': return " ";
        default: return {};
    }
}

std::string bold(std::string_view s) { return "\\fB" + roff_escape(s) + "\\fR"; }
std::string italic(std::string_view s) { return "\\fI" + roff_escape(s) + "\\fR"; }

std::string command_name(const CliDescription& cli, const CliCommand& c) {
    std::vector<std::string> words = {cli.program};
    words.insert(words.end(), c.path.begin(), c.path.end());
    return join(words, " ");
}

// "[OPTIONS] JOB.toml" as the synopsis writes a command's arguments.
std::string arguments_synopsis(const CliCommand& c) {
    std::string out = "[" + italic("OPTIONS") + "]";
    if (!c.commands.empty()) out += " " + (c.requires_command ? italic("COMMAND") : "[" + italic("COMMAND") + "]");
    for (const auto& p : c.positionals) {
        std::string shown = italic(p.value_name.empty() ? p.positional : p.value_name);
        if (p.repeatable && !p.value_name.ends_with("...")) shown += "...";
        out += " " + (p.required ? shown : "[" + shown + "]");
    }
    return out;
}

// An option's tag line: "-q, --quiet" or "--format TEXT".
std::string option_tag(const CliOption& o) {
    std::vector<std::string> names;
    for (const auto& n : o.names()) names.push_back(bold(n));
    std::string tag = join(names, ", ");
    if (o.takes_value()) tag += " " + italic(o.value_name);
    return tag;
}

std::string option_text(const CliOption& o) {
    std::string text = o.help;
    auto sentence = [&text](const std::string& s) {
        if (!text.empty() && !text.ends_with('.')) text += '.';
        text += (text.empty() ? "" : " ") + s;
    };
    if (!o.choices.empty()) sentence("One of: " + join(o.choices, ", ") + ".");
    if (!o.default_value.empty()) sentence("Default: " + o.default_value + ".");
    if (o.required && o.positional.empty()) sentence("Required.");
    return text_line(text);
}

// A footer of --help is hand-wrapped text: lines join into paragraphs, an indented
// line or what follows "Example:" is shown as written.
std::string footer_text(std::string_view footer) {
    std::string out;
    bool verbatim = false;
    auto begin_verbatim = [&] {
        if (!verbatim) out += ".RS 4\n.nf\n";
        verbatim = true;
    };
    auto end_verbatim = [&] {
        if (verbatim) out += ".fi\n.RE\n";
        verbatim = false;
    };
    std::size_t start = 0;
    bool first = true;
    while (start <= footer.size()) {
        std::size_t nl = footer.find('\n', start);
        std::string_view line = footer.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
        start = nl == std::string_view::npos ? footer.size() + 1 : nl + 1;
        std::size_t indent = line.find_first_not_of(' ');
        if (indent == std::string_view::npos) {
            end_verbatim();
            first = true;
            continue;
        }
        if (first) out += ".PP\n";
        first = false;
        if (indent > 0) {
            begin_verbatim();
            out += text_line(line.substr(indent));
            continue;
        }
        std::string_view label;
        for (std::string_view l : {"Examples:", "Example:"})
            if (line.starts_with(l)) label = l;
        if (!label.empty()) {
            end_verbatim();
            out += ".PP\n" + text_line(label);
            std::string_view rest = line.substr(label.size());
            if (auto at = rest.find_first_not_of(' '); at != std::string_view::npos) {
                begin_verbatim();
                out += text_line(rest.substr(at));
            }
            continue;
        }
        if (verbatim) {
            end_verbatim();
            out += ".PP\n";
        }
        out += text_line(line);
    }
    end_verbatim();
    return out;
}

std::string command_section(const CliDescription& cli, const CliCommand& c) {
    std::string out = fmt::format(".SS \"{}\"\n", roff_escape(command_name(cli, c)));
    out += bold(command_name(cli, c)) + " " + arguments_synopsis(c) + "\n";
    out += ".PP\n" + text_line(c.summary.ends_with('.') ? c.summary : c.summary + ".");
    out += footer_text(c.footer);
    if (!c.commands.empty()) {
        out += ".PP\nCommands:\n";
        for (const auto& sub : c.commands) out += ".TP\n" + bold(sub.path.back()) + "\n" + text_line(sub.summary);
    }
    if (!c.positionals.empty() || !c.options.empty()) out += ".PP\nArguments and options:\n";
    for (const auto& p : c.positionals)
        out += ".TP\n" + italic(p.value_name.empty() ? p.positional : p.value_name) + "\n" + option_text(p);
    for (const auto& o : c.options) out += ".TP\n" + option_tag(o) + "\n" + option_text(o);
    for (const auto& sub : c.commands) out += command_section(cli, sub);
    return out;
}

std::string notes(std::string_view heading, const std::vector<CliNote>& entries) {
    std::string out = fmt::format(".SH {}\n", heading);
    for (const auto& e : entries) out += ".TP\n" + bold(e.name) + "\n" + text_line(e.text);
    return out;
}

}  // namespace

std::string roff_escape(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        char c = text[i];
        if (auto named = special_character(c); !named.empty()) {
            out += named;
            ++i;
            continue;
        }
        char32_t cp = 0;
        std::size_t n = util::utf8_next(text, i, cp);
        if (n == 0) {
            out += "\\[uFFFD]";  // not UTF-8: the replacement character
            ++i;
        } else if (n > 1) {
            out += fmt::format("\\[u{:04X}]", static_cast<std::uint32_t>(cp));
            i += n;
        } else {
            if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) out += c;  // control characters dropped
            ++i;
        }
    }
    return out;
}

std::string man_page(const CliDescription& cli) {
    const CliCommand& root = cli.root;
    std::string summary = root.summary;
    if (summary.starts_with(cli.program + ": ")) summary.erase(0, cli.program.size() + 2);
    if (summary.ends_with('.')) summary.pop_back();

    std::string out = fmt::format(".\\\" Generated by '{} man' from its command-line definition: do not edit.\n", cli.program);
    out += fmt::format(".TH \"{}\" 1 \"\" \"{} {}\" \"User Commands\"\n", roff_escape(cli.program), roff_escape(cli.program),
                       roff_escape(cli.version));
    out += ".nh\n.ad l\n";  // no hyphenation, ragged right: option names and paths stay whole
    out += ".SH NAME\n" + roff_escape(cli.program) + " \\- " + roff_escape(summary) + "\n";
    out += ".SH SYNOPSIS\n" + bold(cli.program) + " " + arguments_synopsis(root) + " [" + italic("ARGS") + "]\n";
    out += ".SH DESCRIPTION\n" + text_line(root.summary.ends_with('.') ? root.summary : root.summary + ".");
    out += footer_text(root.footer);
    out += ".SH OPTIONS\n";
    for (const auto& o : root.options) out += ".TP\n" + option_tag(o) + "\n" + option_text(o);
    out += ".SH COMMANDS\n";
    for (const auto& c : root.commands) out += command_section(cli, c);
    out += notes("EXIT STATUS", cli.exit_statuses);
    out += notes("ENVIRONMENT", cli.environment);
    out += notes("FILES", cli.files);
    out += notes("SEE ALSO", cli.see_also);
    return out;
}

}  // namespace preflight::output

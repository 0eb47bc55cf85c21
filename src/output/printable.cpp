#include "output/printable.hpp"

#include <fmt/format.h>

#include "util/utf8.hpp"

namespace preflight::output {
namespace {

// Code points past ASCII that still move text around: C1 controls, line and
// paragraph separators, bidirectional embeddings, overrides and isolates.
bool reorders_or_controls(char32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F || cp == 0x061C;
}

}  // namespace

std::string printable(std::string_view text, Keep keep) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        // Printable ASCII, most of what a report shows, is copied a run at a time.
        std::size_t plain = i;
        while (plain < text.size() && text[plain] >= 0x20 && text[plain] < 0x7F) ++plain;
        if (plain > i) {
            out.append(text.substr(i, plain - i));
            i = plain;
            continue;
        }
        char32_t cp = 0;
        std::size_t n = util::utf8_next(text, i, cp);
        if (n == 0) {
            out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
            ++i;
            continue;
        }
        if (cp == '\t' && keep != Keep::nothing) out += '\t';
        else if (cp == '\n' && keep == Keep::lines) out += '\n';
        else if (cp == '\n') out += "\\n";
        else if (cp == '\r') out += "\\r";
        else if (cp == '\t') out += "\\t";
        else if (cp < 0x20 || cp == 0x7F) out += fmt::format("\\x{:02x}", static_cast<unsigned>(cp));
        else if (reorders_or_controls(cp)) out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
        else out.append(text.substr(i, n));
        i += n;
    }
    return out;
}

}  // namespace preflight::output

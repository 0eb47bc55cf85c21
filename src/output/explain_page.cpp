#include "output/explain_page.hpp"

#include <fmt/format.h>

#include "output/printable.hpp"
#include "output/reference_url.hpp"
#include "output/rule_reference.hpp"
#include "rules/fix_text.hpp"

namespace preflight::output {

Result<std::string> explain_page(const rules::Rule& rule, const Style& style) {
    auto explain = rules::explanation(rule);
    if (!explain) return tl::unexpected(missing_explanation(rule));
    // Pack texts are input too: one-line fields are escaped whole, the explanation
    // page and the condition keep their lines.
    auto p = [](std::string_view text) { return printable(text); };
    auto lines = [](std::string_view text) { return printable(text, Keep::lines); };
    std::string out;
    out += fmt::format("{} ({} rule, pack {})\n", style.bold(p(rule.id)), to_string(rule.severity), p(rule.pack));
    out += fmt::format("  {}\n\n", p(rule.text().summary));
    out += lines(*explain);
    if (!explain->empty() && explain->back() != '\n') out += "\n";
    out += fmt::format("\n{}\n  {}\n", style.bold("fires when:"), lines(rule.when.source()));
    if (rule.error_when)
        out += fmt::format("{}\n  {}\n", style.bold("an error rather than a warning while:"), lines(rule.error_when->source()));
    if (!rule.fixed_in.empty()) {
        out += style.bold("retired once all of these are installed:") + "\n";
        for (const auto& f : rule.fixed_in) out += fmt::format("  {} {}\n", p(f.package), p(f.range.text()));
    }
    if (!rule.fixes.empty()) {
        out += style.bold("fix:") + "\n";
        for (const auto& f : rule.fixes)
            out += fmt::format("  {} ({})\n", p(rules::declared_fix_text(f)),
                               f.safe ? "safe: applied by check and fix" : "suggested: applied with --apply-suggested");
    }
    for (const auto& fb : rule.text().fallbacks)
        out += fmt::format("{} {} -> {}: {}\n", style.bold("fallback:"), p(fb.kernel), p(fb.implementation), p(fb.reason));
    for (const auto& lim : rule.text().limitations)
        out += fmt::format("{} {}: {}\n", style.bold("limitation:"), p(lim.feature), p(lim.reason));
    out += style.bold("references:") + "\n";
    for (const auto& r : rule.text().references) {
        out += fmt::format("  {}\n", p(r));
        // Upstream code at a tag, as a link to that line (a URL is shown once).
        if (auto url = reference_url(r); url && *url != r) out += fmt::format("    {}\n", p(*url));
    }
    out += fmt::format("defined at {}:{}\n", p(rule.text().where.file), rule.text().where.line);
    return out;
}

}  // namespace preflight::output

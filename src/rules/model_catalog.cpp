#include "rules/model_catalog.hpp"

#include <cctype>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/did_you_mean.hpp"

namespace preflight::rules {
namespace {

constexpr const char* kCatalogTable = "models";
constexpr const char* kArchColumn = "arch";

// Lower case, letters and digits only: "Qwen3.5-MoE" → "qwen35moe".
std::string folded(const std::string& s) {
    std::string out;
    for (unsigned char c : s)
        if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
    return out;
}

std::string digits_of(const std::string& s) {
    std::string out;
    for (char c : s)
        if (std::isdigit(static_cast<unsigned char>(c))) out += c;
    return out;
}

bool near_miss(const std::string& given, const std::string& known) {
    std::string a = folded(given), b = folded(known);
    if (a == b) return true;
    return digits_of(a) == digits_of(b) && util::edit_distance(a, b) <= 2;
}

}  // namespace

Result<std::optional<Finding>> check_model_arch(const RuleSet& rules, const facts::FactSet& facts,
                                                const std::string& config_path) {
    auto table = rules.tables.find(kCatalogTable);
    auto fact = facts.config.find("model.arch");
    if (table == rules.tables.end() || fact == facts.config.end()) return std::nullopt;
    const std::string* arch = fact->second.value.get<std::string>();
    if (!arch) return std::nullopt;
    std::set<std::string> known;
    for (const auto& row : table->second.rows.get())
        if (const auto* s = row.text(kArchColumn)) known.insert(*s);
    if (known.empty() || known.count(*arch)) return std::nullopt;

    Location where = fact->second.origin.where;  // the job's line, or the config.json it came from
    if (where.file.empty()) where.file = config_path;
    where.key = "model.arch";
    for (const auto& k : known)
        if (near_miss(*arch, k))
            return fail(fmt::format("model.arch \"{}\" is in no pack's model catalog; did you mean \"{}\"?", *arch, k), where);

    Finding f;
    f.rule = "preflight-unknown-model-arch";
    f.pack = "preflight";
    f.severity = Severity::warning;
    f.message = fmt::format("model.arch \"{}\" is in no pack's model catalog ({}), so the model rules cannot judge this model",
                            *arch, fmt::join(known, ", "));
    f.location = where;
    return f;
}

}  // namespace preflight::rules

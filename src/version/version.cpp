#include "version/version.hpp"

#include <cctype>

#include "version/python_space.hpp"

namespace preflight::version {
namespace {

std::vector<std::string> split_dots(std::string_view text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == '.') {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
    }
    out.push_back(cur);
    return out;
}

}  // namespace

std::string_view to_string(Scheme s) { return s == Scheme::cann ? "cann" : "pep440"; }

std::optional<Scheme> parse_scheme(std::string_view text) {
    if (text == "pep440") return Scheme::pep440;
    if (text == "cann") return Scheme::cann;
    return std::nullopt;
}

std::optional<Version> Version::parse(Scheme scheme, std::string_view text) {
    Version v;
    v.scheme_ = scheme;
    v.text_ = std::string(strip_python_space(text));
    if (scheme == Scheme::pep440) {
        auto p = Pep440::parse(v.text_);
        if (!p) return std::nullopt;
        v.parsed_ = *p;
    } else {
        auto c = Cann::parse(v.text_);
        if (!c) return std::nullopt;
        v.parsed_ = *c;
    }
    return v;
}

std::string Version::normalized() const {
    if (auto p = std::get_if<Pep440>(&parsed_)) return p->str();
    return text_;
}

std::optional<int> compare(const Version& a, const Version& b) {
    if (a.scheme_ != b.scheme_) return std::nullopt;
    if (a.scheme_ == Scheme::pep440) return compare(std::get<Pep440>(a.parsed_), std::get<Pep440>(b.parsed_));
    return compare(std::get<Cann>(a.parsed_), std::get<Cann>(b.parsed_));
}

std::optional<VersionRange> VersionRange::parse(Scheme scheme, std::string_view text) {
    VersionRange r;
    r.scheme_ = scheme;
    r.text_ = std::string(strip_python_space(text));
    if (scheme == Scheme::pep440) {
        r.pep_ = SpecifierSet::parse(text);
        if (!r.pep_) return std::nullopt;
        return r;
    }
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        std::string_view item =
            strip_python_space(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (!item.empty()) {
            CannClause clause;
            for (std::string_view op : {"==", "!=", "<=", ">=", "<", ">"}) {
                if (item.starts_with(op)) {
                    clause.op = std::string(op);
                    break;
                }
            }
            if (clause.op.empty()) return std::nullopt;
            std::string_view operand = strip_python_space(item.substr(clause.op.size()));
            if ((clause.op == "==" || clause.op == "!=") && operand.size() > 2 && operand.ends_with(".*")) {
                clause.prefix = split_dots(operand.substr(0, operand.size() - 2));
                for (const auto& part : clause.prefix)
                    if (part.empty()) return std::nullopt;
            } else {
                clause.version = Cann::parse(operand);
                if (!clause.version) return std::nullopt;
            }
            r.cann_.push_back(std::move(clause));
        }
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return r;
}

std::optional<bool> VersionRange::contains(const Version& v, Membership who) const {
    if (v.scheme() != scheme_) return std::nullopt;
    if (scheme_ == Scheme::pep440) return pep_->contains(std::get<Pep440>(v.parsed()), who);
    const Cann& c = std::get<Cann>(v.parsed());
    for (const auto& clause : cann_) {
        bool ok;
        if (!clause.prefix.empty()) {
            auto parts = split_dots(c.text);
            bool match = parts.size() >= clause.prefix.size();
            for (std::size_t i = 0; match && i < clause.prefix.size(); ++i) match = parts[i] == clause.prefix[i];
            ok = clause.op == "==" ? match : !match;
        } else {
            int cmp = compare(c, *clause.version);
            if (clause.op == "==") ok = cmp == 0;
            else if (clause.op == "!=") ok = cmp != 0;
            else if (clause.op == "<") ok = cmp < 0;
            else if (clause.op == "<=") ok = cmp <= 0;
            else if (clause.op == ">") ok = cmp > 0;
            else ok = cmp >= 0;
        }
        if (!ok) return false;
    }
    return true;
}

std::string normalize_package_name(std::string_view name) {
    std::string out;
    bool in_run = false;
    for (char c : name) {
        if (c == '-' || c == '_' || c == '.') {
            if (!in_run) out += '-';
            in_run = true;
        } else {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            in_run = false;
        }
    }
    return out;
}

}  // namespace preflight::version

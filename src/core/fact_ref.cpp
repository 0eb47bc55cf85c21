#include "core/fact_ref.hpp"

#include <algorithm>
#include <array>

#include "version/version.hpp"

namespace preflight {
namespace {

// display() is prefix + name + suffix.
std::string_view prefix(FactRef::Kind kind) {
    switch (kind) {
        case FactRef::Kind::config: return "";
        case FactRef::Kind::env: return "env(";
        case FactRef::Kind::package: return "pkg(";
        case FactRef::Kind::revision: return "revision(";
    }
    return "";
}

std::string_view suffix(FactRef::Kind kind) { return kind == FactRef::Kind::config ? "" : ")"; }

// The job file's table for each kind, as in "[packages]".
constexpr std::array<std::pair<FactRef::Kind, std::string_view>, 3> kTables = {
    std::pair{FactRef::Kind::env, std::string_view("env.")},
    std::pair{FactRef::Kind::package, std::string_view("packages.")},
    std::pair{FactRef::Kind::revision, std::string_view("revisions.")},
};

}  // namespace

std::string FactRef::display() const { return std::string(prefix(kind)) + name + std::string(suffix(kind)); }

std::string FactRef::key() const {
    for (const auto& [k, table] : kTables)
        if (k == kind) return std::string(table) + name;
    return name;
}

std::string FactRef::phrase() const {
    switch (kind) {
        case Kind::config: return name;
        case Kind::env: return "env " + name;
        case Kind::package: return "pkg " + name;
        case Kind::revision: return "revision " + name;
    }
    return name;
}

FactRef FactRef::from_key(std::string_view key) {
    for (const auto& [k, table] : kTables) {
        if (!key.starts_with(table)) continue;
        std::string rest(key.substr(table.size()));
        return {k, k == Kind::env ? rest : version::normalize_package_name(rest)};
    }
    return config(std::string(key));
}

std::strong_ordering FactRef::operator<=>(const FactRef& other) const {
    // Compares the display() texts without building them: this runs on every merge of
    // unknown values and every insert into a rule's set of reads (thousands per check).
    if (kind == other.kind) {
        // One prefix: the names decide, then the shorter name's suffix against the
        // longer name's next character ("pkg(a)" sorts before "pkg(a-b)": ')' < '-').
        std::string_view a = name, b = other.name;
        std::size_t common = std::min(a.size(), b.size());
        if (int c = std::string_view::traits_type::compare(a.data(), b.data(), common); c != 0) return c <=> 0;
        if (a.size() == b.size()) return std::strong_ordering::equal;
        std::string_view tail = suffix(kind);
        if (tail.empty()) return a.size() <=> b.size();
        auto next = [](std::string_view longer, std::size_t at) { return static_cast<unsigned char>(longer[at]); };
        auto close = static_cast<unsigned char>(tail[0]);
        if (a.size() < b.size()) return close == next(b, common) ? std::strong_ordering::less : close <=> next(b, common);
        return close == next(a, common) ? std::strong_ordering::greater : next(a, common) <=> close;
    }
    std::array<std::string_view, 3> a{prefix(kind), name, suffix(kind)};
    std::array<std::string_view, 3> b{prefix(other.kind), other.name, suffix(other.kind)};
    std::size_t ai = 0, bi = 0, ap = 0, bp = 0;
    while (true) {
        while (ai < a.size() && ap == a[ai].size()) ++ai, ap = 0;
        while (bi < b.size() && bp == b[bi].size()) ++bi, bp = 0;
        bool a_done = ai == a.size(), b_done = bi == b.size();
        if (a_done || b_done) return b_done <=> a_done;  // the shorter text first
        auto x = static_cast<unsigned char>(a[ai][ap++]), y = static_cast<unsigned char>(b[bi][bp++]);
        if (x != y) return x <=> y;
    }
}

}  // namespace preflight

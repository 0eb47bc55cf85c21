#include "core/value.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace preflight {

bool operator==(const Value& a, const Value& b) {
    if (a.data.index() != b.data.index()) return false;
    return std::visit(
        [&](const auto& x) -> bool {
            using T = std::decay_t<decltype(x)>;
            const T& y = std::get<T>(b.data);
            if constexpr (std::is_same_v<T, UnknownRef>) return *x == *y;
            else if constexpr (std::is_same_v<T, Null>) return true;
            else if constexpr (std::is_same_v<T, VersionRef>) {
                auto c = compare(*x, *y);
                return c && *c == 0 && x->text() == y->text();
            } else return x == y;
        },
        a.data);
}

static std::string render(const Value& v, bool quote) {
    return std::visit(
        [&](const auto& x) -> std::string {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, UnknownRef>) return "unknown";
            else if constexpr (std::is_same_v<T, Null>) return quote ? "null" : "unset";
            else if constexpr (std::is_same_v<T, bool>) return x ? "true" : "false";
            else if constexpr (std::is_same_v<T, std::int64_t>) return std::to_string(x);
            else if constexpr (std::is_same_v<T, double>) return fmt::format("{}", x);
            else if constexpr (std::is_same_v<T, std::string>) return quote ? fmt::format("\"{}\"", x) : x;
            else if constexpr (std::is_same_v<T, VersionRef>) return quote ? fmt::format("\"{}\"", x->text()) : x->text();
            else {
                std::vector<std::string> items;
                for (const auto& item : x) items.push_back(render(item, true));
                return fmt::format("[{}]", fmt::join(items, ", "));
            }
        },
        v.data);
}

std::string display(const Value& v) { return render(v, false); }
std::string literal(const Value& v) { return render(v, true); }

}  // namespace preflight

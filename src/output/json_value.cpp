#include "output/json_value.hpp"

namespace preflight::output {

nlohmann::ordered_json to_json(const Value& v) {
    return std::visit(
        [](const auto& x) -> nlohmann::ordered_json {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, UnknownRef> || std::is_same_v<T, Null>) return nullptr;
            else if constexpr (std::is_same_v<T, VersionRef>) return x->text();
            else if constexpr (std::is_same_v<T, List>) {
                auto arr = nlohmann::ordered_json::array();
                for (const auto& item : x) arr.push_back(to_json(item));
                return arr;
            } else return x;
        },
        v.data);
}

}  // namespace preflight::output

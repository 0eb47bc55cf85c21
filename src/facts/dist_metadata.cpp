#include "facts/dist_metadata.hpp"

namespace preflight::facts {

std::optional<DistMetadata> parse_dist_metadata(std::string_view text) {
    DistMetadata m;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) break;  // the body (description) follows
        auto colon = line.find(':');
        if (colon != std::string_view::npos && line.front() != ' ' && line.front() != '\t') {
            std::string_view key = line.substr(0, colon), value = line.substr(colon + 1);
            while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
            while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
            if (key == "Name" && m.name.empty()) m.name = std::string(value);
            if (key == "Version" && m.version.empty()) m.version = std::string(value);
        }
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    if (m.name.empty() || m.version.empty()) return std::nullopt;
    return m;
}

}  // namespace preflight::facts

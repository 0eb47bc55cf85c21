#include "facts/dist_metadata.hpp"

#include <nlohmann/json.hpp>

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

std::optional<DirectUrl> parse_direct_url(std::string_view json_text) {
    auto j = nlohmann::json::parse(json_text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("url") || !j["url"].is_string()) return std::nullopt;
    DirectUrl out;
    out.url = j["url"].get<std::string>();
    if (auto d = j.find("dir_info"); d != j.end() && d->is_object())
        if (auto e = d->find("editable"); e != d->end() && e->is_boolean()) out.editable = e->get<bool>();
    if (auto v = j.find("vcs_info"); v != j.end() && v->is_object()) {
        if (auto r = v->find("requested_revision"); r != v->end() && r->is_string())
            out.requested_revision = r->get<std::string>();
        if (auto c = v->find("commit_id"); c != v->end() && c->is_string()) out.commit_id = c->get<std::string>();
    }
    return out;
}

namespace {

// file:// URLs as pip writes them: an absolute path, spaces and the like percent-encoded.
std::optional<std::string> local_path(const std::string& url) {
    const std::string scheme = "file://";
    if (!url.starts_with(scheme)) return std::nullopt;
    std::string path;
    for (std::size_t i = scheme.size(); i < url.size(); ++i) {
        if (url[i] == '%' && i + 2 < url.size() && std::isxdigit(static_cast<unsigned char>(url[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(url[i + 2]))) {
            path += static_cast<char>(std::stoi(url.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            path += url[i];
        }
    }
    return path;
}

std::string first_line(const std::string& text) {
    std::string line = text.substr(0, text.find('\n'));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    return line;
}

}  // namespace

std::optional<std::string> source_revision(const DirectUrl& direct,
                                           const std::function<std::optional<std::string>(const std::string&)>& read) {
    if (!direct.requested_revision.empty()) return direct.requested_revision;
    auto path = local_path(direct.url);
    if (!path) return std::nullopt;
    std::string git = *path + "/.git";
    auto head = read(git + "/HEAD");
    if (!head) {
        // A worktree or submodule: .git is a file naming the real git directory.
        auto pointer = read(git);
        if (!pointer || !pointer->starts_with("gitdir: ")) return std::nullopt;
        std::string dir = first_line(pointer->substr(8));
        if (!dir.starts_with("/")) dir = *path + "/" + dir;
        head = read(dir + "/HEAD");
        if (!head) return std::nullopt;
    }
    std::string line = first_line(*head);
    const std::string ref = "ref: refs/heads/";
    if (line.starts_with(ref)) return line.substr(ref.size());
    if (line.size() == 40 && line.find_first_not_of("0123456789abcdef") == std::string::npos) return line;
    return std::nullopt;
}

}  // namespace preflight::facts

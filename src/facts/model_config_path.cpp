#include "facts/model_config_path.hpp"

#include <filesystem>
#include <system_error>

#include "util/files.hpp"

namespace preflight::facts {
namespace {

namespace fs = std::filesystem;

bool is_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

std::string env_or(const ModelConfigQuery& q, const std::string& name, const std::string& fallback) {
    if (q.env)
        if (auto v = q.env(name); v && !v->empty()) return *v;
    return fallback;
}

std::string home(const ModelConfigQuery& q) { return env_or(q, "HOME", ""); }

// A hub id is ORG/NAME: two non-empty parts, no leading '/' or '.'.
bool is_hub_id(const std::string& model) {
    auto slash = model.find('/');
    return slash != std::string::npos && slash > 0 && slash + 1 < model.size() &&
           model.find('/', slash + 1) == std::string::npos && model[0] != '.' && model[0] != '~';
}

// ModelScope keeps ORG/NAME under <cache>/models, with every '.' of the id spelled '___'
// (modelscope/modelscope@v1.38.1:modelscope/utils/file_utils.py:50-67,
// modelscope/hub/utils/utils.py:146-155); the cache is $MODELSCOPE_CACHE, else
// ~/.cache/modelscope/hub.
std::optional<std::string> modelscope_config(const ModelConfigQuery& q) {
    std::string cache = env_or(q, "MODELSCOPE_CACHE", home(q).empty() ? "" : home(q) + "/.cache/modelscope/hub");
    if (cache.empty()) return std::nullopt;
    std::string masked;
    for (char c : q.model) masked += c == '.' ? std::string("___") : std::string(1, c);
    for (const auto& name : {masked, q.model}) {
        fs::path p = fs::path(cache) / "models" / name / "config.json";
        if (is_file(p)) return p.string();
    }
    return std::nullopt;
}

// The Hugging Face hub cache is $HF_HUB_CACHE, else $HUGGINGFACE_HUB_CACHE, else
// $HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub, else ~/.cache/huggingface/hub
// (huggingface/huggingface_hub@v1.28.0:src/huggingface_hub/constants.py:157-181). A model
// lies in models--ORG--NAME/snapshots/<revision>/, the revision that refs/main names.
std::optional<std::string> hugging_face_config(const ModelConfigQuery& q) {
    std::string xdg = env_or(q, "XDG_CACHE_HOME", home(q).empty() ? "" : home(q) + "/.cache");
    std::string hf_home = env_or(q, "HF_HOME", xdg.empty() ? "" : xdg + "/huggingface");
    std::string cache = env_or(q, "HF_HUB_CACHE", env_or(q, "HUGGINGFACE_HUB_CACHE", hf_home.empty() ? "" : hf_home + "/hub"));
    if (cache.empty()) return std::nullopt;
    std::string folder = "models--" + q.model;
    for (auto pos = folder.find('/'); pos != std::string::npos; pos = folder.find('/', pos)) folder.replace(pos, 1, "--");
    fs::path repo = fs::path(cache) / folder;
    if (auto ref = util::read_file((repo / "refs" / "main").string())) {
        std::string revision = *ref;
        while (!revision.empty() && (revision.back() == '\n' || revision.back() == '\r' || revision.back() == ' '))
            revision.pop_back();
        if (fs::path p = repo / "snapshots" / revision / "config.json"; !revision.empty() && is_file(p)) return p.string();
    }
    // No refs/main (a snapshot fetched by revision): only an unambiguous single snapshot counts.
    auto snapshots = util::list_directory((repo / "snapshots").string());
    if (snapshots.size() == 1)
        if (fs::path p = repo / "snapshots" / snapshots.front() / "config.json"; is_file(p)) return p.string();
    return std::nullopt;
}

// Absolute, so a job's model.config can name it wherever the job file lies.
std::string absolute(const std::string& path) {
    std::error_code ec;
    auto p = fs::absolute(path, ec);
    return ec ? path : p.lexically_normal().string();
}

std::optional<ModelConfigPath> find_model_config_as_found(const ModelConfigQuery& q) {
    if (q.model.empty()) return std::nullopt;
    fs::path local = q.model;
    if (local.is_relative() && !q.base_dir.empty()) local = fs::path(q.base_dir) / local;
    if (is_file(local / "config.json"))
        return ModelConfigPath{(local / "config.json").lexically_normal().string(), "local directory"};
    if (!is_hub_id(q.model)) return std::nullopt;
    auto ms = [&]() -> std::optional<ModelConfigPath> {
        if (auto p = modelscope_config(q)) return ModelConfigPath{*p, "ModelScope cache"};
        return std::nullopt;
    };
    auto hf = [&]() -> std::optional<ModelConfigPath> {
        if (auto p = hugging_face_config(q)) return ModelConfigPath{*p, "Hugging Face cache"};
        return std::nullopt;
    };
    if (q.hugging_face_first) {
        if (auto p = hf()) return p;
        return ms();
    }
    if (auto p = ms()) return p;
    return hf();
}

}  // namespace

std::optional<ModelConfigPath> find_model_config(const ModelConfigQuery& q) {
    auto found = find_model_config_as_found(q);
    if (found) found->path = absolute(found->path);
    return found;
}

}  // namespace preflight::facts

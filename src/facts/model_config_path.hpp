// Where a model's config.json lies on this machine, given what a launch names it by:
// a local directory, or a hub id already downloaded to the ModelScope or Hugging Face
// cache. Launchers take `--model ORG/NAME` and download on first use; the cache is
// where the check can read the model's shape without a network.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace preflight::facts {

struct ModelConfigQuery {
    std::string model;                // --model as written: a path or ORG/NAME
    std::string base_dir;             // relative paths are relative to this (the script's directory)
    bool hugging_face_first = false;  // the launch downloads from the Hugging Face hub (model.hub)
    // The launch's environment (HF_HUB_CACHE, HF_HOME, MODELSCOPE_CACHE, HOME, …).
    std::function<std::optional<std::string>(const std::string&)> env;
};

struct ModelConfigPath {
    std::string path;  // the config.json found, as an absolute path
    std::string via;   // "local directory", "ModelScope cache", "Hugging Face cache"
};

// nullopt when the model is in none of them: the model's keys stay unknown.
std::optional<ModelConfigPath> find_model_config(const ModelConfigQuery& query);

}  // namespace preflight::facts

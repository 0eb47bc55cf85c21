// find_model_config: a local directory, then the ModelScope and Hugging Face caches in
// the order the launch's hub choice gives, each at the place its environment names.
#include <map>

#include <gtest/gtest.h>

#include "facts/model_config_path.hpp"
#include "temp_dir.hpp"

namespace preflight::facts {
namespace {

using test_support::TempDir;

ModelConfigQuery query(const std::string& model, const std::map<std::string, std::string>& env, const std::string& base = "") {
    ModelConfigQuery q;
    q.model = model;
    q.base_dir = base;
    q.env = [env](const std::string& name) -> std::optional<std::string> {
        if (auto it = env.find(name); it != env.end()) return it->second;
        return std::nullopt;
    };
    return q;
}

TEST(ModelConfigPath, LocalDirectoryRelativeToTheScript) {
    TempDir dir;
    dir.write("ckpt/qwen/config.json", "{}");
    auto found = find_model_config(query("ckpt/qwen", {}, dir.path()));
    ASSERT_TRUE(found);
    EXPECT_EQ(found->via, "local directory");
    EXPECT_EQ(found->path, dir.path() + "/ckpt/qwen/config.json");
}

TEST(ModelConfigPath, ModelScopeCacheMasksDotsInTheId) {
    TempDir dir;
    dir.write("home/.cache/modelscope/hub/models/Qwen/Qwen3___5-4B/config.json", "{}");
    auto found = find_model_config(query("Qwen/Qwen3.5-4B", {{"HOME", dir.path() + "/home"}}));
    ASSERT_TRUE(found);
    EXPECT_EQ(found->via, "ModelScope cache");
    // MODELSCOPE_CACHE moves it.
    TempDir other;
    other.write("ms/models/Qwen/Qwen3-8B/config.json", "{}");
    EXPECT_TRUE(find_model_config(query("Qwen/Qwen3-8B", {{"MODELSCOPE_CACHE", other.path() + "/ms"}})));
    EXPECT_FALSE(find_model_config(query("Qwen/Qwen3-8B", {{"HOME", other.path()}})));
}

TEST(ModelConfigPath, HuggingFaceSnapshotThatRefsMainNames) {
    TempDir dir;
    std::string repo = "hf/hub/models--Qwen--Qwen3-8B";
    dir.write(repo + "/refs/main", "abc123\n");
    dir.write(repo + "/snapshots/abc123/config.json", "{}");
    dir.write(repo + "/snapshots/old999/config.json", "{}");
    auto found = find_model_config(query("Qwen/Qwen3-8B", {{"HF_HOME", dir.path() + "/hf"}}));
    ASSERT_TRUE(found);
    EXPECT_EQ(found->via, "Hugging Face cache");
    EXPECT_EQ(found->path, dir.path() + "/" + repo + "/snapshots/abc123/config.json");
    // HF_HUB_CACHE wins over HF_HOME.
    EXPECT_FALSE(
        find_model_config(query("Qwen/Qwen3-8B", {{"HF_HOME", dir.path() + "/hf"}, {"HF_HUB_CACHE", dir.path() + "/none"}})));
}

TEST(ModelConfigPath, SeveralSnapshotsWithoutARefAreAmbiguous) {
    TempDir dir;
    dir.write("hub/models--A--b/snapshots/one/config.json", "{}");
    EXPECT_TRUE(find_model_config(query("A/b", {{"HF_HUB_CACHE", dir.path() + "/hub"}})));
    dir.write("hub/models--A--b/snapshots/two/config.json", "{}");
    EXPECT_FALSE(find_model_config(query("A/b", {{"HF_HUB_CACHE", dir.path() + "/hub"}})));
}

TEST(ModelConfigPath, HubChoiceOrdersTheCaches) {
    TempDir dir;
    dir.write("ms/models/A/b/config.json", "{}");
    dir.write("hub/models--A--b/refs/main", "r");
    dir.write("hub/models--A--b/snapshots/r/config.json", "{}");
    auto q = query("A/b", {{"MODELSCOPE_CACHE", dir.path() + "/ms"}, {"HF_HUB_CACHE", dir.path() + "/hub"}});
    EXPECT_EQ(find_model_config(q)->via, "ModelScope cache");
    q.hugging_face_first = true;
    EXPECT_EQ(find_model_config(q)->via, "Hugging Face cache");
}

TEST(ModelConfigPath, NothingForPathsThatAreNotThereOrNotIds) {
    EXPECT_FALSE(find_model_config(query("", {})));
    EXPECT_FALSE(find_model_config(query("/nonexistent/model", {{"HOME", "/nonexistent"}})));
    EXPECT_FALSE(find_model_config(query("a/b/c", {{"HOME", "/nonexistent"}})));
}

}  // namespace
}  // namespace preflight::facts

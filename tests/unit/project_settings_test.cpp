// .preflight.toml in a run: each checked path's nearest file, every distinct file read
// once however many paths of a walk it covers.
#include <filesystem>

#include <gtest/gtest.h>

#include "app/project_settings.hpp"
#include "temp_dir.hpp"

namespace preflight {
namespace {

using test_support::TempDir;

TEST(ProjectSettingsCache, ReadsEachFileOncePerRun) {
    TempDir repo;
    std::filesystem::create_directory(repo.path() + "/.git");
    repo.write(".preflight.toml", "exclude = [\"old\"]\n[[with]]\npaths = [\"scripts/*.sh\"]\nfiles = [\"ci/site.toml\"]\n");
    repo.write("sub/.preflight.toml", "exclude = [\"vendor\"]\n");
    std::vector<std::string> paths;
    for (int i = 0; i < 50; ++i) paths.push_back(repo.write("scripts/train" + std::to_string(i) + ".sh", "#!/bin/bash\n"));
    for (int i = 0; i < 20; ++i) paths.push_back(repo.write("sub/jobs/j" + std::to_string(i) + ".toml", "schema = 1\n"));
    // The same file through a link names it once too.
    std::filesystem::create_directory_symlink(repo.path() + "/scripts", repo.path() + "/linked");
    paths.push_back(repo.path() + "/linked/train0.sh");

    std::map<std::string, int> reads;
    app::ProjectSettingsCache cache([&](const std::filesystem::path& file) {
        ++reads[std::filesystem::canonical(file).string()];
        return app::read_project_settings_file(file);
    });
    for (const auto& p : paths) {
        auto cached = cache.for_path(p);
        ASSERT_TRUE(cached) << cached.error().message;
        auto direct = app::read_project_settings(p);
        ASSERT_TRUE(direct);
        // Identical to reading it afresh for this path.
        EXPECT_EQ((*cached)->file, direct->file) << p;
        EXPECT_EQ((*cached)->exclude.value, direct->exclude.value) << p;
        EXPECT_EQ((*cached)->with_files(p), direct->with_files(p)) << p;
    }
    auto top = std::filesystem::canonical(repo.path() + "/.preflight.toml").string();
    auto sub = std::filesystem::canonical(repo.path() + "/sub/.preflight.toml").string();
    EXPECT_EQ(reads, (std::map<std::string, int>{{top, 1}, {sub, 1}}));
    EXPECT_EQ((*cache.for_path(paths.front()))->with_files(paths.front()).size(), 1u);
    EXPECT_EQ((*cache.for_path(paths.back()))->exclude.value, std::vector<std::string>{"old"});
    EXPECT_EQ((*cache.for_path(repo.path() + "/sub/jobs/j0.toml"))->exclude.value, std::vector<std::string>{"vendor"});
}

TEST(ProjectSettingsCache, AnInvalidFileIsAnErrorForEveryPathItCovers) {
    TempDir repo;
    std::filesystem::create_directory(repo.path() + "/.git");
    repo.write(".preflight.toml", "strictt = true\n");
    auto a = repo.write("a.toml", "schema = 1\n"), b = repo.write("b.toml", "schema = 1\n");
    app::ProjectSettingsCache cache;
    EXPECT_FALSE(cache.for_path(a));
    EXPECT_FALSE(cache.for_path(b));
}

TEST(ProjectSettingsCache, NoFileIsTheDefaults) {
    TempDir repo;
    std::filesystem::create_directory(repo.path() + "/.git");
    int reads = 0;
    app::ProjectSettingsCache cache([&](const std::filesystem::path& file) {
        ++reads;
        return app::read_project_settings_file(file);
    });
    auto settings = cache.for_path(repo.write("a.toml", "schema = 1\n"));
    ASSERT_TRUE(settings);
    EXPECT_TRUE((*settings)->file.empty());
    EXPECT_EQ(reads, 0);
}

}  // namespace
}  // namespace preflight

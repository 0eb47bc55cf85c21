// Plugin trust as OpenSSH and sudo check it (plugin/trust.hpp), with real files:
// another user's plugin, a world-writable directory up the path, a symlink into
// another user's directory, and a PREFLIGHT_PLUGIN_PATH entry of the same kinds.
// Giving a file to another user needs root (the tests run as root here and in CI).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "plugin/discovery.hpp"
#include "plugin/loader.hpp"
#include "plugin/trust.hpp"
#include "temp_dir.hpp"

using namespace preflight;
using namespace preflight::plugin;
namespace fs = std::filesystem;

namespace {

constexpr uid_t kOtherUser = 4242;  // no account needed: chown takes a number

// A copy of the loader tests' good plugin at dir/rel, mode 0644, in 0755 directories.
std::string plant(const test_support::TempDir& dir, const std::string& rel) {
    fs::path to = fs::path(dir.path()) / rel;
    fs::create_directories(to.parent_path());
    for (fs::path p = to.parent_path(); p != fs::path(dir.path()).parent_path(); p = p.parent_path()) chmod(p.c_str(), 0755);
    fs::copy_file(std::string(PREFLIGHT_TEST_PLUGIN_DIR) + "/good/good.so", to);
    chmod(to.c_str(), 0644);
    return to.string();
}

#define REQUIRE_ROOT() \
    if (geteuid() != 0) GTEST_SKIP() << "giving a file to another user (chown) needs root; CI runs the tests as root"

std::string refused(const std::string& path) {
    auto r = load_plugin(path);
    return r ? std::string() : r.error().reason;
}

}  // namespace

TEST(PluginTrust, AnotherUsersFileIsRefused) {
    REQUIRE_ROOT();
    test_support::TempDir dir;
    std::string so = plant(dir, "p/good.so");
    ASSERT_EQ(refused(so), "");
    ASSERT_EQ(chown(so.c_str(), kOtherUser, 0), 0);
    EXPECT_EQ(refused(so), "the file is owned by uid 4242, neither root nor the effective user (uid 0)");
}

TEST(PluginTrust, AnotherUsersDirectoryAnywhereUpThePathIsRefused) {
    REQUIRE_ROOT();
    test_support::TempDir dir;
    std::string so = plant(dir, "a/b/good.so");
    ASSERT_EQ(chown((dir.path() + "/a").c_str(), kOtherUser, 0), 0);
    EXPECT_EQ(refused(so), fmt::format("directory {}/a is owned by uid 4242, neither root nor the effective user (uid 0)",
                                       fs::canonical(dir.path()).string()));
}

TEST(PluginTrust, AWorldWritableDirectoryUpThePathIsRefusedUnlessSticky) {
    test_support::TempDir dir;
    std::string so = plant(dir, "ww/sub/good.so");
    std::string ww = dir.path() + "/ww";
    chmod(ww.c_str(), 0777);
    EXPECT_EQ(refused(so), fmt::format("directory {} is writable by all users and not sticky", fs::canonical(ww).string()));
    // Sticky (as /tmp): only the owner of sub, who is trusted, may rename or replace it.
    chmod(ww.c_str(), 01777);
    EXPECT_EQ(refused(so), "");
    // Its own directory likewise.
    std::string sub = ww + "/sub";
    chmod(sub.c_str(), 0775);
    EXPECT_EQ(refused(so), "its directory is writable by its group and not sticky");
    chmod(sub.c_str(), 01775);
    EXPECT_EQ(refused(so), "");
}

TEST(PluginTrust, ASymlinkIsResolvedFirst) {
    REQUIRE_ROOT();
    test_support::TempDir dir;
    std::string real = plant(dir, "theirs/good.so");
    ASSERT_EQ(chown((dir.path() + "/theirs").c_str(), kOtherUser, 0), 0);
    fs::create_directories(dir.path() + "/mine");
    fs::create_symlink(real, dir.path() + "/mine/good.so");
    std::string why = refused(dir.path() + "/mine/good.so");
    EXPECT_EQ(why, fmt::format("resolved to {}: its directory is owned by uid 4242, neither root nor the effective user (uid 0)",
                               fs::canonical(real).string()));
}

TEST(PluginTrust, UntrustedPluginPathEntriesAreRefusedWhole) {
    test_support::TempDir dir;
    plant(dir, "open/good.so");
    std::string open = dir.path() + "/open";
    chmod(open.c_str(), 0777);
    setenv("PREFLIGHT_PLUGIN_PATH", open.c_str(), 1);
    auto dirs = plugin_search_path({}, false);
    unsetenv("PREFLIGHT_PLUGIN_PATH");
    PluginSet set = load_plugins(dirs);
    EXPECT_TRUE(set.plugins.empty());
    ASSERT_EQ(set.refusals.size(), 1u);
    EXPECT_EQ(set.refusals[0].path, open);
    EXPECT_EQ(set.refusals[0].reason,
              "plugin directory (PREFLIGHT_PLUGIN_PATH) not trusted: the directory is writable by all users");
    chmod(open.c_str(), 0755);
    set = load_plugins(dirs);
    EXPECT_EQ(set.plugins.size(), 1u);
    EXPECT_TRUE(set.refusals.empty());
}

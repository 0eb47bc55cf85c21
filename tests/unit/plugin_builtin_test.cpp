// Built-in plugins (plugin/builtin.hpp): tests/plugins/abi/test_plugin.c linked into
// this binary twice with renamed entry points, never dlopened. They pass the same
// gate as a file, come after every directory, and a file of the same name shadows one.
#include <gtest/gtest.h>

#include "plugin/builtin.hpp"
#include "plugin/collect.hpp"
#include "plugin/discovery.hpp"
#include "plugin/loader.hpp"
#include "plugin/memory_host.hpp"
#include "plugin/registry.hpp"

extern "C" const preflight_plugin* test_builtin_abi_entry(void);
extern "C" const preflight_plugin* test_builtin_newer_entry(void);

using namespace preflight;
using namespace preflight::plugin;

namespace {

std::string case_dir(const std::string& name) { return std::string(PREFLIGHT_TEST_PLUGIN_DIR) + "/" + name; }

}  // namespace

TEST(BuiltinPlugin, LoadsWithoutAFileAndCollects) {
    auto p = load_builtin_plugin({"abi", &test_builtin_abi_entry});
    ASSERT_TRUE(p) << p.error().describe();
    EXPECT_EQ(p->name, "abi");
    EXPECT_EQ(p->origin, "built in");
    EXPECT_EQ(p->path, "built-in abi");
    EXPECT_EQ(p->handle, nullptr);
    EXPECT_EQ(p->api, host_api());
    EXPECT_EQ(p->capabilities(), (std::vector<std::string>{"facts", "functions"}));
    MemoryHost host;
    host.files["/node/version.txt"] = "3.0\n";
    auto got = collect_facts(*p, host, [](const std::string&) { return version::Scheme::pep440; });
    ASSERT_TRUE(got) << got.error();
    ASSERT_FALSE(got->facts.empty());
    EXPECT_EQ(got->facts[0].name, "abi-layer");
    EXPECT_EQ(display(got->facts[0].fact.value), "3.0");
}

TEST(BuiltinPlugin, PassesTheSameVersionGateAsAFile) {
    auto r = load_builtin_plugin({"newer", &test_builtin_newer_entry});
    ASSERT_FALSE(r);
    std::string text = r.error().describe();
    EXPECT_NE(text.find("built-in newer: built for a newer minor"), std::string::npos) << text;
    EXPECT_NE(text.find("plugin API 1." + std::to_string(PREFLIGHT_PLUGIN_API_MINOR + 1)), std::string::npos) << text;
    EXPECT_NE(text.find("preflight API " + host_api()), std::string::npos) << text;
    // Registered under one name, a descriptor naming another is refused.
    auto misnamed = load_builtin_plugin({"other", &test_builtin_abi_entry});
    ASSERT_FALSE(misnamed);
    EXPECT_NE(misnamed.error().reason.find("registered as other but its descriptor names abi"), std::string::npos);
    EXPECT_FALSE(load_builtin_plugin({"abi", nullptr}));
}

TEST(BuiltinPlugin, ComesAfterEveryDirectoryAndAFileOfItsNameShadowsIt) {
    // This process's own set is fixed first, so the registration below stays in this test.
    active_plugins();
    register_builtin_plugin("abi", &test_builtin_abi_entry);
    ASSERT_FALSE(builtin_plugins().empty());
    EXPECT_EQ(builtin_plugins().back().name, "abi");
    EXPECT_EQ(builtin_plugins().back().entry, &test_builtin_abi_entry);

    PluginSet alone = load_plugins({{"/nonexistent/plugins", "installed"}}, builtin_plugins());
    ASSERT_EQ(alone.plugins.size(), 1u);
    EXPECT_EQ(alone.plugins[0].origin, "built in");
    EXPECT_TRUE(alone.refusals.empty());

    // good.so is also named "abi": the file is taken, the built-in left out without a word.
    PluginSet shadowed = load_plugins({{case_dir("good"), "--plugin-dir"}}, builtin_plugins());
    ASSERT_EQ(shadowed.plugins.size(), 1u);
    EXPECT_NE(shadowed.plugins[0].path.find("/good/good.so"), std::string::npos);
    EXPECT_EQ(shadowed.plugins[0].origin, "--plugin-dir");
    EXPECT_NE(shadowed.plugins[0].handle, nullptr);
    EXPECT_TRUE(shadowed.refusals.empty());
    EXPECT_TRUE(shadowed.notes.empty());

    // A refused built-in is a refusal like a file's, after the files'.
    PluginSet gated = load_plugins({{case_dir("no_entry"), "--plugin-dir"}}, {{"newer", &test_builtin_newer_entry}});
    EXPECT_TRUE(gated.plugins.empty());
    ASSERT_EQ(gated.refusals.size(), 2u);
    EXPECT_EQ(gated.refusals[1].path, "built-in newer");
}

// The plugin ABI through real .so files (tests/plugins): the version gate, refusals,
// a collector against the in-memory host, and functions in the rule language.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "fake_world.hpp"
#include "lang/compiler.hpp"
#include "lang/evaluator.hpp"
#include "lang/functions.hpp"
#include "plugin/collect.hpp"
#include "plugin/discovery.hpp"
#include "plugin/functions.hpp"
#include "plugin/loader.hpp"
#include "plugin/memory_host.hpp"
#include "plugin/real_host.hpp"
#include "temp_dir.hpp"

using namespace preflight;
using namespace preflight::plugin;
namespace fs = std::filesystem;

namespace {

std::string case_file(const std::string& name) {
    return std::string(PREFLIGHT_TEST_PLUGIN_DIR) + "/" + name + "/" + name + ".so";
}

version::Scheme loader_scheme(const std::string&) { return version::Scheme::pep440; }

const Plugin& good() {
    static const Plugin p = [] {
        auto loaded = load_plugin(case_file("good"));
        EXPECT_TRUE(loaded) << loaded.error().describe();
        register_functions(*loaded);
        return *loaded;
    }();
    return p;
}

}  // namespace

TEST(PluginLoader, LoadsARealPluginAndReadsItsDescriptor) {
    const Plugin& p = good();
    EXPECT_EQ(p.name, "abi");
    EXPECT_EQ(p.version, "0.0.1");
    EXPECT_EQ(p.api, host_api());
    EXPECT_EQ(p.capabilities(), (std::vector<std::string>{"facts", "functions"}));
    ASSERT_EQ(p.functions.size(), 2u);
    EXPECT_EQ(p.functions[0].name, "abi_twice");
    EXPECT_EQ(p.provides, std::vector<std::string>{"abi-layer"});
}

TEST(PluginLoader, VersionGate) {
    // The host's major only, and a minor no newer than the host's.
    EXPECT_EQ(version_gate(PREFLIGHT_PLUGIN_API_MAJOR, PREFLIGHT_PLUGIN_API_MINOR), "");
    EXPECT_NE(version_gate(PREFLIGHT_PLUGIN_API_MAJOR, PREFLIGHT_PLUGIN_API_MINOR + 1), "");
    EXPECT_NE(version_gate(PREFLIGHT_PLUGIN_API_MAJOR + 1, 0), "");
    EXPECT_NE(version_gate(PREFLIGHT_PLUGIN_API_MAJOR - 1, PREFLIGHT_PLUGIN_API_MINOR), "");
    // A plugin built for an older minor of this major is accepted by a newer host.
    EXPECT_EQ(version_gate(1, 0, 1, 3), "");
    EXPECT_EQ(version_gate(1, 3, 1, 3), "");
    EXPECT_NE(version_gate(1, 4, 1, 3), "");
    EXPECT_NE(version_gate(2, 0, 1, 3), "");
}

TEST(PluginLoader, NewerMinorIsRefusedNamingBothVersions) {
    auto r = load_plugin(case_file("newer_minor"));
    ASSERT_FALSE(r);
    std::string text = r.error().describe();
    EXPECT_NE(text.find("newer_minor.so"), std::string::npos) << text;
    EXPECT_NE(text.find("plugin API 1." + std::to_string(PREFLIGHT_PLUGIN_API_MINOR + 1)), std::string::npos) << text;
    EXPECT_NE(text.find("preflight API " + host_api()), std::string::npos) << text;
}

TEST(PluginLoader, OtherMajorIsRefused) {
    auto r = load_plugin(case_file("other_major"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().plugin_api,
              std::to_string(PREFLIGHT_PLUGIN_API_MAJOR + 1) + "." + std::to_string(PREFLIGHT_PLUGIN_API_MINOR));
    EXPECT_NE(r.error().reason.find("major"), std::string::npos);
}

TEST(PluginLoader, MissingEntryPointIsRefused) {
    auto r = load_plugin(case_file("no_entry"));
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().reason.find(PREFLIGHT_PLUGIN_ENTRY_NAME), std::string::npos) << r.error().describe();
    EXPECT_TRUE(r.error().plugin_api.empty());
}

TEST(PluginLoader, NotALibraryIsRefused) {
    test_support::TempDir dir;
    auto r = load_plugin(dir.write("junk.so", "not an ELF file"));
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().reason.find("cannot load"), std::string::npos);
}

TEST(PluginLoader, GroupOrWorldWritablePluginIsRefused) {
    test_support::TempDir dir;
    fs::create_directories(dir.path() + "/p");
    std::string copy = dir.path() + "/p/good.so";
    fs::copy_file(case_file("good"), copy);
    chmod(copy.c_str(), 0664);
    auto r = load_plugin(copy);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().reason.find("the file is writable by its group"), std::string::npos) << r.error().describe();
    chmod(copy.c_str(), 0644);
    chmod((dir.path() + "/p").c_str(), 0777);
    r = load_plugin(copy);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().reason.find("its directory is writable by all users"), std::string::npos) << r.error().describe();
    chmod((dir.path() + "/p").c_str(), 0755);
    EXPECT_TRUE(load_plugin(copy));
}

TEST(PluginLoader, DiscoveryTakesTheFirstOfANameAndKeepsRefusals) {
    std::vector<SearchDir> dirs;
    for (const char* c : {"newer_minor", "good", "good_twin", "no_entry"})
        dirs.push_back({std::string(PREFLIGHT_TEST_PLUGIN_DIR) + "/" + c, "--plugin-dir"});
    dirs.push_back({"/nonexistent/plugins", "installed"});
    PluginSet set = load_plugins(dirs);
    ASSERT_EQ(set.plugins.size(), 1u);
    EXPECT_NE(set.plugins[0].path.find("/good/good.so"), std::string::npos);
    ASSERT_EQ(set.refusals.size(), 3u);
    EXPECT_NE(set.refusals[1].reason.find("already loaded"), std::string::npos);
    // The twin was opened to read its name, and closed again.
    void* twin = dlopen(case_file("good_twin").c_str(), RTLD_NOW | RTLD_NOLOAD);
    EXPECT_EQ(twin, nullptr) << "the refused twin is still loaded";
    if (twin) dlclose(twin);
}

TEST(PluginLoader, SearchPathOrder) {
    setenv("PREFLIGHT_PLUGIN_PATH", "/a:/b", 1);
    auto dirs = plugin_search_path({"/cli"}, true, "/opt/pf/bin/preflight");
    unsetenv("PREFLIGHT_PLUGIN_PATH");
    ASSERT_EQ(dirs.size(), 4u);  // not inside the build tree: no build-tree entry
    EXPECT_EQ(dirs[0].path, "/cli");
    EXPECT_EQ(dirs[1].path, "/a");
    EXPECT_EQ(dirs[2].from, "PREFLIGHT_PLUGIN_PATH");
    EXPECT_EQ(dirs[3].path, "/opt/pf/lib/preflight/plugins");
    auto in_tree = plugin_search_path({}, true, std::string(PREFLIGHT_BINARY_DIR) + "/preflight");
    ASSERT_FALSE(in_tree.empty());
    EXPECT_EQ(in_tree.back().from, "build tree");
}

TEST(PluginCollector, ReadsTheInMemoryHostThroughEveryCallback) {
    MemoryHost host;
    host.files["/node/version.txt"] = "2.1.0\n";
    host.files["/node/sub/x"] = "";
    host.tools["abi-tool --flag"] = ToolRun{"tool says hi", 0};
    host.env["ABI_HOME"] = "/home/abi";
    auto got = collect_facts(good(), host, loader_scheme);
    ASSERT_TRUE(got) << got.error();
    std::map<std::string, std::string> facts;
    for (const auto& f : got->facts) facts[f.name] = display(f.fact.value);
    EXPECT_EQ(facts["abi-layer"], "2.1.0");
    EXPECT_EQ(facts["abi.node_entries"], "2");
    EXPECT_EQ(facts["abi.tool"], "tool says hi");
    EXPECT_EQ(facts["abi.home"], "/home/abi");
    EXPECT_EQ(got->facts[0].fact.origin.where.file, "/node/version.txt");
    EXPECT_EQ(got->facts[0].fact.origin.kind, OriginKind::probe);
    // A value that does not parse as its type is dropped with a warning, not taken.
    EXPECT_FALSE(facts.count("abi-broken"));
    ASSERT_EQ(got->warnings.size(), 1u);
    EXPECT_NE(got->warnings[0].find("abi-broken"), std::string::npos);
    EXPECT_EQ(host.tool_calls, std::vector<std::string>{"abi-tool --flag"});
}

TEST(PluginCollector, AnErrorIsAValueWithThePluginsMessage) {
    MemoryHost host;
    host.settings["abi.fail"] = "disk on fire";
    auto got = collect_facts(good(), host, loader_scheme);
    ASSERT_FALSE(got);
    EXPECT_NE(got.error().find("asked to fail: disk on fire"), std::string::npos) << got.error();
    EXPECT_NE(got.error().find("abi"), std::string::npos);
}

TEST(PluginFunctions, AreTypeCheckedAndEvaluatedLikeBuiltIns) {
    good();
    test_support::FakeWorld world;
    world.types["parallel.tp"] = {lang::TypeKind::integer};
    world.facts["parallel.tp"] = Value(std::int64_t{4});
    auto e = lang::compile("abi_twice(parallel.tp) == 8", world, lang::Type{lang::TypeKind::boolean});
    ASSERT_TRUE(e) << e.error().message;
    EXPECT_EQ(display(lang::evaluate(*e, world)), "true");
    auto greet = lang::compile("abi_greet('you', version('1.2'))", world);
    ASSERT_TRUE(greet) << greet.error().message;
    EXPECT_EQ(display(lang::evaluate(*greet, world)), "hello you at 1.2");
    // Wrong argument types are load-time errors naming the plugin.
    auto bad = lang::compile("abi_twice('x') == 2", world, lang::Type{lang::TypeKind::boolean});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("argument 1 must be int, not string (plugin abi)"), std::string::npos)
        << bad.error().message;
    // The plugin's error leaves the call unknown, with its message.
    auto negative = lang::compile("abi_twice(-1)", world);
    ASSERT_TRUE(negative);
    Value v = lang::evaluate(*negative, world);
    ASSERT_TRUE(v.is_unknown());
    ASSERT_EQ(v.get<Unknown>()->reasons.size(), 1u);
    EXPECT_EQ(*v.get<Unknown>()->reasons.begin(), "abi_twice() of plugin abi: n must not be negative, got -1");
    // An argument the checker could not type is checked again before it crosses.
    world.types["loose"] = {lang::TypeKind::any};
    world.facts["loose"] = Value("text");
    auto loose = lang::compile("abi_twice(loose)", world);
    ASSERT_TRUE(loose) << loose.error().message;
    v = lang::evaluate(*loose, world);
    ASSERT_TRUE(v.is_unknown());
    EXPECT_EQ(*v.get<Unknown>()->reasons.begin(), "abi_twice() of plugin abi: argument 1 is not int");
}

TEST(PluginFunctions, AnUnprovidedPluginFunctionNamesThePlugin) {
    test_support::FakeWorld world;
    auto e = lang::compile("example_answer('x') == 42", world, lang::Type{lang::TypeKind::boolean});
    ASSERT_FALSE(e);
    EXPECT_NE(e.error().message.find("unknown function 'example_answer'"), std::string::npos);
    EXPECT_NE(e.error().message.find("from the plugin 'example'"), std::string::npos) << e.error().message;
    // A misspelt built-in is not blamed on a plugin.
    auto builtin = lang::compile("starts_wit('a', 'b')", world);
    ASSERT_FALSE(builtin);
    EXPECT_EQ(builtin.error().message, "unknown function 'starts_wit'");
}

TEST(RealHost, RunsAToolWithATimeLimitAndNoShell) {
    RealHost host(std::map<std::string, std::string>{{"k", "v"}});
    auto echo = host.run_tool({"echo", "a;b"}, std::chrono::milliseconds(5000));
    ASSERT_TRUE(echo);
    EXPECT_EQ(echo->output, "a;b\n");
    EXPECT_EQ(echo->exit_status, 0);
    auto slow = host.run_tool({"sleep", "5"}, std::chrono::milliseconds(100));
    ASSERT_TRUE(slow);
    EXPECT_TRUE(slow->timed_out);
    EXPECT_FALSE(host.run_tool({"preflight-no-such-tool-here"}, std::chrono::milliseconds(100)));
    auto failing = host.run_tool({"false"}, std::chrono::milliseconds(5000));
    ASSERT_TRUE(failing);
    EXPECT_EQ(failing->exit_status, 1);
    EXPECT_EQ(host.setting("k"), "v");
    EXPECT_FALSE(host.setting("other"));
}

TEST(RealHost, TheTimeLimitHoldsAfterAToolClosesItsStdout) {
    // Once stdout closes the run is not over: a tool that keeps running is killed at
    // the deadline all the same, with what it printed kept.
    RealHost host;
    auto start = std::chrono::steady_clock::now();
    auto run = host.run_tool({"sh", "-c", "echo early; exec >&-; sleep 20"}, std::chrono::milliseconds(300));
    auto took = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(run);
    EXPECT_TRUE(run->timed_out);
    EXPECT_EQ(run->output, "early\n");
    EXPECT_LT(took, std::chrono::seconds(5));
    // A tool that closes stdout and then exits in time is not a timeout.
    auto quick = host.run_tool({"sh", "-c", "exec >&-; sleep 0.05; exit 3"}, std::chrono::milliseconds(5000));
    ASSERT_TRUE(quick);
    EXPECT_FALSE(quick->timed_out);
    EXPECT_EQ(quick->exit_status, 3);
}

TEST(HostBridge, AFilePastTheReadLimitIsTooLarge) {
    MemoryHost memory;
    memory.files["/big"] = std::string(Host::max_file_size + 1, 'x');
    memory.files["/fits"] = std::string(Host::max_file_size, 'x');
    HostBridge bridge(memory);
    const preflight_host* c = bridge.get();
    const char* data = nullptr;
    std::size_t size = 0;
    EXPECT_EQ(c->read_file(c->context, "/big", &data, &size), PREFLIGHT_TOO_LARGE);
    EXPECT_EQ(c->read_file(c->context, "/fits", &data, &size), PREFLIGHT_OK);
    EXPECT_EQ(size, Host::max_file_size);
    EXPECT_EQ(c->read_file(c->context, "/missing", &data, &size), PREFLIGHT_NOT_FOUND);

    // The real host stops one byte past the limit, and reads no device.
    test_support::TempDir dir;
    std::string sparse = dir.write("sparse", "");
    ASSERT_EQ(truncate(sparse.c_str(), static_cast<off_t>(Host::max_file_size) * 4), 0);
    RealHost real;
    auto text = real.read_file(sparse);
    ASSERT_TRUE(text);
    EXPECT_EQ(text->size(), Host::max_file_size + 1);
    HostBridge real_bridge(real);
    EXPECT_EQ(real_bridge.get()->read_file(real_bridge.get()->context, sparse.c_str(), &data, &size), PREFLIGHT_TOO_LARGE);
    EXPECT_FALSE(real.read_file("/dev/zero"));
}

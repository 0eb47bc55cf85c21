// A plugin's fact collector in its own process (plugin/isolated_collect.hpp): the
// same facts as in this process, and a collector that hangs or crashes reported by
// name while the probe goes on with everyone else's facts.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>

#include <fmt/format.h>

#include "facts/live_probe.hpp"
#include "plugin/collect.hpp"
#include "plugin/discovery.hpp"
#include "plugin/isolated_collect.hpp"
#include "plugin/memory_host.hpp"
#include "temp_dir.hpp"

using namespace preflight;
using namespace preflight::plugin;

namespace {

version::Scheme isolation_scheme(const std::string&) { return version::Scheme::pep440; }

Plugin load_case(const std::string& name) {
    auto loaded = load_plugin(std::string(PREFLIGHT_TEST_PLUGIN_DIR) + "/" + name + "/" + name + ".so");
    EXPECT_TRUE(loaded) << loaded.error().describe();
    return loaded ? *loaded : Plugin{};
}

std::vector<std::string> rendered(const Collection& c) {
    std::vector<std::string> out;
    for (const auto& f : c.facts)
        out.push_back(
            fmt::format("{} {} = {} from {}", static_cast<int>(f.kind), f.name, display(f.fact.value), f.fact.origin.where.file));
    out.insert(out.end(), c.warnings.begin(), c.warnings.end());
    return out;
}

}  // namespace

TEST(PluginIsolation, AChildCollectsWhatThisProcessWould) {
    Plugin good = load_case("good");
    MemoryHost host;
    host.files["/node/version.txt"] = "2.1.0\n";
    host.tools["abi-tool --flag"] = ToolRun{"tool says hi", 0};
    host.env["ABI_HOME"] = "/home/abi";
    auto here = collect_facts(good, host, isolation_scheme);
    auto there = collect_facts_isolated(good, host, isolation_scheme);
    ASSERT_TRUE(here) << here.error();
    ASSERT_TRUE(there) << there.error();
    EXPECT_EQ(rendered(*there), rendered(*here));
    EXPECT_EQ(there->facts.size(), 4u);
    host.settings["abi.fail"] = "disk on fire";
    EXPECT_EQ(collect_facts_isolated(good, host, isolation_scheme).error(), collect_facts(good, host, isolation_scheme).error());
}

TEST(PluginIsolation, AHangingCollectorTimesOutByName) {
    Plugin hangs = load_case("hangs");
    MemoryHost host;
    auto start = std::chrono::steady_clock::now();
    auto got = collect_facts_isolated(hangs, host, isolation_scheme, std::chrono::milliseconds(300));
    auto took = std::chrono::steady_clock::now() - start;
    ASSERT_FALSE(got);
    EXPECT_EQ(got.error(), "plugin hangs: timed out after 0.3 s");
    EXPECT_LT(took, std::chrono::seconds(5));
    got = collect_facts_isolated(hangs, host, isolation_scheme, std::chrono::seconds(1));
    EXPECT_EQ(got.error(), "plugin hangs: timed out after 1 s");
}

TEST(PluginIsolation, ACrashingCollectorIsReportedByNameAndSignal) {
    Plugin crashes = load_case("crashes");
    MemoryHost host;
    auto got = collect_facts_isolated(crashes, host, isolation_scheme);
    ASSERT_FALSE(got);
    EXPECT_EQ(got.error(), "plugin crashes: crashed with SIGSEGV");
    EXPECT_EQ(signal_name(SIGKILL), "SIGKILL");
}

TEST(PluginIsolation, TheProbeGoesOnWithoutTheFailedPluginsFacts) {
    test_support::TempDir dir;
    dir.write("site/.keep", "");
    PluginSet set;
    set.plugins = {load_case("hangs"), load_case("crashes"), load_case("good")};
    facts::ProbeOptions options;
    options.site_packages = {dir.path() + "/site"};
    options.ascend_root = dir.path() + "/none";
    options.ascend_install_info = dir.path() + "/none.info";
    options.plugins = &set;
    options.plugin_deadline = std::chrono::milliseconds(500);
    auto node = facts::probe_node(options, isolation_scheme);
    ASSERT_TRUE(node.has_value());
    std::vector<std::string> failed, values;
    for (const auto& f : node->findings) {
        if (f.code == "probe-plugin-failed") failed.push_back(f.message);
        if (f.code == "probe-plugin-value") values.push_back(f.message);
    }
    EXPECT_EQ(failed, (std::vector<std::string>{"plugin hangs: timed out after 0.5 s", "plugin crashes: crashed with SIGSEGV"}));
    // What the failed collectors emitted before they failed is not taken.
    EXPECT_FALSE(node->hardware.count("hangs.before"));
    EXPECT_FALSE(node->hardware.count("crashes.before"));
    // The good plugin ran after them (on this node it finds only its broken value).
    EXPECT_EQ(values,
              std::vector<std::string>{"plugin abi emitted abi-broken with a value that does not parse as its type; ignored"});
}

#include <gtest/gtest.h>

#include "fleet/check_key.hpp"
#include "fleet/fact_tally.hpp"
#include "version/version.hpp"

using namespace preflight;

namespace {

Fact version_fact(const std::string& text) {
    return Fact{Value(*version::Version::parse(version::Scheme::pep440, text)), Origin{OriginKind::probe, {}, {}}};
}

facts::NodeFacts node_with(const std::string& torch, const std::string& alloc_conf = "") {
    facts::NodeFacts node;
    node.packages["torch"] = version_fact(torch);
    node.packages["numpy"] = version_fact("2.1.0");
    node.env["HOSTNAME"] = Fact{Value(std::string("host-" + torch)), {}};  // differs everywhere; no rule reads it
    if (!alloc_conf.empty()) node.env["PYTORCH_NPU_ALLOC_CONF"] = Fact{Value(alloc_conf), {}};
    node.env_complete = true;
    node.packages_complete = true;
    return node;
}

}  // namespace

TEST(FleetTally, NamesTheMajorityAndTheDifferingNodes) {
    fleet::FactTally tally({FactRef::package("torch"), FactRef::env("PYTORCH_NPU_ALLOC_CONF")});
    EXPECT_TRUE(tally.add("n1", node_with("2.5.1", "expandable_segments:True")));
    EXPECT_TRUE(tally.add("n2", node_with("2.4.0", "expandable_segments:True")));
    EXPECT_TRUE(tally.add("n3", node_with("2.5.1")));
    EXPECT_FALSE(tally.add("n1", node_with("1.0.0")));  // a second bundle of n1 counts nothing
    auto drift = tally.drift();
    ASSERT_EQ(drift.size(), 2u);  // numpy agrees; HOSTNAME is read by no rule
    EXPECT_EQ(drift[0].fact, "env PYTORCH_NPU_ALLOC_CONF");
    EXPECT_TRUE(drift[0].read_by_rules);
    EXPECT_EQ(drift[0].majority.value, "expandable_segments:True");
    EXPECT_EQ(drift[0].majority.nodes, (std::vector<fleet::NodeIndex>{0, 1}));
    ASSERT_EQ(drift[0].others.size(), 1u);
    EXPECT_EQ(drift[0].others[0].value, "unset");
    EXPECT_EQ(drift[0].others[0].nodes, (std::vector<fleet::NodeIndex>{2}));
    EXPECT_EQ(drift[1].fact, "pkg torch");
    EXPECT_EQ(drift[1].majority.value, "2.5.1");
    EXPECT_EQ(drift[1].others[0].nodes, (std::vector<fleet::NodeIndex>{1}));
}

TEST(FleetTally, APackageOneNodeLacksIsNotInstalledThereAndUnreadDriftDoesNotCountAsRead) {
    fleet::FactTally tally({});
    auto with_extra = node_with("2.5.1");
    with_extra.packages["tqdm"] = version_fact("4.66.0");
    tally.add("a", node_with("2.5.1"));
    tally.add("b", with_extra);
    tally.add("c", node_with("2.5.1"));
    auto drift = tally.drift();
    ASSERT_EQ(drift.size(), 1u);
    EXPECT_EQ(drift[0].fact, "pkg tqdm");
    EXPECT_FALSE(drift[0].read_by_rules);
    EXPECT_EQ(drift[0].majority.value, "not installed");
    EXPECT_EQ(drift[0].majority.nodes, (std::vector<fleet::NodeIndex>{0, 2}));
    EXPECT_EQ(drift[0].others[0].value, "4.66.0");
}

TEST(FleetTally, AReservedLayerANodesProbeCouldNotSeeIsUnknownThereNotNotInstalled) {
    fleet::FactTally tally({FactRef::package("cann")});
    auto with_cann = [](const std::string& version) {
        auto node = node_with("2.5.1");
        node.packages["cann"] = Fact{Value(*version::Version::parse(version::Scheme::cann, version)), {}};
        return node;
    };
    auto blind = node_with("2.5.1");  // no plugin covered CANN on this node
    blind.uncovered = {"cann", "cuda"};
    auto partial = node_with("2.5.1");  // a listing that is not the whole node
    partial.packages_complete = false;
    tally.add("n1", with_cann("8.0.RC3"));
    tally.add("n2", with_cann("8.0.RC3"));
    tally.add("n3", blind);
    tally.add("n4", node_with("2.5.1"));  // covered, and none there
    tally.add("n5", partial);
    tally.add("n6", with_cann("8.0.RC2"));
    auto drift = tally.drift();
    ASSERT_EQ(drift.size(), 1u);
    EXPECT_EQ(drift[0].fact, "pkg cann");
    EXPECT_TRUE(drift[0].read_by_rules);
    EXPECT_EQ(drift[0].majority.value, "8.0.RC3");
    ASSERT_EQ(drift[0].others.size(), 3u);
    EXPECT_EQ(drift[0].others[0].value, "unknown");
    EXPECT_EQ(drift[0].others[0].nodes, (std::vector<fleet::NodeIndex>{2, 4}));
    // One node each, in text order: the release ahead of "not installed".
    EXPECT_EQ(drift[0].others[1].value, "8.0.RC2");
    EXPECT_EQ(drift[0].others[2].value, "not installed");
    EXPECT_EQ(drift[0].others[2].nodes, (std::vector<fleet::NodeIndex>{3}));
}

TEST(FleetTally, AHookLibraryThatDiffersIsOneDriftByItsSha256EvenWhenARuleReadsOnlyItsMd5) {
    fleet::FactTally tally({FactRef::config("binary.hook.so.md5")});
    auto with_hook = [](const std::string& build) {
        auto node = node_with("2.5.1");
        node.hardware["binary.hook.so.sha256"] = Fact{Value("sha-" + build), {}};
        node.hardware["binary.hook.so.md5"] = Fact{Value("md5-" + build), {}};
        return node;
    };
    tally.add("n1", with_hook("a"));
    tally.add("n2", with_hook("a"));
    tally.add("n3", with_hook("b"));
    auto drift = tally.drift();
    ASSERT_EQ(drift.size(), 1u);
    EXPECT_EQ(drift[0].fact, "binary.hook.so.sha256");
    EXPECT_TRUE(drift[0].read_by_rules);
    EXPECT_EQ(drift[0].others[0].value, "sha-b");
}

TEST(FleetCheckKey, IgnoresVariablesNoRuleReadsOnly) {
    const std::set<FactRef> read = {FactRef::env("PYTORCH_NPU_ALLOC_CONF")};
    auto a = node_with("2.5.1", "x");
    auto b = node_with("2.5.1", "x");
    b.env["HOSTNAME"] = Fact{Value(std::string("elsewhere")), {}};
    EXPECT_EQ(fleet::check_key(a, read), fleet::check_key(b, read));
    EXPECT_NE(fleet::check_key(a, read), fleet::check_key(node_with("2.5.1", "y"), read));
    EXPECT_NE(fleet::check_key(a, read), fleet::check_key(node_with("2.5.1"), read));
    EXPECT_NE(fleet::check_key(a, read), fleet::check_key(node_with("2.4.0", "x"), read));
    b.packages["tqdm"] = version_fact("4.66.0");
    EXPECT_NE(fleet::check_key(a, read), fleet::check_key(b, read));
}

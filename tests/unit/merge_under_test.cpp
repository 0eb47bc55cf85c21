// merge_under: a --with file fills what the launch leaves out; the launch wins a
// disagreement, which becomes a warning at the launch's place.
#include <gtest/gtest.h>

#include "config/merge_under.hpp"

namespace preflight::config {
namespace {

Fact at(Value v, const std::string& file, int line) {
    return Fact{std::move(v), Origin{OriginKind::job, Location{file, line, 1}, {}}};
}
Fact table_default(Value v) { return Fact{std::move(v), Origin{OriginKind::default_value, {}, {}}}; }

TEST(MergeUnder, FillsWhatTheLaunchLeavesOutOrLeavesAtADefault) {
    RunConfig launch, site;
    launch.values["parallel.tp"] = at(Value(2), "train.sh", 12);
    launch.values["hardware.nodes"] = table_default(Value(1));
    site.values["hardware.accelerator"] = at(Value("npu"), "site.toml", 3);
    site.values["hardware.nodes"] = at(Value(4), "site.toml", 4);
    site.values["parallel.pp"] = table_default(Value(1));
    site.packages["torch"] = at(Value("2.9.0"), "site.toml", 8);
    merge_under(launch, site);
    EXPECT_EQ(launch.values.at("hardware.accelerator").value, Value("npu"));
    EXPECT_EQ(launch.values.at("hardware.nodes").value, Value(4));
    EXPECT_EQ(launch.values.at("hardware.nodes").origin.where.file, "site.toml");
    EXPECT_FALSE(launch.values.count("parallel.pp")) << "a default of the partial file sets nothing";
    EXPECT_EQ(launch.packages.at("torch").value, Value("2.9.0"));
    EXPECT_TRUE(launch.diagnostics.empty());
}

TEST(MergeUnder, TheLaunchWinsAndADisagreementIsAWarning) {
    RunConfig launch, site;
    launch.values["parallel.tp"] = at(Value(2), "train.sh", 12);
    launch.env["NPROC_PER_NODE"] = at(Value("8"), "train.sh", 9);
    site.values["parallel.tp"] = at(Value(4), "site.toml", 5);
    site.env["NPROC_PER_NODE"] = at(Value("8"), "site.toml", 6);
    merge_under(launch, site);
    EXPECT_EQ(launch.values.at("parallel.tp").value, Value(2));
    ASSERT_EQ(launch.diagnostics.size(), 1u);
    const auto& d = launch.diagnostics[0];
    EXPECT_EQ(d.code, "with-conflict");
    EXPECT_EQ(d.severity, Severity::warning);
    EXPECT_EQ(d.location.file, "train.sh");
    EXPECT_EQ(d.location.line, 12);
    EXPECT_EQ(d.message, "the launch gives parallel.tp = 2, site.toml:5 gives 4; the launch's value is used");
}

TEST(MergeUnder, FillsALaunchValueThatCouldNotBeRead) {
    RunConfig launch, site;
    launch.values["parallel.ep"] = at(Value::unknown_because("command substitution"), "train.sh", 3);
    site.values["parallel.ep"] = at(Value(4), "site.toml", 2);
    merge_under(launch, site);
    EXPECT_EQ(launch.values.at("parallel.ep").value, Value(4));
    EXPECT_EQ(launch.values.at("parallel.ep").origin.where.file, "site.toml");
    EXPECT_TRUE(launch.diagnostics.empty());
}

}  // namespace
}  // namespace preflight::config

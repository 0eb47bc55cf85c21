// What `check PATH…` walks: .gitignore patterns as git reads them, job files told from
// other TOML, and a deterministic order.
#include <filesystem>

#include <gtest/gtest.h>

#include "app/check_inputs.hpp"
#include "output/test_results.hpp"
#include "temp_dir.hpp"
#include "util/gitignore.hpp"

namespace preflight {
namespace {

using test_support::TempDir;

TEST(Gitignore, NamesWithoutASlashMatchAtAnyDepth) {
    util::IgnoreRules rules;
    rules.add("*.log\n# a comment\n\nbuild/\n", "");
    EXPECT_TRUE(rules.ignored("a.log", false));
    EXPECT_TRUE(rules.ignored("deep/er/a.log", false));
    EXPECT_FALSE(rules.ignored("a.toml", false));
    EXPECT_TRUE(rules.ignored("x/build", true));
    EXPECT_FALSE(rules.ignored("x/build", false)) << "a trailing slash matches directories only";
}

TEST(Gitignore, ASlashAnchorsThePatternAtItsFile) {
    util::IgnoreRules rules;
    rules.add("/top.toml\ndocs/*.toml\n", "");
    EXPECT_TRUE(rules.ignored("top.toml", false));
    EXPECT_FALSE(rules.ignored("sub/top.toml", false));
    EXPECT_TRUE(rules.ignored("docs/a.toml", false));
    EXPECT_FALSE(rules.ignored("docs/sub/a.toml", false)) << "* does not cross a slash";
    EXPECT_FALSE(rules.ignored("x/docs/a.toml", false));
}

TEST(Gitignore, DoubleStarSegmentsAndNegation) {
    util::IgnoreRules rules;
    rules.add("**/gen/**\n*.sh\n!keep.sh\n", "");
    EXPECT_TRUE(rules.ignored("gen/a.toml", false));
    EXPECT_TRUE(rules.ignored("a/b/gen/c/d.toml", false));
    EXPECT_TRUE(rules.ignored("x.sh", false));
    EXPECT_FALSE(rules.ignored("dir/keep.sh", false)) << "the last matching pattern decides";
}

TEST(Gitignore, ADeeperFileIsMatchedRelativeToItsDirectory) {
    util::IgnoreRules rules;
    rules.add("*.toml\n", "");
    rules.add("!/job.toml\n", "sub");
    EXPECT_TRUE(rules.ignored("other.toml", false));
    EXPECT_FALSE(rules.ignored("sub/job.toml", false));
    EXPECT_TRUE(rules.ignored("sub/deeper/job.toml", false));
}

TEST(Gitignore, EscapesAndTrailingSpaces) {
    util::IgnoreRules rules;
    rules.add("\\#hash\n\\!bang\nspaced   \n", "");
    EXPECT_TRUE(rules.ignored("#hash", false));
    EXPECT_TRUE(rules.ignored("!bang", false));
    EXPECT_TRUE(rules.ignored("spaced", false));
}

TEST(Gitignore, ManyDoubleStarsStayFast) {
    // Segment-wise matching is quadratic at worst: a hostile pattern cannot stall a walk.
    util::IgnoreRules rules;
    std::string pattern;
    for (int i = 0; i < 200; ++i) pattern += "**/";
    rules.add(pattern + "x\n", "");
    std::string path;
    for (int i = 0; i < 200; ++i) path += "d/";
    EXPECT_FALSE(rules.ignored(path + "y", false));
    EXPECT_TRUE(rules.ignored(path + "x", false));
}

TEST(CheckInputs, AJobDeclaresSchemaBeforeItsFirstTable) {
    EXPECT_TRUE(app::declares_schema("# job\nschema = 1\n[job]\n"));
    EXPECT_TRUE(app::declares_schema("  schema=1"));
    EXPECT_FALSE(app::declares_schema("[tool.x]\nschema = 1\n"));
    EXPECT_FALSE(app::declares_schema("schemas = 1\n"));
    EXPECT_FALSE(app::declares_schema("[[waive]]\nrule = \"x\"\n"));
}

TEST(CheckInputs, WalksInNameOrderSkippingGitAndIgnoredPaths) {
    TempDir dir;
    dir.write(".git/HEAD", "ref: refs/heads/main\n");
    dir.write(".gitignore", "ignored/\n");
    dir.write("b/job.toml", "schema = 1\n[job]\nframework = \"other\"\n");
    dir.write("a/z.toml", "schema = 1\n[job]\nframework = \"other\"\n");
    dir.write("a/pyproject.toml", "[project]\nname = \"x\"\n");
    dir.write("a/run.sh", "torchrun train.py\n");
    dir.write("a/notes.txt", "schema = 1\n");
    dir.write("ignored/job.toml", "schema = 1\n[job]\nframework = \"other\"\n");
    dir.write(".git/job.toml", "schema = 1\n[job]\nframework = \"other\"\n");
    std::filesystem::create_symlink(dir.path() + "/b", dir.path() + "/link");
    auto targets = app::collect_check_targets({dir.path()});
    ASSERT_TRUE(targets) << targets.error().message;
    std::vector<std::string> names;
    for (const auto& t : *targets)
        names.push_back(std::filesystem::relative(t.path, dir.path()).string() +
                        (t.kind == app::CheckTarget::Kind::script ? " (script)" : ""));
    EXPECT_EQ(names, (std::vector<std::string>{"a/run.sh (script)", "a/z.toml", "b/job.toml"}));
}

TEST(CheckInputs, TheRepositoryRootsGitignoreAppliesToASubdirectoryWalk) {
    TempDir dir;
    dir.write(".git/HEAD", "ref: refs/heads/main\n");
    dir.write(".gitignore", "jobs/old/\n");
    dir.write("jobs/old/a.toml", "schema = 1\n[job]\nframework = \"other\"\n");
    dir.write("jobs/new/b.toml", "schema = 1\n[job]\nframework = \"other\"\n");
    auto targets = app::collect_check_targets({dir.path() + "/jobs"});
    ASSERT_TRUE(targets) << targets.error().message;
    ASSERT_EQ(targets->size(), 1u);
    EXPECT_TRUE(targets->front().path.ends_with("new/b.toml"));
}

TEST(CheckInputs, AFileFoundTwiceIsCheckedOnceAndMissingPathsAreErrors) {
    TempDir dir;
    auto job = dir.write("job.toml", "schema = 1\n");
    auto targets = app::collect_check_targets({job, dir.path()});
    ASSERT_TRUE(targets);
    ASSERT_EQ(targets->size(), 1u);
    EXPECT_TRUE(targets->front().named);
    auto missing = app::collect_check_targets({dir.path() + "/nope.toml"});
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().location.file, dir.path() + "/nope.toml");
    dir.write("empty/readme.txt", "");
    auto nothing = app::collect_check_targets({dir.path() + "/empty"});
    ASSERT_FALSE(nothing);
    EXPECT_NE(nothing.error().message.find("found no job file"), std::string::npos);
}

TEST(TestResults, XmlEscapingKeepsDocumentsWellFormed) {
    EXPECT_EQ(output::xml_escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
    // Controls are shown as printable() shows them (XML 1.0 cannot carry most; a log would act on the rest).
    EXPECT_EQ(output::xml_escape(std::string("x\x01y\ttab\n", 8)), "x\\x01y\ttab\n");
    EXPECT_EQ(output::xml_escape("esc\x1b[31m cr\r del\x7f c1\xc2\x9b bad\xff"),
              "esc\\x1b[31m cr\\r del\\x7f c1\\u009b bad\\xff");
}

}  // namespace
}  // namespace preflight

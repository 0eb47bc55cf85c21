// Pack references and their quotes: the citation syntax, the quote's shape, where a
// quote stands in a file, the order of release tags, and quotes written into a pack.
#include <gtest/gtest.h>

#include "output/quote_edit.hpp"
#include "rules/pack_source.hpp"
#include "rules/reference.hpp"
#include "rules/release_order.hpp"
#include "temp_dir.hpp"

using namespace preflight;
using namespace preflight::rules;

TEST(Reference, ParsesACitationWithLinesOrWithout) {
    auto c = parse_code_citation("modelscope/ms-swift@v4.5.2:swift/arguments/sft_args.py:186");
    ASSERT_TRUE(c);
    EXPECT_EQ(c->repo, "modelscope/ms-swift");
    EXPECT_EQ(c->tag, "v4.5.2");
    EXPECT_EQ(c->path, "swift/arguments/sft_args.py");
    EXPECT_EQ(c->first_line, 186);
    EXPECT_EQ(c->last_line, 186);
    auto range = parse_code_citation("Ascend/MindSpeed@core_r0.16.0:a/b.py:59-70");
    ASSERT_TRUE(range);
    EXPECT_EQ(range->first_line, 59);
    EXPECT_EQ(range->last_line, 70);
    auto whole = parse_code_citation("Ascend/pytorch@v26.1.0-pytorch2.10.0:version.txt");
    ASSERT_TRUE(whole);
    EXPECT_EQ(whole->path, "version.txt");
    EXPECT_EQ(whole->first_line, 0);
    auto spaced = parse_code_citation("modelscope/twinkle@1a1d8845:docs/source_en/Usage Guide/NPU-Support.md:18");
    ASSERT_TRUE(spaced);
    EXPECT_EQ(spaced->path, "docs/source_en/Usage Guide/NPU-Support.md");
}

TEST(Reference, RefusesMalformedCitations) {
    for (const char* bad : {"ms-swift@v4:x.py:1", "a/b@:x.py:1", "a/b@-x:x.py:1", "a/b@v1..v2:x.py:1", "a/b@v1:/abs.py:1",
                            "a/b@v1:x/../y.py:1", "a/b@v1:x.py:0", "a b/c@v1:x.py:1", "a/b@v1", "PR 1234"})
        EXPECT_TRUE(reference_problem(bad)) << bad;
    EXPECT_TRUE(reference_problem("a/b@v1:x.py:9-3"));
    EXPECT_TRUE(reference_problem("https:// x"));
    EXPECT_FALSE(reference_problem("https://github.com/modelscope/ms-swift/pull/9382"));
    EXPECT_FALSE(reference_problem("a/b@4a43c97:x.py:3"));
}

TEST(Reference, QuoteShape) {
    EXPECT_FALSE(quote_problem("DEFAULT_BATCH = 8"));
    EXPECT_FALSE(quote_problem("def parse():\nuse_fast = True"));
    EXPECT_TRUE(quote_problem(""));
    EXPECT_TRUE(quote_problem("   "));
    EXPECT_TRUE(quote_problem(" leading"));
    EXPECT_TRUE(quote_problem("a\n\nb"));
    EXPECT_TRUE(quote_problem("a\nb\nc\nd\ne"));
    EXPECT_TRUE(quote_problem(std::string(kMaxQuoteBytes + 1, 'x')));
    EXPECT_TRUE(quote_problem("bell\x07"));
    EXPECT_TRUE(quote_problem("\xff"));
}

TEST(Reference, QuoteFromALineIsStrippedAndCutOnACharacter) {
    EXPECT_EQ(quote_from_line("    return use_fast  \r"), "return use_fast");
    EXPECT_EQ(quote_from_line("   "), "");
    std::string wide;
    while (wide.size() < kMaxQuoteBytes + 10) wide += "\xe4\xb8\xad";  // 中, three bytes
    auto q = quote_from_line(wide);
    EXPECT_LE(q.size(), kMaxQuoteBytes);
    EXPECT_EQ(q.size() % 3, 0u);
    EXPECT_FALSE(quote_problem(q));
}

TEST(Reference, QuoteMatchesConsecutiveLines) {
    std::vector<std::string> lines = {"a = 1", "def f():", "    x = 2", "def f():", "    y = 3"};
    EXPECT_EQ(quote_matches(lines, "a = 1"), std::vector<int>{1});
    EXPECT_EQ(quote_matches(lines, "def f():"), (std::vector<int>{2, 4}));
    EXPECT_EQ(quote_matches(lines, "def f():\ny = 3"), std::vector<int>{4});
    EXPECT_TRUE(quote_matches(lines, "z = 9").empty());
}

TEST(ReleaseOrder, ReadsPrefixVersionAndVariant) {
    auto t = parse_release_tag("v26.1.0-pytorch2.10.0");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->family, "|-pytorch2.10.0");
    EXPECT_EQ(t->version.str(), "26.1.0");
    auto beta = parse_release_tag("v26.2.0-beta.1-pytorch2.10.0");
    ASSERT_TRUE(beta);
    EXPECT_EQ(beta->family, "|-pytorch2.10.0");
    EXPECT_EQ(beta->version.str(), "26.2.0b1");
    auto core = parse_release_tag("core_v0.16.0");
    ASSERT_TRUE(core);
    EXPECT_EQ(core->family, "core_|");
    auto rc = parse_release_tag("v0.25.1rc1");
    ASSERT_TRUE(rc);
    EXPECT_TRUE(rc->version.is_prerelease());
    EXPECT_EQ(rc->family, "|");
    auto mind = parse_release_tag("v2.1.0_core_r0.12.1");
    ASSERT_TRUE(mind);
    EXPECT_EQ(mind->version.str(), "2.1.0");
    EXPECT_EQ(mind->family, "|_core_r0.12.1");
    EXPECT_FALSE(parse_release_tag("main"));
}

TEST(ReleaseOrder, NewerReleasesOfTheSameFamilyInVersionOrder) {
    std::vector<std::string> tags = {"v0.9.1", "v0.10.0rc1", "v0.9.2rc1", "v0.10.0", "v0.9.0", "v0.11.0-cuda", "core_v1.0.0"};
    auto newer = newer_releases(tags, "v0.9.1");
    std::vector<std::string> names;
    for (const auto& r : newer) names.push_back(r.tag);
    EXPECT_EQ(names, (std::vector<std::string>{"v0.9.2rc1", "v0.10.0rc1", "v0.10.0"}));
    EXPECT_TRUE(newer_releases(tags, "v0.10.0").empty());
    auto torch = newer_releases({"v26.1.0-pytorch2.10.0", "v26.2.0-beta.1-pytorch2.10.0", "v26.2.0-beta.1-pytorch2.9.0"},
                                "v26.1.0-pytorch2.10.0");
    ASSERT_EQ(torch.size(), 1u);
    EXPECT_EQ(torch[0].tag, "v26.2.0-beta.1-pytorch2.10.0");
}

TEST(QuoteEdit, TurnsAReferenceStringIntoATableAndKeepsTheRest) {
    std::string in = "references = [\n  \"a/b@v1:x.py:2\",  # why\n  'a/b@v1:y.py:3',\n]\n";
    auto out = output::add_quotes(
        in, "p.toml", {{Location{"p.toml", 2, 3, "", ""}, "say \"hi\""}, {Location{"p.toml", 3, 3, "", ""}, "y = 1"}});
    ASSERT_TRUE(out.has_value()) << out.error().message;
    EXPECT_EQ(*out,
              "references = [\n  { at = \"a/b@v1:x.py:2\", quote = \"say \\\"hi\\\"\" },  # why\n"
              "  { at = 'a/b@v1:y.py:3', quote = \"y = 1\" },\n]\n");
    EXPECT_FALSE(output::add_quotes(in, "p.toml", {{Location{"p.toml", 2, 1, "", ""}, "q"}}).has_value());
}

TEST(QuoteEdit, GivesATableRowsAtCellAQuoteCellBelowIt) {
    std::string in = "[[tables.t]]\nat = \"a/b@v1:x.py:2\"  # why\nname = \"n\"\n";
    output::QuoteEdit edit{Location{"p.toml", 2, 6, "", ""}, "x = 1"};
    edit.row_cell = true;
    auto out = output::add_quotes(in, "p.toml", {edit});
    ASSERT_TRUE(out.has_value()) << out.error().message;
    EXPECT_EQ(*out, "[[tables.t]]\nat = \"a/b@v1:x.py:2\"  # why\nquote = \"x = 1\"\nname = \"n\"\n");
}

namespace {

Result<PackSource> read_text(const std::string& body) {
    test_support::TempDir dir;
    return read_pack(
        dir.write("pack.toml", "[pack]\nname = \"p\"\nversion = \"0.1.0\"\nengine = \">=0.2\"\nsummary = \"s\"\n" + body));
}

const char* kRule = "[[rules]]\nid = \"r\"\nseverity = \"info\"\nsummary = \"s\"\nwhen = \"false\"\nmessage = \"m\"\n";

}  // namespace

TEST(PackReader, PlainTextWithoutAtIsKeptAsFreeText) {
    auto pack = read_text(std::string(kRule) + "references = [\"tests/plugins/abi/test_plugin.c\"]\n");
    ASSERT_TRUE(pack.has_value()) << pack.error().message;
    EXPECT_FALSE(parse_code_citation(pack->rules.at(0).references.at(0).text));
}

TEST(PackReader, ReadsQuotedAndPlainReferences) {
    auto pack = read_text(std::string(kRule) +
                          "references = [\"https://example.invalid/1\", { at = \"a/b@v1:x.py:2\", quote = \"x = 1\" }]\n");
    ASSERT_TRUE(pack.has_value()) << pack.error().message;
    const auto& refs = pack->rules.at(0).references;
    ASSERT_EQ(refs.size(), 2u);
    EXPECT_EQ(refs[0].quote, "");
    EXPECT_EQ(refs[1].text, "a/b@v1:x.py:2");
    EXPECT_EQ(refs[1].quote, "x = 1");
    EXPECT_TRUE(refs[1].inline_table);
    EXPECT_EQ(refs[1].where.line, 12);
    EXPECT_EQ(refs[1].where.column, 51);
}

TEST(PackReader, ReferenceErrorsNameTheirPlace) {
    struct Case {
        const char* refs;
        const char* message;
        int column;
    };
    for (const auto& c : {Case{"[\"a/b@v 1:x.py:1\"]", "neither owner/repo@tag:path:line nor an http(s) URL", 15},
                          Case{"[{ at = \"a/b@v1:x.py:2\", quote = \"\" }]", "a quote must not be empty", 47},
                          Case{"[{ at = \"https://x.invalid/1\", quote = \"q\" }]", "only a code reference", 22},
                          Case{"[{ at = \"a/b@v1:x.py:2\" }]", "a reference table is", 15},
                          Case{"[{ at = \"a/b@v1:x.py:2\", quote = \"q\", why = \"w\" }]", "'at' and 'quote' only", 58},
                          Case{"[12]", "each reference is a string or", 15}}) {
        auto pack = read_text(std::string(kRule) + "references = " + c.refs + "\n");
        ASSERT_FALSE(pack.has_value()) << c.refs;
        EXPECT_NE(pack.error().message.find(c.message), std::string::npos) << pack.error().message;
        EXPECT_EQ(pack.error().location.line, 12) << c.refs;
        EXPECT_EQ(pack.error().location.column, c.column) << c.refs << ": " << pack.error().message;
    }
}

TEST(PackReader, CheckedThroughIsATableOfRepositoryAndTag) {
    auto ok = read_text("");
    ASSERT_TRUE(ok.has_value());
    EXPECT_TRUE(ok->checked_through.empty());
    auto pack = read_text("checked_through = { \"a/b\" = \"v1.2.0\", \"c/d\" = \"core_v0.16.0\" }\n");
    ASSERT_TRUE(pack.has_value()) << pack.error().message;
    EXPECT_EQ(pack->checked_through.at("c/d").first, "core_v0.16.0");
    auto bad = read_text("checked_through = { \"ms-swift\" = \"v1\" }\n");
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().location.line, 6);
    EXPECT_NE(bad.error().message.find("owner/repo"), std::string::npos);
}

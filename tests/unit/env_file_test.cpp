#include <gtest/gtest.h>

#include "output/env_file.hpp"

using namespace preflight;
using output::EnvFormat;
using output::render_env;

TEST(EnvFile, SortedWithProvenanceComments) {
    auto out = render_env({{"B", std::string("2"), "rule-b"}, {"A", std::string("1"), ""}}, EnvFormat::sh);
    ASSERT_TRUE(out.has_value());
    EXPECT_EQ(*out,
              "# launch environment written by preflight; source it with: set -a; . FILE\n"
              "export A='1'\n# set by [rule-b]\nexport B='2'\n");
}

TEST(EnvFile, ShQuotesSingleQuotes) {
    auto out = render_env({{"X", std::string("it's $(x)"), ""}}, EnvFormat::sh);
    EXPECT_NE(out->find("export X='it'\\''s $(x)'\n"), std::string::npos);
}

TEST(EnvFile, UnsetsAreShOnly) {
    auto sh = render_env({{"X", std::nullopt, "r"}}, EnvFormat::sh);
    EXPECT_NE(sh->find("unset X\n"), std::string::npos);
    auto ray = render_env({{"X", std::nullopt, "r"}}, EnvFormat::ray);
    EXPECT_EQ(*ray, "{\n  \"env_vars\": {}\n}\n");
}

TEST(EnvFile, InvalidNamesAndNulBytesAreErrorsNamingTheVariable) {
    auto bad = render_env({{"BAD-NAME", std::string("1"), ""}}, EnvFormat::sh);
    ASSERT_FALSE(bad.has_value());
    EXPECT_NE(bad.error().message.find("'BAD-NAME' is not a valid environment variable name"), std::string::npos);
    auto nul = render_env({{"N", std::string("a\0b", 3), ""}}, EnvFormat::k8s);
    ASSERT_FALSE(nul.has_value());
    EXPECT_EQ(nul.error().message.rfind("N: ", 0), 0u);
}

TEST(EnvFile, FormatSpecificRefusals) {
    EXPECT_FALSE(render_env({{"X", std::string("${HOME}"), ""}}, EnvFormat::dotenv).has_value());
    EXPECT_FALSE(render_env({{"X", std::string(" quoted\\"), ""}}, EnvFormat::dotenv).has_value());
    EXPECT_TRUE(render_env({{"X", std::string("plain\\"), ""}}, EnvFormat::dotenv).has_value());
    EXPECT_FALSE(render_env({{"X", std::string("a\rb"), ""}}, EnvFormat::github).has_value());
    EXPECT_FALSE(render_env({{"X", std::string("a\rb"), ""}}, EnvFormat::systemd).has_value());
    EXPECT_FALSE(render_env({{"X", std::string("\xff"), ""}}, EnvFormat::ray).has_value());
    EXPECT_FALSE(render_env({{"X", std::string("\xc0\xaf"), ""}}, EnvFormat::k8s).has_value());
}

TEST(EnvFile, GithubDelimiterNeverOccursInTheValue) {
    EXPECT_EQ(*render_env({{"X", std::string("v"), ""}}, EnvFormat::github), "X<<PREFLIGHT_EOF\nv\nPREFLIGHT_EOF\n");
    EXPECT_EQ(*render_env({{"X", std::string(""), ""}}, EnvFormat::github), "X<<PREFLIGHT_EOF\nPREFLIGHT_EOF\n");
    auto out = render_env({{"X", std::string("a\nPREFLIGHT_EOF\nPREFLIGHT_EOF_1\nb"), ""}}, EnvFormat::github);
    EXPECT_EQ(*out, "X<<PREFLIGHT_EOF_2\na\nPREFLIGHT_EOF\nPREFLIGHT_EOF_1\nb\nPREFLIGHT_EOF_2\n");
    // Only a whole line collides; the delimiter inside a line is harmless.
    EXPECT_EQ(*render_env({{"X", std::string("xPREFLIGHT_EOF"), ""}}, EnvFormat::github),
              "X<<PREFLIGHT_EOF\nxPREFLIGHT_EOF\nPREFLIGHT_EOF\n");
}

TEST(EnvFile, K8sEscapesWhatYamlCannotPrintRaw) {
    auto out = render_env({{"X", std::string("a\"b\\c\nd\x01\u00e9"), ""}}, EnvFormat::k8s);
    EXPECT_NE(out->find("value: \"a\\\"b\\\\c\\nd\\u0001\u00e9\""), std::string::npos);
}

TEST(EnvFile, K8sDoublesEveryDollarSoKubernetesExpandsNothing) {
    auto out = render_env({{"X", std::string("$(HOME) $$ $"), ""}}, EnvFormat::k8s);
    ASSERT_TRUE(out.has_value());
    EXPECT_NE(out->find("value: \"$$(HOME) $$$$ $$\"\n"), std::string::npos);
}

TEST(EnvFile, RayRefusesWhatExpandvarsWouldExpand) {
    for (const char* v : {"$HOME", "${HOME}/x", "a\\$ESCAPED", "$_x", "$9"}) {
        auto out = render_env({{"X", std::string(v), ""}}, EnvFormat::ray);
        ASSERT_FALSE(out.has_value()) << v;
        EXPECT_NE(out.error().message.find("Ray expands"), std::string::npos);
    }
    for (const char* v : {"$(x)", "cost 5$", "$ x", "$-", "$$"})
        EXPECT_TRUE(render_env({{"X", std::string(v), ""}}, EnvFormat::ray).has_value()) << v;
}

TEST(EnvFile, DotenvEscapesCarriageReturnsInDoubleQuotes) {
    auto out = render_env({{"X", std::string("a\rb\nc\"d\\e'f"), ""}}, EnvFormat::dotenv);
    ASSERT_TRUE(out.has_value());
    EXPECT_NE(out->find("X=\"a\\rb\\nc\\\"d\\\\e'f\"\n"), std::string::npos);
}

TEST(EnvFile, DotenvQuotesValuesPythonWouldStripOfUnicodeSpace) {
    // python-dotenv strips white space as Python's str does: U+00A0, U+2000..U+200A,
    // U+3000 … at either end, and cuts a comment at any of them before '#'.
    for (const char* v : {"\xc2\xa0lead", "trail\xe3\x80\x80", "\xe2\x80\x8a", "a\xe2\x80\x83# not a comment", "x\x1c"}) {
        auto out = render_env({{"X", std::string(v), ""}}, EnvFormat::dotenv);
        ASSERT_TRUE(out.has_value()) << v;
        EXPECT_NE(out->find("X=\"" + std::string(v) + "\"\n"), std::string::npos) << *out;
    }
    // Inside a value, and a zero-width space (not white space to Python), stay unquoted.
    auto out = render_env({{"X", std::string("a\xc2\xa0z\xe2\x80\x8b")}}, EnvFormat::dotenv);
    ASSERT_TRUE(out.has_value());
    EXPECT_NE(out->find("X=a\xc2\xa0z\xe2\x80\x8b\n"), std::string::npos) << *out;
}

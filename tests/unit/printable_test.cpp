#include <gtest/gtest.h>

#include "core/error.hpp"
#include "output/excerpt.hpp"
#include "output/printable.hpp"
#include "util/utf8.hpp"

using namespace preflight;
using output::Keep;
using output::printable;

TEST(Printable, ControlCharactersBecomeEscapes) {
    EXPECT_EQ(printable("a\nverdict: pass"), "a\\nverdict: pass");
    EXPECT_EQ(printable("\x1b[2J\x1b]0;title\x07"), "\\x1b[2J\\x1b]0;title\\x07");
    EXPECT_EQ(printable("cr\rtab\tdel\x7f"), "cr\\rtab\\tdel\\x7f");
    EXPECT_EQ(printable(std::string("nul\0", 4)), "nul\\x00");
}

TEST(Printable, TextWithoutControlsIsUnchanged) {
    for (const char* s : {"plain", "ünïcödé ✓ 中文 🚀", "back\\slash \\x1b as typed", "expandable_segments:True", ""})
        EXPECT_EQ(printable(s), s);
}

TEST(Printable, UnicodeThatMovesTextAndInvalidBytesAreEscaped) {
    EXPECT_EQ(printable("\xc2\x9b"
                        "31m"),
              "\\u009b31m");  // C1 CSI
    EXPECT_EQ(printable("a\xe2\x80\xae"
                        "b"),
              "a\\u202eb");  // right-to-left override
    EXPECT_EQ(printable("line\xe2\x80\xa8sep"), "line\\u2028sep");
    EXPECT_EQ(printable("\xff\xfe ok \xc0\xaf"), "\\xff\\xfe ok \\xc0\\xaf");
}

TEST(Printable, KeepTabsAndLines) {
    EXPECT_EQ(printable("a\tb\nc", Keep::tabs), "a\tb\\nc");
    EXPECT_EQ(printable("a\tb\nc\x1b", Keep::lines), "a\tb\nc\\x1b");
    EXPECT_EQ(printable("a\r\n", Keep::lines), "a\\r\n");
}

TEST(Printable, ExcerptsEscapeTheLineAndKeepTheCaretUnderTheSameCharacter) {
    Location l{"job\n.toml", 3, 9, "", "\x1b[1mx = \"y\""};
    std::string out = output::excerpt(l, output::Style{});
    // Before column 9 (the '"') the escaped line prints 11 characters: \x1b[1mx = .
    EXPECT_EQ(out, " 3 | \\x1b[1mx = \"y\"\n   | " + std::string(11, ' ') + "^\n");
    EXPECT_EQ(output::location_prefix(l), "job\\n.toml:3:9");
}

TEST(Printable, ErrorMessagesCannotForgeLines) {
    std::string shown = output::format_error(Error{"unknown key 'a\nverdict: pass'", Location{"j.toml"}}, output::Style{});
    EXPECT_EQ(shown, "j.toml: error: unknown key 'a\\nverdict: pass'\n");
}

TEST(Utf8, FirstInvalidSequenceIsFoundByItsOffset) {
    EXPECT_EQ(util::first_invalid_utf8("plain ✓ 中文 🚀"), std::string_view::npos);
    EXPECT_EQ(util::first_invalid_utf8("caf\xe9"), 3u);       // Latin-1, not UTF-8
    EXPECT_EQ(util::first_invalid_utf8("ok\xc0\xaf"), 2u);    // overlong '/'
    EXPECT_EQ(util::first_invalid_utf8("\xed\xa0\x80"), 0u);  // a surrogate
    EXPECT_EQ(util::first_invalid_utf8("ab\xe4\xb8"), 2u);    // truncated at the end
    EXPECT_FALSE(util::valid_utf8("'\xff\xff\xffO'"));
}

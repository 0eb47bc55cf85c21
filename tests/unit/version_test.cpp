#include <gtest/gtest.h>

#include "version/version.hpp"

using namespace preflight::version;

namespace {

int pep(const char* a, const char* b) { return compare(*Pep440::parse(a), *Pep440::parse(b)); }
// May an installer pick `v`?
bool in(const char* v, const char* spec) { return SpecifierSet::parse(spec)->contains(*Pep440::parse(v), Membership::candidate); }
// Is an installed `v` inside `spec`?
bool installed_in(const char* v, const char* spec) {
    return SpecifierSet::parse(spec)->contains(*Pep440::parse(v), Membership::installed);
}
int cann(const char* a, const char* b) { return compare(*Cann::parse(a), *Cann::parse(b)); }

}  // namespace

TEST(Pep440, OrdersPreDevPostAndLocal) {
    EXPECT_LT(pep("0.16.0rc1", "0.16.0"), 0);
    EXPECT_LT(pep("1.0.dev0", "1.0a0"), 0);
    EXPECT_LT(pep("1.0", "1.0.post1"), 0);
    EXPECT_LT(pep("2.7.1", "2.7.1.post2"), 0);
    EXPECT_LT(pep("2.7.1", "2.7.1+cpu"), 0);
    EXPECT_EQ(pep("1.0", "1.0.0"), 0);
    EXPECT_EQ(pep("1!1.0", "1!1.0.0"), 0);
    EXPECT_GT(pep("1!0.1", "2.0"), 0);
    EXPECT_GT(pep("1.0+abc.5", "1.0+abc"), 0);
    EXPECT_GT(pep("1.0+5", "1.0+abc"), 0);  // numeric local parts sort above strings
}

TEST(Pep440, NormalizesSpellings) {
    EXPECT_EQ(Pep440::parse("v1.0-ALPHA.1")->str(), "1.0a1");
    EXPECT_EQ(Pep440::parse("2.9.0.post1+git4c901a4")->str(), "2.9.0.post1+git4c901a4");
    EXPECT_EQ(Pep440::parse("1.0-1")->str(), "1.0.post1");
    EXPECT_EQ(Pep440::parse("1.0c2")->str(), "1.0rc2");
    EXPECT_EQ(Pep440::parse("007.00100")->str(), "7.100");
    EXPECT_FALSE(Pep440::parse("8.1.RC1.alpha001"));
    EXPECT_FALSE(Pep440::parse("1..0"));
    EXPECT_FALSE(Pep440::parse(""));
}

TEST(Pep440, HugeNumbersDoNotOverflow) { EXPECT_LT(pep("1.99999999999999999999", "1.100000000000000000000"), 0); }

TEST(Specifier, Ranges) {
    EXPECT_TRUE(in("0.15.3", ">=0.15,<0.16"));
    EXPECT_FALSE(in("0.16.0", ">=0.15,<0.16"));
    EXPECT_FALSE(in("0.16.0rc1", ">=0.16"));        // pre-releases excluded …
    EXPECT_TRUE(in("0.16.0rc1", ">=0.16.0.dev0"));  // … unless the range names one
    EXPECT_FALSE(in("0.16.0rc1", "<0.16"));         // < excludes pre-releases of its own version
    EXPECT_TRUE(in("2.7.1.post2", "==2.7.1.*"));
    EXPECT_TRUE(in("2.7.1+cpu", "==2.7.1"));
    EXPECT_FALSE(in("2.7.1+cpu", "==2.7.1+cu121"));
    EXPECT_TRUE(in("2.2", "~=2.1"));
    EXPECT_FALSE(in("3.0", "~=2.1"));
    EXPECT_FALSE(in("1.4.post1", ">1.4"));  // > excludes post-releases of its own version
    EXPECT_TRUE(in("1.0", "===1.0"));
    EXPECT_TRUE(in("5.0", ""));
    EXPECT_FALSE(SpecifierSet::parse("~=1"));
    EXPECT_FALSE(SpecifierSet::parse(">=1.0.*"));
    EXPECT_FALSE(SpecifierSet::parse("=>1.0"));
}

// PEP 440 "Handling of pre-releases": pre-releases are left out of a specifier when
// choosing what to install, not when the version is already installed; then only
// the clauses decide. Same as pypa/packaging@26.3 contains(v, installed=True)
// (tests/test_specifiers.py:1413 and :1445).
TEST(Specifier, InstalledVersionsAreJudgedByTheClausesAlone) {
    EXPECT_FALSE(in("4.4.0.dev0", ">=4.2.0"));           // an installer would not pick it …
    EXPECT_TRUE(installed_in("4.4.0.dev0", ">=4.2.0"));  // … but installed, it is past the bound
    EXPECT_TRUE(installed_in("4.4.0.dev0+g1234abc", ">=4.2.0"));
    EXPECT_FALSE(installed_in("4.2.0rc1", ">=4.2.0"));  // 4.2.0rc1 < 4.2.0: below the bound
    EXPECT_FALSE(installed_in("4.2.0.dev0", ">=4.2.0"));
    EXPECT_TRUE(installed_in("0.16.0.dev0", ">=0.16.0.dev0"));
    EXPECT_TRUE(in("0.16.0.dev0", ">=0.16.0.dev0"));  // named, so a candidate too
    EXPECT_TRUE(installed_in("1.1.0.dev1", "~=1.0"));
    EXPECT_FALSE(installed_in("3.0.0.dev1", "~=1.0"));
    EXPECT_TRUE(installed_in("2.0.dev1", "!=2.0"));
    EXPECT_TRUE(installed_in("1.5.0a1", "==1.*"));
    EXPECT_TRUE(installed_in("1.0a1", ""));
    EXPECT_FALSE(in("1.0a1", ""));
    // <V keeps out V's own pre-releases whoever asks ("Exclusive ordered comparison").
    EXPECT_FALSE(installed_in("0.16.0rc1", ">=0.15,<0.16"));
    EXPECT_TRUE(installed_in("0.15.0rc1", "<0.16"));
    // Version matching: a specifier without a local label ignores the candidate's.
    EXPECT_TRUE(installed_in("2.7.1+cpu", "==2.7.1"));
    EXPECT_FALSE(installed_in("2.7.1+cpu", "==2.7.1+cu121"));
    // >V takes no post-release of V unless V is one: 1.0.0.post1 is not > 1.0.0.
    EXPECT_FALSE(installed_in("1.0.0.post1", ">1.0.0"));
    EXPECT_TRUE(installed_in("1.7.0.post3", ">1.7.post2"));
}

// <V.postN keeps out pre-releases of V.postN itself, not of V
// (pypa/packaging@26.3:tests/test_specifiers.py:842-848; packaging 23 excluded both).
TEST(Specifier, LessThanAPostReleaseKeepsOutOnlyItsOwnPreReleases) {
    EXPECT_TRUE(installed_in("1.0rc1", "<1.0.post1"));
    EXPECT_TRUE(installed_in("1.0.dev0", "<1.0.post1"));
    EXPECT_TRUE(installed_in("1.0.post0.dev0", "<1.0.post1"));
    EXPECT_FALSE(installed_in("1.0.post1.dev0", "<1.0.post1"));
    EXPECT_TRUE(in("1.0a1", "==1.0a1,<1.0.post0"));
    EXPECT_TRUE(in("1.0.post0", ">=1.0,<1.0.post1"));
}

// >V where V is a pre-release: post and local releases of V's base are above V and
// no post/local release of V (pypa/packaging@26.3:tests/test_specifiers.py:419, 500,
// 816-821).
TEST(Specifier, GreaterThanAPreReleaseTakesThePostAndLocalReleasesOfItsBase) {
    EXPECT_TRUE(in("1.0.post0", ">1.0a1"));
    EXPECT_TRUE(in("1.0.post0", ">1.0.dev1"));
    EXPECT_FALSE(in("1.0a1.post0", ">1.0a1"));  // a post-release of 1.0a1 itself
    EXPECT_TRUE(in("1.0a2+local", ">1.0a1"));
    EXPECT_FALSE(in("1.0a1+local", ">1.0a1"));  // a local version of 1.0a1 itself
    EXPECT_TRUE(in("4.1.0a2.dev1235+local", ">4.1.0a2.dev1234"));
    EXPECT_FALSE(in("1.4.post1", ">1.4"));
    EXPECT_FALSE(in("1.4+local", ">1.4"));
}

// A clause that names a pre-release opts a candidate set in, whatever its operator
// but != (pypa/packaging@26.3:tests/test_specifiers.py:803; 23 ignored < and >).
TEST(Specifier, AnyClauseNamingAPreReleaseOptsIn) {
    EXPECT_TRUE(in("2.0a1", "<2.0a2"));
    EXPECT_TRUE(in("1.0rc1", ">1.0a1"));
    EXPECT_FALSE(in("1.0rc1", "!=1.0a1"));
    EXPECT_FALSE(in("1.0rc1", ">=0.9"));
}

// "Arbitrary equality" is plain string equality on the version as given, ignoring
// case (pypa/packaging@26.3:tests/test_specifiers.py:721-740; 23 normalized first).
TEST(Specifier, ArbitraryEqualityComparesTheTextAsGiven) {
    EXPECT_TRUE(in("1.01", "===1.01"));
    EXPECT_FALSE(in("1.01", "===1.1"));
    EXPECT_FALSE(in("1.1", "===1.01"));
    EXPECT_FALSE(in("0!1.0", "===1.0"));
    EXPECT_TRUE(in("1.0-1", "===1.0-1"));
    EXPECT_FALSE(in("1.0.post1", "===1.0-1"));
    EXPECT_TRUE(in("1.0RC1", "===1.0rc1"));
    EXPECT_FALSE(installed_in("1.0+downstream1", "===1.0"));
    EXPECT_TRUE(installed_in("1.0a1", "===1.0a1"));   // packaging 23 with installed=True said no
    EXPECT_TRUE(SpecifierSet::parse("===foobar"));    // need not be a version …
    EXPECT_FALSE(SpecifierSet::parse("===foo bar"));  // … but holds no white space
}

// The epoch takes part in prefix matching, and ~= drops the last release number
// whatever the suffix is spelled like (pypa/packaging@26.3:src/packaging/specifiers.py).
TEST(Specifier, PrefixesKeepTheEpochAndIgnoreSuffixSpelling) {
    EXPECT_FALSE(in("1!1.0", "==1.*"));
    EXPECT_TRUE(in("1!1.0", "==1!1.*"));
    EXPECT_FALSE(in("1!16", "~=0.2"));
    EXPECT_TRUE(in("1.1", "~=1.0.r1"));  // ~=1.0.post1 is >=1.0.post1, ==1.*
    EXPECT_TRUE(in("1.1", "~=1.0.POST1"));
    EXPECT_FALSE(in("2.0", "~=1.0.r1"));
    EXPECT_FALSE(in("1.1", "~=1.0.0"));
}

// Python's str.strip() and `\s` take Unicode white space, and so does packaging
// (pypa/packaging@26.3:tests/test_version.py:359): a version pasted with a no-break
// space still parses.
TEST(Pep440, UnicodeWhiteSpaceAroundAVersionIsStripped) {
    EXPECT_EQ(Pep440::parse("\u00a01.0\u3000")->str(), "1.0");
    EXPECT_EQ(Pep440::parse("\u202f1.0\t\u2029\n ")->str(), "1.0");
    EXPECT_EQ(Pep440::parse("\x1c"
                            "4.4.0.dev0\u0085")
                  ->str(),
              "4.4.0.dev0");
    EXPECT_FALSE(Pep440::parse("1.0\u200b"));  // a zero-width space is no white space
    EXPECT_FALSE(Pep440::parse("1.0\u00a0.1"));
    EXPECT_TRUE(in("1.0", "\u00a0>=\u30001.0,\u2003<2\u00a0"));
    EXPECT_FALSE(SpecifierSet::parse("===1.0\u00a0x"));
    EXPECT_EQ(Version::parse(Scheme::pep440, "\u00a04.4.0.dev0\u00a0")->text(), "4.4.0.dev0");
}

TEST(Cann, RcPrecedesFinalAndBuildsPrecedeRelease) {
    EXPECT_LT(cann("8.0.RC3", "8.0.0"), 0);
    EXPECT_LT(cann("8.0.RC2", "8.0.RC3"), 0);
    EXPECT_LT(cann("8.1.RC1.alpha001", "8.1.RC1"), 0);
    EXPECT_LT(cann("8.1.RC1.alpha001", "8.1.RC1.beta1"), 0);
    EXPECT_LT(cann("8.5.0", "8.5.1"), 0);
    EXPECT_LT(cann("8.5.1", "9.0.0"), 0);
    EXPECT_EQ(cann("8.5.1", "8.5.1"), 0);
    EXPECT_FALSE(Cann::parse("8.5"));
    EXPECT_TRUE(Cann::parse("25.3.RC1"));
    EXPECT_FALSE(Cann::parse("8.x.1"));
}

TEST(Cann, Ranges) {
    auto v = *Version::parse(Scheme::cann, "8.5.1");
    EXPECT_TRUE(*VersionRange::parse(Scheme::cann, ">=8.5.1")->contains(v, Membership::installed));
    EXPECT_TRUE(*VersionRange::parse(Scheme::cann, "==8.5.*")->contains(v, Membership::installed));
    EXPECT_FALSE(*VersionRange::parse(Scheme::cann, "<8.5.1")->contains(v, Membership::installed));
    EXPECT_FALSE(*VersionRange::parse(Scheme::cann, "!=8.5.*")->contains(v, Membership::installed));
    EXPECT_FALSE(VersionRange::parse(Scheme::cann, "~=8.5"));
    // No pre-release exclusion to lift: an RC is below the final of its MAJOR.MINOR
    // and a range compares by order alone, for a candidate as for an installed one.
    auto rc = *Version::parse(Scheme::cann, "8.5.RC1");
    for (auto who : {Membership::candidate, Membership::installed}) {
        EXPECT_FALSE(*VersionRange::parse(Scheme::cann, ">=8.5.0")->contains(rc, who));
        EXPECT_TRUE(*VersionRange::parse(Scheme::cann, "<8.5.0")->contains(rc, who));
        EXPECT_TRUE(*VersionRange::parse(Scheme::cann, ">=8.3.0")->contains(rc, who));
    }
    EXPECT_TRUE(*VersionRange::parse(Scheme::cann, "\u00a0>=8.5.0,\u3000<9.0.0")
                     ->contains(*Version::parse(Scheme::cann, "8.5.1\u00a0"), Membership::installed));
    auto pep_v = *Version::parse(Scheme::pep440, "8.5.1");
    EXPECT_FALSE(VersionRange::parse(Scheme::cann, ">=8.5.1")->contains(pep_v, Membership::installed).has_value());
}

TEST(PackageName, Pep503) {
    EXPECT_EQ(normalize_package_name("torch_npu"), "torch-npu");
    EXPECT_EQ(normalize_package_name("Megatron.Core"), "megatron-core");
    EXPECT_EQ(normalize_package_name("a-_.b"), "a-b");
}

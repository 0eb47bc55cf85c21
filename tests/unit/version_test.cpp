#include <gtest/gtest.h>

#include "version/version.hpp"

using namespace preflight::version;

namespace {

int pep(const char* a, const char* b) { return compare(*Pep440::parse(a), *Pep440::parse(b)); }
bool in(const char* v, const char* spec) { return SpecifierSet::parse(spec)->contains(*Pep440::parse(v)); }
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

TEST(Pep440, HugeNumbersDoNotOverflow) {
    EXPECT_LT(pep("1.99999999999999999999", "1.100000000000000000000"), 0);
}

TEST(Specifier, Ranges) {
    EXPECT_TRUE(in("0.15.3", ">=0.15,<0.16"));
    EXPECT_FALSE(in("0.16.0", ">=0.15,<0.16"));
    EXPECT_FALSE(in("0.16.0rc1", ">=0.16"));        // pre-releases excluded …
    EXPECT_TRUE(in("0.16.0rc1", ">=0.16.0.dev0"));  // … unless the range names one
    EXPECT_FALSE(in("0.16.0rc1", "<0.16"));          // < excludes pre-releases of its own version
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
    EXPECT_TRUE(*VersionRange::parse(Scheme::cann, ">=8.5.1")->contains(v));
    EXPECT_TRUE(*VersionRange::parse(Scheme::cann, "==8.5.*")->contains(v));
    EXPECT_FALSE(*VersionRange::parse(Scheme::cann, "<8.5.1")->contains(v));
    EXPECT_FALSE(*VersionRange::parse(Scheme::cann, "!=8.5.*")->contains(v));
    EXPECT_FALSE(VersionRange::parse(Scheme::cann, "~=8.5"));
    auto pep_v = *Version::parse(Scheme::pep440, "8.5.1");
    EXPECT_FALSE(VersionRange::parse(Scheme::cann, ">=8.5.1")->contains(pep_v).has_value());
}

TEST(PackageName, Pep503) {
    EXPECT_EQ(normalize_package_name("torch_npu"), "torch-npu");
    EXPECT_EQ(normalize_package_name("Megatron.Core"), "megatron-core");
    EXPECT_EQ(normalize_package_name("a-_.b"), "a-b");
}

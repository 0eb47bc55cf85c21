// Pack images and their cache: an image holds exactly what the reader produced, a
// damaged image is refused rather than half-read, and the cache is used only where it
// is private and for the very bytes it was made from.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "lang/parser.hpp"
#include "rules/pack_cache.hpp"
#include "rules/pack_image.hpp"
#include "scoped_env.hpp"
#include "temp_dir.hpp"
#include "util/build_id.hpp"

using namespace preflight;
using namespace preflight::rules;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> bundled_pack_files() {
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(fs::path(PREFLIGHT_SOURCE_DIR) / "rules"))
        if (fs::exists(entry.path() / "pack.toml")) files.push_back((entry.path() / "pack.toml").string());
    std::sort(files.begin(), files.end());
    return files;
}

const char* kSmallPack =
    "[pack]\nname = \"p\"\nversion = \"0.1.0\"\nengine = \">=0.2\"\nsummary = \"s\"\n"
    "[[tables.t]]\nname = \"a\"\nn = 3\nf = 1.5\non = true\n"
    "[[rules]]\nid = \"r\"\nseverity = \"warning\"\nsummary = \"s\"\nwhen = \"cfg('train.seq_length') > 4\"\n"
    "message = \"m {cfg('train.seq_length')}\"\nreferences = [{ at = \"a/b@v1:x.py:2\", quote = \"q\" }]\n";

std::size_t images_in(const std::string& dir) {
    std::size_t n = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) n += e.path().extension() == ".img";
    return n;
}

}  // namespace

TEST(PackImage, EveryBundledPackComesBackAsItWasRead) {
    auto files = bundled_pack_files();
    ASSERT_GT(files.size(), 10U);
    for (const auto& file : files) {
        auto pack = read_pack(file);
        ASSERT_TRUE(pack.has_value()) << file << ": " << pack.error().message;
        auto image = encode_pack_image(*pack);
        ASSERT_TRUE(image) << file;
        auto back = decode_pack_image(*image);
        ASSERT_TRUE(back) << file;
        // Encoding is a function of every field, so equal images mean equal packs.
        EXPECT_EQ(encode_pack_image(*back), image) << file;
        EXPECT_EQ(back->file, pack->file);
        ASSERT_EQ(back->rules.size(), pack->rules.size()) << file;
        if (!pack->rules.empty()) {
            EXPECT_EQ(back->rules[0].when.text, pack->rules[0].when.text);
            EXPECT_EQ(back->rules[0].where.line, pack->rules[0].where.line);
            EXPECT_EQ(back->rules[0].where.file, pack->rules[0].where.file);
        }
    }
}

TEST(PackImage, KeepsEveryKindOfValueAndLocation) {
    test_support::TempDir dir;
    auto pack = read_pack(dir.write("pack.toml", kSmallPack));
    ASSERT_TRUE(pack.has_value()) << pack.error().message;
    auto back = decode_pack_image(*encode_pack_image(*pack));
    ASSERT_TRUE(back);
    const auto& row = back->tables.at("t").at(0);
    EXPECT_EQ(*row.cells.at("name").get<std::string>(), "a");
    EXPECT_EQ(*row.cells.at("n").get<std::int64_t>(), 3);
    EXPECT_EQ(*row.cells.at("f").get<double>(), 1.5);
    EXPECT_EQ(*row.cells.at("on").get<bool>(), true);
    EXPECT_EQ(row.cell_where.at("n").line, pack->tables.at("t").at(0).cell_where.at("n").line);
    EXPECT_EQ(back->rules.at(0).references.at(0).quote, "q");
    EXPECT_TRUE(back->rules.at(0).references.at(0).inline_table);
    EXPECT_EQ(back->rules.at(0).message.content_column, pack->rules.at(0).message.content_column);
}

// An expression comes back with its parse tree, so loading the image skips the parser;
// the tree is the parser's own for that text, and a message (not an expression) has none.
TEST(PackImage, CarriesTheParseTreeOfEveryExpression) {
    test_support::TempDir dir;
    auto pack = read_pack(dir.write("pack.toml", kSmallPack));
    ASSERT_TRUE(pack.has_value()) << pack.error().message;
    EXPECT_EQ(pack->rules.at(0).when.parsed.get(), nullptr);  // the reader does not parse
    auto back = decode_pack_image(*encode_pack_image(*pack));
    ASSERT_TRUE(back);
    const lang::Node* tree = back->rules.at(0).when.parsed.get();
    ASSERT_NE(tree, nullptr);
    auto parsed = lang::parse_expression(pack->rules.at(0).when.text);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(tree->kind, lang::NodeKind::binary);
    EXPECT_EQ(tree->op, (*parsed)->op);
    ASSERT_EQ(tree->children.size(), 2U);
    EXPECT_EQ(tree->children[0]->name, "cfg");
    EXPECT_EQ(*tree->children[0]->children.at(0)->literal.get<std::string>(), "train.seq_length");
    EXPECT_EQ(*tree->children[1]->literal.get<std::int64_t>(), 4);
    EXPECT_EQ(tree->children[1]->offset, (*parsed)->children[1]->offset);
    EXPECT_EQ(back->rules.at(0).message.parsed.get(), nullptr);
    // The tree is taken once; a copy of the pack has none and parses its text instead.
    PackSource copy = *back;
    EXPECT_EQ(copy.rules.at(0).when.parsed.get(), nullptr);
    EXPECT_NE(back->rules.at(0).when.parsed.take(), nullptr);
    EXPECT_EQ(back->rules.at(0).when.parsed.get(), nullptr);
}

TEST(PackImage, RefusesEveryTruncationAndTrailingBytes) {
    test_support::TempDir dir;
    auto pack = read_pack(dir.write("pack.toml", kSmallPack));
    ASSERT_TRUE(pack.has_value());
    auto image = *encode_pack_image(*pack);
    for (std::size_t n = 0; n < image.size(); ++n) EXPECT_FALSE(decode_pack_image(image.substr(0, n))) << n;
    EXPECT_FALSE(decode_pack_image(image + "x"));
    std::string other = image;
    other[std::string_view("preflight-pack-image").size()] ^= 1;  // another format version
    EXPECT_FALSE(decode_pack_image(other));
    // A count larger than the bytes left is refused before anything is allocated.
    std::string huge = image;
    for (std::size_t i = image.size() - 8; i < image.size(); ++i) huge[i] = '\xff';
    EXPECT_FALSE(decode_pack_image(huge));
}

TEST(PackCache, StoresOnceAndReadsTheImageForTheSameBytes) {
    if (util::executable_build_id().empty()) GTEST_SKIP() << "this test binary has no build ID, so nothing is cached";
    test_support::TempDir dir;
    test_support::ScopedEnv env("PREFLIGHT_CACHE_DIR", dir.path() + "/cache");
    std::string file = dir.write("p/pack.toml", kSmallPack);
    std::string cache = pack_cache_dir();
    EXPECT_EQ(cache, dir.path() + "/cache/packs");
    auto first = load_pack(file);
    ASSERT_TRUE(first.has_value()) << first.error().message;
    EXPECT_EQ(images_in(cache), 1U);
    struct stat st {};
    ASSERT_EQ(::stat(cache.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700U);
    auto second = load_pack(file);
    ASSERT_TRUE(second.has_value());
    EXPECT_EQ(encode_pack_image(*second), encode_pack_image(*first));
    EXPECT_EQ(images_in(cache), 1U);  // read, not made again

    // Edited, the pack is read anew: the old image is for other bytes.
    dir.write("p/pack.toml", std::string(kSmallPack) + "explain = \"e\"\n");
    auto edited = load_pack(file);
    ASSERT_TRUE(edited.has_value()) << edited.error().message;
    EXPECT_EQ(edited->rules.at(0).explain, "e");
    EXPECT_EQ(images_in(cache), 2U);
}

TEST(PackCache, AnImageIsTrustedOnlyInAPrivateDirectory) {
    if (util::executable_build_id().empty()) GTEST_SKIP() << "this test binary has no build ID, so nothing is cached";
    test_support::TempDir dir;
    test_support::ScopedEnv env("PREFLIGHT_CACHE_DIR", dir.path() + "/cache");
    std::string file = dir.write("p/pack.toml", kSmallPack);
    ASSERT_TRUE(load_pack(file).has_value());
    std::string cache = pack_cache_dir();
    ASSERT_EQ(images_in(cache), 1U);
    // Someone else could have written what is there now: read the file itself.
    std::string image_path = fs::directory_iterator(cache)->path().string();
    auto forged = [&] {
        test_support::TempDir other;
        auto p = read_pack(other.write("pack.toml", std::string(kSmallPack) + "explain = \"forged\"\n"));
        p->file = file;
        return *encode_pack_image(*p);
    }();
    dir.write(image_path.substr(dir.path().size() + 1), forged);
    ::chmod(cache.c_str(), 0777);
    auto read = load_pack(file);
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->rules.at(0).explain, "");
    // The same image in a private directory is taken: the check is the directory's.
    ::chmod(cache.c_str(), 0700);
    EXPECT_EQ(load_pack(file)->rules.at(0).explain, "forged");
}

TEST(PackCache, AnEmptyCacheDirectorySettingTurnsTheCacheOff) {
    test_support::TempDir dir;
    test_support::ScopedEnv env("PREFLIGHT_CACHE_DIR", "");
    EXPECT_EQ(pack_cache_dir(), "");
    auto pack = load_pack(dir.write("p/pack.toml", kSmallPack));
    ASSERT_TRUE(pack.has_value());
    EXPECT_EQ(pack->name, "p");
}

TEST(PackCache, PruningKeepsTheImagesInUse) {
    if (util::executable_build_id().empty()) GTEST_SKIP() << "this test binary has no build ID, so nothing is cached";
    test_support::TempDir dir;
    test_support::ScopedEnv env("PREFLIGHT_CACHE_DIR", dir.path() + "/cache");
    std::string used = dir.write("a/pack.toml", kSmallPack);
    ASSERT_TRUE(load_pack(used).has_value());
    std::string cache = pack_cache_dir();
    fs::path used_image = fs::directory_iterator(cache)->path();
    // Made long ago, then more images than the cache keeps, all younger than it …
    auto now = fs::file_time_type::clock::now();
    fs::last_write_time(used_image, now - std::chrono::hours(2));
    for (std::size_t i = 0; i < kMaxCachedImages + 10; ++i) {
        std::string name = cache + "/old-" + std::to_string(i) + ".img";
        dir.write(name.substr(dir.path().size() + 1), "x");
        fs::last_write_time(name, now - std::chrono::hours(1));
    }
    // … but read again now: a new pack's store prunes the others, not this one.
    ASSERT_TRUE(load_pack(used).has_value());
    ASSERT_TRUE(load_pack(dir.write("b/pack.toml", std::string(kSmallPack) + "explain = \"b\"\n")).has_value());
    EXPECT_TRUE(fs::exists(used_image));
    EXPECT_LE(images_in(cache), kMaxCachedImages / 2 + 1);
}

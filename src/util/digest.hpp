// Message digests through OpenSSL (which uses the CPU's SHA extensions where present),
// and xxHash's XXH3 for keys that no adversary chooses: a content hash, and the hash of
// the hash tables keyed by names.
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct evp_md_ctx_st;

namespace preflight::util {

// A digest fed in pieces: Digest d("SHA256"); d.update(…); d.hex().
class Digest {
public:
    explicit Digest(const char* algorithm);  // "SHA256", "MD5" …
    void update(const void* data, std::size_t size);
    std::string hex();  // finishes the digest

private:
    std::unique_ptr<evp_md_ctx_st, void (*)(evp_md_ctx_st*)> ctx_;
};

// The hex digest of `data` in one call.
std::string digest_hex(std::string_view data, const char* algorithm);

// The 128-bit XXH3 of the parts, each prefixed with its length so that no two lists
// of parts run together into the same bytes, as 32 hex digits. For cache keys over
// large inputs read on every run (pack files): about a twentieth of SHA-256's cost
// where the CPU has no SHA extensions. Not for anything an attacker could choose.
std::string content_hash_hex(std::initializer_list<std::string_view> parts);
std::string content_hash_hex(const std::vector<std::string_view>& parts);

// The 64-bit XXH3 of a name, for hash tables keyed by names (rule ids, derived facts,
// configuration keys, fact references): about a third of std::hash's instructions for
// names of 10 to 40 bytes, and a check hashes thousands of them.
std::size_t name_hash(std::string_view name) noexcept;

// Hashes a name however it is held, so a table of std::string keys is searched with a
// string_view (from an expression tree, say) without copying it.
struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view name) const noexcept { return name_hash(name); }
};

}  // namespace preflight::util

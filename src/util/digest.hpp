// Message digests through OpenSSL (which uses the CPU's SHA extensions where present),
// and a fast content hash (xxHash's XXH3) for keys that no adversary chooses.
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

}  // namespace preflight::util

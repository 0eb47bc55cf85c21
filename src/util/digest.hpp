// Message digests through OpenSSL (which uses the CPU's SHA extensions where present).
#pragma once

#include <memory>
#include <string>
#include <string_view>

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

}  // namespace preflight::util

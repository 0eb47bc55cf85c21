#include "util/digest.hpp"

#include <openssl/evp.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdio>

namespace preflight::util {

Digest::Digest(const char* algorithm) : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
    EVP_DigestInit_ex(ctx_.get(), EVP_get_digestbyname(algorithm), nullptr);
}

void Digest::update(const void* data, std::size_t size) { EVP_DigestUpdate(ctx_.get(), data, size); }

std::string Digest::hex() {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (!EVP_DigestFinal_ex(ctx_.get(), md, &len)) return "";
    std::string out;
    char byte[3];
    for (unsigned int i = 0; i < len; ++i) {
        std::snprintf(byte, sizeof byte, "%02x", md[i]);
        out += byte;
    }
    return out;
}

std::string digest_hex(std::string_view data, const char* algorithm) {
    Digest d(algorithm);
    d.update(data.data(), data.size());
    return d.hex();
}

namespace {

template <class Parts>
std::string hash_parts(const Parts& parts) {
    XXH3_state_t state;
    XXH3_128bits_reset(&state);
    for (std::string_view part : parts) {
        auto size = static_cast<unsigned long long>(part.size());
        XXH3_128bits_update(&state, &size, sizeof size);
        XXH3_128bits_update(&state, part.data(), part.size());
    }
    XXH128_hash_t h = XXH3_128bits_digest(&state);
    char out[33];
    std::snprintf(out, sizeof out, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                  static_cast<unsigned long long>(h.low64));
    return out;
}

}  // namespace

std::size_t name_hash(std::string_view name) noexcept { return static_cast<std::size_t>(XXH3_64bits(name.data(), name.size())); }

std::string content_hash_hex(std::initializer_list<std::string_view> parts) { return hash_parts(parts); }
std::string content_hash_hex(const std::vector<std::string_view>& parts) { return hash_parts(parts); }

}  // namespace preflight::util

#include "util/digest.hpp"

#include <openssl/evp.h>

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

}  // namespace preflight::util

#include "util/digest.hpp"

#include <openssl/evp.h>

#include <cstdio>

namespace preflight::util {

std::string digest_hex(std::string_view data, const char* algorithm) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    const EVP_MD* type = EVP_get_digestbyname(algorithm);
    if (!type || !EVP_Digest(data.data(), data.size(), md, &len, type, nullptr)) return "";
    std::string out;
    char hex[3];
    for (unsigned int i = 0; i < len; ++i) {
        std::snprintf(hex, sizeof hex, "%02x", md[i]);
        out += hex;
    }
    return out;
}

}  // namespace preflight::util

#pragma once

#include <string>
#include <string_view>

namespace preflight::util {

// The hex digest of `data` with an OpenSSL algorithm ("SHA256", "MD5" …).
std::string digest_hex(std::string_view data, const char* algorithm);

}  // namespace preflight::util

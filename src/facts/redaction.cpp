#include "facts/redaction.hpp"

#include <cctype>
#include <string_view>
#include <vector>

namespace preflight::facts {
namespace {

std::string upper(std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string> words(const std::string& upper_name) {
    std::vector<std::string> out(1);
    for (char c : upper_name) {
        if (c == '_' || c == '-' || c == '.') out.emplace_back();
        else out.back() += c;
    }
    return out;
}

std::optional<std::string> name_rule(const std::string& name) {
    std::string n = upper(name);
    for (const char* part :
         {"SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "CREDENTIAL", "APIKEY", "API_KEY", "PRIVATE", "COOKIE"})
        if (n.find(part) != std::string::npos) return std::string("name contains ") + part;
    auto ws = words(n);
    for (const auto& w : ws) {
        if (w.ends_with("TOKEN") || w.ends_with("TOKENS")) return "name has a word ending in TOKEN";
        for (const char* whole : {"PAT", "AUTH", "AUTHORIZATION", "SESSION", "PASS"})
            if (w == whole) return std::string("name has the word ") + whole;
    }
    if (ws.back() == "KEY" || ws.back() == "KEYS") return "name ends in the word KEY";
    return std::nullopt;
}

bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool base64url(char c) { return alnum(c) || c == '-' || c == '_'; }

// How many characters from `at` satisfy `ok`.
template <typename Pred>
std::size_t run_length(std::string_view v, std::size_t at, Pred ok) {
    std::size_t n = 0;
    while (at + n < v.size() && ok(v[at + n])) ++n;
    return n;
}

// `prefix` at a word start, followed by at least `min` characters satisfying `ok`.
template <typename Pred>
bool token_after(std::string_view v, std::string_view prefix, std::size_t min, Pred ok) {
    for (std::size_t at = v.find(prefix); at != std::string_view::npos; at = v.find(prefix, at + 1)) {
        if (at > 0 && alnum(v[at - 1])) continue;
        if (run_length(v, at + prefix.size(), ok) >= min) return true;
    }
    return false;
}

bool aws_key_id(std::string_view v) {
    auto upper_digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'A' && c <= 'Z'); };
    for (std::string_view prefix : {"AKIA", "ASIA"})
        for (std::size_t at = v.find(prefix); at != std::string_view::npos; at = v.find(prefix, at + 1))
            if ((at == 0 || !alnum(v[at - 1])) && run_length(v, at + 4, upper_digit) == 16 &&
                (at + 20 == v.size() || !alnum(v[at + 20])))
                return true;
    return false;
}

bool jwt(std::string_view v) {
    for (std::size_t at = v.find("eyJ"); at != std::string_view::npos; at = v.find("eyJ", at + 1)) {
        if (at > 0 && base64url(v[at - 1])) continue;
        std::size_t header = run_length(v, at, base64url);
        if (header < 10 || at + header >= v.size() || v[at + header] != '.') continue;
        if (run_length(v, at + header + 1, base64url) >= 10) return true;
    }
    return false;
}

std::optional<std::string> value_rule(std::string_view v) {
    if (auto begin = v.find("-----BEGIN");
        begin != std::string_view::npos && v.find("PRIVATE KEY-----", begin) != std::string_view::npos)
        return "value holds a PEM private key";
    for (std::string_view prefix : {"ghp_", "gho_", "ghu_", "ghs_", "ghr_"})
        if (token_after(v, prefix, 30, alnum)) return "value looks like a GitHub token";
    if (token_after(v, "github_pat_", 20, base64url)) return "value looks like a GitHub token";
    if (aws_key_id(v)) return "value looks like an AWS access key id";
    for (std::string_view prefix : {"xoxb-", "xoxa-", "xoxp-", "xoxr-", "xoxs-"})
        if (token_after(v, prefix, 10, [](char c) { return alnum(c) || c == '-'; })) return "value looks like a Slack token";
    if (token_after(v, "hf_", 30, alnum)) return "value looks like a Hugging Face token";
    if (jwt(v)) return "value looks like a JWT";
    return std::nullopt;
}

// scheme://user:password@host → scheme://***@host
bool mask_url_credentials(std::string& v) {
    bool masked = false;
    for (std::size_t at = v.find("://"); at != std::string::npos; at = v.find("://", at + 3)) {
        std::size_t start = at + 3;
        std::size_t end = v.find_first_of("/ ?#", start);
        std::size_t cred = v.find('@', start);
        if (cred != std::string::npos && (end == std::string::npos || cred < end) && v.compare(start, cred - start, "***") != 0) {
            v.replace(start, cred - start, "***");
            masked = true;
        }
    }
    return masked;
}

}  // namespace

Redaction redact(const std::string& name, const std::string& value) {
    if (auto rule = name_rule(name)) return {kRedacted, rule};
    if (auto rule = value_rule(value)) return {kRedacted, rule};
    Redaction r{value, std::nullopt};
    if (mask_url_credentials(r.value)) r.rule = "credentials in a URL masked";
    return r;
}

}  // namespace preflight::facts

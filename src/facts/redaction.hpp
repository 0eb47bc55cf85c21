// What the probe hides of the environment before it prints or bundles it: values of
// variables whose name says they hold a secret, and values that look like a
// credential whatever their name. The bundle keeps the name and the rule that hid
// it, never the value. docs/manual.md lists the rules; tests/unit/redaction_test.cpp
// checks each one and that no variable a bundled pack reads is ever hidden.
#pragma once

#include <optional>
#include <string>

namespace preflight::facts {

inline constexpr const char* kRedacted = "<redacted>";

struct Redaction {
    std::string value;                // what is recorded: the value, "<redacted>", or the value with URL credentials masked
    std::optional<std::string> rule;  // the rule that hid something, e.g. "name has the word PAT"; nullopt when nothing was
};

// Name rules (case-insensitive; the name's words are split at '_', '-' and '.'):
//   anywhere in the name: SECRET PASSWORD PASSWD PASSPHRASE CREDENTIAL APIKEY API_KEY PRIVATE COOKIE
//   a word ending in TOKEN or TOKENS (HF_TOKEN, GHTOKEN; not TOKENIZERS_PARALLELISM)
//   a whole word PAT, AUTH, AUTHORIZATION, SESSION or PASS (GITHUB_PAT, NPM_AUTH; not PATH)
//   the last word KEY or KEYS (AWS_SECRET_ACCESS_KEY, SSH_KEY; not KEYBOARD)
// Value rules: a PEM private key block, a GitHub token (ghp_ gho_ ghu_ ghs_ ghr_
// github_pat_), an AWS access key id (AKIA/ASIA and 16 more), a Slack token
// (xoxb- xoxa- xoxp- xoxr- xoxs-), a Hugging Face token (hf_…), a JWT (eyJ….….);
// user:password@ in a URL is masked as ***@ and the rest of the value kept.
Redaction redact(const std::string& name, const std::string& value);

}  // namespace preflight::facts

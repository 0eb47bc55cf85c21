#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "facts/redaction.hpp"

using namespace preflight;
using facts::redact;

namespace {

bool hidden(const std::string& name, const std::string& value = "some-value") {
    auto r = redact(name, value);
    return r.value == facts::kRedacted && r.rule.has_value();
}

}  // namespace

TEST(Redaction, NamesThatSayTheyHoldSecrets) {
    for (const char* name : {"HF_TOKEN",
                             "HUGGING_FACE_HUB_TOKEN",
                             "GHTOKEN",
                             "NPM_TOKENS",
                             "GITHUB_PAT",
                             "GH_PAT",
                             "OPENAI_APIKEY",
                             "WANDB_API_KEY",
                             "MY_API_KEY_FILE",
                             "AWS_SECRET_ACCESS_KEY",
                             "SSH_KEY",
                             "ENCRYPTION_KEYS",
                             "GOOGLE_APPLICATION_CREDENTIALS",
                             "DOCKER_CREDENTIAL",
                             "NPM_AUTH",
                             "BASIC_AUTH_USER",
                             "HTTP_AUTHORIZATION",
                             "PRIVATE_KEY_PEM",
                             "SSH_PASSPHRASE",
                             "COOKIE",
                             "SESSION_COOKIE",
                             "AWS_SESSION",
                             "DB_PASSWORD",
                             "PGPASSWORD",
                             "MYSQL_PASSWD",
                             "SMTP_PASS",
                             "client_secret",
                             "hf_token"})
        EXPECT_TRUE(hidden(name)) << name;
}

TEST(Redaction, TheRuleIsRecordedNeverTheValue) {
    auto r = redact("GITHUB_PAT", "hunter2");
    EXPECT_EQ(r.value, "<redacted>");
    EXPECT_EQ(*r.rule, "name has the word PAT");
    EXPECT_EQ(r.rule->find("hunter2"), std::string::npos);
    EXPECT_EQ(*redact("AWS_SECRET_ACCESS_KEY", "x").rule, "name contains SECRET");
    EXPECT_EQ(*redact("SSH_KEY", "x").rule, "name ends in the word KEY");
    EXPECT_EQ(*redact("HF_TOKEN", "x").rule, "name has a word ending in TOKEN");
}

TEST(Redaction, ValuesThatLookLikeCredentials) {
    const std::pair<const char*, const char*> cases[] = {
        {"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk=\n-----END OPENSSH PRIVATE KEY-----",
         "value holds a PEM private key"},
        {"-----BEGIN RSA PRIVATE KEY-----", "value holds a PEM private key"},
        {"ghp_0123456789abcdefghijABCDEFGHIJ012345", "value looks like a GitHub token"},
        {"https://x:gho_0123456789abcdefghijABCDEFGHIJ012345@github.com", "value looks like a GitHub token"},
        {"github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "value looks like a GitHub token"},
        {"AKIAIOSFODNN7EXAMPLE", "value looks like an AWS access key id"},
        {"id=ASIAY34FZKBOKMUTVV7A;", "value looks like an AWS access key id"},
        {"xoxb-1234567890-abcdefghij", "value looks like a Slack token"},
        {"hf_abcdefghijklmnopqrstuvwxyzABCDEFGH", "value looks like a Hugging Face token"},
        {"Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
         "value looks like a JWT"},
    };
    for (const auto& [value, rule] : cases) {
        auto r = redact("INNOCENT_NAME", value);
        EXPECT_EQ(r.value, "<redacted>") << value;
        EXPECT_EQ(r.rule.value_or(""), rule) << value;
    }
}

TEST(Redaction, LookalikesAreKept) {
    for (const char* value :
         {"ghp_short", "AKIAIOSFODNN7EXAMPLEX", "xAKIAIOSFODNN7EXAMPLE", "eyJ.not.a.jwt", "-----BEGIN CERTIFICATE-----",
          "hf_home", "/usr/local/Ascend/ascend-toolkit/latest", "expandable_segments:True"}) {
        auto r = redact("INNOCENT_NAME", value);
        EXPECT_EQ(r.value, value);
        EXPECT_FALSE(r.rule.has_value()) << value;
    }
}

TEST(Redaction, UrlCredentialsAreMaskedAndRecorded) {
    auto r = redact("PIP_INDEX_URL", "https://user:pw@host/simple");
    EXPECT_EQ(r.value, "https://***@host/simple");
    EXPECT_EQ(r.rule.value_or(""), "credentials in a URL masked");
    EXPECT_FALSE(redact("PIP_INDEX_URL", "https://host/simple?a=b@c").rule.has_value());
}

// Variables the rules read must reach them: redacting one would change a verdict.
TEST(Redaction, NoVariableARuleReadsIsHidden) {
    std::set<std::string> names = {"USE_MCORE_GDN",
                                   "HCCL_CONNECT_TIMEOUT",
                                   "HCCL_BUFFSIZE",
                                   "HCCL_IF_IP",
                                   "HCCL_EXEC_TIMEOUT",
                                   "PYTORCH_NPU_ALLOC_CONF",
                                   "PYTORCH_CUDA_ALLOC_CONF",
                                   "PYTORCH_ALLOC_CONF",
                                   "ASCEND_RT_VISIBLE_DEVICES",
                                   "ASCEND_HOME_PATH",
                                   "ASCEND_TOOLKIT_HOME",
                                   "ASCEND_LAUNCH_BLOCKING",
                                   "CUDA_VISIBLE_DEVICES",
                                   "LD_PRELOAD",
                                   "LD_LIBRARY_PATH",
                                   "PYTHONPATH",
                                   "MEGATRON_LM_PATH",
                                   "TOKENIZERS_PARALLELISM",
                                   "HF_HOME",
                                   "HF_ENDPOINT",
                                   "PATH",
                                   "PWD",
                                   "KEYBOARD",
                                   "MASTER_ADDR",
                                   "MASTER_PORT",
                                   "WORLD_SIZE",
                                   "NCCL_DEBUG",
                                   "VLLM_ASCEND_ENABLE_NZ",
                                   "RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES",
                                   "PYENV_VERSION",
                                   "PASSIVE_MODE",
                                   "KEY_PATH"};
    // … and every env.NAME any bundled pack mentions.
    for (const auto& entry : std::filesystem::directory_iterator(std::string(PREFLIGHT_SOURCE_DIR) + "/rules")) {
        std::ifstream in(entry.path() / "pack.toml");
        std::stringstream text;
        text << in.rdbuf();
        std::string s = text.str();
        for (std::size_t at = s.find("env."); at != std::string::npos; at = s.find("env.", at + 4)) {
            std::size_t end = at + 4;
            while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '_')) ++end;
            if (end > at + 4) names.insert(s.substr(at + 4, end - at - 4));
        }
    }
    EXPECT_GT(names.size(), 30u);
    for (const auto& name : names) {
        auto r = redact(name, "1");
        EXPECT_FALSE(r.rule.has_value()) << name << " would be hidden: " << r.rule.value_or("");
        EXPECT_EQ(r.value, "1") << name;
    }
}

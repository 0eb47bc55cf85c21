// job_file_text: the job it writes loads back to the same values, each commented with
// its place; unknown values and unread flags are comments, never dropped.
#include <gtest/gtest.h>

#include "config/run_config.hpp"
#include "output/job_file.hpp"
#include "temp_dir.hpp"

namespace preflight::output {
namespace {

Fact at(Value v, int line) { return Fact{std::move(v), Origin{OriginKind::job, Location{"/x/train.sh", line, 5}, {}}}; }

config::RunConfig launch() {
    config::RunConfig cfg;
    cfg.path = "/x/train.sh";
    cfg.values["job.framework"] = at(Value("ms-swift"), 9);
    cfg.values["parallel.tp"] = at(Value(2), 11);
    cfg.values["parallel.pp"] = Fact{Value(1), Origin{OriginKind::default_value, {}, {}}};
    cfg.values["train.padding_free"] = at(Value(true), 12);
    cfg.values["parallel.ep"] = at(Value::unknown_because("command substitution"), 13);
    cfg.env["NPROC_PER_NODE"] = at(Value("8"), 7);
    cfg.env["ODD NAME"] = at(Value("a\"b"), 3);
    return cfg;
}

TEST(JobFile, LoadsBackToTheSameValues) {
    auto cfg = launch();
    cfg.env.erase("ODD NAME");  // not a variable name the loader accepts
    JobFileInput in{&cfg, "train.sh:9: megatron sft", {}};
    test_support::TempDir dir;
    std::string path = dir.write("job.toml", job_file_text(in));
    auto back = config::load_run_config(path, [](const std::string&) { return version::Scheme::pep440; });
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->values.at("job.framework").value, Value("ms-swift"));
    EXPECT_EQ(back->values.at("parallel.tp").value, Value(2));
    EXPECT_EQ(back->values.at("train.padding_free").value, Value(true));
    EXPECT_EQ(back->env.at("NPROC_PER_NODE").value, Value("8"));
    EXPECT_EQ(back->values.at("parallel.ep").origin.kind, OriginKind::default_value);  // unknown: left out
}

TEST(JobFile, CommentsPlacesUnknownsAndUnreadFlags) {
    auto cfg = launch();
    Diagnostic flag{Severity::info, "launch-flag-not-interpreted", "not interpreted: --lora_rank 8",
                    Location{"/x/train.sh", 14, 5}};
    std::string text = job_file_text({&cfg, "train.sh:9: megatron sft", {flag}});
    EXPECT_NE(text.find("tp = 2  # train.sh:11\n"), std::string::npos) << text;
    EXPECT_NE(text.find("# ep = ?  (train.sh:13: command substitution)\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("pp ="), std::string::npos) << "defaults are the launcher's, not written";
    EXPECT_NE(text.find("\"ODD NAME\" = \"a\\\"b\"  # train.sh:3\n"), std::string::npos) << text;
    EXPECT_NE(text.find("#   train.sh:14: not interpreted: --lora_rank 8\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace preflight::output

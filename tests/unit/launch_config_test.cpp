// Launch commands read through the launcher tables of the bundled launcher-flags pack,
// and `args` words read back to the same run configuration.
#include <gtest/gtest.h>

#include <set>

#include "config/key_table.hpp"
#include "launch/launch_config.hpp"
#include "output/shell_words.hpp"
#include "rules/pack_collector.hpp"
#include "rules/rule_set.hpp"
#include "version/version.hpp"

namespace preflight::launch {
namespace {

const LauncherSet& bundled() {
    static const LauncherSet set = [] {
        auto collected = rules::collect_packs({{std::string(PREFLIGHT_SOURCE_DIR) + "/rules", true}}, PREFLIGHT_VERSION);
        EXPECT_TRUE(collected.has_value());
        auto rules = rules::compile_packs(collected->packs);
        EXPECT_TRUE(rules.has_value()) << rules.error().message;
        auto launchers = compile_launchers(*rules);
        EXPECT_TRUE(launchers.has_value()) << launchers.error().message;
        return *launchers;
    }();
    return set;
}

// One command line of train.sh, line 7: words at their columns.
Command command(const std::vector<std::string>& words, const std::map<std::string, std::string>& env = {}) {
    Command c;
    std::string line = output::shell_line(words);
    int column = 1;
    for (const auto& w : words) {
        Word word;
        word.text = w;
        word.where = Location{"train.sh", 7, column, "", line};
        column += static_cast<int>(output::shell_word(w).size()) + 1;
        c.argv.push_back(word);
    }
    for (const auto& [name, value] : env) c.env[name] = Binding{value, "", Location{"train.sh", 2, 8, "", ""}, false};
    c.where = c.argv.empty() ? Location{} : c.argv.front().where;
    return c;
}

Launch read(const Command& c) {
    auto launch = read_launch(c, bundled());
    EXPECT_TRUE(launch.has_value()) << launch.error().message;
    return launch ? *launch : Launch{};
}

const Value& value(const Launch& l, const std::string& key) { return l.config.values.at(key).value; }

std::string notes(const Launch& l) {
    std::string out;
    for (const auto& d : l.config.diagnostics) out += d.message + "\n";
    return out;
}

const Launcher* recognised(const std::vector<std::string>& words) {
    auto r = recognise(command(words), bundled());
    return r ? r->launcher : nullptr;
}

TEST(LaunchRecognition, EachLauncher) {
    EXPECT_EQ(recognised({"megatron", "sft", "--model", "m"})->name, "megatron-swift");
    EXPECT_EQ(recognised({"megatron", "rlhf"})->name, "megatron-swift");
    EXPECT_EQ(recognised({"/usr/local/bin/swift", "sft"})->name, "swift");
    EXPECT_EQ(recognised({"swift", "rlhf", "--rlhf_type", "grpo"})->name, "swift");
    EXPECT_EQ(recognised({"torchrun", "--nproc_per_node", "8", "pretrain_gpt.py", "--tensor-model-parallel-size", "2"})->name,
              "megatron");
    EXPECT_EQ(
        recognised({"python3", "-m", "torch.distributed.run", "--nnodes=2", "--standalone", "/src/Megatron-LM/pretrain_mamba.py"})
            ->name,
        "megatron");
    EXPECT_EQ(recognised({"python3.11", "-m", "torch.distributed.launch", "pretrain_gpt.py"})->name, "megatron");
    EXPECT_EQ(recognised({"accelerate", "launch", "--num_processes", "8", "train.py"})->name, "accelerate");
    EXPECT_EQ(recognised({"torchrun", "--nproc-per-node", "4", "train.py", "--lr", "1e-4"})->name, "torchrun");
}

TEST(LaunchRecognition, NotALauncher) {
    EXPECT_EQ(recognised({"python", "train.py"}), nullptr);
    EXPECT_EQ(recognised({"megatron", "export"}), nullptr);  // not a training entry
    EXPECT_EQ(recognised({"swift", "infer"}), nullptr);
    EXPECT_EQ(recognised({"pythonic", "-m", "torch.distributed.run", "pretrain_gpt.py"}), nullptr);
    auto launch = read_launch(command({"bash", "run.sh"}), bundled());
    ASSERT_FALSE(launch.has_value());
    EXPECT_EQ(launch.error().location.line, 7);
}

TEST(LaunchConfig, ImpliesFrameworkAndBackend) {
    auto l = read(command({"megatron", "sft", "--model", "Qwen/Qwen3.5-27B"}));
    EXPECT_EQ(value(l, "job.framework"), Value("ms-swift"));
    EXPECT_EQ(value(l, "job.backend"), Value("megatron"));
    EXPECT_EQ(value(l, "model.id"), Value("Qwen/Qwen3.5-27B"));
    // Keys the flags do not set are left to the pack defaults: no padding_free here.
    EXPECT_FALSE(l.config.values.count("train.padding_free"));
    auto m = read(command({"torchrun", "pretrain_gpt.py"}));
    EXPECT_EQ(value(m, "job.framework"), Value("megatron-lm"));
    auto s = read(command({"swift", "sft", "--deepspeed", "zero3"}));
    EXPECT_EQ(value(s, "job.backend"), Value("deepspeed"));
    auto plain = read(command({"swift", "sft"}));
    EXPECT_EQ(value(plain, "job.backend"), Value("transformers"));
    auto a =
        read(command({"accelerate", "launch", "--use-fsdp", "--num_processes=16", "--num-machines", "2", "train.py", "--bf16"}));
    EXPECT_EQ(value(a, "job.backend"), Value("fsdp"));
    EXPECT_EQ(value(a, "train.world_size"), Value(16));
    EXPECT_EQ(value(a, "hardware.nodes"), Value(2));
    EXPECT_NE(notes(a).find("not interpreted (no key of the run configuration): --bf16 (an argument of the script)"),
              std::string::npos);
}

TEST(LaunchConfig, BothSeparatorsWhereTheParserAcceptsThem) {
    auto dashed = read(command({"megatron", "sft", "--tensor-model-parallel-size", "4"}));
    EXPECT_EQ(value(dashed, "parallel.tp"), Value(4));
    auto underscored = read(command({"megatron", "sft", "--tensor_model_parallel_size", "4"}));
    EXPECT_EQ(value(underscored, "parallel.tp"), Value(4));
    // Megatron-LM's parser knows the dashed spelling only.
    auto megatron = read(command({"torchrun", "pretrain_gpt.py", "--tensor_model_parallel_size", "4"}));
    EXPECT_EQ(value(megatron, "parallel.tp"), Value(1));  // the key table's default
    EXPECT_NE(notes(megatron).find("--tensor_model_parallel_size is not a flag of megatron at any release read"),
              std::string::npos)
        << notes(megatron);
    EXPECT_NE(notes(megatron).find("did you mean --tensor-model-parallel-size?"), std::string::npos) << notes(megatron);
    // torchrun lists both spellings of its own flags.
    auto t = read(command({"torchrun", "--nproc-per-node=4", "pretrain_gpt.py"}));
    EXPECT_EQ(value(t, "hardware.devices_per_node"), Value(4));
}

TEST(LaunchConfig, InlineValueLocatedAtItsWord) {
    auto l = read(command({"megatron", "sft", "--context_parallel_size=2"}));
    const Fact& cp = l.config.values.at("parallel.cp");
    EXPECT_EQ(cp.value, Value(2));
    EXPECT_EQ(cp.origin.where.file, "train.sh");
    EXPECT_EQ(cp.origin.where.line, 7);
    EXPECT_EQ(cp.origin.where.column, 14 + 24);  // after "--context_parallel_size="
    EXPECT_EQ(cp.origin.where.key, "parallel.cp");
}

TEST(LaunchConfig, BooleanForms) {
    auto bare = read(command({"megatron", "sft", "--padding_free", "--packing", "false", "--sequence_parallel=Yes"}));
    EXPECT_EQ(value(bare, "train.padding_free"), Value(true));
    EXPECT_EQ(value(bare, "train.packing"), Value(false));
    EXPECT_EQ(value(bare, "parallel.sequence_parallel"), Value(true));
    auto sw = read(command({"torchrun", "pretrain_gpt.py", "--sequence-parallel", "--use-flash-attn"}));
    EXPECT_EQ(value(sw, "parallel.sequence_parallel"), Value(true));
    EXPECT_EQ(value(sw, "train.use_flash_attn"), Value(true));
    auto bad = read_launch(command({"torchrun", "pretrain_gpt.py", "--sequence-parallel=true"}), bundled());
    ASSERT_FALSE(bad.has_value());
    EXPECT_NE(bad.error().message.find("takes no value"), std::string::npos);
    auto maybe = read_launch(command({"megatron", "sft", "--padding_free", "maybe"}), bundled());
    ASSERT_FALSE(maybe.has_value());
    EXPECT_NE(maybe.error().message.find("truth value"), std::string::npos);
    EXPECT_EQ(maybe.error().location.column, 29);
}

TEST(LaunchConfig, MultiValueFlags) {
    auto l = read(command({"swift", "sft", "--dataset", "a#1000", "b", "c", "--sequence_parallel_size", "2"}));
    EXPECT_EQ(value(l, "parallel.ulysses"), Value(2));
    ASSERT_EQ(l.flags.size(), 2u);
    EXPECT_EQ(l.flags[0].values.size(), 3u);
    EXPECT_EQ(notes(l), "");
}

// A values flag whose key is a list gives the list of its words; one word the script
// leaves open makes the whole list unknown.
TEST(LaunchConfig, ValuesFlagsGiveListKeys) {
    auto l = read(
        command({"torchrun", "pretrain_gpt.py", "--recompute-modules", "core_attn", "mlp", "--tensor-model-parallel-size", "2"}));
    EXPECT_EQ(value(l, "train.recompute_modules"), Value(List{Value("core_attn"), Value("mlp")}));
    EXPECT_EQ(value(l, "parallel.tp"), Value(2));
    auto none = read(command({"torchrun", "pretrain_gpt.py", "--recompute-modules", "--tensor-model-parallel-size", "2"}));
    EXPECT_EQ(value(none, "train.recompute_modules"), Value(List{}));
    auto swift = read(command({"megatron", "sft", "--recompute_modules", "moe", "--recompute_granularity", "selective"}));
    EXPECT_EQ(value(swift, "train.recompute_modules"), Value(List{Value("moe")}));
    Command c = command({"torchrun", "pretrain_gpt.py", "--recompute-modules", "core_attn", "X"});
    c.argv[4].text.reset();
    c.argv[4].unknown_because = "command substitution";
    EXPECT_TRUE(value(read(c), "train.recompute_modules").is_unknown());
}

// Megatron-SWIFT replaces sequence_parallel_size with the context-parallel size
// (modelscope/ms-swift@v4.5.2:swift/megatron/arguments/megatron_base_args.py:35): read, never Ulysses.
TEST(LaunchConfig, MegatronSwiftSequenceParallelSizeIsNotUlysses) {
    auto l = read(command({"megatron", "sft", "--sequence_parallel_size", "2", "--use_ray", "true"}));
    if (l.config.values.count("parallel.ulysses")) EXPECT_EQ(value(l, "parallel.ulysses"), Value(std::int64_t{1}));
    EXPECT_EQ(value(l, "job.use_ray"), Value(true));
    EXPECT_EQ(notes(l), "");
}

TEST(LaunchConfig, AliasesAndValueMaps) {
    auto v3 = read(command({"megatron", "sft", "--train_type", "lora"}));
    EXPECT_EQ(value(v3, "train.lora"), Value(true));
    auto v4 = read(command({"megatron", "sft", "--tuner_type", "full"}));
    EXPECT_EQ(value(v4, "train.lora"), Value(false));
    auto attn = read(command({"swift", "sft", "--attn_impl", "flash_attention_2"}));
    EXPECT_EQ(value(attn, "train.attention_backend"), Value("flash"));
    // The key table's value_spellings serve flags without a map.
    auto spelled = read(command({"megatron", "sft", "--attention_backend", "flash_attention_2"}));
    EXPECT_EQ(value(spelled, "train.attention_backend"), Value("flash"));
    auto flex = read(command({"swift", "sft", "--attn_impl", "flex_attention"}));
    EXPECT_TRUE(value(flex, "train.attention_backend").is_unknown());
    EXPECT_NE(notes(flex).find("flex_attention"), std::string::npos);
    auto colocate = read(command({"swift", "rlhf", "--vllm_mode", "colocate", "--sleep_level", "1"}));
    EXPECT_EQ(value(colocate, "rollout.colocate"), Value(true));
    EXPECT_EQ(value(colocate, "rollout.sleep_level"), Value(1));
}

TEST(LaunchConfig, AcceleratorDecidesTheRolloutEngine) {
    auto npu = read(command({"megatron", "rlhf", "--use_vllm", "true"}, {{"ASCEND_RT_VISIBLE_DEVICES", "0,1,2,3"}}));
    EXPECT_EQ(value(npu, "rollout.engine"), Value("vllm-ascend"));
    EXPECT_EQ(value(npu, "hardware.accelerator"), Value("npu"));
    auto unknown = read(command({"megatron", "rlhf", "--use_vllm", "true"}));
    EXPECT_TRUE(value(unknown, "rollout.engine").is_unknown());
    auto off = read(command({"megatron", "rlhf", "--use_vllm", "false"}));
    EXPECT_EQ(value(off, "rollout.engine"), Value("none"));
}

TEST(LaunchConfig, EnvironmentTable) {
    auto l = read(command({"megatron", "sft"}, {{"NPROC_PER_NODE", "8"},
                                                {"NNODES", "2"},
                                                {"HCCL_CONNECT_TIMEOUT", "1200"},
                                                {"ASCEND_RT_VISIBLE_DEVICES", "0,1,2,3,4,5,6,7"}}));
    EXPECT_EQ(value(l, "hardware.devices_per_node"), Value(8));
    EXPECT_EQ(value(l, "hardware.nodes"), Value(2));
    EXPECT_EQ(value(l, "train.world_size"), Value(16));
    EXPECT_EQ(l.config.values.at("hardware.nodes").origin.where.line, 2);
    EXPECT_EQ(l.config.env.at("HCCL_CONNECT_TIMEOUT").value, Value("1200"));
    // Without NPROC_PER_NODE the visible devices give the count, not the processes.
    auto visible = read(command({"swift", "sft"}, {{"ASCEND_RT_VISIBLE_DEVICES", "0, 1,2,3"}}));
    EXPECT_EQ(value(visible, "hardware.devices_per_node"), Value(4));
    EXPECT_FALSE(visible.config.values.count("train.world_size"));
    // CUDA_VISIBLE_DEVICES counts devices but names no accelerator.
    auto cuda = read(command({"swift", "sft"}, {{"CUDA_VISIBLE_DEVICES", "0,1"}}));
    EXPECT_EQ(value(cuda, "hardware.devices_per_node"), Value(2));
    EXPECT_FALSE(cuda.config.values.count("hardware.accelerator"));
    // torchrun: a flag wins over its PET_ variable; NPROC_PER_NODE is ms-swift's, not torchrun's.
    auto t =
        read(command({"torchrun", "--nproc_per_node", "4", "pretrain_gpt.py"}, {{"PET_NPROC_PER_NODE", "8"}, {"NNODES", "3"}}));
    EXPECT_EQ(value(t, "hardware.devices_per_node"), Value(4));
    EXPECT_EQ(value(t, "hardware.nodes"), Value(1));
    EXPECT_EQ(value(t, "train.world_size"), Value(4));
    // A value the reader could not know stays unknown.
    Command c = command({"megatron", "sft"});
    c.env["NPROC_PER_NODE"] = Binding{std::nullopt, "command substitution", Location{"train.sh", 1, 1, "", ""}, false};
    auto u = read(c);
    EXPECT_TRUE(value(u, "hardware.devices_per_node").is_unknown());
    EXPECT_TRUE(u.config.env.at("NPROC_PER_NODE").value.is_unknown());
    auto bad = read_launch(command({"megatron", "sft"}, {{"NPROC_PER_NODE", "eight"}}), bundled());
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().location.line, 2);
}

TEST(LaunchConfig, UnknownFlagsAreKept) {
    auto l = read(command({"megatron", "sft", "--foo_bar", "1", "2", "--tensor_model_parallel_size", "2"}));
    EXPECT_EQ(value(l, "parallel.tp"), Value(2));
    ASSERT_EQ(l.flags.size(), 2u);
    EXPECT_EQ(l.flags[0].written, "--foo_bar");
    EXPECT_EQ(l.flags[0].spec, nullptr);
    EXPECT_EQ(l.flags[0].values.size(), 2u);
    ASSERT_EQ(l.config.diagnostics.size(), 1u);
    EXPECT_EQ(l.config.diagnostics[0].message,
              "--foo_bar is not a flag of megatron-swift at any release read (ms-swift 4.0–4.5)");
    EXPECT_EQ(l.config.diagnostics[0].severity, Severity::warning);
    EXPECT_EQ(l.config.diagnostics[0].location.column, 14);
}

TEST(LaunchConfig, OneNoteListsEveryUninterpretedFlag) {
    // Valid flags of Megatron-SWIFT with no run-configuration key (the generated tables).
    auto l = read(command({"megatron", "sft", "--lr", "--seed", "--train_iters", "--beta", "--model_name", "--weight_decay",
                           "--eval_iters", "--finetune"}));
    ASSERT_EQ(l.config.diagnostics.size(), 1u) << notes(l);
    EXPECT_EQ(l.config.diagnostics[0].message,
              "not interpreted (no key of the run configuration): --lr, --seed, --train_iters, --beta, --model_name, "
              "--weight_decay and 2 more");
    EXPECT_EQ(l.flags.size(), 8u) << "every flag is kept";
}

TEST(LaunchConfig, MisspelledFlagGetsDidYouMean) {
    // No version known: a warning, the suggestion from every flag the launcher accepts.
    auto l = read(command({"megatron", "sft", "--tensor-model-paralel-size", "2"}));
    ASSERT_EQ(l.config.diagnostics.size(), 1u);
    EXPECT_EQ(l.config.diagnostics[0].message,
              "--tensor-model-paralel-size is not a flag of megatron-swift at any release read (ms-swift 4.0–4.5); did "
              "you mean --tensor_model_parallel_size?");
    EXPECT_EQ(l.config.diagnostics[0].severity, Severity::warning);
    EXPECT_EQ(l.config.diagnostics[0].code, "launch-unknown-flag");
}

TEST(LaunchConfig, UnknownFlagIsAnErrorAtAKnownVersion) {
    FactMap packages;
    packages["ms-swift"] = Fact{Value(*version::Version::parse(version::Scheme::pep440, "4.5.2")), {}};
    auto l = read_launch(command({"megatron", "sft", "--train_iter", "100", "--train_iters", "100"}), bundled(), &packages);
    ASSERT_TRUE(l) << l.error().message;
    ASSERT_EQ(l->config.diagnostics.size(), 2u) << notes(*l);
    EXPECT_EQ(l->config.diagnostics[0].severity, Severity::error);
    EXPECT_EQ(l->config.diagnostics[0].message,
              "--train_iter is not a flag of megatron-swift at ms-swift 4.5.2 (modelscope/ms-swift@v4.5.2): its parser "
              "stops on it; did you mean --train_iters?");
    // The valid flag is only not interpreted.
    EXPECT_EQ(l->config.diagnostics[1].severity, Severity::info);
}

TEST(LaunchConfig, ValidFlagsAreNeverTypos) {
    auto swift = read(command({"megatron", "sft", "--model_name", "a", "b", "--loss_type", "x", "--train_iters", "9"}));
    for (const auto& d : swift.config.diagnostics) EXPECT_NE(d.severity, Severity::warning) << d.message;
    auto lm = read(command({"torchrun", "pretrain_gpt.py", "--ffn-hidden-size", "11008", "--use-distributed-optimizer"}));
    for (const auto& d : lm.config.diagnostics) EXPECT_NE(d.severity, Severity::warning) << d.message;
}

TEST(LaunchConfig, LaunchFormsOfTheFrameworks) {
    auto acc = read(command({"accelerate", "launch", "--config_file", "fsdp.json", "swift/cli/sft.py", "--tuner_type", "lora"}));
    EXPECT_EQ(acc.launcher->name, "swift");
    EXPECT_EQ(value(acc, "train.lora"), Value(true));
    auto mod = read(command({"torchrun", "--nproc_per_node", "2", "-m", "swift.cli.sft", "--model", "m"}));
    EXPECT_EQ(mod.launcher->name, "swift");
    EXPECT_EQ(value(mod, "hardware.devices_per_node"), Value(2));
    auto mcore = read(command({"torchrun", "swift/cli/_megatron/sft.py", "--tensor_model_parallel_size", "2"}));
    EXPECT_EQ(mcore.launcher->name, "megatron-swift");
    EXPECT_EQ(value(mcore, "parallel.tp"), Value(2));
    auto post = read(command({"torchrun", "posttrain_gpt.py", "--tensor-model-parallel-size", "4"}));
    EXPECT_EQ(post.launcher->name, "megatron");
    auto ray = read(command({"ray", "job", "submit", "--address", "http://h:8265", "--", "python3", "train.py",
                             "--tensor-model-parallel-size", "2", "--colocate"}));
    EXPECT_EQ(ray.launcher->name, "vime");
    EXPECT_EQ(value(ray, "parallel.tp"), Value(2));
    auto ds = read(command({"deepspeed", "--num_gpus", "4", "pretrain_gpt.py", "--tensor-model-parallel-size", "2"}));
    EXPECT_EQ(ds.launcher->name, "megatron");
    EXPECT_EQ(value(ds, "parallel.tp"), Value(2));
}

TEST(LaunchConfig, BadValuesAreErrorsAtTheirWord) {
    auto two = read_launch(command({"megatron", "sft", "--tensor_model_parallel_size", "two"}), bundled());
    ASSERT_FALSE(two.has_value());
    EXPECT_EQ(two.error().location.column, 43);
    EXPECT_EQ(two.error().location.source_line, "megatron sft --tensor_model_parallel_size two");
    EXPECT_NE(two.error().message.find("integer"), std::string::npos);
    auto zero = read_launch(command({"megatron", "sft", "--pipeline_model_parallel_size", "0"}), bundled());
    ASSERT_FALSE(zero.has_value());
    EXPECT_NE(zero.error().message.find("at least 1"), std::string::npos);
    auto level = read_launch(command({"torchrun", "pretrain_gpt.py", "--optimization-level", "3"}), bundled());
    ASSERT_FALSE(level.has_value());
    EXPECT_NE(level.error().message.find("at most 2"), std::string::npos);
    auto backend = read_launch(command({"megatron", "sft", "--attention_backend", "flsh"}), bundled());
    ASSERT_FALSE(backend.has_value());
    EXPECT_NE(backend.error().message.find("did you mean \"flash\""), std::string::npos);
    auto missing = read_launch(command({"megatron", "sft", "--tensor_model_parallel_size"}), bundled());
    ASSERT_FALSE(missing.has_value());
}

TEST(LaunchConfig, UnknownWordsGiveUnknownValues) {
    Command c = command({"megatron", "sft", "--tensor_model_parallel_size", "X"});
    c.argv[3].text.reset();
    c.argv[3].unknown_because = "command substitution";
    auto l = read(c);
    EXPECT_TRUE(value(l, "parallel.tp").is_unknown());
}

// torchrun's --nnodes MIN:MAX is settled at rendezvous: a number only when both ends agree.
TEST(LaunchConfig, ElasticNodeRange) {
    auto elastic = read(command({"torchrun", "--nnodes", "1:4", "--nproc-per-node", "8", "train.py"}));
    EXPECT_TRUE(value(elastic, "hardware.nodes").is_unknown());
    ASSERT_TRUE(value(elastic, "hardware.nodes").get<Unknown>());
    EXPECT_EQ(value(elastic, "hardware.nodes").get<Unknown>()->reasons,
              std::set<std::string>{"--nnodes 1:4 is a range: the count is settled when the launch starts"});
    EXPECT_TRUE(value(elastic, "train.world_size").is_unknown());
    auto fixed = read(command({"torchrun", "--nnodes=2:2", "--nproc-per-node", "8", "train.py"}));
    EXPECT_EQ(value(fixed, "hardware.nodes"), Value(std::int64_t{2}));
    EXPECT_EQ(value(fixed, "train.world_size"), Value(std::int64_t{16}));
    auto plain = read(command({"torchrun", "--nnodes", "3", "--nproc-per-node", "8", "train.py"}));
    EXPECT_EQ(value(plain, "train.world_size"), Value(std::int64_t{24}));
    auto env = read(command({"torchrun", "--nproc-per-node", "8", "train.py"}, {{"PET_NNODES", "2:8"}}));
    EXPECT_TRUE(value(env, "hardware.nodes").is_unknown());
    auto backwards = read_launch(command({"torchrun", "--nnodes", "4:1", "train.py"}), bundled());
    ASSERT_FALSE(backwards.has_value());
    EXPECT_EQ(backwards.error().message, "--nnodes 4:1: the range's minimum is above its maximum");
    auto zero = read_launch(command({"torchrun", "--nnodes", "0:4", "train.py"}), bundled());
    ASSERT_FALSE(zero.has_value());
}

TEST(LaunchConfig, RlhfTypeIsTheTask) {
    EXPECT_EQ(value(read(command({"swift", "rlhf", "--rlhf_type", "grpo"})), "job.task"), Value("grpo"));
    EXPECT_EQ(value(read(command({"megatron", "rlhf", "--rlhf-type", "dpo"})), "job.task"), Value("dpo"));
    EXPECT_NE(read(command({"swift", "sft"})).config.values.at("job.task").origin.kind, OriginKind::job);
    // A value the launcher does not accept is left unknown, with a note.
    auto odd = read(command({"megatron", "rlhf", "--rlhf_type", "ppo"}));
    EXPECT_TRUE(value(odd, "job.task").is_unknown());
    EXPECT_NE(notes(odd).find("--rlhf_type ppo (no job.task value for it)"), std::string::npos) << notes(odd);
    // `args` writes --rlhf_type for an algorithm and --task_type for anything else.
    const Launcher* swift = bundled().find("swift");
    auto spelled = [&](const Value& task) {
        std::string out;
        for (const auto& s : spell(*swift, [&](const std::string& key) { return key == "job.task" ? &task : nullptr; }))
            out += s.flag->flag + " " + s.word.value_or("") + ";";
        return out;
    };
    EXPECT_EQ(spelled(Value("grpo")), "--rlhf_type grpo;");
    EXPECT_EQ(spelled(Value("seq_cls")), "--task_type seq_cls;");
}

TEST(LaunchConfig, HubFromTheLauncherTables) {
    EXPECT_EQ(value(read(command({"swift", "sft"}, {{"USE_HF", "1"}})), "model.hub"), Value("huggingface"));
    EXPECT_EQ(value(read(command({"megatron", "sft"}, {{"USE_HF", "false"}})), "model.hub"), Value("modelscope"));
    EXPECT_EQ(value(read(command({"megatron", "sft", "--use_hf", "true"})), "model.hub"), Value("huggingface"));
    EXPECT_FALSE(read(command({"megatron", "sft"})).config.values.count("model.hub"));
    // torchrun is no ms-swift launcher: USE_HF means nothing to it.
    EXPECT_FALSE(read(command({"torchrun", "train.py"}, {{"USE_HF", "1"}})).config.values.count("model.hub"));
}

TEST(LauncherSet, AFrameworkPicksItsLauncherByBackend) {
    auto names = [](const std::vector<const Launcher*>& v) {
        std::string out;
        for (const auto* l : v) out += l->name + " ";
        return out;
    };
    EXPECT_EQ(names(bundled().of_framework("ms-swift", "megatron")), "megatron-swift swift ");
    EXPECT_EQ(names(bundled().of_framework("ms-swift", "transformers")), "swift megatron-swift ");
    EXPECT_EQ(names(bundled().of_framework("vime", "")), "vime ");
    EXPECT_EQ(names(bundled().of_framework("no-such", "megatron")), "");
}

// job → the words `args` writes → read back: the same values for every key the launcher writes.
void round_trip(const std::string& style, const std::vector<std::string>& program, const std::vector<std::string>& after = {}) {
    const Launcher* launcher = bundled().find(style);
    ASSERT_NE(launcher, nullptr);
    std::map<std::string, Value> job;
    for (const auto& key : writable_keys(*launcher)) {
        const FlagSpec* flag = nullptr;
        for (const auto& f : launcher->flags)
            if (f.key == key && f.writable() && !flag) flag = &f;
        const auto* info = config::find_key(key);
        Value v;
        if (!flag->map.empty()) {
            std::string to = flag->map.back().to;
            v = info->type.kind == lang::TypeKind::boolean ? Value(to == "true") : Value(to);
        } else if (info->type.kind == lang::TypeKind::boolean) {
            v = Value(true);
        } else if (info->type.kind == lang::TypeKind::integer) {
            v = Value(std::int64_t{2});
        } else if (info->type.kind == lang::TypeKind::floating) {
            v = Value(0.25);
        } else {
            v = info->allowed.empty() ? Value("some value/with 'quotes'") : Value(std::string(info->allowed.front()));
        }
        job[key] = v;
    }
    std::vector<std::string> words = program;
    for (const auto& s : spell(*launcher, [&](const std::string& key) -> const Value* {
             auto it = job.find(key);
             return it == job.end() ? nullptr : &it->second;
         })) {
        words.push_back(s.flag->flag);
        if (s.word) words.push_back(*s.word);
    }
    words.insert(words.end(), after.begin(), after.end());
    auto l = read(command(words));
    EXPECT_EQ(notes(l), "") << style;
    for (const auto& [key, v] : job) EXPECT_EQ(value(l, key), v) << style << " " << key << " in " << output::shell_line(words);
    EXPECT_EQ(l.launcher->name, style);
}

TEST(LaunchRoundTrip, MegatronSwift) { round_trip("megatron-swift", {"megatron", "sft"}); }
TEST(LaunchRoundTrip, Swift) { round_trip("swift", {"swift", "rlhf"}); }
TEST(LaunchRoundTrip, MegatronLm) { round_trip("megatron", {"torchrun", "--nproc_per_node", "8", "pretrain_gpt.py"}); }
TEST(LaunchRoundTrip, Torchrun) { round_trip("torchrun", {"torchrun"}, {"train.py"}); }
TEST(LaunchRoundTrip, Accelerate) { round_trip("accelerate", {"accelerate", "launch"}, {"train.py"}); }

TEST(ShellWords, QuotesOnlyWhatAShellReads) {
    EXPECT_EQ(output::shell_word("Qwen/Qwen3.5-27B"), "Qwen/Qwen3.5-27B");
    EXPECT_EQ(output::shell_word("a b"), "'a b'");
    EXPECT_EQ(output::shell_word("it's"), "'it'\\''s'");
    EXPECT_EQ(output::shell_word(""), "''");
    EXPECT_EQ(output::shell_word("$HOME"), "'$HOME'");
    EXPECT_EQ(output::shell_line({"--k", "x y"}), "--k 'x y'");
}

}  // namespace
}  // namespace preflight::launch

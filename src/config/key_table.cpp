#include "config/key_table.hpp"

#include <set>
#include <unordered_map>

namespace preflight::config {
namespace {

using lang::Type;
using lang::TypeKind;

const Type kString{TypeKind::string};
const Type kInt{TypeKind::integer};
const Type kBool{TypeKind::boolean};

}  // namespace

const std::vector<KeyInfo>& key_table() {
    // Laid out by hand, one key per entry: clang-format would reflow the whole initializer
    // on any change to one row.
    // clang-format off
    static const std::vector<KeyInfo> table = {
        {"schema", kInt, Value(1), {}, {"version", "schema_version"}, "Run-configuration schema version; 1."},

        {"job.name", kString, std::nullopt, {}, {}, "A name for the run, shown in reports."},
        {"job.framework", kString, std::nullopt, {"ms-swift", "twinkle", "vime", "megatron-lm", "other"}, {"trainer"},
         "The training framework that launches the job."},
        {"job.backend", kString, std::nullopt, {"megatron", "fsdp", "deepspeed", "transformers"}, {"engine"},
         "The model backend the framework trains with."},
        {"job.task", kString, Value("causal_lm"), {}, {"task_type"}, "The framework's task type."},
        // ms-swift's Ray pipeline (issue 21, h21b): Ray places the workers instead of torchrun.
        {"job.use_ray", kBool, Value(false), {}, {"use_ray"},
         "The framework places its workers with Ray (ms-swift --use_ray) rather than one torchrun process per device."},

        {"hardware.accelerator", kString, std::nullopt, {"npu", "cuda", "cpu"}, {"device", "device_type"},
         "Accelerator family."},
        {"hardware.chip", kString, std::nullopt, {}, {"chip_name"}, "Chip name as npu-smi / nvidia-smi report it."},
        {"hardware.devices_per_node", kInt, std::nullopt, {}, {"nproc_per_node", "gpus_per_node", "npus_per_node"},
         "Accelerator devices each node exposes to the job."},
        {"hardware.nodes", kInt, Value(1), {}, {"num_nodes", "nnodes"}, "Number of nodes.", {}, 1},

        {"model.id", kString, std::nullopt, {}, {"model", "model_id_or_path"}, "Hub id or path of the model."},
        {"model.arch", kString, std::nullopt, {}, {"model_type", "architecture"},
         "The Hugging Face config.json model_type (e.g. qwen3_5)."},
        {"model.config", kString, std::nullopt, {}, {"config_json", "config_path"},
         "Path of a config.json to read model keys from (relative to the job file)."},
        {"model.hub", kString, std::nullopt, {"modelscope", "huggingface"}, {"use_hf"},
         "The hub a launch downloads model.id from, so its cache is searched first."},
        {"model.num_attention_heads", kInt, std::nullopt, {}, {}, "Attention heads of full-attention layers."},
        {"model.num_key_value_heads", kInt, std::nullopt, {}, {}, "Key/value heads (query groups)."},
        {"model.linear_num_key_heads", kInt, std::nullopt, {}, {}, "Gated DeltaNet key heads."},
        {"model.linear_num_value_heads", kInt, std::nullopt, {}, {}, "Gated DeltaNet value heads."},
        {"model.num_experts", kInt, std::nullopt, {}, {}, "Routed experts (MoE models; 0 in some config.json files: dense).", {}, 0},
        {"model.hidden_size", kInt, std::nullopt, {}, {}, "Hidden size."},
        {"model.num_hidden_layers", kInt, std::nullopt, {}, {}, "Transformer layers."},
        {"model.head_dim", kInt, std::nullopt, {}, {}, "Attention head dimension."},

        {"parallel.tp", kInt, Value(1), {}, {"tensor_parallel", "tensor_parallel_size", "tp_size", "tensor_model_parallel_size"},
         "Tensor-parallel degree."},
        {"parallel.pp", kInt, Value(1), {}, {"pipeline_parallel", "pipeline_parallel_size", "pp_size", "pipeline_model_parallel_size"},
         "Pipeline-parallel degree."},
        {"parallel.cp", kInt, Value(1), {}, {"context_parallel", "context_parallel_size", "cp_size"},
         "Context-parallel degree."},
        {"parallel.ep", kInt, Value(1), {}, {"expert_parallel", "expert_parallel_size", "expert_model_parallel_size", "ep_size"},
         "Expert-parallel degree."},
        {"parallel.etp", kInt, std::nullopt, {}, {"expert_tensor_parallel_size", "expert_tp"},
         "Expert tensor-parallel degree. Left out, a pack default applies where one holds."},
        {"parallel.dp", kInt, Value(1), {}, {"data_parallel", "data_parallel_size", "dp_size"},
         "Data-parallel (replicate) degree."},
        {"parallel.fsdp", kInt, Value(1), {}, {"fsdp_size", "sharded_data_parallel"}, "Sharded data-parallel degree."},
        {"parallel.ulysses", kInt, Value(1), {}, {"ulysses_size", "sequence_parallel_size", "sp_size", "sp"},
         "Ulysses sequence-parallel degree."},
        {"parallel.sequence_parallel", kBool, Value(false), {}, {"megatron_sequence_parallel"},
         "Megatron sequence parallelism (with tp)."},
        {"parallel.cp_algo", kString, Value("megatron_cp_algo"), {}, {"context_parallel_algo"},
         "MindSpeed context-parallel algorithm (megatron_cp_algo, kvallgather_cp_algo, ulysses_cp_algo …)."},

        {"train.padding_free", kBool, std::nullopt, {}, {"padding-free", "paddingfree"},
         "Train without padding (varlen batches). Left out, the launcher's default applies (a pack default)."},
        {"train.packing", kBool, Value(false), {}, {"pack", "sequence_packing"}, "Pack several samples into one sequence."},
        {"train.use_flash_attn", kBool, Value(true), {}, {"flash_attn", "use_flash_attention"}, "Use flash attention."},
        {"train.attention_backend", kString, std::nullopt, {"flash", "fused", "unfused", "local", "auto", "sdpa"},
         {"attn_impl", "attention_impl"},
         "Attention backend (Megatron's --attention-backend; transformers' attn_impl spellings are read as the same "
         "value). Left out, the launcher's default applies (a pack default).",
         {{"flash_attention_2", "flash"}, {"flash_attention_3", "flash"}, {"flash_attn", "flash"}, {"fa2", "flash"},
          {"eager", "unfused"}}},
        {"train.lora", kBool, Value(false), {}, {"use_lora", "train_type"}, "LoRA fine-tuning."},
        {"train.optimization_level", kInt, std::nullopt, {}, {"optimization-level"},
         "MindSpeed --optimization-level (0, 1 or 2). Left out, a pack default applies where one holds.", {}, 0, 2},
        // Megatron-SWIFT switches its argument checks read (issue 21, h21b; rules/swift-args).
        {"train.group_by_length", kBool, Value(false), {}, {}, "Group samples of similar length into batches (ms-swift --group_by_length)."},
        {"train.mlp_padding_free", kBool, Value(false), {}, {},
         "Megatron-SWIFT --mlp_padding_free: drop padding tokens before the MLP only."},
        {"train.megatron_fsdp", kBool, Value(false), {}, {"use_megatron_fsdp"},
         "Megatron-FSDP data parallelism (Megatron-SWIFT --use_megatron_fsdp)."},
        {"train.world_size", kInt, std::nullopt, {}, {"training_world_size", "actor_world_size"},
         "Processes that train (all of them for one job on its devices; fewer when a decoupled rollout engine holds "
         "devices of its own). Left out, a pack default derives it where it can.", {}, 1},

        {"rollout.engine", kString, Value("none"), {"vllm", "vllm-ascend", "none"}, {"infer_backend"},
         "Rollout engine of an RL job."},
        {"rollout.colocate", kBool, Value(false), {}, {"colocated", "vllm_mode"}, "Rollout shares devices with training."},
        {"rollout.memory_saver", kString, Value("none"), {"tms", "none"}, {"torch_memory_saver", "offload"},
         "Memory saver used to free training memory during rollout."},
        {"rollout.tp", kInt, Value(1), {}, {"tensor_parallel_size", "vllm_tensor_parallel_size"}, "Rollout tensor-parallel degree."},
        {"rollout.sleep_mode", kBool, Value(false), {}, {"enable_sleep_mode", "vllm_enable_sleep_mode"},
         "The rollout engine's sleep mode (vLLM / vllm-ascend enable_sleep_mode). Left out, a pack default "
         "applies where one holds, else off."},
        {"rollout.sleep_level", kInt, std::nullopt, {}, {"sleep_level", "offload_level"},
         "The level the rollout engine sleeps at between rollouts (0 = no sleep, 1 = offload weights, 2 = discard "
         "them).", {}, 0, 2},
        {"rollout.weight_sync", kString, std::nullopt, {"ipc", "nccl", "disk"}, {"weight_sync_mode"},
         "How trained weights reach the rollout engine."},
        // vLLM engine options the rollout rules read (issue 21, h21b).
        {"rollout.enforce_eager", kBool, Value(false), {}, {"vllm_enforce_eager", "enforce_eager"},
         "The rollout engine runs eagerly, without (ACL/CUDA) graph capture (vLLM enforce_eager)."},
        {"rollout.weight_nz_mode", kInt, std::nullopt, {}, {"weight_nz_mode"},
         "vllm-ascend's additional_config weight_nz_mode (0 off, 1 quantized weights only, 2 BF16/FP16 too); from "
         "0.20.2rc1 it takes precedence over VLLM_ASCEND_ENABLE_NZ. Left out, the variable decides.",
         {}, 0, 2},
    };
    // clang-format on
    return table;
}

const KeyInfo* find_key(std::string_view dotted) {
    static const auto index = [] {
        std::unordered_map<std::string_view, const KeyInfo*> m;
        for (const auto& k : key_table()) m.emplace(k.key, &k);
        return m;
    }();
    auto it = index.find(dotted);
    return it == index.end() ? nullptr : it->second;
}

std::optional<std::int64_t> minimum_of(const KeyInfo& key) {
    if (key.type.kind != TypeKind::integer || key.key == "schema") return std::nullopt;
    if (key.min) return key.min;
    return 1;  // degrees, counts and sizes; keys where 0 means something set `min`
}

std::vector<std::string> section_names() {
    std::set<std::string> names = {std::string(kEnvSection), std::string(kPackagesSection), std::string(kRevisionsSection)};
    for (const auto& k : key_table()) {
        auto dot = k.key.find('.');
        if (dot != std::string::npos) names.insert(k.key.substr(0, dot));
    }
    return {names.begin(), names.end()};
}

}  // namespace preflight::config

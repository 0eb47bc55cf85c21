#include "config/key_table.hpp"

#include <set>
#include <unordered_map>

#include "util/digest.hpp"

namespace preflight::config {
namespace {

using lang::Type;
using lang::TypeKind;

const Type kString{TypeKind::string};
const Type kInt{TypeKind::integer};
const Type kBool{TypeKind::boolean};

}  // namespace

std::span<const KeyInfo> key_table() {
    // Laid out by hand, one key per entry: clang-format would reflow the whole initializer
    // on any change to one row. The rows are added one at a time to a vector on the heap
    // (whose pages are huge ones, util/huge_heap.hpp) that is never freed: an
    // initializer list lays all of them out on the stack first and copies them, and a
    // static array is 100 KB of .bss; either way a page fault for every 4 KB.
    // clang-format off
    static const std::vector<KeyInfo>& table = *[] {
        auto* rows = new std::vector<KeyInfo>;
        // Room for every row at once: each time a vector grows it copies its rows to a
        // new block, and a check's blocks are never freed (util/lasting_heap.hpp), so
        // growing from one row to 375 left 120 KB behind in a check.
        rows->reserve(kKeyRowsReserved);
        auto add = [rows](KeyInfo row) { rows->push_back(std::move(row)); };
        add({"schema", kInt, Value(1), {}, {"version", "schema_version"}, "Run-configuration schema version; 1."});

        add({"job.name", kString, std::nullopt, {}, {}, "A name for the run, shown in reports."});
        add({"job.framework", kString, std::nullopt, {"ms-swift", "twinkle", "vime", "megatron-lm", "other"}, {"trainer"},
         "The training framework that launches the job."});
        add({"job.backend", kString, std::nullopt, {"megatron", "fsdp", "deepspeed", "transformers"}, {"engine"},
         "The model backend the framework trains with."});
        add({"job.task", kString, Value("causal_lm"), {}, {"task_type"}, "The framework's task type."});
        // ms-swift's Ray pipeline: Ray places the workers instead of torchrun.
        add({"job.use_ray", kBool, Value(false), {}, {"use_ray"},
         "The framework places its workers with Ray (ms-swift --use_ray) rather than one torchrun process per device."});

        add({"hardware.accelerator", kString, std::nullopt, {"npu", "cuda", "cpu"}, {"device", "device_type"},
         "Accelerator family."});
        add({"hardware.chip", kString, std::nullopt, {}, {"chip_name"}, "Chip name as npu-smi / nvidia-smi report it."});
        add({"hardware.devices_per_node", kInt, std::nullopt, {}, {"nproc_per_node", "gpus_per_node", "npus_per_node"},
         "Accelerator devices each node exposes to the job."});
        add({"hardware.nodes", kInt, Value(1), {}, {"num_nodes", "nnodes"}, "Number of nodes.", {}, 1});

        add({"model.id", kString, std::nullopt, {}, {"model", "model_id_or_path"}, "Hub id or path of the model."});
        add({"model.arch", kString, std::nullopt, {}, {"model_type", "architecture"},
         "The Hugging Face config.json model_type (e.g. qwen3_5)."});
        add({"model.config", kString, std::nullopt, {}, {"config_json", "config_path"},
         "Path of a config.json to read model keys from (relative to the job file)."});
        add({"model.hub", kString, std::nullopt, {"modelscope", "huggingface"}, {"use_hf"},
         "The hub a launch downloads model.id from, so its cache is searched first."});
        add({"model.num_attention_heads", kInt, std::nullopt, {}, {}, "Attention heads of full-attention layers."});
        add({"model.num_key_value_heads", kInt, std::nullopt, {}, {}, "Key/value heads (query groups)."});
        add({"model.linear_num_key_heads", kInt, std::nullopt, {}, {}, "Gated DeltaNet key heads."});
        add({"model.linear_num_value_heads", kInt, std::nullopt, {}, {}, "Gated DeltaNet value heads."});
        add({"model.num_experts", kInt, std::nullopt, {}, {}, "Routed experts (MoE models; 0 in some config.json files: dense).", {}, 0});
        add({"model.hidden_size", kInt, std::nullopt, {}, {}, "Hidden size."});
        add({"model.num_hidden_layers", kInt, std::nullopt, {}, {}, "Transformer layers."});
        add({"model.head_dim", kInt, std::nullopt, {}, {}, "Attention head dimension."});

        add({"parallel.tp", kInt, Value(1), {}, {"tensor_parallel", "tensor_parallel_size", "tp_size", "tensor_model_parallel_size"},
         "Tensor-parallel degree."});
        add({"parallel.pp", kInt, Value(1), {}, {"pipeline_parallel", "pipeline_parallel_size", "pp_size", "pipeline_model_parallel_size"},
         "Pipeline-parallel degree."});
        add({"parallel.cp", kInt, Value(1), {}, {"context_parallel", "context_parallel_size", "cp_size"},
         "Context-parallel degree."});
        add({"parallel.ep", kInt, Value(1), {}, {"expert_parallel", "expert_parallel_size", "expert_model_parallel_size", "ep_size"},
         "Expert-parallel degree."});
        add({"parallel.etp", kInt, std::nullopt, {}, {"expert_tensor_parallel_size", "expert_tp"},
         "Expert tensor-parallel degree. Left out, a pack default applies where one holds."});
        add({"parallel.dp", kInt, Value(1), {}, {"data_parallel", "data_parallel_size", "dp_size"},
         "Data-parallel (replicate) degree."});
        add({"parallel.fsdp", kInt, Value(1), {}, {"fsdp_size", "sharded_data_parallel"}, "Sharded data-parallel degree."});
        add({"parallel.ulysses", kInt, Value(1), {}, {"ulysses_size", "sequence_parallel_size", "sp_size", "sp"},
         "Ulysses sequence-parallel degree."});
        add({"parallel.sequence_parallel", kBool, Value(false), {}, {"megatron_sequence_parallel"},
         "Megatron sequence parallelism (with tp)."});
        add({"parallel.cp_algo", kString, Value("megatron_cp_algo"), {}, {"context_parallel_algo"},
         "MindSpeed context-parallel algorithm (megatron_cp_algo, kvallgather_cp_algo, ulysses_cp_algo …)."});

        add({"train.padding_free", kBool, std::nullopt, {}, {"padding-free", "paddingfree"},
         "Train without padding (varlen batches). Left out, the launcher's default applies (a pack default)."});
        add({"train.packing", kBool, Value(false), {}, {"pack", "sequence_packing"}, "Pack several samples into one sequence."});
        add({"train.use_flash_attn", kBool, std::nullopt, {}, {"flash_attn", "use_flash_attention"},
         "Megatron --use-flash-attn (a switch); left out, a pack default applies on a Megatron-LM launch."});
        add({"train.attention_backend", kString, std::nullopt, {"flash", "fused", "unfused", "local", "auto", "sdpa"},
         {"attn_impl", "attention_impl"},
         "Attention backend (Megatron's --attention-backend; transformers' attn_impl spellings are read as the same "
         "value). Left out, the launcher's default applies (a pack default).",
         // flash_2 / flash_3 / flash_4: Megatron-SWIFT's flash-attention versions (modelscope/ms-swift@v4.3.0:
         // swift/megatron/arguments/megatron_args.py:818), all the flash backend.
         {{"flash_attention_2", "flash"}, {"flash_attention_3", "flash"}, {"flash_attn", "flash"}, {"fa2", "flash"},
          {"eager", "unfused"}, {"flash_2", "flash"}, {"flash_3", "flash"}, {"flash_4", "flash"}}});
        add({"train.lora", kBool, Value(false), {}, {"use_lora", "train_type"}, "LoRA fine-tuning."});
        add({"train.optimization_level", kInt, std::nullopt, {}, {"optimization-level"},
         "MindSpeed --optimization-level (0, 1 or 2). Left out, a pack default applies where one holds.", {}, 0, 2});
        // Megatron-SWIFT switches its argument checks read (rules/swift-args).
        add({"train.group_by_length", kBool, Value(false), {}, {}, "Group samples of similar length into batches (ms-swift --group_by_length)."});
        add({"train.mlp_padding_free", kBool, Value(false), {}, {},
         "Megatron-SWIFT --mlp_padding_free: drop padding tokens before the MLP only."});
        add({"train.megatron_fsdp", kBool, Value(false), {}, {"use_megatron_fsdp", "use_custom_fsdp"},
         "Megatron-FSDP data parallelism (Megatron-SWIFT --use_megatron_fsdp)."});
        add({"train.world_size", kInt, std::nullopt, {}, {"training_world_size", "actor_world_size"},
         "Processes that train (all of them for one job on its devices; fewer when a decoupled rollout engine holds "
         "devices of its own). Left out, a pack default derives it where it can.", {}, 1});
        // ms-swift RLHF options its GRPO / GKD checks read (rules/swift-args).
        add({"train.use_liger_kernel", kBool, Value(false), {}, {"liger_kernel"},
         "Liger kernels, and in swift rlhf GRPO / GKD the liger loss (--use_liger_kernel)."});
        add({"train.teacher_model", kString, std::nullopt, {}, {},
         "Teacher model (id or path) of a distillation run (ms-swift --teacher_model); left out, none."});
        add({"train.teacher_model_server", kString, std::nullopt, {}, {},
         "URL of a served teacher model (ms-swift --teacher_model_server); left out, none."});
        add({"train.num_generations", kInt, std::nullopt, {}, {},
         "Completions sampled per prompt in GRPO (ms-swift --num_generations). Left out, a pack default applies."});
        add({"train.generation_batch_size", kInt, std::nullopt, {}, {},
         "Completions one GRPO rollout generates over all ranks (ms-swift --generation_batch_size). Left out, a "
         "pack default derives it (global_batch_size x steps_per_generation)."});
        add({"train.steps_per_generation", kInt, std::nullopt, {}, {},
         "Optimizer steps each GRPO rollout feeds (ms-swift --steps_per_generation). Left out, a pack default "
         "derives it."});
        add({"train.gkd_logits_topk", kInt, std::nullopt, {}, {},
         "Teacher logits GKD keeps per token (ms-swift --gkd_logits_topk); left out, the full vocabulary."});
        add({"train.seq_kd", kBool, Value(false), {}, {}, "GKD sequential KD on teacher-generated responses (ms-swift --seq_kd)."});
        add({"train.advantage_reweight", kString, std::nullopt, {"rlsd"}, {},
         "GRPO advantage reweighting (ms-swift --advantage_reweight rlsd); left out, none."});
        add({"train.sdar_loss_coef", lang::Type{TypeKind::floating}, Value(0.0), {}, {},
         "Weight of ms-swift's SDAR distillation loss in GRPO (--sdar_loss_coef); 0 turns it off."});
        add({"train.off_policy_sequence_mask_delta", lang::Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift GRPO off-policy sequence masking threshold (--off_policy_sequence_mask_delta); left out, off."});
        add({"train.grpo_delta", lang::Type{TypeKind::floating}, std::nullopt, {}, {"delta"},
         "Upper clipping bound of two-sided GRPO (ms-swift --delta); left out, one-sided."});
        add({"train.top_entropy_quantile", lang::Type{TypeKind::floating}, Value(1.0), {}, {},
         "ms-swift GRPO entropy mask: train on the tokens above this entropy quantile (--top_entropy_quantile; 1.0 "
         "keeps all)."});
        add({"train.log_entropy", kBool, Value(false), {}, {}, "ms-swift GRPO logs token entropy (--log_entropy)."});
        add({"train.importance_sampling_level", kString, Value("token"), {"token", "sequence", "sequence_token"}, {},
         "ms-swift GRPO importance-sampling level (--importance_sampling_level)."});
        add({"train.advantage_estimator", kString, Value("grpo"), {"grpo", "rloo", "reinforce_plus_plus"}, {},
         "ms-swift GRPO advantage estimator (--advantage_estimator)."});
        add({"train.loss_type", kString, std::nullopt, {}, {},
         "The RLHF trainer's loss type (ms-swift --loss_type: grpo, dapo, real, fipo … for GRPO). Left out, a pack "
         "default applies where the trainer's default is known."});

        add({"rollout.engine", kString, Value("none"), {"vllm", "vllm-ascend", "none"}, {"infer_backend"},
         "Rollout engine of an RL job."});
        add({"rollout.colocate", kBool, Value(false), {}, {"colocated", "vllm_mode"},
         "Rollout shares devices with training (ms-swift --vllm_mode colocate). Left out, a pack default applies where "
         "the framework picks the mode itself; for ms-swift >= 3.11.1 it reads as a launch without --vllm_mode."});
        add({"rollout.memory_saver", kString, Value("none"), {"tms", "none"}, {"torch_memory_saver", "offload"},
         "Memory saver used to free training memory during rollout."});
        add({"rollout.tp", kInt, Value(1), {}, {"tensor_parallel_size", "vllm_tensor_parallel_size"}, "Rollout tensor-parallel degree."});
        add({"rollout.sleep_mode", kBool, Value(false), {}, {"enable_sleep_mode", "vllm_enable_sleep_mode"},
         "The rollout engine's sleep mode (vLLM / vllm-ascend enable_sleep_mode). Left out, a pack default "
         "applies where one holds, else off."});
        add({"rollout.sleep_level", kInt, std::nullopt, {}, {"sleep_level", "offload_level"},
         "The level the rollout engine sleeps at between rollouts (0 = no sleep, 1 = offload weights, 2 = discard "
         "them).", {}, 0, 2});
        add({"rollout.weight_sync", kString, std::nullopt, {"ipc", "nccl", "disk"}, {"weight_sync_mode"},
         "How trained weights reach the rollout engine."});
        add({"rollout.async_generate", kBool, Value(false), {}, {},
         "Generate the next rollout while training on the last (ms-swift --async_generate)."});
        // torch_memory_saver's hook (rules/colocate-memory): a constructor argument and a process
        // environment the launch's own flags do not show.
        add({"rollout.tms_hook_mode", kString, std::nullopt, {"preload", "torch"}, {"hook_mode"},
         "torch_memory_saver's hook mode (preload: its library in LD_PRELOAD; torch: a pluggable allocator). Left "
         "out, a pack default applies where torch_memory_saver is the memory saver."});
        add({"rollout.tms_preload_by_framework", kBool, std::nullopt, {}, {},
         "The framework or the caller's code puts torch_memory_saver's preload library into LD_PRELOAD of the "
         "processes it starts (configure_subprocess(), a Ray runtime_env), so the launch's environment need not. "
         "Left out, a pack default applies where the framework is known to."});

        // Megatron-LM / MindSpeed start-up checks (rules/megatron-args, rules/mindspeed-args): the
        // values validate_args and TransformerConfig decide on. No default here: what a launcher
        // leaves out is its framework's default, a [[defaults]] entry of those packs.
        add({"train.seq_length", kInt, std::nullopt, {}, {"seq_len", "max_seq_length", "encoder_seq_length"},
         "Sequence length a Megatron step trains on (--seq-length; Megatron-SWIFT derives it from packing_length "
         "or max_length)."});
        add({"train.max_length", kInt, std::nullopt, {}, {"max_len"}, "ms-swift --max_length: the longest sample kept."});
        add({"train.packing_length", kInt, std::nullopt, {}, {}, "ms-swift --packing_length: the length packed rows fill."});
        add({"train.micro_batch_size", kInt, std::nullopt, {}, {"mbs", "per_device_train_batch_size"},
         "Samples per micro-batch on one data-parallel rank."});
        add({"train.global_batch_size", kInt, std::nullopt, {}, {"gbs"}, "Samples per optimizer step over all ranks."});
        add({"train.fp16", kBool, std::nullopt, {}, {"half"}, "Train in fp16 (Megatron --fp16)."});
        add({"train.bf16", kBool, std::nullopt, {}, {"bfloat16"}, "Train in bf16 (Megatron --bf16)."});
        add({"train.distributed_optimizer", kBool, std::nullopt, {}, {"use_distributed_optimizer"},
         "Megatron's distributed optimizer (optimizer state sharded over data-parallel ranks)."});
        add({"train.overlap_grad_reduce", kBool, std::nullopt, {}, {}, "Overlap the gradient reduce with the backward pass."});
        add({"train.overlap_param_gather", kBool, std::nullopt, {}, {},
         "Overlap the parameter all-gather with the forward pass."});
        add({"train.tp_comm_overlap", kBool, std::nullopt, {}, {}, "Overlap tensor-parallel communication with GEMMs."});
        add({"train.recompute_granularity", kString, std::nullopt, {"full", "selective", "none"}, {},
         "Activation recomputation granularity (none: no recomputation)."});
        add({"train.recompute_method", kString, std::nullopt, {"uniform", "block", "none"}, {},
         "How full recomputation picks layers (none: not given)."});
        add({"train.recompute_num_layers", kInt, std::nullopt, {}, {}, "Layers full recomputation covers."});
        add({"train.recompute_modules", Type{TypeKind::list, TypeKind::string}, std::nullopt, {}, {},
         "The submodules selective recomputation checkpoints (Megatron --recompute-modules, a list)."});
        add({"train.mtp_num_layers", kInt, std::nullopt, {}, {"mtp_layers", "mtp_num_layer"},
         "Multi-token-prediction layers Megatron builds (--mtp-num-layers); left out, none."});
        add({"train.moe_router_enable_expert_bias", kBool, std::nullopt, {}, {"enable_expert_bias"},
         "MoE router's dynamic expert bias for aux-loss-free balancing (--moe-router-enable-expert-bias)."});
        add({"train.moe_router_score_function", kString, std::nullopt, {"softmax", "sigmoid", "sqrtsoftplus"},
         {"router_score_function"}, "MoE router score function (--moe-router-score-function)."});
        add({"train.distribute_saved_activations", kBool, std::nullopt, {}, {},
         "Distribute recomputed activations over the tensor-parallel group."});
        add({"train.moe_grouped_gemm", kBool, std::nullopt, {}, {"grouped_gemm"}, "MoE experts computed as one grouped GEMM."});
        add({"train.overlap_moe_expert_parallel_comm", kBool, std::nullopt, {}, {},
         "Overlap MoE expert-parallel all-to-all with computation."});
        add({"train.add_bias_linear", kBool, std::nullopt, {}, {"disable_bias_linear"},
         "Linear layers keep their bias (Megatron's default; --disable-bias-linear turns it off)."});
        add({"train.torch_fsdp2", kBool, std::nullopt, {}, {"use_torch_fsdp2"}, "Megatron-LM's torch FSDP2 data parallelism."});
        add({"train.reset_attention_mask", kBool, std::nullopt, {}, {},
         "Reset the attention mask at document ends (packed THD batches in MindSpeed)."});
        add({"model.max_position_embeddings", kInt, std::nullopt, {}, {"max_position"},
         "Positions the model's embedding covers."});
        add({"parallel.vpp", kInt, std::nullopt, {}, {"num_virtual_stages_per_pipeline_rank", "virtual_pipeline_size"},
         "Virtual pipeline stages per pipeline rank (interleaved schedule)."});
        add({"parallel.vpp_layers", kInt, std::nullopt, {}, {"num_layers_per_virtual_pipeline_stage"},
         "Layers per virtual pipeline stage (the interleaved schedule's other spelling)."});
        add({"parallel.pp_layout", kString, std::nullopt, {}, {"pipeline_model_parallel_layout"},
         "An explicit pipeline layout (which layers each stage holds)."});
        add({"parallel.pp_first_stage_layers", kInt, std::nullopt, {}, {"decoder_first_pipeline_num_layers"},
         "Layers on the first pipeline stage when stages are uneven.", {}, 0});
        add({"parallel.pp_last_stage_layers", kInt, std::nullopt, {}, {"decoder_last_pipeline_num_layers"},
         "Layers on the last pipeline stage when stages are uneven.", {}, 0});
        add({"parallel.pp_account_embedding", kBool, std::nullopt, {}, {"account_for_embedding_in_pipeline_split"},
         "Count the input embedding as a layer when splitting layers over pipeline stages."});
        add({"parallel.pp_account_loss", kBool, std::nullopt, {}, {"account_for_loss_in_pipeline_split"},
         "Count the loss as a layer when splitting layers over pipeline stages."});
        add({"parallel.cp_ulysses_degree", kInt, std::nullopt, {}, {"ulysses_degree_in_cp"},
         "MindSpeed --ulysses-degree-in-cp: the Ulysses part of a hybrid context-parallel group."});
        add({"train.schedules_method", kString, std::nullopt, {"dualpipev", "none"}, {},
         "MindSpeed --schedules-method (dualpipev, or none for Megatron's schedule)."});
        add({"train.moe_tp_extend_ep", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-tp-extend-ep: the TP group widens expert parallelism instead of sharding experts."});
        add({"parallel.overlap_p2p_comm", kBool, std::nullopt, {}, {},
         "Overlap pipeline point-to-point communication (interleaved schedule)."});
        add({"train.moe_token_dispatcher_type", kString, std::nullopt, {"allgather", "alltoall", "flex", "alltoall_seq"},
         {"token_dispatcher_type"}, "MoE token dispatcher (--moe-token-dispatcher-type; alltoall_seq only where MindSpeed adds it)."});
        add({"train.moe_enable_deepep", kBool, std::nullopt, {}, {}, "Megatron --moe-enable-deepep: the DeepEP all-to-all backend."});
        add({"train.moe_permutation_async_comm", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-permutation-async-comm: overlap the MoE permutation all-gathers."});
        add({"train.moe_allgather_overlap_comm", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-allgather-overlap-comm: overlap the allgather dispatcher's communication."});
        add({"train.moe_alltoall_overlap_comm", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-alltoall-overlap-comm: overlap the alltoall / alltoall_seq dispatcher's communication."});
        add({"train.moe_fb_overlap", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-fb-overlap: overlap one micro-batch's forward with another's backward in MoE layers."});
        add({"parallel.cp_window_size", kInt, std::nullopt, {}, {},
         "MindSpeed --cp-window-size: the inner window of double-ring context parallelism (1: a single ring)."});
        add({"train.recompute_in_bubble", kBool, std::nullopt, {}, {},
         "MindSpeed --recompute-in-bubble: recompute in the pipeline bubbles (interleaved schedule)."});
        add({"train.recompute_in_advance", kBool, std::nullopt, {}, {},
         "MindSpeed --recompute-in-advance: recompute early to shrink the pipeline bubble (interleaved schedule)."});
        // Iteration- or sample-based training (Megatron-LM validate_args keeps the two apart).
        add({"train.train_iters", kInt, std::nullopt, {}, {}, "Megatron --train-iters: iterations to train.", {}, 0});
        add({"train.train_samples", kInt, std::nullopt, {}, {}, "Megatron --train-samples: samples to train.", {}, 0});
        add({"train.lr_decay_iters", kInt, std::nullopt, {}, {}, "Megatron --lr-decay-iters.", {}, 0});
        add({"train.lr_decay_samples", kInt, std::nullopt, {}, {}, "Megatron --lr-decay-samples.", {}, 0});
        add({"train.lr_warmup_iters", kInt, std::nullopt, {}, {}, "Megatron --lr-warmup-iters.", {}, 0});
        add({"train.lr_warmup_samples", kInt, std::nullopt, {}, {}, "Megatron --lr-warmup-samples.", {}, 0});
        add({"train.lr_warmup_fraction", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --lr-warmup-fraction: warm-up as a fraction of the decay."});
        add({"train.skip_train", kBool, std::nullopt, {}, {}, "Megatron --skip-train: evaluate or export without training."});
        // Checkpoint format, legacy models and the data-parallel options validate_args pairs them with.
        add({"train.ckpt_format", kString, std::nullopt, {"torch", "torch_dist", "zarr", "torch_dcp", "fsdp_dtensor"}, {},
         "Megatron --ckpt-format: the checkpoint format saved and loaded."});
        add({"train.use_legacy_models", kBool, std::nullopt, {}, {}, "Megatron --use-legacy-models: the pre-Megatron-Core models."});
        add({"train.gradient_accumulation_fusion", kBool, std::nullopt, {}, {},
         "Fuse gradient accumulation into the weight-gradient GEMM (Megatron's default; --no-gradient-accumulation-fusion "
         "turns it off)."});
        add({"train.untie_embeddings_and_output_weights", kBool, std::nullopt, {}, {},
         "Megatron --untie-embeddings-and-output-weights: separate input embedding and output layer weights."});
        add({"train.overlap_param_gather_with_optimizer_step", kBool, std::nullopt, {}, {},
         "Megatron --overlap-param-gather-with-optimizer-step."});
        add({"model.position_embedding_type", kString, std::nullopt,
         {"learned_absolute", "rope", "yarn", "mrope", "relative", "none", "alibi"}, {},
         "Megatron --position-embedding-type (alibi where MindSpeed adds it)."});
        add({"train.use_fused_rotary_pos_emb", kBool, std::nullopt, {}, {},
         "MindSpeed --use-fused-rotary-pos-emb: the fused rotary position embedding kernel."});
        // vLLM engine options the rollout rules read.
        add({"rollout.enforce_eager", kBool, Value(false), {}, {"vllm_enforce_eager", "enforce_eager"},
         "The rollout engine runs eagerly, without (ACL/CUDA) graph capture (vLLM enforce_eager)."});
        add({"rollout.weight_nz_mode", kInt, std::nullopt, {}, {"weight_nz_mode"},
         "vllm-ascend's additional_config weight_nz_mode (0 off, 1 quantized weights only, 2 BF16/FP16 too); from "
         "0.20.2rc1 it takes precedence over VLLM_ASCEND_ENABLE_NZ. Left out, the variable decides.",
         {}, 0, 2});
        add({"rollout.enable_expert_parallel", kBool, std::nullopt, {}, {"vllm_enable_expert_parallel"},
         "The rollout engine's expert parallelism for MoE models (vLLM enable_expert_parallel). Left out, a pack "
         "default applies where the launcher's default is known."});
        // vLLM / vllm-ascend engine options of an RL rollout (vllm_ascend/ascend_config.py, platform.py).
        add({"rollout.pp", kInt, std::nullopt, {}, {"vllm_pipeline_parallel_size"},
         "The rollout engine's pipeline-parallel size (vLLM pipeline_parallel_size). Left out, a pack default "
         "applies where the launcher's default is known."});
        add({"rollout.speculative_method", kString, std::nullopt, {}, {},
         "The rollout engine's speculative-decoding method (vLLM speculative_config method: mtp, eagle, ngram, "
         "...; none without speculative decoding)."});
        add({"rollout.num_speculative_tokens", kInt, std::nullopt, {}, {},
         "The rollout engine's speculative tokens per step (vLLM speculative_config num_speculative_tokens; 0 "
         "without speculative decoding).",
         {}, 0});
        add({"rollout.xlite_graph", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config xlite_graph_config enabled (the Xlite graph mode)."});
        add({"rollout.profiling_chunk", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config profiling_chunk_config enabled (profiling-based chunk sizing)."});
        add({"rollout.balance_scheduling", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config enable_balance_scheduling (from 0.20.2rc1 it takes precedence over "
         "VLLM_ASCEND_BALANCE_SCHEDULING). Left out, the variable decides."});
        add({"rollout.mix_placement", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config mix_placement (shared and routed experts placed together)."});
        add({"rollout.enable_shared_expert_dp", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config enable_shared_expert_dp (shared experts data-parallel)."});
        add({"rollout.multistream_overlap_shared_expert", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config multistream_overlap_shared_expert."});
        // Megatron-LM validate_args (megatron/training/arguments.py): learning rate, checkpoint saving, precision,
        // weight-decay schedule, CUDA graphs and deterministic mode.
        add({"train.lr", Type{TypeKind::floating}, std::nullopt, {}, {}, "Megatron --lr: the initial learning rate."});
        add({"train.min_lr", Type{TypeKind::floating}, std::nullopt, {}, {}, "Megatron --min-lr: the learning rate's floor."});
        add({"train.save", kString, std::nullopt, {}, {}, "Megatron --save: the directory checkpoints are saved to."});
        add({"train.save_interval", kInt, std::nullopt, {}, {},
         "Megatron --save-interval: iterations between persistent checkpoint saves.", {}, 0});
        add({"train.save_retain_interval", kInt, std::nullopt, {}, {},
         "Megatron --save-retain-interval: iterations between checkpoints kept when older ones are removed.", {}, 0});
        add({"train.fp16_lm_cross_entropy", kBool, std::nullopt, {}, {},
         "Megatron --fp16-lm-cross-entropy: the unreduced cross-entropy loss computed in fp16."});
        add({"train.fp32_residual_connection", kBool, std::nullopt, {}, {},
         "Megatron --fp32-residual-connection: residual connections kept in fp32."});
        add({"train.weight_decay_incr_style", kString, std::nullopt, {"constant", "linear", "cosine"}, {},
         "Megatron --weight-decay-incr-style: how weight decay moves from its start to its end value."});
        add({"train.start_weight_decay", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --start-weight-decay: the weight decay a non-constant schedule starts from."});
        add({"train.end_weight_decay", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --end-weight-decay: the weight decay a non-constant schedule ends at."});
        add({"train.decoder_seq_length", kInt, std::nullopt, {}, {}, "Megatron --decoder-seq-length: the decoder's sequence length."});
        add({"train.fp4_param_gather", kBool, std::nullopt, {}, {},
         "Megatron --fp4-param-gather: parameters kept and all-gathered in FP4."});
        add({"train.cuda_graph_impl", kString, std::nullopt, {"none", "local", "transformer_engine"}, {},
         "Megatron --cuda-graph-impl: which CUDA graph capture is used (none: no CUDA graphs)."});
        add({"train.enable_cuda_graph", kBool, std::nullopt, {}, {},
         "Megatron --enable-cuda-graph: the local CUDA graph capture (deprecated for --cuda-graph-impl local)."});
        add({"train.external_cuda_graph", kBool, std::nullopt, {}, {},
         "Megatron --external-cuda-graph: TE's make_graphed_callables capture (deprecated for --cuda-graph-impl "
         "transformer_engine)."});
        add({"train.deterministic_mode", kBool, std::nullopt, {}, {}, "Megatron --deterministic-mode: deterministic algorithms only."});
        add({"train.cross_entropy_loss_fusion", kBool, std::nullopt, {}, {},
         "Megatron --cross-entropy-loss-fusion: the fused cross-entropy loss kernel."});
        add({"train.transformer_impl", kString, std::nullopt, {"local", "transformer_engine", "inference_optimized"}, {},
         "Megatron --transformer-impl: Transformer Engine layers or Megatron's local ones."});
        add({"train.delay_wgrad_compute", kBool, std::nullopt, {}, {},
         "Megatron --delay-wgrad-compute: weight-gradient GEMMs delayed to overlap MoE communication."});
        add({"train.non_persistent_ckpt_type", kString, std::nullopt, {"global", "local", "in_memory"}, {},
         "Megatron --non-persistent-ckpt-type: where non-persistent checkpoints go; left out, none are taken."});
        add({"train.non_persistent_local_ckpt_dir", kString, std::nullopt, {}, {},
         "Megatron --non-persistent-local-ckpt-dir: the directory of local non-persistent checkpoints."});
        add({"train.replication", kBool, std::nullopt, {}, {},
         "Megatron --replication: local checkpoints replicated to other ranks."});
        add({"train.replication_jump", kInt, std::nullopt, {}, {},
         "Megatron --replication-jump: the rank distance between a local checkpoint's replicas."});
        add({"train.load_main_params_from_ckpt", kBool, std::nullopt, {}, {},
         "Megatron --load-main-params-from-ckpt: the fp32 main parameters loaded from the checkpoint."});
        add({"train.no_load_optim", kBool, std::nullopt, {}, {}, "Megatron --no-load-optim: the optimizer state is not loaded."});
        add({"train.moe_use_upcycling", kBool, std::nullopt, {}, {},
         "Megatron --moe-use-upcycling: a MoE model built from a dense checkpoint."});
        add({"train.optimizer_cpu_offload", kBool, std::nullopt, {}, {},
         "Megatron --optimizer-cpu-offload: optimizer state and step offloaded to the CPU."});
        add({"train.use_precision_aware_optimizer", kBool, std::nullopt, {}, {},
         "Megatron --use-precision-aware-optimizer: main parameters and optimizer state in lower precision."});
        add({"train.fp8_recipe", kString, std::nullopt, {"tensorwise", "delayed", "mxfp8", "blockwise", "custom"}, {},
         "Megatron --fp8-recipe: the FP8 scaling recipe."});
        add({"train.retro_add_retriever", kBool, std::nullopt, {}, {}, "Megatron --retro-add-retriever: a Retro model (before core 0.16)."});
        add({"train.rampup_start_batch_size", kInt, std::nullopt, {}, {},
         "The first of Megatron --rampup-batch-size's three numbers: the global batch the ramp-up starts from.", {}, 0});
        add({"train.rampup_batch_size_increment", kInt, std::nullopt, {}, {},
         "The second of Megatron --rampup-batch-size's numbers: the step by which the global batch grows.", {}, 0});
        add({"train.rampup_samples", kInt, std::nullopt, {}, {},
         "The third of Megatron --rampup-batch-size's numbers: the samples over which the global batch ramps up.", {}, 0});
        add({"train.decoupled_lr", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --decoupled-lr: a separate learning rate for the input and output layers."});
        add({"train.decoupled_min_lr", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --decoupled-min-lr: the floor of --decoupled-lr."});
        add({"train.rotary_interleaved", kBool, std::nullopt, {}, {},
         "Megatron --rotary-interleaved: rotary embeddings over interleaved rather than halved dimensions."});
        add({"train.add_position_embedding", kBool, std::nullopt, {}, {},
         "Megatron's absolute position embedding (on unless --no-position-embedding)."});
        add({"train.perform_rl_step", kBool, std::nullopt, {}, {}, "Megatron --perform-rl-step: Megatron-RL's GRPO training step."});
        add({"train.rl_remove_kv_cache_during_training", kBool, std::nullopt, {}, {},
         "Megatron --rl-remove-kv-cache-during-training: the inference KV cache freed while training."});
        add({"train.rl_offload_kv_cache_during_training", kBool, std::nullopt, {}, {},
         "Megatron --rl-offload-kv-cache-during-training: the inference KV cache moved to the CPU while training."});
        add({"train.rl_partial_rollouts", kBool, std::nullopt, {}, {}, "Megatron --rl-partial-rollouts."});
        add({"train.grpo_prompts_per_step", kInt, std::nullopt, {}, {}, "Megatron --grpo-prompts-per-step: GRPO groups per step."});
        add({"train.grpo_group_size", kInt, std::nullopt, {}, {}, "Megatron --grpo-group-size: samples per GRPO group."});
        add({"train.grpo_iterations", kInt, std::nullopt, {}, {}, "Megatron --grpo-iterations: training passes per inference round."});
        add({"train.exit_interval", kInt, std::nullopt, {}, {}, "Megatron --exit-interval: exit after an iteration divisible by it."});
        add({"train.rl_use_sequence_packing", kBool, std::nullopt, {}, {}, "Megatron --rl-use-sequence-packing."});
        add({"train.rl_sequence_packing_bin_size", kInt, std::nullopt, {}, {},
         "Megatron --rl-sequence-packing-bin-size: the tokens of one packed bin."});
        add({"train.accumulate_allreduce_grads_in_fp32", kBool, std::nullopt, {}, {},
         "Megatron --accumulate-allreduce-grads-in-fp32: gradients accumulated and all-reduced in fp32."});
        add({"train.main_grads_dtype", kString, std::nullopt, {"fp32", "bf16"}, {},
         "Megatron --main-grads-dtype: the dtype of the main gradients."});
        add({"train.gloo_process_groups", kBool, std::nullopt, {}, {},
         "Megatron's Gloo process groups (on unless --disable-gloo-process-groups)."});
        add({"train.dist_ckpt_optim_fully_reshardable", kBool, std::nullopt, {}, {},
         "Megatron --dist-ckpt-optim-fully-reshardable: the distributed optimizer's state saved fully reshardable."});
        add({"train.distrib_optim_fully_reshardable_mem_efficient", kBool, std::nullopt, {}, {},
         "Megatron --distrib-optim-fully-reshardable-mem-efficient: that resharding done through Gloo with little memory."});
        add({"train.data_parallel_sharding_strategy", kString, std::nullopt, {"no_shard", "optim", "optim_grads", "optim_grads_params"},
         {}, "Megatron --data-parallel-sharding-strategy: what Megatron FSDP shards."});
        add({"train.check_weight_hash_across_dp_replicas_interval", kInt, std::nullopt, {}, {},
         "Megatron --check-weight-hash-across-dp-replicas-interval: iterations between weight-hash checks over data-parallel replicas."});
        add({"train.num_dataset_builder_threads", kInt, std::nullopt, {}, {},
         "Megatron --num-dataset-builder-threads: threads per rank building the datasets.", {}, 0});
        add({"train.inference_batch_times_seqlen_threshold", kInt, std::nullopt, {}, {},
         "Megatron --inference-batch-times-seqlen-threshold: batch x sequence above which inference pipelines micro-batches "
         "(-1: never).", {}, -1});
        add({"train.inference_dynamic_batching", kBool, std::nullopt, {}, {},
         "Megatron --inference-dynamic-batching: the dynamic inference engine's batching."});
        add({"train.inference_dynamic_batching_block_size", kInt, std::nullopt, {}, {},
         "Megatron --inference-dynamic-batching-block-size: tokens per KV-cache block."});
        // megatron-core TransformerConfig.__post_init__ / parallel_state (rules/megatron-core-config)
        add({"train.fp8", kString, std::nullopt, {"e4m3", "hybrid", "none"}, {"fp8_format"},
         "Megatron --fp8-format: the FP8 format of TransformerEngine layers (none: not given, no FP8)."});
        add({"train.fp8_param_gather", kBool, std::nullopt, {}, {"fp8_param"},
         "Megatron --fp8-param-gather: keep parameters in FP8 and all-gather them in FP8."});
        add({"train.fp4", kString, std::nullopt, {"e2m1", "none"}, {"fp4_format"},
         "Megatron --fp4-format: the FP4 format of TransformerEngine layers (none: not given, no FP4)."});
        add({"train.first_last_layers_bf16", kBool, std::nullopt, {}, {},
         "Megatron --first-last-layers-bf16: keep the first and last layers in BF16 under FP8."});
        add({"train.num_layers_at_start_in_bf16", kInt, std::nullopt, {}, {},
         "Megatron --num-layers-at-start-in-bf16: layers kept in BF16 at the start (with --first-last-layers-bf16).",
         {}, 0});
        add({"train.num_layers_at_end_in_bf16", kInt, std::nullopt, {}, {},
         "Megatron --num-layers-at-end-in-bf16: layers kept in BF16 at the end (with --first-last-layers-bf16).",
         {}, 0});
        add({"train.moe_ffn_hidden_size", kInt, std::nullopt, {}, {},
         "Megatron --moe-ffn-hidden-size: each expert's FFN hidden size; left out, ffn_hidden_size."});
        add({"train.moe_pad_expert_input_to_capacity", kBool, std::nullopt, {}, {},
         "Megatron --moe-pad-expert-input-to-capacity: pad each expert's input to its capacity."});
        add({"train.moe_shared_expert_intermediate_size", kInt, std::nullopt, {}, {},
         "Megatron --moe-shared-expert-intermediate-size: the shared experts' total FFN size; left out, none."});
        add({"train.moe_shared_expert_overlap", kBool, std::nullopt, {}, {},
         "Megatron --moe-shared-expert-overlap: overlap the shared experts with the dispatcher's communication."});
        add({"train.moe_router_padding_for_fp8", kBool, std::nullopt, {}, {"moe_router_padding_for_quantization"},
         "Megatron --moe-router-padding-for-fp8 (from core_v0.16 --moe-router-padding-for-quantization): pad the "
         "routing map for FP8 / FP4 GEMMs."});
        add({"train.moe_router_topk", kInt, std::nullopt, {}, {}, "Megatron --moe-router-topk: experts each token goes to."});
        add({"train.moe_router_pre_softmax", kBool, std::nullopt, {}, {},
         "Megatron --moe-router-pre-softmax: softmax before the top-k selection."});
        add({"train.moe_router_load_balancing_type", kString, std::nullopt,
         {"aux_loss", "seq_aux_loss", "global_aux_loss", "sinkhorn", "none"}, {},
         "Megatron --moe-router-load-balancing-type (one type)."});
        add({"train.moe_router_num_groups", kInt, std::nullopt, {}, {},
         "Megatron --moe-router-num-groups: expert groups of group-limited routing; left out, none."});
        add({"train.moe_router_group_topk", kInt, std::nullopt, {}, {},
         "Megatron --moe-router-group-topk: groups each token picks in group-limited routing; left out, none."});
        add({"train.moe_use_legacy_grouped_gemm", kBool, std::nullopt, {}, {},
         "Megatron --moe-use-legacy-grouped-gemm: the legacy GroupedMLP instead of TEGroupedMLP."});
        add({"train.moe_layer_recompute", kBool, std::nullopt, {}, {},
         "Megatron --moe-layer-recompute (deprecated): checkpoint the MoE layer."});
        add({"train.use_sharp", kBool, std::nullopt, {}, {}, "Megatron --use-sharp: IB SHARP for data-parallel collectives."});
        add({"train.sharp_enabled_group", kString, std::nullopt, {"dp", "dp_replica", "none"}, {},
         "Megatron --sharp-enabled-group: the group SHARP is enabled from (none: not given)."});
        add({"train.num_distributed_optimizer_instances", kInt, std::nullopt, {}, {},
         "Megatron --num-distributed-optimizer-instances: distributed-optimizer copies over the data-parallel domain."});
        add({"train.moe_expert_capacity_factor", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --moe-expert-capacity-factor: each expert's token capacity factor; left out, no token dropping."});
        add({"train.bias_swiglu_fusion", kBool, std::nullopt, {}, {},
         "Megatron's fused bias + SwiGLU (on unless --no-bias-swiglu-fusion)."});
        add({"train.bias_gelu_fusion", kBool, std::nullopt, {}, {},
         "Megatron's fused bias + GeLU (on unless --no-bias-gelu-fusion; validate_args turns it off without linear bias)."});
        add({"train.use_te_activation_func", kBool, std::nullopt, {}, {},
         "Megatron --use-te-activation-func: the MLP activation kernel from TransformerEngine."});
        add({"train.no_rope_freq", kString, std::nullopt, {}, {},
         "Megatron --no-rope-freq as written: N (skip RoPE every N-th layer) or a Python list pattern; left out, none."});
        add({"train.flash_decode", kBool, std::nullopt, {}, {}, "Megatron --flash-decode: the flash-decoding kernel."});
        add({"train.squared_relu", kBool, std::nullopt, {}, {}, "Megatron --squared-relu: a squared-ReLU MLP activation."});
        add({"train.quick_geglu", kBool, std::nullopt, {}, {}, "Megatron --quick-geglu: a gated quick-GeLU MLP activation."});
        add({"train.apply_rope_fusion", kBool, std::nullopt, {}, {},
         "Megatron's fused RoPE (on unless --no-rope-fusion; validate_args turns it off without rope position embedding)."});
        add({"train.symmetric_ar_type", kString, std::nullopt, {"two_shot", "one_shot", "multimem_all_reduce", "none"}, {},
         "Megatron --symmetric-ar-type: the symmetric-memory all-reduce (none: not given)."});
        // MindSpeed's feature managers (Ascend/MindSpeed mindspeed/features_manager/**): the flags their validate_args read.
        add({"train.use_ascend_mc2", kBool, std::nullopt, {}, {}, "MindSpeed --use-ascend-mc2: Ascend MC2 fused matmul-communication kernels."});
        add({"train.use_ascend_coc", kBool, std::nullopt, {}, {}, "MindSpeed --use-ascend-coc: Ascend CoC compute-communication overlap."});
        add({"parallel.tp_2d", kBool, std::nullopt, {}, {}, "MindSpeed --tp-2d: two-dimensional tensor parallelism (tp = tp_x x tp_y)."});
        add({"parallel.tp_x", kInt, std::nullopt, {}, {}, "MindSpeed --tp-x: the first dimension of 2-D tensor parallelism."});
        add({"parallel.tp_y", kInt, std::nullopt, {}, {}, "MindSpeed --tp-y: the second dimension of 2-D tensor parallelism."});
        add({"train.swap_attention", kBool, std::nullopt, {}, {}, "MindSpeed --swap-attention: swap attention activations to host memory."});
        add({"train.moe_zero_memory", kString, std::nullopt, {"disable", "level0", "level1"}, {},
         "MindSpeed --moe-zero-memory: the MoE activation-memory saving level."});
        add({"train.moe_zero_memory_num_layers", kInt, std::nullopt, {}, {},
         "MindSpeed --moe-zero-memory-num-layers: layers per pipeline stage using zero-memory level1.", {}, -2147483647});
        add({"train.moe_unperm2_mem_optim_swap", kBool, std::nullopt, {}, {}, "MindSpeed --moe-unperm2-mem-optim-swap."});
        add({"train.gemm_gradient_accumulation_fusion", kBool, std::nullopt, {}, {},
         "MindSpeed --gemm-gradient-accumulation-fusion: gradient-accumulation fusion in the MoE grouped GEMM."});
        add({"train.reset_bucket_group_order", kBool, std::nullopt, {}, {}, "MindSpeed --reset-bucket-group-order."});
        add({"train.fsdp2_config_path", kString, std::nullopt, {}, {}, "MindSpeed --fsdp2-config-path: the FSDP2 configuration file."});
        add({"train.unaligned_linear", kBool, std::nullopt, {}, {},
         "MindSpeed --unaligned-linear: linear layers whose sizes tp does not divide."});
        add({"train.reuse_fp32_param", kBool, std::nullopt, {}, {},
         "MindSpeed --reuse-fp32-param: the distributed optimizer frees the FP32 parameter copies."});
        add({"train.optimizer_selection", kString, std::nullopt, {"fused_adamw", "fused_torch_adamw", "fused_ema_adamw"}, {},
         "MindSpeed --optimizer-selection."});
        add({"train.recompute_norm_num_layers", kInt, std::nullopt, {}, {},
         "MindSpeed --recompute-norm-num-layers: layers whose norm is recomputed.", {}, -2147483647});
        add({"train.recompute_activation_function_num_layers", kInt, std::nullopt, {}, {},
         "MindSpeed --recompute-activation-function-num-layers: layers whose activation function is recomputed.", {},
         -2147483647});
        add({"parallel.cp_kv_cache_policy", kString, std::nullopt, {"full", "half", "none"}, {},
         "MindSpeed --context-parallel-kv-cache-policy: cache K and V (full) or K only (half) in context parallelism; "
         "none when not given."});
        add({"parallel.cp_cache_interval", kInt, std::nullopt, {}, {},
         "MindSpeed --context-parallel-cache-interval: the interval of cached layers (0: every layer).", {}, -2147483647});
        add({"parallel.ulysses_allgather_kv", kBool, std::nullopt, {}, {},
         "MindSpeed --use-ulysses-allgather-kv: all-gather K/V and all-to-all Q in Ulysses context parallelism."});
        add({"model.group_query_attention", kBool, std::nullopt, {}, {}, "Megatron --group-query-attention."});
        add({"train.attention_mask_type", kString, std::nullopt, {"causal", "general"}, {},
         "MindSpeed --attention-mask-type: the attention mask context parallelism computes with."});
        add({"train.variable_seq_lengths", kBool, std::nullopt, {}, {},
         "MindSpeed --variable-seq-lengths: sequence lengths vary across micro-batches."});
        add({"train.defer_embedding_wgrad_compute", kBool, std::nullopt, {}, {}, "Megatron --defer-embedding-wgrad-compute."});
        add({"train.align_grad_reduce", kBool, std::nullopt, {}, {},
         "Megatron's aligned gradient reduce across pipeline stages (on by default; --no-align-grad-reduce turns it off)."});
        add({"train.param_and_grad_buffer_pad", kInt, std::nullopt, {}, {},
         "MindSpeed --param-and-grad-buffer-pad: byte alignment of the gradient buckets.", {}, -2147483647});
        add({"train.use_multiparameter_pipeline_model_parallel", kBool, std::nullopt, {}, {},
         "MindSpeed --use-multiparameter-pipeline-model-parallel."});
        add({"train.ema_decay", Type{TypeKind::floating}, std::nullopt, {}, {}, "MindSpeed --ema-decay (fused_ema_adamw)."});
        add({"train.adaptive_memory_optimization", kBool, std::nullopt, {}, {}, "MindSpeed --adaptive-memory-optimization."});
        add({"train.balanced_moe_experts", kBool, std::nullopt, {}, {},
         "MindSpeed --balanced-moe-experts: duplicate hot experts across expert-parallel ranks."});
        add({"train.enable_recompute_layers_per_pp_rank", kBool, std::nullopt, {}, {},
         "MindSpeed --enable-recompute-layers-per-pp-rank: --recompute-num-layers counts per pipeline rank."});
        add({"model.multi_head_latent_attention", kBool, std::nullopt, {}, {},
         "MindSpeed --multi-head-latent-attention: its own multi-head latent attention (MLA)."});
        add({"model.qk_rope_head_dim", kInt, std::nullopt, {}, {}, "MindSpeed --qk-rope-head-dim: the rotary part of the MLA query-key head."});
        add({"model.qk_nope_head_dim", kInt, std::nullopt, {}, {}, "MindSpeed --qk-nope-head-dim: the non-rotary part of the MLA query-key head."});
        add({"model.multi_latent_attention", kBool, std::nullopt, {}, {}, "Megatron --multi-latent-attention (MLA)."});
        add({"train.op_cal_tflops", kBool, std::nullopt, {}, {}, "MindSpeed --op-cal-tflops: count FLOPs per operator for MFU / HFU."});
        add({"train.noop_layers", kString, std::nullopt, {}, {}, "MindSpeed --noop-layers: comma-separated indices of layers that do nothing."});
        add({"parallel.pipeline_num_transformer_layers", kString, std::nullopt, {}, {},
         "MindSpeed --pipeline-num-transformer-layers: the layers of each (virtual) pipeline stage, as a nested list."});
        add({"train.sft", kBool, std::nullopt, {}, {}, "Megatron --sft: Megatron's SFT training (packed sequences)."});
        add({"model.alibi_fusion_attn_type", kInt, std::nullopt, {}, {},
         "MindSpeed --alibi-fusion-attn-type: the ALiBi position-encoding type of the fused attention (0 or 2).", {},
         -2147483647});
        // MindSpeed-LLM's argument checks (Ascend/MindSpeed-LLM mindspeed_llm/training/arguments.py, features_manager/**).
        add({"model.first_k_dense_replace", kInt, std::nullopt, {}, {},
         "MindSpeed-LLM --first-k-dense-replace: the first k layers of a MoE model are dense.", {}, 0});
        add({"parallel.num_layer_list", kString, std::nullopt, {}, {},
         "MindSpeed-LLM --num-layer-list: layers per pipeline stage, comma-separated (uneven pipeline split)."});
        add({"train.neat_pack", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --neat-pack: packed fine-tuning samples keep their own attention (needs the reset switches)."});
        add({"train.reset_position_ids", kBool, std::nullopt, {}, {},
         "Megatron --reset-position-ids: position ids restart after each end-of-document token."});
        add({"train.mla_mm_split", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --mla-mm-split: MLA's two up-projection matmuls split into four."});
        add({"train.mla_zero_memory", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --mla-zero-memory: MLA activation-memory saving."});
        add({"train.mla_up_proj_tp_overlap", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --mla-up-proj-tp-overlap: overlap MLA's up-projection TP communication."});
        add({"train.recompute_mla_up_proj", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --recompute-mla-up-proj: recompute MLA's up projection."});
        add({"train.mla_swap_core_attn_out", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --mla-swap-core-attn-out: swap MLA's core attention output to the host."});
        add({"model.normalization", kString, std::nullopt, {"LayerNorm", "RMSNorm"}, {},
         "Megatron --normalization: LayerNorm or RMSNorm."});
        add({"model.swiglu", kBool, std::nullopt, {}, {},
         "Megatron --swiglu: the SwiGLU gated MLP."});
        add({"train.use_fused_rmsnorm", kBool, std::nullopt, {}, {},
         "MindSpeed(-LLM) --use-fused-rmsnorm: the fused RMSNorm kernel."});
        add({"train.use_fused_swiglu", kBool, std::nullopt, {}, {},
         "MindSpeed(-LLM) --use-fused-swiglu: the fused SwiGLU kernel."});
        add({"train.use_fused_ring_attention_update", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --use-fused-ring-attention-update: the fused ring-attention update kernel (context parallelism)."});
        add({"train.use_fused_mlp", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --use-fused-mlp: the fused MLP kernel."});
        add({"train.lora_fusion", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --lora-fusion: fused (CCLoRA) LoRA computation."});
        add({"train.recompute_activation_function", kBool, std::nullopt, {}, {},
         "MindSpeed(-LLM) --recompute-activation-function: recompute the MLP activation function."});
        add({"train.recompute_norm", kBool, std::nullopt, {}, {},
         "MindSpeed(-LLM) --recompute-norm: recompute the norms in transformer layers."});
        add({"train.swap_optimizer", kBool, std::nullopt, {}, {},
         "MindSpeed(-LLM) --swap-optimizer: optimizer states swapped to the host."});
        add({"train.o2_optimizer", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --o2-optimizer: bf16 optimizer moving averages."});
        add({"train.o2_gradient", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --o2-gradient: bf16 gradient accumulation."});
        add({"model.shared_expert_gate", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --shared-expert-gate: a gate on the MoE shared expert."});
        add({"train.output_layer_slice_num", kInt, std::nullopt, {}, {},
         "MindSpeed-LLM --output-layer-slice-num: slices of the output layer's weight."});
        add({"train.use_mcore_models", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM 1.x / 2.x --use-mcore-models: Megatron-Core models instead of the legacy ones."});
        add({"train.tokenizer_padding_side", kString, std::nullopt, {"left", "right"}, {},
         "MindSpeed-LLM --tokenizer-padding-side: the side the tokenizer pads."});
        add({"train.use_glm_rope", kBool, std::nullopt, {}, {},
         "MindSpeed-LLM --use-glm-rope: ChatGLM's rotary position embedding."});
        add({"train.sliding_window", kInt, std::nullopt, {}, {},
         "MindSpeed-LLM --sliding-window: the attention window in tokens (sliding-window attention)."});
        add({"model.rope_scaling_type", kString, std::nullopt, {"llama3", "yarn", "longrope", "plm"}, {},
         "MindSpeed-LLM --rope-scaling-type: the RoPE scaling variant."});
        add({"model.rope_scaling_original_max_position_embeddings", kInt, std::nullopt, {}, {},
         "MindSpeed-LLM --rope-scaling-original-max-position-embeddings (YaRN, LongRoPE)."});
        add({"model.long_factor", kString, std::nullopt, {}, {},
         "MindSpeed-LLM --long-factor: LongRoPE's long-context factors, comma-separated."});
        add({"model.short_factor", kString, std::nullopt, {}, {},
         "MindSpeed-LLM --short-factor: LongRoPE's short-context factors, comma-separated."});
        add({"model.long_mscale", Type{TypeKind::floating}, std::nullopt, {}, {},
         "MindSpeed-LLM --long-mscale: LongRoPE's long-context scaling coefficient."});
        add({"model.short_mscale", Type{TypeKind::floating}, std::nullopt, {}, {},
         "MindSpeed-LLM --short-mscale: LongRoPE's short-context scaling coefficient."});
        // ms-swift argument classes (swift/arguments, swift/megatron/arguments; rules/swift-args, issue 21).
        add({"rollout.server_host", kString, std::nullopt, {}, {"vllm_server_host", "vllm_server_base_url"},
         "Host (or base URL) of the vLLM rollout server a server-mode job connects to (ms-swift --vllm_server_host / "
         "--vllm_server_base_url); left out, none."});
        add({"train.truncation_strategy", kString, std::nullopt, {"delete", "left", "right", "split"}, {},
         "What ms-swift does with a sample longer than max_length (--truncation_strategy). Left out, the trainer "
         "chooses (GRPO: left)."});
        add({"train.multi_turn_scheduler", kString, std::nullopt, {}, {},
         "ms-swift GRPO multi-turn scheduler (--multi_turn_scheduler); left out, single-turn."});
        add({"train.rlsd_lambda", Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift RLSD mixing weight (--rlsd_lambda; 0.5 where left out)."});
        add({"train.rlsd_reweight_clip_range", Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift RLSD evidence-weight clip range eps_w (--rlsd_reweight_clip_range; 0.2 where left out)."});
        add({"train.sdar_gate_beta", Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift SDAR sigmoid gate temperature (--sdar_gate_beta; 5.0 where left out)."});
        add({"train.sync_ref_model", kBool, std::nullopt, {}, {},
         "ms-swift RLHF: sync the reference model with the policy during training (--sync_ref_model)."});
        add({"train.num_iterations", kInt, std::nullopt, {}, {},
         "ms-swift GRPO policy updates per rollout batch (--num_iterations; 1 where left out)."});
        add({"train.freeze_parameters_ratio", Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift: the share of parameters frozen from the bottom of the model (--freeze_parameters_ratio, 0 to "
         "1)."});
        add({"train.bridge_backend", kString, std::nullopt, {"mcore-bridge", "megatron-bridge"}, {},
         "Megatron-SWIFT's Hugging Face <-> Megatron weight bridge (--bridge_backend)."});
        add({"train.apply_wd_to_qk_layernorm", kBool, std::nullopt, {}, {},
         "Megatron-SWIFT --apply_wd_to_qk_layernorm: weight decay on the q/k layer norms."});
        add({"train.async_save", kBool, std::nullopt, {}, {}, "Megatron-SWIFT --async_save: save checkpoints asynchronously."});
        add({"train.save_total_limit", kInt, std::nullopt, {}, {},
         "Megatron-SWIFT --save_total_limit: checkpoints kept; left out, all.", {}, 0});
        add({"train.optimizer", kString, std::nullopt, {"adam", "sgd", "muon", "dist_muon"}, {},
         "Megatron-SWIFT --optimizer (adam, sgd, muon, dist_muon)."});
        add({"train.deepspeed_autotp_size", kInt, std::nullopt, {}, {},
         "ms-swift --deepspeed_autotp_size: DeepSpeed AutoTP tensor-parallel degree."});
        add({"model.quant_method", kString, std::nullopt, {"bnb", "hqq", "eetq", "quanto", "fp8"}, {},
         "ms-swift --quant_method: quantize the model on the fly while loading it."});
        add({"model.quant_bits", kString, std::nullopt, {"1", "2", "3", "4", "8", "float8"}, {},
         "ms-swift --quant_bits: the bits of on-the-fly quantization."});
        add({"train.ref_model", kString, std::nullopt, {}, {}, "ms-swift RLHF --ref_model (id or path); left out, none."});
        add({"train.eval_metric", kString, std::nullopt, {}, {}, "ms-swift --eval_metric (acc, nlg …)."});
        add({"train.streaming", kBool, std::nullopt, {}, {}, "ms-swift --streaming: read the dataset as a stream."});
        add({"train.save_strategy", kString, std::nullopt, {"steps", "epoch"}, {},
         "Megatron-SWIFT --save_strategy (steps or epoch)."});
        add({"train.num_train_epochs", kInt, std::nullopt, {}, {}, "ms-swift --num_train_epochs."});
        // MindSpeed / MindSpeed-LLM flags (h62): Ascend/MindSpeed mindspeed/arguments.py, features_manager/**; MindSpeed-LLM 2.x arguments.py.
        add({"train.use_pipe_experts", kBool, std::nullopt, {}, {},
         "MindSpeed --use-pipe-experts: pipelined MoE experts overlapping all-to-all with expert computation."});
        add({"train.use_nanopipe", kBool, std::nullopt, {}, {}, "MindSpeed --use-nanopipe: nano pipeline parallelism."});
        add({"train.smart_swap", kBool, std::nullopt, {}, {}, "MindSpeed --smart-swap: the smart swap memory feature."});
        add({"train.adaptive_recompute_device_size", kInt, std::nullopt, {}, {},
         "MindSpeed --adaptive-recompute-device-size: device memory for adaptive selective recompute (> 0 turns it on; "
         "-1 off).", {}, -2147483647});
        add({"train.ampipe_degree", kInt, std::nullopt, {}, {}, "MindSpeed --ampipe-degree: the AMPipe degree (1: off)."});
        add({"parallel.use_cp_send_recv_overlap", kBool, std::nullopt, {}, {},
         "MindSpeed --use-cp-send-recv-overlap: overlap ring context parallelism's send and receive."});
        add({"train.cp_attention_mask_type", kString, std::nullopt, {"causal", "general"}, {},
         "MindSpeed-LLM 2.0 / 2.1 --cp-attention-mask-type: the attention mask context parallelism computes with."});
        add({"train.padded_base_length", kInt, std::nullopt, {}, {},
         "MindSpeed-LLM --padded-base-length: the multiple MLA pads sequence lengths to.", {}, -2147483647});

        // vllm-ascend additional_config entries and vLLM parallel sizes of an RL rollout engine
        // (vllm-project/vllm-ascend vllm_ascend/ascend_config.py, platform.py; rules/vllm-ascend-config).
        add({"rollout.npugraph_ex", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config ascend_compilation_config enable_npugraph_ex (the npugraph_ex graph "
         "backend). Left out, a pack default applies on a vllm-ascend engine."});
        add({"rollout.static_kernel", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config ascend_compilation_config enable_static_kernel (static kernel "
         "generation). Left out, a pack default applies on a vllm-ascend engine."});
        add({"rollout.enable_reduce_sample", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config enable_reduce_sample (the experimental reduce-sampling scheme)."});
        add({"rollout.lmhead_tp", kInt, std::nullopt, {}, {},
         "vllm-ascend's additional_config finegrained_tp_config lmhead_tensor_parallel_size (0: off).", {}, 0});
        add({"rollout.mlp_tp", kInt, std::nullopt, {}, {},
         "vllm-ascend's additional_config finegrained_tp_config mlp_tensor_parallel_size (0: off).", {}, 0});
        add({"rollout.dp", kInt, std::nullopt, {}, {},
         "The rollout engine's data-parallel size (vLLM data_parallel_size). Left out, a pack default applies "
         "where the launcher's default is known."});
        add({"rollout.pcp", kInt, std::nullopt, {}, {},
         "The rollout engine's prefill context-parallel size (vLLM prefill_context_parallel_size); left out, "
         "not set."});
        add({"rollout.profiling_chunk_smooth_factor", Type{TypeKind::floating}, std::nullopt, {}, {},
         "vllm-ascend's additional_config profiling_chunk_config smooth_factor (in (0, 1])."});
        add({"rollout.profiling_chunk_max_fit_chunk", kInt, std::nullopt, {}, {},
         "vllm-ascend's additional_config profiling_chunk_config max_fit_chunk (data points for the fit)."});
        add({"rollout.posterior_threshold", Type{TypeKind::floating}, std::nullopt, {}, {},
         "vllm-ascend's additional_config rejection_sampler_config posterior_threshold (in (0, 1])."});
        add({"rollout.posterior_alpha", Type{TypeKind::floating}, std::nullopt, {}, {},
         "vllm-ascend's additional_config rejection_sampler_config posterior_alpha (at least 0)."});
        add({"rollout.eplb_expert_map_path", kString, std::nullopt, {}, {},
         "vllm-ascend's additional_config eplb_config expert_map_path (a JSON expert map); left out, none."});
        add({"rollout.eplb_expert_map_record_path", kString, std::nullopt, {}, {},
         "vllm-ascend's additional_config eplb_config expert_map_record_path (where the expert map is recorded, "
         "which turns dynamic EPLB on); left out, none."});
        add({"rollout.dynamic_eplb", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config eplb_config dynamic_eplb. Left out, a pack default applies on a "
         "vllm-ascend engine."});
        add({"rollout.enable_mc2_hierarchy_comm", kBool, std::nullopt, {}, {},
         "vllm-ascend's additional_config enable_mc2_hierarchy_comm (MC2 dispatch/combine across nodes over "
         "RoCE)."});
        add({"rollout.enable_fused_mc2", kInt, std::nullopt, {}, {},
         "vllm-ascend's additional_config enable_fused_mc2 (from 0.20.2rc1 it takes precedence over "
         "VLLM_ASCEND_ENABLE_FUSED_MC2). Left out, the variable decides.",
         {}, 0});
        add({"rollout.dump_config_path", kString, std::nullopt, {}, {},
         "vllm-ascend's additional_config dump_config_path (an msprobe dump configuration file); left out, none."});
        add({"rollout.dump_config", kString, std::nullopt, {}, {},
         "vllm-ascend's additional_config dump_config (an inline msprobe dump configuration, as JSON text); left "
         "out, none."});
        add({"rollout.attention_backend", kString, std::nullopt, {}, {},
         "The rollout engine's attention backend as vLLM names it (attention_backend / --attention-backend: "
         "FLASH_ATTN, ...; auto: vLLM chooses). Left out, a pack default applies where the launcher's default is "
         "known."});
        // ms-swift GRPO reward settings (modelscope/ms-swift swift/arguments/rlhf_args.py, megatron_args.py).
        add({"train.reward_funcs", Type{TypeKind::list, TypeKind::string}, std::nullopt, {}, {},
         "ms-swift GRPO --reward_funcs: the reward functions by name (a list)."});
        add({"train.soft_cache_length", kInt, std::nullopt, {}, {},
         "ms-swift --soft_cache_length: the length of the soft overlong penalty's window; left out, none."});

        // Megatron-LM validate_args / TransformerConfig / parallel_state (NVIDIA/Megatron-LM core_v0.12.1 .. core_v0.19.0)
        add({"train.cpu_offloading_num_layers", kInt, std::nullopt, {}, {},
         "Megatron --cpu-offloading-num-layers (megatron-core >= 0.16): layers whose activations go to the CPU; above "
         "0 turns CPU offloading on.", {}, 0});
        add({"train.use_tp_pp_dp_mapping", kBool, std::nullopt, {}, {},
         "Megatron --use-tp-pp-dp-mapping: rank order tp-cp-ep-pp-dp instead of tp-cp-ep-dp-pp."});
        add({"train.pipeline_model_parallel_comm_backend", kString, std::nullopt, {"nccl", "ucc"}, {},
         "Megatron --pipeline-model-parallel-comm-backend: the pipeline's communication backend; left out, the default."});
        add({"model.encoder_num_layers", kInt, std::nullopt, {}, {},
         "Megatron --encoder-num-layers: the encoder's layers, an alternative to --num-layers."});
        add({"train.nccl_communicator_config_path", kString, std::nullopt, {}, {},
         "Megatron --nccl-communicator-config-path: a YAML file of NCCL communicator settings; left out, none."});
        add({"train.moe_permute_fusion", kBool, std::nullopt, {}, {},
         "Megatron --moe-permute-fusion: Transformer Engine's fused MoE token permutation."});
        add({"train.glu_linear_offset", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --glu-linear-offset (from megatron-core 0.15): the offset in a gated activation, act(x0) * (x1 + "
         "offset)."});

        // ms-swift BaseArguments (modelscope/ms-swift swift/arguments/base_args: data_args.py, model_args.py)
        add({"train.lazy_tokenize", kBool, std::nullopt, {}, {},
         "ms-swift --lazy_tokenize: tokenize each sample when it is read; left out, ms-swift decides (true only for a "
         "multimodal model without streaming, packing or group_by_length)."});
        add({"model.rope_scaling", kString, std::nullopt, {}, {},
         "ms-swift --rope_scaling as written: a type name (linear, dynamic, yarn) or a JSON object; left out, the "
         "model config's."});
        add({"model.max_model_len", kInt, std::nullopt, {}, {},
         "ms-swift --max_model_len: the context length RoPE scaling is sized for; left out, none."});

        // Megatron-LM validate_args: list flags (NVIDIA/Megatron-LM core_v0.12.1 .. core_v0.19.0 megatron/training/arguments.py)
        add({"train.spec", Type{TypeKind::list, TypeKind::string}, std::nullopt, {}, {},
         "Megatron --spec: the model spec's words (a module and its function, or `local`), a list; left out, none."});
        add({"model.mrope_section", Type{TypeKind::list, TypeKind::integer}, std::nullopt, {}, {},
         "Megatron --mrope-section: the multimodal RoPE sections (a list of integers); left out, none."});
        add({"train.cuda_graph_scope", Type{TypeKind::list, TypeKind::string}, std::nullopt, {}, {},
         "Megatron --cuda-graph-scope: the CUDA graph's scopes, a list (one word before megatron-core 0.16)."});
        add({"train.check_for_nan_in_loss_and_grad", kBool, std::nullopt, {}, {},
         "Megatron's NaN check of loss and gradients (on unless --no-check-for-nan-in-loss-and-grad)."});
        add({"train.mock_data", kBool, std::nullopt, {}, {}, "Megatron --mock-data: generated data instead of a dataset."});
        add({"train.data_path", Type{TypeKind::list, TypeKind::string}, std::nullopt, {}, {},
         "Megatron --data-path: the dataset prefixes (with optional weights), a list; left out, none."});
        add({"train.data_args_path", kString, std::nullopt, {}, {},
         "Megatron --data-args-path: a file holding the --data-path words."});
        add({"train.train_data_path", Type{TypeKind::list, TypeKind::string}, std::nullopt, {}, {},
         "Megatron --train-data-path: the training split's dataset prefixes, a list; left out, none."});
        add({"train.valid_data_path", Type{TypeKind::list, TypeKind::string}, std::nullopt, {}, {},
         "Megatron --valid-data-path: the validation split's dataset prefixes, a list; left out, none."});
        add({"train.test_data_path", Type{TypeKind::list, TypeKind::string}, std::nullopt, {}, {},
         "Megatron --test-data-path: the test split's dataset prefixes, a list; left out, none."});
        add({"train.per_split_data_args_path", kString, std::nullopt, {}, {},
         "Megatron --per-split-data-args-path: a file holding the per-split data paths."});
        return rows;
    }();
    // clang-format on
    return table;
}

const KeyInfo* find_key(std::string_view dotted) {
    static const auto index = [] {
        std::unordered_map<std::string_view, const KeyInfo*, util::NameHash, std::equal_to<>> m;
        m.reserve(key_table().size());
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
        if (dot != std::string::npos) names.emplace(k.key.substr(0, dot));
    }
    return {names.begin(), names.end()};
}

}  // namespace preflight::config

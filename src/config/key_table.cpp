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
        // ms-swift's Ray pipeline: Ray places the workers instead of torchrun.
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
        // Megatron-SWIFT switches its argument checks read (rules/swift-args).
        {"train.group_by_length", kBool, Value(false), {}, {}, "Group samples of similar length into batches (ms-swift --group_by_length)."},
        {"train.mlp_padding_free", kBool, Value(false), {}, {},
         "Megatron-SWIFT --mlp_padding_free: drop padding tokens before the MLP only."},
        {"train.megatron_fsdp", kBool, Value(false), {}, {"use_megatron_fsdp", "use_custom_fsdp"},
         "Megatron-FSDP data parallelism (Megatron-SWIFT --use_megatron_fsdp)."},
        {"train.world_size", kInt, std::nullopt, {}, {"training_world_size", "actor_world_size"},
         "Processes that train (all of them for one job on its devices; fewer when a decoupled rollout engine holds "
         "devices of its own). Left out, a pack default derives it where it can.", {}, 1},
        // ms-swift RLHF options its GRPO / GKD checks read (rules/swift-args).
        {"train.use_liger_kernel", kBool, Value(false), {}, {"liger_kernel"},
         "Liger kernels, and in swift rlhf GRPO / GKD the liger loss (--use_liger_kernel)."},
        {"train.teacher_model", kString, std::nullopt, {}, {},
         "Teacher model (id or path) of a distillation run (ms-swift --teacher_model); left out, none."},
        {"train.teacher_model_server", kString, std::nullopt, {}, {},
         "URL of a served teacher model (ms-swift --teacher_model_server); left out, none."},
        {"train.num_generations", kInt, std::nullopt, {}, {},
         "Completions sampled per prompt in GRPO (ms-swift --num_generations). Left out, a pack default applies."},
        {"train.generation_batch_size", kInt, std::nullopt, {}, {},
         "Completions one GRPO rollout generates over all ranks (ms-swift --generation_batch_size). Left out, a "
         "pack default derives it (global_batch_size x steps_per_generation)."},
        {"train.steps_per_generation", kInt, std::nullopt, {}, {},
         "Optimizer steps each GRPO rollout feeds (ms-swift --steps_per_generation). Left out, a pack default "
         "derives it."},
        {"train.gkd_logits_topk", kInt, std::nullopt, {}, {},
         "Teacher logits GKD keeps per token (ms-swift --gkd_logits_topk); left out, the full vocabulary."},
        {"train.seq_kd", kBool, Value(false), {}, {}, "GKD sequential KD on teacher-generated responses (ms-swift --seq_kd)."},
        {"train.advantage_reweight", kString, std::nullopt, {"rlsd"}, {},
         "GRPO advantage reweighting (ms-swift --advantage_reweight rlsd); left out, none."},
        {"train.sdar_loss_coef", lang::Type{TypeKind::floating}, Value(0.0), {}, {},
         "Weight of ms-swift's SDAR distillation loss in GRPO (--sdar_loss_coef); 0 turns it off."},
        {"train.off_policy_sequence_mask_delta", lang::Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift GRPO off-policy sequence masking threshold (--off_policy_sequence_mask_delta); left out, off."},
        {"train.grpo_delta", lang::Type{TypeKind::floating}, std::nullopt, {}, {"delta"},
         "Upper clipping bound of two-sided GRPO (ms-swift --delta); left out, one-sided."},
        {"train.top_entropy_quantile", lang::Type{TypeKind::floating}, Value(1.0), {}, {},
         "ms-swift GRPO entropy mask: train on the tokens above this entropy quantile (--top_entropy_quantile; 1.0 "
         "keeps all)."},
        {"train.log_entropy", kBool, Value(false), {}, {}, "ms-swift GRPO logs token entropy (--log_entropy)."},
        {"train.importance_sampling_level", kString, Value("token"), {"token", "sequence", "sequence_token"}, {},
         "ms-swift GRPO importance-sampling level (--importance_sampling_level)."},
        {"train.advantage_estimator", kString, Value("grpo"), {"grpo", "rloo", "reinforce_plus_plus"}, {},
         "ms-swift GRPO advantage estimator (--advantage_estimator)."},
        {"train.loss_type", kString, std::nullopt, {}, {},
         "The RLHF trainer's loss type (ms-swift --loss_type: grpo, dapo, real, fipo … for GRPO). Left out, a pack "
         "default applies where the trainer's default is known."},

        {"rollout.engine", kString, Value("none"), {"vllm", "vllm-ascend", "none"}, {"infer_backend"},
         "Rollout engine of an RL job."},
        {"rollout.colocate", kBool, Value(false), {}, {"colocated", "vllm_mode"},
         "Rollout shares devices with training (ms-swift --vllm_mode colocate). Left out, a pack default applies where "
         "the framework picks the mode itself; for ms-swift >= 3.11.1 it reads as a launch without --vllm_mode."},
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
        {"rollout.async_generate", kBool, Value(false), {}, {},
         "Generate the next rollout while training on the last (ms-swift --async_generate)."},
        // torch_memory_saver's hook (rules/colocate-memory): a constructor argument and a process
        // environment the launch's own flags do not show.
        {"rollout.tms_hook_mode", kString, std::nullopt, {"preload", "torch"}, {"hook_mode"},
         "torch_memory_saver's hook mode (preload: its library in LD_PRELOAD; torch: a pluggable allocator). Left "
         "out, a pack default applies where torch_memory_saver is the memory saver."},
        {"rollout.tms_preload_by_framework", kBool, std::nullopt, {}, {},
         "The framework or the caller's code puts torch_memory_saver's preload library into LD_PRELOAD of the "
         "processes it starts (configure_subprocess(), a Ray runtime_env), so the launch's environment need not. "
         "Left out, a pack default applies where the framework is known to."},

        // Megatron-LM / MindSpeed start-up checks (rules/megatron-args, rules/mindspeed-args): the
        // values validate_args and TransformerConfig decide on. No default here: what a launcher
        // leaves out is its framework's default, a [[defaults]] entry of those packs.
        {"train.seq_length", kInt, std::nullopt, {}, {"seq_len", "max_seq_length", "encoder_seq_length"},
         "Sequence length a Megatron step trains on (--seq-length; Megatron-SWIFT derives it from packing_length "
         "or max_length)."},
        {"train.max_length", kInt, std::nullopt, {}, {"max_len"}, "ms-swift --max_length: the longest sample kept."},
        {"train.packing_length", kInt, std::nullopt, {}, {}, "ms-swift --packing_length: the length packed rows fill."},
        {"train.micro_batch_size", kInt, std::nullopt, {}, {"mbs", "per_device_train_batch_size"},
         "Samples per micro-batch on one data-parallel rank."},
        {"train.global_batch_size", kInt, std::nullopt, {}, {"gbs"}, "Samples per optimizer step over all ranks."},
        {"train.fp16", kBool, std::nullopt, {}, {"half"}, "Train in fp16 (Megatron --fp16)."},
        {"train.bf16", kBool, std::nullopt, {}, {"bfloat16"}, "Train in bf16 (Megatron --bf16)."},
        {"train.distributed_optimizer", kBool, std::nullopt, {}, {"use_distributed_optimizer"},
         "Megatron's distributed optimizer (optimizer state sharded over data-parallel ranks)."},
        {"train.overlap_grad_reduce", kBool, std::nullopt, {}, {}, "Overlap the gradient reduce with the backward pass."},
        {"train.overlap_param_gather", kBool, std::nullopt, {}, {},
         "Overlap the parameter all-gather with the forward pass."},
        {"train.tp_comm_overlap", kBool, std::nullopt, {}, {}, "Overlap tensor-parallel communication with GEMMs."},
        {"train.recompute_granularity", kString, std::nullopt, {"full", "selective", "none"}, {},
         "Activation recomputation granularity (none: no recomputation)."},
        {"train.recompute_method", kString, std::nullopt, {"uniform", "block", "none"}, {},
         "How full recomputation picks layers (none: not given)."},
        {"train.recompute_num_layers", kInt, std::nullopt, {}, {}, "Layers full recomputation covers."},
        {"train.mtp_num_layers", kInt, std::nullopt, {}, {"mtp_layers", "mtp_num_layer"},
         "Multi-token-prediction layers Megatron builds (--mtp-num-layers); left out, none."},
        {"train.moe_router_enable_expert_bias", kBool, std::nullopt, {}, {"enable_expert_bias"},
         "MoE router's dynamic expert bias for aux-loss-free balancing (--moe-router-enable-expert-bias)."},
        {"train.moe_router_score_function", kString, std::nullopt, {"softmax", "sigmoid", "sqrtsoftplus"},
         {"router_score_function"}, "MoE router score function (--moe-router-score-function)."},
        {"train.distribute_saved_activations", kBool, std::nullopt, {}, {},
         "Distribute recomputed activations over the tensor-parallel group."},
        {"train.moe_grouped_gemm", kBool, std::nullopt, {}, {"grouped_gemm"}, "MoE experts computed as one grouped GEMM."},
        {"train.overlap_moe_expert_parallel_comm", kBool, std::nullopt, {}, {},
         "Overlap MoE expert-parallel all-to-all with computation."},
        {"train.add_bias_linear", kBool, std::nullopt, {}, {"disable_bias_linear"},
         "Linear layers keep their bias (Megatron's default; --disable-bias-linear turns it off)."},
        {"train.torch_fsdp2", kBool, std::nullopt, {}, {"use_torch_fsdp2"}, "Megatron-LM's torch FSDP2 data parallelism."},
        {"train.reset_attention_mask", kBool, std::nullopt, {}, {},
         "Reset the attention mask at document ends (packed THD batches in MindSpeed)."},
        {"model.max_position_embeddings", kInt, std::nullopt, {}, {"max_position"},
         "Positions the model's embedding covers."},
        {"parallel.vpp", kInt, std::nullopt, {}, {"num_virtual_stages_per_pipeline_rank", "virtual_pipeline_size"},
         "Virtual pipeline stages per pipeline rank (interleaved schedule)."},
        {"parallel.vpp_layers", kInt, std::nullopt, {}, {"num_layers_per_virtual_pipeline_stage"},
         "Layers per virtual pipeline stage (the interleaved schedule's other spelling)."},
        {"parallel.pp_layout", kString, std::nullopt, {}, {"pipeline_model_parallel_layout"},
         "An explicit pipeline layout (which layers each stage holds)."},
        {"parallel.pp_first_stage_layers", kInt, std::nullopt, {}, {"decoder_first_pipeline_num_layers"},
         "Layers on the first pipeline stage when stages are uneven.", {}, 0},
        {"parallel.pp_last_stage_layers", kInt, std::nullopt, {}, {"decoder_last_pipeline_num_layers"},
         "Layers on the last pipeline stage when stages are uneven.", {}, 0},
        {"parallel.pp_account_embedding", kBool, std::nullopt, {}, {"account_for_embedding_in_pipeline_split"},
         "Count the input embedding as a layer when splitting layers over pipeline stages."},
        {"parallel.pp_account_loss", kBool, std::nullopt, {}, {"account_for_loss_in_pipeline_split"},
         "Count the loss as a layer when splitting layers over pipeline stages."},
        {"parallel.cp_ulysses_degree", kInt, std::nullopt, {}, {"ulysses_degree_in_cp"},
         "MindSpeed --ulysses-degree-in-cp: the Ulysses part of a hybrid context-parallel group."},
        {"train.schedules_method", kString, std::nullopt, {"dualpipev", "none"}, {},
         "MindSpeed --schedules-method (dualpipev, or none for Megatron's schedule)."},
        {"train.moe_tp_extend_ep", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-tp-extend-ep: the TP group widens expert parallelism instead of sharding experts."},
        {"parallel.overlap_p2p_comm", kBool, std::nullopt, {}, {},
         "Overlap pipeline point-to-point communication (interleaved schedule)."},
        {"train.moe_token_dispatcher_type", kString, std::nullopt, {"allgather", "alltoall", "flex", "alltoall_seq"},
         {"token_dispatcher_type"}, "MoE token dispatcher (--moe-token-dispatcher-type; alltoall_seq only where MindSpeed adds it)."},
        {"train.moe_enable_deepep", kBool, std::nullopt, {}, {}, "Megatron --moe-enable-deepep: the DeepEP all-to-all backend."},
        {"train.moe_permutation_async_comm", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-permutation-async-comm: overlap the MoE permutation all-gathers."},
        {"train.moe_allgather_overlap_comm", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-allgather-overlap-comm: overlap the allgather dispatcher's communication."},
        {"train.moe_alltoall_overlap_comm", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-alltoall-overlap-comm: overlap the alltoall / alltoall_seq dispatcher's communication."},
        {"train.moe_fb_overlap", kBool, std::nullopt, {}, {},
         "MindSpeed --moe-fb-overlap: overlap one micro-batch's forward with another's backward in MoE layers."},
        {"parallel.cp_window_size", kInt, std::nullopt, {}, {},
         "MindSpeed --cp-window-size: the inner window of double-ring context parallelism (1: a single ring)."},
        {"train.recompute_in_bubble", kBool, std::nullopt, {}, {},
         "MindSpeed --recompute-in-bubble: recompute in the pipeline bubbles (interleaved schedule)."},
        {"train.recompute_in_advance", kBool, std::nullopt, {}, {},
         "MindSpeed --recompute-in-advance: recompute early to shrink the pipeline bubble (interleaved schedule)."},
        // Iteration- or sample-based training (Megatron-LM validate_args keeps the two apart).
        {"train.train_iters", kInt, std::nullopt, {}, {}, "Megatron --train-iters: iterations to train.", {}, 0},
        {"train.train_samples", kInt, std::nullopt, {}, {}, "Megatron --train-samples: samples to train.", {}, 0},
        {"train.lr_decay_iters", kInt, std::nullopt, {}, {}, "Megatron --lr-decay-iters.", {}, 0},
        {"train.lr_decay_samples", kInt, std::nullopt, {}, {}, "Megatron --lr-decay-samples.", {}, 0},
        {"train.lr_warmup_iters", kInt, std::nullopt, {}, {}, "Megatron --lr-warmup-iters.", {}, 0},
        {"train.lr_warmup_samples", kInt, std::nullopt, {}, {}, "Megatron --lr-warmup-samples.", {}, 0},
        {"train.lr_warmup_fraction", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --lr-warmup-fraction: warm-up as a fraction of the decay."},
        {"train.skip_train", kBool, std::nullopt, {}, {}, "Megatron --skip-train: evaluate or export without training."},
        // Checkpoint format, legacy models and the data-parallel options validate_args pairs them with.
        {"train.ckpt_format", kString, std::nullopt, {"torch", "torch_dist", "zarr", "torch_dcp", "fsdp_dtensor"}, {},
         "Megatron --ckpt-format: the checkpoint format saved and loaded."},
        {"train.use_legacy_models", kBool, std::nullopt, {}, {}, "Megatron --use-legacy-models: the pre-Megatron-Core models."},
        {"train.gradient_accumulation_fusion", kBool, std::nullopt, {}, {},
         "Fuse gradient accumulation into the weight-gradient GEMM (Megatron's default; --no-gradient-accumulation-fusion "
         "turns it off)."},
        {"train.untie_embeddings_and_output_weights", kBool, std::nullopt, {}, {},
         "Megatron --untie-embeddings-and-output-weights: separate input embedding and output layer weights."},
        {"train.overlap_param_gather_with_optimizer_step", kBool, std::nullopt, {}, {},
         "Megatron --overlap-param-gather-with-optimizer-step."},
        {"model.position_embedding_type", kString, std::nullopt,
         {"learned_absolute", "rope", "yarn", "mrope", "relative", "none", "alibi"}, {},
         "Megatron --position-embedding-type (alibi where MindSpeed adds it)."},
        {"train.use_fused_rotary_pos_emb", kBool, std::nullopt, {}, {},
         "MindSpeed --use-fused-rotary-pos-emb: the fused rotary position embedding kernel."},
        // vLLM engine options the rollout rules read.
        {"rollout.enforce_eager", kBool, Value(false), {}, {"vllm_enforce_eager", "enforce_eager"},
         "The rollout engine runs eagerly, without (ACL/CUDA) graph capture (vLLM enforce_eager)."},
        {"rollout.weight_nz_mode", kInt, std::nullopt, {}, {"weight_nz_mode"},
         "vllm-ascend's additional_config weight_nz_mode (0 off, 1 quantized weights only, 2 BF16/FP16 too); from "
         "0.20.2rc1 it takes precedence over VLLM_ASCEND_ENABLE_NZ. Left out, the variable decides.",
         {}, 0, 2},
        {"rollout.enable_expert_parallel", kBool, std::nullopt, {}, {"vllm_enable_expert_parallel"},
         "The rollout engine's expert parallelism for MoE models (vLLM enable_expert_parallel). Left out, a pack "
         "default applies where the launcher's default is known."},
        // ms-swift argument classes (swift/arguments, swift/megatron/arguments; rules/swift-args, issue 21).
        {"rollout.server_host", kString, std::nullopt, {}, {"vllm_server_host", "vllm_server_base_url"},
         "Host (or base URL) of the vLLM rollout server a server-mode job connects to (ms-swift --vllm_server_host / "
         "--vllm_server_base_url); left out, none."},
        {"train.truncation_strategy", kString, std::nullopt, {"delete", "left", "right", "split"}, {},
         "What ms-swift does with a sample longer than max_length (--truncation_strategy). Left out, the trainer "
         "chooses (GRPO: left)."},
        {"train.multi_turn_scheduler", kString, std::nullopt, {}, {},
         "ms-swift GRPO multi-turn scheduler (--multi_turn_scheduler); left out, single-turn."},
        {"train.rlsd_lambda", Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift RLSD mixing weight (--rlsd_lambda; 0.5 where left out)."},
        {"train.rlsd_reweight_clip_range", Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift RLSD evidence-weight clip range eps_w (--rlsd_reweight_clip_range; 0.2 where left out)."},
        {"train.sdar_gate_beta", Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift SDAR sigmoid gate temperature (--sdar_gate_beta; 5.0 where left out)."},
        {"train.sync_ref_model", kBool, std::nullopt, {}, {},
         "ms-swift RLHF: sync the reference model with the policy during training (--sync_ref_model)."},
        {"train.num_iterations", kInt, std::nullopt, {}, {},
         "ms-swift GRPO policy updates per rollout batch (--num_iterations; 1 where left out)."},
        {"train.freeze_parameters_ratio", Type{TypeKind::floating}, std::nullopt, {}, {},
         "ms-swift: the share of parameters frozen from the bottom of the model (--freeze_parameters_ratio, 0 to "
         "1)."},
        {"train.bridge_backend", kString, std::nullopt, {"mcore-bridge", "megatron-bridge"}, {},
         "Megatron-SWIFT's Hugging Face <-> Megatron weight bridge (--bridge_backend)."},
        {"train.apply_wd_to_qk_layernorm", kBool, std::nullopt, {}, {},
         "Megatron-SWIFT --apply_wd_to_qk_layernorm: weight decay on the q/k layer norms."},
        {"train.async_save", kBool, std::nullopt, {}, {}, "Megatron-SWIFT --async_save: save checkpoints asynchronously."},
        {"train.save_total_limit", kInt, std::nullopt, {}, {},
         "Megatron-SWIFT --save_total_limit: checkpoints kept; left out, all.", {}, 0},
        {"train.optimizer", kString, std::nullopt, {"adam", "sgd", "muon", "dist_muon"}, {},
         "Megatron-SWIFT --optimizer (adam, sgd, muon, dist_muon)."},
        {"train.weight_decay_incr_style", kString, std::nullopt, {"constant", "linear", "cosine"}, {},
         "Megatron --weight-decay-incr-style: how weight decay moves from start to end."},
        {"train.start_weight_decay", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --start-weight-decay (a non-constant weight-decay schedule)."},
        {"train.end_weight_decay", Type{TypeKind::floating}, std::nullopt, {}, {},
         "Megatron --end-weight-decay (a non-constant weight-decay schedule)."},
        {"train.deepspeed_autotp_size", kInt, std::nullopt, {}, {},
         "ms-swift --deepspeed_autotp_size: DeepSpeed AutoTP tensor-parallel degree."},
        {"model.quant_method", kString, std::nullopt, {"bnb", "hqq", "eetq", "quanto", "fp8"}, {},
         "ms-swift --quant_method: quantize the model on the fly while loading it."},
        {"model.quant_bits", kString, std::nullopt, {"1", "2", "3", "4", "8", "float8"}, {},
         "ms-swift --quant_bits: the bits of on-the-fly quantization."},
        {"train.ref_model", kString, std::nullopt, {}, {}, "ms-swift RLHF --ref_model (id or path); left out, none."},
        {"train.eval_metric", kString, std::nullopt, {}, {}, "ms-swift --eval_metric (acc, nlg …)."},
        {"train.streaming", kBool, std::nullopt, {}, {}, "ms-swift --streaming: read the dataset as a stream."},
        {"train.save_strategy", kString, std::nullopt, {"steps", "epoch"}, {},
         "Megatron-SWIFT --save_strategy (steps or epoch)."},
        {"train.num_train_epochs", kInt, std::nullopt, {}, {}, "ms-swift --num_train_epochs."},
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

#!/usr/bin/env bash
# GRPO of Qwen3.5-4B with LoRA on two Ascend NPUs, vLLM-Ascend colocated, no padding_free
# (the dense 4B recipe keeps samples padded). Batch options as upstream's example
# (modelscope/ms-swift@v4.5.2:examples/ascend/grpo/megatron/qwen3_5_4b_lora.sh:28-34): 4 completions per
# rollout, 2 prompts, one per data-parallel rank.
# Equivalent job file: ../swift-qwen3_5-4b-grpo-megatron-npu-colocate.toml
MASTER_PORT=29502 \
NPROC_PER_NODE=2 \
ASCEND_RT_VISIBLE_DEVICES=0,1 \
megatron rlhf \
    --rlhf_type grpo \
    --model Qwen/Qwen3.5-4B \
    --tuner_type lora \
    --tensor_model_parallel_size 1 \
    --pipeline_model_parallel_size 1 \
    --context_parallel_size 1 \
    --use_vllm true \
    --vllm_mode colocate \
    --vllm_tensor_parallel_size 1 \
    --padding_free false \
    --attention_backend flash \
    --dataset 'AI-MO/NuminaMath-TIR#500' \
    --reward_funcs accuracy \
    --num_generations 2 \
    --steps_per_generation 1 \
    --micro_batch_size 1 \
    --global_batch_size 4

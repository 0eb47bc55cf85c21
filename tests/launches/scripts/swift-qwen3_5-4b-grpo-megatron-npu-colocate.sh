#!/usr/bin/env bash
# GRPO of Qwen3.5-4B with LoRA on two Ascend NPUs, vLLM-Ascend colocated, no padding_free
# (the dense 4B recipe keeps samples padded).
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
    --num_generations 4 \
    --micro_batch_size 2 \
    --global_batch_size 8

#!/usr/bin/env bash
# GRPO of Qwen3.5-35B-A3B with LoRA, FSDP2 over 8 Ascend NPUs, vLLM-Ascend colocated.
# Equivalent job file: ../swift-qwen3_5-moe-lora-grpo-fsdp2-npu-colocate.toml
export VLLM_ASCEND_ENABLE_NZ=0
export TASK_QUEUE_ENABLE=0

ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 NPROC_PER_NODE=8 swift rlhf \
    --rlhf_type grpo \
    --model Qwen/Qwen3.5-35B-A3B \
    --tuner_type lora \
    --fsdp fsdp2 \
    --use_vllm true \
    --vllm_mode colocate \
    --vllm_tensor_parallel_size 4 \
    --sleep_level 1 \
    --dataset 'AI-MO/NuminaMath-TIR#1000' \
    --reward_funcs accuracy \
    --num_generations 8 \
    --per_device_train_batch_size 2

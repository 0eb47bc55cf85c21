#!/usr/bin/env bash
# Full-parameter GRPO of Qwen3.5-35B-A3B on one A3 node (16 dies), colocated vLLM-Ascend.
# Equivalent job file: ../swift-qwen3_5-moe-full-grpo-megatron-npu-a3.toml
export VLLM_ASCEND_ENABLE_NZ=0
export USE_MCORE_GDN=1
NPROC_PER_NODE=16
ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
export NPROC_PER_NODE ASCEND_RT_VISIBLE_DEVICES

megatron rlhf --rlhf_type grpo --model Qwen/Qwen3.5-35B-A3B \
    --tensor_model_parallel_size 4 --expert_model_parallel_size 8 \
    --pipeline_model_parallel_size 2 --context_parallel_size 1 \
    --sequence_parallel true \
    --use_vllm true --vllm_mode colocate --vllm_tensor_parallel_size 4 \
    --sleep_level 1 \
    --padding_free true --attention_backend flash \
    --dataset 'AI-MO/NuminaMath-TIR#1000' --reward_funcs accuracy format \
    --micro_batch_size 1 --global_batch_size 32

#!/usr/bin/env bash
# GRPO of Qwen3-30B-A3B-Instruct-2507 with LoRA on 8 NVIDIA GPUs, vLLM colocated.
# Equivalent job file: ../swift-qwen3-moe-lora-grpo-megatron-cuda-colocate.toml
export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
NPROC_PER_NODE=8 \
megatron rlhf \
    --rlhf_type grpo \
    --model Qwen/Qwen3-30B-A3B-Instruct-2507 \
    --tuner_type lora \
    --context_parallel_size 2 \
    --tensor_model_parallel_size 2 \
    --expert_model_parallel_size 4 \
    --pipeline_model_parallel_size 2 \
    --sequence_parallel true \
    --use_vllm true \
    --vllm_mode colocate \
    --vllm_tensor_parallel_size 4 \
    --sleep_level 2 \
    --padding_free true \
    --attention_backend flash \
    --dataset 'AI-MO/NuminaMath-TIR#1000' \
    --reward_funcs accuracy \
    --micro_batch_size 1 \
    --global_batch_size 16 && echo "training finished"

#!/usr/bin/env bash
# Qwen3.5-35B-A3B LoRA with Megatron-SWIFT on four NVIDIA GPUs (mcore-bridge, Transformer Engine).
# Equivalent job file: ../swift-qwen3_5-moe-lora-megatron-cuda.toml
PYTORCH_CUDA_ALLOC_CONF='expandable_segments:True' \
NPROC_PER_NODE=4 \
CUDA_VISIBLE_DEVICES=0,1,2,3 \
megatron sft \
    --model Qwen/Qwen3.5-35B-A3B \
    --tuner_type lora \
    --expert_model_parallel_size 4 \
    --sequence_parallel true \
    --padding_free false \
    --attention_backend flash \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#2000' \
    --micro_batch_size 1 \
    --global_batch_size 8 \
    --output_dir output/qwen3_5-cuda

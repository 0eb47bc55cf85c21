#!/usr/bin/env bash
# As the four-GPU LoRA recipe, with context parallelism 2 for longer samples.
# Equivalent job file: ../swift-qwen3_5-moe-lora-megatron-cuda-cp2.toml
export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
export CUDA_VISIBLE_DEVICES=0,1,2,3
export NPROC_PER_NODE=$(nvidia-smi -L | wc -l)   # not interpreted: counted at run time
NPROC_PER_NODE=4 megatron sft \
    --model Qwen/Qwen3.5-35B-A3B \
    --tuner_type lora \
    --context_parallel_size 2 \
    --expert_model_parallel_size 4 \
    --sequence_parallel true \
    --padding_free false \
    --attention_backend flash \
    --dataset "AI-ModelScope/alpaca-gpt4-data-en#2000" \
    --max_length 16384 \
    --micro_batch_size 1 \
    --global_batch_size 8

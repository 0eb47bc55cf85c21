#!/bin/sh
# Qwen3-8B LoRA with Megatron-SWIFT on two Ascend NPUs.
# Equivalent job file: ../swift-qwen3-8b-lora-megatron-npu.toml
NPROC_PER_NODE=2 ASCEND_RT_VISIBLE_DEVICES=0,1 megatron sft \
    --model Qwen/Qwen3-8B \
    --tuner_type lora \
    --tensor_model_parallel_size 2 \
    --sequence_parallel true \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-zh#500' 'AI-ModelScope/alpaca-gpt4-data-en#500' \
    --micro_batch_size 1 \
    --global_batch_size 4 \
    --max_length 2048 \
    --output_dir output/qwen3-8b

#!/usr/bin/env bash
# Qwen3-Next-80B-A3B LoRA with Megatron-SWIFT on 8 Ascend 910B3.
# Equivalent job file: ../swift-qwen3-next-lora-megatron-npu.toml
export TASK_QUEUE_ENABLE=2
PARALLEL_ARGS="--tensor_model_parallel_size 2 --pipeline_model_parallel_size 2"

NPROC_PER_NODE=8 ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
megatron sft \
    --model Qwen/Qwen3-Next-80B-A3B-Instruct \
    --tuner_type lora \
    $PARALLEL_ARGS \
    --expert_model_parallel_size 4 \
    --sequence_parallel true \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#1000' \
    --micro_batch_size 1 \
    --global_batch_size 16 \
    --output_dir output/qwen3-next

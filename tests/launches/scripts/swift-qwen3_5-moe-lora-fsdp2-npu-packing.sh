#!/usr/bin/env bash
# Qwen3.5-35B-A3B LoRA with FSDP2 over 8 Ascend NPUs (transformers backend, FLA kernels),
# packed samples.
# Equivalent job file: ../swift-qwen3_5-moe-lora-fsdp2-npu-packing.toml
export TASK_QUEUE_ENABLE=2
export CPU_AFFINITY_CONF=2
export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7

NPROC_PER_NODE=8 \
swift sft \
    --model Qwen/Qwen3.5-35B-A3B \
    --tuner_type lora \
    --fsdp fsdp2 \
    --packing true \
    --attn_impl flash_attention_2 \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#1000' \
    --per_device_train_batch_size 1 \
    --gradient_accumulation_steps 4 \
    --output_dir output/fsdp2

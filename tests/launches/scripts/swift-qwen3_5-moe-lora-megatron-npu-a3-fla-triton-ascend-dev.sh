#!/usr/bin/env bash
# Qwen3.5-35B-A3B LoRA on an A3 node with the FLA kernels through triton-ascend.
# Equivalent job file: ../swift-qwen3_5-moe-lora-megatron-npu-a3-fla-triton-ascend-dev.toml
source ./common/npu-env.sh
export USE_MCORE_GDN=0
export MASTER_PORT=29609

NPROC_PER_NODE=16 \
ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 \
megatron sft \
    --model Qwen/Qwen3.5-35B-A3B \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#500' \
    --tuner_type lora \
    --tensor-model-parallel-size 2 \
    --expert-model-parallel-size 4 \
    --sequence-parallel true \
    --micro_batch_size=1 \
    --global_batch_size=16 \
    --attention_backend=flash \
    --output_dir "output/a3 fla"

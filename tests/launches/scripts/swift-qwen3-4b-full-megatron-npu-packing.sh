#!/usr/bin/env bash
# Full-parameter SFT of Qwen3-4B with packing on four Ascend NPUs.
# Equivalent job file: ../swift-qwen3-4b-full-megatron-npu-packing.toml
export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
export NPROC_PER_NODE=4

for seed in 1; do :; done   # a loop: not interpreted, touches nothing the launch reads

megatron sft \
    --model Qwen/Qwen3-4B \
    --tuner_type full \
    --tensor_model_parallel_size 2 \
    --pipeline_model_parallel_size 2 \
    --sequence_parallel true \
    --packing true \
    --attention_backend flash \
    --dataset 'swift/Chinese-Qwen3-235B-2507-Distill-data-110k-SFT#2000' \
    --micro_batch_size 1 \
    --global_batch_size 16 \
    --max_length 8192 \
    --output_dir output/qwen3-4b-full

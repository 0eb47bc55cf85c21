#!/usr/bin/env bash
# Two launches of one script share an export: the fix changes it once.
export USE_MCORE_GDN=1

for stage in 1; do :; done  # a loop the reader does not interpret, touching nothing

NPROC_PER_NODE=8 megatron sft \
    --model Qwen/Qwen3.5-35B-A3B \
    --tensor_model_parallel_size 2 \
    --expert_model_parallel_size 4 \
    --sequence_parallel true \
    --output_dir output/stage1

NPROC_PER_NODE=8 megatron sft --model Qwen/Qwen3.5-35B-A3B --tensor_model_parallel_size 2 --expert_model_parallel_size 4 --output_dir output/stage2

#!/usr/bin/env bash
# The parallel layout comes from a variable split into words: the fix cannot edit the
# value where it stands, so the flag is given again after it (the last one wins).
export USE_MCORE_GDN=0
PARALLEL="--tensor_model_parallel_size 2 --expert_model_parallel_size 4 --sequence_parallel false"

NPROC_PER_NODE=8 megatron sft \
    --model Qwen/Qwen3.5-35B-A3B \
    --tuner_type lora \
    $PARALLEL \
    --output_dir output/qwen3_5-moe-lora

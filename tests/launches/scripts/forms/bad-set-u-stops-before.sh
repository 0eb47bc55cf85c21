#!/bin/bash
# set -u and an unset variable before the launch: bash stops there, and the launch
# after it never runs.
set -u
mkdir -p "$OUTPUT_DIR"
NPROC_PER_NODE=2 megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2

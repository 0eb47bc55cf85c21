#!/bin/bash
# Arrays built up with += and declare -a; an empty array is no word.
declare -a EXTRA
ARGS=(--model Qwen/Qwen3-8B)
ARGS+=(--tensor_model_parallel_size 2 "--sequence_parallel" true)
NPROC_PER_NODE=2 megatron sft "${ARGS[@]}" "${EXTRA[@]}"

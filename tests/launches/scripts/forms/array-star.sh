#!/bin/bash
# "${a[*]}" joins the elements into one word; unquoted it splits again.
PARALLEL=(--tensor_model_parallel_size 2 --pipeline_model_parallel_size 1)
FLAGS="${PARALLEL[*]}"
NPROC_PER_NODE=2 megatron sft --model Qwen/Qwen3-8B $FLAGS --dataset "${PARALLEL[0]}x"

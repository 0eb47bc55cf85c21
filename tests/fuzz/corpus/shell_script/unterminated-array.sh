#!/bin/bash
ARGS=(--model Qwen/Qwen3-8B
    --tensor_model_parallel_size 2
megatron sft "${ARGS[@]}"

#!/bin/bash
# The launch lives in a function; each call is read with its own arguments.
train() {
    local model=$1
    local tp=$2
    NPROC_PER_NODE=$tp megatron sft \
        --model "$model" \
        --tensor_model_parallel_size "$tp" \
        --dataset 'AI-ModelScope/alpaca-gpt4-data-en#500'
}
train Qwen/Qwen3-8B 2
train Qwen/Qwen3-4B 1

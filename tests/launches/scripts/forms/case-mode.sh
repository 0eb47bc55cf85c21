#!/bin/bash
# The case's subject is known: bash runs the sft arm only.
MODE=sft
case $MODE in
    sft)
        megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2
        ;;
    rlhf)
        megatron rlhf --rlhf_type grpo --model Qwen/Qwen3-8B
        ;;
esac

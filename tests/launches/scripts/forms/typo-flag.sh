#!/bin/bash
# A misspelled flag: ms-swift's parser stops on it.
NPROC_PER_NODE=2 megatron sft \
    --model Qwen/Qwen3-8B \
    --tensor_model_parallel_size 2 \
    --train_iter 100

#!/bin/bash
# Megatron-SWIFT's CLI file under torchrun.
export CUDA_DEVICE_MAX_CONNECTIONS=1
torchrun --nproc_per_node 2 swift/cli/_megatron/sft.py \
    --model Qwen/Qwen3-8B \
    --tensor_model_parallel_size 2 \
    --train_iters 100 \
    --loss_type causal_lm \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#500'

#!/bin/bash
# Valid Megatron-SWIFT flags with no run-configuration key: never a typo.
NPROC_PER_NODE=2 megatron sft \
    --model Qwen/Qwen3-8B \
    --model_name 'Xiao Huang' \
    --loss_type causal_lm \
    --train_iters 100 \
    --tensor_model_parallel_size 2 \
    --recompute_granularity full \
    --recompute_method uniform \
    --recompute_num_layers 1 \
    --no_padding_free

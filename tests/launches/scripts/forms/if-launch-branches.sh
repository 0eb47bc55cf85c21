#!/bin/bash
# A launch in each branch of an if: each is checked, and says which branch it is in.
if [ "${USE_MEGATRON:-1}" = 1 ]; then
    NPROC_PER_NODE=2 megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2
else
    NPROC_PER_NODE=2 swift sft --model Qwen/Qwen3-8B --tuner_type lora
fi

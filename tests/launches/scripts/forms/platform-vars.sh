#!/bin/bash
# A training platform sets WORLD_SIZE, RANK and MASTER_ADDR on each node at run time.
NNODES=$WORLD_SIZE \
NODE_RANK=$RANK \
MASTER_ADDR=$MASTER_ADDR \
NPROC_PER_NODE=8 \
megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 4

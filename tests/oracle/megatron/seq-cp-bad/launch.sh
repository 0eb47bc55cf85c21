#!/usr/bin/env bash
# Oracle case: seq 4098 with cp 2: not a multiple of 2 x cp
export CUDA_DEVICE_MAX_CONNECTIONS=1
torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py \
    --tensor-model-parallel-size 2 \
    --pipeline-model-parallel-size 2 \
    --num-layers 8 \
    --hidden-size 1024 \
    --num-attention-heads 16 \
    --seq-length 4098 \
    --max-position-embeddings 8192 \
    --micro-batch-size 1 \
    --global-batch-size 16 \
    --bf16 \
    --mock-data \
    --train-iters 10 \
    --lr 1e-4 \
    --context-parallel-size 2

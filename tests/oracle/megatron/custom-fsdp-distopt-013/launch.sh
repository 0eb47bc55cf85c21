#!/usr/bin/env bash
# Oracle case: --use-custom-fsdp with the distributed optimizer on core_v0.13.1
torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py \
    --tensor-model-parallel-size 2 \
    --pipeline-model-parallel-size 2 \
    --num-layers 8 \
    --hidden-size 1024 \
    --num-attention-heads 16 \
    --seq-length 4096 \
    --max-position-embeddings 4096 \
    --micro-batch-size 1 \
    --global-batch-size 16 \
    --bf16 \
    --mock-data \
    --train-iters 10 \
    --lr 1e-4 \
    --use-custom-fsdp --use-distributed-optimizer

#!/usr/bin/env bash
# Oracle case: middle stages of 3 layers with 2 virtual stages on core_v0.15.3
export CUDA_DEVICE_MAX_CONNECTIONS=1
torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py \
    --hidden-size 1024 --num-attention-heads 16 --seq-length 4096 --max-position-embeddings 4096 \
    --micro-batch-size 1 --global-batch-size 16 --bf16 --mock-data --train-iters 10 --lr 1e-4 \
    --pipeline-model-parallel-size 4 --num-virtual-stages-per-pipeline-rank 2 --num-layers 10 --decoder-first-pipeline-num-layers 2 --decoder-last-pipeline-num-layers 2

#!/usr/bin/env bash
# Oracle case: EP all-to-all overlap with one MTP layer at pp 2 with 2 virtual stages on core_v0.16.0
export CUDA_DEVICE_MAX_CONNECTIONS=1
torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py \
    --hidden-size 1024 --num-attention-heads 16 --seq-length 4096 --max-position-embeddings 4096 \
    --micro-batch-size 1 --global-batch-size 16 --bf16 --mock-data --train-iters 10 --lr 1e-4 \
    --num-layers 8 --pipeline-model-parallel-size 2 --num-virtual-stages-per-pipeline-rank 2 --num-experts 4 --expert-model-parallel-size 2 --moe-token-dispatcher-type alltoall --overlap-moe-expert-parallel-comm --position-embedding-type rope --no-rope-fusion --mtp-num-layers 1

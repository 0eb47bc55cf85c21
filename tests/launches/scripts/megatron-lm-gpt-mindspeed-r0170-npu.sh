#!/usr/bin/env bash
# GPT pre-training with Megatron-LM core_r0.17 and MindSpeed on 8 Ascend NPUs, started by
# torchrun; mock data.
# Equivalent job file: ../megatron-lm-gpt-mindspeed-r0170-npu.toml
export CUDA_DEVICE_MAX_CONNECTIONS=1

GPUS_PER_NODE=8
NNODES=1
NODE_RANK=0
MASTER_ADDR=localhost
MASTER_PORT=6000

DISTRIBUTED_ARGS="--nproc_per_node $GPUS_PER_NODE --nnodes $NNODES --node_rank $NODE_RANK --master_addr $MASTER_ADDR --master_port $MASTER_PORT"

torchrun $DISTRIBUTED_ARGS pretrain_gpt.py \
    --tensor-model-parallel-size 2 \
    --pipeline-model-parallel-size 2 \
    --context-parallel-size 1 \
    --expert-model-parallel-size 1 \
    --num-layers 8 \
    --hidden-size 4096 \
    --num-attention-heads 64 \
    --seq-length 4096 \
    --max-position-embeddings 4096 \
    --micro-batch-size 1 \
    --global-batch-size 16 \
    --mock-data \
    --bf16 \
    --use-flash-attn \
    --train-iters 20

#!/bin/bash
# Megatron-LM's pretrain_gpt.py under the DeepSpeed launcher.
deepspeed --num_nodes 1 --num_gpus 8 pretrain_gpt.py \
    --tensor-model-parallel-size 2 \
    --pipeline-model-parallel-size 2 \
    --num-layers 24 --hidden-size 2048 --num-attention-heads 16 \
    --ffn-hidden-size 5504 \
    --seq-length 4096 --max-position-embeddings 4096 \
    --micro-batch-size 1 --global-batch-size 64 \
    --lr 1e-4 --train-iters 1000 --bf16

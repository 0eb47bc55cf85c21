#!/bin/bash
torchrun --nproc_per_node 8 pretrain_gpt.py \
    --tensor-model-parallel-size 2 \
    --num-layers 32 --hidden-size 4096 --num-attention-heads 32 \
    --ffn-hidden-size 11008 \
    --use-distributed-optimizer \
    --tensor-model-paralel-size 2

#!/bin/bash
# An elastic launch: 1 to 4 nodes join at rendezvous, so the node count (and the world
# size) is not known from the script.
torchrun --nnodes 1:4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint head:29500 \
    pretrain_gpt.py --tensor-model-parallel-size 2 --num-attention-heads 32

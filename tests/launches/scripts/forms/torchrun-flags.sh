#!/bin/bash
# torchrun's own flags before the script: --numa-binding (a value) and
# --virtual-local-rank (a switch) are torch 2.11's; --max-restart is a typo of
# --max-restarts.
torchrun --nnodes 1 --nproc-per-node 8 --numa-binding node --virtual-local-rank --max-restart 3 \
    train.py --lr 1e-5

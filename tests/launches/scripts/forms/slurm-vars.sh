#!/bin/bash
#SBATCH --nodes=2
# Slurm sets the node count and rank.
torchrun --nnodes $SLURM_NNODES --node_rank $SLURM_NODEID --nproc_per_node 8 \
    --master_addr "$MASTER_ADDR" --master_port 29500 \
    pretrain_gpt.py --tensor-model-parallel-size 8 --num-layers 32

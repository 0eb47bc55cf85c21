#!/bin/bash
# Megatron-LM pretraining through torchrun, with argument strings split by the shell.
GPUS_PER_NODE=8
NNODES=${NNODES:-1}
NODE_RANK=0
MASTER_ADDR=localhost
MASTER_PORT=6000
DISTRIBUTED_ARGS="--nproc_per_node $GPUS_PER_NODE --nnodes $NNODES --node_rank $NODE_RANK --master_addr $MASTER_ADDR --master_port $MASTER_PORT"
GPT_ARGS="
    --num-layers 24
    --hidden-size 1024
    --num-attention-heads 16
    --seq-length 1024
"
export CUDA_DEVICE_MAX_CONNECTIONS=1
torchrun $DISTRIBUTED_ARGS pretrain_gpt.py \
    $GPT_ARGS \
    --data-path "$HOME/data/my-gpt2_text_document" \
    --vocab-file ~/data/gpt2-vocab.json \
    --bf16

#!/bin/bash
# Megatron-LM's examples gather flags in bash arrays.
GPUS_PER_NODE=8
NUM_NODES=1
DISTRIBUTED_ARGS=(
    --nproc_per_node $GPUS_PER_NODE
    --nnodes $NUM_NODES
    --master_addr localhost
    --master_port 6000
)
GPT_MODEL_ARGS=(
    --num-layers 32
    --hidden-size 4096
    --ffn-hidden-size 11008   # the MLP's width
    --num-attention-heads 32
    --seq-length 4096
)
TRAINING_ARGS=(
    --micro-batch-size 1
    --global-batch-size 256
    --train-iters 500000
    --lr 6.0e-5
    --bf16
)
MODEL_PARALLEL_ARGS=(
	--tensor-model-parallel-size 4
	--pipeline-model-parallel-size 2
)
MODEL_PARALLEL_ARGS+=(--sequence-parallel)
echo "flags: ${#TRAINING_ARGS[@]}"
torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \
    "${GPT_MODEL_ARGS[@]}" \
    "${TRAINING_ARGS[@]}" \
    "${MODEL_PARALLEL_ARGS[@]}"

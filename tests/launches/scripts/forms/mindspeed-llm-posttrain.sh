#!/bin/bash
# MindSpeed-LLM's fine-tuning entry: posttrain_gpt.py with --stage sft.
DISTRIBUTED_ARGS="--nproc_per_node 8 --nnodes 1 --node_rank 0 --master_addr localhost --master_port 6000"
torchrun $DISTRIBUTED_ARGS posttrain_gpt.py \
    --stage sft \
    --use-mcore-models \
    --tensor-model-parallel-size 1 \
    --pipeline-model-parallel-size 2 \
    --num-layers 28 --hidden-size 3584 --num-attention-heads 28 \
    --finetune \
    --is-instruction-dataset \
    --micro-batch-size 1 --global-batch-size 32 \
    --train-iters 100 --bf16

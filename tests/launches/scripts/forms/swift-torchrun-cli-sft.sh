#!/bin/bash
# torchrun running ms-swift's CLI file directly, as `swift sft` would with NPROC_PER_NODE.
torchrun --nproc_per_node 4 --nnodes 1 /opt/conda/lib/python3.10/site-packages/swift/cli/sft.py \
    --model Qwen/Qwen3-8B \
    --tuner_type full \
    --deepspeed zero2 \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#500' \
    --num_train_epochs 1

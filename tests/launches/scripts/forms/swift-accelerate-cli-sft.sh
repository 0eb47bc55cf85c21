#!/bin/bash
# ms-swift's FSDP2 examples: accelerate runs swift/cli/sft.py from the repository root.
ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
accelerate launch --config_file "./examples/ascend/train/qwen3_5/fsdp2.json" \
    swift/cli/sft.py \
    --model Qwen/Qwen3.5-4B \
    --tuner_type lora \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#1000' \
    --per_device_train_batch_size 1 \
    --learning_rate 1e-4 \
    --attn_impl flash_attn \
    --output_dir output

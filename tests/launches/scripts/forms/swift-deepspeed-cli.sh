#!/bin/bash
# The DeepSpeed launcher running ms-swift's CLI file.
deepspeed --num_gpus 4 --master_port 29501 swift/cli/sft.py \
    --model Qwen/Qwen3-4B \
    --tuner_type full \
    --deepspeed zero3 \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#500'

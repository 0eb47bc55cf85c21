#!/bin/bash
# One process: python -m swift.cli.sft, as ms-swift's FAQ says `swift sft` is.
CUDA_VISIBLE_DEVICES=0 python -m swift.cli.sft \
    --model Qwen/Qwen3-0.6B \
    --tuner_type lora \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#200'

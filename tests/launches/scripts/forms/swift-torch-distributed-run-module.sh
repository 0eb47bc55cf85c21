#!/bin/bash
# python -m torch.distributed.run with the module form of ms-swift's CLI.
python3 -m torch.distributed.run --nproc_per_node=2 -m swift.cli.rlhf \
    --rlhf_type dpo \
    --model Qwen/Qwen3-4B \
    --tuner_type lora \
    --dataset hjh0119/shareAI-Llama3-DPO-zh-en-emoji

#!/bin/bash
# Megatron-SWIFT LoRA SFT on one Ascend node, in the style of the published examples.
set -e
export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7
export HCCL_CONNECT_TIMEOUT=1800 PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
MODEL=Qwen/Qwen3-8B   # kept local: expanded below, not exported
OUT=output/${MODEL#*/}-lora   # pattern removal: not interpreted
NPROC_PER_NODE=8 \
CUDA_DEVICE_MAX_CONNECTIONS=1 \
megatron sft \
    --model $MODEL \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-zh#500' \
              'AI-ModelScope/alpaca-gpt4-data-en#500' \
              swift/self-cognition#500 \
    --train_type lora \
    --lora_rank 8 --lora_alpha=32 \
    --target_modules all-linear \
    --tensor_model_parallel_size 2 \
    --sequence_parallel true \
    --micro_batch_size 1 \
    --global_batch_size 16 \
    --packing true \
    --recompute_granularity full \
    --recompute_method uniform \
    --recompute_num_layers 1 \
    --max_length 8192 \
    --lr 1e-4 \
    --save "$OUT" \
    --no_save_optim true

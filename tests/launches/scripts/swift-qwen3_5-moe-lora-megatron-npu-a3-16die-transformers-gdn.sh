#!/usr/bin/env bash
# Qwen3.5-35B-A3B LoRA on one Atlas A3 node (16 dies), expert parallel over all of them.
# Equivalent job file: ../swift-qwen3_5-moe-lora-megatron-npu-a3-16die-transformers-gdn.toml
export HCCL_OP_BASE_FFTS_MODE_ENABLE=TRUE MULTI_STREAM_MEMORY_REUSE=1
export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
export TASK_QUEUE_ENABLE=2
export USE_MCORE_GDN=0

DEVICES=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
ASCEND_RT_VISIBLE_DEVICES=$DEVICES NPROC_PER_NODE=16 megatron sft \
  --model Qwen/Qwen3.5-35B-A3B \
  --dataset 'AI-ModelScope/alpaca-gpt4-data-en#1000' \
  --tuner_type lora \
  --tensor_model_parallel_size 1 \
  --expert_model_parallel_size 16 \
  --sequence_parallel true \
  --micro_batch_size 1 \
  --global_batch_size 16 \
  --attention_backend flash \
  --output_dir output/a3-16die  # checkpoints go here

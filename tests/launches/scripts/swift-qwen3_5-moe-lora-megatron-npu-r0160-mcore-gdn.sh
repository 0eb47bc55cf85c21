#!/bin/bash
# The same LoRA SFT on Megatron-LM v0.16 + MindSpeed core_r0.16.0, where the Megatron
# Gated DeltaNet is usable: USE_MCORE_GDN is left unset.
# Equivalent job file: ../swift-qwen3_5-moe-lora-megatron-npu-r0160-mcore-gdn.toml
set -euo pipefail

export HCCL_OP_BASE_FFTS_MODE_ENABLE=TRUE
export MULTI_STREAM_MEMORY_REUSE=1
export PYTORCH_NPU_ALLOC_CONF="expandable_segments:True"
export TASK_QUEUE_ENABLE=2
# an older recipe set this; the mcore implementation works on this stack
unset USE_MCORE_GDN

TP=2
EP=${EP:-4}
export NPROC_PER_NODE=8
export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7

megatron sft \
    --model Qwen/Qwen3.5-35B-A3B \
    --dataset "AI-ModelScope/alpaca-gpt4-data-zh#1000" \
    --tuner_type lora \
    --tensor_model_parallel_size $TP \
    --expert_model_parallel_size ${EP} \
    --sequence_parallel true \
    --micro_batch_size 1 \
    --global_batch_size 8 \
    --attention_backend flash \
    --save_steps 500 \
    --output_dir output/r0160

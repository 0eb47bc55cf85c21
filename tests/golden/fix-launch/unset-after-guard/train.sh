#!/usr/bin/env bash
# Megatron-SWIFT LoRA SFT of Qwen3.5-35B-A3B on Megatron-LM v0.15.3 + MindSpeed
# core_r0.15.3, where SWIFT_USE_MCORE_GDN=1 must go. The launch is guarded by a `cd`
# on the line before it (`&&` at the end of a line continues the list on the next):
# the `unset` the fix needs goes before the guard, never between it and the launch.
set -e
export SWIFT_USE_MCORE_GDN=1
MODEL=Qwen/Qwen3.5-35B-A3B
cd /tmp &&
    NPROC_PER_NODE=8 ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 megatron sft \
        --model "$MODEL" --tuner_type lora \
        --tensor_model_parallel_size 2 --sequence_parallel true \
        --expert_model_parallel_size 4 --moe_grouped_gemm true

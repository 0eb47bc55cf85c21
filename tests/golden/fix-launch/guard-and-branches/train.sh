#!/usr/bin/env bash
# Qwen3.5-35B-A3B on Megatron-LM v0.15.3 + MindSpeed core_r0.15.3 needs USE_MCORE_GDN=0.
# The launch is guarded by a `cd` on the line before it, and chosen by an if: the fix
# must apply on every path and never between the guard and the command it guards.
MODEL=Qwen/Qwen3.5-35B-A3B
if [ -n "${LORA:-}" ]; then
    cd /tmp &&
        NPROC_PER_NODE=8 ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 megatron sft \
            --model "$MODEL" --tuner_type lora \
            --tensor_model_parallel_size 2 --sequence_parallel true \
            --expert_model_parallel_size 4
else
    NPROC_PER_NODE=8 ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 megatron sft \
        --model "$MODEL" --tuner_type full \
        --tensor_model_parallel_size 2 --sequence_parallel true \
        --expert_model_parallel_size 4
fi

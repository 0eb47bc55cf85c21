#!/bin/bash
# vime's GRPO scripts: flags in arrays, submitted to Ray.
MODEL_ARGS=(
   --num-layers 36
   --hidden-size 2560
   --num-attention-heads 32
)
PERF_ARGS=(
   --tensor-model-parallel-size 2
   --sequence-parallel
   --pipeline-model-parallel-size 1
   --context-parallel-size 1
)
ROLLOUT_ARGS=(
   --rollout-batch-size 32
   --n-samples-per-prompt 8
)
ray job submit --address="http://127.0.0.1:8265" \
   --runtime-env-json='{"env_vars": {"PYTHONPATH": "/root/Megatron-LM/"}}' \
   -- python3 train.py \
   --actor-num-nodes 1 \
   --actor-num-gpus-per-node 8 \
   --colocate \
   "${MODEL_ARGS[@]}" \
   "${PERF_ARGS[@]}" \
   "${ROLLOUT_ARGS[@]}"

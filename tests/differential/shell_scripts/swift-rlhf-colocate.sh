#!/usr/bin/env bash
# GRPO with colocated vLLM rollout; values from variables with defaults.
export NPROC_PER_NODE=${NPROC_PER_NODE:-8}
export MAX_PIXELS=1003520
: ${SLEEP_LEVEL:=1}
LR=${LR-1e-6}
TAG="grpo-$SLEEP_LEVEL"
swift rlhf \
    --rlhf_type grpo \
    --model Qwen/Qwen3-4B \
    --use_vllm true \
    --vllm_mode colocate \
    --vllm_gpu_memory_utilization 0.5 \
    --sleep_level $SLEEP_LEVEL \
    --offload_model true --offload_optimizer true \
    --learning_rate $LR \
    --reward_funcs accuracy format \
    --num_generations 8 \
    --run_name "$TAG" \
    --system 'You are a helpful assistant.' \
    --log_completions true 2>&1 | tee train.log

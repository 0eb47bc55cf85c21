#!/usr/bin/env bash
# GRPO of Qwen3.5-35B-A3B with LoRA on 8 Ascend NPUs, vLLM-Ascend colocated with training,
# the rollout engine put to sleep (level 2) between generations.
# Equivalent job file: ../swift-qwen3_5-moe-lora-grpo-megatron-npu-sleep2.toml
export VLLM_ASCEND_ENABLE_NZ=0
export USE_MCORE_GDN=1
# export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True   (left off for colocate)

ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
NPROC_PER_NODE=8 \
megatron rlhf \
    --rlhf_type grpo \
    --model Qwen/Qwen3.5-35B-A3B \
    --tuner_type lora \
    --context_parallel_size 1 \
    --tensor_model_parallel_size 2 \
    --expert_model_parallel_size 4 \
    --pipeline_model_parallel_size 2 \
    --sequence_parallel true \
    --dataset AI-MO/NuminaMath-TIR#800 \
    --reward_funcs accuracy \
    --num_generations 8 \
    --use_vllm true \
    --vllm_mode colocate \
    --vllm_tensor_parallel_size 4 \
    --vllm_gpu_memory_utilization 0.5 \
    --sleep_level 2 \
    --offload_model true \
    --offload_optimizer true \
    --padding_free true \
    --attention_backend flash \
    --finetune \
    --no_save_optim \
    --micro_batch_size 1 \
    --global_batch_size 16

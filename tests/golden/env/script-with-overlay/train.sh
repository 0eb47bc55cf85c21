#!/usr/bin/env bash
# Megatron-SWIFT LoRA SFT of Qwen3.5-35B-A3B on one node of 8 Ascend A2 NPUs,
# Megatron-LM v0.15.3 + MindSpeed core_r0.15.3: the Gated DeltaNet layers must use the
# transformers implementation there, hence USE_MCORE_GDN=0.
# USE_MCORE_GDN is not set: env writes it from the fix.

# stability and memory settings for Ascend
export HCCL_OP_BASE_FFTS_MODE_ENABLE=TRUE
export MULTI_STREAM_MEMORY_REUSE=1
export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
export TASK_QUEUE_ENABLE=2

MODEL=Qwen/Qwen3.5-35B-A3B

NPROC_PER_NODE=8 \
ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
megatron sft \
    --model "$MODEL" \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#2000' \
              'swift/self-cognition#300' \
    --tuner_type lora \
    --lora_rank 16 \
    --lora_alpha 32 \
    --target_modules all-linear \
    --tensor_model_parallel_size 2 \
    --expert_model_parallel_size 4 \
    --moe_grouped_gemm true \
    --recompute_granularity full \
    --recompute_method uniform \
    --recompute_num_layers 1 \
    --micro_batch_size 1 \
    --global_batch_size 16 \
    --lr 1e-4 \
    --max_length 1024 \
    --attention_backend flash \
    --output_dir output/qwen3_5-moe-lora --sequence_parallel true

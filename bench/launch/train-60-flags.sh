#!/usr/bin/env bash
# A 60-flag Megatron-SWIFT launch for bench/run.sh: `check` of this script is timed
# beside `check` of the job file `preflight import` writes from it, in the same run.
export HCCL_OP_BASE_FFTS_MODE_ENABLE=TRUE
export MULTI_STREAM_MEMORY_REUSE=1
export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
export TASK_QUEUE_ENABLE=2
export USE_MCORE_GDN=0
MODEL=${MODEL:-Qwen/Qwen3.5-35B-A3B}

NPROC_PER_NODE=8 \
ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
megatron sft \
    --model "$MODEL" \
    --save_safetensors true \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-zh#500' 'AI-ModelScope/alpaca-gpt4-data-en#500' 'swift/self-cognition#500' \
    --split_dataset_ratio 0.01 \
    --tuner_type lora \
    --lora_rank 8 \
    --lora_alpha 32 \
    --lora_dropout 0.05 \
    --target_modules all-linear \
    --tensor_model_parallel_size 2 \
    --pipeline_model_parallel_size 1 \
    --context_parallel_size 1 \
    --expert_model_parallel_size 4 \
    --expert_tensor_parallel_size 1 \
    --sequence_parallel true \
    --moe_permute_fusion true \
    --moe_grouped_gemm true \
    --moe_shared_expert_overlap true \
    --moe_aux_loss_coeff 1e-6 \
    --moe_expert_capacity_factor 2 \
    --recompute_granularity full \
    --recompute_method uniform \
    --recompute_num_layers 1 \
    --micro_batch_size 1 \
    --global_batch_size 16 \
    --finetune true \
    --cross_entropy_loss_fusion true \
    --gradient_accumulation_fusion false \
    --masked_softmax_fusion false \
    --lr 1e-4 \
    --lr_warmup_fraction 0.05 \
    --min_lr 1e-5 \
    --lr_decay_style cosine \
    --weight_decay 0.1 \
    --clip_grad 1.0 \
    --adam_beta1 0.9 \
    --adam_beta2 0.95 \
    --num_train_epochs 2 \
    --output_dir output/bench \
    --save_steps 200 \
    --eval_steps 200 \
    --logging_steps 5 \
    --max_length 4096 \
    --truncation_strategy delete \
    --system 'You are a helpful assistant.' \
    --dataloader_num_workers 4 \
    --dataset_num_proc 4 \
    --no_save_optim true \
    --no_save_rng true \
    --attention_backend flash \
    --padding_free true \
    --packing false \
    --bf16 true \
    --seed 42 \
    --use_flash_attn true \
    --report_to tensorboard \
    --model_author swift \
    --model_name swift-robot \
    --streaming false \
    --load_from_cache_file true \
    --torch_dtype bfloat16

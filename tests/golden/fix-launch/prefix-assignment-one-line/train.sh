#!/usr/bin/env bash
# GRPO on two NPUs, vLLM colocated, torch_memory_saver pausing the trainer.
TMS_INIT_ENABLE=1 PYTORCH_NPU_ALLOC_CONF=expandable_segments:True NPROC_PER_NODE=2 megatron rlhf --rlhf_type grpo --model Qwen/Qwen3.5-4B --use_vllm true --vllm_mode colocate --micro_batch_size 2  # one line on purpose

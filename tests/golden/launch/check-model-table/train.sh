#!/bin/bash
# Qwen3-8B is in no cache here (both caches point nowhere): its heads come from the
# model-catalog pack, and TP 3 does not divide its 32 attention heads.
export HF_HUB_CACHE=/nonexistent/hf MODELSCOPE_CACHE=/nonexistent/ms
export NPROC_PER_NODE=6
megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 3 --tuner_type lora

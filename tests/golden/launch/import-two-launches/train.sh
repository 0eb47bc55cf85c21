#!/bin/bash
NPROC_PER_NODE=8 megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2
NPROC_PER_NODE=8 megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 4

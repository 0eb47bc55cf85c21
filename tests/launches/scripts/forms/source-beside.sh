#!/bin/bash
# The sourced file lies beside the script (it is meant to be run from its own folder).
source common/npu-env.sh
NPROC_PER_NODE=4 megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2

#!/bin/bash
# A launch found by the walk.
export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3
megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2 --sequence_parallel true

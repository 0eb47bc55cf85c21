#!/bin/bash
# The device variables differ by branch; the launch after the if sees either.
if [ -d /usr/local/Ascend ]; then
    export ASCEND_RT_VISIBLE_DEVICES=0,1
    DEVICES=2
else
    export CUDA_VISIBLE_DEVICES=0,1
    DEVICES=2
fi
NPROC_PER_NODE=$DEVICES megatron sft \
    --model Qwen/Qwen3-8B \
    --tensor_model_parallel_size 2

#!/bin/bash
export A=1
megatron sft --model "Qwen/Qwen3-8B \
    --tensor_model_parallel_size 2

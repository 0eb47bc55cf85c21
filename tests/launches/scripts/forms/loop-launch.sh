#!/bin/bash
# A sweep: the launch in the loop is read with the loop's variable unknown.
for TP in 1 2 4; do
    megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size $TP
done

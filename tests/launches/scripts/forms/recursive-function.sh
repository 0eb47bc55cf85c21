#!/bin/bash
# A function that calls itself: read a bounded number of calls deep, never a hang.
again() {
    again "$@"
    megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2
}
again x

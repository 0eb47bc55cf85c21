#!/bin/bash
megatron sft --model Qwen/Qwen3.5-4B --tensor_model_parallel_size 1 --context_parallel_size 1

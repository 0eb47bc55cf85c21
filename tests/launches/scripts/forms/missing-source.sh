#!/bin/bash
# The sourced file is not here: what it sets is unknown, not unset.
TP=1
source ./cluster-env.sh
megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size $TP

#!/bin/bash
# set -euo pipefail and an unset variable in the launch's own words: bash stops while
# expanding them, so the launch never runs.
set -euo pipefail
MODEL=${MODEL:-Qwen/Qwen3-8B}
NPROC_PER_NODE=2 megatron sft --model "$MODEL" --tensor_model_parallel_size 2
NPROC_PER_NODE=2 megatron sft --model "$MODEL" --dataset "$DATA_PATH"

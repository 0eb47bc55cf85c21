#!/bin/bash
# set -u with a variable the script never sets in the launch's own words: bash stops
# with "DATA_PATH: unbound variable" while expanding them, so the launch never runs.
set -euo pipefail
MODEL=${MODEL:-Qwen/Qwen3-8B}
NPROC_PER_NODE=2 megatron sft --model "$MODEL" --tensor_model_parallel_size 2 \
    --dataset "$DATA_PATH"

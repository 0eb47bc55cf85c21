#!/bin/bash
set -euo pipefail
MODEL=${MODEL:-Qwen/Qwen3-8B}
NPROC_PER_NODE=2 megatron sft --model "$MODEL" --tensor_model_parallel_size 2

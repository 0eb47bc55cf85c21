#!/bin/bash
# SFT of Qwen3.5-27B on the site's image (ci/site.toml, named by .preflight.toml).
NPROC_PER_NODE=8 megatron sft --model Qwen/Qwen3.5-27B --tensor_model_parallel_size 2 --context_parallel_size 1

#!/bin/bash
# A model in no cache and not in the model table: its shape stays unknown, and the
# rules over it are undetermined, not passed.
export HF_HUB_CACHE=/nonexistent/hf MODELSCOPE_CACHE=/nonexistent/ms
export NPROC_PER_NODE=6
megatron sft --model Example/Unknown-7B --tensor_model_parallel_size 3 --tuner_type lora

#!/bin/bash
# The case's subject is the script's argument: each arm's launch is read.
case "$1" in
    dpo) megatron rlhf --rlhf_type dpo --model Qwen/Qwen3-8B ;;
    *) megatron sft --model Qwen/Qwen3-8B --padding_free true ;;
esac

#!/bin/bash
source ./b.sh
megatron sft --model Qwen/Qwen3-8B

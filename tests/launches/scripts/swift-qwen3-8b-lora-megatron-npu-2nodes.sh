#!/usr/bin/env bash
# Qwen3-8B LoRA over two Ascend nodes; this is the script of node 0 (node 1 sets NODE_RANK=1).
# Equivalent job file: ../swift-qwen3-8b-lora-megatron-npu-2nodes.toml
export HCCL_SOCKET_IFNAME=xxx   # the interface of the cluster network on your nodes

NNODES=2 \
NODE_RANK=${NODE_RANK:-0} \
MASTER_ADDR=127.0.0.1 \
MASTER_PORT=29500 \
NPROC_PER_NODE=8 \
ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 \
megatron sft \
    --model Qwen/Qwen3-8B \
    --tuner_type lora \
    --tensor_model_parallel_size 2 \
    --pipeline_model_parallel_size 1 \
    --context_parallel_size 1 \
    --sequence_parallel true \
    --dataset 'AI-ModelScope/alpaca-gpt4-data-en#4000' \
    --micro_batch_size 2 \
    --global_batch_size 32 \
    --output_dir output/qwen3-8b-2nodes

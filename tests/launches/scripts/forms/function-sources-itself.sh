#!/bin/bash
# A function that sources the script it is in: a source cycle, reported with its line.
load() {
    source ./function-sources-itself.sh
}
load
megatron sft --model Qwen/Qwen3-8B

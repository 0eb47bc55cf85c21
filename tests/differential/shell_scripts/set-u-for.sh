#!/bin/bash
# set -u in a for loop's words: they are expanded once before the loop, so an unset
# variable there stops the script before its body runs. (One word: the reader reads a
# body once, bash once per word.)
set -u
NODES="a"
for n in $NODES; do
  megatron sft --model "node-$n"
done
for n in $UNSET_LIST; do
  megatron sft --model never-runs
done
megatron sft --model never-runs-either

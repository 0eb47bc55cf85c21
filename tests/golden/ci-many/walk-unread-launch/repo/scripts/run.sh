#!/bin/bash
# Launches the reader cannot read: a launcher named by a command substitution, and a
# torchrun inside an arithmetic for loop, which the reader does not run.
PY=$(command -v python3)
$PY -m torch.distributed.run --nproc_per_node 8 pretrain_gpt.py --tensor-model-parallel-size 2
for ((i = 0; i < 2; i++)); do
  torchrun --nproc_per_node 8 pretrain_gpt.py --seed "$i"
done

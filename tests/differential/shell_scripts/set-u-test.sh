#!/bin/bash
# set -u in [[ … ]]: its words are expanded as a command's, so an unset variable in
# them stops the script too, while a default does not.
set -u
X=1
if [[ -n $X && $X == 1 ]]; then
  megatron sft --model "in-the-branch-$X"
fi
[[ -z ${MAYBE:-} ]] && megatron sft --model after-a-test
[[ -n $NOT_SET ]]
megatron sft --model never-runs

#!/bin/bash
# set -e: a command that fails in a condition, before && or ||, or negated does not
# stop the script, nor does one in a function called there; `false` on its own does.
set -e
false || true
if false; then :; fi
while false; do :; done
! false
false && true
check() { false; echo "ignored in a condition"; }
check || true
megatron sft --model before-the-failure
set +e
false
set -o errexit
train() {
  megatron sft --model in-the-function
  false
  megatron sft --model after-false-in-the-function
}
train
megatron sft --model never-runs

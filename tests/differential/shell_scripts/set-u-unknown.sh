#!/bin/bash
# Whether set -u is on after branches that differ is not known: an unset variable is
# then unknown (it may stop the script, or expand to nothing), never empty.
if [ -n "${STRICT:-}" ]; then
  set -u
fi
megatron sft --model Qwen/Qwen3-8B --output "${OUT:-/tmp/out}" --tag "x$TAG"

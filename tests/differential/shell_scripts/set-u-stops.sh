#!/bin/bash
# set -u: set variables read as usual, and so do the defaults and alternatives of
# unset ones, "$@" with no arguments and an empty array; the first plain expansion of
# an unset variable stops the script, so the launch after it never runs. A subshell
# or a pipeline that meets one stops only itself.
set -u
MODEL=Qwen/Qwen3-8B
ARGS=()
declare -a MORE
megatron sft --model "$MODEL" --lr "${LR:-1e-5}" ${EXTRA:+--extra "$EXTRA"} "$@" "${ARGS[@]}" "${MORE[@]}"
( echo "$NOT_IN_THE_SUBSHELL" )
echo "${NOT_IN_THE_PIPELINE}" | cat
set +u
megatron sft --model "$MODEL" --empty "$OFF_AGAIN"
set -o nounset
echo "saving to $OUTPUT_DIR"
megatron sft --model never-runs

#!/bin/bash
# Indexed arrays, functions called with arguments and locals, a case whose subject is
# known, an if whose arms agree: every launch here runs exactly once under bash.
ARGS=(--model "Qwen/Qwen3 8B" --tp 2)
ARGS+=(--after "$HOME")
declare -a EMPTY
swift sft "${ARGS[@]}" "${EMPTY[@]}" --count ${#ARGS[@]} --first ${ARGS[0]} --third "${ARGS[2]}"
JOINED="${ARGS[*]}"
swift sft --joined "$JOINED" ${ARGS[*]}
launch() {
    local tp=$1
    shift
    swift sft --tp "$tp" "$@"
}
launch 4 --rest "a b" c
swift sft --tp-after "${tp:-unset}"
MODE=rlhf
case $MODE in
    sft) swift sft --wrong-arm ;;
    rl*) swift rlhf --right-arm ;;
esac
if [ -n "$HOME" ]; then SAME=yes; else SAME=yes; fi
swift sft --same "$SAME"

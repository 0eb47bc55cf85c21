#!/bin/bash
# Parameter expansions, splitting, IFS, tilde and "$@".
EMPTY=
swift sft ${UNSET-unset_default} ${EMPTY-not_used} ${EMPTY:-empty_default} ${CALLER_SET:+alt} \
  ${#CALLER_SET} ${UNSET_TOO:=assigned} $UNSET_TOO "${EMPTY_FROM_CALLER:-from ${CALLER_SET}}" \
  ${Q:-"a b"} ${Q:-a b} "$@" x"$@"y ~ ~/x "~/y" $HOME
LIST=a,b,,c
OLD_IFS=$IFS
IFS=,
swift sft $LIST "$LIST"
IFS=$OLD_IFS
unset IFS
V="  lead  trail  "
swift sft $V
set -- one "two words"
swift sft "$@" $@ "$*" $# $1 "$2"
shift
swift sft "$@"
NPROC=${NPROC:-8}
export MASTER_PORT=${MASTER_PORT:-29500} CALLER_SET=${CALLER_SET}+
GROW+=a; GROW+=b
swift sft --self-default $NPROC --grow $GROW

#!/bin/bash
# Corner cases of assignments, quoting and redirection.
A=1 B=$A
export A B
C=x; C+=y; C+=$'\x7a'
declare -x D=declared
readonly R=readonly_value
typeset T=typeset_local
export -n B
CALLER_SET="changed without export"
unset EMPTY_FROM_CALLER
export N="${MISSING:-"nested quotes"}" S="${MISSING:-'single'}" M="${MISSING:-$A$C}"
swift sft --c $C --r $R --t $T;swift sft --no-space
A=2 swift sft --prefix-wins-over-export
time swift sft --timed
! swift sft --negated
swift	sft	--tabs	1 # comment after tabs
swift sft --redirected >/dev/null 2>&1
swift sft --append >>/dev/null
swift sft --both &>/dev/null
swift sft --stdin </dev/null
swift sft --eq=a=b --quoted-eq="x y" --colon a:b --brace '{a,b}' --dollar-end $ --lonely-bracket [
P="keep  inner   spaces"
swift sft "$P" --single-in-double "it's" --dq-in-sq 'say "hi"' --backslash 'a\b' "c\d" e\\f
cd sub; source ./lib-in-sub.sh
cd ..
swift sft --from-subdir
exec swift sft --exec-last
swift sft --never

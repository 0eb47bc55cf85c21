#!/bin/bash
# Lists, pipelines, subshells, groups, background jobs, set -a.
set -e
set -x
X=1
true && swift sft --after-and $X
false || swift sft --after-or
swift sft --piped | cat
(export SUB=1; X=2; swift sft --in-subshell $X)
{ Y=3; swift sft --in-group $Y; }
swift sft --after $X $Y ${SUB:-none}
swift sft --background &
wait
set -a
AUTO=exported
set +a
LOCAL=local
swift sft --allexport
set +x
exit 0
swift sft --never-runs

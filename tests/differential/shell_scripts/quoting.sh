#!/bin/bash
# Quotes, escapes, continuations, comments and empty words.
A='single $NOT "expanded"'
B="double \"q\" \\ \$X ${CALLER_SET} and $A"
C=data#1000 # a comment after a word; the # inside stays
D=$'tab\there\nnewline \x41\101'
swift sft --a "$A" --b "$B" --c $C --d "$D" \
  --e a\ b\ c --f '' --g "" --h "multi
line" --i it\'s --j "x"'y'z
E= swift sft --empty-prefix "$E"
export F="  spaced  out  "
swift sft $F "$F" x${F}y
swift sft \
  --after-continuation 1 # done

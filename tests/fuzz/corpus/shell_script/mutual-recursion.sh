a=(x "${b[@]}" ${#c[@]} "${d[*]}")
f() { f "$@"; g; }
g() { f; }
f 1 2
if x; then a+=(y); elif z; then :; else declare -a q; fi
while true; do megatron sft ${a[0]}; done

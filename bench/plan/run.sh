#!/usr/bin/env bash
# Times `preflight plan` over every failing seed example and every regression case it
# plans (the goal: under 1 s each, issue #27), each beside `preflight check` of the same
# job in the same run. hyperfine when present (median of 10 runs after 2 warm-ups),
# else the median of 5 timed runs.
# Usage: bench/plan/run.sh [PREFLIGHT]   (default: build/preflight)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(realpath "${1:-$root/build/preflight}")
export PREFLIGHT_RULES_PATH=$root/rules NO_COLOR=1
cd "$root" || exit 2

median_ms() {  # median wall time of "$@" over 5 runs, in ms
    local times=()
    for _ in 1 2 3 4 5; do
        local s=$(date +%s%N)
        "$@" >/dev/null 2>&1
        times+=($((($(date +%s%N) - s) / 1000000)))
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}

time_ms() {  # median wall time of the command line "$1", in ms
    if command -v hyperfine >/dev/null; then
        local json
        json=$(mktemp)
        hyperfine -N --runs 10 --warmup 2 -i --export-json "$json" "$1" >/dev/null 2>&1
        /usr/bin/python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["results"][0]["median"]*1000, 1))' "$json"
        rm -f "$json"
    else
        # shellcheck disable=SC2086
        median_ms $1
    fi
}

echo "| job | plan (ms) | check (ms) | stacks checked |"
echo "| --- | --- | --- | --- |"
worst=0
for job in share/examples/*.toml tests/regressions/*/job.toml; do
    out=$("$bin" plan "$job" --format json 2>/dev/null) || true
    [ "$(/usr/bin/python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(int(d["best"] is not None))' <<<"$out" 2>/dev/null)" = 1 ] || continue
    checks=$(/usr/bin/python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["checks"])' <<<"$out")
    p=$(time_ms "$bin plan $job")
    c=$(time_ms "$bin check $job")
    echo "| $job | $p | $c | $checks |"
    worst=$(/usr/bin/python3 -c "print(max($worst, $p))")
done
echo
echo "slowest plan: $worst ms (goal: under 1000 ms)"
/usr/bin/python3 -c "import sys; sys.exit(0 if $worst < 1000 else 1)"

#!/usr/bin/env bash
# The shipped share/slurm/preflight-fleet.sbatch on a real Slurm cluster: munged,
# slurmctld and three slurmd daemons of this host posing as nodes n[1-3], everything
# (slurm.conf via SLURM_CONF, state, spool, logs, pid files, the munge socket) in a
# temporary directory. Each node's probe reads the site directory named after it.
#  1. n2 has another megatron-core: fleet names n2 and that package, and the training
#     step never starts (its marker file is absent).
#  2. identical nodes: fleet passes and the training step runs on every node.
#  3. n3's probe fails, and an earlier run's bundle of n3 lies in the bundle directory:
#     fleet reports it stale (--max-age) and the training step never starts.
# Exits 77 (CTest: skipped, with the reason) only when the cluster cannot be tried:
# not root, or a program it needs missing. A daemon that fails to start, or nodes that
# never come up, fail the test (exit 1) with the daemons' logs. The daemons are stopped
# by their pid files on every exit.
# Usage: slurm_cluster.sh PREFLIGHT SOURCE_DIR
set -u
preflight=$(readlink -f "$1") src=$(readlink -f "$2")

skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "the test cluster needs root (slurmd runs jobs as their user)"
for tool in munged slurmctld slurmd sbatch sinfo squeue scontrol /usr/bin/python3; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (apt-get install slurmctld slurmd slurm-client munge)"
done

tmp=$(mktemp -d /tmp/preflight-slurm.XXXXXX)
chmod 700 "$tmp"
stop_daemons() {
  for pid_file in "$tmp"/run/*.pid; do
    [ -f "$pid_file" ] || continue
    pid=$(cat "$pid_file" 2>/dev/null) || continue
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
  done
  # slurmd and slurmctld leave within a second; wait so the directory can go.
  for _ in $(seq 50); do
    alive=0
    for pid_file in "$tmp"/run/*.pid; do
      [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file" 2>/dev/null)" 2>/dev/null && alive=1
    done
    [ $alive = 0 ] && break
    sleep 0.1
  done
}
cleanup() {
  stop_daemons
  if [ "${KEEP_SLURM_TMP:-}" = 1 ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap "exit 143" TERM INT HUP
mkdir -p "$tmp/run" "$tmp/state" "$tmp/log" "$tmp/spool" "$tmp/work"
show_logs() {
  for f in "$tmp"/log/*; do
    [ -f "$f" ] || continue
    echo "== $f"
    tail -n 40 "$f"
  done
}
# The programs are there and we are root: a cluster that does not come up is a failure.
cannot_start() {
  echo "FAIL: $*"
  show_logs
  exit 1
}

failures=0
check() {  # check DESCRIPTION COMMAND…
  local what=$1
  shift
  if "$@"; then echo "PASS $what"; else echo "FAIL $what"; failures=$((failures + 1)); fi
}

# --- munge --------------------------------------------------------------------
dd if=/dev/urandom of="$tmp/run/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/run/munge.key"
munged --force --socket="$tmp/run/munge.socket" --key-file="$tmp/run/munge.key" \
  --pid-file="$tmp/run/munged.pid" --log-file="$tmp/log/munged.log" --seed-file="$tmp/run/munge.seed" \
  || cannot_start "munged did not start"

# --- slurm.conf ---------------------------------------------------------------
ports=($(/usr/bin/python3 -c '
import socket
socks = [socket.socket() for _ in range(4)]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))'))
export SLURM_CONF="$tmp/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=preflight-test
SlurmctldHost=localhost
SlurmctldPort=${ports[0]}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/run/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool/%n
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd-%n.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
SlurmdTimeout=30
InactiveLimit=0
KillWait=1
MinJobAge=5
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
NodeName=n1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=${ports[1]} CPUs=1 State=UNKNOWN
NodeName=n2 NodeHostname=localhost NodeAddr=127.0.0.1 Port=${ports[2]} CPUs=1 State=UNKNOWN
NodeName=n3 NodeHostname=localhost NodeAddr=127.0.0.1 Port=${ports[3]} CPUs=1 State=UNKNOWN
PartitionName=debug Nodes=n[1-3] Default=YES MaxTime=5 State=UP
CONF

slurmctld -i || cannot_start "slurmctld did not start"
for n in n1 n2 n3; do
  slurmd -N "$n" || cannot_start "slurmd -N $n did not start"
done
ready=0
for _ in $(seq 150); do
  if [ "$(sinfo -h -N -t idle -o %N 2>/dev/null | sort -u | wc -l)" = 3 ]; then ready=1; break; fi
  sleep 0.1
done
[ $ready = 0 ] && cannot_start "the three nodes never became idle: $(sinfo -h -N -o '%N %T' 2>&1 | tr '\n' ' ')"
echo "cluster up: $(sinfo -h -N -o '%N:%T' | tr '\n' ' ')"

# --- the nodes' software --------------------------------------------------------
dist() {  # dist NODE NAME VERSION
  local d="$tmp/site/$1/$2-$3.dist-info"
  mkdir -p "$d"
  printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "$2" "$3" >"$d/METADATA"
}
nodes_with_megatron() {  # nodes_with_megatron N2_VERSION
  rm -rf "$tmp/site"
  for n in n1 n2 n3; do
    for p in ms-swift==4.5.0 mcore-bridge==1.6.0 flash-linear-attention==0.4.0 torch==2.8.0; do dist $n "${p%%==*}" "${p##*==}"; done
    dist $n megatron-core 0.18.0
  done
  rm -rf "$tmp/site/n2/megatron-core-0.18.0.dist-info"
  dist n2 megatron-core "$1"
}
# The preflight every node runs: the real binary, its probe pointed at the node's own
# site directory (as a real node's Python would be).
cat >"$tmp/work/preflight" <<WRAP
#!/bin/bash
if [ "\$1" = probe ] && [ -e "$tmp/work/fail-probe-\$SLURMD_NODENAME" ]; then
  echo "probe on \$SLURMD_NODENAME: made to fail" >&2
  exit 1
fi
if [ "\$1" = probe ]; then
  shift
  exec "$preflight" probe --site-packages "$tmp/site/\$SLURMD_NODENAME" --python /nonexistent "\$@"
fi
exec "$preflight" "\$@"
WRAP
chmod +x "$tmp/work/preflight"
cp "$src/tests/golden/fleet/job.toml" "$tmp/work/job.toml"

# run_batch NAME: the shipped script through sbatch on all three nodes; waits for it.
run_batch() {
  local name=$1
  rm -f "$tmp/work/trained-"*
  (cd "$tmp/work" && PREFLIGHT="$tmp/work/preflight" PREFLIGHT_JOB="$tmp/work/job.toml" \
    PREFLIGHT_BUNDLES="$tmp/work/bundles-$name" PREFLIGHT_RULES_PATH="$src/rules" NO_COLOR=1 \
    timeout 60 sbatch --wait --nodes=3 --output="$tmp/work/$name.out" --error="$tmp/work/$name.err" \
    "$src/share/slurm/preflight-fleet.sbatch" bash -c 'touch "$0/trained-$SLURMD_NODENAME"' "$tmp/work" \
    >"$tmp/work/$name.sbatch" 2>&1)
  echo $? >"$tmp/work/$name.rc"
  echo "--- $name: sbatch exit $(cat "$tmp/work/$name.rc"); job output:"
  cat "$tmp/work/$name.out" "$tmp/work/$name.err" "$tmp/work/$name.sbatch" 2>/dev/null | sed 's/^/    /'
}

# --- 1. one drifting node -----------------------------------------------------------
nodes_with_megatron 0.15.0
run_batch drift
out="$tmp/work/drift.out"
check "drift: the batch job fails" [ "$(cat "$tmp/work/drift.rc")" != 0 ]
check "drift: fleet read a bundle from each of the three nodes" grep -q '^fleet: 3 nodes from 3 bundles: n\[1-3\]$' "$out"
check "drift: fleet names megatron-core, 0.18.0 on the other two nodes" grep -q '^  pkg megatron-core: 0.18.0 on 2 nodes$' "$out"
check "drift: fleet names exactly n2 as differing" grep -q '^    differs: 0.15.0 on 1 node (n2)$' "$out"
check "drift: no other fact a rule reads differs" [ "$(sed -n '/^drift in facts the rules read:/,/^[a-z]/p' "$out" | grep -c '^  [a-z]')" = 1 ]
check "drift: n2 alone fails the job" grep -q '^  fail on 1 node (n2)$' "$out"
check "drift: no node is missing" grep -q '^missing nodes: none of n\[1-3\]$' "$out"
check "drift: the training step did not start" [ -z "$(ls "$tmp/work" | grep '^trained-')" ]

# --- 2. identical nodes -------------------------------------------------------------
nodes_with_megatron 0.18.0
run_batch uniform
out="$tmp/work/uniform.out"
check "uniform: the batch job succeeds" [ "$(cat "$tmp/work/uniform.rc")" = 0 ]
check "uniform: fleet passes with no drift" grep -qz 'drift: none.*verdict: pass' "$out"
check "uniform: the training step ran on every node" test -f "$tmp/work/trained-n1" -a -f "$tmp/work/trained-n2" -a -f "$tmp/work/trained-n3"

# --- 3. a failing probe, last run's bundle in its place -----------------------------
mkdir -p "$tmp/work/bundles-stale"
/usr/bin/python3 - "$tmp/work/bundles-uniform/n3.tar.gz" "$tmp/work/bundles-stale/n3.tar.gz" <<'PY'
import io, json, sys, tarfile, time
with tarfile.open(sys.argv[1]) as t:
    members = [(m, t.extractfile(m).read() if m.isfile() else None) for m in t.getmembers()]
with tarfile.open(sys.argv[2], "w:gz") as t:
    for m, data in members:
        if m.name == "manifest.json":  # written a day ago
            manifest = json.loads(data)
            manifest["time"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 86400))
            data = json.dumps(manifest).encode()
            m.size = len(data)
        t.addfile(m, io.BytesIO(data) if data is not None else None)
PY
touch "$tmp/work/fail-probe-n3"
run_batch stale
rm -f "$tmp/work/fail-probe-n3"
out="$tmp/work/stale.out"
check "stale: the batch job fails" [ "$(cat "$tmp/work/stale.rc")" != 0 ]
check "stale: fleet counts n1 and n2, not n3's old bundle" grep -q '^fleet: 2 nodes from 3 bundles: n\[1-2\]$' "$out"
check "stale: fleet names n3's bundle as stale" grep -q '^stale bundles: 1 node (n3), written before ' "$out"
check "stale: the training step did not start" [ -z "$(ls "$tmp/work" | grep '^trained-')" ]

[ $failures = 0 ] || { show_logs; exit 1; }
echo "all passed"

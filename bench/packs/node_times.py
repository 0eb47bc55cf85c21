#!/usr/bin/env python3
"""Wall time of a check on a machine without hyperfine (a training node, `device`).

Usage: node_times.py EXAMPLE ROUNDS BINARY [BINARY ...]

Each binary is copied alone into a directory of its own (so that it checks with the
packs compiled into it, as on a node it was dropped onto), then each round spawns, for
each binary in turn, `/bin/true`, `BINARY --version` and `BINARY check EXAMPLE` 300
times each (posix_spawn to waitpid, output to /dev/null, HOME pointing nowhere), and
`python3 -m pip list --format=json` of the first python3 on PATH ten times. It prints
the medians and tenth percentiles, and how many times the check is quicker than
pip list: the figures bench/README.md gives for the node.
"""
import os
import shutil
import statistics
import sys
import tempfile
import time

SPAWNS = 300
PIP_RUNS = 10


def spawn_seconds(argv, env):
    quiet = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_WRONLY, 0) for fd in (1, 2)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=quiet)
    os.waitpid(pid, 0)
    return time.perf_counter() - start


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[2])
    example, rounds = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    python = shutil.which("python3")
    if python is None:
        sys.exit("node_times.py: no python3 on PATH to time pip list with")
    env = {"HOME": "/nonexistent", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    work = tempfile.mkdtemp(prefix="preflight-times-")
    binaries = []
    for i, given in enumerate(sys.argv[3:]):
        alone = os.path.join(work, str(i), "preflight")
        os.makedirs(os.path.dirname(alone))
        shutil.copy(given, alone)
        binaries.append((given, alone))
    try:
        for r in range(1, rounds + 1):
            for given, alone in binaries:
                commands = {
                    "/bin/true": ["/bin/true"],
                    "--version": [alone, "--version"],
                    "check": [alone, "check", example],
                }
                times = {name: [] for name in commands}
                for _ in range(SPAWNS):
                    for name, argv in commands.items():
                        times[name].append(spawn_seconds(argv, env))
                pip = statistics.median(
                    spawn_seconds([python, "-m", "pip", "list", "--format=json"], env) for _ in range(PIP_RUNS))
                print(f"round {r}, {given}:")
                for name, t in times.items():
                    t.sort()
                    median = statistics.median(t)
                    print(f"  {name:10} median {median * 1e3:.3f} ms  p10 {t[len(t) // 10] * 1e3:.3f} ms"
                          f"  pip list / this {pip / median:.0f}")
                print(f"  pip list   median {pip * 1e3:.1f} ms ({python})")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()

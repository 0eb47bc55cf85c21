#!/usr/bin/python3
"""Run Megatron-LM's own argument checks on a launch script, as the oracle for preflight.

  megatron_validate.py MEGATRON_TREE CASE_DIR [CASE_DIR ...]

MEGATRON_TREE holds a `megatron/` package taken from a mirror at one release tag (it is
never committed: tests/oracle/megatron/README.md says how it is made). For each case
directory the launch in `launch.sh` (torchrun ... pretrain_gpt.py FLAGS) is read: its
`export NAME=VALUE` lines become the environment, `--nproc-per-node` x `--nnodes`
becomes WORLD_SIZE, and the words after pretrain_gpt.py become sys.argv. Then, in a
fresh interpreter per case, upstream's parse_args, validate_args, the global-batch
calculator and core_transformer_config_from_args (TransformerConfig.__post_init__) run.
The first refusal is printed as `refused: <exception> at <file>:<line>` with upstream's
message; a launch they all accept prints `accepted`. Output goes to stdout and to
CASE_DIR/upstream.txt when --write is given (the recorded evidence).
"""

import os
import shlex
import subprocess
import sys

CHILD = r'''
import os, sys, traceback
sys.path.insert(0, os.environ["ORACLE_TREE"])
sys.path.insert(0, os.environ["ORACLE_TOOLS"])
import stub_imports
stub_imports.install()
import torch
print("torch:", torch.__version__, "(stand-in)" if isinstance(torch, stub_imports._StubModule) else "(real)")
try:
    from megatron.training.arguments import parse_args, validate_args, core_transformer_config_from_args
    args = parse_args()
    validate_args(args)
    try:
        from megatron.core.num_microbatches_calculator import init_num_microbatches_calculator
        init_num_microbatches_calculator(args.rank, args.rampup_batch_size, args.global_batch_size,
                                         args.micro_batch_size, args.data_parallel_size)
    except ImportError:
        pass
    core_transformer_config_from_args(args)
    print("accepted")
except ImportError as e:  # the stand-ins missed a module: no verdict, not a refusal
    print(f"import failed: {e}")
except BaseException as e:  # SystemExit from argparse, AssertionError, ValueError, RuntimeError
    frames = [f for f in traceback.extract_tb(e.__traceback__) if "/megatron/" in f.filename]
    where = ""
    if frames:
        f = frames[-1]
        where = " at megatron/" + f.filename.split("/megatron/", 1)[1] + ":" + str(f.lineno)
    msg = " ".join(str(e).split())
    print(f"refused: {type(e).__name__}{where}: {msg}")
'''


def read_launch(path):
    text = open(path, encoding="utf-8").read().replace("\\\n", " ")
    env, argv, world = {}, None, None
    for line in text.splitlines():
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            name, _, value = line[len("export "):].partition("=")
            env[name.strip()] = shlex.split(value)[0] if value.strip() else ""
            continue
        words = shlex.split(line)
        if "pretrain_gpt.py" in words:
            at = words.index("pretrain_gpt.py")
            runner, argv = words[:at], words[at + 1:]
            nproc = nnodes = 1
            for i, w in enumerate(runner):
                if w in ("--nproc-per-node", "--nproc_per_node"):
                    nproc = int(runner[i + 1])
                if w == "--nnodes":
                    nnodes = int(runner[i + 1])
            world = nproc * nnodes
    if argv is None:
        raise SystemExit(f"{path}: no pretrain_gpt.py line")
    return env, argv, world


def main(argv):
    write = "--write" in argv
    argv = [a for a in argv if a != "--write"]
    tree, cases = os.path.abspath(argv[0]), argv[1:]
    status = 0
    for case in cases:
        env, words, world = read_launch(os.path.join(case, "launch.sh"))
        child_env = {k: v for k, v in os.environ.items() if k != "CUDA_DEVICE_MAX_CONNECTIONS"}
        child_env.update(env)
        child_env.update({"ORACLE_TOOLS": os.path.dirname(os.path.abspath(__file__)), "ORACLE_TREE": tree, "WORLD_SIZE": str(world), "RANK": "0", "LOCAL_RANK": "0"})
        p = subprocess.run([sys.executable, "-c", CHILD, *words], env=child_env, capture_output=True, text=True)
        lines = [l for l in p.stdout.splitlines() if l.startswith(("accepted", "refused:"))]
        torch_line = next((l for l in p.stdout.splitlines() if l.startswith("torch:")), "torch: ?")
        verdict = lines[-1] if lines else "error: no verdict; stderr tail: " + " | ".join(p.stderr.splitlines()[-5:])
        if not lines:
            status = 1
        out = (f"tree: Megatron-LM {os.path.basename(tree)}\n{torch_line}\nworld_size: {world}\n"
               f"argv: {' '.join(words)}\n{verdict}\n")
        print(f"== {os.path.basename(case.rstrip('/'))}\n{out}", end="")
        if write:
            with open(os.path.join(case, "upstream.txt"), "w", encoding="utf-8") as f:
                f.write(out)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

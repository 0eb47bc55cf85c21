#!/usr/bin/python3
"""share/k8s: the two Jobs parse as Kubernetes would read them, and their commands work.

The probe Job is Indexed, one pod per node (completions == parallelism, spread over
kubernetes.io/hostname), names each bundle after spec.nodeName inside the run's own
directory (PREFLIGHT_RUN, the same in both Jobs); its container command is run here
with sh for two nodes (NODE_NAME set, /bundles a temporary directory). The fleet Job's
command, with $(…) expanded as Kubernetes does and the mounts replaced by those
directories, reads only that run's directory with --max-age, then passes on them
(exit 0), fails (exit 1) when one expected node sent no bundle, and fails when one
bundle is older than --max-age (a node whose probe failed left last run's behind).
Usage: k8s_manifests.py PREFLIGHT SOURCE_DIR
"""
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

import yaml

preflight, src = sys.argv[1], sys.argv[2]
failed = 0


def result(ok, what):
    global failed
    print(f"{'PASS' if ok else 'FAIL'} {what}")
    failed += not ok


probe = yaml.safe_load(open(os.path.join(src, "share/k8s/preflight-probe-job.yaml")))
fleet = yaml.safe_load(open(os.path.join(src, "share/k8s/preflight-fleet-job.yaml")))
spec = probe["spec"]
pod = spec["template"]["spec"]
result(probe["kind"] == "Job" and spec["completionMode"] == "Indexed", "probe: an Indexed Job")
result(spec["completions"] == spec["parallelism"], "probe: every pod at once")
spread = pod["topologySpreadConstraints"][0]
result(spread["topologyKey"] == "kubernetes.io/hostname" and spread["whenUnsatisfiable"] == "DoNotSchedule"
       and spread["labelSelector"]["matchLabels"] == spec["template"]["metadata"]["labels"], "probe: one pod per node")
container = pod["containers"][0]
env = {e["name"]: e for e in container["env"]}
result(env["NODE_NAME"]["valueFrom"]["fieldRef"]["fieldPath"] == "spec.nodeName", "probe: NODE_NAME is the node's name")
probe_values = {name: e["value"] for name, e in env.items() if "value" in e}
mount = container["volumeMounts"][0]["mountPath"]
claim = pod["volumes"][0]["persistentVolumeClaim"]["claimName"]
fleet_pod = fleet["spec"]["template"]["spec"]
fleet_container = fleet_pod["containers"][0]
result(claim == fleet_pod["volumes"][0]["persistentVolumeClaim"]["claimName"], "both Jobs mount the same claim")

with tempfile.TemporaryDirectory() as tmp:
    bundles, config = os.path.join(tmp, "bundles"), os.path.join(tmp, "config")
    os.makedirs(bundles)
    os.makedirs(config)
    shutil.copy(os.path.join(src, "tests/golden/fleet/job.toml"), os.path.join(config, "job.toml"))
    site = os.path.join(tmp, "site")
    for name, version in [("megatron-core", "0.18.0"), ("ms-swift", "4.5.0"), ("mcore-bridge", "1.6.0"), ("flash-linear-attention", "0.4.0")]:
        d = os.path.join(site, f"{name}-{version}.dist-info")
        os.makedirs(d)
        open(os.path.join(d, "METADATA"), "w").write(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    bindir = os.path.join(tmp, "bin")
    os.makedirs(bindir)
    # `preflight` on PATH, as in the image; its probe reads the fake site directory.
    with open(os.path.join(bindir, "preflight"), "w") as f:
        f.write(f'#!/bin/sh\nif [ "$1" = probe ]; then shift; exec "{preflight}" probe --site-packages "{site}" --python /nonexistent "$@"; fi\n'
                f'exec "{preflight}" "$@"\n')
    os.chmod(os.path.join(bindir, "preflight"), 0o755)
    base_env = {"PATH": bindir + ":/usr/bin:/bin", "PREFLIGHT_RULES_PATH": os.path.join(src, "rules")}
    command = [part.replace(mount, bundles) for part in container["command"]]
    fleet_env = {e["name"]: e["value"] for e in fleet_container["env"]}
    run = probe_values["PREFLIGHT_RUN"]
    result(fleet_env.get("PREFLIGHT_RUN") == run, "both Jobs name the same run directory")
    for node in ["train-node-01", "train-node-02"]:
        r = subprocess.run(command, env={**base_env, **probe_values, "NODE_NAME": node}, capture_output=True, text=True)
        result(r.returncode == 0 and os.path.exists(os.path.join(bundles, run, node + ".tar.gz")),
               f"probe command writes {run}/{node}.tar.gz")

    def fleet_command(expected):
        words = []
        for part in fleet_container["command"]:
            part = re.sub(r"\$\((\w+)\)", lambda m: expected if m.group(1) == "EXPECTED_NODES" else fleet_env[m.group(1)], part)
            words.append(part.replace("/bundles", bundles).replace("/config", config))
        return words

    result(fleet_container["command"][:3] == ["preflight", "fleet", "/bundles/$(PREFLIGHT_RUN)"], "fleet: reads this run's directory")
    result("--max-age" in fleet_container["command"], "fleet: bundles older than --max-age fail it")
    r = subprocess.run(fleet_command("train-node-[01-02]"), env=base_env, capture_output=True, text=True)
    result(r.returncode == 0 and "verdict: pass" in r.stdout, "fleet command passes two identical nodes")
    r = subprocess.run(fleet_command(fleet_env["EXPECTED_NODES"]), env=base_env, capture_output=True, text=True)
    result(r.returncode == 1 and "missing nodes: 2 nodes (train-node-[03-04])" in r.stdout,
           "fleet command with the shipped EXPECTED_NODES names the two nodes without a bundle")

    # A node whose probe failed this time, with last run's bundle still in place.
    old = os.path.join(bundles, run, "train-node-02.tar.gz")
    with tarfile.open(old) as t:
        members = [(m, t.extractfile(m).read() if m.isfile() else None) for m in t.getmembers()]
    with tarfile.open(old, "w:gz") as t:
        for m, data in members:
            if m.name == "manifest.json":
                manifest = json.loads(data)
                manifest["time"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 6 * 3600))
                data = json.dumps(manifest).encode()
                m.size = len(data)
            t.addfile(m, io.BytesIO(data) if data is not None else None)
    r = subprocess.run(fleet_command("train-node-[01-02]"), env=base_env, capture_output=True, text=True)
    result(r.returncode == 1 and "stale bundles: 1 node (train-node-02)" in r.stdout,
           "fleet command fails on a bundle older than --max-age and names its node")
    if failed:
        print(r.stdout, r.stderr)

sys.exit(1 if failed else 0)

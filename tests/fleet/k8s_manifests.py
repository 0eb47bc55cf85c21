#!/usr/bin/python3
"""share/k8s: the two Jobs parse as Kubernetes would read them, and their commands work.

The probe Job is Indexed, one pod per node (completions == parallelism, spread over
kubernetes.io/hostname), names each bundle after spec.nodeName; its container command
is run here with sh for two nodes (NODE_NAME set, /bundles a temporary directory).
The fleet Job's command, with $(EXPECTED_NODES) expanded as Kubernetes does and the
mounts replaced by those directories, then passes on them (exit 0), and fails (exit 1)
when one expected node sent no bundle.
Usage: k8s_manifests.py PREFLIGHT SOURCE_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

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
    for node in ["train-node-01", "train-node-02"]:
        r = subprocess.run(command, env={**base_env, "NODE_NAME": node}, capture_output=True, text=True)
        result(r.returncode == 0 and os.path.exists(os.path.join(bundles, node + ".tar.gz")), f"probe command writes {node}.tar.gz")

    fleet_env = {e["name"]: e["value"] for e in fleet_container["env"]}

    def fleet_command(expected):
        words = []
        for part in fleet_container["command"]:
            part = re.sub(r"\$\((\w+)\)", lambda m: expected if m.group(1) == "EXPECTED_NODES" else fleet_env[m.group(1)], part)
            words.append(part.replace("/bundles", bundles).replace("/config", config))
        return words

    result(fleet_container["command"][:3] == ["preflight", "fleet", "/bundles"], "fleet: reads the bundles directory")
    r = subprocess.run(fleet_command("train-node-[01-02]"), env=base_env, capture_output=True, text=True)
    result(r.returncode == 0 and "verdict: pass" in r.stdout, "fleet command passes two identical nodes")
    r = subprocess.run(fleet_command(fleet_env["EXPECTED_NODES"]), env=base_env, capture_output=True, text=True)
    result(r.returncode == 1 and "missing nodes: 2 nodes (train-node-[03-04])" in r.stdout,
           "fleet command with the shipped EXPECTED_NODES names the two nodes without a bundle")
    if failed:
        print(r.stdout, r.stderr)

sys.exit(1 if failed else 0)

#!/usr/bin/python3
"""`fleet --format sarif`, read as a SARIF consumer reads it.

Bundles of fake nodes (tests/golden/fleet/nodes.sh, the real `probe -o`) where n3 has an
older megatron-core (a rule reads it; n3 fails the job), n2 one more package (no rule
reads it), n5 is expected but sent nothing, n6's bundle is older than --max-age, one
file is not a bundle and n1 sent two.
The SARIF log validates against the OASIS SARIF 2.1.0 schema (python3-jsonschema), is one
run, and has one result per drifting fact of the JSON report (error when a rule reads
it, note when none does) located at the first differing node's bundle, one result for
the missing node, one per bad bundle located at that file, and one per finding of the
failing group located at its line in the job file; every ruleIndex names its ruleId.
The exit code equals the text report's. Identical nodes give a valid log with no result.
Usage: fleet_sarif_test.py PREFLIGHT SOURCE_DIR
"""
import json
import pathlib
import subprocess
import sys
import tempfile

import jsonschema

preflight, src = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
validator = jsonschema.Draft4Validator(json.loads((src / "tests/ci/sarif-schema-2.1.0.json").read_text()))
env = {"PREFLIGHT_RULES_PATH": str(src / "rules"), "PATH": "/usr/bin:/bin"}
golden = src / "tests/golden/fleet"
failures = []


def expect(ok, what):
    print(f"{'PASS' if ok else 'FAIL'} {what}")
    if not ok:
        failures.append(what)


def nodes(work, script):
    subprocess.run(["bash", "-c", f'source "{golden}/nodes.sh" "{preflight}" "{work}" "{src}"\n{script}'],
                   check=True, env=env, capture_output=True)


def fleet(args, cwd):
    return subprocess.run([preflight, "fleet", *args], capture_output=True, text=True, cwd=cwd, env=env)


with tempfile.TemporaryDirectory() as tmp:
    work = pathlib.Path(tmp)
    (work / "job.toml").write_text((golden / "job.toml").read_text())
    nodes(work, """
HOOK=build-a
node n1 PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
PKGS=("${BASE[@]}" megatron-core==0.18.0 tqdm==4.66.0)
node n2 PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
PKGS=("${BASE[@]}" megatron-core==0.15.0)
node n3 PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
PKGS=("${BASE[@]}" megatron-core==0.18.0)
node n4 PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
node n6 PYTORCH_NPU_ALLOC_CONF=expandable_segments:True
edit n6 "manifest['time'] = '2020-01-01T00:00:00Z'"
cp "$dir/bundles/n1.tar.gz" "$dir/bundles/zz-n1-again.tar.gz"
echo 'not a bundle' >"$dir/bundles/n9.tar.gz"
""")
    args = ["bundles", "--expect", "n[1-6]", "--job", "job.toml", "--max-age", "1d"]
    text = fleet(args, work)
    report = json.loads(fleet(args + ["--format", "json"], work).stdout)
    run = fleet(args + ["--format", "sarif"], work)
    sarif = json.loads(run.stdout)
    errors = sorted(validator.iter_errors(sarif), key=str)
    expect(not errors, "the log validates against the SARIF 2.1.0 schema" + (f": {errors[0].message}" if errors else ""))
    expect(run.returncode == text.returncode == 1, f"exit 1, as the text report's (sarif {run.returncode}, text {text.returncode})")
    expect(len(sarif["runs"]) == 1, "one run")
    results = sarif["runs"][0]["results"]
    descriptors = sarif["runs"][0]["tool"]["driver"]["rules"]
    expect(all(descriptors[r["ruleIndex"]]["id"] == r["ruleId"] for r in results), "every ruleIndex names its ruleId")

    def of(rule):
        return [r for r in results if r["ruleId"] == rule]

    def uri(r):
        return r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]

    drift = of("fleet-drift") + of("fleet-drift-unread")
    expect(len(drift) == len(report["drift"]), f"one result per drifting fact ({len(drift)} for {len(report['drift'])})")
    mcore = [r for r in drift if r["properties"]["fact"] == "pkg megatron-core"]
    expect(len(mcore) == 1 and mcore[0]["ruleId"] == "fleet-drift" and mcore[0]["level"] == "error"
           and uri(mcore[0]) == "bundles/n3.tar.gz" and mcore[0]["properties"]["differing"][0]["nodes"] == "n3",
           "megatron-core's drift is an error at n3's bundle")
    tqdm = [r for r in drift if r["properties"]["fact"] == "pkg tqdm"]
    expect(len(tqdm) == 1 and tqdm[0]["ruleId"] == "fleet-drift-unread" and tqdm[0]["level"] == "note"
           and uri(tqdm[0]) == "bundles/n2.tar.gz", "tqdm's drift (no rule reads it) is a note at n2's bundle")
    missing = of("fleet-missing-node")
    expect(len(missing) == 1 and missing[0]["properties"]["nodes"] == "n5" and uri(missing[0]) == "bundles",
           "the missing node n5 is one error at the bundle directory")
    unreadable = of("fleet-unreadable-bundle")
    expect(len(unreadable) == 1 and uri(unreadable[0]) == "bundles/n9.tar.gz", "the unreadable bundle is an error at that file")
    stale = of("fleet-stale-bundle")
    expect(len(stale) == 1 and uri(stale[0]) == "bundles/n6.tar.gz" and stale[0]["properties"]["node"] == "n6",
           "n6's stale bundle is an error at that file")
    duplicate = of("fleet-duplicate-bundle")
    expect(len(duplicate) == 1 and uri(duplicate[0]) == "bundles/zz-n1-again.tar.gz", "n1's second bundle is an error at that file")
    failing = [g for g in report["verdicts"] if g["verdict"] == "fail"]
    want = [(f["rule"], g["nodes"]) for g in report["verdicts"] if g["verdict"] != "pass" for f in g["findings"]]
    fleet_rules = {"fleet-drift", "fleet-drift-unread", "fleet-missing-node", "fleet-stale-bundle", "fleet-unreadable-bundle",
                   "fleet-duplicate-bundle"}
    node_results = [r for r in results if r["ruleId"] not in fleet_rules]
    expect(sorted((r["ruleId"], r["properties"]["nodes"]) for r in node_results) == sorted(want) and failing,
           "one result per finding of a failing or warning group, with its nodes")
    expect(all(uri(r) == "job.toml" and r["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1 for r in node_results),
           "each node finding is located at its line in the job file")
    expect(len(results) == len(drift) + 4 + len(node_results), "no other result")

    # Identical nodes: nothing to report.
    uniform = work / "uniform"
    nodes(uniform, "for n in n1 n2 n3; do node $n; done")
    run = fleet(["bundles", "--expect", "n[1-3]", "--job", "../job.toml", "--format", "sarif"], uniform)
    sarif = json.loads(run.stdout)
    expect(not list(validator.iter_errors(sarif)) and run.returncode == 0 and sarif["runs"][0]["results"] == [],
           "identical nodes: a valid log with no result, exit 0")

if failures:
    print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)

#!/usr/bin/python3
"""SARIF and GitHub annotations of `check`, read by their consumers' rules.

- SARIF of every bundled example, of launch scripts, of a job with inline waivers and of
  a job checked against a baseline validates against the OASIS SARIF 2.1.0 schema
  (python3-jsonschema); it holds one result per finding of the JSON report, with the same
  rule, level class and line, and a suppression for each suppressed finding.
- GitHub workflow commands decode (the runner's unescaping) back to the JSON report's
  findings: file, line, column, rule and message, byte for byte.
- A many-file run (directories, a waiver file, a baseline) is all of the above too, and
  each of its files' reports equals the report of that file checked alone (the files are
  checked in parallel; the result must not show it).
- JUnit parses as XML (xml.etree) with a test case per (file, loaded rule) and the
  counts the JSON report implies; TAP 13 is read by Perl's TAP::Parser with the same
  counts; GitLab Code Quality issues carry the keys GitLab requires.
- Every loaded rule's reportingDescriptor has the helpUri its references give (the first
  http(s) one; none from owner/repo@TAG:path) and its explanation page in `help`.
- SARIF URIs (below the base id SRCROOT) and fingerprints, and Code Quality paths and
  fingerprints, do not change with the directory a run starts in, the way it names the
  files, the checkout, or lines moving; the fingerprints are the baseline's.
- `-o FILE` writes what standard output would have shown.
- A SARIF result's `fixes`, applied to the job file as a SARIF viewer applies them
  (code-point offsets), give a job on which that rule no longer fires.

Usage: ci_formats_test.py PREFLIGHT SOURCE_DIR
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import urllib.parse
import xml.etree.ElementTree as ET

import jsonschema

preflight, src = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
schema = json.loads((src / "tests/ci/sarif-schema-2.1.0.json").read_text())
validator = jsonschema.Draft4Validator(schema)
failures = []


checked = {}


def check(args, cwd):
    """check's standard output. The same arguments from the same directory run once: the
    inputs a run reads do not change after it (each fix is applied to a fresh copy)."""
    key = (tuple(args), str(cwd))
    if key not in checked:
        checked[key] = run_check(args, cwd)
    return checked[key]


def run_check(args, cwd):
    out = subprocess.run([preflight, "check", *args], capture_output=True, text=True, cwd=cwd,
                         env={"PREFLIGHT_RULES_PATH": str(src / "rules"), "PATH": "/usr/bin:/bin"})
    if out.returncode not in (0, 1):
        raise RuntimeError(f"check {args} exited {out.returncode}: {out.stderr}")
    return out.stdout


def findings_of(report):
    if "files" in report:
        return [f for file in report["files"] for f in findings_of(file)]
    if "launches" in report:
        return [f for launch in report["launches"] for f in launch["findings"]]
    return report["findings"]


def unescape(s):
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


ANNOTATION = re.compile(r"^::(error|warning|notice) (.*?)::(.*)$")


def counted(f, fail_on="error"):
    order = {"info": 0, "warning": 1, "error": 2}
    return not f.get("suppressed") and order[f["severity"]] >= order[fail_on]


def undetermined_of(report):
    """Each undetermined rule as a finding of its own: JSON groups them in one note
    (preflight-undetermined) and lists them under `undetermined`; JUnit and TAP give
    each rule its own (skipped) case."""
    if "files" in report:
        return [f for file in report["files"] for f in undetermined_of(file)]
    if "launches" in report:
        return [f for launch in report["launches"] for f in undetermined_of(launch)]
    return [{"rule": u["rule"], "severity": "info", "undetermined": True} for u in report.get("undetermined", [])]


def file_rule_pairs(report):
    """(file, rule) -> the findings of that rule in that file, as the JSON report has them."""
    pairs = {}
    files = report["files"] if "files" in report else [report]
    for file in files:
        for f in findings_of(file) + undetermined_of(file):
            if f["rule"] != "preflight-undetermined":
                pairs.setdefault((file["config"], f["rule"]), []).append(f)
    return pairs


def test_reports(name, args, cwd, report, rule_count):
    pairs = file_rule_pairs(report)
    checked = [f for f in report["files"] if f.get("launches", True)] if "files" in report else [report]
    files = {file for file, _ in pairs} | {f["config"] for f in checked}
    want_fail = sum(1 for fs in pairs.values() if any(counted(f) for f in fs))
    want_skip = sum(1 for fs in pairs.values() if not any(counted(f) for f in fs) and any(f.get("undetermined") and not f.get("suppressed") for f in fs))
    extra_rules = {rule for _, rule in pairs} - loaded_rules
    want_tests = len(files) * rule_count + sum(1 for _, rule in pairs if rule in extra_rules)

    root = ET.fromstring(check(args + ["--format", "junit"], cwd))
    cases = root.findall("./testsuite/testcase")
    got = (len(cases), sum(1 for c in cases if c.find("failure") is not None), sum(1 for c in cases if c.find("skipped") is not None))
    if got != (want_tests, want_fail, want_skip):
        failures.append(f"{name}: JUnit has (tests, failures, skipped) = {got}, the JSON report implies {(want_tests, want_fail, want_skip)}")
    if (int(root.get("tests")), int(root.get("failures")), int(root.get("skipped"))) != got:
        failures.append(f"{name}: JUnit's totals disagree with its test cases")
    for c in cases:
        if c.find("failure") is not None and not any(counted(f) for f in pairs.get((c.get("classname"), c.get("name")), [])):
            failures.append(f"{name}: JUnit failure {c.get('classname')} {c.get('name')} has no finding behind it")

    tap = check(args + ["--format", "tap"], cwd)
    perl = subprocess.run(["perl", "-MTAP::Parser", "-e", TAP_COUNTS], input=tap, capture_output=True, text=True)
    if perl.returncode != 0:
        failures.append(f"{name}: TAP::Parser failed: {perl.stderr.strip()}")
    else:
        tap_counts = tuple(int(x) for x in perl.stdout.split())
        if tap_counts != (want_tests, want_tests, want_fail, want_skip, 0):
            failures.append(f"{name}: TAP (planned, run, failed, skipped, parse errors) = {tap_counts}, "
                            f"want {(want_tests, want_tests, want_fail, want_skip, 0)}")

    issues = json.loads(check(args + ["--format", "codequality"], cwd))
    unsuppressed = [f for f in findings_of(report) if not f.get("suppressed")]
    if len(issues) != len(unsuppressed):
        failures.append(f"{name}: {len(issues)} Code Quality issues for {len(unsuppressed)} unsuppressed findings")
    for issue in issues:
        ok = (isinstance(issue.get("description"), str) and isinstance(issue.get("check_name"), str)
              and re.fullmatch(r"[0-9a-f]{64}", issue.get("fingerprint", ""))
              and issue.get("severity") in ("info", "minor", "major", "critical", "blocker")
              and isinstance(issue.get("location", {}).get("path"), str)
              and isinstance(issue["location"].get("lines", {}).get("begin"), int) and issue["location"]["lines"]["begin"] >= 1)
        if not ok:
            failures.append(f"{name}: Code Quality issue lacks a key GitLab requires: {issue}")


# Prints planned, run, failed, skipped and parse-error counts of the TAP on stdin.
TAP_COUNTS = r"""
my $p = TAP::Parser->new({ source => do { local $/; <STDIN> } });
my ($run, $failed, $skipped) = (0, 0, 0);
while (my $r = $p->next) {
    next unless $r->is_test;
    $run++;
    $failed++ unless $r->is_ok;
    $skipped++ if $r->has_skip;
}
my @errors = $p->parse_errors;
print join(" ", $p->tests_planned // 0, $run, $failed, $skipped, scalar @errors), "\n";
"""


def artifact_path(run, location):
    """The file an artifactLocation names, through the run's originalUriBaseIds."""
    uri = location["uri"]
    if "uriBaseId" in location:
        uri = run["originalUriBaseIds"][location["uriBaseId"]]["uri"] + uri
    parsed = urllib.parse.urlparse(uri)
    if parsed.scheme != "file" or not uri.startswith("file:///"):
        raise RuntimeError(f"artifactLocation {location} is no absolute file URI")
    return pathlib.Path(urllib.parse.unquote(parsed.path))


def verify_fixes(name, sarif, cwd):
    """Each fix applied to its own copy of the job's folder; the copies go through one
    check (a many-file run reports each file as it would alone: many_file_run asserts it)."""
    if sarif["runs"][0].get("columnKind") != "unicodeCodePoints":
        failures.append(f"{name}: the run does not say how its offsets count")
    fixed = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in sarif["runs"][0]["results"]:
            for fix in r.get("fixes", []):
                (change,) = fix["artifactChanges"]
                path = artifact_path(sarif["runs"][0], change["artifactLocation"])
                text = path.read_text()
                for rep in sorted(change["replacements"], key=lambda x: -x["deletedRegion"]["charOffset"]):
                    at, n = rep["deletedRegion"]["charOffset"], rep["deletedRegion"]["charLength"]
                    text = text[:at] + rep["insertedContent"]["text"] + text[at + n:]
                copy = pathlib.Path(tmp) / f"d{len(fixed)}"
                shutil.copytree(path.parent, copy)
                (copy / path.name).write_text(text)
                fixed.append((str(copy / path.name), r["ruleId"]))
        if not fixed:
            return
        report = json.loads(check([f for f, _ in fixed] + ["--format", "json"], cwd))
        after = {item["config"]: item for item in report["files"]} if "files" in report else {fixed[0][0]: report}
        for job, rule in fixed:
            if job not in after:
                failures.append(f"{name}: the check of the fixed copies has no report of {job}")
            elif any(f["rule"] == rule and not f.get("undetermined") for f in findings_of(after[job])):
                failures.append(f"{name}: SARIF fix of {rule} applied, the rule still fires")
            verified_fixes.append(rule)


verified_fixes = []


def case(name, args, cwd, want_suppressed=False):
    report = json.loads(check(args + ["--format", "json"], cwd))
    findings = findings_of(report)
    test_reports(name, args, cwd, report, len(loaded_rules))
    sarif = json.loads(check(args + ["--format", "sarif"], cwd))
    errors = sorted(validator.iter_errors(sarif), key=lambda e: list(e.path))
    if errors:
        failures.append(f"{name}: SARIF does not validate: {errors[0].message} at {list(errors[0].path)}")
        return
    verify_fixes(name, sarif, cwd)
    results = sarif["runs"][0]["results"]
    if len(results) != len(findings):
        failures.append(f"{name}: {len(results)} SARIF results for {len(findings)} findings")
        return
    rule_ids = {r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    for f, r in zip(findings, results):
        line = r["locations"][0]["physicalLocation"].get("region", {}).get("startLine", 0)
        if r["ruleId"] != f["rule"] or line != (f["location"].get("line") or 0) or r["message"]["text"] != f["message"]:
            failures.append(f"{name}: SARIF result {r['ruleId']}:{line} is not finding {f['rule']}:{f.get('location', {}).get('line')}")
        if "ruleIndex" in r and sarif["runs"][0]["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] != r["ruleId"]:
            failures.append(f"{name}: ruleIndex of {r['ruleId']} points at another rule")
        if f["rule"] in rule_ids and "ruleIndex" not in r:
            failures.append(f"{name}: {f['rule']} is a loaded rule but its result has no ruleIndex")
        if bool(f.get("suppressed")) != bool(r.get("suppressions")):
            failures.append(f"{name}: {f['rule']} suppressed in JSON is not suppressed in SARIF (or the reverse)")
        if len(r["partialFingerprints"]["preflight/v1"]) != 64:
            failures.append(f"{name}: {f['rule']} has no SHA-256 fingerprint")
    if want_suppressed and not any(r.get("suppressions") for r in results):
        failures.append(f"{name}: expected a suppressed result")

    lines = check(args + ["--format", "github"], cwd).splitlines()
    if len(lines) != len(findings):
        failures.append(f"{name}: {len(lines)} annotations for {len(findings)} findings")
        return
    for f, text in zip(findings, lines):
        m = ANNOTATION.match(text)
        if not m:
            failures.append(f"{name}: not a workflow command: {text}")
            continue
        props = dict(p.split("=", 1) for p in m.group(2).split(","))
        props = {k: unescape(v) for k, v in props.items()}
        message = unescape(m.group(3))
        if props.get("title") != f["rule"] or int(props.get("line", 0)) != (f["location"].get("line") or 0):
            failures.append(f"{name}: annotation {props} is not finding {f['rule']}:{f.get('location', {}).get('line')}")
        if not message.endswith(f["message"]):
            failures.append(f"{name}: annotation message {message!r} does not carry {f['message']!r}")


def stable_identities():
    """SARIF URIs and fingerprints, and Code Quality paths and fingerprints, are the same
    whether the run names the directory relatively, absolutely or from a subdirectory, in
    another checkout, and after the finding's line moves; and they are the baseline's."""
    def identities(cwd, args):
        sarif = json.loads(check(args + ["--format", "sarif"], cwd))
        errors = list(validator.iter_errors(sarif))
        if errors:
            failures.append(f"identities: SARIF from {cwd} {args} does not validate: {errors[0].message}")
        run = sarif["runs"][0]
        base = run.get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri")
        results = []
        for r in run["results"]:
            loc = r["locations"][0]["physicalLocation"]["artifactLocation"]
            results.append((r["ruleId"], loc.get("uriBaseId"), loc["uri"], r["partialFingerprints"]["preflight/v1"]))
            if artifact_path(run, loc) != pathlib.Path(base[len("file://"):]) / loc["uri"] or not artifact_path(run, loc).is_file():
                failures.append(f"identities: {loc} does not name a file below SRCROOT {base}")
        issues = [(i["check_name"], i["location"]["path"], i["fingerprint"])
                  for i in json.loads(check(args + ["--format", "codequality"], cwd))]
        # GitHub's runner resolves file= against the repository root too.
        annotated = sorted({m.group(2).split(",")[0] for m in map(ANNOTATION.match, check(args + ["--format", "github"], cwd).splitlines()) if m})
        if annotated != ["file=jobs/fail.toml"]:
            failures.append(f"identities: GitHub annotations from {cwd} {args} name {annotated}, want file=jobs/fail.toml")
        lines = [r["locations"][0]["physicalLocation"].get("region", {}).get("startLine") for r in run["results"]]
        return base, results, issues, lines

    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        repo = tmp / "checkout-a"
        (repo / ".git").mkdir(parents=True)
        (repo / "jobs").mkdir()
        shutil.copy(src / "tests/golden/ci-many/walk-text/repo/jobs/fail.toml", repo / "jobs")
        base, want, want_issues, lines = identities(repo, ["jobs"])
        if base != repo.resolve().as_uri() + "/":
            failures.append(f"identities: SRCROOT is {base}, want the repository root {repo.resolve().as_uri()}/")
        if not want or any(r[1] != "SRCROOT" or r[2] != "jobs/fail.toml" for r in want):
            failures.append(f"identities: results are not named jobs/fail.toml below SRCROOT: {want}")
        if not want_issues or any(i[1] != "jobs/fail.toml" for i in want_issues):
            failures.append(f"identities: Code Quality paths are not repository-relative: {want_issues}")
        if sorted(r[3] for r in want if r[0] in {i[0] for i in want_issues}) != sorted(i[2] for i in want_issues):
            failures.append("identities: Code Quality fingerprints differ from SARIF's")
        for cwd, args in ((repo, [str(repo / "jobs")]), (repo / "jobs", ["."]), (repo / "jobs", ["fail.toml"]),
                          (tmp, [str(repo / "jobs")])):
            _, got, got_issues, _ = identities(cwd, args)
            if (got, got_issues) != (want, want_issues):
                failures.append(f"identities: check {args} from {cwd} names results otherwise: {got} {got_issues}, want {want} {want_issues}")
        # The baseline written from a subdirectory holds the same fingerprints.
        subprocess.run([preflight, "check", "fail.toml", "--write-baseline", str(tmp / "baseline.json")], cwd=repo / "jobs",
                       capture_output=True, env={"PREFLIGHT_RULES_PATH": str(src / "rules")})
        recorded = {e["fingerprint"] for e in json.loads((tmp / "baseline.json").read_text())["entries"]}
        if recorded != {r[3] for r in want}:
            failures.append(f"identities: the baseline's fingerprints {sorted(recorded)} are not SARIF's {sorted(r[3] for r in want)}")
        # Another checkout, with lines added above every finding.
        other = tmp / "elsewhere" / "checkout-b"
        shutil.copytree(repo, other)
        job = other / "jobs/fail.toml"
        job.write_text("# moved down\n# by two lines\n" + job.read_text())
        base_b, got, got_issues, lines_b = identities(other / "jobs", ["."])
        if (got, got_issues) != (want, want_issues) or base_b == base:
            failures.append(f"identities: another checkout names results otherwise: {got}, want {want}")
        if lines_b != [n + 2 if n else n for n in lines]:
            failures.append(f"identities: lines {lines_b} did not move by two from {lines}")


def link(ref):
    """A reference as a browser opens it: a URL, or owner/repo@TAG:path[:line] as the
    GitHub page of that line at that tag (output/reference_url.hpp); None for prose."""
    if ref.startswith(("https://", "http://")):
        return ref
    m = re.match(r"^([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)@([A-Za-z0-9_.+/-]+)", ref)
    if not m:
        return None
    owner, repo, tag = m.groups()
    rest = ref[m.end():]
    if rest and not rest.startswith(":"):
        return None  # prose after the tag ("@branch v2 (untagged)") names no tag
    p = re.match(r"^:([A-Za-z0-9_.+/-]+)(?::(\d+))?", rest)
    if not p:
        return f"https://github.com/{owner}/{repo}/tree/{tag}"
    path, line = p.groups()
    return f"https://github.com/{owner}/{repo}/blob/{tag}/{path}" + (f"#L{line}" if line else "")


def descriptors():
    """Each loaded rule's reportingDescriptor: helpUri is its first reference a browser can
    open (a URL, or upstream code at a tag as its GitHub link), and help carries its
    explanation page and every reference."""
    sarif = json.loads(check([str(src / "share/examples" / sorted(p.name for p in (src / "share/examples").glob("*.toml"))[0]),
                              "--format", "sarif"], src))
    got = {d["id"]: d for d in sarif["runs"][0]["tool"]["driver"]["rules"]}
    with_uri = without_uri = 0
    for pack in sorted((src / "rules").glob("*/pack.toml")):
        for rule in tomllib.loads(pack.read_text()).get("rules", []):
            d = got.get(rule["id"])
            if d is None:
                failures.append(f"descriptors: {rule['id']} of {pack.parent.name} has no reportingDescriptor")
                continue
            # A reference is a string or { at, quote } (docs/rule-packs.md): its citation is `at`.
            refs = [r if isinstance(r, str) else r["at"] for r in rule.get("references", [])]
            want = next((link(r) for r in refs if link(r)), None)
            if d.get("helpUri") != want:
                failures.append(f"descriptors: {rule['id']} has helpUri {d.get('helpUri')!r}, want {want!r}")
            with_uri += want is not None
            without_uri += want is None and bool(refs)
            explain = rule.get("explain") or (pack.parent / "explain" / f"{rule['id']}.md").read_text()
            for kind in ("text", "markdown"):
                help_text = d.get("help", {}).get(kind, "")
                if explain.strip() not in help_text or not all(r in help_text for r in refs):
                    failures.append(f"descriptors: help.{kind} of {rule['id']} lacks its explanation or a reference")
    # Every rule cites upstream code at a tag or a URL: every rule has a link (issue 24).
    if not with_uri or without_uri:
        failures.append(f"descriptors: want a helpUri for every rule, got {with_uri} with and {without_uri} without")


loaded_rules = set(subprocess.run([preflight, "rules", "list", "--format", "ids", "--rules", str(src / "rules")],
                                  capture_output=True, text=True, check=True).stdout.split())

for example in sorted((src / "share/examples").glob("*.toml")):
    case(example.name, [str(example)], src)
for script in sorted((src / "tests/launches/scripts").glob("*.sh"))[:4]:
    case(script.name, [str(script), "--with", str(src / "tests/launches" / (script.stem + ".toml"))], src)
case("waivers/inline", ["job.toml"], src / "tests/golden/waivers/inline", want_suppressed=True)
case("baseline/new-and-fixed", ["job.toml", "--baseline", "baseline.json"], src / "tests/golden/baseline/new-and-fixed",
     want_suppressed=True)


def many_file_run():
    """Directories, a named file, a waiver file and a baseline in one run."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        shutil.copytree(src / "share/examples", tmp / "examples")
        # The published-style scripts only: forms/bad-* are bad input on purpose (exit 2).
        shutil.copytree(src / "tests/launches/scripts", tmp / "scripts", ignore=shutil.ignore_patterns("bad-*", "function-sources-itself.sh"))
        (tmp / ".git").mkdir()  # a repository root: its .gitignore applies
        (tmp / ".gitignore").write_text("scripts/swift-qwen3_5-*\n")
        (tmp / "waivers.toml").write_text('[[waive]]\nrule = "tms-expandable-segments-npu"\njustification = "accepted for the demo"\n'
                                         'owner = "ci"\nexpires = 2099-01-01\n')
        first = sorted((tmp / "examples").glob("*.toml"))[0]
        subprocess.run([preflight, "check", str(first), "--write-baseline", str(tmp / "baseline.json")], cwd=tmp,
                       capture_output=True, env={"PREFLIGHT_RULES_PATH": str(src / "rules")})
        # One entry of the first file that this run no longer finds: fixed since.
        baseline = json.loads((tmp / "baseline.json").read_text())
        baseline["entries"].append({"fingerprint": "0" * 64, "rule": "tp-too-large", "file": f"examples/{first.name}",
                                    "key": "parallel.tp", "message": "fixed since"})
        (tmp / "baseline.json").write_text(json.dumps(baseline))
        args = ["examples", "scripts", "--waivers", "waivers.toml", "--baseline", "baseline.json", "--no-waiver-discovery",
                "--now", "2026-07-01"]  # the waiver expires 2099-01-01; the day is fixed all the same
        case("many-file run", args, tmp, want_suppressed=True)
        report = json.loads(check(args + ["--format", "json"], tmp))
        kinds = {f.get("suppressed", {}).get("kind") for f in findings_of(report)}
        if not {"baseline", "waiver"} <= kinds:
            failures.append(f"many-file run: want findings suppressed by the baseline and by the waiver, got kinds {kinds}")
        fixed = [f for f in findings_of(report) if f["rule"] == "baseline-fixed"]
        if len(fixed) != 1 or "1 baseline entry is gone (fixed): tp-too-large in examples/" not in fixed[0]["message"]:
            failures.append(f"many-file run: want one baseline-fixed notice naming the entry gone, got {fixed}")
        junit = ET.fromstring(check(args + ["--format", "junit"], tmp))
        if not any(c.find("skipped") is not None for c in junit.iter("testcase")):
            failures.append("many-file run: JUnit has no <skipped> case for an undetermined rule")
        configs = [f["config"] for f in report["files"]]
        if configs != sorted(configs, key=lambda c: c.split("/")):
            failures.append(f"many-file run: files are not in name order: {configs}")
        if any(c.startswith("scripts/swift-qwen3_5-") for c in configs):
            failures.append("many-file run: a .gitignore'd script was checked")
        if not any(c.startswith("scripts/") for c in configs):
            failures.append("many-file run: no script was checked")
        # Each file's report equals the report of that file checked alone (without gates,
        # whose notices go to the run's first file).
        plain = json.loads(check(["examples", "scripts", "--no-waiver-discovery", "--format", "json"], tmp))
        for item in plain["files"]:
            if "launches" in item and not item["launches"]:
                continue  # a walked script with no launch: nothing to check alone
            alone = json.loads(check([item["config"], "--format", "json", "--no-waiver-discovery"], tmp))
            alone.pop("preflight_version"), alone.pop("output_version")
            if alone != item:
                failures.append(f"many-file run: {item['config']} differs from its report when checked alone")
        # -o writes exactly what stdout shows.
        shown = check(args + ["--format", "junit"], tmp)
        subprocess.run([preflight, "check", *args, "--format", "junit", "-o", "out.xml"], cwd=tmp, capture_output=True,
                       env={"PREFLIGHT_RULES_PATH": str(src / "rules")})
        if (tmp / "out.xml").read_text() != shown:
            failures.append("many-file run: -o out.xml differs from standard output")


many_file_run()
descriptors()
stable_identities()
if not verified_fixes:
    failures.append("no SARIF result carried fixes: the fix check checked nothing")

for f in failures:
    print("FAIL " + f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)

#!/usr/bin/python3
"""Every CI format carries hostile text without letting it act on the log.

A job whose file name holds ESC, CR, LF, '%', ':', ',', DEL, a C1 control and a
bidirectional override, with an unknown key of the same kind and a pack whose rule
message carries raw control characters and a hostile value, is checked in every
format. No format may write a control character raw (only LF between lines, and tab);
GitHub workflow commands are one per finding, each one line that the runner's
unescaping (%25 %0D %0A, and %3A %2C in properties) reads back to the finding's text
shown as `preflight` shows text; JUnit parses as XML, SARIF and Code Quality as JSON,
and SARIF still names the file exactly; TAP::Parser reads the TAP with no parse errors.
Usage: hostile_text_test.py PREFLIGHT SOURCE_DIR
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import urllib.parse
import xml.etree.ElementTree as ET

preflight, src = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
failures = []

HOSTILE = "\x1b[2J\x1b[31m%0A%:,\r\n::error file=forged.toml::forged\x7f\u009b31m\u202e"
NAME = "job" + HOSTILE.replace("/", "") + ".toml"

PACK = r'''[pack]
name = "hostile"
version = "1.0.0"
engine = ">=0.1"
summary = "a rule whose message carries control characters"

[[rules]]
id = "hostile-message"
severity = "error"
summary = "a hostile message"
references = ["none"]
message = "raw \u001b[5mESC\u001b[0m and CR\r and LF\n::warning::forged, job {job.name}"
when = "parallel.tp > 1"
'''


def toml_string(s):
    return '"' + "".join("\\u%04X" % ord(c) if ord(c) < 0x20 or ord(c) == 0x7F else ("\\" + c if c in '"\\' else c) for c in s) + '"'


def raw_controls(text):
    """The control characters the text carries raw (LF and tab are allowed)."""
    return sorted({hex(ord(c)) for c in text
                   if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F
                   or c in "\u2028\u2029\u200e\u200f\u061c" or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069})


def run(args, cwd):
    out = subprocess.run([preflight, "check", *args], capture_output=True, cwd=cwd,
                         env={"PREFLIGHT_RULES_PATH": str(src / "rules"), "PATH": "/usr/bin:/bin"})
    if out.returncode not in (0, 1):
        raise RuntimeError(f"check {args} exited {out.returncode}: {out.stderr!r}")
    return out.stdout.decode("utf-8"), out.stderr.decode("utf-8")


def unescape(s):
    return re.sub(r"%(25|0D|0A|3A|2C)", lambda m: {"25": "%", "0D": "\r", "0A": "\n", "3A": ":", "2C": ","}[m.group(1)], s)


with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    (tmp / "packs/hostile").mkdir(parents=True)
    (tmp / "packs/hostile/pack.toml").write_text(PACK)
    example = (src / "share/examples/qwen3_5-27b-megatron-npu.toml").read_text()
    example = example.replace('name = "qwen3.5-27b-sft"', "name = " + toml_string("sft" + HOSTILE))
    example = example.replace("[parallel]", f"{toml_string('unknown' + HOSTILE)} = 1\n\n[parallel]")
    (tmp / NAME).write_text(example)
    (tmp / "models").symlink_to(src / "share/examples/models")
    args = [NAME, "--rules", str(tmp / "packs")]

    report = json.loads(run(args + ["--format", "json"], tmp)[0])
    findings = report["findings"]
    rules = {f["rule"] for f in findings}
    if "hostile-message" not in rules:
        failures.append(f"the job does not raise the hostile findings: {sorted(rules)}")

    for fmt in ("text", "github", "tap", "junit", "sarif", "codequality"):
        out, err = run(args + ["--format", fmt], tmp)
        bad = raw_controls(out)
        if bad:
            failures.append(f"{fmt}: raw control characters {bad} in the output")
        if raw_controls(err):
            failures.append(f"{fmt}: raw control characters {raw_controls(err)} on stderr")
        if fmt == "github":
            lines = out.splitlines()
            if len(lines) != len(findings) or not all(re.match(r"^::(error|warning|notice) file=[^:]*::", l) for l in lines):
                failures.append(f"github: {len(lines)} lines for {len(findings)} findings, or a line that is no command:\n{out}")
            for line, f in zip(lines, findings):
                m = re.match(r"^::\w+ (.*?)::(.*)$", line)
                props = dict(p.split("=", 1) for p in m.group(1).split(","))
                if ":" in m.group(1) or unescape(props["title"]) != f["rule"]:
                    failures.append(f"github: properties not escaped as the runner reads them: {m.group(1)}")
                # What the runner shows has no control character but the line breaks
                # the message carries (%0D %0A), and they are the finding's own.
                message = unescape(m.group(2))
                if raw_controls(message.replace("\r", "").replace("\n", "")):
                    failures.append(f"github: a control character reaches the annotation: {message!r}")
                if message.count("\n") != f["message"].count("\n"):
                    failures.append(f"github: the message's line breaks changed: {message!r} for {f['message']!r}")
        if fmt == "junit":
            try:
                ET.fromstring(out)
            except ET.ParseError as e:
                failures.append(f"junit: not XML: {e}")
        if fmt == "tap":
            perl = subprocess.run(["perl", "-MTAP::Parser", "-e",
                                   'my $p = TAP::Parser->new({ source => do { local $/; <STDIN> } }); '
                                   'my $n = 0; while (my $r = $p->next) { $n++ if $r->is_test } '
                                   'print join(" ", $p->tests_planned, $n, scalar($p->parse_errors)), "\\n";'],
                                  input=out, capture_output=True, text=True)
            planned, ran, errors = (int(x) for x in perl.stdout.split())
            if planned != ran or errors:
                failures.append(f"tap: planned {planned}, ran {ran}, {errors} parse errors")
        if fmt in ("sarif", "codequality"):
            doc = json.loads(out)
            if fmt == "sarif":
                uris = {urllib.parse.unquote(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
                        for r in doc["runs"][0]["results"]}
                if uris != {NAME}:
                    failures.append(f"sarif: the file is not named exactly: {uris}")
                messages = {r["message"]["text"] for r in doc["runs"][0]["results"]}
                if not any("\x1b" in m for m in messages):
                    failures.append("sarif: the messages no longer carry their text exactly")

for f in failures:
    print("FAIL", f)
print(f"hostile text in CI formats: {len(failures)} failures")
sys.exit(1 if failures else 0)

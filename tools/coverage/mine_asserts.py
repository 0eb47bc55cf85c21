#!/usr/bin/python3
"""Draft a mined-checks file: every assert and raise in one Python function.

  mine_asserts.py FILE.py FUNCTION AT_PREFIX [--class CLASS]

FILE.py is upstream source (e.g. `git -C MIRROR show TAG:path > /tmp/x.py`); AT_PREFIX is
`owner/repo@tag:path`. Prints [[check]] drafts with the line of each refusal and the
conditions that guard it, written as expressions, so a reader can classify each row
(decides, rule or reason) and write `checks` in their own words. Upstream's messages
are not copied. A reading aid only: review every row before committing it.
"""

import argparse
import ast
import sys


def find_function(tree, name, cls):
    for node in ast.walk(tree):
        if cls and isinstance(node, ast.ClassDef) and node.name == cls:
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef) and sub.name == name:
                    return sub
        if not cls and isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    return None


def short(expr, limit=160):
    text = ast.unparse(expr).replace("args.", "").replace("self.", "")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def walk(node, guards, out):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If):
            for stmt in child.body:
                walk_stmt(stmt, guards + [short(child.test, 80)], out)
            neg = "not (" + short(child.test, 80) + ")"
            for stmt in child.orelse:
                walk_stmt(stmt, guards + [neg], out)
        elif isinstance(child, (ast.FunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        else:
            walk_stmt(child, guards, out)


def walk_stmt(stmt, guards, out):
    if isinstance(stmt, ast.Assert):
        out.append((stmt.lineno, guards, "requires " + short(stmt.test)))
    elif isinstance(stmt, ast.Raise) and stmt.exc is not None:
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        out.append((stmt.lineno, guards, "raises " + short(exc, 40)))
    if isinstance(stmt, ast.If):
        walk(ast.Module(body=[stmt], type_ignores=[]), guards, out)
    elif not isinstance(stmt, (ast.FunctionDef, ast.ClassDef)):
        walk(stmt, guards, out)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("function")
    ap.add_argument("at_prefix")
    ap.add_argument("--class", dest="cls")
    a = ap.parse_args(argv)
    tree = ast.parse(open(a.file, encoding="utf-8").read())
    fn = find_function(tree, a.function, a.cls)
    if fn is None:
        print(f"{a.file}: no function {a.function}", file=sys.stderr)
        return 1
    out = []
    walk(fn, [], out)
    for line, guards, what in sorted(out):
        when = " and ".join(guards)
        print("[[check]]")
        print(f'at = "{a.at_prefix}:{line}"')
        print(f"# {('when ' + when + ': ') if when else ''}{what}")
        print('checks = ""')
        print('decides = ""')
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

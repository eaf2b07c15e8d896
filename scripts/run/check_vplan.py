#!/usr/bin/env python3
"""Check the verification plan in docs/verification.md against the tree.

The plan is the table between <!-- BEGIN vplan --> and <!-- END vplan -->. Its columns:
  rule | directed | unit | formal | other | bins
Every `backticked` item of a cell must exist:
  directed  verif/directed/NAME.stim
  unit      a test that main() of cmodel/test/test_model.c runs (TB_MAIN(NAME, ...))
  formal    a property marker `// [NAME]` in verif/formal/*.sv, or a mutant `mut.NAME` of
            verif/formal/run.sh
  other     kernel:NAME (verif/kernels/kernels.txt), regress:NAME (a test of
            verif/regress/tests.txt; {placeholders} match anything), check:NAME (also a test of
            verif/regress/tests.txt: a build, static check or suite), mutant:NAME (scripts/run/mutants.txt),
            fuzz:NAME (verif/fuzz/NAME.c or .cpp), golden:NAME (verif/golden/vectors/NAME.*.hex)
  bins      a functional coverage bin of verif/coverage/pmu_cov.c: a name set literally there,
            or a name of the shape of one of its snprintf formats; `*` stands for one part
            between dots (so `stk.t*.*.*` names every stack bin)
And the other way round: every directed test, unit test, formal property, kernel and coverage bin
(literal or format) must appear in the plan at least once.

Prints one line per problem as FILE:LINE: rule and exits 1 if there is any; 0 otherwise.
"""
import fnmatch
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOC = "docs/verification.md"


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def inventory():
    inv = {}
    inv["directed"] = {os.path.basename(p)[:-5] for p in glob.glob(os.path.join(ROOT, "verif/directed/*.stim"))}
    tm = read("cmodel/test/test_model.c")
    m = re.search(r"^TB_MAIN\(([^)]*)\)", tm, re.M)   # the tests main() runs (test_tb.h)
    inv["unit"] = set(re.findall(r"\w+", m.group(1))) if m else set()
    props = set()
    for p in glob.glob(os.path.join(ROOT, "verif/formal/*.sv")):
        with open(p, encoding="utf-8") as f:
            props |= set(re.findall(r"// \[([a-z0-9_.]+)\]", f.read()))
    inv["formal"] = props
    inv["formal_mut"] = set(re.findall(r"'(mut\.[a-z0-9-]+)\|", read("verif/formal/run.sh")))
    inv["kernel"] = set(re.findall(r"^kernel\s+(\S+)", read("verif/kernels/kernels.txt"), re.M))
    inv["regress"] = set()
    for line in read("verif/regress/tests.txt").splitlines():
        m = re.match(r"^([A-Za-z0-9_{}.-]+)\s", line)
        if m and not line.startswith("#"):
            inv["regress"].add(re.sub(r"\{[a-z]+\}", "*", m.group(1)))
    inv["check"] = inv["regress"]  # the builds, static checks and suites are tests of the same list
    inv["mutant"] = set(re.findall(r"^([a-z0-9-]+)\|", read("scripts/run/mutants.txt"), re.M))
    inv["fuzz"] = {os.path.splitext(os.path.basename(p))[0]
                   for p in glob.glob(os.path.join(ROOT, "verif/fuzz/fuzz_*.c*"))}
    inv["golden"] = {os.path.basename(p).split(".")[0]
                     for p in glob.glob(os.path.join(ROOT, "verif/golden/vectors/*.stim.hex"))}
    cov = read("verif/coverage/pmu_cov.c")
    lits = set(re.findall(r'"([a-z][a-z0-9_]*(?:\.[a-z0-9_()]+)+)"', cov))
    lits = {x for x in lits if not x.endswith(".h")}
    fmts = set(re.findall(r'"([a-z][a-z0-9_.]*%[^"]*)"', cov))
    inv["bin_lit"] = lits
    inv["bin_fmt"] = fmts
    return inv


def fmt_regex(fmt):
    parts = re.split(r"(%[0-9]*[sdux])", fmt)
    return re.compile("^" + "".join("[^.]+" if p.startswith("%") else re.escape(p) for p in parts) + "$")


def main():
    inv = inventory()
    fmt_re = {f: fmt_regex(f) for f in inv["bin_fmt"]}
    text = read(DOC).splitlines()
    problems = []
    used = {k: set() for k in ("directed", "unit", "formal", "kernel", "bin_lit", "bin_fmt")}
    try:
        begin = next(i for i, l in enumerate(text) if l.strip() == "<!-- BEGIN vplan -->")
        end = next(i for i, l in enumerate(text) if l.strip() == "<!-- END vplan -->")
    except StopIteration:
        print(f"{DOC}:0: no <!-- BEGIN vplan --> ... <!-- END vplan --> table")
        return 1
    rows = 0
    for n in range(begin + 1, end):
        line = text[n]
        if not line.startswith("|") or re.match(r"^\|[-| :]+\|$", line):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "rule (spec section)":
            continue
        where = f"{DOC}:{n + 1}"
        if len(cells) != 6:
            problems.append(f"{where}: a row needs 6 cells, has {len(cells)}")
            continue
        rows += 1
        if not re.search(r"\b\d(\.\d)*\b|\(tools\)", cells[0]):
            problems.append(f"{where}: the rule names no spec section")
        for col, cell in zip(("directed", "unit", "formal", "other", "bins"), cells[1:]):
            for item in re.findall(r"`([^`]+)`", cell):
                ok = True
                if col == "directed":
                    ok = item in inv["directed"]
                    used["directed"].add(item)
                elif col == "unit":
                    ok = item in inv["unit"]
                    used["unit"].add(item)
                elif col == "formal":
                    if item.startswith("mut."):
                        ok = item in inv["formal_mut"]
                    else:
                        ok = item in inv["formal"]
                        used["formal"].add(item)
                elif col == "other":
                    kind, _, name = item.partition(":")
                    if kind not in ("kernel", "regress", "check", "mutant", "fuzz", "golden") or not name:
                        ok = False
                    elif kind in ("regress", "check"):
                        ok = any(fnmatch.fnmatchcase(name, pat) for pat in inv[kind])
                    else:
                        ok = name in inv[kind]
                        if kind == "kernel":
                            used["kernel"].add(name)
                elif col == "bins":
                    hit_lit = {b for b in inv["bin_lit"] if fnmatch.fnmatchcase(b, item)}
                    hit_fmt = {f for f, rx in fmt_re.items() if rx.match(item)}
                    ok = bool(hit_lit or hit_fmt)
                    used["bin_lit"] |= hit_lit
                    used["bin_fmt"] |= hit_fmt
                if not ok:
                    problems.append(f"{where}: {col} `{item}` does not exist in the tree")
    if rows == 0:
        problems.append(f"{DOC}:{begin + 1}: the plan table has no rows")
    where = f"{DOC}:{begin + 1}"
    for k, what in (("directed", "directed test"), ("unit", "unit test"), ("formal", "formal property"),
                    ("kernel", "kernel"),
                    ("bin_lit", "coverage bin"), ("bin_fmt", "coverage bin family")):
        for name in sorted(inv[k] - used[k]):
            problems.append(f"{where}: {what} `{name}` is in the tree but not in the plan")
    for p in problems:
        print(p)
    print(f"check_vplan: {rows} rules, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

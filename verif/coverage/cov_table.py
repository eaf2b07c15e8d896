#!/usr/bin/env python3
"""Merge functional-coverage files (stallscope-cov v1, written by Vpmu_lockstep --cov-out) and
print Markdown for docs/coverage.md: per run the bins hit, the merged figure, and every bin with
the fewest hits in any one run and the merged hits (the compare-mode cross and the CPI-stack bins
as matrices).

usage: cov_table.py FILE.cov...   (all files must list the same bins)"""
import sys


def parse(path):
    with open(path, encoding="ascii") as f:
        lines = f.read().split("\n")
    if lines[0] != "# stallscope-cov v1":
        sys.exit("%s:1: not a stallscope-cov v1 file" % path)
    cycles, bins = None, {}
    for no, line in enumerate(lines[1:], 2):
        w = line.split(" ")
        if w == [""]:
            continue
        if w[0] == "cycles" and len(w) == 2 and w[1].isdigit():
            cycles = int(w[1])
        elif w[0] == "bin" and len(w) == 3 and w[2].isdigit():
            bins[w[1]] = int(w[2])
        else:
            sys.exit("%s:%d: expected 'cycles N' or 'bin NAME HITS'" % (path, no))
    if cycles is None or not bins:
        sys.exit("%s: no cycles line or no bins" % path)
    return cycles, bins


def group(name):
    p = name.split(".")
    if p[0] == "evt" and len(p) > 2 and p[1] == "code":
        return "evt.code"
    if p[0] == "stk" and len(p) == 4:
        return "stk.tN"
    return p[0]


def matrix(names, least, merged, prefix, rows, cols, cell):
    """A rows x cols table of 'fewest / merged' hits for the bins prefix+cell(r, c)."""
    print("| %s | %s |" % (prefix, " | ".join(cols)))
    print("|---|%s|" % "|".join("---:" for _ in cols))
    for r in rows:
        out = []
        for c in cols:
            k = cell(r, c)
            out.append("%d / %d" % (least[k], merged[k]) if k in least else "-")
        print("| %s | %s |" % (r, " | ".join(out)))
    print()


def main():
    files = sys.argv[1:]
    if not files:
        sys.exit(__doc__.split("\n\n")[1])
    runs = [(f, *parse(f)) for f in files]
    names = list(runs[0][2])
    for f, _, b in runs:
        if list(b) != names:
            sys.exit("%s: the bin list differs from %s" % (f, files[0]))
    n = len(names)
    print("| run | cycles | bins hit | % |")
    print("|---|---:|---:|---:|")
    for f, cyc, b in runs:
        h = sum(1 for v in b.values() if v)
        print("| `%s` | %d | %d/%d | %.1f%% |" % (f.split("/")[-1], cyc, h, n, 100.0 * h / n))
    merged = {k: sum(b[k] for _, _, b in runs) for k in names}
    h = sum(1 for v in merged.values() if v)
    print("| merged | %d | %d/%d | %.1f%% |" % (sum(c for _, c, _ in runs), h, n, 100.0 * h / n))
    print()
    least = {k: min(b[k] for _, _, b in runs) for k in names}
    print("Cells and rows: fewest hits in one run / merged hits.")
    print()
    print("| bin | fewest hits in one run | merged hits |")
    print("|---|---:|---:|")
    order = []
    for k in names:
        if group(k) not in order:
            order.append(group(k))
    for g in order:
        if g in ("stk.tN", "cross"):
            continue
        for k in [k for k in names if group(k) == g]:
            print("| `%s` | %d | %d |" % (k, least[k], merged[k]))
    print()
    modes = ["cmp_ge", "cmp_lt", "cmp_eq", "cmp_ne", "plain"]
    combos = ["%s.%s.%s" % (e, i, c) for e in ("level", "edge") for i in ("noinv", "inv")
              for c in ("cnt1", "cntv")]
    matrix(names, least, merged, "`cross.MODE.`", modes, combos, lambda r, c: "cross.%s.%s" % (r, c))
    stk = [k for k in names if group(k) == "stk.tN"]
    if stk:
        rows = []
        comps = []
        for k in stk:
            _, t, st, cp = k.split(".")
            if "%s.%s" % (t, st) not in rows:
                rows.append("%s.%s" % (t, st))
            if cp not in comps:
                comps.append(cp)
        matrix(names, least, merged, "`stk.`", rows, comps, lambda r, c: "stk.%s.%s" % (r, c))


if __name__ == "__main__":
    main()

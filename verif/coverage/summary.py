#!/usr/bin/env python3
"""Per-module line/branch/toggle coverage of a Verilator coverage.dat (SystemC::Coverage-3).

usage: summary.py MERGED.dat [--untoggled FILE]

Prints one row per Verilog module (points of all its instances): points hit / points and the
percentage for each coverage type Verilator recorded (v_line and v_branch from --coverage-line,
v_toggle from --coverage-toggle; a toggle point is one bit of one signal, hit when it changed at
least once), and the toggle figure of the state elements alone (signals named *_q). With
--untoggled, writes the signals that have untoggled bits, per module.
The lcov file written by verilator_coverage --write-info sums all points of a source line into
one DA count, so it cannot tell a toggled line from an untoggled one; this reads the .dat."""
import collections
import re
import sys

TYPES = (("v_line", "line"), ("v_branch", "branch"), ("v_toggle", "toggle"))


def parse(path):
    pts = []
    with open(path, encoding="latin-1") as f:
        first = f.readline()
        if not first.startswith("# SystemC::Coverage"):
            sys.exit("%s:1: not a Verilator coverage file" % path)
        for no, line in enumerate(f, 2):
            if not line.startswith("C '"):
                continue
            try:
                body, count = line.rstrip("\n").rsplit("' ", 1)
                kv = dict(x.split("\x02", 1) for x in body[3:].split("\x01") if x)
                typ, mod = kv["page"].split("/", 1)
                pts.append((typ, mod.split("__")[0], kv.get("o", ""), int(count)))
            except (ValueError, KeyError):
                sys.exit("%s:%d: malformed coverage point" % (path, no))
    return pts


def main():
    args = sys.argv[1:]
    if not args or len(args) not in (1, 3) or (len(args) == 3 and args[1] != "--untoggled"):
        sys.exit(__doc__.split("\n\n")[1])
    pts = parse(args[0])
    tot = collections.Counter()
    hit = collections.Counter()
    mods = set()
    for typ, mod, _, cnt in pts:
        mods.add(mod)
        for key in ((typ, mod), (typ, "total")):
            tot[key] += 1
            hit[key] += cnt > 0
    cols = [(t, n) for t, n in TYPES if tot[(t, "total")]]
    print("%-14s" % "module" + "".join("%22s" % n for _, n in cols))
    for mod in sorted(mods) + ["total"]:
        row = "%-14s" % mod
        for t, _ in cols:
            n, h = tot[(t, mod)], hit[(t, mod)]
            row += "%22s" % ("%d/%d %6.1f%%" % (h, n, 100.0 * h / n) if n else "-")
        print(row)
    st = [cnt > 0 for typ, _, o, cnt in pts if typ == "v_toggle" and re.sub(r"\[\d+\]", "", o).endswith("_q")]
    if st:
        print("state elements (flops *_q): %d/%d bits toggled (%.1f%%)" % (
            sum(st), len(st), 100.0 * sum(st) / len(st)))
    if len(args) == 3:
        sig = collections.defaultdict(lambda: [0, 0])
        for typ, mod, o, cnt in pts:
            if typ == "v_toggle":
                s = sig[(mod, re.sub(r"\[\d+\]", "", o))]
                s[0] += 1
                s[1] += cnt > 0
        with open(args[2], "w") as f:
            f.write("# signals with untoggled bits: module signal untoggled/bits\n")
            for (mod, name), (n, h) in sorted(sig.items()):
                if h < n:
                    f.write("%s %s %d/%d\n" % (mod, name, n - h, n))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Coverage as an lcov tracefile (the format genhtml, Jenkins, GitLab and Codecov read), for the
regression runner (scripts/regress/regress.py: write_regression() writes its coverage.info) and by
hand. Python 3 standard library only.

  cov_lcov.py [--source FILE] [-o OUT.info] COV.txt...
      sums stallscope-cov v1 files by bin name (as the runner does) and writes the bins as lcov:
      each bin is placed on the line of the bin definitions file (default
      verif/coverage/pmu_cov.c) where its name is written (a string literal, or the snprintf
      format that builds a family of names such as "stk.t%u.%s.%s"), as
        FN:LINE,BIN / FNDA:HITS,BIN       one lcov "function" per bin, named as the bin
        BRDA:LINE,0,I,HITS                one "branch" per bin on its line (a line may build many)
        DA:LINE,HITS                      the line, with the hits of all its bins
      so genhtml's function table lists every bin with its count, and a line with an unhit bin
      shows a branch not taken. Ends with "N bins, N mapped, N unmapped".

Paths in SF: lines are absolute (so genhtml works from any directory); the relative ones that
Verilator's verilator_coverage --write-info writes for the RTL are taken from the repository root.
merge() sums tracefiles record by record (the same SF, line, function or branch added up), so
functional and code coverage and several runs go into one file. Bad input raises LcovError("FILE:LINE: rule").
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import InputError  # noqa: E402
from cov import Coverage, parse_cov  # noqa: E402  stallscope-cov v1 files and their sum by bin name

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_SOURCE = "verif/coverage/pmu_cov.c"


class LcovError(Exception):
    """Malformed input: "FILE:LINE: rule"."""


# ---- bins -> source lines -------------------------------------------------------------------
_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
_CONV = re.compile(r"%[-0 #+]*[0-9]*(?:\.[0-9]+)?(?:hh|h|ll|l|z)?([diouxXsc%])")


def _format_regex(fmt):
    """A printf format such as "evt.code.0x%02x" as an anchored regex of the names it prints."""
    out, pos = [], 0
    for m in _CONV.finditer(fmt):
        out.append(re.escape(fmt[pos:m.start()]))
        c = m.group(1)
        out.append({"d": "-?[0-9]+", "i": "-?[0-9]+", "u": "[0-9]+", "o": "[0-7]+", "x": "[0-9a-f]+",
                    "X": "[0-9A-F]+", "s": "[!-~]+?", "c": ".", "%": "%"}[c])
        pos = m.end()
    out.append(re.escape(fmt[pos:]))
    return re.compile("".join(out) + r"\Z")


def bin_sites(source):
    """The name sites of the bin definitions file: ([(line, name)] literal names,
    [(line, format, regex)] printf formats). Comments are skipped."""
    path = source if os.path.isabs(source) else os.path.join(ROOT, source)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise LcovError("%s:0: cannot read the bin definitions (%s)" % (source, e.strerror))
    # blank out comments, keeping line numbers
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    literals, formats = [], []
    for no, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("#"):
            continue
        for m in _LITERAL.finditer(line):
            s = m.group(1)
            if not s or " " in s:
                continue
            if "%" in s:
                if _CONV.sub("", s):  # (a bare "%s" names nothing)
                    formats.append((no, s, _format_regex(s)))
            else:
                literals.append((no, s))
    return literals, formats


def map_bins(names, source=DEFAULT_SOURCE):
    """{bin: line}, [unmapped bins]. A literal "NAME" wins; otherwise the format that prints the
    name with the most fixed characters."""
    literals, formats = bin_sites(source)
    lit = {}
    for no, s in literals:
        lit.setdefault(s, no)
    where, unmapped = {}, []
    for n in names:
        if n in lit:
            where[n] = lit[n]
            continue
        best = None
        for no, fmt, rx in formats:
            if rx.match(n):
                fixed = len(_CONV.sub("", fmt))
                if best is None or fixed > best[0]:
                    best = (fixed, no)
        if best:
            where[n] = best[1]
        else:
            unmapped.append(n)
    return where, unmapped


def functional_records(bins, source=DEFAULT_SOURCE, test_name="functional"):
    """lcov records (a dict for merge()) of {bin: hits}; bins found nowhere go on line 1 and are
    returned as the second value."""
    where, unmapped = map_bins(sorted(bins), source)
    rec = {"tn": test_name, "da": {}, "fn": {}, "fnda": {}, "brda": {}}
    per_line = {}
    for n in sorted(bins, key=lambda k: (where.get(k, 1), k)):
        line = where.get(n, 1)
        rec["fn"][n] = line
        rec["fnda"][n] = rec["fnda"].get(n, 0) + bins[n]
        i = per_line.get(line, 0)
        per_line[line] = i + 1
        rec["brda"][(line, 0, i)] = bins[n]
        rec["da"][line] = rec["da"].get(line, 0) + bins[n]
    return {absolute(source): rec}, unmapped


def absolute(sf):
    """An SF path as written into our tracefiles: absolute (a relative one is taken from the
    repository root, where verilator_coverage writes them), so genhtml works from any directory."""
    return os.path.normpath(sf if os.path.isabs(sf) else os.path.join(ROOT, sf))


# ---- tracefiles -----------------------------------------------------------------------------
def parse(path):
    """An lcov tracefile as {SF: record}; raises LcovError on anything else."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise LcovError("%s:0: cannot read the lcov file (%s)" % (path, e.strerror))
    recs, cur, tn = {}, None, ""
    num = re.compile(r"[0-9]+\Z")
    for no, line in enumerate(lines, 1):
        where = "%s:%d" % (path, no)
        if not line.strip():
            continue
        if ":" not in line and line != "end_of_record":
            raise LcovError("%s: '%s' is not an lcov line (KEY:VALUE or end_of_record)" % (where, line[:60]))
        key, _, val = line.partition(":")
        if key == "TN":
            tn = val
        elif key == "SF":
            if cur is not None:
                raise LcovError("%s: SF before the previous record's end_of_record" % where)
            cur = recs.setdefault(val, {"tn": tn, "da": {}, "fn": {}, "fnda": {}, "brda": {}})
        elif line == "end_of_record":
            if cur is None:
                raise LcovError("%s: end_of_record without SF" % where)
            cur = None
        elif cur is None:
            raise LcovError("%s: %s outside a record (SF:... first)" % (where, key))
        elif key == "DA":
            f = val.split(",")
            if len(f) < 2 or not num.match(f[0]) or not num.match(f[1]):
                raise LcovError("%s: DA:LINE,HITS with decimal numbers" % where)
            cur["da"][int(f[0])] = cur["da"].get(int(f[0]), 0) + int(f[1])
        elif key == "FN":
            f = val.split(",", 1)
            if len(f) != 2 or not num.match(f[0]):
                raise LcovError("%s: FN:LINE,NAME" % where)
            cur["fn"][f[1]] = int(f[0])
        elif key == "FNDA":
            f = val.split(",", 1)
            if len(f) != 2 or not num.match(f[0]):
                raise LcovError("%s: FNDA:HITS,NAME" % where)
            cur["fnda"][f[1]] = cur["fnda"].get(f[1], 0) + int(f[0])
        elif key == "BRDA":
            f = val.split(",")
            if len(f) != 4 or not all(num.match(x) for x in f[:3]) or not (f[3] == "-" or num.match(f[3])):
                raise LcovError("%s: BRDA:LINE,BLOCK,BRANCH,TAKEN (TAKEN a number or -)" % where)
            k = (int(f[0]), int(f[1]), int(f[2]))
            cur["brda"][k] = _add(cur["brda"].get(k, "-"), f[3])
        elif key in ("FNF", "FNH", "BRF", "BRH", "LF", "LH"):
            if not num.match(val):
                raise LcovError("%s: %s:N with N a decimal count" % (where, key))
        else:
            raise LcovError("%s: unknown lcov record '%s'" % (where, key))
    if cur is not None:
        raise LcovError("%s:%d: the last record has no end_of_record (truncated?)" % (path, len(lines)))
    if not recs:
        raise LcovError("%s:1: no SF record" % path)
    return recs


def _add(a, b):
    if a == "-":
        return b if b == "-" else int(b)
    return a + (0 if b == "-" else int(b))


def merge(*sets):
    """Sum {SF: record} dicts."""
    out = {}
    for s in sets:
        for sf, r in s.items():
            o = out.setdefault(sf, {"tn": r["tn"], "da": {}, "fn": {}, "fnda": {}, "brda": {}})
            for k, v in r["da"].items():
                o["da"][k] = o["da"].get(k, 0) + v
            for k, v in r["fn"].items():
                o["fn"].setdefault(k, v)
            for k, v in r["fnda"].items():
                o["fnda"][k] = o["fnda"].get(k, 0) + v
            for k, v in r["brda"].items():
                o["brda"][k] = _add(o["brda"].get(k, "-"), v)
    return out


def text(recs):
    out = []
    for sf in sorted(recs):
        r = recs[sf]
        out += ["TN:%s" % r["tn"], "SF:%s" % sf]
        for name, line in sorted(r["fn"].items(), key=lambda kv: (kv[1], kv[0])):
            out.append("FN:%d,%s" % (line, name))
        for name in sorted(r["fn"], key=lambda n: (r["fn"][n], n)):
            out.append("FNDA:%d,%s" % (r["fnda"].get(name, 0), name))
        if r["fn"]:
            out += ["FNF:%d" % len(r["fn"]), "FNH:%d" % sum(1 for n in r["fn"] if r["fnda"].get(n, 0) > 0)]
        for (line, blk, br), v in sorted(r["brda"].items()):
            out.append("BRDA:%d,%d,%d,%s" % (line, blk, br, v))
        if r["brda"]:
            out += ["BRF:%d" % len(r["brda"]),
                    "BRH:%d" % sum(1 for v in r["brda"].values() if v != "-" and v > 0)]
        for line, v in sorted(r["da"].items()):
            out.append("DA:%d,%d" % (line, v))
        out += ["LF:%d" % len(r["da"]), "LH:%d" % sum(1 for v in r["da"].values() if v > 0), "end_of_record"]
    return "\n".join(out) + "\n"


def write(path, recs):
    """Written to a temporary name and renamed: a partial file never exists."""
    with open(path + ".tmp", "w") as f:
        f.write(text(recs))
    os.replace(path + ".tmp", path)


def write_regression(path, runs, crep):
    """OUT/coverage.info: the functional bins of the passing runs (on the lines of
    verif/coverage/pmu_cov.c that name them) and the lcov files of passing runs with lcov=, summed.
    Returns the console lines."""
    sets, lines, notes = [], [], []
    if crep.get("files"):
        recs, unmapped = functional_records(crep["bins"])
        sets.append(recs)
        if unmapped:
            notes.append("lcov: %d bins named nowhere in %s (put on its line 1): %s" % (
                len(unmapped), DEFAULT_SOURCE, " ".join(unmapped)))
    code = [r["lcov_file"] for r in runs if r.get("lcov_file") and r["status"] == "pass"]
    for f in code:
        try:
            sets.append(parse(f))
        except LcovError as e:  # (checked when the run ended; gone or changed since)
            notes.append("lcov: left out: %s" % e)
    if os.path.exists(path):
        os.remove(path)
    if not sets:
        return ["lcov: no coverage (no passing run with cov= or lcov=)"] + notes
    recs = merge(*({absolute(sf): r for sf, r in s.items()} for s in sets))
    write(path, recs)
    lh, lf, fh, ff, bh, bf = summary(recs)
    lines.append("lcov: %s (%d source files: lines %d/%d, bins as functions %d/%d, branches %d/%d; "
                 "%d code coverage files)" % (path, len(recs), lh, lf, fh, ff, bh, bf, len(code)))
    return lines + notes


def summary(recs):
    """(lines hit, lines, functions hit, functions, branches hit, branches) over all records."""
    t = [0] * 6
    for r in recs.values():
        t[0] += sum(1 for v in r["da"].values() if v > 0)
        t[1] += len(r["da"])
        t[2] += sum(1 for n in r["fn"] if r["fnda"].get(n, 0) > 0)
        t[3] += len(r["fn"])
        t[4] += sum(1 for v in r["brda"].values() if v != "-" and v > 0)
        t[5] += len(r["brda"])
    return t


def main(argv):
    ap = argparse.ArgumentParser(prog="cov_lcov.py", description=__doc__.split("\n\n")[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cov", nargs="+", help="stallscope-cov v1 files")
    ap.add_argument("--source", default=DEFAULT_SOURCE, help="bin definitions (default %s)" % DEFAULT_SOURCE)
    ap.add_argument("-o", "--out", default="-", help="lcov tracefile to write (default: stdout)")
    a = ap.parse_args(argv)
    total = Coverage()
    try:
        for p in a.cov:
            total.add(parse_cov(p))
        recs, unmapped = functional_records(total.bins, a.source)
    except (InputError, LcovError) as e:
        print(str(e), file=sys.stderr)
        return 2
    if a.out == "-":
        sys.stdout.write(text(recs))
    else:
        write(a.out, recs)
    for n in unmapped:
        print("cov_lcov: bin %s: its name is written nowhere in %s (put on line 1)" % (n, a.source),
              file=sys.stderr)
    print("%d bins, %d mapped, %d unmapped" % (len(total.bins), len(total.bins) - len(unmapped), len(unmapped)),
          file=sys.stderr if a.out == "-" else sys.stdout)
    return 1 if unmapped else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

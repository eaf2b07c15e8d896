"""Functional coverage files (stallscope-cov v1, written by verif/coverage/pmu_cov.c's
pmu_cov_write): the strict parser, the sum by bin name, and the console lines of a report.
Python 3 standard library only."""

import re

from common import InputError

COV_HEADER = "# stallscope-cov v1"


def parse_cov(path):
    """Parse one coverage file: returns {"cycles": N, "bins": {name: hits}}. Raises
    InputError("FILE:LINE: rule") on anything but the exact format written by pmu_cov_write."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise InputError("%s:0: cannot read the coverage file (%s)" % (path, e.strerror))
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise InputError("%s:1: a coverage file is ASCII text" % path)
    if not text:
        raise InputError("%s:1: empty file; the first line must be '%s'" % (path, COV_HEADER))
    if not text.endswith("\n"):
        raise InputError("%s:%d: the file does not end with a newline (truncated?)" % (path, text.count("\n") + 1))
    lines = text[:-1].split("\n")
    if lines[0] != COV_HEADER:
        raise InputError("%s:1: the first line must be '%s'" % (path, COV_HEADER))
    cycles, bins = None, {}
    for no, line in enumerate(lines[1:], 2):
        w = line.split(" ")
        if w[0] == "cycles":
            if len(w) != 2 or not re.fullmatch(r"[0-9]+", w[1]):
                raise InputError("%s:%d: 'cycles N' with N a decimal count" % (path, no))
            if cycles is not None:
                raise InputError("%s:%d: a second 'cycles' line" % (path, no))
            if bins:
                raise InputError("%s:%d: 'cycles' must come before the first 'bin' line" % (path, no))
            cycles = int(w[1])
        elif w[0] == "bin":
            if len(w) != 3:
                raise InputError("%s:%d: 'bin NAME HITS' (three fields separated by one space)" % (path, no))
            if not re.fullmatch(r"[!-~]+", w[1]):
                raise InputError("%s:%d: bin name '%s': printable ASCII without spaces" % (path, no, w[1]))
            if not re.fullmatch(r"[0-9]+", w[2]):
                raise InputError("%s:%d: bin %s: HITS '%s' is not a decimal count" % (path, no, w[1], w[2]))
            if w[1] in bins:
                raise InputError("%s:%d: bin %s given twice" % (path, no, w[1]))
            if cycles is None:
                raise InputError("%s:%d: 'cycles N' must come before the first 'bin' line" % (path, no))
            bins[w[1]] = int(w[2])
        else:
            raise InputError("%s:%d: unknown line '%s' (expected 'cycles N' or 'bin NAME HITS')" % (
                path, no, line[:60]))
    if cycles is None:
        raise InputError("%s:%d: no 'cycles N' line" % (path, len(lines)))
    if not bins:
        raise InputError("%s:%d: no 'bin NAME HITS' line" % (path, len(lines)))
    return {"cycles": cycles, "bins": bins}


class Coverage:
    """Sum of coverage files, by bin name (a bin missing from a file counts 0 there)."""

    def __init__(self):
        self.files = 0
        self.cycles = 0
        self.bins = {}

    def add(self, cov, files=1):
        self.files += files
        self.cycles += cov["cycles"]
        for k, v in cov["bins"].items():
            self.bins[k] = self.bins.get(k, 0) + v

    def report(self):
        hit = sorted(k for k, v in self.bins.items() if v > 0)
        unhit = sorted(k for k, v in self.bins.items() if v == 0)
        total = len(self.bins)
        return {"files": self.files, "cycles": self.cycles, "bins_total": total, "bins_hit": len(hit),
                "percent": round(100.0 * len(hit) / total, 2) if total else 0.0, "unhit": unhit,
                "bins": dict(sorted(self.bins.items()))}


def cov_lines(rep):
    if not rep["files"]:
        return ["coverage: no coverage files (no passing run declares cov=)"]
    out = ["coverage: %d/%d bins hit (%.1f%%) over %d runs, %s cycles" % (
        rep["bins_hit"], rep["bins_total"], rep["percent"], rep["files"], "{:,}".format(rep["cycles"]))]
    for k, v in (rep.get("by_test") or {}).items():
        out.append("  %-20s %d/%d bins (%.1f%%) over %d runs" % (k, v["bins_hit"], v["bins_total"], v["percent"],
                                                                 v["files"]))
    if rep["unhit"]:
        out.append("unhit bins (%d): %s" % (len(rep["unhit"]), " ".join(rep["unhit"])))
    else:
        out.append("unhit bins: none")
    return out

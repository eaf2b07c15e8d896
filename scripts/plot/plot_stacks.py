#!/usr/bin/python3
"""Plot the multi-stage CPI stacks of a StallScope report CSV (sim/report/report.c, report_csv()).

One panel per thread, one stacked bar per pipeline stage (dispatch, issue, commit), the eight
components stacked bottom-up (base, icache, bpred, dcache, alu, depend, smt, other), CPI on the
y axis: the style of Fig. 1 of Eyerman et al., "Multi-Stage CPI Stacks". Writes PREFIX.png and
PREFIX.svg.

With ctrl.wpvis = 0 the CSV also has wrong-path corrected dispatch/issue stacks
(T<t>.DispatchCorrected.*, T<t>.IssueCorrected.*); by default those replace the raw
dispatch/issue bars (marked with '*'), --stacks raw shows the raw ones, --stacks both all five.

Needs matplotlib. On Debian it comes with python3-matplotlib for /usr/bin/python3; another
python3 earlier on PATH (pyenv, venv) usually lacks it, so run
    /usr/bin/python3 scripts/plot/plot_stacks.py build/report.csv
Standard library otherwise. Exit status: 0 ok, 2 bad arguments or CSV, 3 matplotlib missing.
"""
import argparse
import csv
import io
import math
import os
import re
import sys

STAGES = ["Dispatch", "Issue", "Commit"]
COMPONENTS = ["Base", "Icache", "Bpred", "Dcache", "Alu", "Depend", "Smt", "Other"]
COLORS = {
    "Base": "#9e9e9e",
    "Icache": "#1f77b4",
    "Bpred": "#ff7f0e",
    "Dcache": "#d62728",
    "Alu": "#9467bd",
    "Depend": "#2ca02c",
    "Smt": "#8c564b",
    "Other": "#e377c2",
}
AREA_RE = re.compile(r"^T(\d+)\.([A-Za-z]+)\.([A-Za-z]+)$")


def fail(msg, code=2):
    sys.stderr.write("plot_stacks.py: %s\n" % msg)
    sys.exit(code)


def read_csv(path):
    """Returns (stacks, run): stacks[thread][stage][component] = CPI (float, may be nan).
    Malformed input: one "PATH:LINE: rule" line and exit status 2 (docs/bad_input.md)."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        fail("%s:0: cannot read: %s" % (path, e.strerror or e))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        fail("%s:%d: not UTF-8 text" % (path, raw.count(b"\n", 0, e.start) + 1))
    rows, ln = [], 0
    try:
        rd = csv.reader(io.StringIO(text, newline=""))
        for rec in rd:
            ln = rd.line_num
            rows.append((ln, rec))
    except csv.Error as e:
        fail("%s:%d: malformed CSV: %s" % (path, ln + 1, e))
    if not rows or rows[0][1] != ["Area", "Value", "Unit", "Description"]:
        fail("%s:1: not a StallScope report CSV (the header must be Area,Value,Unit,Description)" % path)
    stacks, run = {}, {}
    for ln, rec in rows[1:]:
        if len(rec) != 4:
            fail("%s:%d: %d fields, a report row has 4 (Area,Value,Unit,Description)" % (path, ln, len(rec)))
        r = dict(zip(["Area", "Value", "Unit", "Description"], rec))
        area, unit = r["Area"], r["Unit"]
        if area.startswith("Run."):
            run[area[4:]] = r
            continue
        m = AREA_RE.match(area)
        if not m or unit != "CPI":
            continue
        t, stage, comp = int(m.group(1)), m.group(2), m.group(3)
        if comp not in COMPONENTS:
            continue
        try:
            v = float(r["Value"])
        except ValueError:
            fail("%s:%d: bad value %r in row %s (a number or nan)" % (path, ln, r["Value"], area))
        if math.isinf(v) or (not math.isnan(v) and v < 0):
            fail("%s:%d: value %r in row %s is not a CPI (0 or more, or nan)" % (path, ln, r["Value"], area))
        stacks.setdefault(t, {}).setdefault(stage, {})[comp] = v
    if not stacks:
        fail("%s:0: no CPI-stack rows (T<t>.<Stage>.<Component>, unit CPI)" % path)
    return stacks, run


def bars_for(stages_of_thread, mode):
    """List of (label, stage key) for one thread."""
    have_corr = "DispatchCorrected" in stages_of_thread and "IssueCorrected" in stages_of_thread
    raw = [("dispatch", "Dispatch"), ("issue", "Issue"), ("commit", "Commit")]
    corr = [("dispatch*", "DispatchCorrected"), ("issue*", "IssueCorrected"), ("commit", "Commit")]
    if mode == "raw" or (mode == "auto" and not have_corr):
        return raw
    if not have_corr:
        fail("--stacks %s: the CSV has no corrected rows (the run had ctrl.wpvis = 1)" % mode)
    if mode == "both":
        return raw + corr[:2]
    return corr


def main():
    ap = argparse.ArgumentParser(description="Plot StallScope multi-stage CPI stacks "
                                             "(Fig. 1 style) from a report CSV.")
    ap.add_argument("csv", help="report CSV written by report_csv()")
    ap.add_argument("-o", "--out", help="output prefix (default: CSV path without .csv + "
                                        "'_stacks'); writes PREFIX.png and PREFIX.svg")
    ap.add_argument("--stacks", choices=["auto", "raw", "corrected", "both"], default="auto",
                    help="dispatch/issue bars: wrong-path corrected when available (auto), "
                         "raw, corrected, or both")
    ap.add_argument("--title", help="figure title (default: workload and config from the CSV)")
    def one_line_error(message):  # one line and exit 2, like the other tools
        fail("%s (plot_stacks.py --help for usage)" % message)
    ap.error = one_line_error
    args = ap.parse_args()
    stacks, run = read_csv(args.csv)  # the input first: a bad CSV is reported even without matplotlib

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Patch
    except ImportError as e:
        fail("matplotlib is not available to %s (%s).\n"
             "  On Debian: apt-get install python3-matplotlib, then run this script with\n"
             "  /usr/bin/python3 (the python3 first on PATH may be another interpreter)."
             % (sys.executable, e), 3)

    prefix = args.out or (os.path.splitext(args.csv)[0] + "_stacks")
    threads = sorted(stacks)

    nbars = max(len(bars_for(stacks[t], args.stacks)) for t in threads)
    panel = max(2.4, 0.8 * nbars + 0.6)
    fig, axes = plt.subplots(1, len(threads), sharey=True, squeeze=False,
                             figsize=(2.2 + panel * len(threads), 4.8))
    ymax = 0.0
    for ax, t in zip(axes[0], threads):
        bars = bars_for(stacks[t], args.stacks)
        x = list(range(len(bars)))
        bottoms = [0.0] * len(bars)
        empty = False
        for comp in COMPONENTS:
            vals = []
            for _, key in bars:
                v = stacks[t].get(key, {}).get(comp, 0.0)
                if math.isnan(v):
                    empty = True
                    v = 0.0
                vals.append(v)
            drawn = ax.bar(x, vals, bottom=bottoms, width=0.6, color=COLORS[comp],
                           edgecolor="white", linewidth=0.5)
            for patch, (_, key) in zip(drawn, bars):  # SVG ids: the CSV rows they draw
                patch.set_gid("T%d.%s.%s" % (t, key, comp))
            bottoms = [b + v for b, v in zip(bottoms, vals)]
        for xi, tot in zip(x, bottoms):
            if tot > 0:
                ax.text(xi, tot, "%.2f" % tot, ha="center", va="bottom", fontsize=8)
        ymax = max([ymax] + bottoms)
        ax.set_xticks(x)
        ax.set_xticklabels([b[0] for b in bars], fontsize=9 if len(bars) <= 3 else 8)
        ax.set_title("thread %d" % t, fontsize=10)
        if empty:
            ax.text(0.5, 0.5, "no instructions retired\n(CPI undefined)", transform=ax.transAxes,
                    ha="center", va="center", fontsize=9, color="#555555")
    axes[0][0].set_ylabel("CPI")
    ytop = ymax * 1.12 if ymax > 0 else 1.0
    axes[0][0].set_ylim(0, ytop)
    for ax, t in zip(axes[0], threads):  # the panel's frame, its height is ytop CPI
        ax.patch.set_gid("T%d.axes.ylim=%r" % (t, ytop))

    handles = [Patch(facecolor=COLORS[c], label=c.lower()) for c in reversed(COMPONENTS)]
    fig.legend(handles=handles, loc="center right", fontsize=8, frameon=False)
    if args.title:
        title = args.title
    else:
        desc = run.get("Cycles", {}).get("Description", "")
        m = re.search(r"workload (.*?); config (.*)$", desc)
        title = ("%s (%s)" % (m.group(1), m.group(2))) if m else "CPI stacks"
    notes = []
    if any(lbl.endswith("*") for lbl, _ in bars_for(stacks[threads[0]], args.stacks)):
        notes.append("* wrong-path corrected: base = commit base, excess added to bpred")
    fig.suptitle(title, fontsize=10)
    if notes:
        fig.text(0.01, 0.01, "; ".join(notes), fontsize=7, color="#444444")
    fig.tight_layout(rect=(0, 0.04, 0.86, 0.95))
    out = []
    for ext in ("png", "svg"):
        path = "%s.%s" % (prefix, ext)
        tmp = path + ".tmp"  # renamed when complete: a failed write leaves no partial chart
        try:
            fig.savefig(tmp, dpi=150, format=ext)
            os.replace(tmp, path)
        except OSError as e:
            if os.path.exists(tmp):
                os.remove(tmp)
            fail("%s:0: cannot write: %s" % (path, e.strerror or e))
        out.append(path)
    print("wrote %s" % " ".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

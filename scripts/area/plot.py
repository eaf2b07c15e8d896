#!/usr/bin/env python3
"""Charts of `make area` (docs/area.md): iCE40 LUT4 and flip-flops along each swept parameter
with the cost model's prediction, and the LUT4 cost of each feature at the default parameters.

usage: plot.py [--csv build/area/area.csv] [--outdir docs] [--features-only]
Writes OUTDIR/area_sweep.{svg,png} and OUTDIR/area_features.{svg,png} (--features-only: the
second alone, for make area-features).
"""

import argparse
import csv
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# The same data gives the same files: no date in the metadata, fixed SVG element ids.
plt.rcParams["svg.hashsalt"] = "stallscope-area"
META = {"svg": {"Date": None}, "png": {"Software": None}}

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import configs  # noqa: E402
import model  # noqa: E402

PARAMS = ("THREADS", "P", "CW", "W")


def num(r, k):
    return int(r[k]) if r.get(k) not in (None, "") else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", default=os.path.join(os.environ.get("BUILD", "build"), "area", "area.csv"))
    ap.add_argument("--outdir", default="docs")
    ap.add_argument("--features-only", action="store_true",
                    help="only area_features (make area-features: the CSV has no sweep)")
    a = ap.parse_args()
    with open(a.csv, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    pmu = [r for r in rows if r["design"] == "pmu" and not r["ties"] and r["group"] == "sweep"
           and (r.get("STORAGE") or "0") == "0"]
    m = model.load()
    d = configs.DEFAULT
    if not a.features_only:
        sweep_chart(pmu, m, d, a.outdir)
    features_chart(rows, d, a.outdir)
    return 0


def sweep_chart(pmu, m, d, outdir):
    fig, axes = plt.subplots(1, 4, figsize=(14, 3.6), sharey=False)
    for ax, k in zip(axes, PARAMS):
        pts = sorted((num(r, k), num(r, "ice40_lut4"), num(r, "ice40_ffs")) for r in pmu
                     if all(num(r, o) == d[o] for o in PARAMS if o != k))
        xs = [p[0] for p in pts]
        ax.plot(xs, [p[1] for p in pts], "o", color="tab:blue", label="LUT4 (synth_ice40)")
        ax.plot(xs, [p[2] for p in pts], "s", color="tab:orange", label="flip-flops")
        lo, hi = model.RANGES[k]
        grid = list(range(max(lo, min(xs)), min(hi, max(xs)) + 1))
        for met, col in (("ice40_lut4", "tab:blue"), ("ice40_ffs", "tab:orange")):
            ax.plot(grid, [model.predict(m, dict(d, **{k: g}))[met]["total"] for g in grid],
                    "-", color=col, alpha=0.5, label=f"model ({met.split('_')[1]})")
        ax.axhline(7680, color="gray", ls=":", lw=1)
        ax.text(xs[0], 7680, " HX8K", va="bottom", fontsize=8, color="gray")
        ax.set_ylim(bottom=0)
        ax.set_xlabel(k + " (others at default)")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("cells")
    axes[0].legend(fontsize=7, loc="upper left")
    fig.suptitle("StallScope PMU on iCE40: flip-flop counter storage, " + m["tools"]["yosys"].split(" (")[0])
    fig.tight_layout()
    os.makedirs(outdir, exist_ok=True)
    for ext in ("svg", "png"):
        fig.savefig(os.path.join(outdir, f"area_sweep.{ext}"), dpi=110, metadata=META[ext])
    plt.close(fig)
    print(f"plot: {outdir}/area_sweep.svg/.png")


def features_chart(rows, d, outdir):
    base = [r for r in rows if r["design"] == "pmu" and not r["ties"] and r["group"] == "sweep"
            and all(num(r, k) == d[k] for k in PARAMS) and (r.get("STORAGE") or "0") == "0"]
    feats = [r for r in rows if r["group"] == "feature" and r["ties"] and "+" not in r["ties"]]
    added = [r for r in rows if r["group"] == "feature" and not r["ties"]]   # the sampler
    if base and feats:
        b = num(base[0], "ice40_lut4")
        names = [r["ties"] for r in feats] + ["sampler (added)" for _ in added]
        vals = [b - num(r, "ice40_lut4") for r in feats] + [num(r, "ice40_lut4") - b for r in added]
        fig, ax = plt.subplots(figsize=(8, 3.6))
        ax.barh(names, vals, color="tab:blue")
        for i, v in enumerate(vals):
            ax.text(v, i, f" {v}", va="center", fontsize=8)
        ax.set_xlabel(f"iCE40 LUT4 the feature adds (default PMU: {b} LUT4)")
        ax.invert_yaxis()
        ax.grid(axis="x", alpha=0.3)
        ax.set_title("Cost of each feature at the default parameters (THREADS=2, P=8, CW=48, W=4)")
        fig.tight_layout()
        os.makedirs(outdir, exist_ok=True)
        for ext in ("svg", "png"):
            fig.savefig(os.path.join(outdir, f"area_features.{ext}"), dpi=110, metadata=META[ext])
        plt.close(fig)
        print(f"plot: {outdir}/area_features.svg/.png")


if __name__ == "__main__":
    sys.exit(main())

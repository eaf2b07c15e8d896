#!/usr/bin/env python3
"""Predicted area of a PMU parameter set from the fitted cost model (docs/area.md, "Cost model").

usage: predict.py [--threads N] [--p N] [--cw N] [--w N] [--storage 0|1] [--json]
                  [--check CSV --tol PCT]

Defaults are pmu_top's defaults. Prints iCE40 LUT4/FF/carry and generic cells/FFs/transistors/kGE
(the metrics model.json was fitted for),
split into the model's blocks, and the model's worst error on the held-out configurations.
--check CSV: compare the prediction with every PMU row of an area CSV of this parameter set
(e.g. make test's smoke run); fails when an error exceeds --tol percent; last line
"N passed, N failed". Pure Python: answers in milliseconds.
"""

import argparse
import csv
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402

SHOWN = ["ice40_lut4", "ice40_ffs", "ice40_carry", "generic_cells", "generic_ffs",
         "generic_transistors", "generic_kge"]


def main():
    t0 = time.perf_counter()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--p", type=int, default=8)
    ap.add_argument("--cw", type=int, default=48)
    ap.add_argument("--w", type=int, default=4)
    ap.add_argument("--storage", default="0", help="STORAGE: 0 flip-flops, 1 block RAM")
    ap.add_argument("--model", default=model.MODEL_JSON)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--check", default="")
    ap.add_argument("--tol", type=float, default=5.0)
    a = ap.parse_args()
    p = {"THREADS": a.threads, "P": a.p, "CW": a.cw, "W": a.w}
    try:
        m = model.load(a.model)
        pred = model.predict(m, p, a.storage)
    except (OSError, ValueError, KeyError) as e:
        print(f"predict.py: {e}", file=sys.stderr)
        return 2
    if a.json:
        print(json.dumps({"params": p, "storage": a.storage, "predicted": pred}, indent=1))
    elif not a.check:
        print("predicted area, " + ", ".join(f"{k}={v}" for k, v in p.items())
              + f", STORAGE={a.storage}:")
        print(f"  {'metric':22s} {'total':>10s}  " + "  ".join(b.split(' (')[0] for b in model.BLOCKS))
        for k in [k for k in SHOWN if k in pred]:
            print(f"  {k:22s} {pred[k]['total']:10.0f}  "
                  + "  ".join(f"{pred[k][b]:.0f}" for b in model.BLOCKS))
        st = m["storage"][a.storage]
        print("  worst error on held-out configurations: "
              + ", ".join(f"{k} {v}%" for k, v in st["holdout_error_pct"].items()))
        print(f"  model: {a.model} ({m['tools']['yosys'].split(' (')[0]}); "
              f"{1000 * (time.perf_counter() - t0):.1f} ms")
    if a.check:
        npass = nfail = 0
        with open(a.check, newline="", encoding="utf-8") as f:
            rows = [r for r in csv.DictReader(f) if r["design"] == "pmu" and not r["ties"]
                    and all(int(r[k]) == v for k, v in p.items())]
        if not rows:
            print(f"predict.py: {a.check}: no PMU row with {p}", file=sys.stderr)
            return 2
        for r in rows:
            for k in ("ice40_lut4", "ice40_ffs", "ice40_carry"):
                act = float(r[k])
                e = 100.0 * (pred[k]["total"] - act) / act
                ok = abs(e) <= a.tol
                npass += ok
                nfail += not ok
                print(f"{'PASS' if ok else 'FAIL'} {r['name']} {k}: synthesized {act:.0f}, "
                      f"predicted {pred[k]['total']:.0f} ({e:+.1f}%, tolerance {a.tol}%)")
        print(f"{npass} passed, {nfail} failed")
        return 1 if nfail else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fit the area cost model (scripts/area/model.py) to the sweep and report its error on the
held-out configurations (docs/area.md, "Cost model").

usage: fit.py [--csv build/area/area.csv] [--out scripts/area/model.json]
              [--errors build/area/model_error.csv]

Fits each metric by least squares on the relative error over the rows of group 'sweep' (one fit
per STORAGE value), then predicts the rows of group 'holdout', which the fit never saw,
and prints each error. Writes the coefficients with the tool versions and the held-out errors.
"""

import argparse
import csv
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402

PARAMS = ("THREADS", "P", "CW", "W")


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise SystemExit(f"fit.py: {path}: no rows")
    return rows


def params_of(r):
    return {k: int(r[k]) for k in PARAMS}


def storage_of(r):
    return r.get("STORAGE") or "0"


# terms left out first when the sweep has too few rows (or too little variation) to fit them
DROP_ORDER = ["thread_w", "thread"]


def usable_terms(rows):
    """The model's terms the rows can determine: fewer terms than rows and a full-rank system;
    terms are left out in DROP_ORDER until that holds (each left out is a coefficient of 0)."""
    use = list(model.TERMS)
    for drop in [None] + DROP_ORDER:
        if drop:
            use.remove(drop)
        a = np.array([[model.terms(params_of(r))[t] for t in use] for r in rows], float)
        a = a / a.max(axis=0)
        if len(rows) > len(use) and np.linalg.matrix_rank(a) == len(use):
            return use
    raise SystemExit(f"fit.py: {len(rows)} sweep rows cannot determine the model "
                     f"(terms {', '.join(use)})")


def fit_metric(rows, metric, use):
    a = np.array([[model.terms(params_of(r))[t] for t in use] for r in rows], float)
    y = np.array([float(r[metric]) for r in rows])
    w = 1.0 / y                       # relative error
    coef, *_ = np.linalg.lstsq(a * w[:, None], y * w, rcond=None)
    out = {t: 0.0 for t in model.TERMS}
    out.update({t: float(c) for t, c in zip(use, coef)})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", default=os.path.join(os.environ.get("BUILD", "build"), "area", "area.csv"))
    ap.add_argument("--out", default=model.MODEL_JSON)
    ap.add_argument("--errors", default=os.path.join(os.environ.get("BUILD", "build"), "area",
                                                     "model_error.csv"))
    a = ap.parse_args()
    rows = [r for r in read_rows(a.csv) if r["design"] == "pmu" and not r["ties"]]
    out = {"comment": "fitted by scripts/area/fit.py from make area's sweep; docs/area.md",
           "tools": {"yosys": rows[0].get("yosys", "")}, "storage": {}}
    err_rows = []
    for st in sorted({storage_of(r) for r in rows}):
        fit_rows = [r for r in rows if storage_of(r) == st and r["group"] == "sweep"]
        held = [r for r in rows if storage_of(r) == st and r["group"] == "holdout"]
        use = usable_terms(fit_rows)
        # a metric the CSV's rows do not all carry (generic_kge of rows measured before the
        # flow reported it) is left out of the fit, named
        mets = [m for m in model.METRICS if all(r.get(m) not in (None, "") for r in fit_rows + held)]
        for m in model.METRICS:
            if m not in mets:
                print(f"fit: STORAGE={st}: {m} left out: not in every row of {a.csv} "
                      "(make area measures it)")
        coef = {m: fit_metric(fit_rows, m, use) for m in mets}
        ent = {"coef": coef, "terms_left_out": [t for t in model.TERMS if t not in use],
               "fit_rows": [r["name"] for r in fit_rows],
               "holdout_rows": [r["name"] for r in held], "holdout_error_pct": {}}
        out["storage"][st] = ent
        for m in mets:
            worst = 0.0
            for grp, rr in (("sweep", fit_rows), ("holdout", held)):
                for r in rr:
                    pred = model.predict(out, params_of(r), st)[m]["total"]
                    act = float(r[m])
                    e = 100.0 * (pred - act) / act
                    err_rows.append({"storage": st, "metric": m, "group": grp, "name": r["name"],
                                     "actual": int(act), "predicted": round(pred),
                                     "error_pct": round(e, 2)})
                    if grp == "holdout":
                        worst = max(worst, abs(e))
            ent["holdout_error_pct"][m] = round(worst, 2)
    tmp = a.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, a.out)
    os.makedirs(os.path.dirname(a.errors) or ".", exist_ok=True)
    with open(a.errors, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(err_rows[0]))
        w.writeheader()
        w.writerows(err_rows)
    for st, ent in out["storage"].items():
        print(f"fit: STORAGE={st}: {len(ent['fit_rows'])} sweep rows fitted, "
              f"{len(ent['holdout_rows'])} held out; terms left out (too few rows): "
              f"{', '.join(ent['terms_left_out']) or 'none'}")
        for m, e in ent["holdout_error_pct"].items():
            print(f"fit:   {m:22s} worst held-out error {e:5.2f}%")
    print(f"fit: {a.out}, {a.errors}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

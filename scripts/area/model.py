"""The area cost model's form (docs/area.md, "Cost model"): per-block formulas, each a sum of
coefficients times structural counts of a parameter set. fit.py fits the coefficients to the
sweep; predict.py evaluates them. Pure Python (no numpy) so a prediction takes milliseconds.
"""

import json
import os

MODEL_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "model.json")

# Range of each parameter of pmu_top (rtl/pmu/data/pmu_params.json).
RANGES = {"THREADS": (1, 8), "P": (1, 16), "CW": (33, 64), "W": (1, 7)}
METRICS = ["ice40_lut4", "ice40_ffs", "ice40_carry", "generic_cells", "generic_ffs",
           "generic_transistors", "generic_kge"]

# block -> [(term, what it counts)]; T threads, P programmable counters per thread, CW bits,
# W slots per stage, NCNT = T*(P+32) counters in the bank. A per-counter term (NCNT) would be
# T*P + 32*T: it is in pmc and thread.
BLOCKS = {
    "counter bank":       [("bank_bits", "NCNT*CW: storage, adder, write and read mux per bit")],
    "programmable event control and registers":
                          [("pmc", "T*P: lane picks, compare, gating, evtsel/ext, a bank "
                                   "counter's fixed part"),
                           ("pmc_any", "T*P*T: ANY's sum over the threads' lane tables")],
    "per thread (fixed/slot increments, CPI stacks, status, read port)":
                          [("thread", "T: also the fixed part of the thread's 32 fixed, slot "
                                      "and stack counters"),
                           ("thread_w", "T*W: the stack and slot logic's width")],
    "shared (APB decode, read mux root)": [("base", "1")],
}
TERMS = [t for terms in BLOCKS.values() for t, _ in terms]


def terms(p):
    """Structural counts of parameter set P ({'THREADS':..,'P':..,'CW':..,'W':..})."""
    t, k, cw, w = p["THREADS"], p["P"], p["CW"], p["W"]
    ncnt = t * (k + 32)
    return {"bank_bits": ncnt * cw, "pmc": t * k, "pmc_any": t * k * t,
            "thread": t, "thread_w": t * w, "base": 1}


def check_params(p):
    for k, (lo, hi) in RANGES.items():
        if k not in p:
            raise ValueError(f"parameter {k} missing")
        if not lo <= int(p[k]) <= hi:
            raise ValueError(f"{k}={p[k]} out of range {lo}..{hi}")


def load(path=MODEL_JSON):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def predict(model, p, storage="0"):
    """{metric: {'total': value, block: value}} for parameter set P."""
    check_params(p)
    st = model["storage"].get(str(storage))
    if st is None:
        raise ValueError(f"no fit for STORAGE={storage} (fitted: "
                         f"{', '.join(sorted(model['storage']))})")
    x = terms(p)
    out = {}
    for m, coef in st["coef"].items():
        blocks = {b: sum(coef[t] * x[t] for t, _ in ts) for b, ts in BLOCKS.items()}
        out[m] = dict(blocks, total=sum(blocks.values()))
    return out

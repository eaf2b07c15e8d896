"""The configurations `make area` measures (docs/area.md): one list of jobs (scripts/area/job.py).

Groups:
  sweep     one parameter at a time around the default, plus corners: fits the cost model
  holdout   configurations the cost model never sees: its error is reported on these
  feature   the default PMU with one feature tied off (scripts/area/ties.py); 'nofeat' all
            (and the default with the sampler added, SAMPLER=1)
  floor     the bare counter bank (scripts/area/bare_counter.v): the floor of a CW-bit counter
  block     PMU modules synthesized alone (counter bank sizes, the CPI-stack block)
  core      the core stub at the PMU's thread count and width (the overhead's denominator)
  smoke     the smallest configuration, the one `make test` runs (scripts/area/smoke.py)
  timing    the event path pipeline (PIPE, spec 4) against none: the smallest PMU on an iCE40
            with both storages, and the default PMU with block RAM on an ECP5 (Fmax); PIPE=2
            likewise
`make area-quick` (quick_jobs(), not part of make area) measures the default PMU with block RAM
(placed and routed on an HX8K only once it fits 90% of one) and the smallest PMU with block RAM
(placed and routed on an HX8K), both at AREA_PIPE, for iterating on the RTL.
The selection 'baseline' (BASELINE, not a group) is what `make area-baseline` measures again
with Debian's yosys 0.23: the issue's own baseline figures and the overhead's both sides. The
selection 'features' is the feature group with FEATURE_BASE (`make area-features`).
"""

import ties

DEFAULT = {"THREADS": 2, "P": 8, "CW": 48, "W": 4}

# One value list per swept parameter of pmu_top; STORAGE is the counter storage (0 flip-flops,
# the default; 1 block RAM, spec 4): every sweep, corner and holdout point is measured with both.
AXES = {
    "THREADS": [1, 2, 3],
    "P": [1, 8, 16],
    "CW": [48, 64],
    "W": [1, 4],
    "STORAGE": [0, 1],
}
# corners for the fit (combined changes), and the held-out points (never fitted)
CORNERS = [
    {"THREADS": 1, "P": 4, "CW": 40, "W": 2},      # make test's small set
    {"THREADS": 4, "P": 2, "CW": 33, "W": 1},
]
HOLDOUT = [
    {"THREADS": 3, "P": 6, "CW": 40, "W": 3},
    {"THREADS": 1, "P": 12, "CW": 56, "W": 5},
    {"THREADS": 2, "P": 4, "CW": 64, "W": 2},
]
SMOKE = {"THREADS": 1, "P": 1, "CW": 33, "W": 1}
CORE_EXTRA = {"PROG_DEPTH": 64}     # core stub: 64-word program memories (docs/area.md)



def name_of(params, prefix="pmu"):
    return prefix + "_" + "_".join(f"{k}{v}" for k, v in params.items())


def core_name(params):
    return f"core_THREADS{params['THREADS']}_W{params['W']}"


# make area-baseline's jobs (sweep.py --only baseline): the default PMU with flip-flop storage,
# the bare 8 x CW-bit bank (the floor figure) and the core stub beside the default
BASELINE = (name_of(dict(DEFAULT, STORAGE=0)), f"bare_N8_CW{DEFAULT['CW']}", core_name(DEFAULT))

# make area-features' jobs (sweep.py --only features): the feature group and the default PMU
# its rows are differences against (flip-flop storage, tables.py's base of the feature table)
FEATURE_BASE = name_of(dict(DEFAULT, STORAGE=0))


def _storage_values():
    return AXES.get("STORAGE", [None])


def pmu_job(params, group, storage=None, ties_=(), ecp5=False, pnr="auto"):
    p = dict(params)
    if storage is not None:
        p["STORAGE"] = storage
    name = name_of(p) + ("_no_" + "_".join(ties_) if ties_ else "")
    return {"name": name, "design": "pmu", "params": p, "ties": list(ties_), "group": group,
            "ecp5": ecp5, "pnr": pnr}


def jobs():
    """Every job, the most wanted figures first (the default, per-counter and per-feature costs,
    the core), so a sweep cut short still answers those."""
    out = []
    seen = set()

    def add(j):
        if j["name"] not in seen:
            seen.add(j["name"])
            out.append(j)

    sts = _storage_values()
    for st in sts:
        # the default also goes through ECP5; with block RAM it is placed on an HX8K instead
        # once it fits 90% of one (its ECP5 Fmax then comes from the timing group's PIPE=1 job)
        add(pmu_job(DEFAULT, "sweep", st, ecp5=True, pnr="auto" if st == 1 else "ecp5"))
        add(pmu_job(dict(DEFAULT, P=16), "sweep", st))
    # (PIPE = 0 of the default: the sweep's STORAGE=1 job above)
    add(pmu_job(dict(DEFAULT, STORAGE=1, PIPE=1), "timing", ecp5=True, pnr="ecp5"))
    add(pmu_job(dict(DEFAULT, STORAGE=1, PIPE=2), "timing", ecp5=True, pnr="ecp5"))
    add(pmu_job(dict(DEFAULT, STORAGE=1, PIPE=3), "timing", ecp5=True, pnr="ecp5"))
    add(pmu_job(dict(SMOKE, STORAGE=0), "timing", pnr="ice40"))
    add(pmu_job(dict(SMOKE, STORAGE=1), "timing", pnr="ice40"))
    for st in (0, 1):
        add(pmu_job(dict(SMOKE, STORAGE=st, PIPE=1), "timing", pnr="ice40"))
    # the second event path stage (PIPE = 2) on the smallest PMU, both storages
    for st in (0, 1):
        add(pmu_job(dict(SMOKE, STORAGE=st, PIPE=2), "timing", pnr="ice40"))
    for f in ties.FEATURES:
        add(pmu_job(DEFAULT, "feature", ties_=(f,)))
    nofeat = pmu_job(DEFAULT, "feature", ties_=ties.FEATURES[:5])
    nofeat["name"] = name_of(DEFAULT) + "_nofeat"
    add(nofeat)
    # a feature added instead of tied off: the time-proportional sampler (spec 7, SAMPLER=1)
    add(pmu_job(dict(DEFAULT, SAMPLER=1), "feature"))
    add({"name": core_name(DEFAULT), "design": "core",
         "params": dict(CORE_EXTRA, THREADS=DEFAULT["THREADS"], W=DEFAULT["W"]), "group": "core",
         "pnr": "none"})
    for cw in (33, 48, 64):
        add({"name": f"bare_N8_CW{cw}", "design": "bare", "params": {"N": 8, "CW": cw},
             "group": "floor", "pnr": "ice40"})
    add({"name": "bare_N8_CW48_IW13", "design": "bare", "params": {"N": 8, "CW": 48, "IW": 13},
         "group": "floor", "pnr": "ice40"})
    add({"name": "stack_T2_W4", "design": "module:pmu_stack",
         "params": {"THREADS": 2, "W": 4}, "group": "block", "pnr": "none"})
    # the sampler alone (spec 7) at the default threads, width and depth: docs/sampling.md's cost
    add({"name": "smp_T2_D256", "design": "module:pmu_smp",
         "params": {"THREADS": 2, "SMP_DEPTH": 256}, "group": "block", "pnr": "none"})
    add(dict(smoke_job(), group="sweep", pnr="none"))
    for st in sts:
        for k, vals in AXES.items():
            if k == "STORAGE":
                continue
            for v in vals:
                add(pmu_job(dict(DEFAULT, **{k: v}), "sweep", st))
        for c in CORNERS:
            add(pmu_job(c, "sweep", st))
        for c in HOLDOUT:
            add(pmu_job(c, "holdout", st))
    return out


def quick_jobs(pipe=0):
    """make area-quick's jobs (own names: they never replace a make area result)."""
    out = []
    for params, pnr in ((DEFAULT, "auto"), (SMOKE, "ice40")):
        j = pmu_job(dict(params, STORAGE=1, PIPE=pipe), "quick", pnr=pnr)
        j["name"] = "quick_" + j["name"]
        out.append(j)
    return out


def smoke_job():
    return dict(pmu_job(SMOKE, "smoke"), pnr="ice40")

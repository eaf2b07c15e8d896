#!/usr/bin/env python3
"""`make area-smoke` (in `make test`): the area flow on its smallest inputs, so it cannot rot.

usage: smoke.py [--build DIR] [--tol PCT]

Checks, each PASS/FAIL, last line "N passed, N failed":
  0. configs    configs.BASELINE (make area-baseline's selection) names jobs of configs.py
  1. tools      the PyPI tools run and print their versions
  2. ties       every feature tie-off of scripts/area/ties.py finds its nets in a small PMU,
                and cells read each tied net (not an alias the logic does not read)
                that has every feature (TIES: two threads for ANY, two counters for CHAIN and
                QUALIFY), yosys up to the tie-offs, no synthesis
  2b. cuts      every stage cut of scripts/area/stages.py (make area-breakdown) finds its nets
                in pmu_evctl (THREADS=2, P=2) and pmu_stack (THREADS=2), no synthesis
  3. pmu        the smallest PMU (configs.SMOKE) through yosys generic and synth_ice40, figures
                in a CSV row; the cost model's prediction within --tol percent of it
  3b. cache     the result reads back from its cache; a synthesis of another key is not reused
  4. pnr        a 2-counter bare bank through nextpnr-ice40 (pin wrapper) and nextpnr-ecp5
                (out of context): an Fmax from each
Every job runs afresh (no cache) under BUILD/area-smoke.
"""

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import configs  # noqa: E402
import job  # noqa: E402
import stages  # noqa: E402
import sweep  # noqa: E402
import tools  # noqa: E402

results = []

# the smallest PMU with every feature a tie-off names: ANY needs two threads, CHAIN and QUALIFY a
# counter before them (the default PMU takes 5 times as long to elaborate: 23 s against 4 s)
TIES = dict(configs.DEFAULT, P=2, CW=33, W=2)


def check(name, ok, detail):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(os.environ.get("BUILD", "build"), "area-smoke"))
    ap.add_argument("--tol", type=float, default=10.0)
    a = ap.parse_args()
    os.chdir(job.ROOT)
    t0 = time.time()

    try:
        base = [j["name"] for j in sweep.select(configs.jobs(), "baseline")]
        check("configs", len(base) == len(configs.BASELINE),
              f"{len(configs.jobs())} jobs; make area-baseline measures {', '.join(base)}")
    except SystemExit as e:
        check("configs", False, str(e))

    versions = tools.versions("pypi")
    ok = all(v != "not installed" for v in versions.values())
    check("tools", ok, "; ".join(f"{k}: {v.split(' [')[0]}" for k, v in versions.items()))
    if not ok:
        print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
        return 1

    # 2. every tie-off's nets exist (the yosys script up to the tie-offs)
    tj = configs.pmu_job(TIES, "smoke", ties_=configs.ties.FEATURES)
    tj["name"] = "ties"
    out = job.job_dir(a.build, "ties")
    os.makedirs(out, exist_ok=True)
    script = job.yosys_script(tj, out).split("design -save prep")[0]
    with open(os.path.join(out, "ties.ys"), "w", encoding="utf-8") as f:
        f.write(script)
    try:
        job._run(tools.command("pypi", "yosys") + ["-q", "-s", f"{out}/ties.ys"], f"{out}/ties.log")
        check("ties", True, f"{len(configs.ties.FEATURES)} tie-offs found their nets, each read by cells "
              f"({', '.join(configs.ties.FEATURES)})")
    except RuntimeError as e:
        check("ties", False, str(e))

    # 2b. every stage cut's nets exist (the last step of each block has every cut)
    cut_jobs = [{"name": "cuts_evctl", "design": "module:pmu_evctl", "params": {"THREADS": 2, "P": 2},
                 "cuts": stages.evctl_step("no_modes", 2, 2),
                 "cuts_top": stages.evctl_top("no_modes", 2, 2)},
                {"name": "cuts_stack", "design": "module:pmu_stack", "params": {"THREADS": 2},
                 "cuts": stages.stack_step("no_split", 2)}]
    try:
        for cj in cut_jobs:
            out = job.job_dir(a.build, cj["name"])
            os.makedirs(out, exist_ok=True)
            script = job.yosys_script(cj, out).split("design -save prep")[0]
            with open(os.path.join(out, "cuts.ys"), "w", encoding="utf-8") as f:
                f.write(script)
            job._run(tools.command("pypi", "yosys") + ["-q", "-s", f"{out}/cuts.ys"],
                     f"{out}/cuts.log")
        check("cuts", True, "the stage cuts of pmu_evctl and pmu_stack found their nets")
    except RuntimeError as e:
        check("cuts", False, str(e))

    # 3. the smallest PMU, and the cost model on it
    rows = []
    sj = dict(configs.smoke_job(), pnr="none")
    try:
        r = job.run(sj, "pypi", versions, a.build, force=True)
        rows.append(r)
        check("pmu", r["ice40_lut4"] > 0 and r["generic_transistors"] > 0,
              f"{sj['name']}: {r['ice40_lut4']} LUT4, {r['ice40_ffs']} FF, {r['ice40_carry']} "
              f"carry; generic {r['generic_cells']} cells, {r['generic_transistors']} transistors"
              f" ({r['seconds']} s)")
        # the cache: the result just made is current; one from other sources is never reused
        out = job.job_dir(a.build, sj["name"])
        script = job.yosys_script(sj, out)
        cur = job.cached(sj, "pypi", versions, a.build, adopt=True)
        other = dict(sj, params=dict(sj["params"], THREADS=sj["params"]["THREADS"] + 1))
        stale = job.synth_cached(other, "pypi", versions, out, script, adopt=True)
        check("cache", cur is not None and cur["ice40_lut4"] == r["ice40_lut4"] and stale is None,
              "the fresh result reads back; a synth.json of another key is not adopted")
    except (RuntimeError, ValueError) as e:
        check("pmu", False, str(e))

    # 4. place and route of a tiny bank on both families
    bj = {"name": "bare_N2_CW33", "design": "bare", "params": {"N": 2, "CW": 33},
          "group": "smoke", "ecp5": True}
    for fam in ("ice40", "ecp5"):
        try:
            r = job.run(dict(bj, name=f"{bj['name']}_{fam}", pnr=fam), "pypi", versions,
                        a.build, force=True)
            rows.append(r)
            check(f"pnr-{fam}", bool(r.get("fmax_mhz")),
                  f"{r['name']}: Fmax {r.get('fmax_mhz')} MHz on {r.get('pnr')} "
                  f"({r['pnr_lc']} of {r['pnr_lc_avail']} cells, {r['seconds']} s)")
        except (RuntimeError, ValueError) as e:
            check(f"pnr-{fam}", False, str(e))

    csv_path = os.path.join(a.build, "area", "area.csv")
    if rows:
        sweep.write_csv(rows, csv_path, versions)
    if any(r["design"] == "pmu" for r in rows):
        p = configs.SMOKE
        cmd = [sys.executable, "scripts/area/predict.py", "--threads", str(p["THREADS"]),
               "--p", str(p["P"]), "--cw", str(p["CW"]), "--w", str(p["W"]),
               "--check", csv_path, "--tol", str(a.tol)]
        pr = subprocess.run(cmd, capture_output=True, text=True, check=False)
        lines = [ln for ln in (pr.stdout + pr.stderr).splitlines() if ln.strip()]
        check("model", pr.returncode == 0, "; ".join(lines[:-1]) or "no output")
    print(f"area-smoke: {time.time() - t0:.0f} s wall, {csv_path}")
    print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())

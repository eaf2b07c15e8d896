#!/usr/bin/env python3
"""`make area`: run the configurations of scripts/area/configs.py through the area flow and write
build/area/area.csv (one row per configuration, with the exact tool versions).

usage: sweep.py [--tools pypi|debian] [--only GROUP,...|NAME,...|baseline|features] [-j N] [--build DIR] [--force]
       sweep.py --quick [--pipe N]    make area-quick's jobs (configs.quick_jobs), BUILD/area/quick.csv

Jobs run under nice, N at a time (default 2); a job whose sources, script and tools did not
change since its last run is read back from build/area/jobs/NAME/result.json. Prints one line
per job and the run time; exits non-zero when a job failed (its log's tail is printed).
"""

import argparse
import concurrent.futures as cf
import csv
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import configs  # noqa: E402
import job  # noqa: E402
import tools  # noqa: E402

FIRST = ["name", "group", "design", "ties", "THREADS", "P", "CW", "W", "STORAGE", "PIPE", "N",
         "IW", "PROG_DEPTH", "generic_cells", "generic_ffs", "generic_transistors", "generic_kge",
         "generic_ram_bits", "ice40_lut4", "ice40_ffs", "ice40_carry", "ice40_bram", "ice40_cells",
         "ecp5_lut4", "ecp5_ffs", "ecp5_ccu2c", "ecp5_bram", "ecp5_dpram", "ecp5_pfumx",
         "ecp5_l6mux", "ecp5_cells", "pnr", "fmax_mhz", "pnr_lc", "pnr_lc_avail", "wrap_ffs",
         "seconds", "toolset", "yosys", "nextpnr"]


def select(all_jobs, only):
    if not only:
        return all_jobs
    want = set(only.split(","))
    if "baseline" in want:                      # a selection of configs.py, not a group
        missing = set(configs.BASELINE) - {j["name"] for j in all_jobs}
        if missing:
            raise SystemExit(f"sweep.py: configs.BASELINE names no job {', '.join(sorted(missing))}")
        want = (want - {"baseline"}) | set(configs.BASELINE)
    if "features" in want:                      # the feature group and the default it is against
        want = (want - {"features"}) | {"feature", configs.FEATURE_BASE}
    sel = [j for j in all_jobs if j["group"] in want or j["name"] in want]
    unknown = want - {j["group"] for j in all_jobs} - {j["name"] for j in all_jobs}
    if unknown:
        raise SystemExit(f"sweep.py: --only: no group or job named {', '.join(sorted(unknown))}")
    return sel


def write_csv(rows, path, versions):
    out = []
    for r in rows:
        if "cached" in r:            # a row of this run (rows read back keep their versions)
            r = dict(r, yosys=versions["yosys"],
                     nextpnr=versions.get(f"nextpnr-{r['pnr'].split('-')[0]}", "")
                     if r.get("pnr") else "")
        out.append(r)
    cols = [c for c in FIRST if any(c in r for r in out)]
    cols += sorted({k for r in out for k in r} - set(cols) - {"key", "cached", "synth_key"})
    tmp = path + ".tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        w.writerows(out)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools", default="pypi", choices=("pypi", "debian"))
    ap.add_argument("--only", default="")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--build", default=os.environ.get("BUILD", "build"))
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--cached-only", action="store_true",
                    help="run nothing: write the CSV from the stored results that are current")
    ap.add_argument("--csv", default="", help="output CSV (default BUILD/area/area.csv, "
                    "BUILD/area/area_debian.csv for --tools debian)")
    ap.add_argument("--quick", action="store_true", help="make area-quick's jobs only")
    ap.add_argument("--pipe", type=int, default=0, help="--quick: the PIPE of its jobs")
    a = ap.parse_args()
    if a.quick and (a.only or a.tools != "pypi"):
        raise SystemExit("sweep.py: --quick takes neither --only nor --tools")
    os.chdir(job.ROOT)
    t0 = time.time()
    versions = tools.versions(a.tools)
    if tools.command(a.tools, "yosys") is None:
        raise SystemExit(f"sweep.py: yosys of tool set {a.tools} not installed "
                         "(pypi: make venv; debian: apt-get install yosys)")
    for k, v in versions.items():
        print(f"area: {k}: {v}")
    sel = configs.quick_jobs(a.pipe) if a.quick else select(configs.jobs(), a.only)
    if a.tools == "debian":
        for j in sel:           # Debian has no nextpnr-ecp5; its nextpnr-ice40 is optional
            j["ecp5"] = False
            if j.get("pnr") != "none" and versions["nextpnr-ice40"] == "not installed":
                j["pnr"] = "none"
            if j.get("pnr") == "ecp5":
                j["pnr"] = "none"
            j["name"] += "_debian"
    rows, failed = [], []
    with cf.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        if a.cached_only:
            def get(j, *_):
                r = job.cached(j, a.tools, versions, a.build, adopt=True)
                if r is None:
                    raise RuntimeError("no current result (--cached-only)")
                return r
            futs = {ex.submit(get, j): j for j in sel}
        else:
            futs = {ex.submit(job.run, j, a.tools, versions, a.build, a.force): j for j in sel}
        for fu in cf.as_completed(futs):
            j = futs[fu]
            try:
                r = fu.result()
            except Exception as e:  # noqa: BLE001 - reported per job, the others go on
                failed.append(j["name"])
                print(f"area: FAIL {j['name']}: {e}", flush=True)
                continue
            rows.append(r)
            extra = f", {r['fmax_mhz']} MHz ({r['pnr']})" if r.get("fmax_mhz") else ""
            extra += ", place and route pending" if r.get("pnr_pending") else ""
            print(f"area: {j['name']}: {r['ice40_lut4']} LUT4, {r['ice40_ffs']} FF, "
                  f"{r['ice40_carry']} carry, {r.get('generic_kge', '-')} kGE{extra}"
                  f" [{'cached' if r['cached'] else str(r['seconds']) + ' s'}]", flush=True)
    order = {j["name"]: i for i, j in enumerate(sel)}
    rows.sort(key=lambda r: order[r["name"]])
    out = a.csv or os.path.join(a.build, "area", "quick.csv" if a.quick else
                                "area.csv" if a.tools == "pypi" else "area_debian.csv")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    nrun, ncached = len(rows), sum(r["cached"] for r in rows)
    allrows = rows
    if rows and a.only and os.path.exists(out):
        # a partial run: its rows replace those of the same names, the others stay
        with open(out, newline="", encoding="utf-8") as f:
            old = [dict((k, v) for k, v in r.items() if v != "") for r in csv.DictReader(f)]
        mine = {r["name"] for r in rows}
        allrows = [r for r in old if r["name"] not in mine] + rows
    if allrows:
        write_csv(allrows, out, versions)
    dt = time.time() - t0
    if a.tools == "pypi" and not a.only and not a.quick and not failed and not a.cached_only:
        # the run time of make area's sweep: kept from the last run that measured every job
        rt = os.path.join(a.build, "area", "runtime.json")
        if ncached == 0 or not os.path.exists(rt):
            with open(rt, "w", encoding="utf-8") as f:
                json.dump({"wall_s": round(dt), "jobs": nrun, "cached": ncached,
                           "job_s": round(sum(r["seconds"] for r in rows)), "parallel": a.j},
                          f, indent=1)
    print(f"area: {nrun} configurations ({ncached} cached) in {dt:.0f} s wall; {out}")
    print(f"{nrun} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""`make area-breakdown`: where the LUT4 of one programmable counter and of the CPI-stack block
go, per stage (docs/area.md, "Where the LUT4 go"); the cuts are scripts/area/stages.py's.

usage: breakdown.py [-j N] [--build DIR] [--doc docs/area.md] [--check] [--cached-only]

Runs its module jobs through the area flow (scripts/area/job.py; cached per job like make area),
writes BUILD/area/breakdown.csv and the tables between the `<!-- area:breakdown-counter -->`,
`<!-- area:breakdown-stack -->` and `<!-- area:ge-weights -->` (the kGE weights of
scripts/area/reports.py) markers of the doc. --check: exit 1 when the doc's tables differ
from what the results give (nothing is run). Last line "N passed, N failed" (jobs).
"""

import argparse
import concurrent.futures as cf
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import configs  # noqa: E402
import job  # noqa: E402
import reports  # noqa: E402
import stages  # noqa: E402
import sweep  # noqa: E402
import tools  # noqa: E402

D = configs.DEFAULT
T, P, W, CW = D["THREADS"], D["P"], D["W"], D["CW"]
NCNT = T * (P + 32)
IW = 13                                 # pmu_top's increment width at the defaults
PWW = IW + (2 * NCNT + 9).bit_length()  # pmu_cnt_ram's prefix widths at NCNT (clog2(2 NCNT + 10))
SIW = W.bit_length()                    # a stack counter's increment (at most W slots) ...
PWS = (W * (2 * NCNT + 10) - 1).bit_length()  # ... and its prefix with flip-flop storage's jobs
NSTK = 24 * T                           # with block RAM the stack counters are drained
PWD = (W * (2 * NSTK + 4)).bit_length()  # (pmu_cnt_drn): their prefix, clog2(W (2 NS + 4) + 1)
EV_STEPS = ["evctl", "no_any", "no_v", "no_cmp", "no_modes"]
ST_STEPS = ["stack", "no_class", "no_split"]
MET = ("ice40_lut4", "ice40_ffs", "ice40_carry", "generic_kge")


def _mod(name, top, params, cuts=(), cuts_top=()):
    j = {"name": name, "design": f"module:{top}", "params": params, "cuts": list(cuts),
         "group": "breakdown", "pnr": "none"}
    if cuts_top:
        j["cuts_top"] = list(cuts_top)
    return j


def _noinc(n, iw):
    """inc_i of a bank module tied to 0 (no increments: the adders go)."""
    return ["select -assert-count 1 w:inc_i", "delete -port w:inc_i",
            f"connect -set inc_i {n * iw}'b0"]


def jobs():
    out = []
    for s in EV_STEPS:
        out.append(_mod(f"bd_evctl_T{T}_P{P}_{s}", "pmu_evctl", {"THREADS": T, "P": P, "W": W},
                        stages.evctl_step(s, T, P), stages.evctl_top(s, T, P)))
    for s in ST_STEPS:
        out.append(_mod(f"bd_stack_T{T}_W{W}_{s}", "pmu_stack", {"THREADS": T, "W": W},
                        stages.stack_step(s, T)))
    # bank counters: a programmable counter's (IW-bit increments, reporting wraps) and a stack
    # counter's (SIW, wrapping silently: WRAP_EN 0, as in pmu_top; with block RAM drained, every
    # counter of the bank, at the PMU's prefix width PWD)
    def _drn(n, st):
        return {"DBASE": 0, "DSPAN": n, "DSTRIDE": n, "DTHR": 1, "SIW": SIW, "SMAX": W,
                "PWD": PWD} if st else {}
    for kind, iw, pw, wr in (("prog", IW, PWW, {}), ("narrow", SIW, PWS, {"WRAP_EN": 0})):
        for st in (0, 1):
            dr = _drn if kind == "narrow" else (lambda n, s: {})
            for n in (8, 16):
                prm = dict({"NCNT": n, "CW": CW, "IW": iw, "STORAGE": st, "PWW": pw, "PWN": pw},
                           **wr, **dr(n, st))
                out.append(_mod(f"bd_bank_{kind}_S{st}_N{n}", "pmu_cnt_bank", prm))
            prm = dict({"NCNT": 16, "CW": CW, "IW": iw, "STORAGE": st, "PWW": pw, "PWN": pw}, **wr,
                       **dr(16, st))
            out.append(_mod(f"bd_bank_{kind}_S{st}_N16_noinc", "pmu_cnt_bank", prm,
                            _noinc(16, iw)))
    for p in (P, 2 * P):
        out.append(_mod(f"bd_regs_T{T}_P{p}", "pmu_regs", {"THREADS": T, "P": p, "CW": CW, "W": W}))
    return out


def run(a, versions):
    rows, failed = {}, []
    sel = jobs()
    if a.only:
        sel = [j for j in sel if any(x in j["name"] for x in a.only.split(","))]
    with cf.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        if a.cached_only:
            futs = {ex.submit(job.cached, j, "pypi", versions, a.build, True): j for j in sel}
        else:
            futs = {ex.submit(job.run, j, "pypi", versions, a.build): j for j in sel}
        for fu in cf.as_completed(futs):
            j = futs[fu]
            try:
                r = fu.result()
            except Exception as e:  # noqa: BLE001 - reported per job
                failed.append(j["name"])
                print(f"breakdown: FAIL {j['name']}: {e}", flush=True)
                continue
            if r is None:
                print(f"breakdown: {j['name']}: no current result", flush=True)
                continue
            rows[j["name"]] = r
            print(f"breakdown: {j['name']}: {r['ice40_lut4']} LUT4, {r['ice40_ffs']} FF, "
                  f"{r['ice40_carry']} carry, {r.get('generic_kge', '-')} kGE"
                  f" [{'cached' if r.get('cached') else str(r['seconds']) + ' s'}]", flush=True)
    return rows, failed


def _v(rows, name, m):
    r = rows.get(name)
    if r is None or r.get(m) in (None, ""):
        return None
    return float(r[m])


def _diff(rows, a, b, m, div):
    x, y = _v(rows, a, m), (_v(rows, b, m) if b else 0.0)
    return None if x is None or y is None else (x - y) / div


def _fmt(v, d=1):
    return "-" if v is None else f"{v:,.{d}f}"


def counter_rows(rows, st):
    """[(stage, what it holds, {metric: value}, measured as)] of one programmable counter with
    counter storage ST (0 flip-flops, 1 block RAM)."""
    ev = {s: f"bd_evctl_T{T}_P{P}_{s}" for s in EV_STEPS}
    tp = T * P
    b8, b16 = f"bd_bank_prog_S{st}_N8", f"bd_bank_prog_S{st}_N16"
    bni = f"bd_bank_prog_S{st}_N16_noinc"
    out = [
        ("lane pick", "the lookup in the thread's lane table (a lane, a lane set's sum or 0), "
         "the lane tables' share (the lane sets' sums) and the fold of V",
         {m: _diff(rows, ev["no_any"], ev["no_v"], m, tp) for m in MET},
         "evctl no_any - no_v, / (T x P)"),
        ("ANY", "the lookups in the other threads' tables and the privilege-gated sum",
         {m: _diff(rows, ev["evctl"], ev["no_any"], m, tp) for m in MET},
         "evctl - no_any, / (T x P)"),
        ("compare", "V against CMASK in the four modes",
         {m: _diff(rows, ev["no_v"], ev["no_cmp"], m, tp) for m in MET},
         "evctl no_v - no_cmp, / (T x P)"),
        ("EDGE/INV/QUALIFY/CHAIN", "with BOTH and CNTV; the edge history and chain carry flops",
         {m: _diff(rows, ev["no_cmp"], ev["no_modes"], m, tp) for m in MET},
         "evctl no_cmp - no_modes, / (T x P)"),
        ("gating and increment select", "enables, the privilege filter, freeze; the increment "
         "mux", {m: _diff(rows, ev["no_modes"], None, m, tp) for m in MET},
         "evctl no_modes, / (T x P)"),
        ("increment", "the bank counter's adder (with RAM storage: into its prefix, and the "
         "fold of the prefix's carries into the RAM word)",
         {m: _diff(rows, b16, bni, m, 16) for m in MET},
         f"bank N=16 - the same without increments, / 16"),
    ]
    inc = out[-1][2]
    slope = {m: _diff(rows, b16, b8, m, 8) for m in MET}
    out.append(("storage and its read mux share", "the counter's bits (flip-flops; with RAM "
                "storage a prefix in flip-flops and a RAM word), its write merge and its share of "
                "the bank's read mux",
                {m: None if slope[m] is None or inc[m] is None else slope[m] - inc[m] for m in MET},
                "bank (N=16 - N=8) / 8, minus the increment"))
    out.append(("its registers", "evtsel, ext, the lane picks kept with evtsel, their decode "
                "and the register read mux's share",
                {m: _diff(rows, f"bd_regs_T{T}_P{2 * P}", f"bd_regs_T{T}_P{P}", m, T * P)
                 for m in MET}, "pmu_regs (P=16 - P=8), / (8 x T)"))
    tot = {m: (None if any(r[2][m] is None for r in out) else sum(r[2][m] for r in out))
           for m in MET}
    out.append(("**sum**", "", tot, "the rows above"))
    return out


def stack_rows(rows, st):
    sx = {s: f"bd_stack_T{T}_W{W}_{s}" for s in ST_STEPS}
    nstk = 24 * T
    b8, b16 = f"bd_bank_narrow_S{st}_N8", f"bd_bank_narrow_S{st}_N16"
    bni = f"bd_bank_narrow_S{st}_N16_noinc"
    out = [
        ("classification", "the stall cause of each thread and stage from the flags",
         {m: _diff(rows, sx["stack"], sx["no_class"], m, 1) for m in MET}, "stack - no_class"),
        ("split", "base with its carry and the carry flops, bpred, smt (with the sibling sums) "
         "and the rest",
         {m: _diff(rows, sx["no_class"], sx["no_split"], m, 1) for m in MET},
         "stack no_class - no_split"),
        ("increments", "the cause's slots added to its component",
         {m: _diff(rows, sx["no_split"], None, m, 1) for m in MET}, "stack no_split"),
    ]
    inc = {m: _diff(rows, b16, bni, m, 16) for m in MET}
    slope = {m: _diff(rows, b16, b8, m, 8) for m in MET}
    out.append((f"counters' adders ({nstk})", f"{SIW}-bit increments into the stack counters "
                "(with RAM storage: into their prefixes, drained into their RAM, pmu_cnt_drn)",
                {m: None if inc[m] is None else inc[m] * nstk for m in MET},
                f"narrow bank N=16 - the same without increments, / 16, x {nstk}"))
    out.append((f"storage ({nstk} counters)", "their bits (flip-flops; with RAM storage "
                "prefixes in flip-flops and RAM words), write merge and read-mux share",
                {m: None if slope[m] is None or inc[m] is None else (slope[m] - inc[m]) * nstk
                 for m in MET}, f"narrow bank (N=16 - N=8) / 8 minus the adder, x {nstk}"))
    tot = {m: (None if any(r[2][m] is None for r in out) else sum(r[2][m] for r in out))
           for m in MET}
    out.append(("**sum**", "", tot, "the rows above"))
    return out


def table(rows, fn, digits):
    head = ["stage", "what", "LUT4 (FF storage)", "LUT4 (RAM storage)", "FF (FF storage)",
            "FF (RAM storage)", "carry (FF storage)", "kGE (FF storage)", "kGE (RAM storage)",
            "measured as"]
    r0, r1 = fn(rows, 0), fn(rows, 1)
    body = []
    for a, b in zip(r0, r1):
        body.append([a[0], a[1], _fmt(a[2]["ice40_lut4"], digits), _fmt(b[2]["ice40_lut4"], digits),
                     _fmt(a[2]["ice40_ffs"], digits), _fmt(b[2]["ice40_ffs"], digits),
                     _fmt(a[2]["ice40_carry"], digits),
                     _fmt(a[2]["generic_kge"], 3 if digits else 2),
                     _fmt(b[2]["generic_kge"], 3 if digits else 2), a[3]])
    out = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * 7 + "---|"]
    out += ["| " + " | ".join(row) + " |" for row in body]
    return "\n".join(out)


def render(rows):
    return {"breakdown-counter": table(rows, counter_rows, 1),
            "breakdown-stack": table(rows, stack_rows, 0), "ge-weights": reports.ge_table()}


def write_doc(doc, tabs, check):
    with open(doc, encoding="utf-8") as f:
        old = f.read()
    new = old
    for name, text in tabs.items():
        pat = re.compile(rf"(<!-- area:{name} -->\n)(.*?)(<!-- /area:{name} -->)", re.S)
        if not pat.search(new):
            raise SystemExit(f"breakdown.py: {doc}: no `<!-- area:{name} -->` ... "
                             f"`<!-- /area:{name} -->` block")
        new = pat.sub(lambda mm: mm.group(1) + text + "\n" + mm.group(3), new)
    if check:
        return new == old
    if new != old:
        with open(doc + ".tmp", "w", encoding="utf-8") as f:
            f.write(new)
        os.replace(doc + ".tmp", doc)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--build", default=os.environ.get("BUILD", "build"))
    ap.add_argument("--doc", default=os.path.join(job.ROOT, "docs", "area.md"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--cached-only", action="store_true")
    ap.add_argument("--only", default="", help="run only the jobs whose name contains one of "
                    "these comma-separated strings (the tables take the others from the cache)")
    a = ap.parse_args()
    os.chdir(job.ROOT)
    versions = tools.versions("pypi")
    if a.check:
        a.cached_only = True
    rows, failed = run(a, versions)
    out = os.path.join(a.build, "area", "breakdown.csv")
    if rows:
        os.makedirs(os.path.dirname(out), exist_ok=True)
        sweep.write_csv([rows[j["name"]] for j in jobs() if j["name"] in rows], out, versions)
    ok = write_doc(a.doc, render(rows), a.check)
    if a.check and not ok:
        print(f"breakdown: {a.doc} differs from the results in {a.build}/area/jobs")
        failed.append("doc")
    print(f"breakdown: {len(rows)} of {len(jobs())} jobs; {out}")
    print(f"{len(rows)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

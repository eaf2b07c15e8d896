#!/usr/bin/env python3
"""Write the measured tables of docs/area.md from make area's outputs.

usage: tables.py [--build DIR] [--doc docs/area.md] [--check] [--tables NAME,...]

Each table sits between `<!-- area:NAME -->` and `<!-- /area:NAME -->` in the doc and is
replaced whole; the text around it is hand-written. A missing marker is an error naming the
doc and the table. --check: exit 1 if the doc's tables differ from what the CSV gives.
--tables: only the tables named (make area-features writes `features` alone); the others stay.
The CSV is BUILD/area/area.csv (and area_debian.csv, model_error.csv beside it).
"""

import argparse
import csv
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import configs  # noqa: E402
import model  # noqa: E402

PARAMS = ("THREADS", "P", "CW", "W")
D = configs.DEFAULT


def rd(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def n(r, k):
    v = r.get(k, "")
    if v in ("", None):
        return None
    return float(v) if "." in v else int(v)


def fmt(v, digits=0):
    if v is None:
        return "-"
    if isinstance(v, float) and digits:
        return f"{v:,.{digits}f}"
    return f"{round(v):,}"


def is_cfg(r, p, storage="0"):
    return (r["design"] == "pmu" and not r["ties"] and (r.get("STORAGE") or "0") == storage
            and (r.get("PIPE") or "0") == "0" and (r.get("SAMPLER") or "0") == str(p.get("SAMPLER", 0))
            and all(n(r, k) == v for k, v in p.items()))


def find(rows, pred):
    for r in rows:
        if pred(r):
            return r
    return None


def table(head, body, align=None):
    align = align or ["---"] + ["---:"] * (len(head) - 1)
    out = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in body]
    return "\n".join(out)


def yosys_of(src):
    """(version, origin) of the yosys that measured SRC, from its CSV version string, e.g.
    ('0.70', 'PyPI') from 'Yosys 0.70 (...) [PyPI pyosys==0.70]'."""
    v = next((x.get("yosys", "") for x in src if x.get("yosys")), "")
    m, o = re.match(r"Yosys (\S+)", v), re.search(r"\[(\w+)", v)
    return (m.group(1) if m else "?"), (o.group(1) if o else "?")


def label_of(src, nextpnr=False):
    """'0.70 PyPI', or with NEXTPNR 'yosys 0.70 / nextpnr 0.11.1 (PyPI)': the tools of the rows
    SRC (nextpnr: the first row placed and routed)."""
    ver, origin = yosys_of(src)
    if not nextpnr:
        return f"{ver} {origin}"
    npv = next((m.group(1) for x in src
                for m in [re.search(r"Version (?:nextpnr-)?([\d.]+)", x.get("nextpnr", ""))] if m), None)
    return f"yosys {ver}" + (f" / nextpnr {npv}" if npv else "") + f" ({origin})"


def t_tools(rows, deb):
    r = rows[0]
    body = [["yosys (make area)", r.get("yosys", "")]]
    for fam in ("ice40", "ecp5"):
        rr = find(rows, lambda x: x.get("pnr", "").startswith(fam))
        if rr:
            body.append([f"nextpnr-{fam} (make area)", rr.get("nextpnr", "")])
    if deb:
        body.append(["yosys (make area-baseline)", deb[0].get("yosys", "")])
    return table(["tool", "exact version"], body, ["---", "---"])


def t_default(rows, deb):
    body = []
    for src in (rows, deb):
        r = find(src, lambda x: is_cfg(x, D))
        if not r:
            continue
        label = label_of([r], nextpnr=True)
        fm = f"{r['fmax_mhz']} ({r['pnr']})" if r.get("fmax_mhz") else "-"
        body.append([label, fmt(n(r, "ice40_lut4")), fmt(n(r, "ice40_ffs")),
                     fmt(n(r, "ice40_carry")), fmt(n(r, "ice40_bram")),
                     f"{n(r, 'ice40_lut4') / 7680:.2f}", fmt(n(r, "generic_cells")),
                     fmt(n(r, "generic_transistors")), fmt(n(r, "generic_kge"), 1),
                     fmt(n(r, "ecp5_lut4")), fm])
    return table(["tools", "iCE40 LUT4", "FF", "carry", "BRAM", "x HX8K LUT4", "generic cells",
                  "transistors (cmos)", "kGE (NAND2 eq.)", "ECP5 LUT4", "Fmax MHz"], body)


def t_baseline(rows, deb):
    body = []
    for name, pred in (("default PMU (THREADS=2, P=8, CW=48, W=4)", lambda x: is_cfg(x, D)),
                       ("bare bank 8 x 48-bit (floor reference)",
                        lambda x: x["design"] == "bare" and n(x, "N") == 8 and n(x, "CW") == 48
                        and not x.get("IW"))):
        for label, src in ((label_of(deb), deb), (label_of(rows), rows)):
            r = find(src, pred)
            if r:
                body.append([name, label, fmt(n(r, "ice40_lut4")), fmt(n(r, "ice40_ffs")),
                             fmt(n(r, "ice40_carry")), fmt(n(r, "generic_cells")),
                             (f"{r['fmax_mhz']} ({r['pnr']})" if r.get("fmax_mhz") else "-")])
    return table(["design", "yosys", "iCE40 LUT4", "FF", "carry", "generic cells", "Fmax MHz (device)"],
                 body, ["---", "---"] + ["---:"] * 5)


def slope(rows, k, lo, hi, metric):
    a = find(rows, lambda x: is_cfg(x, dict(D, **{k: lo})))
    b = find(rows, lambda x: is_cfg(x, dict(D, **{k: hi})))
    if not a or not b:
        return None
    return div(sub(n(b, metric), n(a, metric)), hi - lo)


MET = ("ice40_lut4", "ice40_ffs", "ice40_carry", "generic_cells", "generic_transistors",
       "generic_kge")


def sub(a, b):
    """a - b, None when either is missing (a row measured before the column existed)."""
    return None if a is None or b is None else a - b


def div(a, d):
    return None if a is None else a / d


def per_counter(rows):
    """{kind: {metric: value}} and how each was measured."""
    out = {}
    bare = find(rows, lambda x: x["design"] == "bare" and n(x, "N") == 8 and n(x, "CW") == D["CW"]
                and not x.get("IW"))
    if bare:
        out["bare CW-bit counter (floor)"] = ({m: div(n(bare, m), 8) for m in MET},
                                              "bare_counter N=8, 1-bit increment, / 8")
    bare13 = find(rows, lambda x: x["design"] == "bare" and n(x, "N") == 8 and n(x, "CW") == D["CW"]
                  and n(x, "IW") == 13)
    if bare13:
        out["bare counter with a 13-bit increment (a bank counter's storage and adder)"] = (
            {m: div(n(bare13, m), 8) for m in MET}, "bare_counter N=8, IW=13, / 8")
    s = {m: slope(rows, "P", 8, 16, m) for m in MET}
    if s["ice40_lut4"] is not None:
        out["programmable counter, everything included"] = (
            {m: div(v, D["THREADS"]) for m, v in s.items()},
            "PMU at P=16 minus P=8, / (8 x THREADS)")
    base = find(rows, lambda x: is_cfg(x, D))
    for feat, cnt, label in (("slots_rdp", 5, "issue-slot counter: increment logic and direct read port"),
                             ("stacks", 24, "CPI-stack counter: its share of the stack block")):
        r = find(rows, lambda x: x["ties"] == feat)
        if base and r:
            out[label + " (its storage: a bank counter, above)"] = (
                {m: div(sub(n(base, m), n(r, m)), cnt * D["THREADS"]) for m in MET},
                f"tie-off {feat}, / ({cnt} x THREADS)")
    return out


def t_per_counter(rows):
    body = []
    for kind, (v, how) in per_counter(rows).items():
        body.append([kind] + [fmt(v[m], 3 if m == "generic_kge" else 1) if isinstance(v[m], float)
                              else fmt(v[m]) for m in MET] + [how])
    return table(["counter", "LUT4", "FF", "carry", "generic cells", "transistors", "kGE",
                  "measured as"], body, ["---"] + ["---:"] * 6 + ["---"])


def t_features(rows):
    base = find(rows, lambda x: is_cfg(x, D))
    if not base:
        return "(no default PMU row)"
    tp = D["THREADS"] * D["P"]
    mets = MET + ("ice40_bram", "generic_ram_bits")
    body = []
    have = {r["name"]: r for r in rows}
    for j in configs.jobs():
        if j["group"] != "feature":
            continue
        r = have.get(j["name"])
        if r is None:
            body.append([f"`{j['name']}` not measured"] + ["-"] * (len(mets) + 2))
            continue
        added = not r["ties"]          # a feature measured by adding it (the sampler) instead
        label = "all of cmask/inv/edge, ext modes, CHAIN, QUALIFY, ANY" if "nofeat" in r["name"] \
            else "sampler (added: SAMPLER=1, 256 records per thread)" if added else r["ties"]
        d = {m: sub(n(r, m), n(base, m)) if added else sub(n(base, m), n(r, m)) for m in mets}
        per = f"{d['ice40_lut4'] / tp:.1f}" if not added and r["ties"] not in ("stacks", "slots_rdp", "read_latch") \
            else "-"
        body.append([label] + [fmt(d[m], 1) if m == "generic_kge" and d[m] is not None
                               else fmt(d[m]) for m in mets]
                    + [f"{100.0 * d['ice40_lut4'] / n(base, 'ice40_lut4'):.1f}%" if d["ice40_lut4"] is not None
                       else "-", per])
    return table(["feature (tied off, or added)", "LUT4", "FF", "carry", "generic cells", "transistors",
                  "kGE", "SB_RAM40_4K", "RAM bits (generic)", "of the PMU's LUT4",
                  "LUT4 per programmable counter"], body)


def t_sweep(rows):
    body = []
    for r in rows:
        if r["design"] != "pmu" or r["ties"] or r["group"] not in ("sweep", "holdout", "smoke"):
            continue
        body.append([r["group"], r["THREADS"], r["P"], r["CW"], r["W"],
                     {"0": "0 (FF)", "1": "1 (RAM)"}.get(r.get("STORAGE") or "0", r.get("STORAGE")),
                     fmt(n(r, "ice40_lut4")), fmt(n(r, "ice40_ffs")), fmt(n(r, "ice40_carry")),
                     fmt(n(r, "generic_cells")), fmt(n(r, "generic_transistors")),
                     fmt(n(r, "generic_kge"), 1),
                     (f"{r['fmax_mhz']} ({r['pnr']})" if r.get("fmax_mhz") else "-")])
    return table(["group", "THREADS", "P", "CW", "W", "storage", "LUT4", "FF", "carry",
                  "generic cells", "transistors", "kGE", "Fmax MHz"], body)


def t_overhead(rows, deb):
    """The PMU against the core stub at the same THREADS and W, per tool set (storage 0: the core
    keeps its state in flip-flops too)."""
    body = []
    for label, src in ((label_of(rows), rows), (label_of(deb), deb)):
        for c in src:
            if c["design"] != "core":
                continue
            t, w = n(c, "THREADS"), n(c, "W")
            for r in src:
                if r["design"] != "pmu" or r["ties"] or n(r, "THREADS") != t or n(r, "W") != w \
                        or r["group"] not in ("sweep", "holdout") or (r.get("STORAGE") or "0") != "0":
                    continue
                if r["group"] == "sweep" and not (is_cfg(r, D) or (n(r, "P") == 4 and n(r, "CW") == 40)):
                    continue
                row = [f"THREADS={t}, W={w}", f"P={r['P']}, CW={r['CW']}", label]
                for met in ("ice40_lut4", "ice40_ffs", "generic_transistors"):
                    row += [fmt(n(c, met)), fmt(n(r, met)), f"{100.0 * n(r, met) / n(c, met):.0f}%"]
                body.append(row)
    return table(["core stub", "PMU", "yosys", "core LUT4", "PMU LUT4", "PMU / core", "core FF", "PMU FF",
                  "PMU / core", "core transistors", "PMU transistors", "PMU / core"], body,
                 ["---", "---", "---"] + ["---:"] * 9)


def t_model(m):
    body = []
    mets = [x for x in model.METRICS if all(x in e["coef"] for e in m["storage"].values())]
    for st, ent in sorted(m["storage"].items()):
        for b, ts in model.BLOCKS.items():
            for t, what in ts:
                body.append([st, b, f"`{t}` = {what}"]
                            + [f"{ent['coef'][met][t]:.3g}" for met in mets])
    return table(["storage", "block", "term", *mets], body,
                 ["---", "---", "---"] + ["---:"] * len(mets))


def t_model_error(m, errs):
    body = []
    for st, ent in sorted(m["storage"].items()):
        for e in errs:
            if e["storage"] == st and e["group"] == "holdout" and e["metric"] in (
                    "ice40_lut4", "ice40_ffs", "ice40_carry", "generic_transistors", "generic_kge"):
                body.append([st, e["name"].replace("pmu_", ""), e["metric"], fmt(int(e["actual"])),
                             fmt(int(e["predicted"])), f"{float(e['error_pct']):+.1f}%"])
        body.append([st, "**worst held-out**", "all fitted metrics", "", "",
                     f"{max(ent['holdout_error_pct'].values()):.1f}%"])
    return table(["storage", "configuration (held out)", "metric", "synthesized", "predicted",
                  "error"], body, ["---", "---", "---", "---:", "---:", "---:"])


def _cfg_rows(rows, p, storage=None):
    """PMU rows (no tie-off) of parameter set P, any PIPE, STORAGE when given."""
    return [r for r in rows if r["design"] == "pmu" and not r["ties"]
            and (storage is None or (r.get("STORAGE") or "0") == storage)
            and all(n(r, k) == v for k, v in p.items())]


def _best_fmax(rr, pnr):
    rr = [r for r in rr if r.get("pnr", "").startswith(pnr) and r.get("fmax_mhz")]
    return max(rr, key=lambda r: float(r["fmax_mhz"])) if rr else None


def t_targets(rows, m):
    """The targets of the hardware rebuild (docs/area.md, "Targets and what is reached"), each
    from make area's own rows."""
    ram = find(rows, lambda x: is_cfg(x, D, "1"))
    ram_lut = n(ram, "ice40_lut4") if ram else None
    hx = ram and ram.get("pnr", "").startswith("ice40") and ram.get("fmax_mhz")
    pcr = None
    a = find(rows, lambda x: is_cfg(x, dict(D, P=8), "1"))
    b = find(rows, lambda x: is_cfg(x, dict(D, P=16), "1"))
    if a and b:
        pcr = (n(b, "ice40_lut4") - n(a, "ice40_lut4")) / (8 * D["THREADS"])
    ecp = _best_fmax(_cfg_rows(rows, D), "ecp5")
    small = _best_fmax(_cfg_rows(rows, configs.SMOKE), "ice40")
    base = find(rows, lambda x: is_cfg(x, D))
    stk = find(rows, lambda x: x["ties"] == "stacks")
    stk_lut = n(base, "ice40_lut4") - n(stk, "ice40_lut4") if base and stk else None
    worst = {st: max(e["holdout_error_pct"].values()) for st, e in m["storage"].items()}
    kge_in = all("generic_kge" in e["holdout_error_pct"] for e in m["storage"].values())

    def st(ok, have):
        return "not measured" if not have else ("met" if ok else "missed")

    def setting(r):
        return f"STORAGE={r.get('STORAGE') or '0'}, PIPE={r.get('PIPE') or '0'}"

    body = [
        ["default PMU with block-RAM storage, LUT4", "<= 6,900 LUT4 (90% of an HX8K); 3,840 stretch",
         f"{fmt(ram_lut)} LUT4" if ram_lut else "-",
         st(ram_lut is not None and ram_lut <= 6900, ram_lut is not None)
         + (" (stretch met)" if ram_lut and ram_lut <= 3840 else "")],
        ["default PMU placed and routed on an HX8K", "placed and routed, its Fmax",
         f"{ram['fmax_mhz']} MHz on the HX8K" if hx else
         ("not placed on an HX8K (does not fit 90% of one)" if ram else "-"),
         "met" if hx else ("missed" if ram else "not measured")],
        ["programmable counter with the full event control, block-RAM storage",
         "<= 260 LUT4 (PMU at P=16 minus P=8, per counter); 190 stretch",
         f"{pcr:.1f} LUT4" if pcr is not None else "-",
         st(pcr is not None and pcr <= 260, pcr is not None)
         + (" (stretch met)" if pcr is not None and pcr <= 190 else "")],
        ["default PMU, Fmax on an ECP5-85F (speed 6, out of context)", ">= 100 MHz",
         f"{ecp['fmax_mhz']} MHz ({setting(ecp)})" if ecp else "-",
         st(ecp is not None and float(ecp["fmax_mhz"]) >= 100, ecp is not None)],
        ["smallest PMU (THREADS=1, P=1, CW=33, W=1), Fmax on an HX8K", ">= 98 MHz",
         f"{small['fmax_mhz']} MHz ({setting(small)})" if small else "-",
         st(small is not None and float(small["fmax_mhz"]) >= 98, small is not None)],
        ["CPI-stack block (the stack block and its counters' adders, tie-off stacks)", "<= 1,500 LUT4",
         f"{fmt(stk_lut)} LUT4" if stk_lut is not None else "-",
         st(stk_lut is not None and stk_lut <= 1500, stk_lut is not None)],
        ["cost model on held-out configurations", "within 5% on every metric, kGE included",
         "; ".join(f"STORAGE={k}: worst {v:.1f}%" for k, v in sorted(worst.items()))
         + ("" if kge_in else " (kGE not fitted yet)"),
         "met" if kge_in and max(worst.values()) <= 5 else "missed"],
    ]
    return table(["target", "required", "reached", "status"], body, ["---"] * 4)


def t_runtime(build, rows):
    rt = os.path.join(build, "area", "runtime.json")
    body = []
    if os.path.exists(rt):
        with open(rt, encoding="utf-8") as f:
            r = json.load(f)
        body.append([f"`make area`'s sweep, {r['jobs']} configurations, {r['cached']} of them cached",
                     f"{r['wall_s']:,} s wall ({r['parallel']} jobs at a time under nice)",
                     f"{r['job_s']:,} s summed over {r['jobs']} jobs"])
    else:   # the jobs were measured over several runs: no one wall time
        body.append([f"`make area`'s sweep, {len(rows)} configurations", "- (measured over several runs)",
                     f"{sum(float(x['seconds']) for x in rows):,.0f} s summed over {len(rows)} jobs"])
    groups = {}
    for x in rows:
        groups.setdefault(x["group"], []).append(float(x["seconds"]))
    for g, v in groups.items():
        body.append([f"group {g}: {len(v)} job{'s' if len(v) != 1 else ''}", "",
                     f"{sum(v):,.0f} s, the longest {max(v):,.0f} s"])
    return table(["what", "wall", "per job (wall time of each job, under load)"], body,
                 ["---", "---", "---"])


def t_timing(rows):
    """Fmax with and without the event path pipeline (group timing, and the sweep's default
    with block RAM as its PIPE=0 twin)."""
    body = []
    twin = configs.name_of(dict(configs.DEFAULT, STORAGE=1))
    for r in rows:
        if r["group"] != "timing" and r["name"] != twin:
            continue
        body.append([f"THREADS={r['THREADS']} P={r['P']} CW={r['CW']} W={r['W']}",
                     r.get("STORAGE") or "0", r.get("PIPE") or "0",
                     fmt(n(r, "ice40_lut4")), fmt(n(r, "ice40_ffs")),
                     r.get("pnr") or "-", r.get("fmax_mhz") or "-"])
    if not body:
        return "Not measured yet: `make area` (or `sweep.py --only timing`) measures it."
    body.sort(key=lambda b: (b[0], b[5], b[1], b[2]))
    return table(["configuration", "STORAGE", "PIPE", "iCE40 LUT4", "FF", "place and route",
                  "Fmax MHz"], body, ["---", "---:", "---:", "---:", "---:", "---", "---:"])


def t_missing(rows):
    have = {r["name"]: r for r in rows}
    body = []
    for j in configs.jobs():
        r = have.get(j["name"])
        if r is None:
            body.append([f"`{j['name']}`", j["group"], "not measured"])
        elif r.get("pnr_pending") in ("1", 1):
            body.append([f"`{j['name']}`", j["group"], "synthesized; place and route not run"])
    if not body:
        return "Every configuration of `scripts/area/configs.py` was measured."
    return table(["configuration", "group", "state"], body, ["---", "---", "---"])


def render(build, only=()):
    """The tables of docs/area.md, by marker name; ONLY: just those (a partial run's tables)."""
    rows = rd(os.path.join(build, "area", "area.csv"))
    deb = rd(os.path.join(build, "area", "area_debian.csv"))
    if not rows:
        raise SystemExit(f"tables.py: {build}/area/area.csv missing: run make area")
    errs = rd(os.path.join(build, "area", "model_error.csv"))
    makers = {"tools": lambda: t_tools(rows, deb), "default": lambda: t_default(rows, deb),
              "baseline": lambda: t_baseline(rows, deb),
              "targets": lambda: t_targets(rows, model.load()),
              "per-counter": lambda: t_per_counter(rows), "features": lambda: t_features(rows),
              "overhead": lambda: t_overhead(rows, deb), "sweep": lambda: t_sweep(rows),
              "model": lambda: t_model(model.load()),
              "model-error": lambda: t_model_error(model.load(), errs),
              "runtime": lambda: t_runtime(build, rows), "timing": lambda: t_timing(rows),
              "missing": lambda: t_missing(rows)}
    bad = [t for t in only if t not in makers]
    if bad:
        raise SystemExit(f"tables.py: --tables: no table named {', '.join(bad)} "
                         f"(tables: {', '.join(makers)})")
    return {name: make() for name, make in makers.items() if not only or name in only}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.environ.get("BUILD", "build"))
    ap.add_argument("--doc", default=os.path.join(configs.ties.ROOT, "docs", "area.md"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--tables", default="", help="NAME,...: write only these tables (their "
                    "configurations measured, e.g. by make area-features); default every table")
    a = ap.parse_args()
    tabs = render(a.build, [t for t in a.tables.split(",") if t])
    with open(a.doc, encoding="utf-8") as f:
        doc = f.read()
    new = doc
    for name, text in tabs.items():
        pat = re.compile(rf"(<!-- area:{name} -->\n)(.*?)(<!-- /area:{name} -->)", re.S)
        if not pat.search(new):
            raise SystemExit(f"tables.py: {os.path.normpath(a.doc)}: no `<!-- area:{name} -->` ... "
                             f"`<!-- /area:{name} -->` block for table {name}")
        new = pat.sub(lambda mm: mm.group(1) + text + "\n" + mm.group(3), new)
    if a.check:
        if new != doc:
            print(f"tables.py: {a.doc} differs from the tables of {a.build}/area/area.csv")
            return 1
        return 0
    if new != doc:
        with open(a.doc + ".tmp", "w", encoding="utf-8") as f:
            f.write(new)
        os.replace(a.doc + ".tmp", a.doc)
    print(f"tables: {len(tabs)} tables in {os.path.normpath(a.doc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

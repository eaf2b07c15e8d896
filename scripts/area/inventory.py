#!/usr/bin/env python3
"""The PMU's iCE40 cells by module instance (docs/area.md, "Inventory by module").

Synthesizes pmu_top with make area's pinned yosys (build/venv/bin/pyosys-yosys) and
`synth_ice40 -noflatten`, so each module keeps its own cells, and prints one markdown row per
module (its submodules included: pmu_evctl with its pmu_evctl_ctr, pmu_regs with pmu_regs_gen,
pmu_stack with its stages, pmu_cnt_bank with pmu_cnt_ram) and the sum. Without flattening no
constant crosses a module boundary (e.g. the increments' upper bits that are always 0), so the
sum is above the flattened `make area-quick` figure; the difference is in the last row.

  build/venv/bin/python scripts/area/inventory.py [--params "THREADS=2 P=8 CW=48 W=4 STORAGE=1 PIPE=2"]
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
RTL = os.path.join(ROOT, "rtl", "pmu")
DEFAULT = "THREADS=2 P=8 CW=48 W=4 STORAGE=1 PIPE=2"
CELLS = (("SB_LUT4", "lut4"), ("SB_DFF", "ff"), ("SB_CARRY", "carry"), ("SB_RAM40_4K", "bram"))


def parse_stat(text):
    """{module: {kind: count}} of each module's own cells, and {module: [submodule, ...]}."""
    own, subs = {}, {}
    for blk in re.split(r"\n=== ", "\n" + text)[1:]:
        name = blk.split(" ===")[0].strip()
        if name == "design hierarchy":
            continue
        cnt = {k: 0 for _, k in CELLS}
        for num, cell in re.findall(r"^\s+(\d+)\s+(\S+)\s*$", blk, re.M):
            for pre, k in CELLS:
                if cell.startswith(pre):
                    cnt[k] += int(num)
        own.setdefault(name, cnt)
        # submodule instances: "N   $paramod...\name" lines after "submodules"
        part = blk.split("submodules", 1)[1] if "submodules" in blk else ""
        subs[name] = [(int(n), m) for n, m in
                      re.findall(r"^\s+(\d+)\s+(\S*pmu_\w+)\s*$", part, re.M)]
    return own, subs


def short(mod):
    """pmu_x of yosys's $paramod$HASH\\pmu_x."""
    return mod.split("\\")[-1]


def total(mod, own, subs):
    t = dict(own[mod])
    for n, s in subs.get(mod, []):
        st = total(s, own, subs)
        for k in t:
            t[k] += n * st[k]
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--params", default=DEFAULT)
    args = ap.parse_args()
    build = os.environ.get("BUILD", "build")
    out = os.path.join(ROOT, build, "area", "inventory")
    os.makedirs(out, exist_ok=True)
    srcs = " ".join(sorted(os.path.join(RTL, f) for f in os.listdir(RTL) if f.endswith(".v")))
    chp = " ".join(f"-set {k} {v}" for k, v in (p.split("=") for p in args.params.split()))
    stat = os.path.join(out, "ice40.stat")
    with open(os.path.join(out, "inv.ys"), "w", encoding="utf-8") as f:
        f.write(f"read_verilog -defer -I{RTL} {srcs}\nchparam {chp} pmu_top\n"
                "hierarchy -check -top pmu_top\nproc\nopt_clean\n"
                f"synth_ice40 -noflatten -top pmu_top\ntee -q -o {stat} stat\n")
    yosys = os.path.join(ROOT, build, "venv", "bin", "pyosys-yosys")
    r = subprocess.run([yosys, "-q", "-l", os.path.join(out, "yosys.log"), "-s",
                        os.path.join(out, "inv.ys")], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
    if r.returncode != 0:
        sys.exit(f"inventory: yosys failed, see {out}/yosys.log")
    with open(stat, encoding="utf-8") as f:
        own, subs = parse_stat(f.read())
    print(f"{args.params}, synth_ice40 -noflatten")
    print("| module (with its submodules) | LUT4 | FF | carry | SB_RAM40_4K |")
    print("|---|---:|---:|---:|---:|")
    top = own["pmu_top"]
    for n, s in subs["pmu_top"]:
        t = total(s, own, subs)
        inner = sorted(set(short(m) for _, m in subs.get(s, [])))
        label = f"`{short(s)}`" + (f" (with {', '.join(inner)})" if inner else "")
        print(f"| {label} | {t['lut4']:,} | {t['ff']:,} | {t['carry']:,} | {t['bram']} |")
        if inner:
            o = own[s]
            print(f"| - of which `{short(s)}` itself | {o['lut4']:,} | {o['ff']:,} | "
                  f"{o['carry']:,} | {o['bram']} |")
            grp = {}   # the instances of one module, whatever their parameters
            for k, m in subs[s]:
                u = total(m, own, subs)
                g = grp.setdefault(short(m), {"n": 0, **{x: 0 for x in u}})
                g["n"] += k
                for x in u:
                    g[x] += k * u[x]
            for m, g in grp.items():
                cnt = f"{g['n']} x " if g["n"] > 1 else ""
                print(f"| - of which {cnt}`{m}` | {g['lut4']:,} | {g['ff']:,} | "
                      f"{g['carry']:,} | {g['bram']} |")
    print(f"| `pmu_top` itself (input registers, wrap gather) | {top['lut4']:,} | {top['ff']:,} | "
          f"{top['carry']:,} | {top['bram']} |")
    t = total("pmu_top", own, subs)
    print(f"| **sum** | {t['lut4']:,} | {t['ff']:,} | {t['carry']:,} | {t['bram']} |")
    for m in sorted(own, key=short):
        if m != "pmu_top":
            o = own[m]
            print(f"  own cells of {short(m)}: LUT4 {o['lut4']}, FF {o['ff']}, carry {o['carry']}, "
                  f"BRAM {o['bram']}", file=sys.stderr)


if __name__ == "__main__":
    main()

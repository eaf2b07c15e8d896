"""Readers of the tools' reports: yosys `stat` text (0.23 and 0.70 layouts) and nextpnr's
--report JSON. Each returns a flat dict of the figures the area CSV keeps."""

import json
import re

# cell type -> CSV column, per target (the rest of the cells only count in `cells`)
ICE40 = {"SB_LUT4": "lut4", "SB_CARRY": "carry", "SB_RAM40_4K": "bram"}
ECP5 = {"LUT4": "lut4", "CCU2C": "ccu2c", "DP16KD": "bram", "TRELLIS_DPR16X4": "dpram",
        "PFUMX": "pfumx", "L6MUX21": "l6mux"}


def cell_counts(text):
    """{cell type: count} of the last module listed by yosys `stat` (the flattened top), and the
    transistor estimate of `stat -tech cmos` under the key '#transistors' when present."""
    counts = {}
    tr = None
    for ln in text.splitlines():
        if re.match(r"^=== .* ===$", ln.strip()):
            counts = {}                               # a new module: keep the last one
        m = re.match(r"^\s*Estimated number of transistors:\s*(\d+)", ln)
        if m:
            tr = int(m.group(1))
            continue
        m = re.match(r"^\s+(\d+)\s+(\$?[A-Za-z_][\w$]*)\s*$", ln)          # 0.70: "  12   SB_LUT4"
        if not m:
            m2 = re.match(r"^\s+(\$?[A-Za-z_][\w$]*)\s+(\d+)\s*$", ln)     # 0.23: "  SB_LUT4  12"
            if m2:
                m = (None, m2.group(2), m2.group(1))
        if m:
            n, name = int(m[1]), m[2]
            if name not in ("cells", "wires", "ports", "memories", "processes"):
                counts[name] = n
    if tr is not None:
        counts["#transistors"] = tr
    return counts


def is_ff(name):
    return "DFF" in name or name == "TRELLIS_FF"


def summarize(counts, target):
    """CSV figures of one `stat`: cells, ffs, and the target's own columns."""
    cells = {k: v for k, v in counts.items() if not k.startswith("#") and k != "$scopeinfo"}
    out = {"cells": sum(cells.values()), "ffs": sum(v for k, v in cells.items() if is_ff(k))}
    if target == "generic":
        out["transistors"] = counts.get("#transistors", 0)
        latches = sum(v for k, v in cells.items() if "DLATCH" in k)
        if latches:
            raise ValueError(f"{latches} latch cells after synthesis")
    else:
        for typ, col in (ICE40 if target == "ice40" else ECP5).items():
            out[col] = cells.get(typ, 0)
    return out


def nextpnr_report(path):
    """fmax (MHz, the lowest clock), and utilization {bel type: (used, available)}."""
    with open(path, encoding="utf-8") as f:
        rep = json.load(f)
    fmax = [c["achieved"] for c in rep.get("fmax", {}).values()]
    util = {k: (v["used"], v["available"]) for k, v in rep.get("utilization", {}).items()}
    return (min(fmax) if fmax else None), util

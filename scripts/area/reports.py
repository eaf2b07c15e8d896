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


# NAND2-equivalent weight of each generic cell of yosys `synth` (docs/area.md, "Gate
# equivalents"): the X1 cell areas of the Nangate 45 nm Open Cell Library over NAND2_X1's
# (0.798 um^2), rounded to 1/3 GE; a cell with no library cell of its own is the cells it is
# built from (ANDNOT = INV + NOR2, ORNOT = INV + NAND2, NMUX = MUX2 + INV). Flip-flops: DFF_X1
# 5.67, with an asynchronous reset or set DFFR_X1/DFFS_X1 6.67, both DFFRS_X1 7.67; a
# synchronous reset or set adds an AND2/OR2 (1.33) in front, an enable a MUX2 (2.33).
GE_GATES = {
    "$_BUF_": 1.0, "$_NOT_": 0.67, "$_NAND_": 1.0, "$_NOR_": 1.0, "$_AND_": 1.33,
    "$_OR_": 1.33, "$_XOR_": 2.0, "$_XNOR_": 2.0, "$_ANDNOT_": 1.67, "$_ORNOT_": 1.67,
    "$_MUX_": 2.33, "$_NMUX_": 3.0, "$_AOI3_": 1.33, "$_OAI3_": 1.33, "$_AOI4_": 1.67,
    "$_OAI4_": 1.67,
}
GE_DFF, GE_DFF_ARST, GE_DFF_ARST_SET, GE_SRST, GE_EN = 5.67, 6.67, 7.67, 1.33, 2.33


def ge_weight(name):
    """NAND2-equivalent weight of generic cell NAME; ValueError for a type without one."""
    if name in GE_GATES:
        return GE_GATES[name]
    m = re.match(r"^\$_(S?)DFF(SR)?(C?E?)_([PN]+[01]?[PN]?)_$", name)
    if m:
        srst, sr, en, _ = m.groups()
        w = GE_DFF_ARST_SET if sr else GE_DFF
        # $_DFF_PP0_ / $_DFFE_PN1P_: an asynchronous reset or set (a 0/1 in the polarity part)
        if not sr and not srst and re.search(r"[01]", m.group(4)):
            w = GE_DFF_ARST
        return w + (GE_SRST if srst else 0) + (GE_EN if en else 0)
    raise ValueError(f"generic cell {name}: no NAND2-equivalent weight (scripts/area/reports.py "
                     "GE_GATES)")


# The generic flow keeps each memory as one cell of this type (scripts/area/job.py): its bits
# are counted apart (ram_bits), not priced as flip-flops in kGE.
RAM_MACRO = "$__ss_ram"


def ram_bits(dump_text):
    """Bits of the memories in a yosys `dump` of the $mem_v2 cells (SIZE x WIDTH each)."""
    cells = []
    for ln in dump_text.splitlines():
        if re.match(r"^\s*cell \$mem_v2 ", ln):
            cells.append({})
        m = re.match(r"^\s*parameter \\(SIZE|WIDTH) (\d+)", ln)
        if m and cells:
            cells[-1][m.group(1)] = int(m.group(2))
    return sum(c.get("SIZE", 0) * c.get("WIDTH", 0) for c in cells)


def kge(cells):
    """Thousands of NAND2 equivalents of {generic cell type: count}."""
    return round(sum(ge_weight(k) * v for k, v in cells.items()) / 1000.0, 3)


def ge_table():
    """Markdown table of the weights (docs/area.md, "Gate equivalents")."""
    rows = [(k, f"{v:.2f}") for k, v in GE_GATES.items()]
    rows += [("`$_DFF_*_` (no reset)", f"{GE_DFF:.2f}"),
             ("`$_DFF_*_` with an asynchronous reset or set", f"{GE_DFF_ARST:.2f}"),
             ("`$_DFFSR*_` (both)", f"{GE_DFF_ARST_SET:.2f}"),
             ("`$_SDFF*_` (synchronous reset or set)", f"+ {GE_SRST:.2f}"),
             ("`$_*DFFE_*_`, `$_SDFFCE_*_` (enable)", f"+ {GE_EN:.2f}")]
    out = ["| generic cell | NAND2 equivalents |", "|---|---:|"]
    out += [f"| {k if k.startswith('`') else '`' + k + '`'} | {v} |" for k, v in rows]
    return "\n".join(out)


def is_ff(name):
    return "DFF" in name or name == "TRELLIS_FF"


def summarize(counts, target):
    """CSV figures of one `stat`: cells, ffs, and the target's own columns."""
    cells = {k: v for k, v in counts.items()
             if not k.startswith("#") and k not in ("$scopeinfo", RAM_MACRO)}
    out = {"cells": sum(cells.values()), "ffs": sum(v for k, v in cells.items() if is_ff(k))}
    if target == "generic":
        out["transistors"] = counts.get("#transistors", 0)
        out["kge"] = kge(cells)
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

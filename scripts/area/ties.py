"""Synthesis-only tie-offs: the area flow's way to price one PMU feature (docs/area.md, method).

A tie-off cuts the driver of one configuration field (the register's flip-flops, in the flattened
netlist) or of one block's output (the block instance's port, in pmu_top before flattening, where
the instance drives the net directly) and drives it with constant 0, before synthesis: yosys then removes the field's storage
flip-flops and all logic that only served the feature. The RTL, the simulation and every test
are untouched; the difference between the default PMU and the tied-off one is the feature's
cost. Field positions come from rtl/pmu/pmu_map.vh (generated from pmu.rdl), so a moved field is
followed; a renamed or vanished net makes yosys stop with an error (select -assert-count), and
so does a tied net that no cell reads after the tie (an alias of the net the logic reads:
flattening keeps both names), so a tie-off cannot silently price nothing.

Features (name: what is tied to 0):
  cmask_inv_edge  evtsel CMASK, INV, EDGE of every programmable counter
  ext_modes       ext CMP, CNTV, BOTH (the extension compare modes)
  chain           ext CHAIN
  qualify         ext QUALIFY
  any             evtsel ANY
  stacks          the CPI-stack block's increments (pmu_stack and the stack counters' adders go;
                  the stack counters' storage and read-mux inputs stay: software can still
                  write and read them)
  slots_rdp       the issue-slot counters' increments and the direct read port's requests
                  (slot increment logic, slot adders, the window read mux and pmu_rdp go)
  read_latch      the torn-free read latch's valid bit (the high-word latch and its compare go)
"""

import math
import os
import re

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MAP_VH = os.path.join(ROOT, "rtl", "pmu", "pmu_map.vh")

# register, field, width; the register's storage net in the flattened pmu_top
FIELDS = {
    "cmask_inv_edge": [("EVTSEL", "CMASK", 8), ("EVTSEL", "INV", 1), ("EVTSEL", "EDGE", 1)],
    "ext_modes":      [("EXT", "CMP", 2), ("EXT", "CNTV", 1), ("EXT", "BOTH", 1)],
    "chain":          [("EXT", "CHAIN", 1)],
    "qualify":        [("EXT", "QUALIFY", 1)],
    "any":            [("EVTSEL", "ANY", 1)],
}
# (the flip-flops are in the generated register block u_regs.u_gen; after flattening, the logic
# reads that block's net, and pmu_regs' own evtsel_q is an alias no cell reads)
STORAGE = {"EVTSEL": "u_regs.u_gen.evtsel_q", "EXT": "u_regs.u_gen.ext_q"}
FEATURES = tuple(FIELDS) + ("stacks", "slots_rdp", "read_latch")


def map_defines(path=MAP_VH):
    """{NAME: int} of the numeric `define lines of pmu_map.vh."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for ln in f:
            m = re.match(r"`define\s+PMU_(\w+)\s+(\d+)\b", ln)
            if m:
                out[m.group(1)] = int(m.group(2))
    return out


def derived(params, defs):
    """THREADS, P, IW ... of a parameter set (pmu_top's localparams), defaults from pmu_map.vh."""
    p = {k: params.get(k, defs["DEF_" + k]) for k in
         ("THREADS", "P", "CW", "W", "LW", "NW", "NS_PER_TICK")}
    vw = p["LW"] + 3 + math.ceil(math.log2(p["THREADS"]))
    iwa = max(vw, p["NW"])
    iwb = math.ceil(math.log2(p["NS_PER_TICK"] + 1))
    p["IW"] = max(iwa, iwb, 3) + 1
    return p


def _tie(net, hi, lo):
    w = hi - lo + 1
    return [f"connect -unset {net}[{hi}:{lo}]", f"connect -set {net}[{hi}:{lo}] {w}'b0"]


def read_by_cells(net):
    """Asserts that cells read NET: a net that only aliases the one the logic reads (flattening
    keeps both names) would take its tie to 0 and change nothing."""
    return f"select -assert-min 1 w:{net} %co1 c:* %i"


TOP_LEVEL = ("stacks", "slots_rdp")     # cut in pmu_top before flattening


def stage(feature):
    """'top' (yosys commands to run inside pmu_top before flatten) or 'flat' (after flatten)."""
    return "top" if feature in TOP_LEVEL else "flat"


def _cut_port(cell, port, net, width, keep=False):
    """Connect CELL's output PORT to a fresh wire area_cut_NET instead of NET (in pmu_top), and
    drive NET with 0 unless KEEP (then the caller drives it)."""
    cut = f"area_cut_{net}"
    cmds = [f"select -assert-count 1 w:{net}", f"select -assert-count 1 c:{cell}",
            f"add -wire {cut} {width}", f"connect -port {cell} {port} {cut}"]
    if not keep:
        cmds.append(f"connect -set {net} {width}'b0")
    return cmds


def commands(feature, params, defs=None):
    """yosys commands (list of str) tying FEATURE off in pmu_top of PARAMS (see stage())."""
    if feature not in FEATURES:
        raise ValueError(f"unknown feature {feature!r}: one of {', '.join(FEATURES)}")
    defs = defs or map_defines()
    d = derived(params, defs)
    t, p, iw = d["THREADS"], d["P"], d["IW"]
    cmds = []
    if feature in FIELDS:
        nets = set()
        for reg, field, width in FIELDS[feature]:
            key = f"{reg}_{field}_LSB"
            if key not in defs:
                raise ValueError(f"{MAP_VH}: no `define PMU_{key} (field {reg}.{field} of "
                                 f"feature {feature})")
            lsb = defs[key]
            net = STORAGE[reg]
            nets.add(net)
            for k in range(t * p):
                cmds += _tie(net, k * 32 + lsb + width - 1, k * 32 + lsb)
        cmds = [f"select -assert-count 1 w:{n}" for n in sorted(nets)] + cmds \
            + [read_by_cells(n) for n in sorted(nets)]
    elif feature == "stacks":
        cmds = _cut_port("u_stack", "inc_o", "stk_inc", t * defs["NSTK"] * iw)
    elif feature == "slots_rdp":
        nfix, nslot = defs["NFIX"], defs["NSLOT"]
        # the slot fields of u_fix's output stay cut off; its fixed-counter fields drive fs_inc
        w = t * 8 * iw
        cmds = _cut_port("u_fix", "inc_o", "fs_inc", w, keep=True)
        for u in range(t):
            lo = (u * 8 + nfix) * iw
            cmds.append(f"connect -set fs_inc[{lo + nslot * iw - 1}:{lo}] {nslot * iw}'b0")
            for a, b in ((u * 8 * iw, lo - 1), (lo + nslot * iw, (u + 1) * 8 * iw - 1)):
                if b >= a:
                    cmds.append(f"connect -set fs_inc[{b}:{a}] area_cut_fs_inc[{b}:{a}]")
        cmds += _cut_port("u_rdp", "re_o", "slot_re", t)
    elif feature == "read_latch":
        cmds = ["select -assert-count 1 w:u_regs.hi_vld_q"] + _tie("u_regs.hi_vld_q", 0, 0) \
            + [read_by_cells("u_regs.hi_vld_q")]
    return cmds


if __name__ == "__main__":
    import sys
    for ln in commands(sys.argv[1], {}):
        print(ln)

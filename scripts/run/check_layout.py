#!/usr/bin/env python3
"""Fail when a C, C++, Verilog or Python file restates the PMU's register layout by hand.

The layout (register offsets, field positions and widths, the id value) has one source,
rtl/pmu/data/pmu.rdl, from which scripts/gen/gen_map.py generates cmodel/include/pmu_map.h,
rtl/pmu/pmu_map.vh and the other generated files; code takes PMU_<REG>_OFF, PMU_<REG>_<FIELD>_LSB
and _W, PMU_GET/PMU_PUT, pmu_win and the catalog from there. This check reads the layout from
pmu_map.h and looks through every tracked source file (git ls-files) outside the generated ones
for what hand-written layout looks like:
  magic   the id value (0x53530001) or its magic half (0x5353)
  field   a literal bit position or field mask applied to a register value: `es >> 24`,
          `BIT(es, 23)`, `es & (1u << 23)`, `ext & 16`, `es[21]`, `(1 << 16)` next to an evtsel
          (a register value is a variable named after a register: es, evtsel*, ext*, fixctl*,
          fc, gctrl*, gstatus*, gs, gs0, gs1, ctrl_q, evstat*, .sel)
  mask    a hex literal of 3 digits or more that is a register's writable-bit mask or its
          complement (0xbbb of fixctl, 0xfff7ffff of evtsel, 0xffffffc0 the reserved bits of ext)
  offset  a hex literal that is a register's address (thread 0's block or beyond, or a thread
          base) or its offset in a thread block (+0x040 and up), on a line that addresses the
          bus (paddr, addr, treg, apb, T0, OFF, rd/wr)
Test oracles that state expected values on purpose (hand-worked from the spec, like the .stim
files) are listed in ALLOW with the reason. Prints FILE:LINE: rule: text for each finding, then
"check_layout: N passed, N failed" (files without / with findings); exit 1 if any. --self-test checks that each rule fires on a
sample line and stays quiet on its generated form.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MAP_H = "cmodel/include/pmu_map.h"
EXTS = (".c", ".h", ".cc", ".cpp", ".hpp", ".v", ".vh", ".sv", ".svh", ".py")
# generated from pmu.rdl / pmu_params.json (scripts/gen/gen_map.py's OUT), and the generators
GENERATED = {
    "cmodel/include/pmu_map.h", "cmodel/src/pmu_regs_gen.h", "rtl/pmu/pmu_map.vh",
    "rtl/pmu/pmu_regs_gen.v", "rtl/pmu/pmu_regs_pkg.vh", "rtl/pmu/pmu_lane_sel.vh",
    "rtl/pmu/pmu_lane_pick.vh",
    "verif/lockstep/rtl_state_gen.h", "scripts/gen/gen_map.py", "scripts/gen/rdl_regs.py",
    "scripts/gen/gtkw_gen.py",
}
ALLOW = {
    # this checker's own samples
    "scripts/run/check_layout.py": "the rules' sample lines",
    # test oracles: values worked out by hand from the spec, compared against the generated map
    "cmodel/test/test_model.c": "unit-test oracle: expected register values from spec 3",
    "cmodel/test/test_sampler.c": "unit-test oracle: sampler offsets and record layout from spec 7.4/7.6",
    "sim/report/test_report.c": "unit-test oracle: raw encodings and expected report lines",
    "sim/systemc/tlm_test.cpp": "TLM test oracle: expected register values from spec 3",
}

REGVAR = (r"(?:\bes\b|\bevtsel\w*(?:\[[^\]]*\])*|\bext(?:_q)?(?:\[[^\]]*\])*|\bfixctl\w*(?:\[[^\]]*\])*|\bfc\b"
          r"|\bgctrl\w*(?:\[[^\]]*\])*|\bgstatus\w*(?:\[[^\]]*\])*|\bgs[01]?\b|\bctrl_q(?:\[[^\]]*\])*"
          r"|\bevstat\w*(?:\[[^\]]*\])*|\.sel\b|\bxs\b)")
LIT = r"\(?\s*(?!32\b)(?:0x[0-9a-fA-F]+|\d+)[uUlL]*\b"   # >> 32: a 64-bit value's high word
FIELD_C = [
    re.compile(REGVAR + r"\)?\s*(?:>>|<<)\s*" + LIT),                 # es >> 24
    re.compile(r"\bBIT\s*\(\s*" + REGVAR + r"[^,]*,\s*\d+\s*\)"),      # BIT(es, 23)
    re.compile(REGVAR + r"\)?\s*&\s*\(?\s*(?:1[uU]?\s*<<\s*\d+|0x[0-9a-fA-F]+|\d+)"),  # es & (1u << 23), ext & 16
]
FIELD_V = [re.compile(REGVAR + r"\s*\[\s*\d+\s*(?::\s*\d+\s*)?\]")]   # es[21], es[31:24]
FIELD_PY = [re.compile(r"\bevtsel\b.*\(\s*1\s*<<\s*\d+\s*\)|\(\s*1\s*<<\s*\d+\s*\).*\bevtsel\b", re.I)]
ADDR_CTX = re.compile(r"paddr|addr|treg|apb|\bT0\b|_OFF\b|\brd\w*\(|\bwr\w*\(|\bread\(|\bwrite\(", re.I)
HEX = re.compile(r"(?:\b0x|\d*'h)([0-9a-fA-F_]+)")


def load_map():
    """(magic values, register word addresses and thread-block offsets) from pmu_map.h."""
    d = {}
    with open(os.path.join(ROOT, MAP_H)) as f:
        for line in f:
            m = re.match(r"#define (PMU_\w+) \(?\(?(?:uint32_t\)\()?(0x[0-9a-fA-F]+|\d+)u?\)*\s*(?:/\*.*)?$", line)
            if m:
                d[m.group(1)] = int(m.group(2), 0)
    ident = d["PMU_ID_VALUE"]
    base, stride, threads = d["PMU_THREAD_BASE"], d["PMU_THREAD_STRIDE"], d["PMU_THREADS"]
    offs = set()
    for k, v in d.items():
        if k.endswith("_OFF") and k not in ("PMU_ID_OFF", "PMU_CFG_OFF"):
            offs.add(v)
    addrs = {base + t * stride for t in range(threads + 1)}
    for t in range(threads):
        addrs |= {base + t * stride + o for o in offs}
    masks = set()
    for k, v in d.items():
        if k.endswith("_MASK") and k.startswith("PMU_"):
            # not all ones; not a low-bit run of 16 bits or more (0xffff, 0xffffff: such a field
            # at bit 0 says nothing about this map) nor its complement
            if v & (v + 1) or v < 0xffff:
                masks |= {m for m in (v, ~v & 0xffffffff) if 0x100 <= m < 0xffffffff}
    return {ident, ident >> 16}, addrs, {o for o in offs if o >= 0x40} | {base, stride}, masks


def findings(path, text, magic, addrs, toffs, masks):
    ext = os.path.splitext(path)[1]
    lang = "py" if ext == ".py" else "v" if ext in (".v", ".vh", ".sv", ".svh") else "c"
    field = FIELD_PY if lang == "py" else FIELD_V if lang == "v" else FIELD_C
    out = []
    for no, line in enumerate(text.splitlines(), 1):
        code = re.sub(r"//.*|/\*.*?\*/|\*.*?\*/|^\s*\*.*", "", line) if lang != "py" else re.sub(r"#.*", "", line)
        if not code.strip():
            continue
        hexes = [int(h.replace("_", ""), 16) for h in HEX.findall(code) if h.replace("_", "")]
        if any(v in magic for v in hexes):
            out.append((no, "magic", "the id value or its magic by hand (PMU_ID_VALUE)"))
        if any(v in masks for v in hexes):
            out.append((no, "mask", "a register's writable-bit mask by hand (PMU_<REG>_MASK)"))
        for rx in field:
            if rx.search(code):
                out.append((no, "field", "a field's bit position or mask by hand (PMU_<REG>_<FIELD>_LSB/_W, "
                            "PMU_GET/PMU_PUT)"))
                break
        if ADDR_CTX.search(code) and any(v in addrs or v in toffs for v in hexes):
            out.append((no, "offset", "a register address or offset by hand (PMU_<REG>_OFF, PMU_THREAD_BASE, pmu_win)"))
    return [(no, rule, why, text.splitlines()[no - 1].strip()) for no, rule, why in out]


def self_test(magic, addrs, toffs, masks):
    samples = [  # (file, line, rule it must raise or None)
        ("a.c", "  if (es & (1u << 23)) n += \" inv\";", "field"),
        ("a.c", "  uint32_t cmask = es >> 24, cmp = x & 3u;", "field"),
        ("a.c", "  unsigned inv = BIT(es, 23);", "field"),
        ("a.cpp", "  if (ext & 16) n += \" chain\";", "field"),
        ("a.c", "  if (PMU_GET(es, PMU_EVTSEL_INV)) n += \" inv\";", None),
        ("a.sv", "      anyf = es[21] || core[k];", "field"),
        ("a.sv", "      anyf = es[`PMU_EVTSEL_ANY_LSB] || core[k];", None),
        ("a.py", "    raw = (1 << 16) | (1 << 17) | evtsel", "field"),
        ("a.v", "    check(v == 32'h53530001, \"id\", v);", "magic"),
        ("a.v", "    check(v == `PMU_ID_VALUE, \"id\", v);", None),
        ("a.v", "  localparam [15:0] T0 = 16'h0400;  apb(1'b1, T0 + 16'h128, 32'h1, v);", "offset"),
        ("a.c", "    int s1 = bd_read(b, treg(0, 0x118), 1, 1, &v);", None),   # a hole: not a register
        ("a.c", "    int s2 = bd_read(b, treg(0, 0x130), 1, 1, &v);", "offset"),
        ("a.c", "    c->paddr = thread_reg(r, t, PMU_EVTSEL_OFF + PMU_EVTSEL_STRIDE * k);", None),
        ("a.cpp", "  apb(r, true, pmu_treg(t, PMU_FIXCTL_OFF), 0xbbbu & V, 0xf, true);", "mask"),
        ("a.c", "    v |= (uint32_t)pmu_rand_u64(r) & 0xffffffc0u;", "mask"),
        ("a.c", "    v |= (uint32_t)pmu_rand_u64(r) & ~PMU_EXT_MASK;", None),
    ]
    bad = 0
    for path, line, want in samples:
        got = [r for _, r, _, _ in findings(path, line, magic, addrs, toffs, masks)]
        ok = (want in got) if want else not got
        if not ok:
            bad += 1
            print("self-test: %s %r: want %s, got %s" % (path, line, want or "nothing", got or "nothing"))
    print("check_layout self-test: %d passed, %d failed" % (len(samples) - bad, bad))
    return 1 if bad else 0


def main(argv):
    magic, addrs, toffs, masks = load_map()
    if argv == ["--self-test"]:
        return self_test(magic, addrs, toffs, masks)
    if argv:
        files = argv
    else:
        files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
    files = [f for f in files if f.endswith(EXTS) and f not in GENERATED and f not in ALLOW]
    n = bad = 0
    for f in files:
        try:
            with open(os.path.join(ROOT, f), encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError as e:
            print("%s:0: cannot read: %s" % (f, e.strerror))
            n, bad = n + 1, bad + 1
            continue
        found = findings(f, text, magic, addrs, toffs, masks)
        for no, rule, why, src in found:
            print("%s:%d: %s: %s: %s" % (f, no, rule, why, src[:100]))
        n += len(found)
        bad += 1 if found else 0
    print("check_layout: %d findings; files without hand-written layout:" % n)
    print("check_layout: %d passed, %d failed" % (len(files) - bad, bad))
    return 1 if n else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

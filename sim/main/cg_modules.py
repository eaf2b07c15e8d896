#!/usr/bin/env python3
"""Host instructions per simulated cycle of the main run, per Verilog module (docs/performance.md).

usage: python3 sim/main/cg_modules.py [--cycles N1,N2] [--top K] [--run NAME] [--arch FLAGS] REV [REV ...]

Builds each git revision's main run (Vsim_top, default parameters, from `git archive` with that
revision's own makefiles; --run run_smp: the build with the PMU's sampler, build/run_smp, which
make run and the main-run tests use) in $BUILD/cg_modules/<commit>/ with Verilator's --prof-cfuncs (every
statement of the Verilated code its own function, named after its module and source line),
without -pg (VM_PROFC=0) and with CXXFLAGS=-gdwarf-4; runs it under callgrind for N1 and N2
cycles (workload mixed, seed 1) and gives each source line's cost difference, divided by
N2 - N1, to the function it is in: a module's cost per cycle, inlined code included. REV
`work` is the working tree's tracked files (git stash create). Every revision is compiled for
the same host instruction set, as make bench builds its baseline (--arch, default the main
run's RUN_ARCH from scripts/mk/host_arch.sh; given to the C compiler in CC and to the
Verilated C++ in CXXFLAGS; '' for the compilers' default), into cg_modules/<commit>[-<march>]/.
The build keeps statements apart, so its totals are above the plain build's (the documented
callgrind command): compare modules and revisions, not absolute figures. Prints one table
(with two revisions: both and the difference), then the costliest statements of the last one.
"""
import argparse
import collections
import os
import re
import shutil
import stat
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PROF = re.compile(r"__PROF__(\w+?)__l(\d+)$")
FUNC = re.compile(r"^(?:VL_INLINE_OPT |static )?\S+ ([A-Za-z0-9_:]+)\(")


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def commit_of(rev):
    if rev == "work":
        c = subprocess.run(["git", "-C", ROOT, "stash", "create"], capture_output=True,
                           text=True, check=True).stdout.strip()
        rev = c or "HEAD"
    return subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", rev + "^{commit}"],
                          capture_output=True, text=True, check=True).stdout.strip()


def build(commit, base, name, arch):
    m = re.search(r"-march=(\S+)", arch)
    d = os.path.join(base, commit[:12] + ("-" + m.group(1) if m else ""))
    binp = os.path.join(d, "build", name, "Vsim_top")
    if os.path.exists(binp):
        return binp
    src = os.path.join(d, "src")
    if not os.path.exists(os.path.join(d, "src.done")):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(src)
        tar = subprocess.Popen(["git", "-C", ROOT, "archive", commit], stdout=subprocess.PIPE)
        sh(["tar", "-x", "-C", src], stdin=tar.stdout)
        tar.wait()
        open(os.path.join(d, "src.done"), "w").close()
    # a verilator on PATH that adds --prof-cfuncs and drops its -pg (every revision's makefiles)
    real = shutil.which("verilator")
    wrap = os.path.join(d, "bin")
    os.makedirs(wrap, exist_ok=True)
    w = os.path.join(wrap, "verilator")
    with open(w, "w") as f:
        f.write('#!/bin/sh\nexec %s "$@" --prof-cfuncs -MAKEFLAGS VM_PROFC=0\n' % real)
    os.chmod(w, os.stat(w).st_mode | stat.S_IEXEC)
    env = dict(os.environ, PATH=wrap + os.pathsep + os.environ["PATH"],
               CXXFLAGS=("-gdwarf-4 " + arch).strip())
    log = os.path.join(d, "build.log")
    print("cg_modules: building %s (log %s)" % (commit[:12], log), file=sys.stderr)
    cc = ["CC=" + (os.environ.get("CC", "gcc") + " " + arch).strip()] if arch else []
    with open(log, "w") as f:
        sh(["make", "-s", "-C", src, "BUILD=" + os.path.join(d, "build"), binp] + cc, env=env,
           stdout=f, stderr=subprocess.STDOUT)
    return binp


def line_costs(out):
    """Self cost per (file, line, function) of a callgrind output (call costs left out)."""
    names = {}
    cost = collections.Counter()
    fi = fn = None
    last = 0
    skip = False
    with open(out) as f:
        for l in f:
            l = l.rstrip("\n")
            if not l:
                continue
            m = re.match(r"(fl|fi|fe|fn|cfi|cfl|cfn|ob|cob)=\((\d+)\)(?: (.*))?$", l)
            if m:
                k, i, n = m.groups()
                kind = "fn" if k in ("fn", "cfn") else "ob" if k in ("ob", "cob") else "fl"
                if n is not None:
                    names[(kind, i)] = n
                if k in ("fl", "fi", "fe"):
                    fi = names[(kind, i)]
                elif k == "fn":
                    fn = names[(kind, i)]
                continue
            if l.startswith("calls="):
                skip = True
                continue
            if l[0] in "0123456789+-*":
                parts = l.split()
                p = parts[0]
                ln = last if p == "*" else last + int(p) if p[0] in "+-" else int(p)
                last = ln
                if skip:
                    skip = False
                    continue
                if len(parts) > 1:
                    cost[(fi, ln, fn)] += int(parts[1])
    return cost


def run(binp, n, out):
    return subprocess.Popen(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binp,
                             "--workload", "mixed", "--seed", "1", "--cycles", str(n)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def per_module(binp, n1, n2):
    outs = [binp + ".cg.%d" % n for n in (n1, n2)]
    procs = [run(binp, n, o) for n, o in zip((n1, n2), outs)]
    for p in procs:
        if p.wait() != 0:
            sys.exit("cg_modules: valgrind failed on %s" % binp)
    a, b = line_costs(outs[0]), line_costs(outs[1])
    den = float(n2 - n1)
    funcs = {}
    mod = collections.Counter()
    stmt = collections.Counter()
    rundir = os.path.dirname(binp)
    for key in set(a) | set(b):
        v = (b[key] - a[key]) / den
        if not v:
            continue
        fi, ln, fn = key
        path = os.path.normpath(os.path.join(rundir, fi)) if fi else None
        where = None   # the Verilated function the line is in: its own, or the one fn names
        if path and os.path.dirname(path) == rundir and os.path.basename(path).startswith("V"):
            if path not in funcs:
                table = [None]
                cur = None
                with open(path) as f:
                    for l in f:
                        m = FUNC.match(l)
                        if m:
                            cur = m.group(1)
                        table.append(cur)
                funcs[path] = table
            where = funcs[path][ln] if 0 < ln < len(funcs[path]) else fn
        elif fn and fn.startswith("Vsim_top"):
            where = fn
        m = PROF.search((where or "").split("(")[0])
        if m:
            mod["rtl " + m.group(1)] += v
            stmt["%s:%s" % (m.group(1), m.group(2))] += v
        elif where is not None:
            mod["rtl: Verilator's scheduling, lines without a source line"] += v
        elif fn and re.match(r"pmu_\w+$", fn):
            mod["C model (pmu_*)"] += v
        else:
            mod["harness, compare, libc"] += v
    return mod, stmt


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("revs", nargs="+")
    ap.add_argument("--cycles", default="20000,40000")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--run", default="run", choices=["run", "run_smp"],
                    help="the main run's build: run (the PMU's defaults) or run_smp (with the sampler)")
    ap.add_argument("--arch", default=None,
                    help="compiler flags of the host instruction set for every revision "
                         "(default: scripts/mk/host_arch.sh, the main run's RUN_ARCH)")
    a = ap.parse_args()
    if a.arch is None:
        a.arch = subprocess.run([os.path.join(ROOT, "scripts", "mk", "host_arch.sh"),
                                 os.environ.get("CC", "gcc"), os.environ.get("SIM_CXX", "clang++")],
                                capture_output=True, text=True, check=True).stdout.strip()
    n1, n2 = (int(x) for x in a.cycles.split(","))
    base = os.path.join(os.path.abspath(os.environ.get("BUILD", os.path.join(ROOT, "build"))),
                        "cg_modules")
    res = []
    for r in a.revs:
        c = commit_of(r)
        res.append((r, c, per_module(build(c, base, a.run, a.arch), n1, n2)))
    keys = sorted(set().union(*(m for _, _, (m, _) in res)),
                  key=lambda k: -max(abs(m.get(k, 0.0)) for _, _, (m, _) in res))
    head = "| module (host instructions per cycle, prof-cfuncs build) | " + \
        " | ".join("%s (%s)" % (r, c[:7]) for r, c, _ in res) + \
        (" | difference |" if len(res) == 2 else " |")
    print(head)
    print("|---|" + "---:|" * (len(res) + (1 if len(res) == 2 else 0)))
    for k in keys:
        vals = [m.get(k, 0.0) for _, _, (m, _) in res]
        row = "| %s | " % k + " | ".join("%.0f" % v for v in vals)
        if len(res) == 2:
            row += " | %+.0f" % (vals[1] - vals[0])
        print(row + " |")
    for name, pre in (("core stub, all core_* modules", "rtl core_"),
                      ("PMU, all pmu_* modules", "rtl pmu_")):
        vals = [sum(v for k, v in m.items() if k.startswith(pre)) for _, _, (m, _) in res]
        print("| %s | " % name + " | ".join("%.0f" % v for v in vals) +
              (" | %+.0f |" % (vals[1] - vals[0]) if len(res) == 2 else " |"))
    tot = [sum(m.values()) for _, _, (m, _) in res]
    print("| whole cycle | " + " | ".join("%.0f" % t for t in tot) +
          (" | %+.0f |" % (tot[1] - tot[0]) if len(res) == 2 else " |"))
    stmt = res[-1][2][1]
    print("\ncostliest statements of %s (module:line of its source, per cycle):" % res[-1][0])
    for k, v in stmt.most_common(a.top):
        print("  %7.1f  %s" % (v, k))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""No latch in the synthesizable RTL, not even one that yosys removes again later.

usage: latch_check.py [--log-dir DIR] TOP:'K=V ...' ...

Every always @* block must assign every variable it writes on every path (loop variables
included). Yosys 0.70's proc reports "Latch inferred" where one does not; 0.23 stays silent, so
this runs the build's current Yosys: the native library of PyPI's pyosys (make venv), in this
process, with the venv's Python.

TOP is pmu_top (rtl/pmu), pmu_smp (the sampler alone: pmu_top's sets leave it out while
SAMPLER is 0, and checking it alone costs a fraction of a whole PMU) or core_stub (rtl/core,
which includes rtl/pmu headers); each argument
is one parameter set, set with chparam before hierarchy and proc. K=V may carry Verilator's -G
prefix (the core-lint sets, made for sim_top: their PMU parameters P and CW are not core_stub's
and are skipped there). The sources of a top are read once; each parameter set then runs in a
child process (fork) on that design, so an error in one set fails that set only. Each set's
Yosys log goes to DIR (default build/latch-check).
Prints one line per set and ends with "N passed, N failed"; exit 1 on a failure, 2 on bad usage.
"""

import glob
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOPS = {"pmu_top": ("rtl/pmu/pmu_*.v", ["rtl/pmu"]),
        "pmu_smp": ("rtl/pmu/pmu_smp*.v", ["rtl/pmu"]),
        "core_stub": ("rtl/core/*.v", ["rtl/pmu", "rtl/core"])}


def to_file(path):
    """Send file descriptor 1 (Yosys's log) to PATH."""
    sys.stdout.flush()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.close(fd)


def chparam(top, kv):
    sets = []
    for p in kv.split():
        p = p[2:] if p.startswith("-G") else p
        k, sep, v = p.partition("=")
        if not sep or not k or not v:
            raise ValueError(f"'{p}' is not K=V")
        if top == "core_stub" and k in ("P", "CW"):
            continue
        sets.append(f"-set {k} {v}")
    return f"chparam {' '.join(sets)} {top}" if sets else ""


def check_top(ys, top, sets, logdir, say):
    """Read TOP's sources, check each parameter set of SETS in a child; the number that failed."""
    pattern, incs = TOPS[top]
    src = " ".join(sorted(glob.glob(pattern)))
    inc = " ".join("-I" + i for i in incs)
    design = ys.Design()
    to_file(os.path.join(logdir, f"{top}.read.log"))
    ys.run_pass(f"read_verilog -defer {inc} {src}; design -save src", design)
    nfail = 0
    for n, (kv, chp) in enumerate(sets):
        log = os.path.join(logdir, f"{top}.{n}.log")
        pid = os.fork()
        if pid == 0:
            to_file(log)
            ys.run_pass("design -load src", design)
            if chp:
                ys.run_pass(chp, design)
            ys.run_pass(f"hierarchy -check -top {top}; proc", design)
            ys.log_flush()
            sys.stdout.flush()
            os._exit(0)
        _, status = os.waitpid(pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        with open(log, encoding="utf-8", errors="replace") as f:
            latches = [ln.rstrip() for ln in f if "Latch inferred" in ln]
        name = f"{top} {kv or '(defaults)'}"
        if rc == 0 and not latches:
            say(f"PASS {name}: no latch inferred")
        else:
            say(f"FAIL {name}: yosys exit {rc}, {len(latches)} latch warnings (log: {log})")
            for ln in latches[:10]:
                say(f"    | {ln}")
            nfail += 1
    return nfail


def main(argv):
    logdir = os.path.join(os.environ.get("BUILD", "build"), "latch-check")
    if argv[:1] == ["--log-dir"] and len(argv) >= 2:
        logdir, argv = argv[1], argv[2:]
    if not argv:
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 2
    jobs = {}
    for a in argv:
        top, _, kv = a.partition(":")
        if top not in TOPS:
            print(f"latch_check: unknown top '{top}' in '{a}' (pmu_top, pmu_smp or core_stub)", file=sys.stderr)
            return 2
        try:
            jobs.setdefault(top, []).append((kv, chparam(top, kv)))
        except ValueError as e:
            print(f"latch_check: '{a}': {e}", file=sys.stderr)
            return 2
    os.chdir(ROOT)
    os.makedirs(logdir, exist_ok=True)
    console = os.dup(1)
    from pyosys import libyosys as ys  # noqa: PLC0415 - after the usage checks

    def say(line):
        os.write(console, (line + "\n").encode())

    npass = nfail = 0
    for top, sets in jobs.items():
        # one child per top reads its sources (a Yosys error ends only that child) and forks one
        # grandchild per parameter set on the design it read; it exits with 100 + its failures
        pid = os.fork()
        if pid == 0:
            os._exit(100 + check_top(ys, top, sets, logdir, say))
        _, status = os.waitpid(pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        if 100 <= rc <= 100 + len(sets):
            nfail += rc - 100
            npass += len(sets) - (rc - 100)
        else:
            say(f"FAIL {top}: yosys failed reading the sources, exit {rc} "
                f"(log: {os.path.join(logdir, top + '.read.log')}); {len(sets)} sets not checked")
            nfail += len(sets)
    say(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

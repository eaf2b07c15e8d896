#!/usr/bin/env python3
"""The main run's waveform (`make run WAVE=A:B`) read by GTKWave's own code.

Usage: check_wave.py --build DIR --out DIR [--cycles N] [--window A:B] [--gtkw FILE]

Runs DIR/run_wave/Vsim_top for N cycles (default 2000) with --wave OUT/run.fst --wave-window A:B
(default 1000:1050), then checks:
  fst2vcd        GTKWave's FST reader converts the file; its time stamps are exactly the window
                 (10A .. 10(B-1)+5, two per cycle)
  signals        every signal the save file (sim/main/run.gtkw) names is in the FST with the
                 width the save file gives it
  gtkwave        GTKWave itself (xvfb-run, a Tcl script) loads the FST with the save file: every
                 trace of the save file is displayed, and the stall reasons show as the names of
                 the filter file (sim/main/run_stall_reason.txt), not as numbers
  no-wave        the trace-free main run DIR/run_smp/Vsim_top rejects --wave (exit 2, says why)
  bad-window     a window past the run's end, A >= B, --wave without --wave-window and the
                 reverse, --wave with --bench: each refused (exit 2) and no FST left behind
Ends with "N passed, N failed"; exit 1 when a check failed.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail else ""))


def gtkw_traces(path):
    """The save file's traces [(label or None, [signal names], translated)] and comments."""
    traces, comments, xlate = [], 0, False
    for ln in open(path):
        ln = ln.rstrip("\n")
        if not ln or ln[0] in "[*":
            continue
        if ln[0] == "@":
            xlate = False
            continue
        if ln[0] == "^":
            xlate = True
            continue
        if ln[0] == "-":
            comments += 1
            continue
        m = re.match(r"^([#+])\{([^}]*)\} (.*)$", ln)
        if m and m.group(1) == "#":  # concatenation of bits "(n)SIG"
            sigs = sorted(set(re.sub(r"^\(\d+\)", "", t) for t in m.group(3).split()))
            traces.append((m.group(2), sigs, xlate))
        elif m:
            traces.append((m.group(2), [m.group(3)], xlate))
        else:
            traces.append((None, [ln], xlate))
    return traces, comments


def vcd_info(text):
    """{gtkwave name: width} and the time stamps of fst2vcd's output."""
    sigs, scope, times = {}, [], []
    lines = iter(text.splitlines())
    for ln in lines:
        p = ln.split()
        if not p:
            continue
        if p[0] == "$scope":
            scope.append(p[2])
        elif p[0] == "$upscope":
            scope.pop()
        elif p[0] == "$var":
            width, name = int(p[2]), p[4]
            rng = p[5] if len(p) > 6 and p[5].startswith("[") else ""
            sigs[".".join(scope + [name]) + rng] = width
        elif p[0] == "$enddefinitions":
            break
    for ln in lines:
        if ln.startswith("#"):
            times.append(int(ln[1:]))
    return sigs, times


TCL = r"""
set n [gtkwave::getTotalNumTraces]
puts "wavecheck traces $n"
gtkwave::setMarker %d
for {set i 0} {$i < $n} {incr i} {
  puts "wavecheck trace [gtkwave::getTraceFlagsFromIndex $i] [gtkwave::getTraceNameFromIndex $i] = [gtkwave::getTraceValueAtMarkerFromIndex $i]"
}
gtkwave::/File/Quit
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--out", required=True)
    ap.add_argument("--cycles", type=int, default=2000)
    ap.add_argument("--window", default="1000:1050")
    ap.add_argument("--gtkw", default=os.path.join(ROOT, "sim", "main", "run.gtkw"))
    a = ap.parse_args()
    wa, wb = (int(x) for x in a.window.split(":"))
    os.makedirs(a.out, exist_ok=True)
    fst = os.path.join(a.out, "run.fst")
    wbin = os.path.join(a.build, "run_wave", "Vsim_top")
    cmd = [wbin, "--workload", "mixed", "--seed", "1", "--cycles", str(a.cycles), "--quiet",
           "--wave", fst, "--wave-window", a.window]
    print("run: " + " ".join(cmd))
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check("run", r.returncode == 0 and " 0 mismatches" in r.stdout and os.path.isfile(fst),
          "exit %d; %s" % (r.returncode, r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""))

    # fst2vcd: GTKWave's FST reader
    sigs, times = {}, []
    r = subprocess.run(["fst2vcd", fst], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode == 0:
        sigs, times = vcd_info(r.stdout)
    want = sorted({10 * c for c in range(wa, wb)} | {10 * c + 5 for c in range(wa, wb)})
    check("fst2vcd", r.returncode == 0 and times == want,
          "exit %d, %d signals, times %s..%s (%d stamps); the window %d:%d is %d..%d (%d stamps)" % (
              r.returncode, len(sigs), times[0] if times else "-", times[-1] if times else "-", len(times),
              wa, wb, want[0], want[-1], len(want)))

    # the save file's signals in the FST, with their widths
    traces, comments = gtkw_traces(a.gtkw)
    bad = []
    for label, names, _ in traces:
        for n in names:
            m = re.search(r"\[(\d+):0\]$", n)
            w = int(m.group(1)) + 1 if m else 1
            if sigs.get(n) != w:
                bad.append("%s (%s)" % (n, "width %s in the FST" % sigs[n] if n in sigs else "absent"))
    check("signals", traces and not bad, "%d traces of %s, %d signals not in the FST%s" % (
        len(traces), os.path.relpath(a.gtkw, ROOT), len(bad), (": " + ", ".join(bad[:5])) if bad else ""))

    # GTKWave: load the FST with the save file, list every trace and its value at a marker
    tcl = os.path.join(a.out, "check.tcl")
    mark = 10 * (wa + wb) // 2 + 5
    with open(tcl, "w") as f:
        f.write(TCL % mark)
    try:
        r = subprocess.run(["xvfb-run", "-a", "gtkwave", "-S", tcl, fst, a.gtkw], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=120, cwd=ROOT)
        out, rc = r.stdout, r.returncode
    except (OSError, subprocess.TimeoutExpired) as e:
        out, rc = str(e), -1
    with open(os.path.join(a.out, "gtkwave.log"), "w") as f:
        f.write(out)
    shown = [ln.split(" ", 3)[2:] for ln in out.splitlines() if ln.startswith("wavecheck trace ")]
    n_all = len(traces) + comments
    names = {c.strip() for c in open(os.path.join(ROOT, "sim", "main", "run_stall_reason.txt"))
             if c.strip() and not c.startswith("#")}
    names = {c.split(None, 1)[1] for c in names}
    reasons = [s[1].split(" = ", 1) for s in shown if "stall_reason" in s[1]]
    n_xl = sum(1 for t in traces if t[2])
    ok_reasons = len(reasons) == n_xl and n_xl > 0 and all(len(x) == 2 and x[1] in names for x in reasons)
    check("gtkwave", rc == 0 and len(shown) == n_all and ok_reasons,
          "exit %d, %d of %d traces displayed; stall reasons at %d ns: %s" % (
              rc, len(shown), n_all, mark, ", ".join(x[1] if len(x) == 2 else "?" for x in reasons) or "none"))

    # the trace-free build refuses --wave
    nbin = os.path.join(a.build, "run_smp", "Vsim_top")
    r = subprocess.run([nbin, "--cycles", "100", "--wave", os.path.join(a.out, "no.fst"), "--wave-window", "0:10"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check("no-wave", r.returncode == 2 and "waveform" in r.stdout and not os.path.exists(os.path.join(a.out, "no.fst")),
          "exit %d: %s" % (r.returncode, r.stdout.strip()[:160]))

    # bad options of the waveform build: refused (exit 2, the rule named) before anything is written
    late = os.path.join(a.out, "late.fst")
    bad = []
    for args, want in ((["--wave-window", "100:1000"], "after the run's last cycle"),
                       ([], "--wave needs --wave-window"),
                       (["--wave-window", "9:9"], "A must be below B"),
                       (["--bench", "--wave-window", "0:10"], "--bench: cannot be combined with --wave")):
        r = subprocess.run([wbin, "--cycles", "100", "--wave", late] + args,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 2 or want not in r.stdout or os.path.exists(late):
            bad.append("%s: exit %d: %s" % (" ".join(args), r.returncode, r.stdout.strip()[:120]))
    r = subprocess.run([wbin, "--cycles", "100", "--wave-window", "0:10"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if r.returncode != 2 or "--wave-window needs --wave" not in r.stdout:
        bad.append("--wave-window alone: exit %d: %s" % (r.returncode, r.stdout.strip()[:120]))
    check("bad-window", not bad, "5 bad option sets refused" if not bad else "; ".join(bad))

    nf = results.count(False)
    print("%d passed, %d failed" % (len(results) - nf, nf))
    return 1 if nf else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Open StallScope's pipeline traces with the viewers' own code and check what they make of them
(docs/reports.md, "Checking the traces with the viewers' own code"). Standard library only.

  check_traces.py [--tools DIR] PATH...

PATH is a run directory (its run.kanata, run.pipetrace, run.o3pipeview, toplev.csv and
perf_stat.csv are checked) or a file named *.kanata, *.pipetrace, *.o3pipeview, toplev*.csv or
perf_stat*.csv. The tools are those
`make trace-tools` put into DIR (default build/tools; scripts/run/trace_tools.py):

  *.kanata      Konata's Kanata parser (OnikiriParser, run by node through
                scripts/run/konata_load.js): loads, no warning, as many instructions as I lines,
                those without R shown in flight, every dependency arrow drawable (from an X stage
                to an X stage), none to a younger ("future") or flushed producer, none backwards
                in time
  *.o3pipeview  Konata's gem5 parser (Gem5O3PipeViewParser): loads, no warning, one instruction
                per fetch record, retired and squashed as the retire records say; and gem5's
                util/o3-pipeview.py: exits 0 with one row per fetch record, the squashed ones
                marked "-----", every row aligned (its timeline exactly --width columns wide:
                o3-pipeview.py shifts a row when two of its stages share a cycle)
  *.pipetrace   SimpleScalar's pipeview.pl (perl): exits 0, no warning (it warns about every line
                it cannot parse and every instruction without a stage), one instruction per '+'
                line and one cycle per '@' line
  toplev*.csv   pmu-tools (toplev interval CSV, `toplev -I N -x, -o FILE`): its reader tldata.py
                finds every interval, every thread ("C0-T<t>"), the four level-1 nodes
                (summing to 100 % per interval and thread) and the metrics; its plotters
                tl-barplot.py and interval-plot.py draw a PNG each (with a python3 that has
                matplotlib: /usr/bin/python3 on Debian)
  perf_stat*.csv  perf itself (Debian linux-perf, on PATH): its event parser accepts every event
                name of the file (`perf stat -x, -e NAME true` gives no syntax error; on a
                machine without the cpu PMU, a cpu/.../ name's terms are parsed on the software
                PMU, as perf stops at the missing PMU name first), and each line has the fields
                of perf's own -x output (perf run once here for its layout) in the order of
                `perf stat -x SEP`, with -A's CPU<n> field when the first line has one (and
                -I: the timestamp as perf writes it)

One PASS/FAIL line per check; a check whose tool is missing prints SKIP with the reason. Ends
with "N passed, N failed, N skipped". Exit status 1 when a check failed, else 77 (skipped) when a
tool was missing, else 0; 2 for bad arguments.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP_STATUS = 77
O3_WIDTH = 80          # o3-pipeview.py's default --width: columns (cycles) of a timeline


class Checks:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def check(self, ok, what):
        print("%s %s" % ("PASS" if ok else "FAIL", what))
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def skip(self, what, why):
        print("SKIP %s: %s" % (what, why))
        self.skipped += 1


def read_lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().split("\n")


def kanata_facts(path):
    """What the file itself says: instructions, retired, flushed, in flight (no R), W lines."""
    ids, fate = set(), {}
    deps = 0
    for ln in read_lines(path):
        f = ln.split("\t")
        if f[0] == "I" and len(f) >= 2:
            ids.add(f[1])
        elif f[0] == "R" and len(f) >= 4:
            fate[f[1]] = f[3]
        elif f[0] == "W":
            deps += 1
    return {"ops": len(ids), "retired": sum(v == "0" for v in fate.values()),
            "flushed": sum(v == "1" for v in fate.values()), "inflight": len(ids - set(fate)), "deps": deps}


def o3_facts(path):
    fetch = retire0 = 0
    for ln in read_lines(path):
        if ln.startswith("O3PipeView:fetch:"):
            fetch += 1
        elif ln.startswith("O3PipeView:retire:0:"):
            retire0 += 1
    return {"fetch": fetch, "squashed": retire0}


def run(argv, env=None, timeout=600):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                          timeout=timeout)


def konata_load(path, tools, c, what):
    """Konata's verdict on one file (a dict), or None (a SKIP or FAIL was printed)."""
    bundle = os.path.join(tools, "konata", "konata_parsers.cjs")
    node = shutil.which("node")
    if not node:
        c.skip(what, "node not found (Debian: apt-get install nodejs)")
        return None
    if not os.path.exists(bundle):
        c.skip(what, "Konata's parsers not in %s (make trace-tools)" % os.path.relpath(bundle, ROOT))
        return None
    env = dict(os.environ, KONATA_PARSERS=bundle)
    p = run([node, os.path.join(ROOT, "scripts", "run", "konata_load.js"), path], env=env)
    if p.returncode != 0:
        c.check(False, "%s: Konata could not load it: %s" % (what, p.stderr.strip()[-300:]))
        return None
    r = json.loads(p.stdout.strip().split("\n")[-1])
    print("  Konata %s on %s: %d instructions (%d retired, %d flushed, %d in flight), %d warnings, "
          "%d dependency arrows (%d drawable, %d to a future producer, %d backwards in time, %d from a "
          "retired to a flushed instruction), stages %s" % (
              r["parser"], os.path.relpath(path, ROOT), r["ops"], r["retired"], r["flushed"], r["inflight"],
              r["warnings"], r["deps"], r["drawable"], r["future"], r["late"], r["on_flushed"],
              " ".join(r["stages"])))
    for w in r["warning_text"][:5]:
        print("    Konata: " + w)
    return r


def check_kanata(path, tools, c):
    what = "konata %s" % os.path.relpath(path, ROOT)
    r = konata_load(path, tools, c, what)
    if r is None:
        return
    f = kanata_facts(path)
    c.check(r["parser"] == "OnikiriParser", "%s: read as a Kanata trace" % what)
    c.check(r["warnings"] == 0, "%s: no parser warning (%d)" % (what, r["warnings"]))
    c.check(r["ops"] == f["ops"] and r["retired"] == f["retired"] and r["flushed"] == f["flushed"] and
            r["inflight"] == f["inflight"],
            "%s: %d instructions, %d retired, %d flushed, %d in flight, as the file says" % (
                what, r["ops"], r["retired"], r["flushed"], r["inflight"]))
    c.check(r["deps"] == f["deps"] and r["drawable"] == r["deps"] and r["deps"] > 0,
            "%s: every dependency arrow drawable (%d of %d)" % (what, r["drawable"], r["deps"]))
    c.check(r["future"] == 0 and r["late"] == 0 and r["on_flushed"] == 0,
            "%s: no arrow to a younger producer (%d), backwards in time (%d), or from a retired to a "
            "flushed instruction (%d)" % (what, r["future"], r["late"], r["on_flushed"]))


def check_o3(path, tools, c):
    what = "o3pipeview %s" % os.path.relpath(path, ROOT)
    f = o3_facts(path)
    r = konata_load(path, tools, c, what + " (Konata)")
    if r is not None:
        c.check(r["parser"] == "Gem5O3PipeViewParser" and r["warnings"] == 0,
                "%s: Konata reads it as gem5 O3PipeView, no warning (%d)" % (what, r["warnings"]))
        c.check(r["ops"] == f["fetch"] and r["flushed"] == f["squashed"] and r["inflight"] == 0,
                "%s: Konata shows %d instructions (%d squashed) for %d fetch records (%d retire 0)" % (
                    what, r["ops"], r["flushed"], f["fetch"], f["squashed"]))
    script = os.path.join(tools, "gem5", "util", "o3-pipeview.py")
    if not os.path.exists(script):
        c.skip(what + " (gem5 o3-pipeview.py)", "not in %s (make trace-tools)" % os.path.relpath(script, ROOT))
        return
    out = path + ".o3-pipeview.txt"
    env = dict(os.environ, PYTHONPATH=os.path.join(tools, "gem5", "src", "python"))
    p = run([sys.executable, script, "-o", out, path], env=env)
    rows = squashed = 0
    misaligned = []
    if p.returncode == 0 and os.path.exists(out):
        for ln in read_lines(out):
            if ln.startswith("["):
                rows += 1
                squashed += "-----" in ln
                # the timeline is O3_WIDTH columns between "[" and "]-(" when aligned
                if not re.match(r"^\[[^\]]{%d}\]-\(" % O3_WIDTH, ln):
                    misaligned.append(ln.rstrip("\n"))
    print("  gem5 o3-pipeview.py on %s: exit %d, %d rows (%d squashed, %d misaligned) -> %s" % (
        os.path.relpath(path, ROOT), p.returncode, rows, squashed, len(misaligned), os.path.relpath(out, ROOT)))
    for ln in misaligned[:3]:
        print("    misaligned: " + ln)
    c.check(p.returncode == 0 and rows == f["fetch"] and squashed == f["squashed"] and rows > 0,
            "%s: gem5 o3-pipeview.py draws one row per instruction (%d of %d, %d of %d squashed)%s" % (
                what, rows, f["fetch"], squashed, f["squashed"],
                "" if p.returncode == 0 else ": " + p.stderr.strip()[-300:]))
    c.check(p.returncode == 0 and rows > 0 and not misaligned,
            "%s: gem5 o3-pipeview.py draws every row aligned (%d of %d misaligned)" % (what, len(misaligned), rows))


def check_pipetrace(path, tools, c):
    what = "pipetrace %s" % os.path.relpath(path, ROOT)
    script = os.path.join(tools, "simplescalar", "pipeview.pl")
    perl = shutil.which("perl")
    if not perl:
        c.skip(what, "perl not found")
        return
    if not os.path.exists(script):
        c.skip(what, "SimpleScalar's pipeview.pl not in %s (make trace-tools)" % os.path.relpath(script, ROOT))
        return
    lines = read_lines(path)
    n_new = sum(1 for ln in lines if ln.startswith("+ "))
    n_cyc = sum(1 for ln in lines if ln.startswith("@ "))
    out = path + ".pipeview.txt"
    with open(out, "w") as f:
        p = subprocess.run([perl, script, path], stdout=f, stderr=subprocess.PIPE, text=True, timeout=600)
    text = read_lines(out)
    warn = [ln for ln in text if ln.startswith("warning")]
    defs = sum(1 for ln in text if re.match(r"^[a-z][a-z] = `", ln))
    cycles = sum(1 for ln in text if re.match(r"^@ \d+$", ln))
    print("  SimpleScalar pipeview.pl on %s: exit %d, %d warnings, %d instructions, %d cycles -> %s" % (
        os.path.relpath(path, ROOT), p.returncode, len(warn), defs, cycles, os.path.relpath(out, ROOT)))
    for w in warn[:5]:
        print("    pipeview.pl: " + w)
    c.check(p.returncode == 0 and not p.stderr.strip(), "%s: pipeview.pl exits 0, nothing on stderr%s" % (
        what, "" if not p.stderr.strip() else ": " + p.stderr.strip()[-200:]))
    c.check(not warn and n_new > 0, "%s: pipeview.pl parses every line (%d warnings)" % (what, len(warn)))
    c.check(defs == n_new and cycles == n_cyc,
            "%s: pipeview.pl shows %d of %d instructions, %d of %d cycles" % (what, defs, n_new, cycles, n_cyc))


def plot_python():
    """A python3 with matplotlib (pmu-tools' plotters need it), or None."""
    for py in ("/usr/bin/python3", sys.executable, shutil.which("python3")):
        if py and os.path.exists(py) and run([py, "-c", "import matplotlib"]).returncode == 0:
            return py
    return None


def check_toplev(path, tools, c):
    what = "toplev %s" % os.path.relpath(path, ROOT)
    pt = os.path.join(tools, "pmu-tools")
    if not os.path.exists(os.path.join(pt, "tldata.py")):
        c.skip(what, "pmu-tools not in %s (make trace-tools)" % os.path.relpath(pt, ROOT))
        return
    lines = read_lines(path)
    if not lines[0].startswith("Timestamp,CPUs,Area,Value,Unit,"):
        c.check(False, "%s: not toplev's interval layout (Timestamp,CPUs,Area,Value,Unit,...): %s" % (
            what, lines[0][:80]))
        return
    stamps = sorted({ln.split(",")[0] for ln in lines[1:] if ln}, key=float)
    code = """
import json, sys
sys.path.insert(0, sys.argv[1])
import tldata
d = tldata.TLData(sys.argv[2])
d.update()
print(json.dumps({"times": d.times, "cpus": sorted(d.cpus), "levels": {k: sorted(v) for k, v in d.levels.items()},
                  "vals": [{"%s|%s" % k: v for k, v in x.items()} for x in d.vals]}))
"""
    p = run([sys.executable, "-c", code, pt, path])
    if p.returncode != 0:
        c.check(False, "%s: pmu-tools' tldata.py cannot read it: %s" % (what, p.stderr.strip()[-300:]))
        return
    d = json.loads(p.stdout)
    l1 = ["Bad_Speculation", "Backend_Bound", "Frontend_Bound", "Retiring"]
    worst = 0.0
    for v in d["vals"]:
        for cpu in d["cpus"]:
            worst = max(worst, abs(sum(v.get("%s|%s" % (n, cpu), float("nan")) for n in l1) - 100.0))
    print("  pmu-tools tldata.py on %s: %d intervals, CPUs %s, levels %s; level 1 sums to 100 within %.2f" % (
        os.path.relpath(path, ROOT), len(d["times"]), " ".join(d["cpus"]), " ".join(sorted(d["levels"])), worst))
    c.check(len(d["times"]) == len(stamps) and len(stamps) > 0,
            "%s: tldata.py finds every interval (%d of %d)" % (what, len(d["times"]), len(stamps)))
    c.check(sorted(d["levels"].get("TopLevel", [])) == sorted(l1) and "IPC" in d["levels"].get("CPU-METRIC", []) and
            len(d["cpus"]) > 0 and all(re.match(r"C0-T\d+$", x) for x in d["cpus"]),
            "%s: tldata.py sees the threads as CPUs and the level-1 nodes and metrics" % what)
    c.check(worst <= 0.25, "%s: level 1 sums to 100 %% Slots per interval and thread (off by %.2f at most; "
            "one decimal each)" % (what, worst))
    py = plot_python()
    if not py:
        c.skip(what + " (plots)", "no python3 with matplotlib (Debian: apt-get install python3-matplotlib)")
        return
    for script, suffix in (("tl-barplot.py", ".tl-barplot.png"), ("interval-plot.py", ".interval-plot.png")):
        png = path + suffix
        if os.path.exists(png):
            os.remove(png)
        env = dict(os.environ, MPLBACKEND="Agg")
        env.pop("DISPLAY", None)
        q = run([py, os.path.join(pt, script), "-o", png, path], env=env)
        ok = q.returncode == 0 and os.path.exists(png) and os.path.getsize(png) > 1000
        print("  pmu-tools %s on %s: exit %d -> %s" % (script, os.path.relpath(path, ROOT), q.returncode,
                                                      os.path.relpath(png, ROOT)))
        c.check(ok, "%s: pmu-tools %s draws it%s" % (what, script, "" if ok else ": " + q.stderr.strip()[-300:]))


def check_perf(path, c):
    what = "perf %s" % os.path.relpath(path, ROOT)
    perf = shutil.which("perf")
    if not perf:
        c.skip(what, "perf not found (Debian: apt-get install linux-perf)")
        return
    lines = [ln for ln in read_lines(path) if ln]
    # first line: [timestamp SEP] [CPU<n> SEP] value SEP ... (perf stat [-I] [-A] -x SEP)
    m = re.match(r"^(?: *[0-9]+\.[0-9]{9}(.))?(CPU[0-9]+(.))?([0-9]+|<not counted>)(.)", lines[0]) if lines else None
    if not m:
        c.check(False, "%s: the first line does not start as perf stat -x output does "
                "([timestamp SEP] [CPU<n> SEP] value SEP)" % what)
        return
    sep = m.group(5)                      # the -x separator the file was written with
    per_cpu = m.group(2) is not None      # -A: a CPU<n> field on every line
    # perf's own layout, from perf: "value SEP unit SEP event SEP run time SEP percentage SEP
    # metric SEP metric unit", and with -I the timestamp before it
    ref = run([perf, "stat", "-x", sep, "-e", "task-clock", "true"]).stderr.strip().split("\n")[-1].split(sep)
    refi = run([perf, "stat", "-I", "100", "-x", sep, "-e", "task-clock", "sleep", "0.15"]).stderr.rstrip().split("\n")[0]
    ts_re = re.compile(r"^ *[0-9]+\.[0-9]{9}$")
    interval = bool(lines) and ts_re.match(lines[0].split(sep)[0]) is not None
    bad, names = [], set()
    for ln in lines:
        f = ln.split(sep)
        if interval:
            if not ts_re.match(f[0]) or len(f[0]) != len(refi.split(sep)[0]):
                bad.append(ln)
                continue
            f = f[1:]
        if per_cpu:
            if not f or not re.match(r"^CPU[0-9]+$", f[0]):
                bad.append(ln)
                continue
            f = f[1:]
        # the event field may hold SEP (a name with terms, as in perf's own output): the last 4
        # fields are run time, percentage, metric, metric unit
        if len(f) < len(ref):
            bad.append(ln)
            continue
        value, unit, event, rest = f[0], f[1], sep.join(f[2:len(f) - 4]), f[len(f) - 4:]
        if not (re.match(r"^([0-9]+|<not counted>)$", value) and unit == "" and event and
                re.match(r"^[0-9]+$", rest[0]) and re.match(r"^[0-9]+\.[0-9]{2}$", rest[1]) and
                re.match(r"^([0-9.]+)?$", rest[2])):
            bad.append(ln)
            continue
        names.add(event)
    print("  perf %s: layout of its -x output: %d fields (%s); %d lines, %d event names, %d lines off" % (
        run([perf, "--version"]).stdout.strip(), len(ref), sep.join(ref), len(lines), len(names), len(bad)))
    for b in bad[:3]:
        print("    not perf's layout: " + b)
    c.check(len(ref) == 7 and lines and not bad,
            "%s: every line in the field order of perf stat%s%s -x%s (%d lines)" % (
                what, " -I" if interval else "", " -A" if per_cpu else "", sep, len(lines)))
    # A machine without the cpu PMU (a VM) makes perf stop at the PMU name before the terms:
    # there the same terms are given to the software PMU, which every kernel has, so perf's
    # parser still checks the term syntax (config=, config1=, the modifier).
    has_cpu = os.path.isdir("/sys/bus/event_source/devices/cpu")
    rejected, swapped, aliases = [], [], []
    for n in sorted(names):
        e = n
        if n.startswith("cpu/") and not has_cpu:
            e = "software/" + n[4:]
            swapped.append(n)
        elif not has_cpu and re.match(r"^[A-Za-z0-9_]+\.[A-Za-z0-9_.]+$", n):
            # a name from the core's event list (UOPS_ISSUED.ANY): perf resolves it from its
            # table of the host's cpu PMU, and there is none here
            aliases.append(n)
            continue
        q = run([perf, "stat", "-x", sep, "-e", e, "true"])
        if q.returncode != 0 or "syntax error" in q.stderr or "parser error" in q.stderr:
            rejected.append("%s: %s" % (e, q.stderr.strip().split("\n")[0][:120]))
    print("  perf's event parser on %d names: %d rejected%s" % (
        len(names) - len(aliases), len(rejected), "" if not swapped else
        "; no cpu PMU here, so the terms of %s were parsed on the software PMU" % " ".join(swapped)))
    for r in rejected[:5]:
        print("    perf: " + r)
    if len(aliases) < len(names):
        c.check(not rejected, "%s: perf's parser accepts every event name (%d of %d)" % (
            what, len(names) - len(aliases) - len(rejected), len(names) - len(aliases)))
    if aliases:
        c.skip("%s: %d event-list names (%s%s)" % (what, len(aliases), " ".join(aliases[:3]),
                                                  " ..." if len(aliases) > 3 else ""),
               "perf resolves them from the cpu PMU's event table, and this machine has no cpu PMU")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tools", default=os.path.join(ROOT, os.environ.get("BUILD") or "build", "tools"))
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    args.tools = os.path.abspath(args.tools)
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            files += [os.path.join(p, n) for n in ("run.kanata", "run.pipetrace", "run.o3pipeview", "toplev.csv",
                                                   "perf_stat.csv")]
        else:
            files.append(p)
    for f in files:
        if not os.path.isfile(f) or not re.search(
                r"(\.(kanata|pipetrace|o3pipeview)|/(toplev|perf_stat)[^/]*\.csv)$", f):
            print("check_traces: %s: not a *.kanata, *.pipetrace, *.o3pipeview, toplev*.csv or perf_stat*.csv "
                  "file" % f, file=sys.stderr)
            return 2
    c = Checks()
    for f in files:
        f = os.path.abspath(f)
        if f.endswith(".kanata"):
            check_kanata(f, args.tools, c)
        elif f.endswith(".o3pipeview"):
            check_o3(f, args.tools, c)
        elif os.path.basename(f).startswith("perf_stat"):
            check_perf(f, c)
        elif f.endswith(".csv"):
            check_toplev(f, args.tools, c)
        else:
            check_pipetrace(f, args.tools, c)
    print("%d passed, %d failed, %d skipped" % (c.passed, c.failed, c.skipped))
    return 1 if c.failed else SKIP_STATUS if c.skipped else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The time-proportional sampling accuracy table (docs/sampling.md, docs/spec.md section 7.9).

Runs the main run with the PMU's sampler (build/run_smp/Vsim_top, SAMPLER=1) with --tip-oracle
and --samples on each workload: the six generator mixes and the program files of verif/kernels
and verif/tip, every thread running. Each run checks that the RTL sampler's records, drained over
APB, equal the oracle's replay of the sampler (per thread, pc and signature, under both rules),
so the TIP-rule and PEBS-rule columns are the RTL's samples; --replay leaves the RTL's sampler
off (no --samples) and uses the oracle's replay alone, as a SAMPLER 0 build can. From each run's CSV (one row per thread, program address and event signature: the oracle's cycles, the
TIP-rule and PEBS-rule samples, the PEBS rule over every cycle) it computes the instruction-level
profile errors (half the L1 distance of the normalised profiles over static instructions
(thread, pc)) and writes the table between the GENERATED markers of docs/sampling.md.

The built-in workloads run as loops: the generator mix with --loop L (default 64; docs/core.md
section 6), so each thread runs L static instructions again and again, and their pcs (0..L-1)
are used as they are, like a program's. Every such run is also checked to be a loop: each static
instruction (thread, pc) has one static event signature (spec 7.1's bits other than dep, which
depends on timing) in every cycle it owns. The plain generator streams (no --loop; names
NAME-stream) have no static program: their pc is the position in the stream modulo 2^16 (spec
7.1), so their static instructions are taken as the pc modulo --fold (default 1024, PROG_DEPTH:
the stream read as a program filling the program memory); they are listed apart, outside the
target's averages, to show the sampling floor of a flat profile.

--loop-sweep L1,L2,... runs the six mixes at each loop length and writes the average and worst
TIP-rule errors per length between the tip-loops markers instead.

  python3 scripts/run/tip_table.py [--cycles N] [--samples S] [--bin PATH] [--replay] [--work DIR]
                                   [--loop L] [--loop-sweep L,...] [--doc PATH] [--only NAME,...]
                                   [--print]

Each run's own error line (printed by Vsim_top, unfolded) is checked against this script's
computation of the same number. Exit 1 when a run fails or the two disagree.
"""
import argparse
import csv
import glob
import math
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MIXES = ["mixed", "memory", "branchy", "longlat", "depchain", "icache"]
BEGIN = "<!-- BEGIN GENERATED tip-table -->"
END = "<!-- END GENERATED tip-table -->"
LBEGIN = "<!-- BEGIN GENERATED tip-loops -->"
LEND = "<!-- END GENERATED tip-loops -->"
CBEGIN = "<!-- BEGIN GENERATED tip-components -->"
CEND = "<!-- END GENERATED tip-components -->"
COMPS = ["base", "icache", "bpred", "dcache", "alu", "depend", "smt", "other"]


def _sig_dep():
    """spec 7.1: the signature's dep bit (set at dispatch when the producer had not completed),
    from the C model's definition, PMU_SIG_DEP in cmodel/include/pmu_sampler.h."""
    path = os.path.join(ROOT, "cmodel", "include", "pmu_sampler.h")
    m = re.search(r"^#define PMU_SIG_DEP\s+(0x[0-9a-fA-F]+|\d+)u?\b", open(path).read(), re.M)
    if not m:
        raise SystemExit("%s:0: no PMU_SIG_DEP definition" % path)
    return int(m.group(1), 0)


SIG_DEP = _sig_dep()
# the workloads of the component table (docs/sampling.md "Cycle stacks")
CWORK = ["mixed", "memory", "branchy", "dcache_miss", "mispredict", "longlat_chain", "overlap_miss_branch",
         "overlap_chain_icache"]


def check_loop(name, rows, loop):
    """A loop's static instruction (tid, pc) is the same instruction in every iteration: one
    static signature (the bits other than dep) over all its rows, and pc < loop. Returns the
    number of problems (each printed)."""
    seen = {}
    bad = 0
    for tid, pc, sig, o in rows:
        if not o:
            continue
        if pc >= loop:
            if bad < 5:
                print("tip_table: %s: thread %d has pc %d, outside a loop of %d" % (name, tid, pc, loop))
            bad += 1
        s = sig & ~SIG_DEP
        if seen.setdefault((tid, pc), s) != s:
            if bad < 5:
                print("tip_table: %s: thread %d pc %d has static signatures %#x and %#x (not a loop)"
                      % (name, tid, pc, seen[(tid, pc)], s))
            bad += 1
    if bad > 5:
        print("tip_table: %s: %d such problems in all" % (name, bad))
    return bad


def errors(rows, fold):
    """rows: (tid, pc, oracle, tip, pebs, pebs_all). Returns the errors of tip, pebs, pebs_all
    against oracle over (tid, pc mod fold), and the static instructions with cycles."""
    agg = {}
    for tid, pc, o, t, p, pa in rows:
        k = (tid, pc % fold if fold else pc)
        a = agg.setdefault(k, [0.0, 0.0, 0.0, 0.0])
        a[0] += o
        a[1] += t
        a[2] += p
        a[3] += pa
    tot = [sum(a[i] for a in agg.values()) for i in range(4)]
    out = []
    for i in (1, 2, 3):
        if not tot[0] or not tot[i]:
            out.append(float("nan"))
            continue
        out.append(0.5 * sum(abs(a[0] / tot[0] - a[i] / tot[i]) for a in agg.values()))
    ninst = sum(1 for a in agg.values() if a[0] > 0)
    return out, ninst, [a[0] / tot[0] for a in agg.values() if a[0] > 0]


def floor_estimate(p, s):
    """Expected error of a sampler exact in every cycle: sum of the binomial mean deviations / 2."""
    return 0.5 * sum(math.sqrt(2.0 * q * (1 - q) / (math.pi * s)) for q in p)


def run_one(args, name, opts):
    out = os.path.join(args.work, name + ".csv")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [args.bin, "--quiet", "--cycles", str(args.cycles), "--seed", "1",
           "--tip-oracle", out, "--tip-samples", str(args.samples), "--outdir", out[:-4] + ".run"] + opts
    if not args.replay:
        cmd += ["--samples", out[:-4] + ".smp"]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        raise SystemExit("tip_table: %s: %s failed (exit %d)" % (name, " ".join(cmd), r.returncode))
    if not args.replay and "sampler: the RTL's records equal the oracle's replay" not in r.stdout:
        sys.stderr.write(r.stdout)
        raise SystemExit("tip_table: %s: no check of the RTL's records in the run's output" % name)
    m = re.search(r"TIP rule ([0-9.]+)%, PEBS rule ([0-9.]+)% \((\d+) samples\)", r.stdout)
    if not m:
        raise SystemExit("tip_table: %s: no error line in the run's output" % name)
    comp = {}
    for key, pat in (("sampled", r"sampler: samples by component \(spec 7\.10\):(.*)"),
                     ("exact", r"tip-oracle: time by component \(spec 7\.10, every window cycle\):(.*)")):
        c = re.search(pat, r.stdout)
        if c:
            comp[key] = {k: float(v) for k, v in re.findall(r"(\w+) ([0-9.]+)%", c.group(1))}
    pmu = {}
    with open(os.path.join(out[:-4] + ".run", "report.csv"), newline="") as f:
        for row in csv.reader(f):
            m2 = re.match(r"^T(\d+)\.Commit\.(\w+)$", row[0])
            if m2 and row[2] == "%" and m2.group(2).lower() in COMPS:
                pmu.setdefault(m2.group(2).lower(), []).append(float(row[1]))
    comp["pmu"] = {k: sum(v) / len(v) for k, v in pmu.items()}
    rows = []
    sigs = []
    with open(out, newline="") as f:
        for row in csv.DictReader(f):
            rows.append((int(row["tid"]), int(row["pc"]), float(row["oracle_cycles"]),
                         float(row["tip_samples"]), float(row["pebs_samples"]),
                         float(row["pebs_cycles"])))
            sigs.append((int(row["tid"]), int(row["pc"]), int(row["sig"]), float(row["oracle_cycles"])))
    return rows, float(m.group(1)), float(m.group(2)), int(m.group(3)), comp, sigs


def replace_between(doc, path, begin, end, body):
    if begin not in doc or end not in doc:
        raise SystemExit("%s:0: no %s ... %s markers" % (path, begin, end))
    a, rest = doc.split(begin, 1)
    _, b = rest.split(end, 1)
    return a + begin + "\n" + body + "\n" + end + b


def loop_sweep(args, lengths):
    """The six mixes at each loop length: average and worst TIP-rule and PEBS-rule errors."""
    lines = ["| loop length L (static instructions per thread) | average TIP-rule error | worst TIP-rule error "
             "| average PEBS-rule error | average sampling floor |",
             "|---|---|---|---|---|"]
    bad = n = 0
    for L in lengths:
        et, ep, fl = [], [], []
        for m in MIXES:
            rows, _, _, samples, _, sigs = run_one(args, "%s-loop%d" % (m, L), ["--workload", m, "--loop", str(L)])
            if check_loop("%s --loop %d" % (m, L), sigs, L):
                bad += 1
            (e_t, e_p, _), _, p = errors(rows, 0)
            et.append(e_t)
            ep.append(e_p)
            fl.append(floor_estimate(p, samples))
            n += 1
        lines.append("| %d | %.2f%% | %.2f%% | %.2f%% | %.2f%% |" % (
            L, 100 * sum(et) / len(et), 100 * max(et), 100 * sum(ep) / len(ep), 100 * sum(fl) / len(fl)))
        print(lines[-1], flush=True)
    return lines, n, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cycles", type=int, default=1000000)
    ap.add_argument("--samples", type=int, default=20000)
    ap.add_argument("--fold", type=int, default=1024)
    ap.add_argument("--loop", type=int, default=64)
    ap.add_argument("--loop-sweep", default="")
    ap.add_argument("--build", default=os.environ.get("BUILD", "build"))
    ap.add_argument("--bin", default=None)
    ap.add_argument("--work", default=None, help="the runs' outputs (default BUILD/tip_table)")
    ap.add_argument("--replay", action="store_true",
                    help="the oracle's replay of the sampler only (the RTL's sampler left off)")
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "sampling.md"))
    ap.add_argument("--only", default="")
    ap.add_argument("--print", action="store_true", help="print the table, do not write the doc")
    args = ap.parse_args()
    if args.bin is None:
        args.bin = os.path.join(ROOT, args.build, "run_smp", "Vsim_top")
    if args.work is None:
        args.work = os.path.join(ROOT, args.build, "tip_table")
    args.work = os.path.abspath(args.work)
    cfg = "%d cycles per run, seed 1, every thread running, %d samples per run aimed at%s" % (
        args.cycles, args.samples, "; the oracle's replay" if args.replay else
        "; the samples are the RTL sampler's records, each run checked equal to the oracle's replay")

    if args.loop_sweep:
        lengths = [int(x) for x in args.loop_sweep.split(",") if x]
        lines, n, bad = loop_sweep(args, lengths)
        text = "\n".join(lines)
        if args.print:
            print(text)
        else:
            doc = open(args.doc).read()
            doc = replace_between(doc, args.doc, LBEGIN, LEND, cfg + ", the six mixes at each length:\n\n" + text)
            open(args.doc, "w").write(doc)
            print("tip_table: wrote %s" % os.path.relpath(args.doc, ROOT))
        print("%d passed, %d failed" % (n - bad, bad))
        return 1 if bad else 0

    # (name, options, fold, group, loop length to check)
    work = [(m, ["--workload", m, "--loop", str(args.loop)], 0, "loops", args.loop) for m in MIXES]
    progs = sorted(glob.glob(os.path.join(ROOT, "verif", "kernels", "*.hex")) +
                   glob.glob(os.path.join(ROOT, "verif", "tip", "*.hex")))
    for p in progs:
        work.append((os.path.splitext(os.path.basename(p))[0], ["--prog", os.path.relpath(p, ROOT)], 0,
                     "programs", 0))
    work += [(m + "-stream", ["--workload", m], args.fold, "streams", 0) for m in MIXES]
    only = set(x for x in args.only.split(",") if x)
    lines = ["| workload | static instructions | samples | TIP-rule error | PEBS-rule error | "
             "PEBS rule, every cycle | sampling floor |",
             "|---|---|---|---|---|---|---|"]
    clines = ["| workload | what | %s | largest difference, samples against every cycle |" % " | ".join(COMPS),
              "|---|---|%s---:|" % ("---:|" * len(COMPS))]
    bad = 0
    n = 0
    groups = {}   # group: [sums, count, worst TIP error]
    for name, opts, fold, group, loop in work:
        if only and name not in only:
            continue
        rows, run_tip, run_pebs, samples, comp, sigs = run_one(args, name, opts)
        if loop and check_loop(name, sigs, loop):
            bad += 1
        if name in CWORK and "sampled" in comp and "exact" in comp:
            d = max(abs(comp["sampled"][k] - comp["exact"][k]) for k in COMPS)
            ns = sum(v for k, v in comp["pmu"].items() if k != "smt")
            clines.append("| `%s` | TIP samples | %s | %.2f |" % (name, " | ".join("%.1f" % comp["sampled"][k] for k in COMPS), d))
            clines.append("| | every cycle (oracle) | %s | |" % " | ".join("%.1f" % comp["exact"][k] for k in COMPS))
            clines.append("| | PMU commit stack, slots | %s | |" % " | ".join("%.1f" % comp["pmu"][k] for k in COMPS))
            clines.append("| | PMU commit stack without smt | %s | |" % " | ".join(
                "-" if k == "smt" else "%.1f" % (100 * comp["pmu"][k] / ns) for k in COMPS))
        (e_t0, e_p0, _), _, _ = errors(rows, 0)
        if abs(100 * e_t0 - run_tip) > 0.006 or abs(100 * e_p0 - run_pebs) > 0.006:
            print("tip_table: %s: the run says TIP %.2f%% PEBS %.2f%%, the CSV gives %.4f%% %.4f%%"
                  % (name, run_tip, run_pebs, 100 * e_t0, 100 * e_p0))
            bad += 1
        (e_t, e_p, e_pa), ninst, p = errors(rows, fold)
        fl = floor_estimate(p, samples)
        label = "`%s`" % name
        if loop:
            label += " (loop of %d)" % loop
        elif fold:
            label += " (pc mod %d)" % fold
        lines.append("| %s | %d | %d | %.2f%% | %.2f%% | %.2f%% | %.2f%% |"
                     % (label, ninst, samples, 100 * e_t, 100 * e_p, 100 * e_pa, 100 * fl))
        n += 1
        g = groups.setdefault(group, [[0.0, 0.0, 0.0], 0, 0.0])
        for i, e in enumerate((e_t, e_p, e_pa)):
            g[0][i] += e
        g[1] += 1
        g[2] = max(g[2], e_t)
        print(lines[-1], flush=True)

    def avg(label, names):
        gs = [groups[x] for x in names if x in groups]
        k = sum(g[1] for g in gs)
        if not k:
            return
        worst = max(g[2] for g in gs)
        lines.append("| %s (worst TIP-rule error %.2f%%) | | | %.2f%% | %.2f%% | %.2f%% | |"
                     % ((label, 100 * worst) + tuple(100 * sum(g[0][i] for g in gs) / k for i in range(3))))

    avg("average, the target's: built-in workloads and programs", ["loops", "programs"])
    if len(groups) > 1:
        avg("average, built-in workloads (loops of %d)" % args.loop, ["loops"])
        avg("average, programs", ["programs"])
        avg("average, generator streams (not in the target)", ["streams"])
    text = "\n".join(lines)
    if args.print or only:
        print(text)
        if len(clines) > 2:
            print("\n".join(clines))
    else:
        doc = open(args.doc).read()
        doc = replace_between(doc, args.doc, BEGIN, END, cfg + ":\n\n" + text)
        if not args.replay and CBEGIN in doc and CEND in doc and len(clines) > 2:
            doc = replace_between(doc, args.doc, CBEGIN, CEND, "\n".join(clines))
        open(args.doc, "w").write(doc)
        print("tip_table: wrote %s" % os.path.relpath(args.doc, ROOT))
    print("%d passed, %d failed" % (n - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

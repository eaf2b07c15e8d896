#!/usr/bin/python3
"""`make validate`: the idealisation experiment of Section 4 of the multi-stage CPI stacks paper.

For every built-in workload and each of Icache, bpred, Dcache and ALU: run the core stub as is
("real") and with that structure made perfect, take the actual CPI reduction, and compare it
with that component of the dispatch, issue and commit stacks of the real run, and with the
multi-stage range [min, max] (error 0 inside the range, else the distance to the nearest stack).

Writes build/validate/validation.csv, the table between the GENERATED markers of
docs/validation.md, and docs/validation_errors.png/.svg (mean error per component and stack,
like Fig. 2 of the paper). Numbers only come from the runs; this script computes and draws.

usage: validate.py [--run BIN] [--cycles N] [--seed S] [--out DIR] [--no-docs | --check]
--check: write nothing to docs/, fail when docs/validation.md's table differs from what the runs
compute now (the `validate-docs` test of make test: the table follows the current core stub).
"""
import argparse
import csv
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKLOADS = ["mixed", "memory", "branchy", "longlat", "depchain", "icache"]
COMPONENTS = [("icache", "perfect-icache", "Icache"), ("bpred", "perfect-bpred", "Bpred"),
              ("dcache", "perfect-dcache", "Dcache"), ("alu", "alu1", "Alu")]
STAGES = ["Dispatch", "Issue", "Commit"]


def die(msg):
    sys.stderr.write("validate: %s\n" % msg)
    sys.exit(1)


def run(binary, workload, knobs, cycles, seed, outdir):
    os.makedirs(outdir, exist_ok=True)
    cmd = [binary, "--workload", workload, "--cycles", str(cycles), "--seed", str(seed),
           "--threads", "1", "--wpvis", "1", "--outdir", outdir]
    if knobs:
        cmd += ["--knobs", knobs]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        die("run failed (%s):\n%s" % (" ".join(cmd), p.stdout[-2000:]))
    if " 0 mismatches" not in p.stdout:
        die("lockstep did not report 0 mismatches (%s)" % " ".join(cmd))
    rep = os.path.join(outdir, "report.csv")  # the run also writes perf_stat.csv, toplev.csv
    if not os.path.isfile(rep):
        die("no report.csv in %s" % outdir)
    vals = {}
    with open(rep) as f:
        for row in csv.DictReader(f):
            try:
                vals[(row["Area"], row["Unit"])] = float(row["Value"])
            except ValueError:
                pass
    return vals


def get(vals, area, unit):
    v = vals.get((area, unit))
    if v is None:
        die("CSV lacks %s [%s]" % (area, unit))
    return v


def main():
    ap = argparse.ArgumentParser()
    build = os.path.join(ROOT, os.environ.get("BUILD") or "build")   # the Makefile's BUILD
    ap.add_argument("--run", default=os.path.join(build, "run_smp", "Vsim_top"))   # the main run (make run)
    ap.add_argument("--cycles", type=int, default=300000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=os.path.join(build, "validate"))
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--no-docs", action="store_true")
    mode.add_argument("--check", action="store_true")
    a = ap.parse_args()
    out = a.out
    rows = []
    for wl in WORKLOADS:
        real = run(a.run, wl, "", a.cycles, a.seed, os.path.join(out, wl, "real"))
        cpi = get(real, "T0.CPI", "CPI")
        for comp, knob, cname in COMPONENTS:
            ideal = run(a.run, wl, knob, a.cycles, a.seed, os.path.join(out, wl, knob))
            actual = cpi - get(ideal, "T0.CPI", "CPI")
            pred = [get(real, "T0.%s.%s" % (s, cname), "CPI") for s in STAGES]
            errs = [abs(p - actual) for p in pred]
            lo, hi = min(pred), max(pred)
            multi = 0.0 if lo - 1e-9 <= actual <= hi + 1e-9 else min(errs)
            share = max(pred) / cpi if cpi > 0 else 0.0
            rows.append(dict(workload=wl, component=comp, cpi=cpi, actual=actual,
                             dispatch=pred[0], issue=pred[1], commit=pred[2],
                             err_dispatch=errs[0], err_issue=errs[1], err_commit=errs[2],
                             err_multi=multi, share=share))
            if not a.check:
                print("%-9s %-7s CPI %.4f actual %+.4f  D %.4f I %.4f C %.4f  multi-err %.4f%s"
                      % (wl, comp, cpi, actual, pred[0], pred[1], pred[2], multi,
                         "" if share >= 0.10 else "  (component < 10% of CPI)"))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "validation.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    if a.no_docs:
        return 0
    if a.check:
        return check_table(render_table(rows, a))
    write_table(render_table(rows, a))
    draw(rows)
    return 0


GENERATED = re.compile(r"(<!-- BEGIN GENERATED validation -->\n)(.*?)(<!-- END GENERATED validation -->)",
                       re.S)
DOC = os.path.join(ROOT, "docs", "validation.md")


def render_table(rows, a):
    """The lines of docs/validation.md's generated block."""
    L = ["Measured with `make validate` (%d cycles per run, seed %d, one thread, wrong path "
         "visible). CPI values are cycles per retired instruction; *actual* is the CPI reduction "
         "of the idealised run; the stack columns are that component in each stack of the real "
         "run; *multi* is the multi-stage error (0 when actual lies within [min, max])."
         % (a.cycles, a.seed), "",
         "| workload | component | CPI | actual | dispatch | issue | commit | err D | err I | "
         "err C | err multi | >= 10% |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        L.append("| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %s |"
                 % (r["workload"], r["component"], r["cpi"], r["actual"], r["dispatch"],
                    r["issue"], r["commit"], r["err_dispatch"], r["err_issue"], r["err_commit"],
                    r["err_multi"], "yes" if r["share"] >= 0.10 else "no"))
    L.append("")
    L.append("Mean error over the cases where the component is >= 10% of CPI in some stack:")
    L.append("")
    L.append("| component | cases | dispatch | issue | commit | multi-stage |")
    L.append("|---|---|---|---|---|---|")
    for comp, _, _ in COMPONENTS:
        sel = [r for r in rows if r["component"] == comp and r["share"] >= 0.10]
        if not sel:
            L.append("| %s | 0 | - | - | - | - |" % comp)
            continue
        m = lambda k: sum(r[k] for r in sel) / len(sel)
        L.append("| %s | %d | %.3f | %.3f | %.3f | %.3f |" % (
            comp, len(sel), m("err_dispatch"), m("err_issue"), m("err_commit"), m("err_multi")))
    return L


def read_doc():
    with open(DOC) as f:
        text = f.read()
    if not GENERATED.search(text):
        die("docs/validation.md lacks the GENERATED validation markers")
    return text


def write_table(L):
    text = GENERATED.sub(lambda mo: mo.group(1) + "\n".join(L) + "\n" + mo.group(3), read_doc())
    with open(DOC + ".tmp", "w") as f:
        f.write(text)
    os.replace(DOC + ".tmp", DOC)


def check_table(L):
    """0 when the doc's block is L, else one line per differing row (at most 5) and 1."""
    text = read_doc()
    mo = GENERATED.search(text)
    first = text[:mo.start(2)].count("\n") + 1
    have = mo.group(2).split("\n")[:-1]
    bad = [(i, h, w) for i, (h, w) in enumerate(zip(have, L)) if h != w]
    if len(have) != len(L):
        bad.append((min(len(have), len(L)), "(%d lines)" % len(have), "(%d lines)" % len(L)))
    for i, h, w in bad[:5]:
        print("docs/validation.md:%d: the table says\n    %s\n  make validate computes now\n    %s"
              % (first + i, h, w))
    if bad:
        print("docs/validation.md: %d lines differ from the current core stub: run make validate"
              % len(bad))
        print("0 passed, 1 failed")
        return 1
    print("docs/validation.md: the table matches the %d runs of the current core stub"
          % (len(WORKLOADS) * (1 + len(COMPONENTS))))
    print("1 passed, 0 failed")
    return 0


def draw(rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        die("matplotlib is missing: apt-get install -y python3-matplotlib (run with /usr/bin/python3)")
    comps = [c for c, _, _ in COMPONENTS]
    keys = [("err_dispatch", "dispatch"), ("err_issue", "issue"), ("err_commit", "commit"),
            ("err_multi", "multi-stage")]
    fig, ax = plt.subplots(figsize=(7, 3.6))
    width = 0.2
    for j, (k, label) in enumerate(keys):
        ys = []
        for c in comps:
            sel = [r for r in rows if r["component"] == c and r["share"] >= 0.10]
            ys.append(sum(r[k] for r in sel) / len(sel) if sel else 0.0)
        ax.bar([i + (j - 1.5) * width for i in range(len(comps))], ys, width, label=label)
    ax.set_xticks(range(len(comps)))
    ax.set_xticklabels(comps)
    ax.set_ylabel("mean |error| (CPI)")
    ax.set_title("Error of the predicted CPI component (core stub, cases >= 10% of CPI)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(ROOT, "docs", "validation_errors." + ext), dpi=110)


if __name__ == "__main__":
    sys.exit(main())

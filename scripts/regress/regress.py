#!/usr/bin/env python3
"""StallScope regression runner (docs/regression.md). Python 3 standard library only; its modules
are in this directory (common, testlist, cov, cov_lcov, waves, report; docs/regression.md lists
them, check_imports.py keeps them free of cycles).

  regress.py [--tests FILE] [--tags T,...] [-j N] [--shard I/N] [--seeds N] [--base-seed S] ...
      runs every test of the list (or those with one of the tags) x its seeds (or only shard I of
      N), each in its own directory under DIR/runs/, and writes DIR/junit.xml, DIR/summary.json
      and a console summary that ends with "N passed, N failed" (", N skipped" when a run exited
      with SKIP_STATUS, 77: a tool it needs is missing). Exit status 1 when any run
      failed. `make test` is the `pr` tag, `make regress` every test x 8 seeds.
  regress.py --merge DIR... --out DIR
      combines the outputs of shards (e.g. the tasks of a Slurm job array) into one JUnit file,
      one JSON summary and one console summary; missing shards or runs count as failures.
  regress.py --cov-merge FILE...
      sums stallscope-cov v1 coverage files and prints the merged report.

A run passes only if it exits 0 within its time limit, prints its pass marker (unless pass=-) and
none of its fail markers (and, when it declares a coverage file, writes a well-formed one). A run
starts only after every run of the tests it needs (needs=) has passed. A failing lockstep run with a waveform build
is rerun with an FST waveform of the cycles before the first divergence and a GTKWave save file.
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import re
import shlex
import shutil
import signal
import socket
import sys
import threading
import time

# the runner's modules (no cycle among them: scripts/regress/check_imports.py)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cov_lcov  # noqa: E402  lcov tracefiles (coverage.info)
from common import (ROOT, InputError, failure_cycle, first_line_with, fmt, kill_all, read_text,  # noqa: E402
                    repro_line, run_cmd, tail, values_for, write_cmd_sh)
from cov import Coverage, cov_lines, parse_cov  # noqa: E402  functional coverage files
from report import lockstep_cycles, summary_lines, write_json, write_junit  # noqa: E402
from testlist import list_digest, make_jobs, parse_tests, priorities, select_tests, shard_of  # noqa: E402
from waves import wave_rerun  # noqa: E402  the waveform rerun of a failing run

SCHEMA = "stallscope-regress v1"
# A test that exits with this status (automake's SKIP) could not run here (a tool it needs is
# missing): reported as skipped, with its line holding "SKIP", neither passed nor failed.
SKIP_STATUS = 77


# ---- one run --------------------------------------------------------------------------------
# signals that mean a crash or a kill, not a check that failed; a shell reports its child's as 128+N
CRASH_SIGNALS = (signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS, signal.SIGFPE, signal.SIGILL, signal.SIGKILL,
                 signal.SIGTERM, signal.SIGINT, signal.SIGTRAP, signal.SIGSYS)


def crash_signal(rc):
    """'SIGSEGV (signal 11)' when exit status rc says the process (or a shell's child) died by a
    signal, else None."""
    n = -rc if rc < 0 else (rc - 128 if 128 < rc < 160 else 0)
    if n and (rc < 0 or n in CRASH_SIGNALS):
        try:
            return "%s (signal %d)" % (signal.Signals(n).name, n)
        except ValueError:
            return "signal %d" % n
    return None


def kept_run(job, rundir, argv):
    """--resume: the record of a finished run of JOB in RUNDIR, when it passed with this very
    command (and its coverage file still reads), else None: the run is done again."""
    try:
        with open(os.path.join(rundir, "run.json")) as f:
            old = json.load(f)
    except (OSError, ValueError):
        return None
    if old.get("status") != "pass" or old.get("cmd") != repro_line(argv) or old.get("id") != job["id"]:
        return None
    if old.get("coverage_file"):
        try:
            old["coverage"] = parse_cov(old["coverage_file"])
        except (OSError, InputError):
            return None
    old["index"] = job["index"]
    old["resumed"] = True
    return old


def do_job(job, args, runs_dir):
    t = job["test"]
    rundir = os.path.join(runs_dir, job["id"])
    vals = values_for(job, rundir, args)
    argv = shlex.split(fmt(t.cmd, vals, t.line))
    if args.resume:
        old = kept_run(job, rundir, argv)
        if old is not None:
            return old
    if os.path.isdir(rundir):
        shutil.rmtree(rundir)
    os.makedirs(rundir)
    res = {"index": job["index"], "id": job["id"], "test": t.name, "seed": job["seed"], "dir": rundir,
           "cmd": repro_line(argv), "defined_at": t.line, "log": os.path.join(rundir, "log.txt")}
    write_cmd_sh(os.path.join(rundir, "cmd.sh"), argv, "run %s: test %s, seed %s" % (job["id"], t.name, job["seed"]))
    usage = {}
    rc, secs, note = run_cmd(argv, res["log"], args.timeout_for(t), usage)
    text = read_text(res["log"])
    res["rc"], res["time_s"] = rc, round(secs, 3)
    res["cpu_s"] = usage.get("cpu_s", 0.0)
    res["lockstep_cycles"] = lockstep_cycles(text)
    why = []
    # error (JUnit <error>): the run did not finish by itself: a time-out, a signal (a crash, or
    # a shell reporting its child's as 128+N), a command that could not be started
    kind = "failure"
    if note and note.startswith("timeout"):
        why.append("%s: %s (log: %s)" % (note, job["id"], res["log"]))
        kind = "error"
    elif note:
        why.append(note)
        kind = "error"
    failed_marker = first_line_with(text, t.opts["fail"])
    sig = None if note else crash_signal(rc)
    if sig:
        why.append("crashed: %s" % sig)
        kind = "error"
    elif rc in (126, 127) and not note:
        why.append("exit status %d (a command not found or not executable)" % rc)
        kind = "error"
    elif rc != 0 and rc != SKIP_STATUS and not note:
        why.append("exit status %d" % rc)
    # a skip: the run printed its skip= marker, or exited with SKIP_STATUS (a tool it needs is
    # missing), with nothing else wrong
    skipped = (t.opts["skip"] and not why and not failed_marker
               and first_line_with(text, [t.opts["skip"]]))
    if rc == SKIP_STATUS and not note:
        if why or failed_marker:
            why.append("exit status %d" % rc)
        else:
            skipped = first_line_with(text, ["SKIP"]) or "skipped (exit status %d)" % rc
    if skipped:
        res["status"], res["kind"], res["message"] = "skip", "skipped", skipped
        with open(os.path.join(rundir, "run.json"), "w") as f:
            json.dump(res, f, indent=1)
            f.write("\n")
        return res
    if failed_marker:
        why.append(failed_marker)
    if not skipped and t.opts["pass"] != "-" and t.opts["pass"] not in text:
        why.append("pass marker '%s' not printed" % t.opts["pass"])
    cov = None
    if t.opts["cov"]:
        cpath = fmt(t.opts["cov"], vals, t.line)
        if not os.path.isabs(cpath):
            cpath = os.path.join(ROOT, cpath)
        res["coverage_file"] = cpath
        if not why:
            if not os.path.exists(cpath):
                why.append("coverage file %s not written" % cpath)
            else:
                try:
                    cov = parse_cov(cpath)
                except InputError as e:
                    why.append(str(e))
    if cov is not None:
        res["coverage"] = cov
    if t.opts["lcov"]:
        lpath = fmt(t.opts["lcov"], vals, t.line)
        res["lcov_file"] = lpath if os.path.isabs(lpath) else os.path.join(ROOT, lpath)
        if not why:
            if not os.path.exists(res["lcov_file"]):
                why.append("lcov file %s not written" % res["lcov_file"])
            else:
                try:
                    cov_lcov.parse(res["lcov_file"])
                except cov_lcov.LcovError as e:
                    why.append(str(e))
    res["status"] = "fail" if why else "pass"
    if why:
        res["kind"] = kind
        # lead with the most telling line: the divergence, then a fail marker, then the rest
        mism = first_line_with(text, ["MISMATCH at cycle"])
        msg = [m for m in [mism] if m] + [w for w in why if w != mism]
        res["message"] = "; ".join(msg)
        res["failure_cycle"] = failure_cycle(text)
        res["log_tail"] = tail(text)
    # A waveform only helps a check that failed (a divergence, or exit status 1); not a usage or
    # input error (exit 2), a missing binary or a timeout.
    if why and t.opts["wave"] and not args.no_wave and note is None and (
            res["failure_cycle"] is not None or rc == 1):
        res["wave"] = wave_rerun(job, res, rundir, args, text)
    with open(os.path.join(rundir, "run.json"), "w") as f:
        json.dump({k: v for k, v in res.items() if k != "log_tail"}, f, indent=1)
        f.write("\n")
    return res


# ---- modes ----------------------------------------------------------------------------------

def schedule(mine, args, one, blocked, prio=None):
    """Run the jobs of this shard with at most args.jobs at a time, the highest priority first
    (prio: {test name: priority}, testlist.priorities; equal priorities in list order) as far as
    needs= allows (a job of an idle=yes test, which mostly waits, runs beside them and does not count
    against args.jobs): a job starts once every run (in this shard) of each test it needs has finished, and is
    not run at all, but failed (or skipped, if the need skipped) by blocked(job, why, skipped), when
    one of them did not pass. A needed test
    that is not selected or lies in another shard counts as done (a cluster submission runs the
    build tests first on the submitting host). Returns the results in job order."""
    runs_of = {}
    for j in mine:
        runs_of.setdefault(j["test"].name, []).append(j["index"])
    status = {}          # index -> "pass"/"fail"/"skip"
    results = {}
    pending = sorted(mine, key=lambda j: -(prio or {}).get(j["test"].name, 0))
    running = {}
    idle = lambda j: j["test"].opts["idle"] == "yes"  # noqa: E731
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs + sum(1 for j in mine if idle(j)))
    try:
        while pending or running:
            progressed = True
            while progressed:
                progressed = False
                busy = sum(1 for r in running.values() if not idle(r))
                for j in pending:
                    if busy >= args.jobs and not idle(j):
                        continue
                    wait_for, failed, skipped = False, None, False
                    for n in j["test"].opts["needs"]:
                        for i in runs_of.get(n, []):
                            if i not in status:
                                wait_for = True
                            elif status[i] != "pass" and failed is None:
                                failed = n
                                skipped = status[i] == "skip"
                    if failed is not None:
                        pending.remove(j)
                        r = blocked(j, "not run: needs %s, which %s" % (failed, "skipped" if skipped else
                                                                        "did not pass"), skipped)
                        results[j["index"]] = r
                        status[j["index"]] = r["status"]
                        progressed = True
                        break
                    if not wait_for:
                        pending.remove(j)
                        running[pool.submit(one, j)] = j
                        progressed = True
                        break
            if not running:
                if pending:  # cannot happen: needs point upwards in the list
                    for j in pending:
                        r = blocked(j, "not run: its needs never finished (runner bug)", False)
                        results[j["index"]] = r
                    pending = []
                break
            done, _ = concurrent.futures.wait(list(running), return_when=concurrent.futures.FIRST_COMPLETED)
            for f in done:
                j = running.pop(f)
                r = f.result()
                results[j["index"]] = r
                status[j["index"]] = r["status"]
    except KeyboardInterrupt:
        kill_all()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return [results[j["index"]] for j in mine]


def mode_run(args):
    tests = select_tests(parse_tests(args.tests), args)
    jobs = make_jobs(tests, args)
    si, sn = args.shard
    mine = shard_of(jobs, si, sn)
    if args.list:
        for j in mine:
            print("%5d %s" % (j["index"], j["id"]))
        print("%d of %d runs in shard %d/%d" % (len(mine), len(jobs), si, sn))
        return 0
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    runs_dir = os.path.join(out, "runs")
    for stale in ("summary.json", "junit.xml", "coverage.info"):
        if os.path.exists(os.path.join(out, stale)):
            os.remove(os.path.join(out, stale))
    if os.path.isdir(runs_dir) and not args.resume:
        shutil.rmtree(runs_dir)
    os.makedirs(runs_dir, exist_ok=True)
    started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    t0 = time.monotonic()
    print("regress: %s: %d tests, %d runs; shard %d/%d: %d runs; -j %d; base seed %d; out %s" % (
        os.path.relpath(args.tests, ROOT) if os.path.isabs(args.tests) else args.tests, len(tests), len(jobs),
        si, sn, len(mine), args.jobs, args.base_seed, out), flush=True)
    results = []
    plock = threading.Lock()

    def show(r):
        with plock:
            line = "%s %-40s %7.1fs %7.1fs cpu" % ({"pass": "PASS", "skip": "SKIP"}.get(r["status"], "FAIL"),
                                                   r["id"], r.get("time_s", 0), r.get("cpu_s", 0))
            if r.get("resumed"):
                line += "  (kept from an earlier run: --resume)"
            if r["status"] == "skip":
                line += "  " + r.get("message", "")[:160]
            elif r["status"] != "pass":
                line += "  " + r.get("message", "")[:160]
                if r.get("log"):
                    line += "\n     log: %s" % r["log"]
                if r.get("wave", {}).get("gtkw"):
                    line += "\n     waveform: gtkwave %s" % r["wave"]["gtkw"]
                if args.fail_tail and r.get("log_tail"):
                    # indented, so a sub-suite's own "N passed, N failed" is never a line of ours
                    line += "\n" + "\n".join("    | " + x for x in
                                              r["log_tail"].rstrip("\n").split("\n")[-args.fail_tail:])
            print(line, flush=True)

    def one(job):
        try:
            r = do_job(job, args, runs_dir)
        except Exception as e:  # a runner bug must not lose the other runs
            r = {"index": job["index"], "id": job["id"], "test": job["test"].name, "seed": job["seed"],
                 "status": "fail", "kind": "error", "message": "runner error: %r" % e, "time_s": 0}
        show(r)
        return r

    def blocked(job, why, skipped):
        # never started: JUnit <skipped> (the cause is the needed test's own failure or skip); it
        # counts as failed on the console unless the need skipped
        r = {"index": job["index"], "id": job["id"], "test": job["test"].name, "seed": job["seed"],
             "status": "skip" if skipped else "fail", "kind": "skipped", "message": why, "time_s": 0,
             "defined_at": job["test"].line}
        show(r)
        return r

    try:
        results = schedule(mine, args, one, blocked, priorities(tests))
    except KeyboardInterrupt:
        print("regress: interrupted", file=sys.stderr)
        return 130
    elapsed = time.monotonic() - t0
    cov, by_test = Coverage(), {}
    for r in results:
        if r["status"] == "pass" and "coverage" in r:
            c = r.pop("coverage")
            cov.add(c)
            by_test.setdefault(r["test"], Coverage()).add(c)
        else:
            r.pop("coverage", None)
    crep = cov.report()
    crep["by_test"] = {k: {kk: v.report()[kk] for kk in ("files", "cycles", "bins_total", "bins_hit", "percent",
                                                          "unhit", "bins")}
                       for k, v in by_test.items()}
    summary = {
        "schema": SCHEMA, "mode": "run", "host": socket.gethostname(), "started": started,
        "elapsed_s": round(elapsed, 3), "root": ROOT, "test_list": os.path.abspath(args.tests),
        "digest": list_digest(args.tests, args), "base_seed": args.base_seed, "seeds": args.seeds,
        "cycles_scale": args.cycles_scale, "filter": args.filter, "tags": args.tags,
        "exclude_tags": args.exclude_tags, "jobs": args.jobs,
        "shard": {"index": si, "count": sn}, "runs_total": len(jobs),
        "totals": {"runs": len(results), "passed": sum(r["status"] == "pass" for r in results),
                   "failed": sum(r["status"] not in ("pass", "skip") for r in results),
                   "skipped": sum(r["status"] == "skip" for r in results),
                   "lockstep_cycles": sum(r.get("lockstep_cycles", 0) for r in results),
                   "resumed": sum(bool(r.get("resumed")) for r in results)},
        "coverage": crep, "runs": results}
    jpath, xpath = os.path.join(out, "summary.json"), os.path.join(out, "junit.xml")
    write_junit(xpath, results, "stallscope-regress", elapsed)
    lcov_out = cov_lcov.write_regression(os.path.join(out, "coverage.info"), results, crep)
    write_json(jpath, summary)
    hdr = "regression summary: %d runs (shard %d/%d of %d), base seed %d, -j %d, %.1f s" % (
        len(results), si, sn, len(jobs), args.base_seed, args.jobs, elapsed)
    print("\n".join(summary_lines(results, crep, hdr, ["JUnit: %s" % xpath] + lcov_out + ["JSON: %s" % jpath,
                                                       "runs: %s/<test>.<seed>/" % runs_dir], args.brief)))
    return 0 if summary["totals"]["failed"] == 0 else 1


def mode_merge(args):
    shards, problems = [], []
    for d in args.merge:
        p = os.path.join(d, "summary.json")
        try:
            with open(p) as f:
                s = json.load(f)
        except OSError:
            problems.append("%s: no summary.json (the shard did not finish)" % d)
            continue
        except ValueError as e:
            problems.append("%s: not valid JSON (%s)" % (p, e))
            continue
        if s.get("schema") != SCHEMA or "runs" not in s:
            problems.append("%s: not a %s summary" % (p, SCHEMA))
            continue
        s["_path"] = p
        shards.append(s)
    if not shards:
        raise InputError("--merge: no readable shard summary in %s" % " ".join(args.merge))
    ref = shards[0]
    for s in shards[1:]:
        for k in ("digest", "runs_total"):
            if s.get(k) != ref.get(k):
                problems.append("%s: %s %s differs from %s in %s (shards of different regressions)" % (
                    s["_path"], k, s.get(k), ref.get(k), ref["_path"]))
        if s["shard"]["count"] != ref["shard"]["count"]:
            problems.append("%s: shard count %d differs from %d" % (s["_path"], s["shard"]["count"],
                                                                     ref["shard"]["count"]))
    n = ref["shard"]["count"]
    have = {}
    for s in shards:
        i = s["shard"]["index"]
        if i in have:
            problems.append("%s: shard %d/%d also in %s" % (s["_path"], i, n, have[i]))
        have[i] = s["_path"]
    for i in range(n):
        if i not in have:
            problems.append("shard %d/%d missing" % (i, n))
    runs, seen = [], set()
    cov, by_test = Coverage(), {}
    for s in shards:
        for r in s["runs"]:
            if r["index"] in seen:
                continue
            seen.add(r["index"])
            runs.append(r)
        c = s.get("coverage") or {}
        if c.get("files"):
            cov.add({"cycles": c["cycles"], "bins": c["bins"]}, files=c["files"])
        for k, v in (c.get("by_test") or {}).items():
            by_test.setdefault(k, Coverage()).add({"cycles": v["cycles"], "bins": v["bins"]}, files=v["files"])
    total = ref["runs_total"]
    missing = [i for i in range(total) if i not in seen]
    for i in missing:
        runs.append({"index": i, "id": "missing.%d" % i, "test": "missing", "seed": None, "status": "missing",
                     "message": "run %d of %d is in no shard output" % (i, total), "time_s": 0})
    runs.sort(key=lambda r: r["index"])
    if problems:  # shards of different regressions, duplicates, unreadable summaries: the merge fails
        runs.append({"index": total, "id": "merge.check", "test": "merge", "seed": None, "status": "fail",
                     "message": "; ".join(problems), "log_tail": "\n".join(problems), "time_s": 0})
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    elapsed = max(s.get("elapsed_s", 0) for s in shards)
    crep = cov.report()
    crep["by_test"] = {k: v.report() for k, v in sorted(by_test.items())}
    summary = {
        "schema": SCHEMA, "mode": "merge", "host": socket.gethostname(),
        "started": min(s.get("started", "") for s in shards), "elapsed_s": elapsed, "root": ref.get("root"),
        "test_list": ref.get("test_list"), "digest": ref.get("digest"), "base_seed": ref.get("base_seed"),
        "seeds": ref.get("seeds"), "cycles_scale": ref.get("cycles_scale"), "filter": ref.get("filter"),
        "shard": None, "shards": [{"index": s["shard"]["index"], "count": s["shard"]["count"], "host": s.get("host"),
                                   "runs": len(s["runs"]), "elapsed_s": s.get("elapsed_s"), "summary": s["_path"]}
                                  for s in sorted(shards, key=lambda s: s["shard"]["index"])],
        "problems": problems, "runs_total": total,
        "totals": {"runs": len(runs), "passed": sum(r["status"] == "pass" for r in runs),
                   "failed": sum(r["status"] not in ("pass", "skip") for r in runs),
                   "skipped": sum(r["status"] == "skip" for r in runs),
                   "lockstep_cycles": sum(r.get("lockstep_cycles", 0) for r in runs)},
        "coverage": crep, "runs": runs}
    jpath, xpath = os.path.join(out, "summary.json"), os.path.join(out, "junit.xml")
    write_junit(xpath, runs, "stallscope-regress", elapsed)
    lcov_out = cov_lcov.write_regression(os.path.join(out, "coverage.info"), runs, crep)
    write_json(jpath, summary)
    for p in problems:
        print("merge: " + p)
    hdr = "merged regression summary: %d shards of %d, %d runs of %d" % (len(shards), n, len(seen), total)
    print("\n".join(summary_lines(runs, crep, hdr, ["JUnit: %s" % xpath] + lcov_out + ["JSON: %s" % jpath])))
    return 0 if summary["totals"]["failed"] == 0 else 1


def mode_cov_merge(args):
    cov = Coverage()
    for p in args.cov_merge:
        cov.add(parse_cov(p))
    rep = cov.report()
    print("\n".join(cov_lines(rep)))
    return 0


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="regress.py", description="StallScope regression runner (docs/regression.md)",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tests", default=os.path.join(ROOT, "verif/regress/tests.txt"),
                    help="test list (default verif/regress/tests.txt)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="parallel runs (default: all cores)")
    ap.add_argument("--shard", default="0/1", help="run only shard I of N (0 <= I < N): runs whose index is I mod N")
    ap.add_argument("--seeds", type=int, default=None, help="seeds per test (overrides seeds=N, not explicit lists)")
    ap.add_argument("--base-seed", default="1", help="first seed of seeds=N tests (default 1; 'time' = from the clock)")
    ap.add_argument("--cycles-scale", type=float, default=1.0, help="multiply every cycles=N (default 1)")
    ap.add_argument("--filter", default=None, help="only tests whose name matches this regular expression")
    ap.add_argument("--tags", default=None, help="only tests with one of these tags (comma list; default: all tests)")
    ap.add_argument("--with-tags", default=None,
                    help="of those, only tests that also have every one of these tags (comma list; the Slurm "
                         "submission builds the selected tests' builds with --with-tags build)")
    ap.add_argument("--exclude-tags", default=None, help="leave out tests with one of these tags (comma list)")
    ap.add_argument("--brief", action="store_true", help="no per-test table in the summary (failures, coverage, "
                    "outputs and the last line only)")
    ap.add_argument("--fail-tail", type=int, default=0, metavar="N",
                    help="print the last N log lines of a failing run under its FAIL line (default 0)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build/regress"), help="output directory (default build/regress)")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per run unless the test sets timeout= (default "
                    "1800); a run over it is killed and fails with 'timeout after N s: RUN (log: ...)'")
    ap.add_argument("--no-wave", action="store_true", help="do not rerun failing runs with a waveform")
    ap.add_argument("--wave-window", type=int, default=200, help="cycles dumped before the failing one (default 200)")
    ap.add_argument("--resume", action="store_true",
                    help="keep the runs of an earlier run into the same --out that passed with the same command "
                         "(an interrupted soak goes on where it stopped); the others run again")
    ap.add_argument("--list", action="store_true", help="print the runs of this shard and exit")
    ap.add_argument("--merge", nargs="+", metavar="DIR", help="merge shard output directories into --out")
    ap.add_argument("--cov-merge", nargs="+", metavar="FILE", help="merge coverage files and print the report")
    a = ap.parse_args(argv)
    m = re.fullmatch(r"([0-9]+)/([0-9]+)", a.shard)
    if not m or int(m.group(2)) < 1 or int(m.group(1)) >= int(m.group(2)):
        ap.error("--shard %s: I/N with 0 <= I < N" % a.shard)
    a.shard = (int(m.group(1)), int(m.group(2)))
    if a.base_seed == "time":
        a.base_seed = int(time.time()) % 1000000
    elif re.fullmatch(r"[0-9]+", a.base_seed):
        a.base_seed = int(a.base_seed)
    else:
        ap.error("--base-seed %s: a number or 'time'" % a.base_seed)
    if a.seeds is not None and a.seeds < 1:
        ap.error("--seeds must be at least 1")
    if a.jobs < 1:
        ap.error("-j must be at least 1")
    if not a.cycles_scale > 0:
        ap.error("--cycles-scale must be positive")
    if a.wave_window < 0:
        ap.error("--wave-window must be >= 0")
    if a.merge and a.cov_merge:
        ap.error("--merge and --cov-merge are exclusive")
    for k in ("tags", "exclude_tags", "with_tags"):
        v = getattr(a, k)
        if v is not None:
            setattr(a, k, [x for x in v.split(",") if x])
            if not getattr(a, k):
                ap.error("--%s needs a comma list of tags" % k.replace("_", "-"))
    if a.fail_tail < 0:
        ap.error("--fail-tail must be >= 0")
    if a.timeout < 1:
        ap.error("--timeout must be at least 1")
    a.timeout_for = lambda t: t.opts["timeout"] or a.timeout
    return a


def main(argv):
    args = parse_args(argv)
    try:
        if args.cov_merge:
            return mode_cov_merge(args)
        if args.merge:
            return mode_merge(args)
        return mode_run(args)
    except InputError as e:
        print(str(e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: (kill_all(), sys.exit(143)))
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""StallScope regression runner (docs/regression.md). Python 3 standard library only.

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
import fcntl
import glob
import hashlib
import json
import math
import os
import re
import shlex
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cov_lcov  # noqa: E402  (scripts/regress/cov_lcov.py: lcov tracefiles)

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCHEMA = "stallscope-regress v1"
COV_HEADER = "# stallscope-cov v1"
TEST_KEYS = ("seeds", "cycles", "pass", "fail", "skip", "cov", "lcov", "wave", "wavemake", "timeout", "foreach",
             "tags", "needs")
PLACEHOLDERS = ("seed", "outdir", "cycles", "item", "stem", "root", "build")
# {build}: the build directory of the make that started the runner (BUILD, default build)
BUILD_DIR = os.environ.get("BUILD") or "build"
LOG_TAIL = 40
# A test that exits with this status (automake's SKIP) could not run here (a tool it needs is
# missing): reported as skipped, with its line holding "SKIP", neither passed nor failed.
SKIP_STATUS = 77


class InputError(Exception):
    """Malformed input: the message is "FILE:LINE: rule"."""


# ---- test list ------------------------------------------------------------------------------
class Test:
    def __init__(self, name, line, cmd, opts, item=None):
        self.name = name
        self.line = line          # "FILE:LINE" of its definition
        self.cmd = cmd            # command template (a string, split with shlex after formatting)
        self.opts = opts
        self.item = item          # foreach item (file or word) or None

    def seeds(self, count_override, base):
        s = self.opts["seeds"]
        if s == "once":
            return [0]
        if isinstance(s, list):
            return s
        n = count_override if count_override is not None else s
        return [base + i for i in range(n)]


def _fmt(template, values, where):
    try:
        return template.format_map(values)
    except KeyError as e:
        raise InputError("%s: unknown placeholder {%s} (known: %s)" % (where, e.args[0], " ".join(
            "{%s}" % p for p in PLACEHOLDERS)))
    except (ValueError, IndexError) as e:
        raise InputError("%s: bad placeholder syntax in '%s' (%s)" % (where, template, e))


def parse_tests(path):
    """Parse the test list; raises InputError("FILE:LINE: rule")."""
    try:
        with open(path, encoding="utf-8") as f:
            raw = f.read().split("\n")
    except OSError as e:
        raise InputError("%s: cannot read the test list (%s)" % (path, e.strerror))
    except UnicodeDecodeError:
        raise InputError("%s: not UTF-8 text" % path)
    # join continuation lines (a trailing backslash), remembering where each logical line began
    lines, buf, start = [], None, 0
    for no, text in enumerate(raw, 1):
        if buf is None:
            buf, start = "", no
        if text.endswith("\\"):
            buf += text[:-1] + " "
            continue
        buf += text
        lines.append((start, buf))
        buf = None
    if buf is not None:
        raise InputError("%s:%d: the last line ends with a continuation backslash" % (path, start))

    tests, names = [], {}
    for no, text in lines:
        where = "%s:%d" % (path, no)
        s = text.strip()
        if not s or s.startswith("#"):
            continue
        if " -- " not in " " + s + " ":
            raise InputError("%s: a test line is 'NAME [key=value ...] -- COMMAND' (no ' -- ' found)" % where)
        head, cmd = (" " + s + " ").split(" -- ", 1)
        cmd = cmd.strip()
        try:
            words = shlex.split(head)
        except ValueError as e:
            raise InputError("%s: %s" % (where, e))
        if not words:
            raise InputError("%s: the test has no name" % where)
        if not cmd:
            raise InputError("%s: the test has no command after ' -- '" % where)
        name = words[0]
        if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.{}+-]*", name):
            raise InputError("%s: test name '%s': letters, digits, '_', '-', '+', '.' and {stem}/{item} only"
                             % (where, name))
        opts = {"seeds": 1, "cycles": None, "pass": None, "fail": [], "skip": None, "cov": None, "lcov": None,
                "wave": None,
                "wavemake": "yes", "timeout": None, "foreach": None, "tags": [], "needs": []}
        seen = set()
        for w in words[1:]:
            if "=" not in w:
                raise InputError("%s: '%s' is not key=value (keys: %s)" % (where, w, " ".join(TEST_KEYS)))
            k, v = w.split("=", 1)
            if k not in TEST_KEYS:
                raise InputError("%s: unknown key '%s' (keys: %s)" % (where, k, " ".join(TEST_KEYS)))
            if k in seen and k != "fail":
                raise InputError("%s: key '%s' given twice" % (where, k))
            seen.add(k)
            if k == "seeds":
                if v == "once":
                    opts[k] = "once"
                elif re.fullmatch(r"[1-9][0-9]*", v):
                    opts[k] = int(v)
                elif re.fullmatch(r"[0-9]+(,[0-9]+)+|[0-9]+,", v):
                    opts[k] = [int(x) for x in v.split(",") if x]
                else:
                    raise InputError("%s: seeds=%s: a count N >= 1, a list a,b,c (or 'a,' for one seed) "
                                     "or 'once'" % (where, v))
            elif k in ("cycles", "timeout"):
                if not re.fullmatch(r"[1-9][0-9]*", v):
                    raise InputError("%s: %s=%s: a positive integer" % (where, k, v))
                opts[k] = int(v)
            elif k == "fail":
                if not v:
                    raise InputError("%s: fail= needs a text" % where)
                opts["fail"].append(v)
            elif k in ("pass", "skip"):
                if not v:
                    raise InputError("%s: %s= needs a text" % (where, k))
                opts[k] = v
            elif k in ("tags", "needs"):
                vals = v.split(",")
                rx = r"[A-Za-z0-9_][A-Za-z0-9_-]*" if k == "tags" else r"[A-Za-z0-9_][A-Za-z0-9_.{}+-]*"
                if not v or not all(re.fullmatch(rx, x) for x in vals):
                    raise InputError("%s: %s=%s: a comma list of %s" % (
                        where, k, v, "tag names (letters, digits, '_', '-')" if k == "tags" else "test names"))
                opts[k] = vals
            elif k == "wavemake":
                if v not in ("yes", "no"):
                    raise InputError("%s: wavemake=%s: yes or no" % (where, v))
                opts[k] = v
            else:
                if not v:
                    raise InputError("%s: %s= needs a value" % (where, k))
                opts[k] = v
        if opts["pass"] is None:
            raise InputError("%s: every test needs a pass marker (pass=TEXT, or pass=- when exit status 0 "
                             "alone decides)" % where)
        if "{cycles}" in cmd and opts["cycles"] is None:
            raise InputError("%s: the command uses {cycles} but the test has no cycles=N" % where)

        items = [None]
        if opts["foreach"]:
            fe = opts["foreach"]
            if any(c in fe for c in "*?[/"):
                items = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, fe)))
                if not items:
                    raise InputError("%s: foreach=%s matches no file" % (where, fe))
            else:
                items = [x for x in fe.split(",") if x]
                if not items:
                    raise InputError("%s: foreach= needs a glob or a comma list" % where)
            if "{stem}" not in name and "{item}" not in name:
                raise InputError("%s: a foreach test's name needs {stem} or {item}" % where)
        for it in items:
            vals = {"seed": 1, "outdir": "/d", "cycles": 1, "root": ROOT, "build": BUILD_DIR,
                    "item": it if it is not None else "", "stem": _stem(it)}
            if it is None and ("{item}" in s or "{stem}" in s):
                raise InputError("%s: {item}/{stem} only in a test with foreach=" % where)
            tname = _fmt(name, vals, where)
            for t in [cmd, opts["cov"] or "", opts["lcov"] or "", opts["wave"] or ""]:
                _fmt(t, vals, where)
            try:
                shlex.split(cmd)
            except ValueError as e:
                raise InputError("%s: command: %s" % (where, e))
            if tname in names:
                raise InputError("%s: test name '%s' already defined at %s" % (where, tname, names[tname]))
            names[tname] = where
            topts = dict(opts)
            topts["needs"] = [_fmt(n, vals, where) for n in opts["needs"]]
            tests.append(Test(tname, where, cmd, topts, it))
    if not tests:
        raise InputError("%s: the test list defines no test" % path)
    # a test needs tests defined above it (so the list order is an order that works)
    seen = set()
    for t in tests:
        for n in t.opts["needs"]:
            if n not in names:
                raise InputError("%s: needs=%s: no such test" % (t.line, n))
            if n not in seen:
                raise InputError("%s: needs=%s: that test is defined below this one (%s); a test needs tests "
                                 "above it" % (t.line, n, names[n]))
        seen.add(t.name)
    return tests


def _stem(item):
    if not item:
        return ""
    return os.path.splitext(os.path.basename(item))[0]


# ---- jobs and shards ------------------------------------------------------------------------
def make_jobs(tests, args):
    jobs = []
    for t in tests:
        for seed in t.seeds(args.seeds, args.base_seed):
            jobs.append({"index": len(jobs), "test": t, "seed": seed, "id": "%s.%d" % (t.name, seed)})
    ids = {}
    for j in jobs:
        if j["id"] in ids:
            raise InputError("%s: run id '%s' also produced by %s (rename a test)" % (
                j["test"].line, j["id"], ids[j["id"]]))
        ids[j["id"]] = j["test"].line
    return jobs


def shard_of(jobs, i, n):
    """Shard i of n (0 <= i < n): jobs whose index is i modulo n. Round-robin keeps the seeds of a
    long test spread over all shards; the partition depends only on the list and the options."""
    return [j for j in jobs if j["index"] % n == i]


def values_for(job, outdir, args):
    t = job["test"]
    cyc = t.opts["cycles"]
    if cyc is not None:
        cyc = max(1, int(round(cyc * args.cycles_scale)))
    return {"seed": job["seed"], "outdir": outdir, "cycles": cyc if cyc is not None else "",
            "item": t.item or "", "stem": _stem(t.item), "root": ROOT, "build": BUILD_DIR}


# ---- running one command --------------------------------------------------------------------
_running = set()
_running_lock = threading.Lock()
_stopping = threading.Event()  # set on SIGTERM/SIGINT: start nothing new


def run_cmd(argv, log_path, timeout):
    """Run argv in ROOT with stdout+stderr to log_path; returns (rc, seconds, note)."""
    t0 = time.monotonic()
    with open(log_path, "wb") as log:
        with _running_lock:
            if _stopping.is_set():
                log.write(b"regress: not started (the regression was stopped)\n")
                return 130, 0.0, "not started (the regression was stopped)"
            try:
                p = subprocess.Popen(argv, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
            except OSError as e:
                msg = "cannot run %s: %s" % (argv[0], e.strerror)
                log.write((msg + "\n").encode())
                return 127, time.monotonic() - t0, msg
            _running.add(p)
        note = None
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill(p)
            rc = p.wait()
            note = "timeout after %d s" % timeout
            log.write(("\nregress: killed: %s\n" % note).encode())
        finally:
            with _running_lock:
                _running.discard(p)
    return rc, time.monotonic() - t0, note


def _kill(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except OSError:
        pass


def kill_all():
    _stopping.set()
    with _running_lock:
        for p in list(_running):
            _kill(p)


def repro_line(argv):
    return "cd %s && %s" % (shlex.quote(ROOT), shlex.join(argv))


def write_cmd_sh(path, argv, comment):
    with open(path, "w") as f:
        f.write("#!/bin/sh\n# %s\ncd %s && exec %s\n" % (comment, shlex.quote(ROOT), shlex.join(argv)))
    os.chmod(path, 0o755)


def read_text(path, limit=64 << 20):
    with open(path, "rb") as f:
        data = f.read(limit)
    return data.decode("utf-8", "replace")


def tail(text, n=LOG_TAIL):
    lines = text.rstrip("\n").split("\n")
    return "\n".join(lines[-n:])


FAIL_CYCLE_RES = (re.compile(r"lockstep: FAIL at cycle (\d+)"), re.compile(r"MISMATCH at cycle (\d+)"))


def failure_cycle(text):
    for r in FAIL_CYCLE_RES:
        m = r.search(text)
        if m:
            return int(m.group(1))
    return None


def first_line_with(text, needles):
    for line in text.split("\n"):
        for nd in needles:
            if nd in line:
                return line.strip()
    return None


# ---- coverage (stallscope-cov v1) -----------------------------------------------------------
def parse_cov(path):
    """Parse one coverage file: returns {"cycles": N, "bins": {name: hits}}. Raises
    InputError("FILE:LINE: rule") on anything but the exact format written by pmu_cov_write."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise InputError("%s:0: cannot read the coverage file (%s)" % (path, e.strerror))
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise InputError("%s:1: a coverage file is ASCII text" % path)
    if not text:
        raise InputError("%s:1: empty file; the first line must be '%s'" % (path, COV_HEADER))
    if not text.endswith("\n"):
        raise InputError("%s:%d: the file does not end with a newline (truncated?)" % (path, text.count("\n") + 1))
    lines = text[:-1].split("\n")
    if lines[0] != COV_HEADER:
        raise InputError("%s:1: the first line must be '%s'" % (path, COV_HEADER))
    cycles, bins = None, {}
    for no, line in enumerate(lines[1:], 2):
        w = line.split(" ")
        if w[0] == "cycles":
            if len(w) != 2 or not re.fullmatch(r"[0-9]+", w[1]):
                raise InputError("%s:%d: 'cycles N' with N a decimal count" % (path, no))
            if cycles is not None:
                raise InputError("%s:%d: a second 'cycles' line" % (path, no))
            if bins:
                raise InputError("%s:%d: 'cycles' must come before the first 'bin' line" % (path, no))
            cycles = int(w[1])
        elif w[0] == "bin":
            if len(w) != 3:
                raise InputError("%s:%d: 'bin NAME HITS' (three fields separated by one space)" % (path, no))
            if not re.fullmatch(r"[!-~]+", w[1]):
                raise InputError("%s:%d: bin name '%s': printable ASCII without spaces" % (path, no, w[1]))
            if not re.fullmatch(r"[0-9]+", w[2]):
                raise InputError("%s:%d: bin %s: HITS '%s' is not a decimal count" % (path, no, w[1], w[2]))
            if w[1] in bins:
                raise InputError("%s:%d: bin %s given twice" % (path, no, w[1]))
            if cycles is None:
                raise InputError("%s:%d: 'cycles N' must come before the first 'bin' line" % (path, no))
            bins[w[1]] = int(w[2])
        else:
            raise InputError("%s:%d: unknown line '%s' (expected 'cycles N' or 'bin NAME HITS')" % (
                path, no, line[:60]))
    if cycles is None:
        raise InputError("%s:%d: no 'cycles N' line" % (path, len(lines)))
    if not bins:
        raise InputError("%s:%d: no 'bin NAME HITS' line" % (path, len(lines)))
    return {"cycles": cycles, "bins": bins}


class Coverage:
    """Sum of coverage files, by bin name (a bin missing from a file counts 0 there)."""

    def __init__(self):
        self.files = 0
        self.cycles = 0
        self.bins = {}

    def add(self, cov, files=1):
        self.files += files
        self.cycles += cov["cycles"]
        for k, v in cov["bins"].items():
            self.bins[k] = self.bins.get(k, 0) + v

    def report(self):
        hit = sorted(k for k, v in self.bins.items() if v > 0)
        unhit = sorted(k for k, v in self.bins.items() if v == 0)
        total = len(self.bins)
        return {"files": self.files, "cycles": self.cycles, "bins_total": total, "bins_hit": len(hit),
                "percent": round(100.0 * len(hit) / total, 2) if total else 0.0, "unhit": unhit,
                "bins": dict(sorted(self.bins.items()))}


def cov_lines(rep):
    if not rep["files"]:
        return ["coverage: no coverage files (no passing run declares cov=)"]
    out = ["coverage: %d/%d bins hit (%.1f%%) over %d runs, %s cycles" % (
        rep["bins_hit"], rep["bins_total"], rep["percent"], rep["files"], "{:,}".format(rep["cycles"]))]
    for k, v in (rep.get("by_test") or {}).items():
        out.append("  %-20s %d/%d bins (%.1f%%) over %d runs" % (k, v["bins_hit"], v["bins_total"], v["percent"],
                                                                 v["files"]))
    if rep["unhit"]:
        out.append("unhit bins (%d): %s" % (len(rep["unhit"]), " ".join(rep["unhit"])))
    else:
        out.append("unhit bins: none")
    return out


# ---- FST reading (header times and the signal hierarchy) ------------------------------------
def _lz4_len(src, i, v):
    """An LZ4 length: nibble value V, extended by bytes while V is 15 and each byte is 255.
    Returns (length, next index)."""
    if v == 15:
        while True:
            b = src[i]
            i += 1
            v += b
            if b != 255:
                break
    return v, i


def _lz4_block(src, usize):
    dst = bytearray()
    i, n = 0, len(src)
    while i < n:
        tok = src[i]
        i += 1
        lit, i = _lz4_len(src, i, tok >> 4)
        dst += src[i:i + lit]
        i += lit
        if i >= n:
            break
        off = src[i] | (src[i + 1] << 8)
        i += 2
        ml, i = _lz4_len(src, i, tok & 15)
        ml += 4
        st = len(dst) - off
        if off == 0 or st < 0:
            raise ValueError("corrupt LZ4 block")
        if off >= ml:
            dst += dst[st:st + ml]
        else:
            for k in range(ml):
                dst.append(dst[st + k])
    if len(dst) != usize:
        raise ValueError("LZ4 block: %d bytes, expected %d" % (len(dst), usize))
    return bytes(dst)


def _varint(b, i):
    v, s = 0, 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << s
        s += 7
        if not c & 0x80:
            return v, i


def read_fst(path):
    """Returns {"start": t, "end": t, "timescale": exp10, "signals": {name: (width, gtkwave name)}}
    for an FST file (the header block and the hierarchy block; value changes are not read)."""
    with open(path, "rb") as f:
        data = f.read()
    info = {"start": None, "end": None, "timescale": None, "signals": {}}
    pos = 0
    while pos + 9 <= len(data):
        typ = data[pos]
        seclen = struct.unpack(">Q", data[pos + 1:pos + 9])[0]
        if seclen < 8 or pos + 1 + seclen > len(data):
            raise ValueError("%s: block at offset %d runs past the end of the file" % (path, pos))
        body = data[pos + 9:pos + 1 + seclen]
        if typ == 0:  # header
            info["start"], info["end"] = struct.unpack(">QQ", body[0:16])
            info["timescale"] = struct.unpack("b", body[64:65])[0]
        elif typ in (4, 6, 7):  # hierarchy: gzip, LZ4, LZ4 twice
            ulen = struct.unpack(">Q", body[:8])[0]
            if typ == 4:
                h = zlib.decompressobj(31).decompress(body[8:])
            elif typ == 6:
                h = _lz4_block(body[8:], ulen)
            else:
                l1, j = _varint(body, 8)
                h = _lz4_block(_lz4_block(body[j:], l1), ulen)
            _parse_hier(h, info["signals"])
        pos += 1 + seclen
    if info["start"] is None:
        raise ValueError("%s: no FST header block" % path)
    return info


def _parse_hier(h, out):
    i, scope = 0, []
    while i < len(h):
        t = h[i]
        i += 1
        if t == 254:  # scope: type, name, component
            i += 1
            e = h.index(0, i)
            scope.append(h[i:e].decode("utf-8", "replace"))
            i = h.index(0, e + 1) + 1
        elif t == 255:
            scope.pop()
        elif t == 252:  # attribute begin: type, subtype, name, varint
            i += 2
            i = h.index(0, i) + 1
            _, i = _varint(h, i)
        elif t == 253:
            pass
        else:  # variable: type, direction, name, length, alias
            i += 1
            e = h.index(0, i)
            name = h[i:e].decode("utf-8", "replace")
            i = e + 1
            width, i = _varint(h, i)
            _, i = _varint(h, i)
            base = name.split(" ")[0]
            full = ".".join(scope + [base])
            gtk = ".".join(scope + [name.replace(" ", "")])
            out.setdefault(full, (width, gtk))


# ---- GTKWave save file ----------------------------------------------------------------------
def _find(signals, name):
    """The signal NAME (a dotted suffix such as 'pmu_top.u_bank.cnt_q'), preferring the
    shallowest match; None when absent."""
    best = None
    for full in signals:
        if full == name or full.endswith("." + name):
            if best is None or full.count(".") < best.count("."):
                best = full
    return best


def _slice(signals, full, lsb, width, label):
    """A gtkwave concatenation line showing bits [lsb+width-1:lsb] of vector FULL as LABEL."""
    vw, gtk = signals[full]
    msb = vw - 1
    toks = ["(%d)%s" % (msb - b, gtk) for b in range(lsb + width - 1, lsb - 1, -1)]
    return "#{%s} %s" % (label, " ".join(toks))


def write_gtkw(path, fst_path, info, mismatch, fail_cycle, wave_from, comment_lines):
    sig = info["signals"]
    lines = ["[*]", "[*] StallScope regression: waveform of a failing lockstep run"]
    lines += ["[*] " + c for c in comment_lines]
    lines += ["[*] cycle c is at time 10c (inputs applied, clock low) and 10c+5 (after the rising edge)",
              "[*]",
              '[dumpfile] "%s"' % os.path.abspath(fst_path),
              '[savefile] "%s"' % os.path.abspath(path),
              "[timestart] %d" % (10 * wave_from)]
    if fail_cycle is not None:
        span = max(100, 10 * (fail_cycle - wave_from + 2))
        zoom = -math.log2(span / 1200.0)
        lines.append("*%f %d %s" % (zoom, 10 * fail_cycle, " ".join(["-1"] * 26)))
    lines += ["[sst_width] 250", "[signals_width] 320", "[sst_expanded] 1"]
    found, missing = [], []

    def add(fmt, entry):
        lines.append(fmt)
        lines.append(entry)

    def plain(name, fmt=None):
        full = _find(sig, name)
        if not full:
            missing.append(name)
            return
        w, gtk = sig[full]
        add(fmt or ("@28" if w == 1 else "@22"), gtk)
        found.append(gtk)

    top = "pmu_top."
    # counter-bank layout from the signals: the bank is an array, one signal u_bank.cnt_q[i]
    # per counter; THREADS = |irq_o|, P = |evtsel_q| / 32 / THREADS, CW = |cnt_q[0]|
    geo = None
    irq, evs = _find(sig, top + "irq_o"), _find(sig, top + "u_regs.evtsel_q")

    def cnt_sig(i):
        return _find(sig, top + "u_bank.cnt_q[%d]" % i)

    cnt0 = cnt_sig(0)
    if cnt0 and irq and evs:
        th = sig[irq][0]
        p = sig[evs][0] // 32 // th
        if th and p and cnt_sig(th * (p + 32) - 1):
            geo = (th, p, sig[cnt0][0])

    def cnt_label(i):
        th, p, cw = geo
        t, k = divmod(i, p + 32)
        if k < p:
            return "t%d.pmc%d" % (t, k)
        if k < p + 3:
            return "t%d.fix%d" % (t, k - p)
        if k < p + 8:
            return "t%d.slot%d" % (t, k - p - 3)
        return "t%d.stk%d" % (t, k - p - 8)

    # the first divergence
    div = None
    if mismatch:
        m = re.search(r"\):\s*([A-Za-z_][\w.]*)(?:\[(\d+)\])?", mismatch)
        if m:
            div = (m.group(1), m.group(2))
    if div:
        lines += ["@200", "-first divergence: %s" % mismatch.split("): ", 1)[-1][:100]]
        name, idx = div
        full = _find(sig, top + name) or _find(sig, name)
        if name.endswith("cnt_q") and idx is not None and geo and cnt_sig(int(idx)):
            i = int(idx)
            lines += ["[color] 1", "@24"]
            lines.append(_slice(sig, cnt_sig(i), 0, geo[2], "%s (%s index %s)" % (cnt_label(i), name, idx)))
            found.append(cnt_sig(i))
        elif full:
            lines.append("[color] 1")
            plain(full)
        else:
            missing.append(name)
    lines += ["@200", "-clock and reset"]
    plain(top + "clk_i")
    plain(top + "rst_ni")
    lines += ["@200", "-APB"]
    for n in ("psel_i", "penable_i", "pwrite_i", "paddr_i", "pwdata_i", "pstrb_i", "pprot_i",
              "pready_o", "prdata_o", "pslverr_o"):
        plain(top + n)
    lines += ["@200", "-interrupts"]
    plain(top + "irq_o")
    if geo:
        th, p, cw = geo
        lines += ["@200", "-counter bank (programmable and fixed counters, decimal)", "@24"]
        for t in range(th):
            for k in range(p + 3):
                i = t * (p + 32) + k
                lines.append(_slice(sig, cnt_sig(i), 0, cw, "%s" % cnt_label(i)))
                found.append(cnt_sig(i))
    elif cnt0:
        lines += ["@200", "-counter bank"]
        plain(cnt0)
    else:
        missing.append(top + "u_bank.cnt_q")
    lines += ["@200", "-status"]
    plain(top + "u_regs.gstatus_q")
    if missing:
        lines.insert(2, "[*] not in this waveform: %s" % " ".join(missing))
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)
    return found, missing


# ---- the waveform rerun ---------------------------------------------------------------------
_make_lock = threading.Lock()


def ensure_wave_bin(wbin, log_path):
    """make -s WBIN (serialised in this process and, through a lock file, across processes)."""
    lockfile = os.path.join(ROOT, os.path.dirname(wbin) + ".regress.lock")
    os.makedirs(os.path.dirname(lockfile), exist_ok=True)
    with _make_lock, open(lockfile, "w") as lf:
        fcntl.flock(lf, fcntl.LOCK_EX)
        rc, _, note = run_cmd(["make", "-s", wbin], log_path, 1800)
        fcntl.flock(lf, fcntl.LOCK_UN)
    return rc == 0 and note is None


def wave_rerun(job, res, rundir, args, text):
    t = job["test"]
    wdir = os.path.join(rundir, "wave")
    os.makedirs(wdir, exist_ok=True)
    vals = values_for(job, wdir, args)
    wbin = _fmt(t.opts["wave"], vals, t.line)
    cyc = failure_cycle(text)
    start = max(0, cyc - args.wave_window) if cyc is not None else 0
    fst = os.path.join(wdir, "wave.fst")
    gtkw = os.path.join(wdir, "wave.gtkw")
    w = {"bin": wbin, "from": start, "cycle": cyc, "dir": wdir, "fst": None, "gtkw": None,
         "log": os.path.join(wdir, "log.txt")}
    if t.opts["wavemake"] == "yes":
        if not ensure_wave_bin(wbin, os.path.join(wdir, "build.log")):
            w["status"] = "waveform build failed (see %s)" % os.path.join(wdir, "build.log")
            return w
    argv = shlex.split(_fmt(t.cmd, vals, t.line))
    # dump up to a few cycles past the failure (or a bounded window when its cycle is unknown)
    stop = cyc + 10 if cyc is not None else start + args.wave_window + 100000
    argv = [wbin] + argv[1:] + ["--wave", fst, "--wave-from", str(start), "--wave-to", str(stop)]
    w["cmd"] = repro_line(argv)
    write_cmd_sh(os.path.join(wdir, "cmd.sh"), argv,
                 "waveform rerun of %s (test %s, seed %s)" % (job["id"], t.name, job["seed"]))
    rc, secs, note = run_cmd(argv, w["log"], args.timeout_for(t))
    rtext = read_text(w["log"])
    rcyc = failure_cycle(rtext)
    if not os.path.exists(fst):
        w["status"] = "no waveform written (exit %d%s; see %s)" % (rc, ", " + note if note else "", w["log"])
        return w
    w["fst"] = fst
    if rc == 0 or rcyc != cyc:
        w["status"] = "rerun did not reproduce the failure (exit %d, failing cycle %s)" % (rc, rcyc)
    else:
        w["status"] = "reproduced"
    try:
        info = read_fst(fst)
    except (OSError, ValueError, IndexError, zlib.error) as e:
        w["status"] += "; cannot read the FST (%s)" % e
        return w
    w["time_start"], w["time_end"], w["timescale"] = info["start"], info["end"], info["timescale"]
    # the rerun's divergence, or the original run's when the rerun did not reproduce it
    mism = first_line_with(rtext, ["MISMATCH at cycle"]) or first_line_with(text, ["MISMATCH at cycle"])
    comments = ["run %s (test %s, seed %s)" % (job["id"], t.name, job["seed"]),
                mism or (res.get("message") or ""),
                "failing cycle %s (time %s); dumped from cycle %d" % (cyc, 10 * cyc if cyc is not None else "?", start),
                "rerun: %s" % w["cmd"]]
    found, missing = write_gtkw(gtkw, fst, info, mism, cyc, start, comments)
    w["gtkw"] = gtkw
    w["signals"] = len(found)
    w["missing_signals"] = missing
    return w


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
    argv = shlex.split(_fmt(t.cmd, vals, t.line))
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
    rc, secs, note = run_cmd(argv, res["log"], args.timeout_for(t))
    text = read_text(res["log"])
    res["rc"], res["time_s"] = rc, round(secs, 3)
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
        cpath = _fmt(t.opts["cov"], vals, t.line)
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
        lpath = _fmt(t.opts["lcov"], vals, t.line)
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


# ---- outputs --------------------------------------------------------------------------------
_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _x(s):
    return _XML_BAD.sub("?", str(s))


def junit_kind(r):
    """How JUnit reports a run: None (passed), "failure" (a check failed), "error" (a crash, a
    time-out, a command that could not run; a missing shard run), "skipped" (the run said it
    skipped, or was not started because a test it needs did not pass)."""
    if r["status"] == "pass":
        return None
    if r["status"] == "skip":
        return "skipped"
    if r["status"] == "missing":
        return "error"
    return r.get("kind") or "failure"


def write_junit(path, runs, suite_name, elapsed):
    """JUnit XML as the Jenkins xUnit plugin's junit-10.xsd defines it (docs/regression.md)."""
    def counts(rs):
        k = [junit_kind(r) for r in rs]
        return {"tests": str(len(rs)), "failures": str(k.count("failure")), "errors": str(k.count("error"))}
    root = ET.Element("testsuites", name=suite_name, time="%.3f" % elapsed, **counts(runs))
    by_test = {}
    for r in runs:
        by_test.setdefault(r["test"], []).append(r)
    for tname, rs in by_test.items():
        c = counts(rs)
        ts = ET.SubElement(root, "testsuite", name=tname, tests=c["tests"], failures=c["failures"],
                           errors=c["errors"], skipped=str(sum(junit_kind(r) == "skipped" for r in rs)),
                           time="%.3f" % sum(r.get("time_s", 0) for r in rs))
        for r in rs:
            tc = ET.SubElement(ts, "testcase", classname="regress." + tname, name=r["id"],
                               time="%.3f" % r.get("time_s", 0))
            out = ["seed: %s" % r["seed"], "reproduce: %s" % r.get("cmd", "?"), "run directory: %s" % r.get("dir", "?")]
            if r.get("defined_at"):
                out.append("defined at: %s" % r["defined_at"])
            kind = junit_kind(r)
            if kind == "skipped":
                ET.SubElement(tc, "skipped", message=_x(r.get("message", "skipped")))
            elif kind:
                body = [r.get("log_tail", "")]
                wv = r.get("wave")
                if wv:
                    body.append("\nwaveform rerun: %s" % wv.get("status"))
                    if wv.get("gtkw"):
                        body.append("open with: gtkwave %s" % wv["gtkw"])
                        out.append("waveform: %s" % wv["fst"])
                        out.append("gtkwave save file: %s" % wv["gtkw"])
                msg = r.get("message", "failed")
                if kind == "error":
                    typ = ("missing" if r["status"] == "missing" else "timeout" if "timeout after" in msg
                           else "crash" if "crashed: " in msg else "error")
                else:
                    typ = "fail"
                f = ET.SubElement(tc, kind, message=_x(msg), type=typ)
                f.text = _x("\n".join(body))
            so = ET.SubElement(tc, "system-out")
            so.text = _x("\n".join(out))
    tree = ET.ElementTree(root)
    if hasattr(ET, "indent"):
        ET.indent(tree)
    tree.write(path + ".tmp", encoding="utf-8", xml_declaration=True)
    os.replace(path + ".tmp", path)


def write_lcov(path, runs, crep):
    """OUT/coverage.info: the functional bins of the passing runs (on the lines of
    verif/coverage/pmu_cov.c that name them) and the lcov files of passing runs with lcov=, summed.
    Returns the console lines."""
    sets, lines, notes = [], [], []
    if crep.get("files"):
        recs, unmapped = cov_lcov.functional_records(crep["bins"])
        sets.append(recs)
        if unmapped:
            notes.append("lcov: %d bins named nowhere in %s (put on its line 1): %s" % (
                len(unmapped), cov_lcov.DEFAULT_SOURCE, " ".join(unmapped)))
    code = [r["lcov_file"] for r in runs if r.get("lcov_file") and r["status"] == "pass"]
    for f in code:
        try:
            sets.append(cov_lcov.parse(f))
        except cov_lcov.LcovError as e:  # (checked when the run ended; gone or changed since)
            notes.append("lcov: left out: %s" % e)
    if os.path.exists(path):
        os.remove(path)
    if not sets:
        return ["lcov: no coverage (no passing run with cov= or lcov=)"] + notes
    recs = cov_lcov.merge(*sets)
    cov_lcov.write(path, recs)
    lh, lf, fh, ff, bh, bf = cov_lcov.summary(recs)
    lines.append("lcov: %s (%d source files: lines %d/%d, bins as functions %d/%d, branches %d/%d; "
                 "%d code coverage files)" % (path, len(recs), lh, lf, fh, ff, bh, bf, len(code)))
    return lines + notes


def write_json(path, obj):
    with open(path + ".tmp", "w") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")
    os.replace(path + ".tmp", path)


# The lockstep harnesses and the main run end with "lockstep: N cycles, M mismatches": the cycles
# each run co-simulated against the C model (summed over the runs in the summary).
LOCKSTEP_CYCLES_RE = re.compile(r"^lockstep: (\d+) cycles, \d+ mismatches", re.M)


def lockstep_cycles(text):
    return sum(int(m.group(1)) for m in LOCKSTEP_CYCLES_RE.finditer(text))


def lockstep_line(runs):
    n = [r.get("lockstep_cycles", 0) for r in runs]
    return "lockstep: %d cycles co-simulated against the C model in %d runs" % (
        sum(n), sum(1 for x in n if x))


def summary_lines(runs, cov, header, outputs, brief=False):
    out = ["", "== " + header]
    by = {}
    for r in runs:
        d = by.setdefault(r["test"], [0, 0, 0.0])
        if r["status"] != "skip":
            d[0 if r["status"] == "pass" else 1] += 1
        d[2] += r.get("time_s", 0)
    w = max([len("test")] + [len(k) for k in by])
    if not brief:
        out.append("%-*s %6s %6s %7s" % (w, "test", "passed", "failed", "time"))
        for k, (p, f, s) in by.items():
            out.append("%-*s %6d %6d %6.1fs" % (w, k, p, f, s))
    bad = [r for r in runs if r["status"] not in ("pass", "skip")]
    skips = [r for r in runs if r["status"] == "skip"]
    if skips:
        out.append("skipped:")
        for r in skips:
            out.append("  %s: %s" % (r["id"], r.get("message", "skipped")))
    if bad:
        out.append("failures:")
        for r in bad:
            out.append("  %s: %s" % (r["id"], r.get("message", "failed")))
            if r.get("cmd"):
                out.append("    reproduce: %s" % r["cmd"])
            if r.get("log"):
                out.append("    log: %s" % r["log"])
            wv = r.get("wave")
            if wv:
                if wv.get("gtkw"):
                    out.append("    waveform: gtkwave %s   (cycles %d..%s, %s)" % (
                        wv["gtkw"], wv["from"], wv.get("cycle"), wv.get("status")))
                else:
                    out.append("    waveform: %s" % wv.get("status"))
    out += cov_lines(cov)
    out.append(lockstep_line(runs))
    out += outputs
    npass = len(runs) - len(bad) - len(skips)
    out.append("%d passed, %d failed" % (npass, len(bad)) + (", %d skipped" % len(skips) if skips else ""))
    return out


# ---- modes ----------------------------------------------------------------------------------
def list_digest(path, args):
    with open(path, "rb") as f:
        h = hashlib.sha256(f.read())
    h.update(json.dumps([args.seeds, args.base_seed, args.cycles_scale]).encode())
    if args.tags or args.exclude_tags or args.with_tags:
        h.update(json.dumps([args.tags, args.exclude_tags] + ([args.with_tags] if args.with_tags else [])).encode())
    return h.hexdigest()[:16]


def select_tests(tests, args):
    """The tests of the list that --tags, --exclude-tags and --filter select."""
    known = sorted({g for t in tests for g in t.opts["tags"]})
    for g in args.tags or []:  # (an --exclude-tags tag no test has excludes nothing)
        if g not in known:
            raise InputError("--tags %s: no test of %s has that tag (tags: %s)" % (
                g, args.tests, " ".join(known) or "none"))
    if args.tags:
        tests = [t for t in tests if set(t.opts["tags"]) & set(args.tags)]
    if args.exclude_tags:
        tests = [t for t in tests if not set(t.opts["tags"]) & set(args.exclude_tags)]
    if args.with_tags:
        tests = [t for t in tests if set(args.with_tags) <= set(t.opts["tags"])]
    if args.filter:
        rx = re.compile(args.filter)
        tests = [t for t in tests if rx.search(t.name)]
        if not tests:
            raise InputError("--filter %s: matches no test of %s" % (args.filter, args.tests))
    if not tests:
        raise InputError("%s: no test selected" % args.tests)
    return tests


def schedule(mine, args, one, blocked):
    """Run the jobs of this shard with at most args.jobs at a time, in list order as far as needs=
    allows: a job starts once every run (in this shard) of each test it needs has finished, and is
    not run at all, but failed (or skipped, if the need skipped) by blocked(job, why, skipped), when
    one of them did not pass. A needed test
    that is not selected or lies in another shard counts as done (a cluster submission runs the
    build tests first on the submitting host). Returns the results in job order."""
    runs_of = {}
    for j in mine:
        runs_of.setdefault(j["test"].name, []).append(j["index"])
    status = {}          # index -> "pass"/"fail"/"skip"
    results = {}
    pending = list(mine)
    running = {}
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    try:
        while pending or running:
            progressed = True
            while progressed and len(running) < args.jobs:
                progressed = False
                for j in pending:
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
            line = "%s %-40s %7.1fs" % ({"pass": "PASS", "skip": "SKIP"}.get(r["status"], "FAIL"), r["id"],
                                         r.get("time_s", 0))
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
        results = schedule(mine, args, one, blocked)
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
    lcov_out = write_lcov(os.path.join(out, "coverage.info"), results, crep)
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
    lcov_out = write_lcov(os.path.join(out, "coverage.info"), runs, crep)
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

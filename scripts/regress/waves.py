"""The waveform rerun of a failing lockstep run (docs/regression.md "Waveforms"): the run again with
an FST dump of the cycles before its first divergence, the FST's header and signals read through
GTKWave's own fst2vcd (Debian gtkwave), and a GTKWave save file written by scripts/gen/gtkw_gen.py's
writer (the project's one) on the signals that exist in that FST."""

import fcntl
import math
import os
import re
import shlex
import subprocess
import sys
import threading

from common import (ROOT, failure_cycle, first_line_with, fmt, read_text, repro_line, run_cmd,
                    values_for, write_cmd_sh)

sys.path.append(os.path.join(ROOT, "scripts", "gen"))
import gtkw_gen  # noqa: E402  (scripts/gen/gtkw_gen.py: the GTKWave save-file writer)

FST2VCD = "fst2vcd"  # GTKWave's FST reader (Debian gtkwave, make deps)
_UNITS = {"s": 0, "ms": -3, "us": -6, "ns": -9, "ps": -12, "fs": -15}


# ---- FST reading (header times and the signal hierarchy), through GTKWave's fst2vcd -----------
def read_fst(path):
    """Returns {"start": t, "end": t, "timescale": exp10, "signals": {name: (width, gtkwave name)}}
    for an FST file: fst2vcd's VCD header gives the timescale and the hierarchy ($scope/$var), its
    first and last time step the start and end. Raises ValueError when fst2vcd cannot read it."""
    if not os.path.isfile(path):
        raise ValueError("%s: no such file" % path)
    info = {"start": None, "end": None, "timescale": None, "signals": {}}
    try:
        p = subprocess.Popen([FST2VCD, "-f", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, text=True, errors="replace")
    except OSError as e:
        raise ValueError("cannot run %s (Debian gtkwave): %s" % (FST2VCD, e.strerror))
    scope, pending, header = [], [], True
    for line in p.stdout:
        if header:
            pending += line.split()
            if "$end" not in pending:
                continue
            words, pending = pending, []
            kw = words[0]
            if kw == "$timescale":
                m = re.fullmatch(r"(1|10|100)([munpf]?s)", "".join(words[1:-1]))
                if not m:
                    raise ValueError("%s: timescale '%s'" % (path, " ".join(words[1:-1])))
                info["timescale"] = len(m.group(1)) - 1 + _UNITS[m.group(2)]
            elif kw == "$scope":
                scope.append(words[2])
            elif kw == "$upscope":
                scope.pop()
            elif kw == "$var":  # $var TYPE WIDTH ID NAME [RANGE] $end
                name = words[4:-1]
                full = ".".join(scope + [name[0]])
                info["signals"].setdefault(full, (int(words[2]), ".".join(scope + ["".join(name)])))
            elif kw == "$enddefinitions":
                header = False
        elif line.startswith("#"):
            t = int(line[1:])
            if info["start"] is None:
                info["start"] = t
            info["end"] = t
    err = p.stderr.read()
    if p.wait() != 0 or info["timescale"] is None:
        raise ValueError("%s: %s cannot read it (exit %d) %s" % (path, FST2VCD, p.returncode, err.strip()[:200]))
    if info["start"] is None:
        info["start"] = info["end"] = 0
    return info


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
    return gtkw_gen.concat(label, gtk, vw, lsb, width)


def write_gtkw(path, fst_path, info, mismatch, fail_cycle, wave_from, comment_lines):
    """PATH: a GTKWave save file on FST_PATH (its signals INFO from read_fst) from cycle WAVE_FROM,
    zoomed on FAIL_CYCLE, the first divergence (MISMATCH, a lockstep line) on top in red. Returns
    the GTKWave names shown and the names not in the waveform."""
    sig = info["signals"]
    tr = []  # (flags, trace) of gtkw_gen.save_file
    found, missing = [], []

    def comment(text):
        tr.append((gtkw_gen.F_COMMENT, "-" + text))

    def plain(name, color=False):
        full = _find(sig, name)
        if not full:
            missing.append(name)
            return
        w, gtk = sig[full]
        tr.append(((["[color] 1"] if color else []) + [gtkw_gen.F_BIN if w == 1 else gtkw_gen.F_HEX], gtk))
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

    def cnt_label(i):  # blanks for dots: GTKWave shows a label from its last dot on (as gtkw_gen)
        th, p, cw = geo
        t, k = divmod(i, p + 32)
        if k < p:
            return "t%d pmc%d" % (t, k)
        if k < p + 3:
            return "t%d fix%d" % (t, k - p)
        if k < p + 8:
            return "t%d slot%d" % (t, k - p - 3)
        return "t%d stk%d" % (t, k - p - 8)

    # the first divergence
    div = None
    if mismatch:
        m = re.search(r"\):\s*([A-Za-z_][\w.]*)(?:\[(\d+)\])?", mismatch)
        if m:
            div = (m.group(1), m.group(2))
    if div:
        comment("first divergence: %s" % mismatch.split("): ", 1)[-1][:100])
        name, idx = div
        full = _find(sig, top + name) or _find(sig, name)
        if name.endswith("cnt_q") and idx is not None and geo and cnt_sig(int(idx)):
            i = int(idx)
            tr.append((["[color] 1", gtkw_gen.F_DEC],
                       _slice(sig, cnt_sig(i), 0, geo[2], "%s (%s index %s)" % (cnt_label(i), name.replace(".", " "), idx))))
            found.append(cnt_sig(i))
        elif full:
            plain(full, color=True)
        else:
            missing.append(name)
    comment("clock and reset")
    plain(top + "clk_i")
    plain(top + "rst_ni")
    comment("APB")
    for n in ("psel_i", "penable_i", "pwrite_i", "paddr_i", "pwdata_i", "pstrb_i", "pprot_i",
              "pready_o", "prdata_o", "pslverr_o"):
        plain(top + n)
    comment("interrupts")
    plain(top + "irq_o")
    if geo:
        th, p, cw = geo
        comment("counter bank (programmable and fixed counters, decimal)")
        for t in range(th):
            for k in range(p + 3):
                i = t * (p + 32) + k
                tr.append((gtkw_gen.F_DEC, _slice(sig, cnt_sig(i), 0, cw, "%s" % cnt_label(i))))
                found.append(cnt_sig(i))
    elif cnt0:
        comment("counter bank")
        plain(cnt0)
    else:
        missing.append(top + "u_bank.cnt_q")
    comment("status")
    plain(top + "u_regs.gstatus_q")
    comments = ["StallScope regression: waveform of a failing lockstep run"]
    comments += ["not in this waveform: %s" % " ".join(missing)] if missing else []
    comments += comment_lines + ["cycle c is at time 10c (inputs applied, clock low) and 10c+5 (after the rising edge)"]
    zoom = None
    if fail_cycle is not None:
        span = max(100, 10 * (fail_cycle - wave_from + 2))
        zoom = (-math.log2(span / 1200.0), 10 * fail_cycle)
    text = gtkw_gen.save_file(comments, os.path.abspath(fst_path), os.path.abspath(path), tr,
                              timestart=10 * wave_from, zoom=zoom, signals_width=320)
    with open(path + ".tmp", "w") as f:
        f.write(text)
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
    wbin = fmt(t.opts["wave"], vals, t.line)
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
    argv = shlex.split(fmt(t.cmd, vals, t.line))
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
    except (OSError, ValueError) as e:
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


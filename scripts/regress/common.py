"""What the regression runner's modules share (docs/regression.md): the repository root, the input
error, the placeholders of a test's command, running one command with its log, and reading logs.
Python 3 standard library only; imports no other module of scripts/regress/."""

import os
import re
import shlex
import signal
import subprocess
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PLACEHOLDERS = ("seed", "outdir", "cycles", "item", "stem", "root", "build")
# {build}: the build directory of the make that started the runner (BUILD, default build)
BUILD_DIR = os.environ.get("BUILD") or "build"
LOG_TAIL = 40


class InputError(Exception):
    """Malformed input: the message is "FILE:LINE: rule"."""



def fmt(template, values, where):
    try:
        return template.format_map(values)
    except KeyError as e:
        raise InputError("%s: unknown placeholder {%s} (known: %s)" % (where, e.args[0], " ".join(
            "{%s}" % p for p in PLACEHOLDERS)))
    except (ValueError, IndexError) as e:
        raise InputError("%s: bad placeholder syntax in '%s' (%s)" % (where, template, e))


def stem(item):
    if not item:
        return ""
    return os.path.splitext(os.path.basename(item))[0]


def values_for(job, outdir, args):
    t = job["test"]
    cyc = t.opts["cycles"]
    if cyc is not None:
        cyc = max(1, int(round(cyc * args.cycles_scale)))
    return {"seed": job["seed"], "outdir": outdir, "cycles": cyc if cyc is not None else "",
            "item": t.item or "", "stem": stem(t.item), "root": ROOT, "build": BUILD_DIR}


# ---- running one command --------------------------------------------------------------------
_running = set()
_running_lock = threading.Lock()
_stopping = threading.Event()  # set on SIGTERM/SIGINT: start nothing new


def run_cmd(argv, log_path, timeout, usage=None):
    """Run argv in ROOT with stdout+stderr to log_path; returns (rc, seconds, note). With a dict
    `usage`, also sets usage["cpu_s"]: the CPU seconds (user + system) of the command and every
    process it waited for (wait4's resource usage), which stays meaningful on a loaded machine."""
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
        timed_out = threading.Event()
        timer = threading.Timer(timeout, lambda: (timed_out.set(), _kill(p)))
        timer.daemon = True
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
            p.returncode = rc = os.waitstatus_to_exitcode(status)
            if usage is not None:
                usage["cpu_s"] = round(ru.ru_utime + ru.ru_stime, 3)
        finally:
            timer.cancel()
            with _running_lock:
                _running.discard(p)
        note = None
        if timed_out.is_set():
            note = "timeout after %d s" % timeout
            log.write(("\nregress: killed: %s\n" % note).encode())
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

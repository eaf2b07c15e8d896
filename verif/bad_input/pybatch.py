#!/usr/bin/env python3
"""Run one Python script on many command lines, each in its own forked process, paying the
script's imports once (verif/bad_input/run.sh: the generator's 60 malformed-input cases).

usage: pybatch.py SCRIPT CASES

CASES has one case per line, tab-separated: OUT ERR RC ARG... The script runs as __main__ with
sys.argv = [SCRIPT, ARG...], its stdout in OUT and its stderr in ERR (file descriptors 1 and 2,
so a child process writes there too), and its exit status is written into RC: what `python3
SCRIPT ARG...` would have exited with (sys.exit's code, 1 after an uncaught exception and its
traceback). The parent imports the script once (not as __main__) so that the children start with
its modules loaded; each child then runs the whole script afresh.
"""
import os
import runpy
import sys
import traceback


def run_child(script, out, err, args):
    fo = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    fe = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fo, 1)
    os.dup2(fe, 2)
    os.close(fo)
    os.close(fe)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    sys.argv = [script] + args
    code = 0
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = e.code
        else:
            sys.stderr.write("%s\n" % e.code)
            code = 1
    except BaseException:  # what the interpreter does with an uncaught exception
        traceback.print_exc()
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        pass
    os._exit(code & 0xff)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: pybatch.py SCRIPT CASES\n")
        return 2
    script, cases = argv[1], argv[2]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    saved = sys.argv
    sys.argv = [script]
    g = runpy.run_path(script, run_name="__pybatch__")  # the imports, once
    if callable(g.get("pybatch_warm")):
        g["pybatch_warm"]()
    sys.argv = saved
    with open(cases, encoding="utf-8") as f:
        lines = [ln.rstrip("\n") for ln in f if ln.strip()]
    for ln in lines:
        out, err, rc, *args = ln.split("\t")
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            run_child(script, out, err, args)
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        with open(rc, "w") as f:
            f.write("%d\n" % (code if code >= 0 else 128 - code))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

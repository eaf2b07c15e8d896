#!/usr/bin/env python3
"""Turn the dependency files of one build into one make rule for the binary it made.

Usage: depfile.py TARGET OUT DIR...
       depfile.py --prune DIR...

Reads every *.d file under each DIR (Verilator's V*__ver.d lists the Verilog sources and
includes it read; the compiler's -MMD files list the C/C++ sources and headers), keeps the
prerequisites (what follows the first ':'), drops files inside DIR (generated) and system files,
and writes OUT as 'TARGET: prereq...' plus one empty rule per prerequisite (as gcc -MP does), so
a deleted header does not stop make. The top Makefile includes every OUT it finds: editing any
file a binary was built from rebuilds that binary.

--prune runs before a build into DIR: Verilator's generated makefile includes its objects' .d
files without such empty rules, so a header that was deleted or renamed since the last build
would stop it ("No rule to make target"). Each .d under DIR that names a missing file is removed
with its object, which is then simply compiled again.
"""
import glob
import os
import sys


def prereqs(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read().replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        if ":" not in line:
            continue
        out.extend(line.split(":", 1)[1].split())
    return out


def prune(dirs):
    for d in dirs:
        for dfile in glob.glob(os.path.join(d, "**", "*.d"), recursive=True):
            base = os.path.dirname(dfile)
            missing = [p for p in prereqs(dfile)
                       if not os.path.exists(p) and not os.path.exists(os.path.join(base, p))]
            if missing:
                for f in (dfile, dfile[:-2] + ".o"):
                    if os.path.exists(f):
                        os.remove(f)
    return 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "--prune":
        return prune(argv[2:])
    if len(argv) < 4:
        sys.stderr.write("usage: depfile.py TARGET OUT DIR...\n")
        return 2
    target, out, dirs = argv[1], argv[2], [os.path.abspath(d) for d in argv[3:]]
    cwd = os.getcwd() + os.sep
    deps = set()
    for d in dirs:
        for dfile in glob.glob(os.path.join(d, "**", "*.d"), recursive=True):
            for p in prereqs(dfile):
                a = os.path.abspath(os.path.join(os.path.dirname(dfile), p)) if not os.path.isabs(p) \
                    and not os.path.exists(p) else os.path.abspath(p)
                if any(a.startswith(x + os.sep) for x in dirs) or a.startswith("/usr/"):
                    continue
                deps.add(a[len(cwd):] if a.startswith(cwd) else a)
    deps = sorted(deps)
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write("%s: %s\n" % (target, " ".join(deps)))
        for p in deps:
            f.write("%s:\n" % p)
    os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

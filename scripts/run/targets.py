#!/usr/bin/env python3
"""The make targets' one list: the table between the `targets` markers of docs/README.md.

usage: targets.py --print    what `make help` shows: the table as text, one target a paragraph
       targets.py --check    every .PHONY target of the Makefile and its fragments (*.mk) is in
                             the table, or in the Makefile's INTERNAL_TARGETS (prerequisites of
                             other targets); every target the table names exists. Prints
                             FILE:LINE: rule for each miss, ends with "N passed, N failed".
"""
import glob
import os
import re
import sys
import textwrap

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOC = "docs/README.md"


def read_table():
    """[(line, target cell, description)] of the table rows between the markers."""
    rows, on = [], False
    with open(os.path.join(ROOT, DOC)) as f:
        for ln, line in enumerate(f, 1):
            if "BEGIN targets" in line:
                on = True
            elif "END targets" in line:
                on = False
            elif on and line.startswith("| `"):
                cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
                rows.append((ln, cells[0], cells[1].replace("\\|", "|")))
    if not rows:
        sys.exit("%s:0: no target table between <!-- BEGIN targets --> and <!-- END targets -->" % DOC)
    return rows


def named(cell_and_desc):
    """Targets a row names: `make X` anywhere, and bare `X` words in parentheses of the form
    (`x`: ...) or (`x`, `y`: ...)."""
    out = set(re.findall(r"`make ([a-z0-9-]+)", cell_and_desc))
    for group in re.findall(r"\(((?:`[a-z0-9-]+`(?:, )?)+):", cell_and_desc):
        out |= set(re.findall(r"`([a-z0-9-]+)`", group))
    for group in re.findall(r";\s*((?:`[a-z0-9-]+`(?:, )?)+):", cell_and_desc):
        out |= set(re.findall(r"`([a-z0-9-]+)`", group))
    return out


def phony_targets():
    """{target: FILE:LINE} of every .PHONY target, and the Makefile's INTERNAL_TARGETS."""
    phony, internal = {}, set()
    files = ["Makefile"] + sorted(glob.glob(os.path.join(ROOT, "**", "*.mk"), recursive=True))
    for path in files:
        rel = os.path.relpath(os.path.join(ROOT, path), ROOT)
        if rel.startswith("build"):
            continue
        with open(os.path.join(ROOT, rel)) as f:
            for ln, line in enumerate(f, 1):
                if line.startswith(".PHONY:"):
                    for t in line.split(":", 1)[1].split():
                        phony.setdefault(t, "%s:%d" % (rel, ln))
                m = re.match(r"INTERNAL_TARGETS\s*:?=(.*)", line)
                if m:
                    internal |= set(m.group(1).split())
    return phony, internal


def main():
    if sys.argv[1:] == ["--print"]:
        for _, cell, desc in read_table():
            head = "%-20s " % cell.replace("`", "")
            print(textwrap.fill(desc.replace("`", ""), 100, initial_indent=head,
                                subsequent_indent=" " * 21))
        print("\n(the table of docs/README.md, 'Make targets'; make run and make test are the README's)")
        return 0
    if sys.argv[1:] != ["--check"]:
        sys.exit(__doc__)
    rows = read_table()
    listed = set()
    for _, cell, desc in rows:
        listed |= named(cell + " " + desc)
    phony, internal = phony_targets()
    fails, checks = [], 0
    for t, where in sorted(phony.items()):
        checks += 1
        if t not in listed and t not in internal:
            fails.append("%s: .PHONY target '%s' is neither in %s's target table nor in "
                         "INTERNAL_TARGETS" % (where, t, DOC))
    for ln, cell, desc in rows:
        for t in sorted(named(cell + " " + desc)):
            checks += 1
            if t not in phony:
                fails.append("%s:%d: the table names 'make %s', which no Makefile declares .PHONY"
                             % (DOC, ln, t))
    for t in sorted(internal - set(phony)):
        checks += 1
        fails.append("Makefile: INTERNAL_TARGETS names '%s', which no Makefile declares .PHONY" % t)
    for f in fails:
        print(f)
    print("%d passed, %d failed" % (checks - len(fails), len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

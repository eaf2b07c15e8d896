#!/usr/bin/env python3
"""Check that every repository path the docs mention exists.

Reads README.md and docs/*.md, takes every word that starts with a top-level folder of the
repository (rtl/ cmodel/ verif/ sim/ scripts/ docs/ fpga/) or names a doc (docs/X.md, X.md in a
link), and checks it against the tree. Globs (`rtl/pmu/pmu_*.v`), brace lists
(`cmodel/src/pmu_{regs,evctl}.c`) and `NAME`-style placeholders (`verif/fuzz/corpus/<fuzzer>/`,
`build/...`) are handled: a glob or brace list must match at least one path, a word with a
placeholder is checked up to the placeholder. Paths under build/ are outputs and are skipped.

Prints FILE:LINE: path for every path that does not exist; exit 1 if any, else 0.
"""
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TOPS = ("rtl/", "cmodel/", "verif/", "sim/", "scripts/", "docs/", "fpga/")
WORD = re.compile(r"(?<![A-Za-z0-9_./$-])((?:rtl|cmodel|verif|sim|scripts|docs|fpga)/[A-Za-z0-9_./*{},<>+-]*)")
LINK = re.compile(r"\]\(([A-Za-z0-9_./-]+\.(?:md|svg|png|json))(?:#[^)]*)?\)")


def expand_braces(p):
    m = re.search(r"\{([^{}]*)\}", p)
    if not m:
        return [p]
    out = []
    for alt in m.group(1).split(","):
        out += expand_braces(p[:m.start()] + alt + p[m.end():])
    return out


def exists(path):
    path = path.rstrip(".,;:")
    if not path or path.endswith("/."):
        return True
    # a brace list cut by the end of the line: check the part before it
    if path.count("{") > path.count("}"):
        path = path[:path.rfind("{")]
        path = path[:path.rfind("/") + 1]
    # a placeholder: check the part before it
    cut = re.search(r"<|NAME|\bN\b|\bX\b", path)
    if cut:
        path = path[:cut.start()]
        path = path[:path.rfind("/") + 1] if "/" in path else path
        if not path:
            return True
    for p in expand_braces(path):
        if "*" in p:
            if not glob.glob(os.path.join(ROOT, p)):
                return False
        elif not os.path.exists(os.path.join(ROOT, p)):
            return False
    return True


def main():
    files = ["README.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs/*.md")))
    bad = 0
    for f in files:
        base = os.path.dirname(f)
        with open(os.path.join(ROOT, f), encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                seen = set()
                for m in WORD.finditer(line):
                    w = m.group(1)
                    if w in seen:
                        continue
                    seen.add(w)
                    if not exists(w):
                        print(f"{f}:{n}: {w.rstrip('.,;:')} does not exist")
                        bad += 1
                for m in LINK.finditer(line):
                    w = m.group(1)
                    if w.startswith(("http", "../")):
                        continue
                    p = os.path.normpath(os.path.join(base, w))
                    if not os.path.exists(os.path.join(ROOT, p)):
                        print(f"{f}:{n}: link {w} does not exist")
                        bad += 1
    print(f"check_doc_paths: {len(files)} files, {bad} missing paths")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

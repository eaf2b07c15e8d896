#!/usr/bin/env python3
"""Check that every RTL signal, module and instance the docs name in backticks exists.

Reads README.md and docs/*.md (or the files given), takes every code span (`...`, also one that
runs over a line break; fenced blocks are pseudo-code and commands and are not read) and in it
every identifier or dotted path. A name is checked when it looks like a signal or module:
  - it ends in _q _d _i _o _n _ni _ff _nx (a flop, next value, port, active-low, ...),
    unless its stem is in capitals, a placeholder (`NAME_q <= NAME_d`, `X_q`);
  - it starts with pmu_ or core_ and is lower case (a module, a C function or type; names with
    capitals such as pmu_THREADS2_P8_CW48_W4 are area jobs made from parameters);
  - it is a component of a hierarchical path whose first component is an instance (u_...):
    every u_ and g_ component of it as well (`u_bank.g_pipe.inc_q[i]`: u_bank, g_pipe, inc_q);
  - with *: a glob (`*_g_i`, `disp_*_o`), which must match at least one name;
  - a file name with an RTL or C suffix (`pmu_cnt_bank.v`) whose stem looks like the above: a file
    of that name must be tracked somewhere (paths with a / are check_doc_paths.py's).
A checked name must occur as a word in a tracked file under rtl/, fpga/, verif/, cmodel/ or sim/
(the RTL, the C model, the harnesses and the testbenches).

A doc that must name a name that is gone (an alternative measured and not kept) lists it in
scripts/run/doc_signals_allow.txt: `FILE NAME REASON`, one a line. The list stays small: more
than MAX_ALLOW entries, an entry without a reason or an entry that allows nothing is an error.

Prints FILE:LINE: NAME: ... for every name not found, and as its last line
`check_doc_signals: N passed, N failed` (files). Exit 1 on any finding, 2 on bad input (a doc
or the allow-list unreadable or malformed), else 0. --self-test runs the rules on sample text.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SOURCES = ("rtl", "fpga", "verif", "cmodel", "sim")
ALLOW = "scripts/run/doc_signals_allow.txt"
MAX_ALLOW = 10

SUFFIX = re.compile(r"^(?![A-Z][A-Z0-9]*_)[A-Za-z0-9]\w*_(?:q|d|i|o|n|ni|ff|nx)$")
PREFIX = re.compile(r"^(?:pmu|core)_[a-z0-9_]+$")
INST = re.compile(r"^[ug]_\w+$")
FILE_EXT = ("v", "vh", "sv", "c", "h", "cpp")
OTHER_EXT = ("py", "sh", "pl", "js", "cjs", "ts", "tcl", "mk", "json", "txt", "csv", "md", "log")
COMP = r"[A-Za-z_*][\w*]*(?:\[[^\]\s`]*\])?"
# an identifier or dotted path, not part of a path (a/b), an option (--x) or a variable ($x)
TOKEN = re.compile(r"(?<![\w/.$*\-\]])(" + COMP + r"(?:\." + COMP + r")*)(?![\w/\-])")
FENCE = re.compile(r"^\s*(```|~~~)")


def looks_like_signal(name):
    return bool(SUFFIX.match(name) or PREFIX.match(name))


def tracked(dirs=None):
    cmd = ["git", "ls-files", "-z"] + (list(dirs) if dirs else [])
    try:
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit("check_doc_signals: cannot list the tracked files (%s)" % e)
    return [p for p in out.decode("utf-8", "replace").split("\0") if p]


def source_words():
    words = set()
    for p in tracked(SOURCES):
        try:
            with open(os.path.join(ROOT, p), "rb") as fh:
                data = fh.read()
        except OSError:
            continue  # a tracked file deleted in the work tree
        if b"\0" in data[:8192]:
            continue  # binary
        words.update(re.findall(r"[A-Za-z_]\w*", data.decode("utf-8", "replace")))
    return words


def spans(text):
    """Yield (line, content) of every code span outside fenced blocks, by CommonMark's rule:
    a run of N backticks opens, the next run of exactly N closes, within one paragraph."""
    lines = text.split("\n")
    para, start, fence = [], 0, None
    blocks = []
    for n, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1) == fence:
                fence = None
            continue
        if m:
            fence = m.group(1)
        if m or not line.strip():
            if para:
                blocks.append((start, "\n".join(para)))
            para = []
            continue
        if not para:
            start = n
        para.append(line)
    if para:
        blocks.append((start, "\n".join(para)))
    for first, block in blocks:
        i = 0
        while True:
            m = re.compile(r"`+").search(block, i)
            if not m:
                break
            tick = m.group(0)
            close = re.compile(r"(?<!`)" + tick + r"(?!`)").search(block, m.end())
            if not close:
                i = m.end()
                continue
            yield first + block.count("\n", 0, m.end()), block[m.end():close.start()]
            i = close.end()


def checked_names(span):
    """The names of one code span to check: [(offset in span, name)]."""
    out = []
    for m in TOKEN.finditer(span):
        parts = [re.sub(r"\[.*\]$", "", p) for p in m.group(1).split(".")]
        if not parts[0]:
            continue
        if len(parts) == 2 and parts[1] in FILE_EXT:
            stem = parts[0]
            if looks_like_signal(stem) or INST.match(stem):
                out.append((m.start(), m.group(1).split("[")[0], "file"))
            continue
        if len(parts) == 2 and parts[1] in OTHER_EXT:
            continue  # a script or data file, not a signal (tl_io.py)
        hier = len(parts) > 1 and parts[0].startswith("u_")
        for p in parts:
            if "*" in p:
                if p.strip("*") and looks_like_signal(p.replace("*", "x")):
                    out.append((m.start(), p, "glob"))
            elif looks_like_signal(p) or (hier and INST.match(p)):
                out.append((m.start(), p, "word"))
    return out


def found(name, kind, words, files):
    if kind == "word":
        return name in words
    if kind == "file":
        return name in files
    pat = re.compile("^" + re.escape(name).replace(r"\*", r"\w*") + "$")
    return any(pat.match(w) for w in words)


def findings(text, words, files):
    """[(line, name, span)] of the names of a doc's text not found."""
    out, seen = [], set()
    for line, span in spans(text):
        for off, name, kind in checked_names(span):
            at = line + span.count("\n", 0, off)
            if (at, name) in seen or found(name, kind, words, files):
                continue
            seen.add((at, name))
            out.append((at, name, span.replace("\n", " ")))
    return out


def load_allow():
    path = os.path.join(ROOT, ALLOW)
    allow = {}
    try:
        with open(path, encoding="utf-8") as fh:
            rows = fh.read().split("\n")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError("%s: cannot read: %s" % (ALLOW, getattr(e, "strerror", None) or e))
    for n, row in enumerate(rows, 1):
        if not row.strip() or row.lstrip().startswith("#"):
            continue
        f = row.split(None, 2)
        if len(f) < 3:
            raise ValueError("%s:%d: want FILE NAME REASON, got %r" % (ALLOW, n, row))
        if (f[0], f[1]) in allow:
            raise ValueError("%s:%d: %s %s listed twice" % (ALLOW, n, f[0], f[1]))
        allow[(f[0], f[1])] = n
    if len(allow) > MAX_ALLOW:
        raise ValueError("%s: %d entries, at most %d: rewrite the docs instead (names that are gone "
                         "belong in a doc only as an alternative measured and not kept)"
                         % (ALLOW, len(allow), MAX_ALLOW))
    return allow


def self_test(words, files):
    # (text, names that must be reported); the names here are real ones of rtl/ (or gone ones)
    samples = [
        ("the pending bit `a_pend_q`", ["a_pend_q"]),
        ("a path `u_bank.g_pipe.inc_q[i]` and `u_pmu.u_evctl.g_vq.v_q[k]`", []),
        ("a gone block `u_bank.g_nopipe.inc_q`", ["g_nopipe"]),
        ("a span over\na line: `cnt_q and\nwold_ff`", ["wold_ff"]),
        ("globs `*_g_i`, `disp_*_o` and `*_zz_i`", ["*_zz_i"]),
        ("modules `pmu_cnt_bank`, `core_arb`, files `pmu_evctl.v`, `pmu_gone.v`", ["pmu_gone.v"]),
        ("`pmu_nosuch_block`", ["pmu_nosuch_block"]),
        ("not signals: `--only pmu_THREADS2_P8`, `rtl/pmu/x_gone_q.v`, `evt.cmp_eq`, `$x_q`", []),
        ("```\nfenced: gone_q `gone_q`\n```\n", []),
        ("`` `ifndef gone_q `` and `` `x` ``", ["gone_q"]),
        ("an unclosed ` tick, then `lost_q`", []),
        ("a register field `fixctl.pmi_i`", ["pmi_i"]),
        ("files of other tools: `tl_io.py`, `run_q.json`", []),
        ("placeholders `X_q <= X_d`, `NAME_i`; not `Xa_q`", ["Xa_q"]),
    ]
    bad = 0
    for text, want in samples:
        got = [name for _, name, _ in findings(text, words, files)]
        if sorted(got) != sorted(want):
            bad += 1
            print("self-test: %r: want %s, got %s" % (text, want or "nothing", got or "nothing"))
    line = [n for n, _, _ in findings("a\n\nb `x`\n`c and\n\nd `gone_q`", words, files)]
    if line != [6]:
        bad += 1
        print("self-test: line numbers: want [6], got %s" % line)
    print("check_doc_signals self-test: %d passed, %d failed" % (len(samples) + 1 - bad, bad))
    return 1 if bad else 0


def main(argv):
    words = source_words()
    files = {os.path.basename(p) for p in tracked()}
    if argv == ["--self-test"]:
        return self_test(words, files)
    if argv and argv[0].startswith("-"):
        print("usage: check_doc_signals.py [--self-test | FILE.md ...]", file=sys.stderr)
        return 2
    try:
        allow = load_allow()
    except ValueError as e:
        print("check_doc_signals: %s" % e)
        print("check_doc_signals: 0 passed, 1 failed")
        return 2
    docs = argv or ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(ROOT, "docs"))
                                        if f.endswith(".md"))
    used, passed, failed, status = set(), 0, 0, 0
    for doc in docs:
        rel = os.path.relpath(os.path.join(ROOT, doc), ROOT) if not os.path.isabs(doc) else doc
        try:
            with open(os.path.join(ROOT, doc), encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError) as e:
            print("%s:0: cannot read: %s" % (rel, getattr(e, "strerror", None) or e))
            failed, status = failed + 1, 2
            continue
        bad = 0
        for line, name, span in findings(text, words, files):
            if (rel, name) in allow:
                used.add((rel, name))
                continue
            where = "tracked file" if name.endswith(tuple("." + x for x in FILE_EXT)) else \
                "word of " + ", ".join(d + "/" for d in SOURCES)
            print("%s:%d: %s: no such %s (in `%s`)" % (rel, line, name, where, span[:80]))
            bad += 1
        if bad:
            failed, status = failed + 1, max(status, 1)
        else:
            passed += 1
    if not argv:
        for (doc, name), n in sorted(allow.items(), key=lambda kv: kv[1]):
            if (doc, name) not in used:
                print("%s:%d: %s %s: allows nothing (the doc no longer names it, or it exists): "
                      "remove the entry" % (ALLOW, n, doc, name))
                failed, status = failed + 1, max(status, 1)
    print("check_doc_signals: %d passed, %d failed" % (passed, failed))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

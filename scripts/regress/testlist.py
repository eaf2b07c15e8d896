"""The regression's test list (verif/regress/tests.txt; docs/regression.md "The test list"): its
parser, the runs (test x seed) it makes, shards, and the selection by tags and --filter."""

import glob
import hashlib
import json
import os
import re
import shlex

from common import BUILD_DIR, ROOT, InputError, fmt, stem

TEST_KEYS = ("seeds", "cycles", "pass", "fail", "skip", "cov", "lcov", "wave", "wavemake", "timeout", "foreach",
             "tags", "needs", "idle", "cost")


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
                "wavemake": "yes", "timeout": None, "foreach": None, "tags": [], "needs": [], "idle": "no",
                "cost": 0}
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
            elif k in ("cycles", "timeout", "cost"):
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
            elif k in ("wavemake", "idle"):
                if v not in ("yes", "no"):
                    raise InputError("%s: %s=%s: yes or no" % (where, k, v))
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
                    "item": it if it is not None else "", "stem": stem(it)}
            if it is None and ("{item}" in s or "{stem}" in s):
                raise InputError("%s: {item}/{stem} only in a test with foreach=" % where)
            tname = fmt(name, vals, where)
            for t in [cmd, opts["cov"] or "", opts["lcov"] or "", opts["wave"] or ""]:
                fmt(t, vals, where)
            try:
                shlex.split(cmd)
            except ValueError as e:
                raise InputError("%s: command: %s" % (where, e))
            if tname in names:
                raise InputError("%s: test name '%s' already defined at %s" % (where, tname, names[tname]))
            names[tname] = where
            topts = dict(opts)
            topts["needs"] = [fmt(n, vals, where) for n in opts["needs"]]
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


def priorities(tests):
    """{test name: priority}: a run's cost= plus the largest priority among the tests that need
    its test, so a run that others wait for, or that is long, starts before short, leaf ones
    (0 for every test when no test has cost=, which keeps the list order)."""
    needers = {}
    for t in tests:
        for n in t.opts["needs"]:
            needers.setdefault(n, []).append(t.name)
    prio = {}
    for t in reversed(tests):   # needers are defined below what they need
        prio[t.name] = t.opts["cost"] + max([prio[n] for n in needers.get(t.name, [])] or [0])
    return prio


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

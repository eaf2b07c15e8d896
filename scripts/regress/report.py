"""The regression's outputs (docs/regression.md "Outputs"): JUnit XML, the JSON summary, the lockstep
cycle count and the console summary that ends with "N passed, N failed"."""

import json
import os
import re
import xml.etree.ElementTree as ET

from cov import cov_lines

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


def cpu_line(runs, top=6):
    """CPU seconds of all runs and the runs that took most (what to move to nightly first)."""
    most = sorted(runs, key=lambda r: -r.get("cpu_s", 0))[:top]
    return "cpu: %.0f s in all runs; most: %s" % (
        sum(r.get("cpu_s", 0) for r in runs),
        ", ".join("%s %.0f s" % (r["id"], r.get("cpu_s", 0)) for r in most))


def summary_lines(runs, cov, header, outputs, brief=False):
    out = ["", "== " + header]
    by = {}
    for r in runs:
        d = by.setdefault(r["test"], [0, 0, 0.0, 0.0])
        if r["status"] != "skip":
            d[0 if r["status"] == "pass" else 1] += 1
        d[2] += r.get("time_s", 0)
        d[3] += r.get("cpu_s", 0)
    w = max([len("test")] + [len(k) for k in by])
    if not brief:
        out.append("%-*s %6s %6s %7s %7s" % (w, "test", "passed", "failed", "time", "cpu"))
        for k, (p, f, s, c) in by.items():
            out.append("%-*s %6d %6d %6.1fs %6.1fs" % (w, k, p, f, s, c))
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
    out.append(cpu_line(runs))
    out += outputs
    npass = len(runs) - len(bad) - len(skips)
    out.append("%d passed, %d failed" % (npass, len(bad)) + (", %d skipped" % len(skips) if skips else ""))
    return out

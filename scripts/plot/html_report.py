#!/usr/bin/python3
"""Write the HTML report of a StallScope run directory (docs/reports.md, "HTML report").

  html_report.py RUNDIR [-o FILE]          (default FILE: RUNDIR/report.html)

One self-contained page (inline CSS, JavaScript and SVG/canvas; nothing is loaded from the
network or another file) made from the files the main run wrote into RUNDIR:

  report.csv          run facts, CPI stacks per thread and stage, top-down level 1, counters
  toplev.csv          per-interval top-down, stacks and IPC (pmu-tools toplev layout)
  perf_stat.csv       per-interval counters under perf's names (perf stat -A -x, layout)
  run.kanata          the trace window's instructions: stages, stall lane, dependencies
  run_resources.csv   the trace window's per-cycle slot inputs and ROB/RS occupancy
  samples.csv         the PMU sampler's profile per instruction (pmuctl report --csv): the hottest
                      instructions under the TIP rule against the PEBS rule, and their cycle
                      stacks (samples_report.txt's first line says how many samples)

report.csv is required; a section whose file is missing says so. Every number the page shows
is the text of a CSV field (the page never re-computes or re-formats one); tables carry
data-src="FILE|KEY" so verif/html/check_html.py can compare them with the files. The page's
script is scripts/plot/html_report.js and its style scripts/plot/html_report.css, copied in.

Standard library only. Exit status 0, or 2 with FILE:LINE: message for bad input (nothing is
written then: the page goes to FILE.tmp and is renamed at the end).
"""
import argparse
import csv
import html
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STAGES = ["Dispatch", "Issue", "Commit"]
COMPONENTS = ["Base", "Icache", "Bpred", "Dcache", "Alu", "Depend", "Smt", "Other"]
TOPDOWN = [("Retiring", "Retiring"), ("BadSpeculation", "Bad speculation"),
           ("FrontendBound", "Frontend bound"), ("BackendBound", "Backend bound")]


class InputError(Exception):
    pass


def esc(s):
    return html.escape(str(s), quote=True)


# ---- readers ----------------------------------------------------------------------------------

def read_report(path):
    """report.csv: {(Area, Unit): (Value, Description)} in file order."""
    rows = {}
    with open(path, newline="", encoding="utf-8") as f:
        r = csv.reader(f)
        head = next(r, None)
        if head != ["Area", "Value", "Unit", "Description"]:
            raise InputError("%s:1: not a StallScope report CSV (header %r)" % (path, head))
        for row in r:
            if len(row) != 4:
                raise InputError("%s:%d: %d fields, expected 4" % (path, r.line_num, len(row)))
            rows[(row[0], row[2])] = (row[1], row[3])
    if ("Run.Cycles", "Count") not in rows:
        raise InputError("%s: no Run.Cycles row" % path)
    return rows


def read_toplev(path):
    """toplev.csv: (interval mode, [timestamps], {(ts, cpu, area): value}, [areas in order])."""
    vals, stamps, areas = {}, [], []
    with open(path, newline="", encoding="utf-8") as f:
        r = csv.reader(f)
        head = next(r, None) or []
        iv = bool(head) and head[0] == "Timestamp"
        if not iv and (not head or head[0] != "CPUs"):
            raise InputError("%s:1: not a toplev CSV (header %r)" % (path, head))
        off = 1 if iv else 0
        for row in r:
            if len(row) != len(head):
                raise InputError("%s:%d: %d fields, expected %d" % (path, r.line_num, len(row), len(head)))
            ts = row[0] if iv else ""
            if not stamps or stamps[-1] != ts:
                if ts in stamps:
                    raise InputError("%s:%d: timestamp %s again" % (path, r.line_num, ts))
                stamps.append(ts)
            area = row[off + 1]
            if area not in areas:
                areas.append(area)
            vals[(ts, row[off], area)] = row[off + 2]
    return iv, stamps, vals, areas


def read_perfstat(path):
    """perf_stat.csv (perf stat -A -x, layout, -I or not): [(ts, cpu, value, event)]."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line:
                continue
            fs = line.split(",")
            iv = not re.match(r"^CPU\d+$", fs[0])
            head = 4 if iv else 3          # [ts,] CPU, value, unit
            if len(fs) < head + 5 or not re.match(r"^CPU\d+$", fs[head - 3]):
                raise InputError("%s:%d: not a perf stat -x, line: %s" % (path, n, line))
            event = ",".join(fs[head:len(fs) - 4])  # names spelt with terms hold commas
            out.append((fs[0].strip() if iv else "", fs[head - 3], fs[head - 2], event))
    return out


def read_kanata(path):
    """run.kanata: the first and end cycle and one record per instruction."""
    insts, first, cur = {}, None, None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            fs = line.rstrip("\n").split("\t")
            cmd = fs[0]
            try:
                if n == 1:
                    if fs != ["Kanata", "0004"]:
                        raise InputError("%s:1: not a Kanata 0004 log" % path)
                    continue
                if cmd == "C=":
                    first = cur = int(fs[1])
                    continue
                if cur is None:
                    raise InputError("%s:%d: a command before C=" % (path, n))
                if cmd == "C":
                    cur += int(fs[1])
                    continue
                i = int(fs[1])
                if cmd == "I":
                    insts[i] = {"id": i, "seq": int(fs[2]), "tid": int(fs[3]), "label": "",
                                "hover": "", "st": [], "sl": [], "deps": [], "fate": 2, "end": None,
                                "open": {}}
                    continue
                p = insts[i]
                if cmd == "L":
                    text = fs[3].replace("\\n", "\n")
                    if fs[2] == "0":
                        p["label"] += text
                    else:
                        p["hover"] += text
                elif cmd == "S":
                    p["open"][(fs[2], fs[3])] = cur
                elif cmd == "E":
                    a = p["open"].pop((fs[2], fs[3]))
                    (p["st"] if fs[2] == "0" else p["sl"]).append([fs[3], a, cur])
                elif cmd == "R":
                    p["fate"] = 0 if fs[3] == "0" else 1
                    p["end"] = cur
                elif cmd == "W":
                    p["deps"].append(int(fs[2]))
                else:
                    raise InputError("%s:%d: unknown command %r" % (path, n, cmd))
            except (IndexError, ValueError, KeyError) as e:
                raise InputError("%s:%d: malformed line (%s): %s" % (path, n, e, line.rstrip()))
    if first is None:
        raise InputError("%s: no C= line" % path)
    out = []
    for i in sorted(insts):
        p = insts[i]
        for (lane, name), a in p.pop("open").items():     # in flight: open until the window end
            (p["st"] if lane == "0" else p["sl"]).append([name, a, cur])
        p["st"].sort(key=lambda s: s[1])
        p["sl"].sort(key=lambda s: s[1])
        out.append([p["id"], p["tid"], p["seq"], p["label"], p["hover"], p["fate"],
                    p["end"] if p["end"] is not None else cur, p["st"], p["sl"], p["deps"]])
    return first, cur, out


def read_resources(path):
    """run_resources.csv: {column: [values]} (strings) in file order."""
    with open(path, newline="", encoding="utf-8") as f:
        r = csv.reader(f)
        head = next(r, None)
        want = ["cycle", "thread", "retired", "issued", "filled", "rob_occ", "rs_occ", "l1d_pend"]
        if head != want:
            raise InputError("%s:1: not a resource trace (header %r)" % (path, head))
        cols = {h: [] for h in head}
        for row in r:
            if len(row) != len(head) or not all(x.isdigit() for x in row):
                raise InputError("%s:%d: expected %d unsigned integers" % (path, r.line_num, len(head)))
            for h, v in zip(head, row):
                cols[h].append(int(v))
    return cols


# ---- page sections (static HTML: the CSV fields as text) --------------------------------------

def cell(rep, area, unit, cls="num"):
    v = rep.get((area, unit))
    if v is None:
        return "<td class=\"%s\">&ndash;</td>" % cls
    return "<td class=\"%s\" data-src=\"report.csv|%s|%s\">%s</td>" % (cls, esc(area), esc(unit), esc(v[0]))


def threads_of(rep):
    return sorted({int(m.group(1)) for a, _ in rep for m in [re.match(r"^T(\d+)\.", a)] if m})


def stage_list(rep, t):
    """The stacks drawn for thread t: the raw three, plus the corrected two when present."""
    st = [(s, s.lower()) for s in STAGES]
    if ("T%d.DispatchCorrected.Base" % t, "CPI") in rep:
        st = [("DispatchCorrected", "dispatch*"), ("IssueCorrected", "issue*")] + st
    return st


def section_run(rep):
    rows = ["<tr><th>%s</th>%s<td>%s</td></tr>" % (esc(a[4:]), cell(rep, a, "Count"), esc(rep[(a, "Count")][1]))
            for a, u in rep if a.startswith("Run.") and u == "Count"]
    return ("<section id=\"run\"><h2>Run</h2><table class=\"facts\">%s</table></section>" % "".join(rows))


def section_threads(rep, threads):
    out = ["<section id=\"stacks\"><h2>CPI stacks per thread</h2>"
           "<p class=\"note\">Each stage receives W slots per cycle, so each bar adds up to the "
           "thread's CPI; a component is the share of slots the stage lost to that cause "
           "(report.csv, spec 4.6). Hover a bar segment for its numbers.</p><div class=\"threads\">"]
    for t in threads:
        out.append("<div class=\"thread\" id=\"thread-%d\"><h3>Thread %d</h3><table class=\"facts\">" % (t, t))
        for a, u, lab in (("Instructions", "Count", "instructions"), ("Cycles", "Count", "cycles"),
                          ("IPC", "IPC", "IPC"), ("CPI", "CPI", "CPI")):
            out.append("<tr><th>%s</th>%s</tr>" % (lab, cell(rep, "T%d.%s" % (t, a), u)))
        out.append("</table><svg class=\"stackchart\" data-thread=\"%d\"></svg>" % t)
        sts = stage_list(rep, t)
        out.append("<table class=\"grid\"><thead><tr><th>component</th>%s</tr>"
                   "<tr><th></th>%s</tr></thead><tbody>" % (
                       "".join("<th colspan=\"2\">%s</th>" % esc(lab) for _, lab in sts),
                       "<th>CPI</th><th>%</th>" * len(sts)))
        for c in COMPONENTS + ["Total"]:
            cls = " class=\"total\"" if c == "Total" else ""
            out.append("<tr%s><th><span class=\"sw c-%s\"></span>%s</th>%s</tr>" % (
                cls, c.lower(), c.lower(),
                "".join(cell(rep, "T%d.%s.%s" % (t, s, c), "CPI") + cell(rep, "T%d.%s.%s" % (t, s, c), "%")
                        for s, _ in sts)))
        out.append("</tbody></table></div>")
    out.append("</div></section>")
    return "".join(out)


def section_topdown(rep, threads):
    out = ["<section id=\"topdown\"><h2>Top-down level 1</h2><p class=\"note\">%% of issue slots "
           "from the slot counters (report.csv TopDown rows): retiring R, bad speculation I &minus; R, "
           "frontend bound T &minus; F, backend bound F &minus; I.</p>"
           "<table class=\"grid\"><thead><tr><th>thread</th>%s</tr></thead><tbody>" %
           "".join("<th colspan=\"2\"><span class=\"sw td-%s\"></span>%s</th>" % (k.lower(), lab) for k, lab in TOPDOWN)]
    for t in threads:
        out.append("<tr><th>T%d</th>%s</tr>" % (t, "".join(
            cell(rep, "T%d.TopDown.%s" % (t, k), "%") + cell(rep, "T%d.TopDown.%s" % (t, k), "Slots", "num slots")
            for k, _ in TOPDOWN)))
        out.append("<tr class=\"bar\"><td colspan=\"9\"><svg class=\"tdbar\" data-thread=\"%d\"></svg></td></tr>" % t)
    out.append("</tbody></table></section>")
    return "".join(out)


def section_counters(rep, threads, perf):
    out = ["<section id=\"counters\"><h2>Counters</h2><p class=\"note\">Whole-run values "
           "(report.csv) under perf's event names, as in perf_stat.csv; the sparkline is the "
           "per-interval count of perf_stat.csv (hover it).</p>"
           "<table class=\"grid counters\"><thead><tr><th>thread</th><th>counter</th><th>perf name</th>"
           "<th>value</th><th>label and encoding</th><th>per interval</th></tr></thead><tbody>"]
    for t in threads:
        names = [(a, u) for a, u in rep if re.match(r"^T%d\.(PMC\d+|Fixed\.\w+)$" % t, a) and u == "Count"]
        for a, u in names:
            desc = rep[(a, u)][1]
            kind = a.split(".", 1)[1]
            if kind.startswith("PMC"):
                m = re.match(r"^(\S+) \((.*)\) (evtsel=.*)$", desc)
                pname, label = (m.group(1), m.group(2) + "; " + m.group(3)) if m else (desc, "")
            else:
                m = re.search(r"\(perf: ([^)]+)\)", desc)
                pname, label = (m.group(1) if m else "", desc)
            out.append("<tr><th>T%d</th><td>%s</td><td class=\"perf\" data-perf=\"%s\">%s</td>%s<td>%s</td>"
                       "<td><svg class=\"spark\" data-cpu=\"CPU%d\" data-event=\"%s\"></svg></td></tr>" % (
                           t, esc(kind.lower().replace("fixed.", "fixed ")), esc(pname), esc(pname),
                           cell(rep, a, u), esc(label), t, esc(pname)))
    out.append("</tbody></table>")
    if perf is None:
        out.append("<p class=\"missing\">perf_stat.csv: not written by this run.</p>")
    out.append("</section>")
    return "".join(out)


def section_intervals(toplev, perf, threads):
    if toplev is None:
        return ("<section id=\"intervals\"><h2>Over the run</h2><p class=\"missing\">toplev.csv: "
                "not written by this run.</p></section>")
    iv, stamps, vals, areas = toplev
    cpus = ["C0-T%d" % t for t in threads]
    out = ["<section id=\"intervals\"><h2>Over the run (per interval)</h2>"
           "<p class=\"note\">toplev.csv: one row set per interval of the run, at the interval's end "
           "(seconds since the window start). Choose the thread and the node group; hover for the "
           "interval's values.</p><div class=\"controls\"><label>thread <select id=\"iv-thread\">%s"
           "</select></label> <label>nodes <select id=\"iv-group\"><option value=\"TopLevel\">top-down level 1"
           "</option><option value=\"Dispatch_Stack\">dispatch stack</option><option value=\"Issue_Stack\">"
           "issue stack</option><option value=\"Commit_Stack\">commit stack</option></select></label></div>"
           "<div class=\"ivwrap\"><svg id=\"iv-chart\"></svg><div id=\"iv-tip\" class=\"tip\" hidden></div></div>"
           % "".join("<option value=\"%s\">T%d</option>" % (c, t) for c, t in zip(cpus, threads))]
    cols = [a for a in areas if "." not in a]
    out.append("<details><summary>toplev.csv as a table (level 1 and metrics)</summary>"
               "<table class=\"grid small\"><thead><tr><th>Timestamp</th><th>CPUs</th>%s</tr></thead><tbody>"
               % "".join("<th>%s</th>" % esc(a) for a in cols))
    for ts in stamps:
        for c in cpus:
            out.append("<tr><td>%s</td><td>%s</td>%s</tr>" % (esc(ts), c, "".join(
                "<td class=\"num\" data-src=\"toplev.csv|%s|%s|%s\">%s</td>" % (esc(ts), c, esc(a), esc(vals[(ts, c, a)]))
                if (ts, c, a) in vals else "<td>&ndash;</td>" for a in cols)))
    out.append("</tbody></table></details>")
    if perf is not None:
        evs = []
        for ts, cpu, v, ev in perf:
            if (cpu, ev) not in evs:
                evs.append((cpu, ev))
        pst = sorted({ts for ts, _, _, _ in perf}, key=lambda s: float(s) if s else 0.0)
        by = {(ts, cpu, ev): v for ts, cpu, v, ev in perf}
        out.append("<details><summary>perf_stat.csv as a table</summary><table class=\"grid small\">"
                   "<thead><tr><th>time</th>%s</tr></thead><tbody>" % "".join(
                       "<th>%s<br>%s</th>" % (esc(c), esc(e)) for c, e in evs))
        for ts in pst:
            out.append("<tr><td>%s</td>%s</tr>" % (esc(ts), "".join(
                "<td class=\"num\" data-src=\"perf_stat.csv|%s|%s|%s\">%s</td>" % (esc(ts), esc(c), esc(e), esc(by[(ts, c, e)]))
                if (ts, c, e) in by else "<td>&ndash;</td>" for c, e in evs)))
        out.append("</tbody></table></details>")
    out.append("</section>")
    return "".join(out)


def read_samples(path):
    """The rows of samples.csv (pmuctl report --csv) as dicts, hottest first."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    want = ["rank", "instruction", "tip_pct", "pebs_pct"] + [c.lower() for c in COMPONENTS]
    for i, r in enumerate(rows, 2):
        for k in want:
            if r.get(k) in (None, ""):
                raise InputError("%s:%d: no field %s (pmuctl report --csv)" % (path, i, k))
    return rows


SAMPLES_TOP = 20


def section_samples(rows, head):
    if rows is None:
        return ("<section id=\"samples\"><h2>Where the time goes, per instruction</h2><p class=\"missing\">"
                "samples.csv: not written by this run (the main run without the sampler).</p></section>")
    comps = [c.lower() for c in COMPONENTS]
    out = ["<section id=\"samples\"><h2>Where the time goes, per instruction</h2>"
           "<p class=\"note\">The PMU's time-proportional sampler (docs/sampling.md), the %d hottest "
           "instructions: their share of the sampled time under the TIP rule (every cycle to the "
           "instruction that owns it) and under the PEBS rule (the next instruction to commit), and "
           "each one's cycle stack (its TIP time by component, %%). %s</p>"
           "<table class=\"grid samples\"><thead><tr><th>#</th><th>instruction</th><th>TIP %%</th>"
           "<th>PEBS %%</th><th>stack</th>%s</tr></thead><tbody>" % (
               min(SAMPLES_TOP, len(rows)), esc(head),
               "".join("<th><span class=\"sw c-%s\"></span>%s</th>" % (c, c) for c in comps))]
    for r in rows[:SAMPLES_TOP]:
        key = r["instruction"]
        bar = "".join("<span class=\"seg c-%s\" style=\"width:%s%%\" title=\"%s: %s%%\"></span>" % (
            c, r[c], c, r[c]) for c in comps if float(r[c]) > 0)
        out.append("<tr><td>%s</td><th>%s</th><td class=\"num\" data-src=\"samples.csv|%s|tip_pct\">%s</td>"
                   "<td class=\"num\" data-src=\"samples.csv|%s|pebs_pct\">%s</td><td class=\"sbar\">%s</td>%s</tr>" % (
                       esc(r["rank"]), esc(key), esc(key), esc(r["tip_pct"]), esc(key), esc(r["pebs_pct"]), bar,
                       "".join("<td class=\"num\" data-src=\"samples.csv|%s|%s\">%s</td>" % (esc(key), c, esc(r[c]))
                               for c in comps)))
    out.append("</tbody></table></section>")
    return "".join(out)


def section_pipeline(kan, res):
    if kan is None:
        return ("<section id=\"pipeline\"><h2>Pipeline view</h2><p class=\"missing\">run.kanata: "
                "not written by this run (no trace window).</p></section>")
    first, end, insts = kan
    legend_st = "".join("<span><span class=\"sw st-%s\"></span>%s</span>" % (k, lab) for k, lab in (
        ("f", "F fetched, in the front-end queue"), ("d", "D dispatched, waiting in the RS"),
        ("x", "X executing (issue to issue + latency)"), ("c", "C completed, waiting to commit")))
    legend_sl = "".join("<span><span class=\"sw c-%s\"></span>%s</span>" % (c.lower(), c.lower())
                        for c in COMPONENTS[1:])
    return ("<section id=\"pipeline\"><h2>Pipeline view: cycles %d to %d</h2>"
            "<p class=\"note\">run.kanata: one row per instruction of the trace window, against cycles, "
            "coloured by stage; the inner bar is the stall reason while it waits (the CPI-stack "
            "component its thread's stage lost slots to). Retired instructions end with a dark tick, "
            "flushed ones are faded, those still in flight run to the window's end; 'highlight' fades "
            "every instruction without the chosen stall or flag. Wheel: zoom the "
            "cycles (shift+wheel: the rows); drag: pan; double-click: fit. Hover an instruction for "
            "its events. The resource graph below shares the cycle axis (run_resources.csv).</p>"
            "<div class=\"controls\"><label>rows <select id=\"pv-rows\"></select></label> "
            "<label><input type=\"checkbox\" id=\"pv-deps\" checked> dependencies</label> "
            "<label><input type=\"checkbox\" id=\"pv-flushed\" checked> flushed</label> "
            "<label>highlight <select id=\"pv-hl\"></select></label> "
            "<button id=\"pv-in\" type=\"button\">zoom in</button><button id=\"pv-out\" type=\"button\">zoom out</button>"
            "<button id=\"pv-fit\" type=\"button\">fit</button> <span id=\"pv-range\"></span></div>"
            "<div class=\"legend\">%s</div><div class=\"legend\">stall: %s</div>"
            "<div class=\"pvwrap\"><canvas id=\"pv-canvas\"></canvas><canvas id=\"rv-canvas\"></canvas>"
            "<div id=\"pv-tip\" class=\"tip\" hidden></div></div>%s</section>" % (
                first, end - 1, legend_st, legend_sl,
                "" if res is not None else "<p class=\"missing\">run_resources.csv: not written by this run.</p>"))


# ---- the page ---------------------------------------------------------------------------------

def build(rundir):
    rep = read_report(os.path.join(rundir, "report.csv"))

    def opt(name, fn):
        p = os.path.join(rundir, name)
        return fn(p) if os.path.exists(p) else None

    toplev = opt("toplev.csv", read_toplev)
    perf = opt("perf_stat.csv", read_perfstat)
    kan = opt("run.kanata", read_kanata)
    res = opt("run_resources.csv", read_resources)
    smp = opt("samples.csv", read_samples)
    head = ""
    p = os.path.join(rundir, "samples_report.txt")
    if smp is not None and os.path.exists(p):
        with open(p, encoding="utf-8") as f:
            head = f.readline().lstrip("# ").strip()
    threads = threads_of(rep)
    cfg = rep[("Run.Cycles", "Count")][1]
    rob = re.search(r"\bROB=(\d+)", cfg)
    data = {
        "threads": threads,
        "w": rep.get(("Run.W", "Count"), ("0", ""))[0],
        "rob": rob.group(1) if rob else None,
        "components": [c.lower() for c in COMPONENTS],
        "stacks": {str(t): [[lab, [[rep.get(("T%d.%s.%s" % (t, s, c), u), ("nan",))[0] for u in ("CPI", "%", "Slots")]
                                   for c in COMPONENTS], rep.get(("T%d.%s.Total" % (t, s), "CPI"), ("nan",))[0]]
                            for s, lab in stage_list(rep, t)] for t in threads},
        "topdown": {str(t): [[k, lab, rep.get(("T%d.TopDown.%s" % (t, k), "%"), ("nan",))[0]] for k, lab in TOPDOWN]
                    for t in threads},
    }
    if toplev is not None:
        iv, stamps, vals, areas = toplev
        data["toplev"] = {"stamps": stamps, "areas": areas,
                          "v": {c: [[vals.get((ts, c, a), "") for a in areas] for ts in stamps]
                                for c in ["C0-T%d" % t for t in threads]}}
    if perf is not None:
        sp = {}
        for ts, cpu, v, ev in perf:
            sp.setdefault(cpu + "|" + ev, []).append([ts, v])
        data["perf"] = sp
    if kan is not None:
        data["pipe"] = {"first": kan[0], "end": kan[1], "insts": kan[2]}
    if res is not None:
        data["res"] = res
    title = "StallScope report: %s" % cfg.split(";")[1].strip() if ";" in cfg else "StallScope report"
    with open(os.path.join(HERE, "html_report.css"), encoding="utf-8") as f:
        css = f.read()
    with open(os.path.join(HERE, "html_report.js"), encoding="utf-8") as f:
        js = f.read()
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    body = "".join([section_run(rep), section_threads(rep, threads), section_topdown(rep, threads),
                    section_counters(rep, threads, perf), section_intervals(toplev, perf, threads),
                    section_samples(smp, head), section_pipeline(kan, res)])
    nav = "".join("<a href=\"#%s\">%s</a>" % (i, lab) for i, lab in (
        ("run", "run"), ("stacks", "CPI stacks"), ("topdown", "top-down"), ("counters", "counters"),
        ("intervals", "over the run"), ("samples", "per instruction"), ("pipeline", "pipeline view")))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>%s</title><style>%s</style></head><body><header><h1>%s</h1><nav>%s</nav></header>"
            "<main>%s</main><script type=\"application/json\" id=\"report-data\">%s</script>"
            "<script>%s</script></body></html>\n" % (esc(title), css, esc(title), nav, body, blob, js))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Write the HTML report of a StallScope run directory.")
    ap.add_argument("rundir", help="run directory (make run's RUNDIR) with report.csv")
    ap.add_argument("-o", "--output", help="output file (default RUNDIR/report.html)")
    a = ap.parse_args(argv)
    out = a.output or os.path.join(a.rundir, "report.html")
    try:
        page = build(a.rundir)
    except InputError as e:
        print("html_report: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("html_report: %s" % e, file=sys.stderr)
        return 2
    tmp = out + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(page)
        os.replace(tmp, out)
    except OSError as e:
        print("html_report: cannot write %s: %s" % (out, e), file=sys.stderr)
        if os.path.exists(tmp):
            os.remove(tmp)
        return 2
    print("wrote %s (%d bytes)" % (out, len(page.encode("utf-8"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The HTML report of `make run` (scripts/plot/html_report.py) in headless Chromium.

Usage: check_html.py --build DIR --out DIR [--rundir RUNDIR] [--screenshot PNG]

Without --rundir, runs DIR/run_smp/Vsim_top exactly as `make run` does (mixed, seed 1, 1M cycles,
trace window 10000:10200, interval 10000, the sampler's records, pmuctl report's samples.csv)
into OUT/run and writes its report.html with scripts/plot/html_report.py. Then opens the page in Debian's chromium (headless, driven through
Debian's chromedriver by Selenium from build/venv) and checks:

  loads         the page loads from file:// and its title is the report's
  console       the browser console holds no error (uncaught exceptions included)
  offline       the page fetched no other resource (performance entries) and names no URL
  numbers       every number in a table (elements with data-src) is the text of its field in
                report.csv, toplev.csv or perf_stat.csv, read here with Python's csv module;
                every stack, top-down, counter row of report.csv, every toplev level-1 and metric
                row and every perf_stat.csv line is shown; the counters' perf names, per thread
                in order, are perf_stat.csv's events of that CPU
  stack-bars    every bar segment of the CPI stack charts carries its CSV numbers (tooltip)
  intervals     hovering the interval chart shows that interval's toplev.csv values (three
                intervals, two threads, two node groups)
  pipeline      the pipeline view has one row per instruction of run.kanata; hovering the rows
                of a retired, a flushed, an in-flight and a dependent instruction shows its label,
                its stages' cycles, its producer and how it ended, as run.kanata says; thread 1
                alone lists its instructions in program order (sequence numbers), hiding the
                flushed ones leaves the others, and the highlight keeps exactly the instructions
                with a dcache stall, or the mispredicted branches
  window        the pipeline view's heading and, after "fit", its controls name the trace window
                of run.kanata (cycles C= to the last one, every row); the numbers of the cycle
                axis, read from the canvas's pixels, are whole: none touches the plot's edges and
                the last is as wide as the others (fitted, and zoomed to 60 cycles)
  zoom          the mouse wheel zooms the cycle axis, a drag pans it, a double-click fits
  resources     hovering the resource graph shows the cycle's retired count and ROB occupancy of
                every thread, as run_resources.csv says
  caught        two broken copies of the page fail: one number changed (numbers), one JavaScript
                error (console)

--screenshot PNG also saves a picture of the page (docs/report_html.png is made so). Without
chromium, chromedriver or selenium every check prints SKIP and the exit status is 77 (make test
reports the test as skipped). Ends with "N passed, N failed"; exit 1 when a check failed.
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP = 77
CHECKS = ["loads", "console", "offline", "numbers", "stack-bars", "intervals", "pipeline", "window",
          "zoom", "resources", "caught"]
RUN = ["--workload", "mixed", "--cycles", "1000000", "--seed", "1", "--knobs", "none", "--wpvis", "1",
       "--trace-window", "10000:10200", "--interval", "10000"]


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, name, ok, detail=""):
        print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail else ""))
        if ok:
            self.passed += 1
        else:
            self.failed += 1


# ---- the files, read independently of the generator --------------------------------------------

def csv_sources(rundir):
    """{(file, key...): value} for report.csv, toplev.csv, perf_stat.csv."""
    src = {}
    with open(os.path.join(rundir, "report.csv"), newline="") as f:
        for row in list(csv.reader(f))[1:]:
            src[("report.csv", row[0], row[2])] = row[1]
    p = os.path.join(rundir, "toplev.csv")
    if os.path.exists(p):
        with open(p, newline="") as f:
            rows = list(csv.reader(f))
        iv = rows[0][0] == "Timestamp"
        for row in rows[1:]:
            ts, rest = (row[0], row[1:]) if iv else ("", row)
            src[("toplev.csv", ts, rest[0], rest[1])] = rest[2]
    p = os.path.join(rundir, "samples.csv")
    if os.path.exists(p):
        with open(p, newline="") as f:
            for row in csv.DictReader(f):
                for k, v in row.items():
                    if k not in ("instruction", "rank"):
                        src[("samples.csv", row["instruction"], k)] = v
                src[("samples.csv", row["instruction"], "#rank")] = row["rank"]
    p = os.path.join(rundir, "perf_stat.csv")
    if os.path.exists(p):
        for line in open(p):
            fs = line.rstrip("\n").split(",")
            iv = not fs[0].startswith("CPU")
            h = 4 if iv else 3
            src[("perf_stat.csv", fs[0].strip() if iv else "", fs[h - 3], ",".join(fs[h:len(fs) - 4]))] = fs[h - 2]
    return src


def kanata(path):
    """{id: dict(label, tid, fate, end, deps, stages)} from run.kanata."""
    out, cur = {}, 0
    for ln in open(path):
        f = ln.rstrip("\n").split("\t")
        if f[0] == "C=":
            cur = int(f[1])
        elif f[0] == "C":
            cur += int(f[1])
        elif f[0] == "I":
            out[int(f[1])] = {"label": "", "seq": int(f[2]), "tid": int(f[3]), "fate": "in flight", "end": None, "deps": [],
                              "stages": [], "stalls": set()}
        elif f[0] == "L" and f[2] == "0":
            out[int(f[1])]["label"] += f[3]
        elif f[0] == "S" and f[2] == "0":
            out[int(f[1])]["stages"].append((f[3], cur))
        elif f[0] == "S" and f[2] == "1":
            out[int(f[1])]["stalls"].add(f[3])
        elif f[0] == "R":
            out[int(f[1])]["fate"] = "retired" if f[3] == "0" else "flushed"
            out[int(f[1])]["end"] = cur
        elif f[0] == "W":
            out[int(f[1])]["deps"].append(int(f[2]))
    return out


def kanata_window(path):
    """(first, last) cycle of run.kanata's window: C= and the sum of its C advances (the trace
    advances to the window's end, where the instructions still in flight end)."""
    first = end = None
    for ln in open(path):
        f = ln.rstrip("\n").split("\t")
        if f[0] == "C=":
            first = end = int(f[1])
        elif f[0] == "C":
            end += int(f[1])
    return first, end - 1


# ---- the browser --------------------------------------------------------------------------------

def find_tools():
    """(chromium, chromedriver, None) or (None, None, why)."""
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chrome or not driver:
        return None, None, ("Debian's chromium and chromium-driver are not installed (make html-deps, "
                            "as root: apt-get install -y chromium chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        return None, None, "selenium is not importable (make venv: build/venv from scripts/gen/requirements.txt)"
    return chrome, driver, None


def browser(chrome, driver):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    o = webdriver.ChromeOptions()
    o.binary_location = chrome
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1400,1000", "--hide-scrollbars", "--force-device-scale-factor=1"):
        o.add_argument(a)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=driver), options=o)


def console_errors(d):
    return [e["message"] for e in d.get_log("browser") if e.get("level") == "SEVERE"]


def hover(d, el, x, y):
    """Move the mouse to (x, y) relative to the element's top left corner."""
    from selenium.webdriver.common.action_chains import ActionChains
    r = d.execute_script("var b = arguments[0].getBoundingClientRect(); return [b.width, b.height];", el)
    ActionChains(d).move_to_element_with_offset(el, int(x - r[0] / 2), int(y - r[1] / 2)).perform()


def scroll_to(d, el):
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
    time.sleep(0.05)


def dom_numbers(d):
    return d.execute_script(
        "return Array.from(document.querySelectorAll('[data-src]')).map("
        "function (e) { return [e.getAttribute('data-src'), e.textContent]; });")


def check_numbers(d, src):
    """(ok, detail): every data-src element equals its CSV field, and every required row is shown."""
    seen, bad = set(), []
    for key, txt in dom_numbers(d):
        k = tuple(key.split("|"))
        seen.add(k)
        if k not in src:
            bad.append("%s: no such field" % key)
        elif src[k] != txt:
            bad.append("%s: page %r, file %r" % (key, txt, src[k]))
    need = [k for k in src if
            (k[0] == "report.csv" and (re.match(r"^T\d+\.(Dispatch|Issue|Commit)(Corrected)?\.\w+$", k[1]) and k[2] in ("CPI", "%")
                                       or re.match(r"^T\d+\.TopDown\.", k[1])
                                       or re.match(r"^T\d+\.(PMC\d+|Fixed\.\w+|Instructions|Cycles|IPC|CPI)$", k[1])
                                       or k[1].startswith("Run.")))
            or (k[0] == "toplev.csv" and "." not in k[3])
            or k[0] == "perf_stat.csv"
            or (k[0] == "samples.csv" and k[2] in ("tip_pct", "pebs_pct", "base", "dcache", "other")
                and int(src[(k[0], k[1], "#rank")]) <= 20)]
    # the counters' perf names, per thread in order, are perf_stat.csv's events of that CPU
    shown = d.execute_script(
        "return Array.from(document.querySelectorAll('table.counters tbody tr')).map(function (r) {"
        " return [r.cells[0].textContent, r.querySelector('td.perf').textContent]; });")
    perf = {}
    for k in src:
        if k[0] == "perf_stat.csv":
            perf.setdefault(k[1], {}).setdefault(k[2], []).append(k[3])
    if perf:
        first = perf[min(perf, key=lambda ts: float(ts) if ts else 0.0)]
        for t in sorted({r[0] for r in shown}):
            names = [r[1] for r in shown if r[0] == t]
            if names != first.get("CPU" + t[1:], []):
                bad.append("%s perf names %s, perf_stat.csv %s" % (t, names, first.get("CPU" + t[1:])))
        seen_perf = len(shown)
    else:
        seen_perf = 0
    missing = [k for k in need if k not in seen]
    if missing:
        bad.append("%d fields not shown, e.g. %s" % (len(missing), "|".join(missing[0])))
    counts = {}
    for k in seen:
        counts[k[0]] = counts.get(k[0], 0) + 1
    detail = ", ".join("%s %d" % (f, counts.get(f, 0)) for f in ("report.csv", "toplev.csv", "perf_stat.csv",
                                                                  "samples.csv"))
    return not bad, (detail + " fields equal to the files; %d counter names as in perf_stat.csv" % seen_perf
                     ) if not bad else "; ".join(bad[:5])


def run_checks(d, page, rundir, ck, names):
    """Load page and run the checks in names (a subset of CHECKS, without caught)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    d.get_log("browser")                       # drop what an earlier page left
    d.get("file://" + os.path.abspath(page))
    src = csv_sources(rundir)
    if "loads" in names:
        t = d.title
        ck.check("loads", t.startswith("StallScope report") and
                 d.execute_script("return document.readyState") == "complete", "title %r" % t)
    if "console" in names:
        errs = console_errors(d)
        ck.check("console", not errs, "no error" if not errs else "; ".join(errs[:3]))
    if "offline" in names:
        res = d.execute_script("return performance.getEntriesByType('resource').map(function (e) { return e.name; });")
        html = open(page, encoding="utf-8").read()
        urls = re.findall(r"(?<![\w-])(?:src|href)\s*=\s*\"(?!#)([^\"]+)\"", html) + re.findall(r"url\(\s*['\"]?(?!data:)[^)]+\)", html)
        ck.check("offline", not res and not urls, "no resource fetched, no URL named (%d bytes)" % len(html.encode())
                 if not res and not urls else "fetched %s, names %s" % (res[:3], urls[:3]))
    if "numbers" in names:
        ok, detail = check_numbers(d, src)
        ck.check("numbers", ok, detail)
    if "stack-bars" in names:
        titles = d.execute_script("return Array.from(document.querySelectorAll('svg.stackchart')).map(function (s) {"
                                  " return [s.getAttribute('data-thread'), Array.from(s.querySelectorAll('rect > title'))"
                                  ".map(function (t) { return t.textContent; })]; });")
        bad, n = [], 0
        st = {"dispatch": "Dispatch", "issue": "Issue", "commit": "Commit", "dispatch*": "DispatchCorrected",
              "issue*": "IssueCorrected"}
        for t, ts in titles:
            for s in ts:
                m = re.match(r"^(\S+) (\w+): (\S+) CPI, (\S+) % of slots, (\d+) slots$", s)
                if not m:
                    bad.append("title %r" % s)
                    continue
                a = "T%s.%s.%s" % (t, st[m.group(1)], m.group(2).capitalize())
                n += 1
                for u, v in (("CPI", m.group(3)), ("%", m.group(4)), ("Slots", m.group(5))):
                    if src.get(("report.csv", a, u)) != v:
                        bad.append("%s %s: %s, file %s" % (a, u, v, src.get(("report.csv", a, u))))
        ck.check("stack-bars", n > 0 and not bad, "%d segments equal to report.csv" % n if not bad else "; ".join(bad[:4]))
    if "intervals" in names:
        chart = d.find_element(By.ID, "iv-chart")
        stamps = sorted({k[1] for k in src if k[0] == "toplev.csv"}, key=float)
        bad, n = [], 0
        for cpu, group in (("C0-T0", "TopLevel"), ("C0-T1", "Commit_Stack")):
            Select(d.find_element(By.ID, "iv-thread")).select_by_value(cpu)
            Select(d.find_element(By.ID, "iv-group")).select_by_value(group)
            scroll_to(d, chart)
            w = chart.size["width"]
            for i in (0, len(stamps) // 2, len(stamps) - 1):
                # the chart's plot area is x = 50 .. W - 12 in its viewBox (as wide as the element)
                hover(d, chart, 50 + (w - 62) * i / max(1, len(stamps) - 1), 100)
                tip = d.find_element(By.ID, "iv-tip")
                ts = tip.find_element(By.CSS_SELECTOR, "[data-tip=ts]").text
                if ts != stamps[i]:
                    bad.append("interval %d: tip shows %s, expected %s" % (i, ts, stamps[i]))
                    continue
                for e in tip.find_elements(By.CSS_SELECTOR, "[data-tip-area]"):
                    area, v = e.get_attribute("data-tip-area"), e.find_element(By.TAG_NAME, "b").text
                    n += 1
                    if src.get(("toplev.csv", ts, cpu, area)) != v:
                        bad.append("%s %s %s: tip %s, file %s" % (ts, cpu, area, v, src.get(("toplev.csv", ts, cpu, area))))
        ck.check("intervals", n >= 6 * 7 and not bad, "%d values in tooltips equal to toplev.csv" % n if not bad else "; ".join(bad[:4]))
    if "pipeline" in names or "zoom" in names or "resources" in names:
        kpath = os.path.join(rundir, "run.kanata")
        ins = kanata(kpath)
        pv = d.find_element(By.ID, "pv-canvas")
        scroll_to(d, pv)
    if "pipeline" in names:
        rows = d.execute_script("return window.stallscope.view().rows")
        pick = {}
        for i, p in sorted(ins.items()):
            if p["fate"] not in pick:
                pick[p["fate"]] = i
            if p["deps"] and "dep" not in pick and p["fate"] == "retired":
                pick["dep"] = i
        bad = [] if rows == len(ins) else ["%d rows, run.kanata has %d instructions" % (rows, len(ins))]
        for what in ("retired", "flushed", "in flight", "dep"):
            if what not in pick:
                bad.append("run.kanata has no %s instruction" % what)
                continue
            i = pick[what]
            p = ins[i]
            # zoom so that rows are 12 pixels tall around the instruction, then hover its row
            d.execute_script("var v = window.stallscope; v.zoomTo(arguments[0]);", i)
            pt = d.execute_script("return window.stallscope.rowPoint(arguments[0]);", i)
            hover(d, pv, pt["x"], pt["y"])
            tip = d.find_element(By.ID, "pv-tip")
            txt = tip.text
            want = {"retired": "retired at cycle %s" % p["end"], "flushed": "flushed at cycle %s" % p["end"],
                    "in flight": "in flight at the window end"}[p["fate"]]
            problems = []
            if tip.get_attribute("data-id") != str(i):
                problems.append("tip is for id %s" % tip.get_attribute("data-id"))
            if not txt.startswith(p["label"]):
                problems.append("label %r not first" % p["label"])
            if want not in txt:
                problems.append("no %r" % want)
            for s, c in p["stages"]:
                if not re.search(r"\n\s*%s \D*cycles? %d\b" % (s, c), txt):
                    problems.append("no stage %s from cycle %d" % (s, c))
            for q in p["deps"]:
                if "depends on %s (id %d)" % (ins[q]["label"], q) not in txt:
                    problems.append("no producer id %d" % q)
            if problems:
                bad.append("id %d (%s): %s; tip %r" % (i, what, ", ".join(problems), txt[:200]))
        # one thread in program order, then without the flushed ones
        sel = Select(d.find_element(By.ID, "pv-rows"))
        t1 = sorted((p["seq"], i) for i, p in ins.items() if p["tid"] == 1)
        sel.select_by_value("T1")
        order = d.execute_script("return window.stallscope.rowIds();")
        if order != [i for _, i in t1]:
            bad.append("T1 program order: %d rows, first ids %s, run.kanata %s" % (len(order), order[:5], [i for _, i in t1][:5]))
        d.find_element(By.ID, "pv-flushed").click()
        n1 = d.execute_script("return window.stallscope.view().rows;")
        if n1 != sum(1 for p in ins.values() if p["tid"] == 1 and p["fate"] != "flushed"):
            bad.append("T1 without flushed: %d rows" % n1)
        d.find_element(By.ID, "pv-flushed").click()
        sel.select_by_value("all")
        # highlight: the instructions with a dcache stall, and the mispredicted branches
        hl = Select(d.find_element(By.ID, "pv-hl"))
        nh = []
        for val, want in (("stall:dcache", sorted(i for i, p in ins.items() if "dcache" in p["stalls"])),
                          ("flag:misp", sorted(i for i, p in ins.items() if " misp " in " " + p["label"] + " "))):
            hl.select_by_value(val)
            got = sorted(d.execute_script("return window.stallscope.highlighted();"))
            nh.append(len(got))
            if got != want or not want:
                bad.append("highlight %s: %d rows, run.kanata %d" % (val, len(got), len(want)))
        hl.select_by_value("")
        ck.check("pipeline", not bad, "%d rows; tips of a retired, a flushed, an in-flight and a dependent "
                 "instruction match run.kanata; T1 in program order (%d rows, %d not flushed); highlight: %d with a dcache stall, %d "
                 "mispredicted" % (rows, len(order), n1, nh[0], nh[1])
                 if not bad else "; ".join(bad[:3]))
    if "window" in names:
        first, last = kanata_window(kpath)
        head = d.find_element(By.CSS_SELECTOR, "#pipeline h2").text
        d.execute_script("document.getElementById('pv-fit').click();")
        ctl = d.find_element(By.ID, "pv-range").text
        want_h = "Pipeline view: cycles %d to %d" % (first, last)
        want_c = "cycles %d to %d, rows 1 to %d of %d" % (first, last, len(ins), len(ins))
        bad = []
        if head != want_h:
            bad.append("heading %r, run.kanata's window %r" % (head, want_h))
        if ctl != want_c:
            bad.append("controls after fit %r, want %r" % (ctl, want_c))
        labs = []
        for what, js in (("fitted", ""), ("zoomed", "window.stallscope.zoomTo(120, 14, 60);")):
            d.execute_script(js)
            ok, detail = axis_labels(d)
            labs.append("%s: %s" % (what, detail))
            if not ok:
                bad.append("axis %s: %s" % (what, detail))
        d.execute_script("document.getElementById('pv-fit').click();")
        ck.check("window", not bad, "heading %r, controls %r; axis numbers %s" % (head, ctl, "; ".join(labs))
                 if not bad else "; ".join(bad))
    if "zoom" in names:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
        d.execute_script("document.getElementById('pv-fit').click();")
        v0 = d.execute_script("return window.stallscope.view();")
        ActionChains(d).scroll_from_origin(ScrollOrigin.from_element(pv, 100, 0), 0, -300).perform()
        time.sleep(0.1)
        v1 = d.execute_script("return window.stallscope.view();")
        ActionChains(d).move_to_element_with_offset(pv, 100, 0).click_and_hold().move_by_offset(-200, 0).release().perform()
        v2 = d.execute_script("return window.stallscope.view();")
        ActionChains(d).double_click(pv).perform()
        v3 = d.execute_script("return window.stallscope.view();")
        span = lambda v: v["x1"] - v["x0"]
        ok = span(v1) < span(v0) * 0.9 and v2["x0"] > v1["x0"] and abs(span(v2) - span(v1)) < 1e-6 and \
            abs(span(v3) - span(v0)) < 1e-6
        ck.check("zoom", ok, "wheel: %.0f -> %.0f cycles shown; drag: from cycle %.1f to %.1f; double-click: %.0f" % (
            span(v0), span(v1), v1["x0"], v2["x0"], span(v3)))
    if "resources" in names:
        rv = d.find_element(By.ID, "rv-canvas")
        scroll_to(d, rv)
        res = list(csv.DictReader(open(os.path.join(rundir, "run_resources.csv"))))
        by = {(int(r["cycle"]), int(r["thread"])): r for r in res}
        cycles = sorted({c for c, _ in by})
        bad, n = [], 0
        for c in (cycles[0], cycles[len(cycles) // 3], cycles[-1]):
            x = d.execute_script("return window.stallscope.cyclePoint(arguments[0]).x;", c)
            hover(d, rv, x, 60)
            txt = d.find_element(By.ID, "pv-tip").text
            if not txt.startswith("cycle %d" % c):
                bad.append("cycle %d: tip %r" % (c, txt[:60]))
                continue
            for (cc, t), r in by.items():
                if cc != c:
                    continue
                n += 1
                if "T%d: retired %s," % (t, r["retired"]) not in txt or ", ROB %s," % r["rob_occ"] not in txt.split("T%d:" % t)[1]:
                    bad.append("cycle %d T%d: tip %r, file retired %s ROB %s" % (c, t, txt, r["retired"], r["rob_occ"]))
        ck.check("resources", n >= 3 and not bad, "%d (cycle, thread) tips equal to run_resources.csv" % n
                 if not bad else "; ".join(bad[:3]))


def axis_labels(d):
    """(ok, detail): the numbers of the pipeline view's cycle axis as drawn, from the pixels of the
    canvas's top strip right of the label gutter (nothing else is drawn there): each run of inked
    columns is one number; all must be clear of the strip's edges, the last as wide as the widest
    (a number cut at the edge is narrower)."""
    gut, ax = d.execute_script("return window.stallscope.axisStrip();")
    cols = d.execute_script(
        "var c = document.getElementById('pv-canvas'), g = arguments[0], a = arguments[1];"
        "var im = c.getContext('2d').getImageData(g, 0, c.width - g, a), out = [];"
        "for (var x = 0; x < im.width; x++) { var ink = 0;"
        "  for (var y = 0; y < im.height; y++) if (im.data[(y * im.width + x) * 4 + 3] > 60) ink = 1;"
        "  out.push(ink); } return out;", gut, ax)
    runs, x = [], 0
    while x < len(cols):
        if cols[x]:
            s = x
            while x < len(cols) and any(cols[x:x + 4]):    # digits are a pixel or two apart
                x += 1
            while not cols[x - 1]:
                x -= 1
            runs.append((s, x))
        x += 1
    if not runs:
        return False, "no number drawn"
    w = [e - s for s, e in runs]
    problems = []
    if runs[0][0] == 0:
        problems.append("the first touches the gutter")
    if runs[-1][1] >= len(cols):
        problems.append("the last touches the right edge (column %d of %d)" % (runs[-1][1], len(cols)))
    if w[-1] < max(w) - 1:
        problems.append("the last is %d pixels wide, the widest %d" % (w[-1], max(w)))
    return not problems, ("%d numbers, %d to %d pixels wide, the last ends %d pixels before the edge" % (
        len(runs), min(w), max(w), len(cols) - runs[-1][1]) if not problems else ", ".join(problems))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--out", required=True, help="directory for the run and the broken copies")
    ap.add_argument("--rundir", help="check this run directory's report.html instead of running")
    ap.add_argument("--screenshot", help="also save a picture of the page here")
    a = ap.parse_args()

    try:
        import selenium  # noqa: F401
    except ImportError:                        # the project's venv has it (scripts/gen/requirements.txt)
        vpy = os.path.join(a.build, "venv", "bin", "python")
        if os.path.exists(vpy) and os.path.realpath(sys.executable) != os.path.realpath(vpy):
            os.execv(vpy, [vpy] + sys.argv)
    chrome, driver, why = find_tools()
    if why:
        for c in CHECKS:
            print("SKIP %s: %s" % (c, why))
        print("0 passed, 0 failed, %d skipped" % len(CHECKS))
        return SKIP

    os.makedirs(a.out, exist_ok=True)
    rundir = a.rundir
    if not rundir:
        rundir = os.path.join(a.out, "run")
        os.makedirs(rundir, exist_ok=True)
        smp = os.path.join(rundir, "samples.smp")
        r = subprocess.run([os.path.join(a.build, "run_smp", "Vsim_top")] + RUN + ["--outdir", rundir, "--samples", smp],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            print("FAIL run: Vsim_top exit %d: %s" % (r.returncode, r.stderr.strip()[-300:]))
            print("0 passed, 1 failed")
            return 1
        # the sampled profile as make run writes it (scripts/run/run_main.sh)
        names = sum([["--name", "%d=mixed.t%d" % (t, t)] for t in range(8)], [])
        r = subprocess.run([os.path.join(a.build, "pmuctl"), "report", smp] + names +
                           ["--csv", os.path.join(rundir, "samples.csv")],
                           stdout=open(os.path.join(rundir, "samples_report.txt"), "w"), stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            print("FAIL pmuctl report: exit %d: %s" % (r.returncode, r.stderr.strip()[-300:]))
            print("0 passed, 1 failed")
            return 1
        t0 = time.time()
        r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "plot", "html_report.py"), rundir],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(r.stdout.strip() + " in %.2f s" % (time.time() - t0))
        if r.returncode != 0:
            print("FAIL generate: exit %d" % r.returncode)
            print("0 passed, 1 failed")
            return 1
    page = os.path.join(rundir, "report.html")
    ck = Checks()
    d = browser(chrome, driver)
    try:
        run_checks(d, page, rundir, ck, CHECKS)
        if a.screenshot:
            shot(d, page, a.screenshot)
        # the checks can fail: a number changed, a script error
        html = open(page, encoding="utf-8").read()
        m = re.search(r'(data-src="report\.csv\|T0\.Commit\.Dcache\|CPI">)([^<]*)<', html)
        broken = []
        if m:
            wrong = os.path.join(rundir, "broken_number.html")
            open(wrong, "w").write(html[:m.start(2)] + m.group(2) + "1" + html[m.end(2):])
            sub = Checks()
            with quiet():
                run_checks(d, wrong, rundir, sub, ["numbers"])
            broken.append(("a changed number", sub.failed == 1))
            os.remove(wrong)
        js = os.path.join(rundir, "broken_js.html")
        open(js, "w").write(html.replace("'use strict';", "'use strict'; undefinedFunction();", 1))
        sub = Checks()
        with quiet():
            run_checks(d, js, rundir, sub, ["console"])
        broken.append(("a JavaScript error", sub.failed == 1))
        os.remove(js)
        ck.check("caught", len(broken) == 2 and all(ok for _, ok in broken),
                 ", ".join("%s %s" % (w, "caught" if ok else "NOT caught") for w, ok in broken))
    finally:
        d.quit()
    print("%d passed, %d failed" % (ck.passed, ck.failed))
    return 1 if ck.failed else 0


class quiet:
    """Hide the PASS/FAIL lines of a check run on a broken copy (its result is reported once)."""
    def __enter__(self):
        self.o = sys.stdout
        sys.stdout = open(os.devnull, "w")

    def __exit__(self, *e):
        sys.stdout.close()
        sys.stdout = self.o


def shot(d, page, path):
    """The page at 1400 pixels wide: the top, and the pipeline view zoomed in, one picture."""
    d.get("file://" + os.path.abspath(page))
    h = d.execute_script("return document.documentElement.scrollHeight;")
    d.set_window_size(1400, h + 200)
    time.sleep(0.2)
    d.execute_script("window.stallscope.zoomTo(120, 14, 60); document.getElementById('pv-fit').blur();")
    d.save_screenshot(path)
    d.set_window_size(1400, 1000)
    print("wrote %s" % path)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Check the numbers drawn in a CPI-stack chart against the report CSV they come from.

plot_stacks.py gives every bar segment of its SVG the id of the CSV row it draws
(`T<t>.<Stage>.<Component>`) and every panel's frame the id `T<t>.axes.ylim=<top>` (the CPI at
the top of the y axis). This reads the SVG's geometry alone: each segment's height in pixels,
scaled by its panel's frame, must give the CSV's CPI value (within half a pixel), each segment must
start where the one below it ends, every CPI row of a drawn stage must have its segment, and the
stack must be as high as the stage's Total row.

usage: check_stacks_svg.py [--changed] REPORT_CSV CHART_SVG
--changed: afterwards check the same chart against the CSV with its largest component 1% larger,
which must fail (the check's own proof that it can fail).
Prints one line per failed rule (at most 20) and ends with "N passed, N failed"; exit 1 on any
failure, 2 on unreadable input.
"""
import csv
import math
import re
import sys
import xml.etree.ElementTree as ET

SEG_RE = re.compile(r"^T(\d+)\.([A-Za-z]+)\.([A-Za-z]+)$")
AXES_RE = re.compile(r"^T(\d+)\.axes\.ylim=([0-9.eE+-]+)$")
NUM_RE = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
TOL_PX = 0.5


def die(msg):
    sys.stderr.write("check_stacks_svg.py: %s\n" % msg)
    sys.exit(2)


def ys_of(group):
    """The y coordinates of the first path in an SVG group (a rectangle: 4 corners)."""
    for el in group.iter():
        if el.tag.endswith("path") and el.get("d"):
            nums = [float(n) for n in NUM_RE.findall(el.get("d"))]
            return nums[1::2]
    return []


def main():
    args = sys.argv[1:]
    changed = bool(args) and args[0] == "--changed"
    args = args[1:] if changed else args
    if len(args) != 2:
        die("usage: check_stacks_svg.py [--changed] REPORT_CSV CHART_SVG")
    csv_path, svg_path = args
    values = {}
    try:
        with open(csv_path, newline="") as f:
            for row in csv.DictReader(f):
                if row.get("Unit") == "CPI" and SEG_RE.match(row.get("Area") or ""):
                    values[row["Area"]] = float(row["Value"])
    except (OSError, ValueError, KeyError) as e:
        die("%s: %s" % (csv_path, e))
    try:
        root = ET.parse(svg_path).getroot()
    except (OSError, ET.ParseError) as e:
        die("%s: %s" % (svg_path, e))

    frames, segs = read_svg(root, svg_path)
    errors, checks = check_chart(values, frames, segs, svg_path)
    for e in errors[:20]:
        print("FAIL " + e)
    if changed:
        parts = [k for k in values if not k.endswith(".Total") and not math.isnan(values[k])]
        if not parts:
            die("%s: no component value to change" % csv_path)
        area = max(parts, key=lambda k: values[k])
        values = dict(values, **{area: values[area] * 1.01})
        checks += 1
        if not check_chart(values, frames, segs, svg_path)[0]:
            errors.append("%s: with %s 1%% larger the chart still passed" % (csv_path, area))
            print("FAIL " + errors[-1])
        else:
            print("%s 1%% larger in the CSV: the check fails, as it must" % area)
    print("%d passed, %d failed" % (checks - len(errors), len(errors)))
    return 1 if errors else 0


def read_svg(root, svg_path):
    """frames[t] = (bottom px, height px, top CPI); segs[area] = (bottom px, top px)."""
    frames, segs = {}, {}
    for g in root.iter():
        gid = g.get("id") or ""
        m = AXES_RE.match(gid)
        if m:
            ys = ys_of(g)
            frames[int(m.group(1))] = (max(ys), max(ys) - min(ys), float(m.group(2)))
        elif SEG_RE.match(gid):
            ys = ys_of(g)
            if ys:
                segs[gid] = (max(ys), min(ys))  # (bottom, top) in pixels, y grows downwards
    return frames, segs


def check_chart(values, frames, segs, svg_path):
    """Returns (errors, number of checks) of the chart against the CSV values."""
    errors, checks = [], 0
    def check(ok, msg):
        nonlocal checks
        checks += 1
        if not ok:
            errors.append(msg)

    check(bool(segs), "%s: no bar segment with a T<t>.<Stage>.<Component> id" % svg_path)
    stages = sorted({(int(SEG_RE.match(k).group(1)), SEG_RE.match(k).group(2)) for k in segs})
    for t, stage in stages:
        if t not in frames:
            check(False, "%s: thread %d has bars but no frame id T%d.axes.ylim=..." % (svg_path, t, t))
            continue
        base_px, height_px, ytop = frames[t]
        px_per_cpi = height_px / ytop
        below, total = base_px, None
        for area in (k for k in values if k.startswith("T%d.%s." % (t, stage))):  # CSV order
            v = values[area]
            if area.endswith(".Total"):
                total = (area, v)
                continue
            if area not in segs:
                check(False, "%s: %s = %g in the CSV is not drawn" % (svg_path, area, v))
                continue
            bottom, top = segs[area]
            want = 0.0 if math.isnan(v) else v
            drawn = (bottom - top) / px_per_cpi
            check(abs((bottom - top) - want * px_per_cpi) <= TOL_PX,
                  "%s: %s drawn as %.4f CPI, the CSV says %g" % (svg_path, area, drawn, v))
            check(abs(bottom - below) <= TOL_PX,
                  "%s: %s starts at %.1f px, the segment below ends at %.1f px"
                  % (svg_path, area, bottom, below))
            below = top
        if total:
            want = 0.0 if math.isnan(total[1]) else total[1]
            check(abs((base_px - below) - want * px_per_cpi) <= TOL_PX,
                  "%s: the stack of %s is %.4f CPI high, the CSV says %g"
                  % (svg_path, total[0], (base_px - below) / px_per_cpi, total[1]))
    return errors, checks


if __name__ == "__main__":
    sys.exit(main())

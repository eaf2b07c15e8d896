"""One configuration through the area flow: yosys (generic, iCE40, ECP5) and nextpnr.

A job is a dict:
  name    unique, used for the directory build/area/jobs/NAME
  design  pmu | core | bare | module:NAME (a PMU module synthesized alone)
  params  {PARAM: value} set on the top (chparam)
  ties    feature tie-offs (scripts/area/ties.py), pmu only
  cuts    yosys commands run on the flattened netlist before synthesis (scripts/area/stages.py:
          a stage of a module cut out); cuts_top: the same inside the top before flattening
  ecp5    also synthesize for ECP5
  pnr     none | auto | ice40 | ecp5: place and route for Fmax. auto: iCE40 HX8K when the design
          fits it by the LUT4 count, else ECP5 (when ecp5 is set)
The result (a flat dict, one CSV row) is stored as result.json next to the logs, with a key
over the job, the tool versions and the sources: a second run with the same key reads it back.
"""

import glob
import hashlib
import json
import os
import subprocess
import time

import reports
import ties
import tools
import wrap

ROOT = ties.ROOT
HX8K_LUT4 = 7680
ECP5_DEVICE = "--85k"           # LFE5U-85F: holds every configuration of the sweep
PNR_FREQ_MHZ = 100              # target handed to nextpnr (Fmax is reported either way)

DESIGNS = {
    "pmu":  {"src": "rtl/pmu/pmu_*.v", "inc": ["rtl/pmu"], "top": "pmu_top"},
    "core": {"src": "rtl/core/*.v", "inc": ["rtl/pmu", "rtl/core"], "top": "core_stub"},
    "bare": {"src": "scripts/area/bare_counter.v", "inc": [], "top": "bare_counter"},
}


def design_of(job):
    d = job["design"]
    if d.startswith("module:"):
        return {"src": "rtl/pmu/pmu_*.v", "inc": ["rtl/pmu"], "top": d.split(":", 1)[1]}
    if d not in DESIGNS:
        raise ValueError(f"job {job['name']}: unknown design {d!r}")
    return DESIGNS[d]


def sources(job):
    d = design_of(job)
    files = sorted(glob.glob(os.path.join(ROOT, d["src"])))
    incs = []
    for i in d["inc"]:
        incs += sorted(glob.glob(os.path.join(ROOT, i, "*.vh")))
    return [os.path.relpath(f, ROOT) for f in files], [os.path.relpath(f, ROOT) for f in incs]


# The tools get absolute paths, and the YoWASP runtime sees only the checkout (and a build
# directory outside it), mounted at their own paths and the checkout also at / (so a relative
# path means the checkout's) through YOWASP_MOUNT. Without it the runtime maps
# every directory of the host's / and its own temporary directory at /tmp: a relative build/...
# is looked up in a host /build first (common in CI containers), and an absolute path in a
# checkout under /tmp is not found at all.
MOUNTS = {ROOT}


def yowasp_env():
    """The environment of a tool run: YOWASP_MOUNT with every directory in MOUNTS."""
    return dict(os.environ, YOWASP_MOUNT=":".join([f"/={ROOT}"] + [f"{m}={m}" for m in sorted(MOUNTS)]))


def job_dir(build, name):
    """The absolute directory of job NAME under BUILD (mounted for the tools)."""
    base = os.path.realpath(os.path.join(ROOT, build))
    if os.path.commonpath([base, ROOT]) != ROOT:
        MOUNTS.add(base)
    return os.path.join(base, "area", "jobs", name)


def yosys_script(job, out):
    """The yosys script of JOB writing into directory OUT (absolute: job_dir)."""
    d = design_of(job)
    top = d["top"]
    src, _ = sources(job)
    src = [os.path.join(ROOT, f) for f in src]
    inc = " ".join("-I" + os.path.join(ROOT, i) for i in d["inc"])
    chp = " ".join(f"-set {k} {v}" for k, v in sorted(job.get("params", {}).items()))
    lines = [f"read_verilog -defer {inc} {' '.join(src)}".replace("  ", " ")]
    if chp:
        lines.append(f"chparam {chp} {top}")
    feats = job.get("ties", [])
    if feats and job["design"] != "pmu":
        raise ValueError(f"job {job['name']}: tie-offs apply to the pmu design only")
    lines += [f"hierarchy -check -top {top}", "proc"]
    top_ties = [c for f in feats if ties.stage(f) == "top"
                for c in ties.commands(f, job.get("params", {}))]
    top_ties += list(job.get("cuts_top", []))
    if top_ties:
        lines += [f"cd {top}"] + top_ties + ["cd .."]
    lines += ["flatten", "opt_clean", "select -assert-none t:$dlatch t:$_DLATCH_*"]
    lines += [c for f in feats if ties.stage(f) == "flat"
              for c in ties.commands(f, job.get("params", {}))]
    lines += list(job.get("cuts", []))
    lines += ["design -save prep", f"write_json {out}/prep.json",
              # generic: a memory stays one macro cell (RAM_MACRO), priced in bits apart
              # from the gates (docs/area.md, "Gate equivalents"), not mapped to flip-flops
              f"synth -top {top} -run :fine",
              f"tee -q -o {out}/generic_ram.txt dump t:$mem_v2",
              f"chtype -set {reports.RAM_MACRO} t:$mem_v2",
              f"synth -top {top} -run fine:check", "check",   # (hierarchy would reject the macro)
              "select -assert-none t:$dlatch t:$_DLATCH_*",
              f"tee -q -o {out}/generic.stat stat -tech cmos",
              "design -load prep",
              f"synth_ice40 -top {top} -json {out}/ice40.json",
              f"tee -q -o {out}/ice40.stat stat"]
    if job.get("ecp5"):
        lines += ["design -load prep",
                  f"synth_ecp5 -top {top} -json {out}/ecp5.json",
                  f"tee -q -o {out}/ecp5.stat stat"]
    return "\n".join(lines) + "\n"


# Bump when the flow's handling of a job changes its figures (pin wrapper, nextpnr options,
# parsing): cached results with another FLOW_VERSION are measured again.
FLOW_VERSION = "2"     # 2: generic memories as macro cells, their bits apart


def job_key(job, versions, script):
    """Key of a job's result: the job, the tools, the yosys script (with the checkout's own
    path taken out, so a result does not depend on where the checkout is) and the sources."""
    src, inc = sources(job)
    script = script.replace(ROOT + os.sep, "")
    h = hashlib.sha256(json.dumps([FLOW_VERSION, job, versions, script], sort_keys=True).encode())
    for f in src + inc:
        with open(os.path.join(ROOT, f), "rb") as fh:
            h.update(f.encode() + b"\0" + fh.read())
    return h.hexdigest()[:16]


def _run(argv, log, nice=True):
    """Run a tool from the repository root, its output into LOG; raise with the log's tail."""
    cmd = (["nice", "-n", "10"] if nice else []) + argv
    with open(os.path.join(ROOT, log), "w", encoding="utf-8") as f:
        rc = subprocess.run(cmd, cwd=ROOT, stdout=f, stderr=subprocess.STDOUT, check=False,
                            env=yowasp_env()).returncode
    if rc != 0:
        with open(os.path.join(ROOT, log), encoding="utf-8", errors="replace") as f:
            tail = "".join([ln for ln in f.readlines() if "Latch inferred" not in ln][-8:])
        raise RuntimeError(f"{argv[0]} failed (exit {rc}), log {log}:\n{tail}")


def _stat(out, name, target):
    with open(os.path.join(ROOT, out, name), encoding="utf-8") as f:
        return reports.summarize(reports.cell_counts(f.read()), target)


def pnr_ice40(toolset, job, out, row):
    """Wrap the design (the flattened, tied-off netlist before synthesis) in the pin wrapper,
    synthesize the two for iCE40, place and route on an HX8K."""
    top = design_of(job)["top"]
    ports = wrap.ports_of(os.path.join(ROOT, out, "prep.json"), top)
    text, ni, no = wrap.wrapper(top, ports)
    with open(os.path.join(ROOT, out, "wrap.v"), "w", encoding="utf-8") as f:
        f.write(text)
    _run(tools.command(toolset, "yosys") + [
        "-q", "-p", f"read_json {out}/prep.json; read_verilog {out}/wrap.v; "
                    f"synth_ice40 -top area_wrap -json {out}/wrapped.json"], f"{out}/wrap_yosys.log")
    _run(tools.command(toolset, "nextpnr-ice40") + [
        "--hx8k", "--package", "ct256", "--json", f"{out}/wrapped.json", "--freq",
        str(PNR_FREQ_MHZ), "--timing-allow-fail", "--report", f"{out}/pnr.json", "-q"],
        f"{out}/pnr.log")
    fmax, util = reports.nextpnr_report(os.path.join(ROOT, out, "pnr.json"))
    lc = util.get("ICESTORM_LC", (0, 0))
    row.update(pnr="ice40-hx8k", fmax_mhz=round(fmax, 1) if fmax else "",
               pnr_lc=lc[0], pnr_lc_avail=lc[1], wrap_ffs=ni + no + 1)


def pnr_ecp5(toolset, out, row):
    """Place and route the ECP5 netlist out of context (no I/O buffers) on an LFE5U-85F."""
    _run(tools.command(toolset, "nextpnr-ecp5") + [
        ECP5_DEVICE, "--package", "CABGA381", "--out-of-context", "--json", f"{out}/ecp5.json",
        "--freq", str(PNR_FREQ_MHZ), "--timing-allow-fail", "--report", f"{out}/pnr.json", "-q"],
        f"{out}/pnr.log")
    fmax, util = reports.nextpnr_report(os.path.join(ROOT, out, "pnr.json"))
    comb = util.get("TRELLIS_COMB", (0, 0))
    row.update(pnr="ecp5-85k", fmax_mhz=round(fmax, 1) if fmax else "",
               pnr_lc=comb[0], pnr_lc_avail=comb[1], wrap_ffs=0)


def synth_key(job, versions, script):
    """Key of a job's synthesis alone (place and route and the group left out)."""
    return job_key({k: v for k, v in job.items() if k not in ("pnr", "group")}, versions, script)


def _synth_row(job, toolset, out, skey):
    row = {"name": job["name"], "group": job.get("group", ""), "design": job["design"],
           "ties": "+".join(job.get("ties", [])), "toolset": toolset, "synth_key": skey}
    row.update({k: v for k, v in job.get("params", {}).items()})
    for target in ("generic", "ice40") + (("ecp5",) if job.get("ecp5") else ()):
        for k, v in _stat(out, f"{target}.stat", target).items():
            row[f"{target}_{k}"] = v
    with open(os.path.join(ROOT, out, "generic_ram.txt"), encoding="utf-8") as f:
        row["generic_ram_bits"] = reports.ram_bits(f.read())
    return row


def with_kge(row, out):
    """ROW with generic_kge from OUT/generic.stat when a stored row predates the column."""
    if "generic_kge" not in row and row.get("generic_cells") not in (None, "") \
            and os.path.exists(os.path.join(ROOT, out, "generic.stat")):
        row = dict(row, generic_kge=_stat(out, "generic.stat", "generic")["kge"])
    return row


def synth_cached(job, toolset, versions, out, script, adopt=False):
    """The stored synthesis row of JOB (synth.json) when current, else None. ADOPT: when there
    is no synth.json (a run that wrote its reports but not the row) but the stored synth.ys is
    this script and every report it writes is there, newer than every source, build the row
    from those reports. A synth.json of other sources, script or tools is never adopted."""
    skey = synth_key(job, versions, script)
    path = os.path.join(ROOT, out, "synth.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            row = json.load(f)
        return with_kge(row, out) if row.get("synth_key") == skey else None
    if not adopt:
        return None
    ys = os.path.join(ROOT, out, "synth.ys")
    stats = [os.path.join(ROOT, out, f"{t}.stat") for t in
             ("generic", "ice40") + (("ecp5",) if job.get("ecp5") else ())]
    if not os.path.exists(ys) or not all(os.path.exists(f) for f in stats):
        return None
    src, inc = sources(job)
    newest = max(os.path.getmtime(os.path.join(ROOT, f)) for f in src + inc)
    if min(os.path.getmtime(f) for f in stats + [ys]) < newest:
        return None
    with open(ys, encoding="utf-8") as f:
        if f.read() != script:
            return None
    row = _synth_row(job, toolset, out, skey)
    row["synth_seconds"] = round(max(os.path.getmtime(f) for f in stats) - os.path.getmtime(ys), 1)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(row, f, indent=1, sort_keys=True)
    return row


def cached(job, toolset, versions, build="build", adopt=False):
    """JOB's stored row when its key still matches, else its synthesis row without place and
    route (pnr_pending=1) when that is current, else None. Nothing is run."""
    out = job_dir(build, job["name"])
    script = yosys_script(job, out)
    res = os.path.join(ROOT, out, "result.json")
    if os.path.exists(res):
        with open(res, encoding="utf-8") as f:
            old = json.load(f)
        if old.get("key") == job_key(job, versions, script):
            old["cached"] = 1
            return with_kge(old, out)
    row = synth_cached(job, toolset, versions, out, script, adopt)
    if row is None:
        return None
    return dict(row, cached=1, pnr_pending=1 if job.get("pnr", "none") != "none" else 0,
                group=job.get("group", ""), seconds=row.get("synth_seconds", 0))


def run(job, toolset, versions, build="build", force=False):
    """Run JOB (cached: the whole job, or its synthesis) and return its CSV row."""
    out = job_dir(build, job["name"])
    os.makedirs(os.path.join(ROOT, out), exist_ok=True)
    script = yosys_script(job, out)
    key = job_key(job, versions, script)
    res = os.path.join(ROOT, out, "result.json")
    if not force and os.path.exists(res):
        with open(res, encoding="utf-8") as f:
            old = json.load(f)
        if old.get("key") == key:
            old["cached"] = 1
            return with_kge(old, out)
    t0 = time.time()
    srow = None if force else synth_cached(job, toolset, versions, out, script, adopt=True)
    if srow is None:
        # keyed by the sources yosys reads now: a source edited while it runs is not taken
        # for the one it measured
        skey = synth_key(job, versions, script)
        with open(os.path.join(ROOT, out, "synth.ys"), "w", encoding="utf-8") as f:
            f.write(script)
        _run(tools.command(toolset, "yosys") + ["-q", "-s", f"{out}/synth.ys"], f"{out}/yosys.log")
        srow = _synth_row(job, toolset, out, skey)
        srow["synth_seconds"] = round(time.time() - t0, 1)
        with open(os.path.join(ROOT, out, "synth.json"), "w", encoding="utf-8") as f:
            json.dump(srow, f, indent=1, sort_keys=True)
    row = dict(srow, key=key, group=job.get("group", ""))
    pnr = job.get("pnr", "none")
    if pnr == "auto":
        pnr = "ice40" if row["ice40_lut4"] <= 0.9 * HX8K_LUT4 else ("ecp5" if job.get("ecp5") else "none")
    if pnr != "none" and not os.path.exists(os.path.join(ROOT, out, "prep.json")):
        raise RuntimeError(f"job {job['name']}: {out}/prep.json is gone: run with --force")
    if pnr == "ice40":
        pnr_ice40(toolset, job, out, row)
    elif pnr == "ecp5":
        if not job.get("ecp5"):
            raise ValueError(f"job {job['name']}: pnr=ecp5 needs ecp5 synthesis")
        pnr_ecp5(toolset, out, row)
    if os.path.exists(os.path.join(ROOT, out, "prep.json")):
        os.remove(os.path.join(ROOT, out, "prep.json"))    # large; the logs and stats stay
    row["seconds"] = round(time.time() - t0, 1)
    with open(res, "w", encoding="utf-8") as f:
        json.dump(row, f, indent=1, sort_keys=True)
    row["cached"] = 0
    return row

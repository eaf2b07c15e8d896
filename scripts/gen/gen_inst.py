"""pmu_top's instance and core_stub's parameters, written once: generated from their headers.

gen_top_inst() reads pmu_top's parameter list and ANSI port list and returns
rtl/pmu/pmu_top_inst.vh: a net pmu_<port> of the port's width for every port and the instance
u_pmu with every port connected by name to its net and every parameter passed from the
includer's parameter (or localparam) of the same name. gen_top_params() returns
rtl/pmu/pmu_top_params.vh: pmu_top's parameter declarations with its defaults, for the
parameter port list of a bench that runs pmu_top's defaults. The benches and tops include them
instead of restating the list (sim/main/sim_top.v, fpga/rtl/board_top.v,
verif/formal/fv_top.sv, verif/golden/tb_golden.v, verif/fusesoc/tb_pmu_smoke.v,
verif/dpi/pmu_dpi_tb.sv, verif/dpi/example_sb.sv). gen_core_params() and gen_core_pass() return
rtl/core/core_stub_params.vh (core_stub's parameter declarations but those pmu_top has too) and
rtl/core/core_stub_pass.vh (every parameter of core_stub passed by name), for sim_top.v and
board_top.v; gen_core_inst() returns rtl/core/core_stub_inst.vh, core_stub's instance on nets
core_<port> as gen_top_inst() writes pmu_top's (verif/core/core_tb.v, the core alone). hand_instances() finds a pmu_top instantiated anywhere else and a core_stub #(...)
whose parameters are listed by hand, for gen_map.py --check (make check-gen).

Run by scripts/gen/gen_map.py (make gen, make check-gen); `python3 scripts/gen/gen_inst.py`
prints the two files.
"""

import os
import re
import sys
import textwrap

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TOP_V = os.path.join("rtl", "pmu", "pmu_top.v")
INST_VH = os.path.join("rtl", "pmu", "pmu_top_inst.vh")
PARAMS_VH = os.path.join("rtl", "pmu", "pmu_top_params.vh")
CORE_V = os.path.join("rtl", "core", "core_stub.v")
CORE_PARAMS_VH = os.path.join("rtl", "core", "core_stub_params.vh")
CORE_PASS_VH = os.path.join("rtl", "core", "core_stub_pass.vh")
CORE_INST_VH = os.path.join("rtl", "core", "core_stub_inst.vh")
NET = "pmu_"       # prefix of the nets the instance connects
INST = "u_pmu"     # the instance's name
CORE_NET = "core_"  # the same for core_stub_inst.vh
CORE_INST = "u_core"
# where hand_instances() looks: the trees that hold benches and tops
SCAN_DIRS = ("rtl", "sim", "fpga", "verif")
SCAN_EXT = (".v", ".sv", ".vh", ".svh")


class InstError(Exception):
    """FILE:LINE: what is wrong."""


_PARAM = re.compile(r"^\s*parameter\s+(?:integer\s+)?(\w+)\s*=\s*(.+?)\s*(,)?\s*(//.*)?$")
_PORT = re.compile(r"^\s*(input|output|inout)\s+(?:wire\s+|reg\s+)?(\[[^\]]+\])?\s*(\w+)\s*(,)?\s*(//.*)?$")


def parse_top(path, rel):
    """(params, ports) of the module in path: params [(name, default, comment)], ports [(dir, range,
    name)].

    The header must be written as pmu_top.v writes it: `module NAME #(`, one `parameter` a line,
    `) (`, one ANSI port a line, `);`. Comment lines and blank lines may stand between them."""
    with open(path) as f:
        lines = f.read().split("\n")
    params, ports = [], []
    state = "before"
    for n, line in enumerate(lines, 1):
        s = line.strip()
        if state == "before":
            if re.match(r"^module\s+\w+\s*#\s*\($", s):
                state = "params"
            continue
        if not s or s.startswith("//"):
            continue
        if state == "params":
            if s == ") (":
                state = "ports"
                continue
            m = _PARAM.match(line)
            if not m:
                raise InstError("%s:%d: not one `parameter NAME = DEFAULT,` a line: %s" % (rel, n, s))
            params.append((m.group(1), m.group(2), m.group(4) or ""))
        elif state == "ports":
            if s == ");":
                state = "done"
                break
            m = _PORT.match(line)
            if not m:
                raise InstError("%s:%d: not one ANSI port `input|output wire [RANGE] NAME,` a line: %s"
                                % (rel, n, s))
            ports.append((m.group(1), m.group(2) or "", m.group(3)))
    if state != "done":
        raise InstError("%s:%d: no `module NAME #( ... ) ( ... );` header found" % (rel, len(lines)))
    if not params or not ports:
        raise InstError("%s:1: the header has no parameters or no ports" % rel)
    return params, ports


def _load(root):
    return parse_top(os.path.join(root, TOP_V), TOP_V.replace(os.sep, "/"))


def _inst(banner, module, src, params, ports, net, inst, note):
    """The instance include of MODULE: a net NET<port> per port, the instance INST on them."""
    pw = max(len(p) for p, _, _ in params)
    rw = max(len(r) for _, r, _ in ports)
    nw = max(len(n) for _, _, n in ports)
    text = ("%s's ports and parameters are written once, in the header of %s. Include this "
            "file inside a module, after pmu_map.vh: it declares a net %s<port> of the port's width "
            "for every port of %s (drive the %s*_i nets, read the %s*_o nets) and instantiates "
            "%s as %s, every port on its net and every parameter from the includer's parameter "
            "or localparam of the same name (%s). %s"
            % (module, src, net, module, net, net, module, inst, ", ".join(p for p, _, _ in params),
               note))
    out = ["// %s" % banner] + ["// " + x for x in textwrap.wrap(text, 96)] + [""]
    for _, r, n in ports:
        out.append("  wire %-*s %s%s;" % (rw, r, net, n))
    out.append("")
    out.append("  %s #(" % module)
    for i, (p, _, _) in enumerate(params):
        out.append("    .%-*s (%s)%s" % (pw, p, p, "," if i < len(params) - 1 else ""))
    out.append("  ) %s (" % inst)
    for i, (_, _, n) in enumerate(ports):
        out.append("    .%-*s (%s%s)%s" % (nw, n, net, n, "," if i < len(ports) - 1 else ""))
    out.append("  );")
    return "\n".join(out) + "\n"


def gen_top_inst(banner, root=ROOT):
    params, ports = _load(root)
    return _inst(banner, "pmu_top", TOP_V.replace(os.sep, "/"), params, ports, NET, INST,
                 "make check-gen fails when this file is stale or when another file instantiates "
                 "pmu_top itself.")


def gen_core_inst(banner, root=ROOT):
    """core_stub's instance include (a bench of the core alone: verif/core/core_tb.v); the
    includer has every parameter of core_stub (core_stub_params.vh and pmu_top_params.vh)."""
    params, ports = parse_top(os.path.join(root, CORE_V), CORE_V.replace(os.sep, "/"))
    return _inst(banner, "core_stub", CORE_V.replace(os.sep, "/"), params, ports, CORE_NET,
                 CORE_INST, "make check-gen fails when this file is stale.")


def gen_top_params(banner, root=ROOT):
    params, _ = _load(root)
    src = TOP_V.replace(os.sep, "/")
    pw = max(len(p) for p, _, _ in params)
    text = ("pmu_top's parameters with their defaults, as in the header of %s, for the parameter "
            "port list of a module that includes pmu_top_inst.vh and runs pmu_top's defaults (no "
            "comma after the last: include it last in the list)." % src)
    out = ["// %s" % banner] + ["// " + x for x in textwrap.wrap(text, 96)]
    for i, (p, d, _) in enumerate(params):
        out.append("  parameter %-*s = %s%s" % (pw, p, d, "," if i < len(params) - 1 else ""))
    return "\n".join(out) + "\n"


def gen_core_params(banner, root=ROOT):
    """The core stub's parameters that pmu_top does not have, with defaults and comments."""
    cparams, _ = parse_top(os.path.join(root, CORE_V), CORE_V.replace(os.sep, "/"))
    pnames = set(p for p, _, _ in _load(root)[0])
    own = [x for x in cparams if x[0] not in pnames]
    shared = [p for p, _, _ in cparams if p in pnames]
    pw = max(len(p) for p, _, _ in own)
    dw = max(len(d) for _, d, _ in own) + 1
    text = ("The core stub's parameters with their defaults, as in the header of %s, but those "
            "pmu_top has too (%s: the includer has them from pmu_top_params.vh or its own), for the "
            "parameter port list of a module that instantiates core_stub with core_stub_pass.vh. "
            "Every line ends with a comma: include it before the list's last parameter."
            % (CORE_V.replace(os.sep, "/"), ", ".join(shared)))
    out = ["// %s" % banner] + ["// " + x for x in textwrap.wrap(text, 96)]
    for p, d, c in own:
        out.append(("  parameter %-*s = %-*s %s" % (pw, p, dw, d + ",", c)).rstrip())
    return "\n".join(out) + "\n"


def gen_core_pass(banner, root=ROOT):
    """core_stub's parameter list passed through by name: `core_stub #(`include ...) u (...)`."""
    cparams, _ = parse_top(os.path.join(root, CORE_V), CORE_V.replace(os.sep, "/"))
    pw = max(len(p) for p, _, _ in cparams)
    text = ("Every parameter of core_stub (the header of %s) from the includer's parameter or "
            "localparam of the same name, for its instance: core_stub #( `include "
            "\"core_stub_pass.vh\" ) u_core ( ... ). make check-gen fails when this file is stale or "
            "when a core_stub #( ... ) passes its parameters by hand." % CORE_V.replace(os.sep, "/"))
    out = ["// %s" % banner] + ["// " + x for x in textwrap.wrap(text, 96)]
    for i, (p, _, _) in enumerate(cparams):
        out.append("    .%-*s (%s)%s" % (pw, p, p, "," if i < len(cparams) - 1 else ""))
    return "\n".join(out) + "\n"


_CORE_RE = re.compile(r"\bcore_stub\s*#\s*\(")
_CORE_OK = re.compile(r"\s*`include\s+\"core_stub_pass\.vh\"\s*\)")


_INST_RE = re.compile(r"^\s*pmu_top\s*(#|\w+\s*\()")


def hand_instances(root=ROOT):
    """["FILE:LINE: ..."] for every pmu_top instantiated outside the generated include and every
    core_stub #( ... ) whose parameter list is not the generated pass-through."""
    found = []
    skip = {os.path.normpath(INST_VH), os.path.normpath(TOP_V), os.path.normpath(CORE_V),
            os.path.normpath(CORE_INST_VH)}
    for d in SCAN_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            dirnames.sort()
            for fn in sorted(filenames):
                if not fn.endswith(SCAN_EXT):
                    continue
                p = os.path.join(dirpath, fn)
                rel = os.path.relpath(p, root)
                if os.path.normpath(rel) in skip:
                    continue
                with open(p, errors="replace") as f:
                    text = f.read()
                code = re.sub(r"//[^\n]*", "", text)  # comments out, lines kept
                for n, line in enumerate(code.split("\n"), 1):
                    if _INST_RE.match(line):
                        found.append("%s:%d: pmu_top instantiated by hand; include %s instead "
                                     "(its ports and parameters are written once)"
                                     % (rel.replace(os.sep, "/"), n, INST_VH.replace(os.sep, "/")))
                for m in _CORE_RE.finditer(code):
                    if not _CORE_OK.match(code, m.end()):
                        found.append("%s:%d: core_stub's parameters passed by hand; write "
                                     "core_stub #(`include \"core_stub_pass.vh\") instead (its "
                                     "parameter list is written once)"
                                     % (rel.replace(os.sep, "/"), code.count("\n", 0, m.start()) + 1))
    return found


if __name__ == "__main__":
    try:
        sys.stdout.write(gen_top_inst("Generated (preview)") + gen_top_params("Generated (preview)"))
    except InstError as e:
        sys.stderr.write("%s\n" % e)
        sys.exit(2)
    bad = hand_instances()
    for b in bad:
        sys.stderr.write(b + "\n")
    sys.exit(1 if bad else 0)

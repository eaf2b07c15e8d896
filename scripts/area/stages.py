"""Per-stage cuts: where the LUT4 of one programmable counter and of the CPI-stack block go
(docs/area.md, "Where the LUT4 go"; `make area-breakdown`, scripts/area/breakdown.py).

A block is synthesized alone (a module job of scripts/area/job.py) several times, each time with
one more of its stages cut out of the flattened netlist: a cut net loses its driver and is driven
by a fresh primary input of the module ("free": the logic after it stays, the logic only before
it goes), or configuration bits of an input port are driven by constants instead of the port
(the port becomes an internal wire fed by a new input for its other bits): a mode that is never
set. A net that only renames port bits (f_edge =
evtsel_i[..]) cannot be cut by its name: yosys's netlist reads the port bits directly. A stage's cost is the
difference between two consecutive steps; what is left after the last cut is a row of its own.
Each cut first asserts how many nets it finds (select -assert-count), and after it that cells
read the cut net (ties.read_by_cells; flattening keeps the names of aliases no cell reads), so a
renamed or aliased net stops yosys with an error instead of pricing nothing.

Steps of the event control (module pmu_evctl at the default THREADS and P, / THREADS*P):
  evctl      as is
  no_any     f_any = 0 in every counter (ANY and core-scoped events): ANY's lookups in the other
             threads' tables and the privilege-gated sum over the threads go
  no_v       and V is a free input (the port v_i of each pmu_evctl_ctr, before flattening): the
             lookup in the own thread's table, the fold and the lane tables (the sums of the
             lane sets, shared by the counters) go
  no_cmp     and the compare result (the four modes against CMASK) is a free input
  no_modes   and evtsel EDGE, INV and ext BOTH, CNTV, CHAIN, QUALIFY are 0
  (left)     the gating, the increment select, the edge history and chain carry flops
Steps of the CPI-stack block (module pmu_stack at the default THREADS and W, per stage instance):
  stack      as is
  no_class   the stall cause of every thread and stage (the classification) is a free input
  no_split   and the three sums of the base carry (tot: base's instructions, totb: with the
             wrong path, totc: with the sibling threads) and the base excess (rem) are free
             inputs: those sums, the stage totals (n + wp, over the threads) and the base-carry
             flops (read only by the sums) go
  (left)     the split's compares with W and its shares (differences of the running totals),
             the cause's slots added to its component, widened to IW
"""

import ties

DEF = ties.map_defines()


def _free(net, width, tag):
    """NET (WIDTH bits) driven by a new input port area_TAG of the module instead of its driver."""
    return [f"connect -unset {net}", f"add -input area_{tag} {width}",
            f"connect -set {net} area_{tag}", ties.read_by_cells(net)]


def _port_bits(port, width, consts):
    """Input PORT (WIDTH bits) becomes a wire: bit b is CONSTS[b] (0/1) where given, else the
    same bit of a new input area_PORT (one connect per run of bits)."""
    cmds = [f"select -assert-count 1 w:{port}", f"add -input area_{port} {width}",
            f"delete -port w:{port}"]
    b = width - 1
    while b >= 0:
        const = b in consts
        lo = b
        while lo - 1 >= 0 and ((lo - 1) in consts) == const:
            lo -= 1
        rhs = (f"{b - lo + 1}'b" + "".join(str(consts[i]) for i in range(b, lo - 1, -1))
               if const else f"area_{port}[{b}:{lo}]")
        cmds.append(f"connect -set {port}[{b}:{lo}] {rhs}")
        b = lo - 1
    return cmds


def _count(pattern, n):
    return [f"select -assert-count {n} w:{pattern}"]


def _ctrs(t, p):
    return [(u, k, f"g_thr[{u}].g_ctr[{k}]") for u in range(t) for k in range(p)]


def evctl_top(step, t, p):
    """yosys commands (inside pmu_evctl, before flatten) of STEP: V into each pmu_evctl_ctr
    instance (its port v_i) from a new input. By name after flattening V could not be cut:
    the netlist may read it as u_ctr.v_i, a name the cut would not reach."""
    order = ["evctl", "no_any", "no_v", "no_cmp", "no_modes"]
    if step not in order or order.index(step) < order.index("no_v"):
        return []
    vw = DEF["DEF_LW"] + 3 + (t - 1).bit_length()
    cmds = [f"select -assert-count {t * p} c:g_thr*.g_ctr*.u_ctr"]
    for u, k, g in _ctrs(t, p):
        cmds += [f"add -input area_v_{u}_{k} {vw}", f"connect -port {g}.u_ctr v_i area_v_{u}_{k}"]
    return cmds


def evctl_step(step, t, p):
    """yosys commands (after flatten) of STEP of module pmu_evctl at THREADS=T, P=P; with
    evctl_top's before flattening."""
    order = ["evctl", "no_any", "no_v", "no_cmp", "no_modes"]
    if step not in order:
        raise ValueError(f"unknown evctl step {step!r}: one of {', '.join(order)}")
    upto = order[:order.index(step) + 1]
    n = t * p
    cmds = []
    evtsel, ext = {}, {}                  # constant bits of the ports evtsel_i, ext_i
    if "no_any" in upto:
        cmds += _count("g_thr*.g_ctr*.f_any", n)       # f_any = ANY || core_i: a gate's output
        for _, _, g in _ctrs(t, p):
            cmds += [f"connect -unset {g}.f_any", f"connect -set {g}.f_any 1'b0",
                     ties.read_by_cells(f"{g}.f_any")]
    if "no_modes" in upto:
        for k in range(n):
            for f in ("EDGE", "INV"):
                evtsel[k * 32 + DEF[f"EVTSEL_{f}_LSB"]] = 0
            for f in ("BOTH", "CNTV", "CHAIN", "QUALIFY"):
                ext[k * 32 + DEF[f"EXT_{f}_LSB"]] = 0
    for port, width, consts in (("evtsel_i", n * 32, evtsel), ("ext_i", n * 32, ext)):
        if consts:
            cmds += _port_bits(port, width, consts)
    if "no_cmp" in upto:
        cmds += _count("g_thr*.g_ctr*.u_ctr.cmpr", n)
        for u, k, g in _ctrs(t, p):
            cmds += _free(f"{g}.u_ctr.cmpr", 1, f"cmp_{u}_{k}")
    return cmds


def stack_xw(t):
    """pmu_stack's working width XW at THREADS=T (its localparams)."""
    nw, crw = DEF["DEF_NW"], DEF["DEF_CRW"]
    xa = max(nw + 2, crw + 1)
    xb = nw + 2 + (t - 1).bit_length()
    return max(xa, xb, 4)


def stack_step(step, t):
    """yosys commands (after flatten) of STEP of module pmu_stack at THREADS=T."""
    order = ["stack", "no_class", "no_split"]
    if step not in order:
        raise ValueError(f"unknown stack step {step!r}: one of {', '.join(order)}")
    upto = order[:order.index(step) + 1]
    stg = [(u, s, f"g_thr[{u}].g_stg[{s}].u_stg") for u in range(t) for s in range(3)]
    cmds = []
    if "no_class" in upto:
        cmds += _count("g_thr*.g_stg*.u_stg.cause", 3 * t)
        for u, s, g in stg:
            cmds += _free(f"{g}.cause", 3, f"cause_{u}_{s}")
    if "no_split" in upto:
        # the sums of the carry, tot, totb, totc (XW bits each)
        xw = stack_xw(t)
        for net in ("tot", "totb", "totc"):
            cmds += _count(f"g_thr*.g_stg*.u_stg.{net}", 3 * t)
            for u, s, g in stg:
                cmds += _free(f"{g}.{net}", xw, f"{net}_{u}_{s}")
        cmds += _count("g_thr*.g_stg*.u_stg.rem", 3 * t)
        for u, s, g in stg:
            cmds += _free(f"{g}.rem", xw, f"rem_{u}_{s}")
    return cmds

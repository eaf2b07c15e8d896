"""GTKWave files of the main run's waveform (`make run WAVE=A:B`), generated from the PMU's data.

gen_map.py calls these with its validated map (m.p parameters, m.d derived values, m.j the JSON):
  gen_filter(m)  sim/main/run_stall_reason.txt: a GTKWave translate filter file ("VALUE NAME" per
                 line) naming the components of pmu_params.json "components" by their index, the
                 value of pmu_stack_stage's `cause` (the stall reason of a thread and stage)
  gen_gtkw(m)    sim/main/run.gtkw: the save file. Groups per thread: the event inputs (slot
                 F/I/R, the external lanes named as in "lanes", stack n/wp per stage and the
                 flags named as in "stack_flags"), per stage the slot split (base, bpred, smt
                 slots and the stall reason decoded to its name with the filter file plus the
                 slots it takes), and every counter of the bank (u_bank.cnt_q[i]) named as in
                 docs/stimulus.md with blanks for dots (GTKWave cuts names at dots):
                 "tT pmcK", "tT fixI", "tT slotI", "tT stk STAGE COMPONENT".
The signal names are those Verilator's FST writer gives sim_top's hierarchy (build/run_wave);
verif/wave/wave_test.sh checks each against an FST of the waveform build (fst2vcd) and loads the
save file in GTKWave. Paths in the save file are relative to the repository: GTKWave resolves
them against the save file's own location (its [savefile] line), so the file works from a clone
anywhere; the FST on the command line replaces [dumpfile].

save_file() and concat() are the project's one GTKWave save-file writer: the regression runner's
waveform rerun of a failing run (scripts/regress/waves.py) writes its .gtkw with them too.
"""

TOP = "TOP.sim_top"
PMU = TOP + ".u_pmu"
GTKW = "sim/main/run.gtkw"
FILTER = "sim/main/run_stall_reason.txt"
DUMP = "build/runs/mixed-s1/run.fst"  # make run WAVE=A:B with the default settings

# GTKWave trace flags (gtkwave's analyzer.h): hex 0x2, decimal 0x4, binary 0x8, right-justify
# 0x20, comment 0x200, translated by a filter file 0x2000
F_HEX, F_DEC, F_BIN, F_COMMENT, F_XLATE = "@22", "@24", "@28", "@200", "@2024"


def gen_filter(m, banner):
    out = ["# " + banner,
           "# GTKWave translate filter file: pmu_stack_stage's stall reason `cause` (a component",
           "# index of pmu_params.json \"components\") to its name. Shown in decimal or hex alike."]
    for i, c in enumerate(m.j["components"]):
        out.append("%d %s" % (i, c))
    return "\n".join(out) + "\n"


def _vec(name, width):
    return "%s[%d:0]" % (name, width - 1) if width > 1 else name


def concat(label, gtk, width, lsb, n):
    """A GTKWave concatenation trace: bits lsb+n-1..lsb of the WIDTH-bit vector GTK (its name as
    GTKWave shows it, range included) as LABEL; GTKWave numbers a vector's bits from its MSB, (0)
    is bit WIDTH-1."""
    bits = " ".join("(%d)%s" % (width - 1 - b, gtk) for b in range(lsb + n - 1, lsb - 1, -1))
    return "#{%s} %s" % (label, bits)


def _slice(full, width, lsb, n, label):
    return concat(label, _vec(full, width), width, lsb, n)


def save_file(comments, dumpfile, savefile, traces, timestart=None, zoom=None, signals_width=300):
    """The text of a GTKWave save file: COMMENTS as "[*]" lines (framed by empty ones), the dump and
    save file, the start time, ZOOM (a (zoom, marker time) pair) and TRACES [(flags, line)], flags
    the lines before a trace ("@24", "[color] 1", ...; a string or a list, "" for none)."""
    out = ["[*]"] + ["[*] " + c for c in comments] + ["[*]",
                                                      '[dumpfile] "%s"' % dumpfile,
                                                      '[savefile] "%s"' % savefile]
    if timestart is not None:
        out.append("[timestart] %d" % timestart)
    if zoom is not None:  # zoom level and the primary marker; -1: the named markers unset
        out.append("*%f %d %s" % (zoom[0], zoom[1], " ".join(["-1"] * 26)))
    out += ["[sst_width] 250", "[signals_width] %d" % signals_width, "[sst_expanded] 1"]
    for flags, line in traces:
        out += [flags] if isinstance(flags, str) and flags else list(flags) if flags else []
        out.append(line)
    return "\n".join(out) + "\n"


def signals(m):
    """[(flags, line)] of the save file's traces, and the FST signals they name as
    {gtkwave name: width} (what the test looks up)."""
    th, p, w = m.p["THREADS"], m.p["P"], m.p["W"]
    nw, lw, cw = m.p["NW"], m.p["LW"], m.p["CW"]
    nflag, next_ = m.d["NFLAG"], m.d["NEXT"]
    stages, comps = m.j["stages"], m.j["components"]
    nfix, nslot, ncpt = m.d["NFIX"], m.d["NSLOT"], m.d["NCPT"]
    assert w <= 7 and len(comps) == 8  # pmu_stack_stage: 3-bit slot counts and cause
    tr, used = [], {}

    def sig(name, width):
        used[_vec(name, width)] = width
        return name

    def comment(text):
        tr.append((F_COMMENT, "-" + text))

    def plain(flags, name, width, alias=None):
        sig(name, width)
        tr.append((flags, ("+{%s} " % alias if alias else "") + _vec(name, width)))

    def part(flags, name, width, lsb, n, label):
        sig(name, width)
        tr.append((flags, _slice(name, width, lsb, n, label)))

    comment("clock and reset (cycle c: 10c ns inputs, clock low; 10c+5 ns after the edge)")
    plain(F_BIN, TOP + ".clk_i", 1)
    plain(F_BIN, TOP + ".rst_ni", 1)
    for t in range(th):
        comment("t%d event inputs: issue slots F/I/R" % t)
        for port, lab in (("slot_fill_o", "F"), ("slot_issue_o", "I"), ("slot_retire_o", "R")):
            part(F_DEC, TOP + "." + port, th * nw, t * nw, nw, "t%d slot %s" % (t, lab))
        comment("t%d event inputs: external lanes (pmu_params.json lanes, src ext)" % t)
        for j, lane in enumerate(x for x in m.j["lanes"] if x["src"] == "ext"):
            part(F_DEC, TOP + ".ev_ext_o", th * next_ * lw, (t * next_ + j) * lw, lw,
                 "t%d lane %s" % (t, lane["name"]))
        comment("t%d event inputs: stack n and wp per stage, flags" % t)
        for s, st in enumerate(stages):
            part(F_DEC, TOP + ".stk_n_o", th * 3 * nw, (t * 3 + s) * nw, nw, "t%d n %s" % (t, st))
        for s, st in enumerate(stages[:2]):
            part(F_DEC, TOP + ".stk_wp_o", th * 2 * nw, (t * 2 + s) * nw, nw, "t%d wp %s" % (t, st))
        for f, fl in enumerate(m.j["stack_flags"]):
            part(F_BIN, TOP + ".stk_flags_o", th * nflag, t * nflag + f, 1, "t%d flag %s" % (t, fl["name"]))
        for s, st in enumerate(stages):
            comment("t%d %s stage: slots per cycle (W = %d) and the stall reason" % (t, st, w))
            u = "%s.u_stack.g_thr[%d].g_stg[%d].u_stg" % (PMU, t, s)
            plain(F_DEC, u + ".used", 3, "t%d %s base_slots" % (t, st))
            plain(F_DEC, u + ".wps", 3, "t%d %s bpred_slots" % (t, st))
            plain(F_DEC, u + ".smts", 3, "t%d %s smt_slots" % (t, st))
            sig(u + ".cause", 3)
            tr.append((F_XLATE, "^1 " + FILTER))
            tr.append(("", "+{t%d %s stall_reason} %s" % (t, st, _vec(u + ".cause", 3))))
            plain(F_DEC, u + ".u2", 3, "t%d %s stall_slots" % (t, st))
        comment("t%d counters (u_bank.cnt_q)" % t)
        for k in range(ncpt):
            if k < p:
                n = "pmc%d" % k
            elif k < p + nfix:
                n = "fix%d" % (k - p)
            elif k < p + nfix + nslot:
                n = "slot%d" % (k - p - nfix)
            else:
                i = k - p - nfix - nslot
                n = "stk %s %s" % (stages[i // 8], comps[i % 8])
            plain(F_DEC, "%s.u_bank.cnt_q[%d]" % (PMU, t * ncpt + k), cw, "t%d %s" % (t, n))
    return tr, used


def gen_gtkw(m, banner):
    tr, _ = signals(m)
    return save_file([banner,
                      "The main run's waveform: make run WAVE=A:B, then",
                      "  gtkwave RUNDIR/run.fst %s" % GTKW,
                      "(docs/reports.md). Stall reasons are decoded by %s." % FILTER],
                     DUMP, GTKW, tr)

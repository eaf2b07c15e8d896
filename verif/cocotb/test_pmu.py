"""cocotb tests of the PMU (rtl/pmu/pmu_top.v) through its APB port, with the register model
generated from rtl/pmu/data/pmu.rdl (pmu_ral.py over pmu_regmodel.py). Run by `make cocotb`
(verif/cocotb/run.py); the expected values follow docs/spec.md.

Each test starts from a reset PMU with every event input 0 and both threads in user mode.
"""
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from apb import ApbMaster
from pmu_ral import EXT_LANES, PARAMS, REGS, PmuRal

CW, LW, NEXT = PARAMS["CW"], PARAMS["LW"], PARAMS["NEXT"]


class Env:
    def __init__(self, dut):
        self.dut = dut
        self.apb = ApbMaster(dut, dut.clk_i)
        self.ral = PmuRal(self.apb)
        self.lanes = {}  # (thread, lane name) -> value of ev_ext_i

    def set_lane(self, thread, name, value):
        """Drive one external event lane of one thread (ev_ext_i[(t*NEXT + lane)*LW +: LW])."""
        self.lanes[(thread, name)] = value
        v = 0
        for (t, n), x in self.lanes.items():
            v |= x << ((t * NEXT + EXT_LANES.index(n)) * LW)
        self.dut.ev_ext_i.value = v


async def start(dut):
    for n in ("priv_i", "ref_tick_i", "ev_ext_i", "slot_fill_i", "slot_issue_i", "slot_retire_i", "stk_n_i",
              "stk_wp_i", "stk_flags_i", "rdp_req_i", "rdp_sel_i"):
        getattr(dut, n).value = 0
    env = Env(dut)
    Clock(dut.clk_i, 10, unit="ns").start()
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 3)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)
    return env


def evtsel(ral, event, **kw):
    ev, um = ral.event(event)
    return ral.encode("evtsel", event=ev, umask=um, **kw)


@cocotb.test()
async def reset_values_match_the_model(dut):
    """Every register of both threads reads its reset value from the generated model (but the
    issue-slot and CPI-stack counters, which account every slot of every cycle from reset on)."""
    env = await start(dut)
    n = 0
    for reg, r in REGS.items():
        if reg in ("slot", "stk"):
            continue
        threads = range(PARAMS["THREADS"]) if r["scope"] == "thread" else [None]
        for t in threads:
            for i in range(r["count"]):
                name = ("t%d." % t if t is not None else "") + reg + (str(i) if r["count"] > 1 else "")
                got = await env.ral.read(name)
                assert got == env.ral.reset_value(name), "%s: read 0x%x, model reset 0x%x" % (
                    name, got, env.ral.reset_value(name))
                n += 1
    assert env.ral.decode("cfg", await env.ral.read("cfg"))["cw"] == CW
    dut._log.info("%d registers read their reset values", n)


@cocotb.test()
async def stall_count_programmed_and_read_back(dut):
    """A counter programmed with a start value and the stall event RESOURCE_STALLS.ANY counts
    exactly the cycles with rs_full; read back as 64 bits."""
    env = await start(dut)
    ral = env.ral
    seed = random.getrandbits(32)
    rnd = random.Random(seed)
    dut._log.info("seed %d", seed)
    start_value = rnd.randrange(1 << 40)
    await ral.write_counter("t0.pmc3", start_value)
    assert await ral.read("t0.pmc3") == start_value
    await ral.write("t0.evtsel3", evtsel(ral, "RESOURCE_STALLS.ANY", usr=1, os=1, en=1))
    await ral.write("t0.gctrl", ral.encode("gctrl", pmc_en=1 << 3))
    stalls = 0
    for _ in range(200):
        s = rnd.random() < 0.4
        stalls += s
        env.set_lane(0, "rs_full", int(s))
        env.set_lane(1, "rs_full", int(rnd.random() < 0.5))  # thread 1's stalls are not thread 0's
        await RisingEdge(dut.clk_i)
    env.set_lane(0, "rs_full", 0)
    await ClockCycles(dut.clk_i, 2)
    got = await ral.read("t0.pmc3")
    assert got == start_value + stalls, "pmc3 = %d, expected %d + %d stall cycles" % (got, start_value, stalls)
    assert await ral.read("t1.pmc3") == 0
    assert ral.decode("gstatus", await ral.read("t0.gstatus"))["pmc_ovf"] == 0
    dut._log.info("pmc3 = %d + %d stall cycles", start_value, stalls)


@cocotb.test()
async def chain_pair_across_a_wrap(dut):
    """pmc0 counts cycles from 2^CW - 3; pmc1 with ext.chain counts its wraps: after the wrap the
    pair reads as one (2*CW)-bit count, advanced by the cycles pmc2 counted alongside, and
    gstatus.pmc_ovf shows counter 0 wrapped (and clears by writing 1)."""
    env = await start(dut)
    ral = env.ral
    top = (1 << CW) - 3
    await ral.write_counter("t0.pmc0", top)
    await ral.write_counter("t0.pmc1", 5)
    await ral.write("t0.ext1", ral.encode("ext", chain=1))
    cycles = evtsel(ral, "CPU_CLK_UNHALTED.THREAD", usr=1, os=1, en=1)
    await ral.write("t0.evtsel0", cycles)
    await ral.write("t0.evtsel2", cycles)  # pmc2 counts the same cycles from 0: the reference
    await ral.write("t0.gctrl", ral.encode("gctrl", pmc_en=0x7))
    await ClockCycles(dut.clk_i, 20)
    await ral.write("t0.gctrl", 0)  # stop both, then read
    lo, hi, ref = await ral.read("t0.pmc0"), await ral.read("t0.pmc1"), await ral.read("t0.pmc2")
    assert hi == 6, "pmc1 = %d: one carry expected" % hi
    assert 3 < ref < 40, "pmc2 = %d cycles" % ref
    pair = (hi << CW) | lo
    assert pair == (5 << CW) + top + ref, "pmc1:pmc0 = 0x%x, expected 0x%x + %d cycles" % (pair, (5 << CW) + top, ref)
    gs = ral.decode("gstatus", await ral.read("t0.gstatus"))
    assert gs["pmc_ovf"] == 0x1, "gstatus.pmc_ovf = 0x%x, expected counter 0 only" % gs["pmc_ovf"]
    # write 1 to clear
    await ral.write("t0.gstatus", ral.encode("gstatus", pmc_ovf=1))
    assert ral.decode("gstatus", await ral.read("t0.gstatus"))["pmc_ovf"] == 0
    dut._log.info("pmc1:pmc0 = %d:%d", hi, lo)


@cocotb.test()
async def unprivileged_access_refused(dut):
    """pprot[0] = 0: every write errs and changes nothing; counter reads err until ctrl.uren,
    id/cfg/slot reads succeed (spec 5.2); the model's uread rule agrees with the DUT."""
    env = await start(dut)
    ral = env.ral
    await ral.write("t0.evtsel2", 0x1234)
    err = await ral.write("t0.evtsel2", 0xABCD, prot=0, check=False)
    assert err == 1, "unprivileged write not refused"
    assert await ral.read("t0.evtsel2") == 0x1234, "an unprivileged write changed the register"
    for name in ("id", "cfg", "t0.slot0", "t0.pmc0", "t0.fix1", "t0.stk5", "t0.evtsel0", "t0.gctrl", "t1.ctrl"):
        _, err = await ral.read(name, prot=0, check=False)
        assert err == (0 if ral.unpriv_readable(name, uren=0) else 1), "%s: pslverr %d" % (name, err)
    _, err = await ral.read("t0.pmc0", prot=0, check=False)
    assert err == 1
    await ral.write("t0.ctrl", ral.encode("ctrl", uren=1))
    v, err = await ral.read("t0.pmc0", prot=0, check=False)
    assert err == 0 and ral.unpriv_readable("t0.pmc0", uren=1), "uren=1: unprivileged counter read refused"
    _, err = await ral.read("t1.pmc0", prot=0, check=False)
    assert err == 1, "thread 1's counters follow thread 1's uren"
    assert (await ral.read("id", prot=0)) == ral.reset_value("id")
    dut._log.info("%d APB transfers", env.apb.transfers)


@cocotb.test()
async def doc_example_counts_executed_uops(dut):
    """The example of docs/cocotb.md "Writing a test", as it is shown there."""
    env = await start(dut)                       # clock, reset, inputs 0
    ral = env.ral
    await ral.write("t0.evtsel0", evtsel(ral, "UOPS_EXECUTED.THREAD", usr=1, os=1, en=1))
    await ral.write("t0.gctrl", ral.encode("gctrl", pmc_en=1))
    env.set_lane(0, "executed", 3)               # thread 0 executes 3 uops a cycle
    await ClockCycles(dut.clk_i, 10)
    env.set_lane(0, "executed", 0)
    await ClockCycles(dut.clk_i, 2)
    assert await ral.read("t0.pmc0") == 30

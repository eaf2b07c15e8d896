"""The PMU register model for cocotb tests: behaviour over the generated data module
pmu_regmodel (written by verif/cocotb/gen_regmodel.py from rtl/pmu/data/pmu.rdl and
pmu_params.json; `make cocotb` puts it on PYTHONPATH).

Registers are named as in the directed stimulus files (docs/stimulus.md): "id", "cfg",
"t0.evtsel3", "t1.pmc0", "t0.gctrl", "t0.slot2"; a 64-bit register is two APB words (low at +0,
high at +4).

    ral = PmuRal(apb)
    await ral.write("t0.evtsel0", ral.encode("evtsel", event=0xA2, umask=0x01, usr=1, os=1, en=1))
    v = await ral.read("t0.pmc0")             # 64-bit: low word (latches the high), then high
    ral.address("t1.pmc2")                    # 0x890
    ral.reset_value("cfg")                    # from the fields' resets
    ral.unpriv_readable("t0.pmc0", uren=0)    # False (spec 5.2)
"""
import re

import pmu_regmodel as gen

PARAMS, REGS, EVENTS, EXT_LANES = gen.PARAMS, gen.REGS, gen.EVENTS, gen.EXT_LANES

_NAME = re.compile(r"(?:t(\d+)\.)?([a-z_]+?)(\d*)\Z")


class RalError(Exception):
    """A register or field name the model does not have, or a value that does not fit."""


class PmuRal:
    def __init__(self, apb=None):
        self.apb = apb

    # ---- names and addresses
    @staticmethod
    def parse(name):
        """'t1.pmc2' -> (thread 1, 'pmc', index 2); 'id' -> (None, 'id', 0)."""
        m = _NAME.match(name)
        if not m or m.group(2) not in REGS:
            raise RalError("%s: no such register (registers: %s)" % (name, " ".join(REGS)))
        t, reg, idx = m.group(1), m.group(2), m.group(3)
        r = REGS[reg]
        if (r["scope"] == "thread") != (t is not None):
            raise RalError("%s: %s is a %s register" % (name, reg, r["scope"]))
        t = int(t) if t is not None else None
        if t is not None and t >= gen.THREADS:
            raise RalError("%s: thread %d of %d" % (name, t, gen.THREADS))
        if r["count"] > 1 and idx == "":
            raise RalError("%s: %s is an array of %d; give an index" % (name, reg, r["count"]))
        i = int(idx or 0)
        if i >= r["count"]:
            raise RalError("%s: index %d of %d" % (name, i, r["count"]))
        return t, reg, i

    def address(self, name):
        t, reg, i = self.parse(name)
        r = REGS[reg]
        base = gen.THREAD_BASE + t * gen.THREAD_STRIDE if t is not None else 0
        return base + r["offset"] + i * r["stride"]

    @staticmethod
    def reg(name):
        return REGS[PmuRal.parse(name)[1]]

    def reset_value(self, name):
        t, reg, i = self.parse(name)
        v = 0
        for f in REGS[reg]["fields"].values():
            if f["razwi_at"] is None or f["razwi_at"] != i:
                v |= f["reset"] << f["lsb"]
        return v

    @staticmethod
    def encode(reg, **fields):
        """The register value with these fields set (the others 0)."""
        fs = REGS[reg]["fields"]
        v = 0
        for k, x in fields.items():
            k = k.rstrip("_")  # int_ for the field 'int'
            if k not in fs:
                raise RalError("%s has no field %s (fields: %s)" % (reg, k, " ".join(fs)))
            f = fs[k]
            if not 0 <= x < 1 << f["width"]:
                raise RalError("%s.%s = %d does not fit %d bits" % (reg, k, x, f["width"]))
            v |= x << f["lsb"]
        return v

    @staticmethod
    def decode(reg, value):
        return {k: (value >> f["lsb"]) & ((1 << f["width"]) - 1) for k, f in REGS[reg]["fields"].items()}

    @staticmethod
    def event(name):
        """(event, umask) of a catalog event, e.g. 'RESOURCE_STALLS.ANY'."""
        if name not in EVENTS:
            raise RalError("%s: not in the event catalog (%s)" % (name, " ".join(EVENTS)))
        return EVENTS[name]

    def unpriv_readable(self, name, uren=0):
        """Whether an unprivileged read of this register succeeds (spec 5.2)."""
        u = self.reg(name)["uread"]
        return u == "always" or (u != "never" and bool(uren))

    # ---- accesses (over self.apb); each returns or raises on pslverr unless check=False
    async def write(self, name, value, prot=1, check=True):
        """Writes every 32-bit word of the register (low first); returns pslverr of the first
        word that failed (0 when all succeeded)."""
        a, r = self.address(name), self.reg(name)
        for w in range(r["width"] // 32):
            err = await self.apb.write(a + 4 * w, (value >> (32 * w)) & 0xFFFFFFFF, prot=prot)
            if err:
                if check:
                    raise RalError("write %s (0x%x): pslverr" % (name, a + 4 * w))
                return err
        return 0

    async def write_counter(self, name, value, prot=1):
        """A counter: the high word first, then the low word (each write keeps the other half)."""
        a = self.address(name)
        for off, v in ((4, value >> 32), (0, value & 0xFFFFFFFF)):
            if await self.apb.write(a + off, v & 0xFFFFFFFF, prot=prot):
                raise RalError("write %s (0x%x): pslverr" % (name, a + off))

    async def read(self, name, prot=1, check=True):
        """The register's value (64-bit: low word then high, torn-free by the high-word latch);
        with check=False returns (value, pslverr)."""
        a, r = self.address(name), self.reg(name)
        v, err = 0, 0
        for w in range(r["width"] // 32):
            d, e = await self.apb.read(a + 4 * w, prot=prot)
            v |= d << (32 * w)
            err |= e
            if e and check:
                raise RalError("read %s (0x%x): pslverr" % (name, a + 4 * w))
        return (v, err) if not check else v

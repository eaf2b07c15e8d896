"""APB4 requester (master) for cocotb: drives psel/penable/pwrite/paddr/pwdata/pstrb/pprot of a
DUT and samples prdata/pslverr in the access phase's last cycle (docs/spec.md 5.1: pready is 0
in the wait state of an access to a counter in block RAM, STORAGE=1, else 1; the driver waits
for it like any APB requester, up to a limit).

    apb = ApbMaster(dut, dut.clk_i, prefix="", suffix="_i", out_suffix="_o")
    err = await apb.write(addr, data, strb=0xF, prot=1)
    data, err = await apb.read(addr, prot=1)

prot bit 0 = privileged. One transfer at a time (a lock), two clock cycles each (three with a wait
state): the setup phase from one rising edge, the access phase from the next; the write takes effect at the edge that
ends the access phase, and prdata/pslverr are sampled just before it (ReadOnly).
"""
import cocotb
from cocotb.triggers import Lock, ReadOnly, RisingEdge


class ApbError(Exception):
    pass


class ApbMaster:
    IN = ("psel", "penable", "pwrite", "paddr", "pwdata", "pstrb", "pprot")
    OUT = ("pready", "prdata", "pslverr")

    def __init__(self, dut, clk, prefix="", suffix="_i", out_suffix="_o", max_wait=16):
        self.clk = clk
        self.max_wait = max_wait
        self.s = {n: getattr(dut, prefix + n + suffix) for n in self.IN}
        self.s.update({n: getattr(dut, prefix + n + out_suffix) for n in self.OUT})
        self.lock = Lock()
        self.log = cocotb.log
        self.transfers = 0
        self.idle()

    def idle(self):
        for n in self.IN:
            self.s[n].value = 0

    async def _xfer(self, write, addr, data, strb, prot):
        async with self.lock:
            s = self.s
            await RisingEdge(self.clk)
            s["psel"].value, s["penable"].value = 1, 0
            s["pwrite"].value, s["paddr"].value = int(write), addr
            s["pwdata"].value, s["pstrb"].value = (data if write else 0), (strb if write else 0)
            s["pprot"].value = prot
            await RisingEdge(self.clk)
            s["penable"].value = 1
            for _ in range(self.max_wait):
                await ReadOnly()
                if int(s["pready"].value):
                    break
                await RisingEdge(self.clk)
            else:
                raise ApbError("pready stayed low for %d cycles at 0x%x" % (self.max_wait, addr))
            rdata, err = int(s["prdata"].value), int(s["pslverr"].value)
            await RisingEdge(self.clk)
            self.idle()
            self.transfers += 1
            return rdata, err

    async def write(self, addr, data, strb=0xF, prot=1):
        """Returns pslverr (0 or 1)."""
        return (await self._xfer(True, addr, data & 0xFFFFFFFF, strb, prot))[1]

    async def read(self, addr, prot=1):
        """Returns (prdata, pslverr)."""
        return await self._xfer(False, addr, 0, 0, prot)

// Initiator test of the TLM-2.0 model (pmu_tlm.h): programs a stall count (UOPS_ISSUED.ANY with
// CMASK=1, INV: cycles in which no uop issued, raw code 0x01c3010e) through the socket, reads it
// back (4- and 8-byte reads) with values worked out from the cycles elapsed, checks the error
// responses of the spec's access rules (docs/spec.md 5.2) and the TLM limits, the interrupt of
// a counter preloaded below its wrap (the line rises at the edge of the wrap), and a long wait:
// one second of simulated time (10^9 cycles) in well under a second, the slot counter exact.
// Ends with "N passed, N failed".
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include <tlm_utils/simple_initiator_socket.h>

#include "pmu_tlm.h"

using namespace sc_core;

static const uint32_t T0 = PMU_THREAD_BASE;  // thread 0's register block
static const uint32_t STALL_CYCLES = 0x01c3010eu;  // UOPS_ISSUED.ANY:c1:inv, USR, OS, EN
static const uint32_t CYCLES_INT = 0x3cu | (1u << PMU_EVTSEL_USR_LSB) | (1u << PMU_EVTSEL_OS_LSB) |
                                   (1u << PMU_EVTSEL_EN_LSB) | (1u << PMU_EVTSEL_INT_LSB);
enum { PRIV = 1, USER = 0, NO_EXT = -1 };

struct Initiator : sc_module {
  tlm_utils::simple_initiator_socket<Initiator> socket;
  PmuTlm *pmu = nullptr;
  unsigned pass = 0, fail = 0;

  SC_HAS_PROCESS(Initiator);
  explicit Initiator(sc_module_name n) : sc_module(n), socket("socket") { SC_THREAD(run); }

  // one transaction; waits out the annotated delay (loosely timed, no quantum keeper)
  tlm::tlm_response_status xfer(tlm::tlm_command cmd, uint64_t addr, uint64_t *data, unsigned len = 4,
                                int pprot = PRIV) {
    tlm::tlm_generic_payload gp;
    unsigned char buf[8] = {};
    if (cmd == tlm::TLM_WRITE_COMMAND) std::memcpy(buf, data, len <= 8 ? len : 8);
    gp.set_command(cmd);
    gp.set_address(addr);
    gp.set_data_ptr(buf);
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    PmuPprot ext((uint8_t)(pprot < 0 ? 0 : pprot));
    if (pprot >= 0) gp.set_extension(&ext);
    sc_time delay = SC_ZERO_TIME;
    socket->b_transport(gp, delay);
    if (pprot >= 0) gp.clear_extension(&ext);
    wait(delay);
    if (cmd == tlm::TLM_READ_COMMAND) {
      *data = 0;
      std::memcpy(data, buf, len <= 8 ? len : 8);
    }
    return gp.get_response_status();
  }
  tlm::tlm_response_status wr(uint64_t addr, uint64_t v, int pprot = PRIV, unsigned len = 4) {
    return xfer(tlm::TLM_WRITE_COMMAND, addr, &v, len, pprot);
  }
  tlm::tlm_response_status rd(uint64_t addr, uint64_t *v, int pprot = PRIV, unsigned len = 4) {
    return xfer(tlm::TLM_READ_COMMAND, addr, v, len, pprot);
  }
  uint64_t now_cycles() const { return (uint64_t)(sc_time_stamp() / pmu->period()); }

  void check(bool ok, const char *what, uint64_t exp, uint64_t act) {
    if (ok) {
      pass++;
      printf("PASS %s\n", what);
    } else {
      fail++;
      printf("FAIL %s: expected 0x%" PRIx64 ", got 0x%" PRIx64 "\n", what, exp, act);
    }
  }
  void check_eq(const char *what, uint64_t exp, uint64_t act) { check(exp == act, what, exp, act); }
  void check_rs(const char *what, tlm::tlm_response_status exp, tlm::tlm_response_status act) {
    check(exp == act, what, (uint64_t)exp, (uint64_t)act);
  }

  void events(unsigned issued) {
    pmu_in_t ev;
    std::memset(&ev, 0, sizeof ev);
    for (unsigned t = 0; t < PMU_THREADS; t++) {
      ev.priv[t] = 1;
      ev.slot_issue[t] = (uint8_t)issued;
      ev.slot_fill[t] = (uint8_t)issued;
    }
    pmu->set_events(ev);
  }

  void run() {
    uint64_t v = 0, v8 = 0;
    // ---- a stall count, programmed and read back ----
    events(0);  // nothing issues: every cycle is a stall cycle
    check_rs("write evtsel0 = 0x01c3010e (stall cycles), privileged", tlm::TLM_OK_RESPONSE,
             wr(T0 + PMU_EVTSEL_OFF, STALL_CYCLES));
    rd(T0 + PMU_EVTSEL_OFF, &v);
    check_eq("evtsel0 reads back", STALL_CYCLES, v);
    check_rs("write gctrl.pmc_en = 1", tlm::TLM_OK_RESPONSE, wr(T0 + PMU_GCTRL_OFF, 1));
    const uint64_t c_en = pmu->cycle();  // counting from this cycle on
    wait(5000, SC_NS);
    uint64_t r = now_cycles();  // the read's access cycle is r + 1
    check_rs("read pmc0 (8 bytes)", tlm::TLM_OK_RESPONSE, rd(T0 + PMU_PMC_OFF, &v8, PRIV, 8));
    check_eq("pmc0 = stall cycles since the enable", r + 1 - c_en, v8);
    events(3);  // uops issue from now: the stall count stops
    const uint64_t stop = pmu->cycle();
    wait(1000, SC_NS);
    rd(T0 + PMU_PMC_OFF, &v);
    check_eq("pmc0 stops counting while uops issue", stop - c_en, v);

    // ---- error responses (spec 5.2) and TLM limits: never a silent success ----
    check_rs("unmapped address 0x008", tlm::TLM_ADDRESS_ERROR_RESPONSE, rd(0x008, &v));
    check_rs("unmapped pmc index >= P", tlm::TLM_ADDRESS_ERROR_RESPONSE, rd(T0 + PMU_PMC_OFF + 8 * PMU_P, &v));
    check_rs("address outside the 2^AW window", tlm::TLM_ADDRESS_ERROR_RESPONSE, rd(1ull << PMU_AW, &v));
    check_rs("write without the PPROT extension (unprivileged)", tlm::TLM_COMMAND_ERROR_RESPONSE,
             wr(T0 + PMU_EVTSEL_OFF, 0, NO_EXT));
    check_rs("unprivileged write (PPROT = 0)", tlm::TLM_COMMAND_ERROR_RESPONSE, wr(T0 + PMU_EVTSEL_OFF, 0, USER));
    rd(T0 + PMU_EVTSEL_OFF, &v);
    check_eq("refused writes changed nothing", STALL_CYCLES, v);
    check_rs("unprivileged read of evtsel0", tlm::TLM_COMMAND_ERROR_RESPONSE, rd(T0 + PMU_EVTSEL_OFF, &v, USER));
    check_rs("unprivileged read of pmc0 while ctrl.uren = 0", tlm::TLM_COMMAND_ERROR_RESPONSE,
             rd(T0 + PMU_PMC_OFF, &v, USER));
    check_rs("unprivileged read of slot0 (user-readable)", tlm::TLM_OK_RESPONSE, rd(T0 + PMU_SLOT_OFF, &v, USER));
    check_rs("write to id (read-only)", tlm::TLM_COMMAND_ERROR_RESPONSE, wr(PMU_ID_OFF, 1));
    check_rs("2-byte access", tlm::TLM_BURST_ERROR_RESPONSE, rd(T0 + PMU_EVTSEL_OFF, &v, PRIV, 2));
    check_rs("misaligned word", tlm::TLM_ADDRESS_ERROR_RESPONSE, rd(T0 + PMU_EVTSEL_OFF + 2, &v));
    {
      tlm::tlm_generic_payload gp;
      uint32_t w = 0;
      gp.set_command(tlm::TLM_READ_COMMAND);
      gp.set_address(T0 + PMU_EVTSEL_OFF);
      gp.set_data_ptr((unsigned char *)&w);
      gp.set_data_length(4);
      gp.set_streaming_width(4);
      unsigned n = socket->transport_dbg(gp);
      check(n == 4 && w == STALL_CYCLES && gp.is_response_ok(), "transport_dbg reads evtsel0", STALL_CYCLES, w);
      gp.set_address(0x008);
      socket->transport_dbg(gp);
      check(gp.get_response_status() == tlm::TLM_ADDRESS_ERROR_RESPONSE, "transport_dbg of an unmapped address",
            tlm::TLM_ADDRESS_ERROR_RESPONSE, gp.get_response_status());
    }

    // ---- interrupt: pmc1 counts cycles with INT, preloaded 100 below its wrap ----
    check_eq("irq[0] low before", 0, pmu->irq[0].read());
    wr(T0 + PMU_EVTSEL_OFF + 4, CYCLES_INT);
    wr(T0 + PMU_PMC_OFF + 8, (uint32_t)(PMU_CW_MASK - 100));
    wr(T0 + PMU_PMC_OFF + 12, (uint32_t)(PMU_CW_MASK >> 32));
    wr(T0 + PMU_GCTRL_OFF, 3);
    const uint64_t c1 = pmu->cycle();  // counting from this cycle on
    wait(pmu->irq[0].value_changed_event());
    // the 101st counted edge wraps pmc1 and sets the status: the line rises at that edge
    check_eq("irq[0] rises at the edge of the wrap (cycle c1 + 101)", c1 + 101, now_cycles());
    wait(20, SC_US);
    check_eq("irq[0] high after pmc1 wrapped", 1, pmu->irq[0].read());
    if (PMU_THREADS > 1) check_eq("irq[1] stays low", 0, pmu->irq[1].read());
    r = now_cycles();
    rd(T0 + PMU_PMC_OFF + 8, &v8, PRIV, 8);
    check_eq("pmc1 wrapped in the 101st cycle (value after the wrap)", r + 1 - c1 - 101, v8);
    rd(T0 + PMU_GSTATUS_OFF, &v);
    check_eq("gstatus.pmc_ovf[1] set", 2, v & 2);
    wr(T0 + PMU_GSTATUS_OFF, 2);  // W1C
    wait(SC_ZERO_TIME);
    wait(SC_ZERO_TIME);
    check_eq("irq[0] low after the W1C clear", 0, pmu->irq[0].read());

    // ---- the per-cycle method: advance(ev, n) runs exactly n cycles with ev ----
    {
      pmu_in_t ev;
      std::memset(&ev, 0, sizeof ev);
      const unsigned slot0 = pmu_cnt_idx(0, PMU_CI_SLOT);  // total slots: W per cycle
      const uint64_t c0 = pmu->cycle(), s0 = pmu->state().cnt_q[slot0];
      for (int i = 0; i < 7; i++) pmu->advance(ev);
      pmu->advance(ev, 993);
      check_eq("advance(): 1000 cycles", 1000, pmu->cycle() - c0);
      check_eq("advance(): slot0 grew by W x 1000", (uint64_t)PMU_W * 1000, pmu->state().cnt_q[slot0] - s0);
      events(3);  // back to the clock: catch up to now (the model is ahead, so nothing runs)
    }

    // ---- a long quantum: 10^9 cycles by fast-forward ----
    auto t0 = std::chrono::steady_clock::now();
    wait(1, SC_SEC);
    r = now_cycles();
    rd(T0 + PMU_SLOT_OFF, &v8, PRIV, 8);  // slot0: W slots every cycle since reset
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    check_eq("slot0 total = W x cycles after 10^9 cycles", (uint64_t)PMU_W * (r + 1) & PMU_CW_MASK, v8);
    check(secs < 1.0, "10^9 simulated cycles in under 1 s of wall time", 1, (uint64_t)(secs * 1000));
    printf("tlm: %" PRIu64 " cycles simulated, the last 10^9 in %.3f ms of wall time\n", pmu->cycle(), secs * 1e3);
    printf("%u passed, %u failed\n", pass, fail);
  }
};

int sc_main(int, char **) {
  PmuTlm pmu("pmu", sc_time(1, SC_NS));
  Initiator ini("ini");
  ini.pmu = &pmu;
  ini.socket.bind(pmu.socket);
  sc_vector<sc_signal<bool>> irq("irq_sig", PMU_THREADS);
  pmu.irq.bind(irq);
  sc_start(2, SC_SEC);
  return ini.fail != 0 || ini.pass == 0;
}

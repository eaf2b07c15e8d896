// PmuTlm: a loosely-timed TLM-2.0 model of the PMU for virtual platforms (docs/integration.md).
//
//   socket      tlm_target_socket (simple_target_socket), b_transport for register access and
//               transport_dbg for side-effect-free reads. One access is one APB transfer on the
//               C model (setup + access cycle, 2 clock periods added to the annotated delay);
//               length 4 (one register word; byte enables become PSTRB) or 8 (an aligned counter:
//               low word, then high word through the torn-free latch, docs/spec.md 5.4).
//   PmuPprot    the access's privilege, APB PPROT[2:0] (bit 0 = privileged), as a generic-payload
//               extension; without it an access is unprivileged (PPROT = 0), like a bus bridge
//               that drives PPROT to 0.
//   responses   the spec's access rules (docs/spec.md 5.2) as TLM response status, never a silent
//               success: an address that is not a register, or is outside the 2^AW window,
//               TLM_ADDRESS_ERROR_RESPONSE; a mapped register the rules refuse (unprivileged
//               write, unprivileged read of a protected register, write to id/cfg)
//               TLM_COMMAND_ERROR_RESPONSE; a length other than 4/8, a streaming width other than
//               the length, or a misaligned address TLM_BURST_ERROR_RESPONSE /
//               TLM_ADDRESS_ERROR_RESPONSE. A refused access changes nothing.
//   events      held constant between calls: set_events(ev) from the current time on (the
//               model first catches up to sc_time_stamp()), or the per-cycle method
//               advance(ev, n) (n cycles with these inputs, for a cycle-driven core model).
//               The APB fields of ev are ignored.
//   irq         sc_vector of sc_out<bool>, one per thread, changing at the time of the clock edge
//               whose overflow sets it (exact to the cycle: between accesses the model looks
//               ahead with pmu_ffwd() on a copy of its state and sleeps until the next change,
//               or until an access or a call changes the inputs), and after a W1C clear.
// Between accesses the model catches up with pmu_ffwd() (cmodel/src/pmu_ffwd.c): its time does
// not grow with the cycles skipped, so a quantum of 10,000 cycles costs about two steps, and a
// platform that leaves the PMU alone costs nothing per cycle.
#ifndef PMU_TLM_H
#define PMU_TLM_H

#include <cstring>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

extern "C" {
#include "pmu_model.h"
}

// PPROT of an access (APB PPROT[2:0]; bit 0 = privileged)
struct PmuPprot : tlm::tlm_extension<PmuPprot> {
  uint8_t pprot;
  explicit PmuPprot(uint8_t p = 0) : pprot(p) {}
  tlm::tlm_extension_base *clone() const override { return new PmuPprot(pprot); }
  void copy_from(const tlm::tlm_extension_base &e) override { pprot = static_cast<const PmuPprot &>(e).pprot; }
};

struct PmuTlm : sc_core::sc_module {
  tlm_utils::simple_target_socket<PmuTlm> socket;
  sc_core::sc_vector<sc_core::sc_out<bool>> irq;

  SC_HAS_PROCESS(PmuTlm);
  PmuTlm(sc_core::sc_module_name name, sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS))
      : sc_module(name), socket("socket"), irq("irq", PMU_THREADS), period_(period) {
    pmu_reset(&st_);
    std::memset(&ev_, 0, sizeof ev_);
    socket.register_b_transport(this, &PmuTlm::b_transport);
    socket.register_transport_dbg(this, &PmuTlm::transport_dbg);
    SC_THREAD(tick);
    SC_METHOD(drive_irq);
    sensitive << irq_ev_;
  }

  // event inputs from now on (after catching up to now with the old ones)
  void set_events(const pmu_in_t &ev) {
    sync(sc_core::sc_time_stamp());
    ev_ = ev;
    idle(&ev_);
    wake_.notify(sc_core::SC_ZERO_TIME);  // the next interrupt edge may have moved
  }
  // per-cycle method: n cycles with the inputs ev, from the model's current cycle (the
  // interrupt lines follow at once; no look-ahead per call)
  void advance(const pmu_in_t &ev, uint64_t n = 1) {
    ev_ = ev;
    idle(&ev_);
    run(n);
  }
  uint64_t cycle() const { return cycles_; }             // clock edges so far
  const pmu_state_t &state() const { return st_; }       // architectural state (spec 6)
  sc_core::sc_time period() const { return period_; }

 private:
  pmu_state_t st_;
  pmu_in_t ev_;
  uint64_t cycles_ = 0;
  sc_core::sc_time period_;
  sc_core::sc_event wake_;  // the inputs or the state changed: look ahead again

  static void idle(pmu_in_t *in) {
    in->psel = in->penable = in->pwrite = 0;
    in->paddr = in->pwdata = 0;
    in->pstrb = in->pprot = 0;
  }
  sc_core::sc_event irq_ev_;
  // the interrupt lines follow the state: written by one process (drive_irq), whoever ran the model
  void publish() { irq_ev_.notify(sc_core::SC_ZERO_TIME); }
  void drive_irq() {
    pmu_out_t o;
    pmu_comb(&st_, &ev_, &o);
    for (unsigned t = 0; t < PMU_THREADS; t++)
      if (irq[t].read() != (o.irq[t] != 0)) irq[t].write(o.irq[t] != 0);
  }
  void run(uint64_t n) {
    if (n == 0) return;
    (void)pmu_ffwd(&st_, &ev_, n);   // ev_ is idle on the bus, so never refused
    cycles_ += n;
    publish();
  }
  // catch the model up to time t (whole clock periods; never backwards)
  void sync(const sc_core::sc_time &t) {
    const uint64_t target = (uint64_t)(t / period_);
    if (target > cycles_) run(target - cycles_);
  }
  // the interrupt lines after k more edges with the held inputs (on a copy of the state)
  uint32_t irq_after(uint64_t k) const {
    pmu_state_t t = st_;
    pmu_out_t o;
    (void)pmu_ffwd(&t, &ev_, k);
    pmu_comb(&t, &ev_, &o);
    uint32_t v = 0;
    for (unsigned u = 0; u < PMU_THREADS; u++) v |= (uint32_t)(o.irq[u] != 0) << u;
    return v;
  }
  // Sleeps until the edge that changes an interrupt line (found by bisection: with the bus idle
  // the lines only rise, overflow status being sticky) or until an access or call wakes it.
  void tick() {
    static const uint64_t horizon = 1ull << 36;  // look-ahead, cycles
    for (;;) {
      sync(sc_core::sc_time_stamp());
      const uint32_t now = irq_after(0);
      uint64_t k = horizon + 1;
      if (irq_after(horizon) != now) {
        uint64_t lo = 1, hi = horizon;
        while (lo < hi) {
          const uint64_t mid = lo + (hi - lo) / 2;
          if (irq_after(mid) != now) hi = mid;
          else lo = mid + 1;
        }
        k = lo;
      }
      if (k > horizon) {
        wait(horizon * period_, wake_);
      } else {
        const sc_core::sc_time at = (double)(cycles_ + k) * period_;
        wait(at > sc_core::sc_time_stamp() ? at - sc_core::sc_time_stamp() : sc_core::SC_ZERO_TIME, wake_);
      }
    }
  }

  // one APB transfer: setup and access cycle; returns pslverr, *data = prdata
  int apb(bool write, uint32_t addr, uint32_t wdata, uint8_t strb, uint8_t pprot, uint32_t *data) {
    pmu_in_t in = ev_;
    pmu_out_t out;
    in.psel = 1;
    in.penable = 0;
    in.pwrite = write;
    in.paddr = addr;
    in.pwdata = wdata;
    in.pstrb = strb;
    in.pprot = pprot;
    pmu_step(&st_, &in);  // setup phase
    in.penable = 1;
    pmu_comb(&st_, &in, &out);
    pmu_step(&st_, &in);  // access phase
    cycles_ += 2;
    *data = out.prdata;
    return out.pslverr;
  }

  void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay) {
    sync(sc_core::sc_time_stamp() + delay);
    const uint64_t addr = gp.get_address();
    const unsigned len = gp.get_data_length();
    const tlm::tlm_command cmd = gp.get_command();
    gp.set_dmi_allowed(false);
    if (cmd == tlm::TLM_IGNORE_COMMAND) {
      gp.set_response_status(tlm::TLM_OK_RESPONSE);
      return;
    }
    if ((len != 4 && len != 8) || gp.get_streaming_width() != len) {
      gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
      return;
    }
    if (addr % len != 0 || addr + len > (1ull << PMU_AW)) {
      gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    PmuPprot *ext = nullptr;
    gp.get_extension(ext);
    const uint8_t pprot = ext ? ext->pprot : 0;
    unsigned char *p = gp.get_data_ptr();
    const unsigned char *be = gp.get_byte_enable_ptr();
    const unsigned bel = gp.get_byte_enable_length();
    tlm::tlm_response_status rs = tlm::TLM_OK_RESPONSE;
    for (unsigned w = 0; w < len / 4 && rs == tlm::TLM_OK_RESPONSE; w++) {
      const uint32_t a = (uint32_t)addr + 4 * w;
      uint32_t word = 0, data = 0;
      uint8_t strb = 0xf;
      if (cmd == tlm::TLM_WRITE_COMMAND) {
        std::memcpy(&word, p + 4 * w, 4);  // little-endian host: byte i = PWDATA[8i+7:8i]
        if (be) {
          strb = 0;
          for (unsigned b = 0; b < 4; b++) strb |= (be[(4 * w + b) % bel] == TLM_BYTE_ENABLED) << b;
        }
      }
      if (apb(cmd == tlm::TLM_WRITE_COMMAND, a, word, strb, pprot, &data)) {
        uint32_t dummy;
        rs = pmu_peek(&st_, a, &dummy) != 0 ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_COMMAND_ERROR_RESPONSE;
      } else if (cmd == tlm::TLM_READ_COMMAND) {
        std::memcpy(p + 4 * w, &data, 4);
      }
    }
    delay += (len / 4) * 2 * period_;  // the transfers' clock cycles
    // the model ran these cycles already: it is ahead of sc_time_stamp() + delay by nothing
    publish();
    wake_.notify(sc_core::SC_ZERO_TIME);  // a write may have moved the next interrupt edge
    gp.set_response_status(rs);
  }

  // side-effect-free privileged read of one word (debuggers); writes are not supported
  unsigned transport_dbg(tlm::tlm_generic_payload &gp) {
    uint32_t v;
    if (gp.get_command() != tlm::TLM_READ_COMMAND || gp.get_data_length() != 4 || gp.get_address() % 4 ||
        gp.get_address() >= (1ull << PMU_AW) || pmu_peek(&st_, (uint32_t)gp.get_address(), &v) != 0) {
      gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return 0;
    }
    std::memcpy(gp.get_data_ptr(), &v, 4);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return 4;
  }
};

#endif

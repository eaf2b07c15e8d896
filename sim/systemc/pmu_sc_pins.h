// pmu_top's ports in SystemC: the one list of them (PMU_SC_INPUTS / PMU_SC_OUTPUTS: name without
// the _i/_o suffix, width), the port type Verilator --sc gives a port of that width (pin_t), and
// the copy between a port value and the 32-bit words of cmodel/include/pmu_pins.h. Used by the
// SystemC wrapper of the C model (pmu_model_sc.h), so that it has exactly the Verilated
// pmu_top's ports, and by the testbenches that bind both.
#ifndef PMU_SC_PINS_H
#define PMU_SC_PINS_H

#include <systemc.h>
#include <cstdint>
#include <type_traits>

extern "C" {
#include "pmu_model.h"
#include "pmu_pins.h"
}

#define PMU_SC_INPUTS(X)                                                                       \
  X(psel, 1) X(penable, 1) X(pwrite, 1) X(paddr, PMU_AW) X(pwdata, 32) X(pstrb, 4) X(pprot, 3)   \
  X(priv, PMU_THREADS) X(ref_tick, 1) X(ev_ext, PMU_PIN_EV_EXT_W) X(slot_fill, PMU_PIN_SLOT_W)   \
  X(slot_issue, PMU_PIN_SLOT_W) X(slot_retire, PMU_PIN_SLOT_W) X(stk_n, PMU_PIN_STK_N_W)         \
  X(stk_wp, PMU_PIN_STK_WP_W) X(stk_flags, PMU_PIN_STK_FLAGS_W) X(rdp_req, PMU_THREADS)          \
  X(rdp_sel, PMU_PIN_RDP_SEL_W) X(cmt_pc, PMU_PIN_CMT_PC_W) X(cmt_sig, PMU_PIN_CMT_SIG_W)
#define PMU_SC_OUTPUTS(X)                                                                      \
  X(pready, 1) X(prdata, 32) X(pslverr, 1) X(rdp_valid, PMU_THREADS) X(rdp_data, PMU_PIN_RDP_DATA_W) \
  X(irq, PMU_THREADS)

// Verilator's SystemC port types: 1 bit bool, up to 32 uint32_t, up to 64 uint64_t, else sc_bv.
template <int W>
using pin_t = typename std::conditional<
    W == 1, bool,
    typename std::conditional<(W <= 32), uint32_t,
                              typename std::conditional<(W <= 64), uint64_t, sc_dt::sc_bv<W>>::type>::type>::type;

// a pmu_pins_*_t field (one word or an array of words) as a pointer to its words
static inline uint32_t *pin_words(uint32_t &w) { return &w; }
template <std::size_t N> static inline uint32_t *pin_words(uint32_t (&w)[N]) { return w; }
static inline const uint32_t *pin_words(const uint32_t &w) { return &w; }
template <std::size_t N> static inline const uint32_t *pin_words(const uint32_t (&w)[N]) { return w; }

// port value <-> words
static inline void pin_get(bool v, uint32_t *w) { w[0] = v; }
static inline void pin_get(uint32_t v, uint32_t *w) { w[0] = v; }
static inline void pin_get(uint64_t v, uint32_t *w) {
  w[0] = (uint32_t)v;
  w[1] = (uint32_t)(v >> 32);
}
template <int N> static inline void pin_get(const sc_dt::sc_bv<N> &v, uint32_t *w) {
  for (int i = 0; i < (N + 31) / 32; i++) w[i] = (uint32_t)v.get_word(i);
}
static inline void pin_set(bool &v, const uint32_t *w) { v = (w[0] & 1u) != 0; }
static inline void pin_set(uint32_t &v, const uint32_t *w) { v = w[0]; }
static inline void pin_set(uint64_t &v, const uint32_t *w) { v = w[0] | ((uint64_t)w[1] << 32); }
template <int N> static inline void pin_set(sc_dt::sc_bv<N> &v, const uint32_t *w) {
  for (int i = 0; i < (N + 31) / 32; i++) v.set_word(i, w[i]);
}

#endif

// RTL state and port helpers shared by the lockstep harnesses (verif/lockstep/lockstep.cpp: pmu_top
// alone; sim/main/run.cpp: core stub + PMU in sim_top). Reads the PMU's architectural state through
// its /*verilator public_flat_rd*/ signals into the C model's layout (docs/spec.md section 6)
// and compares states and outputs (the state list itself is generated: rtl_state_gen.h).
//
// The includer defines RTL_SIG(name) to the Verilator root member of PMU signal `name` (a
// u_bank/u_regs/... path with __DOT__ separators), e.g. for pmu_top as the top module:
//   #define RTL_SIG(name) pmu_top__DOT__##name
// and includes verilated.h, <string> and the C model header (extern "C") first.
#ifndef RTL_STATE_H
#define RTL_STATE_H

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>

#ifndef RTL_SIG
#error "define RTL_SIG(name) before including rtl_state.h"
#endif

// ---- bit packing between C arrays and Verilator port types --------------------------------
template <typename T> static void put_words(T &p, const uint32_t *w, int nbits) {
  uint64_t v = w[0];
  if (nbits > 32) v |= (uint64_t)w[1] << 32;
  p = (T)v;
}
template <std::size_t N> static void put_words(VlWide<N> &p, const uint32_t *w, int) {
  for (std::size_t i = 0; i < N; i++) p[i] = w[i];
}
template <typename T> static void get_words(const T &p, uint32_t *w, int nbits) {
  uint64_t v = (uint64_t)p;
  w[0] = (uint32_t)v;
  if (nbits > 32) w[1] = (uint32_t)(v >> 32);
}
template <std::size_t N> static void get_words(const VlWide<N> &p, uint32_t *w, int) {
  for (std::size_t i = 0; i < N; i++) w[i] = p[i];
}

static void set_bits(uint32_t *w, int lsb, int width, uint64_t v) {
  // word-wise: at most three 32-bit words touched for width <= 64
  if (width < 64) v &= (1ull << width) - 1;
  int i = lsb >> 5, sh = lsb & 31;
  uint64_t m = (width >= 64) ? ~0ull : ((1ull << width) - 1);
  unsigned __int128 mm = (unsigned __int128)m << sh, vv = (unsigned __int128)v << sh;
  for (int k = 0; k < 3 && (mm >> (32 * k)); k++) {
    uint32_t wm = (uint32_t)(mm >> (32 * k)), wv = (uint32_t)(vv >> (32 * k));
    w[i + k] = (w[i + k] & ~wm) | (wv & wm);
  }
}

// 32-bit words of the widest port copied with get_words/put_words: a trace port (W x 64 bits)
// or the external event lanes (THREADS x NEXT x LW bits), or the commit addresses (THREADS x W x
// 16 bits); +1 for set_bits' third word.
enum {
  MAXW0 = (PMU_W * 64 > PMU_THREADS * PMU_NEXT * PMU_LW) ? PMU_W * 64 : PMU_THREADS * PMU_NEXT * PMU_LW,
  MAXW = ((MAXW0 > PMU_THREADS * PMU_W * 16) ? MAXW0 : PMU_THREADS * PMU_W * 16) / 32 + 2
};

// Bits [lsb+width-1:lsb] (width <= 64) of a Verilator signal read in place: an integral
// signal (CData ... QData) or a VlWide. Used on every cycle, so no copies; a field inside one
// 32-bit word of a VlWide takes the short path.
template <typename T> static inline uint64_t field(const T &p, int lsb, int width) {
  uint64_t v = (uint64_t)p >> lsb;
  return width >= 64 ? v : (v & ((1ull << width) - 1));
}
template <std::size_t N> static inline uint64_t field(const VlWide<N> &p, int lsb, int width) {
  const std::size_t i = (std::size_t)lsb >> 5;
  const int sh = lsb & 31;
  if (sh + width <= 32) return (p[i] >> sh) & (uint32_t)((1ull << width) - 1);
  unsigned __int128 x = p[i];
  if (i + 1 < N) x |= (unsigned __int128)p[i + 1] << 32;
  if (i + 2 < N) x |= (unsigned __int128)p[i + 2] << 64;
  uint64_t v = (uint64_t)(x >> sh);
  return width >= 64 ? v : (v & ((1ull << width) - 1));
}
// 32-bit word i and 64-bit word i of a signal.
template <typename T> static inline uint32_t word32(const T &p, int i) { return (uint32_t)((uint64_t)p >> (32 * i)); }
template <std::size_t N> static inline uint32_t word32(const VlWide<N> &p, int i) { return p[i]; }
template <typename T> static inline uint64_t word64(const T &p, int) { return (uint64_t)p; }
template <std::size_t N> static inline uint64_t word64(const VlWide<N> &p, int i) {
  return p[2 * i] | ((uint64_t)p[2 * i + 1] << 32);
}

// The PMU's outputs of this cycle, from a Verilated top with the pmu_top output port names
// (pmu_top itself, or sim_top which brings them out under the same names).
template <typename Top> static void sample_outputs(Top *d, pmu_out_t *o) {
  o->pready = d->pready_o;
  o->prdata = d->prdata_o;
  o->pslverr = d->pslverr_o;
  for (int t = 0; t < PMU_THREADS; t++) {
    o->irq[t] = (uint8_t)field(d->irq_o, t, 1);
    o->rdp_valid[t] = (uint8_t)field(d->rdp_valid_o, t, 1);
    o->rdp_data[t] = word64(d->rdp_data_o, t);
  }
}

// ---- in-place comparison (every cycle of the main run) ------------------------------------
// The first n 32-bit words of a signal equal w[0..n-1]. A VlWide is compared with one memcmp
// (its words are contiguous, least significant first, like the model's arrays).
template <typename T> static inline bool words_eq(const T &p, const uint32_t *w, int n) {
  for (int i = 0; i < n; i++)
    if (word32(p, i) != w[i]) return false;
  return true;
}
template <std::size_t N> static inline bool words_eq(const VlWide<N> &p, const uint32_t *w, int n) {
  uint32_t x = 0;  // branch-free: these are short (n = THREADS x P words at most)
  for (int i = 0; i < n; i++) x |= p[i] ^ w[i];
  return x == 0;
}
template <typename T> static inline bool words64_eq(const T &p, const uint64_t *m, int n) {
  for (int i = 0; i < n; i++)
    if (word64(p, i) != m[i]) return false;
  return true;
}
template <std::size_t N> static inline bool words64_eq(const VlWide<N> &p, const uint64_t *m, int n) {
  uint64_t x = 0;
  for (int i = 0; i < n; i++) x |= word64(p, i) ^ m[i];
  return x == 0;
}
// Bits 0..n-1 of a signal against n model flags (0/1 bytes), packed 8 at a time: for eight
// 0/1 bytes b0..b7 (b0 lowest), the multiply gathers b_i into bit 56+i.
template <typename T> static inline bool bits_eq(const T &p, const uint8_t *m, int n) {
  for (int i = 0; i < n; i += 8) {
    const int k = n - i < 8 ? n - i : 8;
    uint64_t b = 0;
    std::memcpy(&b, m + i, (std::size_t)k);
    if (((b * 0x0102040810204080ull) >> 56) != field(p, i, k)) return false;
  }
  return true;
}

// Human name of counter bank index i.
static std::string cnt_name(int i) {
  static const char *fixn[3] = {"fix0(cycles)", "fix1(instret)", "fix2(refticks)"};
  static const char *slotn[5] = {"total", "filled", "issued", "retired", "elapsed"};
  int t = i / PMU_NCPT, k = i % PMU_NCPT;
  char b[96];
  if (k < PMU_P) snprintf(b, sizeof b, "t%d.pmc%d", t, k);
  else if (k < PMU_P + 3) snprintf(b, sizeof b, "t%d.%s", t, fixn[k - PMU_P]);
  else if (k < PMU_P + 8) snprintf(b, sizeof b, "t%d.slot.%s", t, slotn[k - PMU_P - 3]);
  else {
    int x = k - PMU_P - 8;
    snprintf(b, sizeof b, "t%d.stk.%s.%s", t, pmu_stage_names[x / 8], pmu_comp_names[x % 8]);
  }
  return b;
}

// CHK(cond, fmt, ...): return the formatted difference from a function with a buffer b.
#define CHK(cond, ...)                       \
  if (cond) {                                \
    snprintf(b, sizeof b, __VA_ARGS__);      \
    return b;                                \
  }

// rtl_state() (the RTL's state read into the model's layout), rtl_state_same() (compared in
// place) and state_diff() (the first difference): generated from the state list of docs/spec.md
// section 6 (the registers of rtl/pmu/data/pmu.rdl and the state list of pmu_params.json).
#include "rtl_state_gen.h"
#include "rtl_state_smp.h"

static std::string out_diff(const pmu_out_t *m, const pmu_out_t *r, const pmu_in_t *in) {
  char b[256];
  CHK(m->pready != r->pready, "pready_o: expected %u, actual %u", m->pready, r->pready)
  CHK(m->pslverr != r->pslverr, "pslverr_o (paddr 0x%x pwrite %u pprot %u): expected %u, actual %u", in->paddr,
      in->pwrite, in->pprot, m->pslverr, r->pslverr)
  CHK(m->prdata != r->prdata, "prdata_o (paddr 0x%x): expected 0x%08x, actual 0x%08x", in->paddr, m->prdata,
      r->prdata)
  for (int t = 0; t < PMU_THREADS; t++) {
    CHK(m->irq[t] != r->irq[t], "irq_o[%d]: expected %u, actual %u", t, m->irq[t], r->irq[t])
    CHK(m->rdp_valid[t] != r->rdp_valid[t], "rdp_valid_o[%d]: expected %u, actual %u", t, m->rdp_valid[t],
        r->rdp_valid[t])
    CHK(m->rdp_data[t] != r->rdp_data[t], "rdp_data_o[%d]: expected 0x%" PRIx64 ", actual 0x%" PRIx64, t,
        m->rdp_data[t], r->rdp_data[t])
  }
  return "";
}

static void print_in(FILE *f, uint64_t cyc, const pmu_in_t *in) {
  fprintf(f, "  cycle %" PRIu64 ": apb psel=%u en=%u wr=%u addr=0x%04x wdata=0x%08x strb=%x prot=%u ref=%u", cyc,
          in->psel, in->penable, in->pwrite, in->paddr, in->pwdata, in->pstrb, in->pprot, in->ref_tick);
  for (int t = 0; t < PMU_THREADS; t++) {
    fprintf(f, "\n    t%d priv=%u lanes=", t, in->priv[t]);
    for (int j = 0; j < PMU_NEXT; j++) fprintf(f, "%s%u", j ? "," : "", in->ev_ext[t][j]);
    fprintf(f, " F/I/R=%u/%u/%u n=%u/%u/%u wp=%u/%u flags=0x%04x rdp=%u:%u", in->slot_fill[t], in->slot_issue[t],
            in->slot_retire[t], in->stk_n[t][0], in->stk_n[t][1], in->stk_n[t][2], in->stk_wp[t][0],
            in->stk_wp[t][1], in->stk_flags[t], in->rdp_req[t], in->rdp_sel[t]);
  }
  fprintf(f, "\n");
}

#endif

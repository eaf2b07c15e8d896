// How the lockstep engine (lockstep_engine.h) reaches the PMU when pmu_top is the Verilated
// top: its input ports are driven from one cycle of model inputs (the same truncation as real
// ports), its flops are read through the pmu_top__DOT__ paths. Included by
// verif/lockstep/lockstep.cpp and verif/fuzz/fuzz_lockstep.cpp (one TU each).
#ifndef PMU_TOP_PORTS_H
#define PMU_TOP_PORTS_H

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>

#include "Vpmu_top.h"
#include "Vpmu_top___024root.h"
#include "verilated.h"

extern "C" {
#include "pmu_model.h"
#include "pmu_cov.h"
}

#define RTL_SIG(name) pmu_top__DOT__##name
#include "lockstep_engine.h"

// Drive the RTL input ports from one cycle of model inputs (same truncation as real ports).
static void drive_pmu_top(Vpmu_top *d, const pmu_in_t *in) {
  d->psel_i = in->psel & 1;
  d->penable_i = in->penable & 1;
  d->pwrite_i = in->pwrite & 1;
  d->paddr_i = in->paddr & ((1u << PMU_AW) - 1u);
  d->pwdata_i = in->pwdata;
  d->pstrb_i = in->pstrb & 0xf;
  d->pprot_i = in->pprot & 7;
  d->ref_tick_i = in->ref_tick & 1;
  uint32_t w[MAXW] = {};
  uint32_t priv = 0, req = 0;
  for (int t = 0; t < PMU_THREADS; t++) {
    priv |= (uint32_t)(in->priv[t] & 1) << t;
    req |= (uint32_t)(in->rdp_req[t] & 1) << t;
  }
  d->priv_i = priv;
  d->rdp_req_i = req;
  memset(w, 0, sizeof w);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int j = 0; j < PMU_NEXT; j++) set_bits(w, (t * PMU_NEXT + j) * PMU_LW, PMU_LW, in->ev_ext[t][j]);
  put_words(d->ev_ext_i, w, PMU_THREADS * PMU_NEXT * PMU_LW);
#define PUT_PER_THREAD(port, field, width)                                        \
  memset(w, 0, sizeof w);                                                         \
  for (int t = 0; t < PMU_THREADS; t++) set_bits(w, t * (width), (width), in->field[t]); \
  put_words(d->port, w, PMU_THREADS * (width));
  PUT_PER_THREAD(slot_fill_i, slot_fill, PMU_NW)
  PUT_PER_THREAD(slot_issue_i, slot_issue, PMU_NW)
  PUT_PER_THREAD(slot_retire_i, slot_retire, PMU_NW)
  PUT_PER_THREAD(stk_flags_i, stk_flags, PMU_NFLAG)
  PUT_PER_THREAD(rdp_sel_i, rdp_sel, 3)
  memset(w, 0, sizeof w);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int s = 0; s < 3; s++) set_bits(w, (t * 3 + s) * PMU_NW, PMU_NW, in->stk_n[t][s]);
  put_words(d->stk_n_i, w, PMU_THREADS * 3 * PMU_NW);
#if PMU_SAMPLER
  memset(w, 0, sizeof w);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int i = 0; i < PMU_W; i++) set_bits(w, (t * PMU_W + i) * 16, 16, in->cmt_pc[t][i]);
  put_words(d->cmt_pc_i, w, PMU_THREADS * PMU_W * 16);
  memset(w, 0, sizeof w);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int i = 0; i < PMU_W; i++) set_bits(w, (t * PMU_W + i) * 5, 5, in->cmt_sig[t][i]);
  put_words(d->cmt_sig_i, w, PMU_THREADS * PMU_W * 5);
#endif
  memset(w, 0, sizeof w);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int s = 0; s < 2; s++) set_bits(w, (t * 2 + s) * PMU_NW, PMU_NW, in->stk_wp[t][s]);
  put_words(d->stk_wp_i, w, PMU_THREADS * 2 * PMU_NW);
}

struct PmuTopPorts {
  typedef Vpmu_top Top;
  Vpmu_top *top = nullptr;
  LOCKSTEP_INLINE void drive(const pmu_in_t *in) { drive_pmu_top(top, in); }
  void capture(pmu_in_t *) {}  // every PMU input comes from the harness
  Vpmu_top___024root *root() { return top->rootp; }
  // zero inputs, one clock edge with reset asserted, reset released (clock left high)
  void reset() {
    pmu_in_t z;
    memset(&z, 0, sizeof z);
    drive_pmu_top(top, &z);
    top->rst_ni = 0;
    top->clk_i = 0;
    top->eval();
    top->clk_i = 1;
    top->eval();
    top->rst_ni = 1;
  }
};

typedef Lockstep<PmuTopPorts> PmuLockstep;

// Sample functional coverage c (verif/coverage/pmu_cov.c) around every model step of p.
static void cov_sample_cb(void *c, const pmu_state_t *pre, const pmu_in_t *in, const pmu_out_t *out,
                          const pmu_state_t *post) {
  pmu_cov_sample((pmu_cov_t *)c, pre, in, out, post);
}
static inline void sample_coverage(PmuLockstep *p, pmu_cov_t *c) {
  p->sample = cov_sample_cb;
  p->sample_ctx = c;
}

#endif

// The lockstep pair for pmu_top as the Verilated top: drives the same inputs into the RTL and
// the C model every cycle, compares the outputs before the clock edge and the whole state after
// it (rtl_state.h), and on the first divergence prints the cycle, the register, expected (model)
// and actual (RTL), the seed, the replay command and the last cycles of inputs.
// Shared by verif/lockstep/lockstep.cpp and verif/fuzz/fuzz_lockstep.cpp (one TU each includes it).
#ifndef LOCKSTEP_PAIR_H
#define LOCKSTEP_PAIR_H

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

#define ROOT(dut) ((dut)->rootp)

#define RTL_SIG(name) pmu_top__DOT__##name
#include "rtl_state.h"

// Drive the RTL input ports from one cycle of model inputs (same truncation as real ports).
static void drive(Vpmu_top *d, const pmu_in_t *in) {
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
  memset(w, 0, sizeof w);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int s = 0; s < 2; s++) set_bits(w, (t * 2 + s) * PMU_NW, PMU_NW, in->stk_wp[t][s]);
  put_words(d->stk_wp_i, w, PMU_THREADS * 2 * PMU_NW);
}


// ---- the lockstep pair ---------------------------------------------------------------------
enum { HIST = 64 };
struct Pair {
  Vpmu_top *rtl;
  pmu_state_t ms;
  uint64_t cycle = 0;
  pmu_in_t hist[HIST];
  int history = 8;
  bool use_rtl = true, use_model = true;
  std::string replay;
  uint64_t seed = 0;
  bool seeded = false;  // a random run: print its seed on a mismatch
  pmu_cov_t *cov = nullptr;  // functional coverage, when sampling
};

static void report(Pair *p, const char *what, const std::string &diff) {
  fprintf(stderr, "MISMATCH at cycle %" PRIu64 " (%s): %s\n", p->cycle, what, diff.c_str());
  if (p->seeded) fprintf(stderr, "seed: %" PRIu64 "\n", p->seed);
  fprintf(stderr, "replay: %s\nlast inputs (oldest first):\n", p->replay.c_str());
  int n = p->history < HIST ? p->history : HIST;
  uint64_t first = p->cycle + 1 >= (uint64_t)n ? p->cycle + 1 - n : 0;
  for (uint64_t c = first; c <= p->cycle; c++) print_in(stderr, c, &p->hist[c % HIST]);
}

static void rtl_reset(Vpmu_top *d) {
  pmu_in_t z;
  memset(&z, 0, sizeof z);
  drive(d, &z);
  d->rst_ni = 0;
  d->clk_i = 0;
  d->eval();
  d->clk_i = 1;
  d->eval();
  d->rst_ni = 1;
}

static void pair_reset(Pair *p) {
  if (p->use_rtl) rtl_reset(p->rtl);
  if (p->use_model) pmu_reset(&p->ms);
}

// One cycle on both sides; returns non-zero on a mismatch (after reporting it).
static int pair_cycle(Pair *p, const pmu_in_t *in, pmu_out_t *out) {
  p->hist[p->cycle % HIST] = *in;
  pmu_out_t ro;
  if (p->use_rtl) {
    drive(p->rtl, in);
    p->rtl->clk_i = 0;
    p->rtl->eval();
    sample_outputs(p->rtl, &ro);
  }
  if (p->use_model) pmu_comb(&p->ms, in, out);
  else *out = ro;
  if (p->use_rtl && p->use_model) {
    std::string d = out_diff(out, &ro, in);
    if (!d.empty()) {
      report(p, "outputs before the clock edge", d);
      return 1;
    }
  }
  if (p->use_rtl) {
    p->rtl->clk_i = 1;
    p->rtl->eval();
  }
  static pmu_state_t pre;
  if (p->cov) pre = p->ms;
  if (p->use_model) pmu_step(&p->ms, in);
  if (p->cov) pmu_cov_sample(p->cov, &pre, in, out, &p->ms);
  if (p->use_rtl && p->use_model) {
    static pmu_state_t rs;
    rtl_state(ROOT(p->rtl), &rs);
    std::string d = state_diff(&p->ms, &rs);
    // the main run's in-place check (sim/main/run.cpp) must agree with the field-wise one
    if (rtl_state_same(ROOT(p->rtl), &p->ms) != d.empty())
      d = "rtl_state_same() disagrees with state_diff() (harness bug)" + (d.empty() ? "" : ": " + d);
    if (!d.empty()) {
      report(p, "state after the clock edge", d);
      return 1;
    }
  }
  p->cycle++;
  return 0;
}

#endif

// Lockstep co-simulation: the Verilated PMU RTL and the C model, stepped in the same cycle and
// compared on every output every cycle and on every state element after every clock edge.
// C++ only as glue for Verilator; all stimulus and checking logic is the C in cmodel/ and verif/.
//
//   Vpmu_lockstep --seed S --cycles N          constrained-random run (prints its seed)
//   Vpmu_lockstep --stim FILE.stim             directed test (docs/stimulus.md)
//   Vpmu_lockstep --bench N [--seed S]         cycles/s: model alone, RTL alone, lockstep
//   options: --history H (input cycles to print on a mismatch), --cov (print every coverage
//   bin), --require-cov (fail a random run that leaves a coverage bin unhit)
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include "Vpmu_top.h"
#include "Vpmu_top___024root.h"
#include "verilated.h"

extern "C" {
#include "pmu_model.h"
#include "pmu_rand.h"
#include "pmu_cov.h"
#include "pmu_stim.h"
}

#define ROOT(dut) ((dut)->rootp)
#define SIG(name) pmu_top__DOT__##name

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
static uint64_t get_bits(const uint32_t *w, int lsb, int width) {
  int i = lsb >> 5, sh = lsb & 31;
  unsigned __int128 x = (unsigned __int128)w[i] | ((unsigned __int128)w[i + 1] << 32) |
                        ((unsigned __int128)w[i + 2] << 64);
  uint64_t v = (uint64_t)(x >> sh);
  return width >= 64 ? v : (v & ((1ull << width) - 1));
}

enum { MAXW = (PMU_NCNT * PMU_CW) / 32 + 8 };  // +slack: get_bits reads 3 words

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

static void sample_outputs(Vpmu_top *d, pmu_out_t *o) {
  o->pready = d->pready_o;
  o->prdata = d->prdata_o;
  o->pslverr = d->pslverr_o;
  uint32_t w[MAXW] = {};
  for (int t = 0; t < PMU_THREADS; t++) {
    o->irq[t] = (d->irq_o >> t) & 1;
    o->rdp_valid[t] = (d->rdp_valid_o >> t) & 1;
  }
  get_words(d->rdp_data_o, w, PMU_THREADS * 64);
  for (int t = 0; t < PMU_THREADS; t++) o->rdp_data[t] = get_bits(w, t * 64, 64);
}

// Read the RTL's architectural state into the model's layout (docs/spec.md section 6).
static void rtl_state(Vpmu_top *d, pmu_state_t *s) {
  auto *r = ROOT(d);
  static uint32_t w[MAXW];
  get_words(r->SIG(u_bank__DOT__cnt_q), w, PMU_NCNT * PMU_CW);
  for (int i = 0; i < PMU_NCNT; i++) s->cnt_q[i] = get_bits(w, i * PMU_CW, PMU_CW);
  get_words(r->SIG(u_regs__DOT__evtsel_q), w, PMU_THREADS * PMU_P * 32);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int k = 0; k < PMU_P; k++) s->evtsel_q[t][k] = w[t * PMU_P + k];
  get_words(r->SIG(u_regs__DOT__ext_q), w, PMU_THREADS * PMU_P * 32);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int k = 0; k < PMU_P; k++) s->ext_q[t][k] = w[t * PMU_P + k];
  get_words(r->SIG(u_regs__DOT__fixctl_q), w, PMU_THREADS * 32);
  for (int t = 0; t < PMU_THREADS; t++) s->fixctl_q[t] = w[t];
  get_words(r->SIG(u_regs__DOT__ctrl_q), w, PMU_THREADS * 32);
  for (int t = 0; t < PMU_THREADS; t++) s->ctrl_q[t] = w[t];
  get_words(r->SIG(u_regs__DOT__gctrl_q), w, PMU_THREADS * 64);
  for (int t = 0; t < PMU_THREADS; t++) s->gctrl_q[t] = get_bits(w, t * 64, 64);
  get_words(r->SIG(u_regs__DOT__gstatus_q), w, PMU_THREADS * 64);
  for (int t = 0; t < PMU_THREADS; t++) s->gstatus_q[t] = get_bits(w, t * 64, 64);
  s->hi_latch_q = r->SIG(u_regs__DOT__hi_latch_q);
  s->hi_addr_q = r->SIG(u_regs__DOT__hi_addr_q);
  s->hi_vld_q = r->SIG(u_regs__DOT__hi_vld_q);
  get_words(r->SIG(u_evctl__DOT__cprev_q), w, PMU_THREADS * PMU_P);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int k = 0; k < PMU_P; k++) s->cprev_q[t][k] = (uint8_t)get_bits(w, t * PMU_P + k, 1);
  get_words(r->SIG(u_evctl__DOT__carry_q), w, PMU_THREADS * PMU_P);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int k = 0; k < PMU_P; k++) s->carry_q[t][k] = (uint8_t)get_bits(w, t * PMU_P + k, 1);
  get_words(r->SIG(u_stack__DOT__carry_q), w, PMU_THREADS * 3 * PMU_CRW);
  for (int t = 0; t < PMU_THREADS; t++)
    for (int st = 0; st < 3; st++)
      s->stk_carry_q[t][st] = (uint8_t)get_bits(w, (t * 3 + st) * PMU_CRW, PMU_CRW);
  get_words(r->SIG(u_rdp__DOT__data_q), w, PMU_THREADS * 64);
  for (int t = 0; t < PMU_THREADS; t++) s->rdp_data_q[t] = get_bits(w, t * 64, 64);
  get_words(r->SIG(u_rdp__DOT__valid_q), w, PMU_THREADS);
  for (int t = 0; t < PMU_THREADS; t++) s->rdp_valid_q[t] = (uint8_t)get_bits(w, t, 1);
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

// First difference between model (expected) and RTL (actual) state, or empty.
static std::string state_diff(const pmu_state_t *m, const pmu_state_t *r) {
  char b[256];
#define CHK(cond, ...)                       \
  if (cond) {                                \
    snprintf(b, sizeof b, __VA_ARGS__);      \
    return b;                                \
  }
  for (int i = 0; i < PMU_NCNT; i++)
    CHK(m->cnt_q[i] != r->cnt_q[i], "u_bank.cnt_q[%d] %s: expected 0x%012" PRIx64 ", actual 0x%012" PRIx64, i,
        cnt_name(i).c_str(), m->cnt_q[i], r->cnt_q[i])
  for (int t = 0; t < PMU_THREADS; t++) {
    for (int k = 0; k < PMU_P; k++) {
      CHK(m->evtsel_q[t][k] != r->evtsel_q[t][k], "u_regs.evtsel_q t%d.evtsel%d: expected 0x%08x, actual 0x%08x",
          t, k, m->evtsel_q[t][k], r->evtsel_q[t][k])
      CHK(m->ext_q[t][k] != r->ext_q[t][k], "u_regs.ext_q t%d.ext%d: expected 0x%08x, actual 0x%08x", t, k,
          m->ext_q[t][k], r->ext_q[t][k])
      CHK(m->cprev_q[t][k] != r->cprev_q[t][k], "u_evctl.cprev_q t%d counter %d: expected %u, actual %u", t, k,
          m->cprev_q[t][k], r->cprev_q[t][k])
      CHK(m->carry_q[t][k] != r->carry_q[t][k], "u_evctl.carry_q t%d counter %d: expected %u, actual %u", t, k,
          m->carry_q[t][k], r->carry_q[t][k])
    }
    CHK(m->fixctl_q[t] != r->fixctl_q[t], "u_regs.fixctl_q t%d: expected 0x%08x, actual 0x%08x", t,
        m->fixctl_q[t], r->fixctl_q[t])
    CHK(m->ctrl_q[t] != r->ctrl_q[t], "u_regs.ctrl_q t%d: expected 0x%08x, actual 0x%08x", t, m->ctrl_q[t],
        r->ctrl_q[t])
    CHK(m->gctrl_q[t] != r->gctrl_q[t], "u_regs.gctrl_q t%d: expected 0x%016" PRIx64 ", actual 0x%016" PRIx64, t,
        m->gctrl_q[t], r->gctrl_q[t])
    CHK(m->gstatus_q[t] != r->gstatus_q[t],
        "u_regs.gstatus_q t%d: expected 0x%016" PRIx64 ", actual 0x%016" PRIx64, t, m->gstatus_q[t],
        r->gstatus_q[t])
    for (int st = 0; st < 3; st++)
      CHK(m->stk_carry_q[t][st] != r->stk_carry_q[t][st], "u_stack.carry_q t%d %s: expected %u, actual %u", t,
          pmu_stage_names[st], m->stk_carry_q[t][st], r->stk_carry_q[t][st])
    CHK(m->rdp_data_q[t] != r->rdp_data_q[t], "u_rdp.data_q t%d: expected 0x%" PRIx64 ", actual 0x%" PRIx64, t,
        m->rdp_data_q[t], r->rdp_data_q[t])
    CHK(m->rdp_valid_q[t] != r->rdp_valid_q[t], "u_rdp.valid_q t%d: expected %u, actual %u", t,
        m->rdp_valid_q[t], r->rdp_valid_q[t])
  }
  CHK(m->hi_latch_q != r->hi_latch_q, "u_regs.hi_latch_q: expected 0x%08x, actual 0x%08x", m->hi_latch_q,
      r->hi_latch_q)
  CHK(m->hi_addr_q != r->hi_addr_q, "u_regs.hi_addr_q: expected 0x%x, actual 0x%x", m->hi_addr_q, r->hi_addr_q)
  CHK(m->hi_vld_q != r->hi_vld_q, "u_regs.hi_vld_q: expected %u, actual %u", m->hi_vld_q, r->hi_vld_q)
  return "";
}

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
  pmu_cov_t *cov = nullptr;  // functional coverage, when sampling
};

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

static void report(Pair *p, const char *what, const std::string &diff) {
  fprintf(stderr, "MISMATCH at cycle %" PRIu64 " (%s): %s\n", p->cycle, what, diff.c_str());
  fprintf(stderr, "seed: %" PRIu64 "\nreplay: %s\nlast inputs (oldest first):\n", p->seed, p->replay.c_str());
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
    rtl_state(p->rtl, &rs);
    std::string d = state_diff(&p->ms, &rs);
    if (!d.empty()) {
      report(p, "state after the clock edge", d);
      return 1;
    }
  }
  p->cycle++;
  return 0;
}

// pmu_dut_t adapter for directed stimulus files
static int dut_cycle(void *ctx, const pmu_in_t *in, pmu_out_t *out) { return pair_cycle((Pair *)ctx, in, out); }
static void dut_reset(void *ctx) { pair_reset((Pair *)ctx); }
static const pmu_state_t *dut_state(void *ctx) { return &((Pair *)ctx)->ms; }

static double now_s() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double run_random(Pair *p, uint64_t seed, uint64_t cycles, int *fail) {
  pmu_rand_t r;
  pmu_rand_init(&r, seed);
  pair_reset(p);
  pmu_in_t in;
  pmu_out_t out;
  double t0 = now_s();
  *fail = 0;
  for (uint64_t c = 0; c < cycles; c++) {
    pmu_rand_next(&r, &in);
    if (c % 100003 == 100002) {  // a reset now and then, in the middle of everything
      pair_reset(p);
      continue;
    }
    if (pair_cycle(p, &in, &out)) {
      *fail = 1;
      break;
    }
  }
  return now_s() - t0;
}

static void usage() {
  fprintf(stderr,
          "usage: Vpmu_lockstep --seed S --cycles N | --stim FILE | --bench N [--seed S]\n"
          "       [--history H] [--cov] [--require-cov]\n");
}

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  uint64_t seed = 1, cycles = 100000, bench = 0;
  const char *stim = nullptr;
  int history = 8;
  bool have_seed = false, require_cov = false, cov_verbose = false;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto need = [&](void) -> const char * {
      if (i + 1 >= argc) {
        fprintf(stderr, "error: %s needs a value\n", a.c_str());
        exit(2);
      }
      return argv[++i];
    };
    auto num = [&](const char *s) -> uint64_t {
      char *e;
      errno = 0;
      unsigned long long v = strtoull(s, &e, 0);
      if (*s == '\0' || *e != '\0' || errno) {
        fprintf(stderr, "error: %s: '%s' is not a number\n", a.c_str(), s);
        exit(2);
      }
      return v;
    };
    if (a == "--seed") { seed = num(need()); have_seed = true; }
    else if (a == "--cycles") cycles = num(need());
    else if (a == "--stim") stim = need();
    else if (a == "--bench") bench = num(need());
    else if (a == "--history") history = (int)num(need());
    else if (a == "--require-cov") require_cov = true;
    else if (a == "--cov") cov_verbose = true;
    else if (a.rfind("+verilator", 0) == 0) continue;
    else if (a == "--help" || a == "-h") { usage(); return 0; }
    else { fprintf(stderr, "error: unknown option '%s'\n", a.c_str()); usage(); return 2; }
  }
  if (!have_seed && !stim && !bench) {
    seed = (uint64_t)time(nullptr) ^ ((uint64_t)clock() << 20);
    seed &= 0xffffffffu;
  }

  Pair *p = new Pair();
  p->rtl = new Vpmu_top;
  p->history = history;
  p->seed = seed;
  char cmd[512];

  if (stim) {
    char err[512];
    pmu_stim_t *prog = pmu_stim_parse(stim, err, sizeof err);
    if (!prog) {
      fprintf(stderr, "%s\n", err);
      return 2;
    }
    snprintf(cmd, sizeof cmd, "%s --stim %s", argv[0], stim);
    p->replay = cmd;
    pmu_dut_t dut = {p, dut_cycle, dut_reset, dut_state};
    pair_reset(p);
    uint64_t ncyc = 0;
    int bad = pmu_stim_run(prog, &dut, stderr, &ncyc);
    pmu_stim_free(prog);
    if (bad != 0) {
      printf("FAIL %s (%s)\n", stim, bad < 0 ? "lockstep mismatch" : "failed checks");
      return 1;
    }
    printf("PASS %s: lockstep %" PRIu64 " cycles, 0 mismatches\n", stim, ncyc);
    return 0;
  }

  if (bench) {
    int fail;
    p->use_rtl = false;  // model alone (plus stimulus generation)
    double tm = run_random(p, seed, bench, &fail);
    p->use_rtl = true;
    p->use_model = false;  // RTL alone
    double tr = run_random(p, seed, bench, &fail);
    p->use_model = true;  // lockstep
    double tl = run_random(p, seed, bench, &fail);
    pmu_rand_t r;
    pmu_rand_init(&r, seed);
    pmu_in_t in;
    double t0 = now_s();
    for (uint64_t c = 0; c < bench; c++) pmu_rand_next(&r, &in);
    double tg = now_s() - t0;
    printf("bench: %" PRIu64 " cycles, seed %" PRIu64 "\n", bench, seed);
    printf("  stimulus generator only : %12.0f cycles/s\n", bench / tg);
    printf("  C model alone           : %12.0f cycles/s\n", bench / tm);
    printf("  RTL alone (Verilator)   : %12.0f cycles/s\n", bench / tr);
    printf("  RTL + lockstep model    : %12.0f cycles/s  (model+compare = %.0f%% of the run)\n", bench / tl,
           100.0 * (tl - tr) / tl);
    return fail;
  }

  snprintf(cmd, sizeof cmd, "%s --seed %" PRIu64 " --cycles %" PRIu64, argv[0], seed, cycles);
  p->replay = cmd;
  printf("lockstep: seed %" PRIu64 ", %" PRIu64 " cycles\n", seed, cycles);
  fflush(stdout);
  int fail;
  static pmu_cov_t cov;
  p->cov = &cov;
  double t = run_random(p, seed, cycles, &fail);
  int unhit = pmu_cov_report(&cov, stdout, cov_verbose);
  if (!fail && require_cov && unhit) {
    printf("lockstep: FAIL: %d coverage bins never hit (seed %" PRIu64 ")\n", unhit, seed);
    return 1;
  }
  if (fail) {
    printf("lockstep: FAIL at cycle %" PRIu64 " (seed %" PRIu64 ")\n", p->cycle, seed);
    return 1;
  }
  printf("lockstep: %" PRIu64 " cycles, 0 mismatches (seed %" PRIu64 ", %.2f s, %.0f cycles/s)\n", p->cycle, seed,
         t, cycles / t);
  return 0;
}

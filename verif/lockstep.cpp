// Lockstep co-simulation: the Verilated PMU RTL and the C model, stepped in the same cycle and
// compared on every output every cycle and on every state element after every clock edge.
// C++ only as glue for Verilator; all stimulus and checking logic is the C in cmodel/ and verif/.
//
//   Vpmu_lockstep --seed S --cycles N          constrained-random run (prints its seed)
//   Vpmu_lockstep --stim FILE.stim             directed test (docs/stimulus.md)
//   Vpmu_lockstep --bench N [--seed S]         cycles/s: model alone, RTL alone, lockstep
//   options: --history H (input cycles to print on a mismatch), --cov (print every coverage
//   bin), --require-cov (fail a random run that leaves a coverage bin unhit), --cov-out FILE
//   (write the bin counts in the mergeable stallscope-cov v1 format)
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
  pmu_cov_t *cov = nullptr;  // functional coverage, when sampling
};

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
    rtl_state(ROOT(p->rtl), &rs);
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
          "       [--history H] [--cov] [--require-cov] [--cov-out FILE]\n");
}

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  uint64_t seed = 1, cycles = 100000, bench = 0;
  const char *stim = nullptr;
  const char *cov_out = nullptr;
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
    else if (a == "--cov-out") cov_out = need();
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
  if (cov_out) {
    // Written to a temporary name and renamed, so a crash never leaves a valid-looking file.
    std::string tmp = std::string(cov_out) + ".tmp";
    FILE *cf = fopen(tmp.c_str(), "w");
    if (!cf || pmu_cov_write(&cov, cf) != 0 || fclose(cf) != 0 || rename(tmp.c_str(), cov_out) != 0) {
      fprintf(stderr, "error: %s: cannot write coverage file\n", cov_out);
      return 2;
    }
  }
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

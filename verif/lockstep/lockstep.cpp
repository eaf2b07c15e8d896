// Lockstep co-simulation: the Verilated PMU RTL and the C model, stepped in the same cycle and
// compared on every output every cycle and on every state element after every clock edge, by
// the lockstep engine (lockstep_engine.h; pmu_top_ports.h reaches pmu_top's ports). This file
// only chooses the stimulus (random, a .stim file) and the run mode. C++ only as glue for
// Verilator; all stimulus and checking logic is the C in cmodel/ and verif/.
//
//   Vpmu_lockstep --seed S --cycles N          constrained-random run (prints its seed)
//   Vpmu_lockstep --stim FILE.stim             directed test (docs/stimulus.md)
//   Vpmu_lockstep --bench N [--seed S]         cycles/s: model alone, RTL alone, lockstep (best
//                                              of 5 alternating rounds of N/5 cycles)
//   options: --history H (input cycles to print on a mismatch), --cov (print every coverage
//   bin), --require-cov (fail a random run that leaves a coverage bin unhit), --cov-out FILE
//   (write the bin counts in the mergeable stallscope-cov v1 format)
//   waveform builds only (--trace-fst, build/lockstep_wave*): --wave FILE.fst dumps the RTL from
//   cycle --wave-from C on (default 0) to cycle --wave-to C (default: the end of the run) or the
//   first mismatch; cycle c is at time 10c ns (inputs applied, clock low) and 10c+5 (after the
//   rising edge). scripts/regress/regress.py reruns a failing run this way (docs/regression.md).
#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include "pmu_top_ports.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif

extern "C" {
#include "pmu_rand.h"
#include "pmu_stim.h"
}

// ---- waveform (--wave): an observer of the engine ------------------------------------------
// Cycle c is dumped at 10c (inputs applied, clock low: what the outputs are compared on) and
// 10c+5 (after the rising edge: the state that is compared; not when the outputs differed).
static uint64_t g_wave_from = 0, g_wave_to = UINT64_MAX;
#if VM_TRACE_FST
struct WaveDump : LockstepObserver {
  VerilatedFstC *fst = nullptr;
  bool in_window(uint64_t c) const { return c >= g_wave_from && c <= g_wave_to; }
  void inputs(uint64_t c, const pmu_in_t *) override {
    if (in_window(c)) fst->dump(10 * c);
  }
  void edge(uint64_t c) override {
    if (in_window(c)) fst->dump(10 * c + 5);
  }
};
static WaveDump *g_wave = nullptr;
static void wave_close() {
  if (g_wave && g_wave->fst) g_wave->fst->close();
  if (g_wave) g_wave->fst = nullptr;
}
#endif

// pmu_dut_t adapter for directed stimulus files
static int dut_cycle(void *ctx, const pmu_in_t *in, pmu_out_t *out) {
  PmuLockstep *p = (PmuLockstep *)ctx;
  pmu_in_t *x = p->next_in();
  *x = *in;
  return p->step(x, out);
}
static void dut_reset(void *ctx) { ((PmuLockstep *)ctx)->reset(); }
static const pmu_state_t *dut_state(void *ctx) { return &((PmuLockstep *)ctx)->ms; }

static double now_s() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double run_random(PmuLockstep *p, uint64_t seed, uint64_t cycles, int *fail) {
  pmu_rand_t r;
  pmu_rand_init(&r, seed);
  p->reset();
  pmu_in_t in;
  pmu_out_t out;
  double t0 = now_s();
  *fail = 0;
  int after_reset = 0;
  for (uint64_t c = 0; c < cycles; c++) {
    pmu_rand_next(&r, &in);
    if (c % 100003 == 100002) {  // a reset now and then, in the middle of everything
      p->reset();
      after_reset = 1;
      continue;
    }
    // A reset aborts an APB transfer: an access phase right after it loses its setup phase,
    // which APB requires (spec 4: the block-RAM pre-read and PIPE's decode register use it), so
    // it becomes the setup phase of a transfer the generator then drops.
    if (after_reset && in.psel && in.penable)
      in.penable = 0;
    after_reset = 0;
    if (p->step(&in, &out)) {
      *fail = 1;
      break;
    }
    r.pready = out.pready;  // the master holds an access phase while pready is 0 (spec 5.1)
  }
  return now_s() - t0;
}

static void usage() {
  fprintf(stderr,
          "usage: Vpmu_lockstep --seed S --cycles N | --stim FILE | --bench N [--seed S]\n"
          "       [--history H] [--cov] [--require-cov] [--cov-out FILE]\n"
          "       [--wave FILE.fst [--wave-from CYCLE] [--wave-to CYCLE]]   (waveform builds only)\n");
}

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  uint64_t seed = 1, cycles = 100000, bench = 0;
  const char *stim = nullptr;
  const char *cov_out = nullptr;
  const char *wave = nullptr;
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
    else if (a == "--wave") wave = need();
    else if (a == "--wave-from") g_wave_from = num(need());
    else if (a == "--wave-to") g_wave_to = num(need());
    else if (a.rfind("+verilator", 0) == 0) continue;
    else if (a == "--help" || a == "-h") { usage(); return 0; }
    else { fprintf(stderr, "error: unknown option '%s'\n", a.c_str()); usage(); return 2; }
  }
  if (!have_seed && !stim && !bench) {
    seed = (uint64_t)time(nullptr) ^ ((uint64_t)clock() << 20);
    seed &= 0xffffffffu;
  }

  if (wave && bench) {
    fprintf(stderr, "error: --wave and --bench are exclusive\n");
    return 2;
  }
#if VM_TRACE_FST
  if (wave) Verilated::traceEverOn(true);
#else
  if (wave) {
    fprintf(stderr, "error: --wave: %s was built without waveform support; use the waveform build "
                    "(make build/lockstep_wave/Vpmu_lockstep)\n", argv[0]);
    return 2;
  }
#endif

  PmuLockstep *p = new PmuLockstep();
  p->io.top = new Vpmu_top;
  p->cross_check = true;  // this harness proves the main run's in-place state check every cycle
#if VM_TRACE_FST
  if (wave) {
    g_wave = new WaveDump;
    g_wave->fst = new VerilatedFstC;
    p->io.top->trace(g_wave->fst, 99);
    g_wave->fst->open(wave);
    p->obs = g_wave;
    if (!g_wave->fst->isOpen()) {
      fprintf(stderr, "error: --wave: cannot open %s\n", wave);
      return 2;
    }
    atexit(wave_close);  // every exit path below closes (and so completes) the file
    printf("lockstep: waveform %s from cycle %" PRIu64 "\n", wave, g_wave_from);
  }
#endif
  p->history = history;
  p->seed = seed;
  p->seeded = !stim;  // directed tests have no seed
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
    p->reset();
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
    // BENCH_ROUNDS rounds of bench/BENCH_ROUNDS cycles per mode, the modes alternating; the
    // fastest round of each mode counts (a shared machine only ever makes a round slower).
    enum { BENCH_ROUNDS = 5 };
    const uint64_t per = bench / BENCH_ROUNDS ? bench / BENCH_ROUNDS : 1;
    int fail = 0, f;
    double tm = 1e30, tr = 1e30, tl = 1e30, tg = 1e30;
    for (int round = 0; round < BENCH_ROUNDS; round++) {
      p->use_rtl = false;  // model alone (plus stimulus generation)
      p->use_model = true;
      tm = std::min(tm, run_random(p, seed, per, &f));
      fail |= f;
      p->use_rtl = true;
      p->use_model = false;  // RTL alone
      tr = std::min(tr, run_random(p, seed, per, &f));
      fail |= f;
      p->use_model = true;  // lockstep
      tl = std::min(tl, run_random(p, seed, per, &f));
      fail |= f;
      pmu_rand_t r;
      pmu_rand_init(&r, seed);
      pmu_in_t in;
      double t0 = now_s();
      for (uint64_t c = 0; c < per; c++) pmu_rand_next(&r, &in);
      tg = std::min(tg, now_s() - t0);
    }
    printf("bench: seed %" PRIu64 ", best of %d rounds of %" PRIu64 " cycles each\n", seed, (int)BENCH_ROUNDS, per);
    printf("  stimulus generator only : %12.0f cycles/s\n", per / tg);
    printf("  C model alone           : %12.0f cycles/s\n", per / tm);
    printf("  RTL alone (Verilator)   : %12.0f cycles/s\n", per / tr);
    printf("  RTL + lockstep model    : %12.0f cycles/s  ", per / tl);
    if (tl > tr)
      printf("(model+compare = %.0f%% of the run)\n", 100.0 * (tl - tr) / tl);
    else  // only machine load can make the longer run look faster
      printf("(model+compare: not measurable, the machine load changed between rounds)\n");
    return fail;
  }

  snprintf(cmd, sizeof cmd, "%s --seed %" PRIu64 " --cycles %" PRIu64, argv[0], seed, cycles);
  p->replay = cmd;
  printf("lockstep: seed %" PRIu64 ", %" PRIu64 " cycles\n", seed, cycles);
  fflush(stdout);
  int fail;
  static pmu_cov_t cov;
  sample_coverage(p, &cov);
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

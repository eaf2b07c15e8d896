// SystemC pin-level lockstep: the Verilated pmu_top (verilator --sc, module Vpmu_top) and the C
// model in its SystemC wrapper (PmuModelSc, pmu_model_sc.h) side by side on the same signals and
// the same clock, driven by the random stimulus of the lockstep harness (verif/lockstep/
// pmu_rand.c, the same seed gives the same inputs) and compared every cycle: the outputs with the
// clock low before each rising edge, the whole architectural state after it (rtl_state.h). The
// first divergence is reported by the lockstep engine's report (verif/lockstep/
// lockstep_engine.h): cycle, signal, expected (model) and actual (RTL), seed, replay command,
// last inputs. As the harness, a reset every 100003 cycles.
//
//   Vpmu_sc_lockstep --seed S --cycles N   (seed: the clock unless given; printed)
// Ends with "N passed, N failed".
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include <systemc.h>

#include "Vpmu_top.h"
#include "Vpmu_top___024root.h"
#include "verilated.h"

extern "C" {
#include "pmu_rand.h"
}
#include "pmu_model_sc.h"

#define RTL_SIG(name) pmu_top__DOT__##name
#include "lockstep_engine.h"

// The engine's view of the Verilated top; only its report and input history are used here
// (SystemC, not the engine, evaluates the RTL: the engine's step() is never instantiated).
struct ScPorts {
  typedef Vpmu_top Top;
  Vpmu_top *top = nullptr;
  Vpmu_top___024root *root() { return top->rootp; }
};

SC_MODULE(ScLockstep) {
  sc_signal<bool> clk, rst_n;
#define SIG(name, w) sc_signal<pin_t<(w)>> name##_s;
#define SIG_M(name, w) sc_signal<pin_t<(w)>> name##_m;  // the model's outputs
  PMU_SC_INPUTS(SIG)
  PMU_SC_OUTPUTS(SIG)
  PMU_SC_OUTPUTS(SIG_M)
#undef SIG
#undef SIG_M
  Vpmu_top *rtl;
  PmuModelSc *model;
  Lockstep<ScPorts> eng;  // report() and the input history
  uint64_t seed = 1, cycles = 0;
  bool failed = false;
  double secs = 0;

  SC_CTOR(ScLockstep) {
    rtl = new Vpmu_top("rtl");
    model = new PmuModelSc("model");
    eng.io.top = rtl;
    rtl->clk_i(clk);
    rtl->rst_ni(rst_n);
    model->clk_i(clk);
    model->rst_ni(rst_n);
#define BIND_IN(name, w) rtl->name##_i(name##_s); model->name##_i(name##_s);
#define BIND_OUT(name, w) rtl->name##_o(name##_s); model->name##_o(name##_m);
    PMU_SC_INPUTS(BIND_IN)
    PMU_SC_OUTPUTS(BIND_OUT)
#undef BIND_IN
#undef BIND_OUT
    SC_THREAD(run);
  }

  void drive(const pmu_in_t *in) {
    pmu_pins_in_t p;
    pmu_pins_pack_in(in, &p);
#define PUT(name, w) { pin_t<(w)> v; pin_set(v, pin_words(p.name)); name##_s.write(v); }
    PMU_SC_INPUTS(PUT)
#undef PUT
  }

  void outputs(pmu_out_t *rtl_out, pmu_out_t *model_out) const {
    pmu_pins_out_t r, m;
#define GET(name, w) pin_get(name##_s.read(), pin_words(r.name)); pin_get(name##_m.read(), pin_words(m.name));
    PMU_SC_OUTPUTS(GET)
#undef GET
    pmu_pins_unpack_out(&r, rtl_out);
    pmu_pins_unpack_out(&m, model_out);
  }

  // one clock period: clock low (inputs settle, outputs compared) 5 ns, high 5 ns
  void reset() {
    pmu_in_t z;
    memset(&z, 0, sizeof z);
    drive(&z);
    rst_n.write(false);
    clk.write(false);
    wait(5, SC_NS);
    clk.write(true);
    wait(5, SC_NS);
    rst_n.write(true);
  }

  void run() {
    pmu_rand_t r;
    pmu_rand_init(&r, seed);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    reset();
    for (uint64_t c = 0; c < cycles; c++) {
      pmu_in_t *in = eng.next_in();
      pmu_rand_next(&r, in);
      if (c % 100003 == 100002) {  // a reset now and then, as the lockstep harness
        reset();
        continue;
      }
      drive(in);
      clk.write(false);
      wait(5, SC_NS);
      pmu_out_t ro, mo;
      outputs(&ro, &mo);
      if (!out_same(&mo, &ro)) {
        eng.report("outputs before the clock edge", out_diff(&mo, &ro, in));
        failed = true;
        break;
      }
      r.pready = mo.pready;  // the master holds an access phase while pready is 0 (spec 5.1)
      clk.write(true);
      wait(5, SC_NS);
      if (!rtl_state_same(rtl->rootp, &model->state)) {
        pmu_state_t rs;
        rtl_state(rtl->rootp, &rs);
        eng.report("state after the clock edge", state_diff(&model->state, &rs));
        failed = true;
        break;
      }
      eng.cycle++;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
    // nothing more is scheduled: sc_start() returns
  }
};

static uint64_t num(const char *opt, const char *s) {
  char *e;
  errno = 0;
  unsigned long long v = strtoull(s, &e, 0);
  if (*s == '\0' || *e != '\0' || errno) {
    fprintf(stderr, "error: %s: '%s' is not a number\n", opt, s);
    exit(2);
  }
  return v;
}

int sc_main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  uint64_t seed = (uint64_t)time(nullptr) & 0xffffffffu, cycles = 100000;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if ((a == "--seed" || a == "--cycles") && i + 1 < argc) {
      uint64_t v = num(argv[i], argv[i + 1]);
      (a == "--seed" ? seed : cycles) = v;
      i++;
    } else if (a.rfind("+verilator", 0) == 0) {
      continue;
    } else {
      fprintf(stderr, "usage: %s [--seed S] [--cycles N]\n", argv[0]);
      return 2;
    }
  }
  ScLockstep tb("tb");
  tb.seed = seed;
  tb.cycles = cycles;
  tb.eng.seeded = true;
  tb.eng.seed = seed;
  char cmd[512];
  snprintf(cmd, sizeof cmd, "%s --seed %" PRIu64 " --cycles %" PRIu64, argv[0], seed, cycles);
  tb.eng.replay = cmd;
  printf("sc_lockstep: Verilated pmu_top (SystemC) against PmuModelSc, seed %" PRIu64 ", %" PRIu64 " cycles\n",
         seed, cycles);
  fflush(stdout);
  sc_start();
  if (tb.failed) {
    printf("sc_lockstep: FAIL at cycle %" PRIu64 " (seed %" PRIu64 ")\n0 passed, 1 failed\n", tb.eng.cycle, seed);
    return 1;
  }
  printf("sc_lockstep: %" PRIu64 " cycles, 0 mismatches (seed %" PRIu64 ", %.2f s, %.0f cycles/s)\n1 passed, 0 failed\n",
         tb.eng.cycle, seed, tb.secs, cycles / tb.secs);
  return 0;
}

// The lockstep engine: the one place that steps the PMU RTL and the C model together and checks
// them. Every harness uses it: the PMU harness (verif/lockstep/lockstep.cpp, also built with
// code coverage by verif/coverage/lockstep_cov.cpp), the main run (sim/main/run.cpp, the PMU
// inside sim_top) and the lockstep fuzzer (verif/fuzz/fuzz_lockstep.cpp).
//
// One cycle, always in this order (Lockstep<Ports>::step):
//   1. drive      the harness's inputs into the Verilated top (Ports::drive), clock low, eval
//   2. capture    the PMU's inputs as the RTL sees them (Ports::capture: nothing for pmu_top, the
//                 core's outputs for sim_top), kept in the input history
//   3. compare    the PMU's outputs: model (expected) against RTL (actual), before the edge
//   4. clock      rising edge of the RTL, one step of the model (and the coverage sampler)
//   5. compare    the whole architectural state (docs/spec.md section 6) after the edge
// The first divergence prints one report (report()): the cycle, the signal or state element,
// expected and actual, the seed, the replay command and the last cycles of PMU inputs; step()
// then returns 1 and the harness decides how to stop (exit status 1, abort() in the fuzzer).
//
// What differs between harnesses is only how the PMU's ports and flops are reached, given as the
// Ports class (pmu_top_ports.h for pmu_top as the top; SimTopPorts in sim/main/run.cpp):
//   typename Top;  Top *top;            the Verilated top (clk_i, rst_ni, pmu_top's output names)
//   void drive(const pmu_in_t *in);     set the top's inputs for this cycle (before the eval)
//   void capture(pmu_in_t *in);         after the eval: fill in what the RTL itself drives
//   void reset();                       reset the RTL (harnesses with their own sequence: no-op)
//   auto *root();                       the root with the RTL_SIG(...) members (rtl_state.h)
// The includer defines RTL_SIG and includes verilated.h and the model header (extern "C") and
// the Verilated top's headers first, as for rtl_state.h.
//
// Optional hooks (Observer, one pointer; nullptr costs one branch per cycle): after the inputs
// are evaluated (waveform dump at 10c, trace writers, digests) and after the edge (waveform dump
// at 10c+5; not reached when the outputs already differed).
#ifndef LOCKSTEP_ENGINE_H
#define LOCKSTEP_ENGINE_H

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>

#include "rtl_state.h"

// Called at fixed points of every cycle when set (Lockstep::obs).
struct LockstepObserver {
  virtual ~LockstepObserver() {}
  // inputs applied and evaluated with the clock low, before the outputs are compared
  virtual void inputs(uint64_t cycle, const pmu_in_t *in) = 0;
  // after the rising edge of the RTL, before the state is compared
  virtual void edge(uint64_t cycle) = 0;
};

// Outputs equal; the same fields as out_diff() (rtl_state.h), without building a string.
static inline bool out_same(const pmu_out_t *m, const pmu_out_t *r) {
  if (m->pready != r->pready || m->pslverr != r->pslverr || m->prdata != r->prdata) return false;
  for (int t = 0; t < PMU_THREADS; t++)
    if (m->irq[t] != r->irq[t] || m->rdp_valid[t] != r->rdp_valid[t] || m->rdp_data[t] != r->rdp_data[t])
      return false;
  return true;
}

enum { LOCKSTEP_HIST = 64 };

// step() and the Ports' drive()/capture() are inlined into the harness's loop: as one function
// the compiler also inlines rtl_state_same() into it (called through the engine, clang++ -O3 left
// both out of line: about 50 host instructions more per main-run cycle).
#define LOCKSTEP_INLINE inline __attribute__((always_inline))  // input cycles kept for the mismatch report (--history at most this)

template <class Ports> struct Lockstep {
  Ports io;                   // how the PMU's ports and flops are reached
  pmu_state_t ms;             // the C model
  uint64_t cycle = 0;         // cycles stepped since the harness last set it
  bool use_rtl = true;        // false: model alone (a bench mode of the PMU harness)
  bool use_model = true;      // false: RTL alone (bench modes), nothing compared
  // Every cycle, also check that the in-place state comparison (rtl_state_same(), what the
  // main run relies on) agrees with the field-wise one (rtl_state() + state_diff()).
  bool cross_check = false;
  // A sampler called around every model step when set (functional coverage, pmu_cov.h):
  // sample(ctx, state before the edge, inputs, outputs, state after the edge).
  void (*sample)(void *ctx, const pmu_state_t *pre, const pmu_in_t *in, const pmu_out_t *out,
                 const pmu_state_t *post) = nullptr;
  void *sample_ctx = nullptr;
  LockstepObserver *obs = nullptr;
  // the report
  int history = 8;            // input cycles printed
  bool seeded = false;        // print the seed (random runs)
  uint64_t seed = 0;
  std::string replay;         // the command that reproduces the run
  pmu_in_t hist[LOCKSTEP_HIST];

  // Where the inputs of the next cycle may be built in place (step() then copies nothing).
  pmu_in_t *next_in() { return &hist[cycle % LOCKSTEP_HIST]; }

  void reset() {
    if (use_rtl) io.reset();
    if (use_model) pmu_reset(&ms);
  }

  // The model takes the RTL's state (after cycles run with use_model = false).
  void model_from_rtl() {
    rtl_state(io.root(), &ms);
#if PMU_SAMPLER
    smp_state_from_rtl(io.root(), &ms);  // the sampler's state (rtl_state_smp.h)
#endif
  }

  // The first-divergence report, on stderr.
  void report(const char *what, const std::string &diff) const {
    fprintf(stderr, "MISMATCH at cycle %" PRIu64 " (%s): %s\n", cycle, what, diff.c_str());
    if (seeded) fprintf(stderr, "seed: %" PRIu64 "\n", seed);
    fprintf(stderr, "replay: %s\nlast PMU inputs (oldest first):\n", replay.c_str());
    const int n = history < LOCKSTEP_HIST ? history : LOCKSTEP_HIST;
    const uint64_t first = cycle + 1 >= (uint64_t)n ? cycle + 1 - n : 0;
    for (uint64_t c = first; c <= cycle; c++) print_in(stderr, c, &hist[c % LOCKSTEP_HIST]);
  }

  // One cycle on both sides (the order at the top of this file). *in holds what the harness
  // drives; capture() completes it with what the RTL drives. Returns 1 after reporting the
  // first divergence, else 0.
  LOCKSTEP_INLINE int step(pmu_in_t *in, pmu_out_t *out) {
    pmu_in_t *h = &hist[cycle % LOCKSTEP_HIST];
    pmu_out_t ro;
    if (use_rtl) {
      io.drive(in);
      io.top->clk_i = 0;
      io.top->eval();
      io.capture(in);
      if (obs) obs->inputs(cycle, in);
      sample_outputs(io.top, &ro);
    }
    if (in != h) *h = *in;
    if (!use_model) {
      *out = ro;
    } else {
      pmu_comb(&ms, in, out);
      if (use_rtl && !out_same(out, &ro)) {
        std::string d = out_diff(out, &ro, in);
        if (d.empty()) d = "out_same() and out_diff() disagree (harness bug)";
        report("outputs before the clock edge", d);
        return 1;
      }
    }
    if (use_rtl) {
      io.top->clk_i = 1;
      io.top->eval();
      if (obs) obs->edge(cycle);
    }
    if (use_model) {
      if (sample) {
        static pmu_state_t pre;
        pre = ms;
        pmu_step(&ms, in);
        sample(sample_ctx, &pre, in, out, &ms);
      } else {
        pmu_step(&ms, in);
      }
      if (use_rtl) {
        if (cross_check) {
          if (cross_checked_state_differs()) return 1;
        } else if (!rtl_state_same(io.root(), &ms)) {  // in place, no copy
          report_state_diff();
          return 1;
        }
#if PMU_SAMPLER
        if (!smp_state_same(io.root(), &ms, nullptr, 0)) {  // the sampler (rtl_state_smp.h)
          report_smp_diff();
          return 1;
        }
#endif
      }
    }
    cycle++;
    return 0;
  }

 private:
  // After the edge, when the in-place check (rtl_state_same()) found a difference: name the
  // first one field by field and report it (out of line: the main run never gets here).
  __attribute__((noinline, cold)) void report_state_diff() {
    static pmu_state_t rs;
    rtl_state(io.root(), &rs);
    std::string d = state_diff(&ms, &rs);
    if (d.empty()) d = "rtl_state_same() and state_diff() disagree (harness bug)";
    report("state after the clock edge", d);
  }

#if PMU_SAMPLER
  __attribute__((noinline, cold)) void report_smp_diff() {
    char why[320];
    why[0] = '\0';
    smp_state_same(io.root(), &ms, why, sizeof why);
    report("sampler state after the clock edge", why);
  }
#endif

  // After the edge in cross-check mode: compare field by field and in place, require the two to
  // agree, report the first difference. Inlined like step() (the PMU harness's hot path).
  LOCKSTEP_INLINE bool cross_checked_state_differs() {
    static pmu_state_t rs;
    rtl_state(io.root(), &rs);
    std::string d = state_diff(&ms, &rs);
    if (rtl_state_same(io.root(), &ms) != d.empty())
      d = "rtl_state_same() disagrees with state_diff() (harness bug)" + (d.empty() ? "" : ": " + d);
    if (d.empty()) return false;
    report("state after the clock edge", d);
    return true;
  }
};

#endif

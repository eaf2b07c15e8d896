// Main run: the core stub driving the PMU RTL (sim/main/sim_top.v, Verilated) with the C model of the
// PMU (cmodel/) stepped in lockstep on the same inputs, compared every cycle: APB read data,
// PSLVERR, interrupts and direct-read-port outputs before each clock edge, and the whole PMU
// state (docs/spec.md section 6) after it. The lockstep engine (verif/lockstep/lockstep_engine.h)
// does the stepping, the comparisons and the mismatch report; SimTopPorts below tells it how the
// PMU inside sim_top is reached. C++ only as glue for Verilator. Every 1024th cycle each thread
// also reads one of its issue-slot counters through the direct read port.
//
// Sequence: reset (programs loaded through the core's load port meanwhile), PMU set-up over APB
// (2-cycle transfers), --warmup cycles, all counters zeroed over APB (only with --warmup), then
// the measured window of --cycles cycles. The report shows the window: counter values at its
// end minus those at its start (the model state, which the lockstep check proved equal to the
// RTL's), so every number covers exactly --cycles cycles.
//
//   Vsim_top --workload mixed --cycles 1000000 --seed 7 --outdir build/run_out
//   Vsim_top --prog0 verif/kernels/alu_independent.hex --warmup 200 --cycles 1200
//            --expect t0.stk.commit.base=4800      (one command)
// Options: usage() below; the whole contract: docs/core.md section 10; option and input rules:
// docs/bad_input.md.
//
// The waveform build (build/run_wave/Vsim_top, Verilator --trace-fst; sim/main/run.mk) also takes
// --wave FILE.fst --wave-window A:B: an FST of the whole sim_top (core stub and PMU) for cycles
// A..B-1, cycle c at time 10c ns (inputs applied, clock low: what the lockstep compares the outputs
// on) and 10c+5 (after the rising edge), as the lockstep harness's waveforms. sim/main/run.gtkw
// is the GTKWave save file for it (docs/reports.md). The normal build rejects --wave.
#include <cctype>
#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sys/stat.h>
#include <map>
#include <string>
#include <vector>

#include "Vsim_top.h"
#include "Vsim_top___024root.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif

extern "C" {
#include "pmu_model.h"
#include "sim_types.h"
#include "core_cfg.h"
#include "tip_oracle.h"
#include "smp_file.h"
}

#define RTL_SIG(name) sim_top__DOT__u_pmu__DOT__##name
#include "lockstep_engine.h"

// Core parameters of the build (run.mk passes the same values to verilator -G and here).
#ifndef CORE_FQ
#define CORE_FQ 16
#endif
#ifndef CORE_ROB
#define CORE_ROB 32
#endif
#ifndef CORE_RS
#define CORE_RS 16
#endif
#ifndef CORE_LONG_LAT
#define CORE_LONG_LAT 6
#endif
#ifndef CORE_MISS_LAT
#define CORE_MISS_LAT 20
#endif
#ifndef CORE_IC_LAT
#define CORE_IC_LAT 10
#endif
#ifndef CORE_BR_PEN
#define CORE_BR_PEN 3
#endif
#ifndef CORE_PROG_DEPTH
#define CORE_PROG_DEPTH 1024
#endif

#if PMU_W > SIM_W_MAX
#error "PMU_W above SIM_W_MAX"
#endif

// ---- options ----------------------------------------------------------------------------------
// Every option is checked before anything runs or is written: a missing value, a value that is
// not a number (decimal or 0x hex; no sign, blanks or octal), a value out of range, an unknown
// option, a value option given twice and conflicting options all stop with one line
// "Vsim_top: error: OPTION: rule" on stderr and exit status 2 (docs/bad_input.md).
/* the core's cfg_i bits (sim/report/core_cfg.h, generated from rtl/core/core_cfg.vh) */
enum { KNOB_PERF_IC = CORE_CFG_PERF_IC_MASK, KNOB_PERF_BP = CORE_CFG_PERF_BP_MASK,
       KNOB_PERF_DC = CORE_CFG_PERF_DC_MASK, KNOB_ALU1 = CORE_CFG_ALU1_MASK, CFG_PROG = CORE_CFG_PROG_MASK };

static const struct {
  const char *name;
  unsigned mix;
} workloads[] = {
    {"mixed", 0}, {"memory", 1}, {"membound", 1}, {"branchy", 2}, {"longlat", 3}, {"depchain", 4},
    {"icache", 5},
};

static const uint64_t MAX_RUN_CYCLES = 1000000000000ull;  // --cycles, --warmup, --trace-window: 10^12

struct Expect {
  std::string name;
  int idx;          // counter bank index
  uint64_t value;
};

struct PmcSel {
  bool set = false;
  uint32_t evtsel = 0, ext = 0;
};

struct Opts {
  std::string workload = "mixed";
  bool have_workload = false;
  unsigned mix = 0;
  unsigned loop = 0;          // --loop N: the generator's correct path repeats every N words (0: never)
  std::string prog[PMU_THREADS];
  bool use_prog = false, prog_all = false, prog_one = false;
  uint64_t cycles = 100000, warmup = 0, seed = 1;
  unsigned threads = PMU_THREADS;
  unsigned knobs = 0;
  unsigned wpvis = 1;
  bool trace = false;
  uint64_t tw_a = 0, tw_b = 0;
  std::string wave;          // --wave FILE.fst (waveform build only)
  bool wave_win = false;     // --wave-window given
  uint64_t ww_a = 0, ww_b = 0;
  uint64_t interval = 0;  // --interval: cycles per row set of DIR/toplev.csv (0: one set)
  std::string perf_sep = ",";  // -x: field separator of DIR/perf_stat.csv
  std::string outdir;
  std::vector<Expect> expects;
  PmcSel pmc[PMU_P];
  int history = 8;
  bool quiet = false;
  bool print_counters = false;
  bool hash = false;
  bool bench = false;
  std::string tip;            // --tip-oracle FILE (docs/spec.md section 7.9)
  uint64_t tip_samples = 0;  // --tip-samples (0: not given, 20000)
  std::string samples;        // --samples FILE: the RTL sampler's records (SAMPLER builds)
};

static void usage(FILE *f) {
  fprintf(f,
          "usage: Vsim_top [options]\n"
          "  --workload NAME       generator mix: mixed memory branchy longlat depchain icache\n"
          "  --loop N              the generator's correct path repeats every N words (a loop of\n"
          "                        N static instructions; N a power of two 16..1024; default 0:\n"
          "                        the plain stream)\n"
          "  --threads N           threads that run (the others stay idle; default all)\n"
          "  --prog FILE           program file for every thread (docs/core.md format)\n"
          "  --progT FILE          program file for thread T (threads without one stay idle)\n"
          "  --cycles N            measured window (default 100000; 1..10^12)\n"
          "  --bench               time --cycles cycles with the lockstep model and as many\n"
          "                        with the RTL alone, in 5 alternating rounds each; print the\n"
          "                        fastest round's cycles/s of each and the model's share\n"
          "  --warmup N            run N cycles first, then zero every counter over APB\n"
          "  --seed S              generator seed (default 1; 0..2^32-1)\n"
          "  --knobs LIST          perfect-icache,perfect-bpred,perfect-dcache,alu1 (or none)\n"
          "  --wpvis 0|1           ctrl.wpvis of every thread (default 1)\n"
          "  --pmc K=EVTSEL[/EXT]  programmable counter K of every thread (raw hex encodings)\n"
          "  --trace-window A:B    pipeline traces of cycles A..B-1 (cycle 0: first after reset)\n"
          "  --wave FILE.fst       FST waveform of sim_top (core and PMU) for the cycles of\n"
          "  --wave-window A:B     --wave-window (A..B-1, numbered as --trace-window); cycle c\n"
          "                        at 10c ns and 10c+5 ns. Only in the waveform build\n"
          "                        build/run_wave/Vsim_top (make run WAVE=A:B)%s\n"
          "  --outdir DIR          write DIR/report.csv and the traces DIR/run.kanata, DIR/run.pipetrace,\n"
          "                        DIR/run.o3pipeview, DIR/run_resources.csv (per-cycle ROB, RS and\n"
          "                        slot inputs of the trace window), and DIR/toplev.csv (pmu-tools\n"
          "                        toplev layout)\n"
          "  --interval N          DIR/toplev.csv and DIR/perf_stat.csv get one timestamped row set\n"
          "                        per N cycles of the window (toplev -I, perf stat -I); without it\n"
          "                        one set for the whole window\n"
          "  -x SEP                field separator of DIR/perf_stat.csv, the counter block in the\n"
          "                        layout of perf stat -A -x SEP (default ',')\n"
          "  --expect NAME=VALUE   check a window count (names as in docs/stimulus.md, e.g.\n"
          "                        t0.stk.commit.base, t0.pmc2, t0.fix1, t1.slot.issued)\n"
          "  --history H           input cycles printed on a mismatch (default 8; 1..64)\n"
          "  --quiet               no report on stdout (checks and the lockstep line only)\n"
          "  --counters            print every window count as 'NAME VALUE' lines\n"
          "  --tip-oracle FILE     time-proportional oracle (docs/spec.md 7.9): every window cycle to\n"
          "                        its owner per (thread, pc, signature), and the sampler replayed\n"
          "                        under the TIP and PEBS rules; writes FILE (CSV), prints the errors.\n"
          "                        Only in a build with SAMPLER=1 (the core's commit ports)%s\n"
          "  --tip-samples N       samples per run the sampler aims at (default 20000), replayed\n"
          "                        (--tip-oracle) and in the RTL (--samples)\n"
          "  --samples FILE        the PMU's sampler (spec 7) samples the window of every running\n"
          "                        thread; its records, drained over APB while the run goes on,\n"
          "                        go to FILE (docs/sampling.md \"Sample files\"); with --tip-oracle\n"
          "                        they must equal the oracle's replay. Only in a build with\n"
          "                        SAMPLER=1 (build/run_smp/Vsim_top)%s\n"
          "  --hash                print a digest of the core's outputs (PMU inputs and trace\n"
          "                        port) over the whole run: equal digests, equal behaviour\n"
          "Numbers are decimal or 0x hex. Value options take 'OPT VALUE' or 'OPT=VALUE' and may be\n"
          "given once (--pmc once per K, --expect once per name, --progT once per thread).\n"
          "Exit status: 0 pass, 1 mismatch or failed check, 2 bad usage or input.\n",
          VM_TRACE_FST ? "" : "; this binary is not it", PMU_SAMPLER ? "" : "; this binary is not one",
          PMU_SAMPLER ? "" : "; this binary is not one");
}

// ---- output files -----------------------------------------------------------------------------
// The files this run writes into --outdir. Stale ones from an earlier run are removed before the
// run starts, and a run that stops early (bad input found late, lockstep mismatch, APB error)
// removes what it had written, so the directory never holds outputs that look valid but are not
// this run's complete result. The writers themselves write PATH.tmp and rename on success.
static std::vector<std::string> g_outputs;

static void discard_outputs() {
  for (auto &p : g_outputs) {
    remove(p.c_str());
    remove((p + ".tmp").c_str());
  }
}

// A check of the run failed (a broken protocol or sampler record found while running): exit 1.
[[noreturn]] static void run_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void run_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("Vsim_top: FAIL ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  fflush(stdout);
  discard_outputs();
  exit(1);
}

[[noreturn]] static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "Vsim_top: error: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  discard_outputs();
  exit(2);
}

// Strict unsigned number: decimal digits, or 0x/0X and 1..16 hex digits. 0 ok, -1 not a number,
// -2 does not fit 64 bits.
static int parse_num(const char *s, uint64_t *v) {
  uint64_t x = 0;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s += 2;
    if (!*s) return -1;
    for (; *s; s++) {
      int d = isdigit((unsigned char)*s) ? *s - '0'
            : (*s >= 'a' && *s <= 'f') ? *s - 'a' + 10
            : (*s >= 'A' && *s <= 'F') ? *s - 'A' + 10 : -1;
      if (d < 0) return -1;
      if (x >> 60) return -2;
      x = (x << 4) | (uint64_t)d;
    }
  } else {
    if (!*s) return -1;
    for (; *s; s++) {
      if (!isdigit((unsigned char)*s)) return -1;
      uint64_t d = (uint64_t)(*s - '0');
      if (x > (UINT64_MAX - d) / 10) return -2;
      x = x * 10 + d;
    }
  }
  *v = x;
  return 0;
}

// Counter bank index of a name as in docs/stimulus.md: tT.pmcK, tT.fixI, tT.slotI,
// tT.slot.NAME, tT.stkI, tT.stk.STAGE.COMPONENT. -1 if not a counter.
static int counter_index(const std::string &n) {
  static const char *slotn[PMU_NSLOT] = {"total", "filled", "issued", "retired", "elapsed"};
  unsigned t;
  int used = 0;
  if (n.size() < 3 || n[0] != 't' || !isdigit((unsigned char)n[1])) return -1;
  if (sscanf(n.c_str(), "t%u.%n", &t, &used) != 1 || used == 0 || t >= PMU_THREADS) return -1;
  std::string r = n.substr(used);
  auto num = [](const std::string &s, const char *pre, unsigned lim, unsigned *out) {
    size_t l = strlen(pre);
    if (s.compare(0, l, pre) != 0 || s.size() == l || s.size() > l + 3) return false;
    unsigned v = 0;
    for (size_t i = l; i < s.size(); i++) {
      if (s[i] < '0' || s[i] > '9') return false;
      v = v * 10 + (unsigned)(s[i] - '0');
    }
    if (v >= lim) return false;
    *out = v;
    return true;
  };
  unsigned k;
  if (num(r, "pmc", PMU_P, &k)) return (int)pmu_cnt_idx(t, k);
  if (num(r, "fix", PMU_NFIX, &k)) return (int)pmu_cnt_idx(t, PMU_P + k);
  if (num(r, "slot", PMU_NSLOT, &k)) return (int)pmu_cnt_idx(t, PMU_P + 3 + k);
  if (num(r, "stk", PMU_NSTK, &k)) return (int)pmu_cnt_idx(t, PMU_P + 8 + k);
  for (unsigned i = 0; i < PMU_NSLOT; i++)
    if (r == std::string("slot.") + slotn[i]) return (int)pmu_cnt_idx(t, PMU_P + 3 + i);
  for (unsigned s = 0; s < 3; s++)
    for (unsigned c = 0; c < 8; c++)
      if (r == std::string("stk.") + pmu_stage_names[s] + "." + pmu_comp_names[c])
        return (int)pmu_cnt_idx(t, PMU_P + 8 + s * 8 + c);
  return -1;
}

static void parse_args(int argc, char **argv, Opts *o) {
  std::vector<std::string> seen;  // value options given so far (each at most once)
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    const char *inl = nullptr;    // value of --opt=value
    size_t eq = a.find('=');
    if (a.compare(0, 2, "--") == 0 && eq != std::string::npos) {
      inl = argv[i] + eq + 1;
      a.resize(eq);
    }
    auto once = [&]() {
      for (auto &x : seen)
        if (x == a) die("%s given twice", a.c_str());
      seen.push_back(a);
    };
    auto need = [&]() -> const char * {
      if (inl) return inl;
      if (i + 1 >= argc) die("%s needs a value", a.c_str());
      return argv[++i];
    };
    auto flag = [&]() {
      if (inl) die("%s takes no value", a.c_str());
    };
    // a number in [lo, hi]
    auto num = [&](const char *s, uint64_t lo, uint64_t hi) -> uint64_t {
      uint64_t v = 0;
      int r = parse_num(s, &v);
      if (r == -1) die("%s: '%s' is not a number (decimal or 0x hex)", a.c_str(), s);
      if (r == -2 || v < lo || v > hi)
        die("%s: %s is out of range (%" PRIu64 "..%" PRIu64 ")", a.c_str(), s, lo, hi);
      return v;
    };
    if (a == "--workload") {
      once();
      o->workload = need();
      o->have_workload = true;
      bool found = false;
      for (auto &wl : workloads)
        if (o->workload == wl.name) {
          o->mix = wl.mix;
          found = true;
        }
      if (!found)
        die("--workload: unknown workload '%s' (mixed memory branchy longlat depchain icache)", o->workload.c_str());
    } else if (a == "--loop") {
      once();
      const char *s = need();
      o->loop = (unsigned)num(s, 0, 1024);
      if (o->loop && (o->loop < 16 || (o->loop & (o->loop - 1))))
        die("--loop: %s is not 0 or a power of two from 16 to 1024", s);
    } else if (a == "--prog") {
      once();
      const char *f = need();
      if (!*f) die("--prog: empty file name");
      for (int u = 0; u < PMU_THREADS; u++) o->prog[u] = f;
      o->use_prog = o->prog_all = true;
    } else if (a.compare(0, 6, "--prog") == 0 && a.size() > 6 &&
               a.find_first_not_of("0123456789", 6) == std::string::npos) {
      once();
      if (a.size() > 8 || (a.size() > 7 && a[6] == '0')) die("%s: not a thread number", a.c_str());
      unsigned t = (unsigned)atoi(a.c_str() + 6);
      if (t >= PMU_THREADS) die("%s: thread %u out of range (this build has %d threads: --prog0..--prog%d)",
                                a.c_str(), t, PMU_THREADS, PMU_THREADS - 1);
      const char *f = need();
      if (!*f) die("%s: empty file name", a.c_str());
      o->prog[t] = f;
      o->use_prog = o->prog_one = true;
    } else if (a == "--threads") {
      once();
      o->threads = (unsigned)num(need(), 1, PMU_THREADS);
    } else if (a == "--cycles") {
      once();
      o->cycles = num(need(), 1, MAX_RUN_CYCLES);
    } else if (a == "--warmup") {
      once();
      o->warmup = num(need(), 0, MAX_RUN_CYCLES);
    } else if (a == "--interval") {
      once();
      o->interval = num(need(), 1, MAX_RUN_CYCLES);
    } else if (a == "-x" || a == "--field-separator") {
      once();
      o->perf_sep = need();
      if (o->perf_sep.empty() || o->perf_sep.find_first_of("\n\r") != std::string::npos)
        die("%s: the separator must be non-empty and on one line", a.c_str());
    } else if (a == "--seed") {
      once();
      o->seed = num(need(), 0, 0xffffffffull);
    } else if (a == "--knobs") {
      once();
      std::string l = need();
      o->knobs = 0;
      bool none = false;
      size_t p = 0, n = 0;
      while (p <= l.size()) {
        size_t q = l.find(',', p);
        if (q == std::string::npos) q = l.size();
        std::string k = l.substr(p, q - p);
        n++;
        if (k == "perfect-icache") o->knobs |= KNOB_PERF_IC;
        else if (k == "perfect-bpred") o->knobs |= KNOB_PERF_BP;
        else if (k == "perfect-dcache") o->knobs |= KNOB_PERF_DC;
        else if (k == "alu1") o->knobs |= KNOB_ALU1;
        else if (k == "none") none = true;
        else if (k.empty()) die("--knobs: empty knob name in '%s'", l.c_str());
        else die("--knobs: unknown knob '%s' (perfect-icache perfect-bpred perfect-dcache alu1 none)", k.c_str());
        p = q + 1;
      }
      if (none && n > 1) die("--knobs: 'none' cannot be combined with other knobs ('%s')", l.c_str());
    } else if (a == "--wpvis") {
      once();
      o->wpvis = (unsigned)num(need(), 0, 1);
    } else if (a == "--pmc") {
      std::string s = need();
      size_t e = s.find('='), sl = s.find('/');
      std::string ks = s.substr(0, e), es, xs;
      if (e == std::string::npos || ks.empty()) die("--pmc: '%s' is not K=EVTSEL[/EXT]", s.c_str());
      if (sl != std::string::npos && sl < e) die("--pmc: '%s' is not K=EVTSEL[/EXT]", s.c_str());
      es = s.substr(e + 1, sl == std::string::npos ? std::string::npos : sl - e - 1);
      if (sl != std::string::npos) xs = s.substr(sl + 1);
      if (ks.find_first_not_of("0123456789") != std::string::npos)
        die("--pmc: counter '%s' in '%s' is not a decimal number", ks.c_str(), s.c_str());
      uint64_t k = num(ks.c_str(), 0, PMU_P - 1);
      uint64_t ev = num(es.c_str(), 0, 0xffffffffull);
      uint64_t x = sl == std::string::npos ? 0 : num(xs.c_str(), 0, 0xffffffffull);
      if (o->pmc[k].set) die("--pmc: counter %" PRIu64 " given twice", k);
      o->pmc[k].set = true;
      o->pmc[k].evtsel = (uint32_t)ev;
      o->pmc[k].ext = (uint32_t)x;
    } else if (a == "--trace-window" || a == "--wave-window") {
      once();
      std::string s = need();
      size_t c = s.find(':');
      if (c == std::string::npos) die("%s: '%s' is not A:B", a.c_str(), s.c_str());
      uint64_t x = num(s.substr(0, c).c_str(), 0, MAX_RUN_CYCLES);
      uint64_t y = num(s.substr(c + 1).c_str(), 0, MAX_RUN_CYCLES);
      if (y <= x) die("%s: '%s': A must be below B (cycles A..B-1)", a.c_str(), s.c_str());
      if (a == "--trace-window") {
        o->trace = true;
        o->tw_a = x;
        o->tw_b = y;
      } else {
        o->wave_win = true;
        o->ww_a = x;
        o->ww_b = y;
      }
    } else if (a == "--wave") {
      once();
      o->wave = need();
      if (o->wave.empty()) die("--wave: empty file name");
    } else if (a == "--outdir") {
      once();
      o->outdir = need();
      if (o->outdir.empty()) die("--outdir: empty directory name");
    } else if (a == "--expect") {
      std::string s = need();
      size_t e = s.find('=');
      if (e == std::string::npos) die("--expect: '%s' is not NAME=VALUE", s.c_str());
      Expect x;
      x.name = s.substr(0, e);
      x.idx = counter_index(x.name);
      if (x.idx < 0) die("--expect: '%s' is not a counter name (e.g. t0.pmc2, t1.stk.commit.base)", x.name.c_str());
      x.value = num(s.c_str() + e + 1, 0, PMU_CW_MASK);
      for (auto &y : o->expects)
        if (y.idx == x.idx) die("--expect: counter '%s' given twice", x.name.c_str());
      o->expects.push_back(x);
    } else if (a == "--history") {
      once();
      o->history = (int)num(need(), 1, LOCKSTEP_HIST);
    } else if (a == "--quiet") {
      flag();
      o->quiet = true;
    } else if (a == "--counters") {
      flag();
      o->print_counters = true;
    } else if (a == "--bench") {
      flag();
      o->bench = true;
    } else if (a == "--tip-oracle") {
      once();
      o->tip = need();
      if (o->tip.empty()) die("--tip-oracle: empty file name");
#if !PMU_SAMPLER
      die("--tip-oracle: this binary has no commit ports (SAMPLER 0); use "
          "build/run_smp/Vsim_top (make build/run_smp/Vsim_top)");
#endif
    } else if (a == "--tip-samples") {
      once();
      o->tip_samples = num(need(), 1, MAX_RUN_CYCLES);
    } else if (a == "--samples") {
      once();
      o->samples = need();
      if (o->samples.empty()) die("--samples: empty file name");
#if !PMU_SAMPLER
      die("--samples: this binary has no sampler (SAMPLER 0); use build/run_smp/Vsim_top "
          "(make build/run_smp/Vsim_top)");
#endif
    } else if (a == "--hash") {
      flag();
      o->hash = true;
    } else if (a == "--help" || a == "-h") {
      usage(stdout);
      exit(0);
    } else if (a.rfind("+verilator+", 0) == 0) {
      continue;  // Verilator's runtime options (Verilated::commandArgs)
    } else if (a[0] == '-' || a[0] == '+') {
      fprintf(stderr, "Vsim_top: error: unknown option '%s'\n(Vsim_top --help for usage)\n", argv[i]);
      exit(2);
    } else {
      fprintf(stderr, "Vsim_top: error: unexpected argument '%s' (options start with --)\n(Vsim_top --help for usage)\n",
              argv[i]);
      exit(2);
    }
  }
  if (o->use_prog && o->have_workload) die("--workload and --prog are exclusive (a program replaces the generator)");
  if (o->use_prog && o->loop) die("--loop and --prog are exclusive (a program is its own loop)");
  if (o->prog_all && o->prog_one) die("--prog and --progT are exclusive (give --progT for each thread instead)");
  if (o->trace && o->outdir.empty()) die("--trace-window needs --outdir");
  if (!o->wave.empty() || o->wave_win) {
#if !VM_TRACE_FST
    die("%s: this binary has no waveform support (built without --trace-fst); use the waveform "
        "build build/run_wave/Vsim_top (make build/run_wave/Vsim_top, or make run WAVE=A:B)",
        o->wave.empty() ? "--wave-window" : "--wave");
#endif
    if (o->wave.empty()) die("--wave-window needs --wave FILE.fst");
    if (!o->wave_win) die("--wave needs --wave-window A:B (the cycles to dump)");
  }
  if (o->interval && o->outdir.empty()) die("--interval needs --outdir");
  if (o->tip_samples && o->tip.empty() && o->samples.empty()) die("--tip-samples needs --tip-oracle FILE or --samples FILE");
  if (!o->tip_samples) o->tip_samples = 20000;
  if (o->bench) {
    const char *c = !o->outdir.empty() ? "--outdir" : o->trace ? "--trace-window" : !o->expects.empty() ? "--expect"
                  : o->print_counters ? "--counters" : o->hash ? "--hash" : !o->wave.empty() ? "--wave"
                  : !o->tip.empty() ? "--tip-oracle" : !o->samples.empty() ? "--samples"
                  : nullptr;
    if (c) die("--bench: cannot be combined with %s (a bench run reports cycles/s only)", c);
  }
}

// Cycles the run takes after reset (cycle 0 = the first after reset): the APB set-up (per thread
// ctrl, fixctl, ext and evtsel of every counter, gctrl lo/hi: 2 cycles each), the warm-up and
// the zeroing of every counter (lo and hi of each), the window, and the read-back of fix0/fix1
// (two 64-bit reads of 2 words per thread). main() checks the run took exactly this.
static uint64_t planned_cycles(const Opts &o) {
  uint64_t setup = (uint64_t)PMU_THREADS * (4 + 2 * PMU_P) * 2;
  uint64_t zero = o.warmup ? (uint64_t)PMU_THREADS * PMU_NCPT * 2 * 2 : 0;
  uint64_t readback = (uint64_t)PMU_THREADS * 2 * 2 * 2;
  // --samples: smpper and smpctl before the window, smpctl after it, per running thread (the
  // drain after the window is counted as it runs)
  uint64_t smp = o.samples.empty() ? 0 : (uint64_t)o.threads * 3 * 2;
  return setup + o.warmup + zero + smp + o.cycles + readback;
}

// mkdir -p without a shell.
static int make_dirs(const std::string &d) {
  std::string p;
  size_t i = 0;
  while (i <= d.size()) {
    size_t j = d.find('/', i);
    if (j == std::string::npos) j = d.size();
    p = d.substr(0, j);
    if (!p.empty() && mkdir(p.c_str(), 0777) != 0 && errno != EEXIST) return -1;
    i = j + 1;
  }
  struct stat st;
  if (stat(d.c_str(), &st) != 0) return -1;
  if (!S_ISDIR(st.st_mode)) {
    errno = ENOTDIR;
    return -1;
  }
  return 0;
}

// ---- program files ----------------------------------------------------------------------------
// docs/core.md "Program files": one 16-bit hex word per line ($readmemh subset), `//` comments,
// blank lines; ffff ends the program (nothing may follow it). Errors: FILE:LINE: rule, exit 2.
static std::vector<uint16_t> load_program(const std::string &path) {
  std::vector<uint16_t> words;
  FILE *f = fopen(path.c_str(), "rb");
  if (!f) {
    fprintf(stderr, "%s:0: cannot open: %s\n", path.c_str(), strerror(errno));
    exit(2);
  }
  std::string text;
  char buf[65536];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
    text.append(buf, got);
    if (text.size() > (64u << 20)) break;
  }
  int rerr = ferror(f) ? errno : 0;
  fclose(f);
  if (rerr) {
    fprintf(stderr, "%s:0: cannot read: %s\n", path.c_str(), strerror(rerr));
    exit(2);
  }
  int ln = 0;
  bool ended = false, any = false;
  auto fail = [&](const char *fmt, const std::string &tok) {
    fprintf(stderr, "%s:%d: ", path.c_str(), ln);
    fprintf(stderr, fmt, tok.c_str());
    fprintf(stderr, "\n");
    exit(2);
  };
  if (text.size() > (64u << 20)) {
    ln = 0;
    fail("file larger than 64 MiB%s", "");
  }
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string s = text.substr(pos, nl - pos);
    pos = nl + 1;
    ln++;
    if (s.find('\0') != std::string::npos) fail("NUL byte in line (not a text file?)%s", "");
    if (s.size() > 1024) fail("line longer than 1024 characters%s", "");
    size_t c = s.find("//");
    if (c != std::string::npos) s.resize(c);
    size_t p = 0;
    while (p < s.size()) {
      while (p < s.size() && isspace((unsigned char)s[p])) p++;
      if (p >= s.size()) break;
      size_t q = p;
      while (q < s.size() && !isspace((unsigned char)s[q])) q++;
      std::string tok = s.substr(p, q - p);
      p = q;
      any = true;
      if (tok[0] == '@') fail("'%s': address records are not supported", tok);
      if (tok.compare(0, 2, "/*") == 0) fail("'%s': only // comments are supported", tok);
      if (tok.size() > 4 || tok.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        fail("'%s' is not a 16-bit hex word (1 to 4 hex digits)", tok);
      if (ended) fail("'%s': words after the end marker ffff are never fetched", tok);
      unsigned v = (unsigned)strtoul(tok.c_str(), nullptr, 16);
      if (v == 0xffff) {
        ended = true;
        continue;
      }
      if (v & 0xfe00u) fail("'%s': reserved attribute bits 15:9 are set", tok);
      if (words.size() + 1 >= CORE_PROG_DEPTH)
        fail("'%s': the program does not fit (PROG_DEPTH - 1 words plus the end marker)", tok);
      words.push_back((uint16_t)v);
    }
  }
  if (!any) {
    ln = text.empty() ? 1 : ln + (text.back() == '\n' ? 1 : 0);
    fail("no program word in the file (an empty program is the single word ffff)%s", "");
  }
  return words;
}

// ---- the simulation ---------------------------------------------------------------------------

// How the lockstep engine reaches the PMU inside sim_top: the bus and the direct read port come
// from the harness, every other PMU input from the core (sim_top's outputs of the same names).
struct SimTopPorts {
  typedef Vsim_top Top;
  Vsim_top *top = nullptr;
  LOCKSTEP_INLINE void drive(const pmu_in_t *in) {
    Vsim_top *d = top;
    d->psel_i = in->psel;
    d->penable_i = in->penable;
    d->pwrite_i = in->pwrite;
    d->paddr_i = in->paddr;
    d->pwdata_i = in->pwdata;
    d->pstrb_i = in->pstrb;
    d->pprot_i = in->pprot;
    uint32_t req = 0, sel = 0;
    for (int t = 0; t < PMU_THREADS; t++) {
      req |= (uint32_t)in->rdp_req[t] << t;
      sel |= (uint32_t)in->rdp_sel[t] << (3 * t);
    }
    d->rdp_req_i = req;
    d->rdp_sel_i = sel;
  }
  // The PMU inputs of this cycle as the core drives them (sim_top's outputs). Only the model,
  // the observers and the mismatch report read them: --bench's rounds without the model
  // (capture_in false) leave them as they were.
  bool capture_in = true;
  LOCKSTEP_INLINE void capture(pmu_in_t *in) {
    if (!capture_in) return;
    Vsim_top *d = top;
    in->ref_tick = d->ref_tick_o & 1;
    // Byte-wide lanes are the bytes of the port, in the model's [t][j] order (little-endian host).
    constexpr bool lanes_are_bytes = PMU_LW == 8 && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ &&
                                     sizeof in->ev_ext == PMU_THREADS * PMU_NEXT &&
                                     sizeof d->ev_ext_o >= sizeof in->ev_ext;
    if (lanes_are_bytes) std::memcpy(in->ev_ext, &d->ev_ext_o, sizeof in->ev_ext);
    for (int t = 0; t < PMU_THREADS; t++) {
      in->priv[t] = (uint8_t)field(d->priv_o, t, 1);
      if (!lanes_are_bytes)
        for (int j = 0; j < PMU_NEXT; j++)
          in->ev_ext[t][j] = (uint8_t)field(d->ev_ext_o, (t * PMU_NEXT + j) * PMU_LW, PMU_LW);
      in->slot_fill[t] = (uint8_t)field(d->slot_fill_o, t * PMU_NW, PMU_NW);
      in->slot_issue[t] = (uint8_t)field(d->slot_issue_o, t * PMU_NW, PMU_NW);
      in->slot_retire[t] = (uint8_t)field(d->slot_retire_o, t * PMU_NW, PMU_NW);
      in->stk_flags[t] = (uint16_t)field(d->stk_flags_o, t * PMU_NFLAG, PMU_NFLAG);
      for (int st = 0; st < 3; st++) in->stk_n[t][st] = (uint8_t)field(d->stk_n_o, (t * 3 + st) * PMU_NW, PMU_NW);
      for (int st = 0; st < 2; st++) in->stk_wp[t][st] = (uint8_t)field(d->stk_wp_o, (t * 2 + st) * PMU_NW, PMU_NW);
#if PMU_SAMPLER
      for (int j = 0; j < PMU_W; j++) {  // the sampler's commit ports (spec 7.8)
        in->cmt_pc[t][j] = (uint16_t)field(d->cmt_pc_o, (t * PMU_W + j) * 16, 16);
        in->cmt_sig[t][j] = (uint8_t)field(d->cmt_sig_o, (t * PMU_W + j) * 5, 5);
      }
#endif
    }
  }
  void reset() {}  // main() runs the reset sequence itself (programs load meanwhile)
  Vsim_top___024root *root() { return top->rootp; }
};

struct Sim : LockstepObserver {
  Lockstep<SimTopPorts> ls;  // the RTL (ls.io.top), the model (ls.ms), the cycle count (ls.cycle)
  Vsim_top *top = nullptr;
  // APB inputs of the current cycle
  uint8_t psel = 0, penable = 0, pwrite = 0, pstrb = 0, pprot = 0;
  uint32_t paddr = 0, pwdata = 0;
  // results of the last cycle
  pmu_out_t out;
  // traces
  bool trace = false;
  uint64_t tw_a = 0, tw_b = 0;
  trace_writer_t *kan = nullptr, *pipe = nullptr, *o3 = nullptr, *res = nullptr;
  std::string kan_path, pipe_path, o3_path, res_path;
  int trace_err = 0;
  // waveform (--wave, waveform build): cycles wv_a..wv_b-1 into wave_path + ".tmp", renamed to
  // wave_path when the window is complete
  bool wave = false;
  uint64_t wv_a = 0, wv_b = 0;
  std::string wave_path;
#if VM_TRACE_FST
  VerilatedFstC *fst = nullptr;
#endif
  // --tip-oracle: fed every cycle (trace port on from reset), counting in the window (tip_on)
  tip_oracle_t *tip = nullptr;
  bool tip_on = false;
#if PMU_SAMPLER
  // --samples: the drain of the sampler's buffers over APB (smp_transfer)
  struct {
    bool on = false;                 // sampling: the window's cycles go to transfers
    smp_writer_t *out = nullptr;
    uint32_t tail[PMU_THREADS] = {}, avail[PMU_THREADS] = {};
    int t = 0, word = -1, last = 0;  // the record being read: thread, next word, its last word
    uint32_t rec[PMU_SMP_RW] = {};
    unsigned rr = 0;                 // the thread whose smphead is polled next
    uint64_t records[PMU_THREADS] = {};
    std::vector<uint32_t> all;       // every record read (for the oracle comparison)
  } smp;
#endif
  // digest of the core's outputs
  bool hash = false;
  uint64_t digest = 0xcbf29ce484222325ull;
  // the engine's hooks (set as ls.obs only with --hash, --trace-window or --wave)
  void inputs(uint64_t cycle, const pmu_in_t *in) override;
  void edge(uint64_t cycle) override;
};

static void digest_words(Sim *s, const uint32_t *w, int n) {
  for (int i = 0; i < n; i++) {
    s->digest ^= w[i];
    s->digest *= 0x100000001b3ull;
  }
}

// Every core output of this cycle into the digest (the PMU inputs, the bus excluded, and the
// trace port).
static void digest_cycle(Sim *s) {
  Vsim_top *d = s->top;
  uint32_t w[MAXW] = {};
  w[0] = d->priv_o;
  w[1] = d->ref_tick_o;
  digest_words(s, w, 2);
#define DIG(port, bits)                 \
  memset(w, 0, sizeof w);               \
  get_words(d->port, w, (bits));        \
  digest_words(s, w, ((bits) + 31) / 32);
  DIG(ev_ext_o, PMU_THREADS * PMU_NEXT * PMU_LW)
  DIG(slot_fill_o, PMU_THREADS * PMU_NW)
  DIG(slot_issue_o, PMU_THREADS * PMU_NW)
  DIG(slot_retire_o, PMU_THREADS * PMU_NW)
  DIG(stk_n_o, PMU_THREADS * 3 * PMU_NW)
  DIG(stk_wp_o, PMU_THREADS * 2 * PMU_NW)
  DIG(stk_flags_o, PMU_THREADS * PMU_NFLAG)
  DIG(trc_fetch_o, PMU_W * 64)
  DIG(trc_disp_o, PMU_W * 64)
  DIG(trc_issue_o, PMU_W * 64)
  DIG(trc_commit_o, PMU_W * 64)
  DIG(trc_flush_o, PMU_THREADS * 64)
#undef DIG
}

// Trace port (docs/core.md) into trc_cycle_t: record j of a port is its 64-bit word j.
static void unpack_rec(uint64_t v, trc_rec_t *r) {
  r->valid = v & 1;
  r->tid = (uint8_t)((v >> 1) & 7);
  r->wp = (uint8_t)((v >> 4) & 1);
  r->attr = (uint16_t)((v >> 5) & 0xffff);
  r->seq = (uint32_t)(v >> 32);
}

static void unpack_trace(Sim *s, uint64_t cycle, const pmu_in_t *in, trc_cycle_t *c) {
  Vsim_top *d = s->top;
  memset(c, 0, sizeof *c);
  c->cycle = cycle;
  c->w = PMU_W;
  c->pmu = in;
  for (int j = 0; j < PMU_W; j++) {
    unpack_rec(word64(d->trc_fetch_o, j), &c->fetch[j]);
    unpack_rec(word64(d->trc_disp_o, j), &c->disp[j]);
    unpack_rec(word64(d->trc_issue_o, j), &c->issue[j]);
    unpack_rec(word64(d->trc_commit_o, j), &c->commit[j]);
  }
  for (int t = 0; t < PMU_THREADS; t++) {
    uint64_t v = word64(d->trc_flush_o, t);
    c->flush[t].valid = v & 1;
    c->flush[t].seq = (uint32_t)(v >> 32);
    for (int j = 0; j < PMU_W; j++) {
      c->cmt_pc[t][j] = (uint16_t)field(d->cmt_pc_o, (t * PMU_W + j) * 16, 16);
      c->cmt_sig[t][j] = (uint8_t)field(d->cmt_sig_o, (t * PMU_W + j) * 5, 5);
    }
  }
  c->has_cmt = 1;
}

static void close_traces(Sim *s) {
  if (s->kan && kanata_close(s->kan) != 0) s->trace_err = 1;
  if (s->pipe && pipetrace_close(s->pipe) != 0) s->trace_err = 1;
  if (s->o3 && o3pipeview_close(s->o3) != 0) s->trace_err = 1;
  if (s->res && resources_close(s->res) != 0) s->trace_err = 1;
  s->kan = s->pipe = s->o3 = s->res = nullptr;
}

// ---- waveform (waveform build only) ------------------------------------------------------------
// The FST is opened at the window's first cycle (so a run that never reaches it writes nothing),
// dumped at 10c and 10c+5 for every cycle c of the window and closed after the last one's edge;
// the complete file then replaces FILE.fst. A run that stops early removes FILE.fst.tmp
// (discard_outputs), and an FST writer error is reported at the end (wave_err).
static int wave_err = 0;
#if VM_TRACE_FST
static void wave_close(Sim *s) {
  if (!s->fst) return;
  s->fst->close();
  delete s->fst;
  s->fst = nullptr;
  std::string tmp = s->wave_path + ".tmp";
  if (rename(tmp.c_str(), s->wave_path.c_str()) != 0) wave_err = 1;
}
#endif

static void wave_dump(Sim *s, uint64_t cycle, uint64_t t) {
#if VM_TRACE_FST
  if (cycle == s->wv_a && t == 10 * cycle) {
    s->fst = new VerilatedFstC;
    s->top->trace(s->fst, 99);
    s->fst->open((s->wave_path + ".tmp").c_str());
    if (!s->fst->isOpen()) {
      delete s->fst;
      s->fst = nullptr;
      s->wave = false;
      wave_err = 1;
      return;
    }
  }
  if (s->fst) s->fst->dump(t);
  if (s->fst && cycle + 1 == s->wv_b && t == 10 * cycle + 5) wave_close(s);
#else
  (void)s, (void)cycle, (void)t;
#endif
}

void Sim::edge(uint64_t cycle) {
  if (wave && cycle >= wv_a && cycle < wv_b) wave_dump(this, cycle, 10 * cycle + 5);
}

// After the inputs of a cycle are evaluated: the digest, the waveform and the trace window.
void Sim::inputs(uint64_t cycle, const pmu_in_t *in) {
  if (hash) digest_cycle(this);
  if (wave && cycle >= wv_a && cycle < wv_b) wave_dump(this, cycle, 10 * cycle);
  if (tip) {
    static trc_cycle_t c;
    unpack_trace(this, cycle, in, &c);
    tip_cycle(tip, &c, tip_on);
  }
  if (trace && cycle >= tw_a && cycle < tw_b) {
    if (cycle == tw_a) {
      kan = kanata_open(kan_path.c_str(), tw_a);
      pipe = pipetrace_open(pipe_path.c_str(), tw_a);
      o3 = o3pipeview_open(o3_path.c_str(), tw_a);
      res = resources_open(res_path.c_str(), tw_a);
      if (!kan || !pipe || !o3 || !res) trace_err = 1;
    }
    static trc_cycle_t c;
    unpack_trace(this, cycle, in, &c);
    if (kan && kanata_cycle(kan, &c) != 0) trace_err = 1;
    if (pipe && pipetrace_cycle(pipe, &c) != 0) trace_err = 1;
    if (o3 && o3pipeview_cycle(o3, &c) != 0) trace_err = 1;
    if (res && resources_cycle(res, &c) != 0) trace_err = 1;
    if (cycle + 1 == tw_b) close_traces(this);
  }
}

// One clock cycle of RTL and model with the current bus inputs; the first divergence (reported by
// the engine) ends the run.
static void step(Sim *s) {
  Lockstep<SimTopPorts> &ls = s->ls;
  const uint64_t cyc = ls.cycle;
  pmu_in_t *in = ls.next_in();  // built in place: the engine keeps it as history
  in->psel = s->psel;
  in->penable = s->penable;
  in->pwrite = s->pwrite;
  in->paddr = s->paddr;
  in->pwdata = s->pwdata;
  in->pstrb = s->pstrb;
  in->pprot = s->pprot;
  // direct read port: every 1024th cycle, thread t reads slot counter (cycle / 1024 + t) % 5
  const bool rd = (cyc & 1023) == 0;
  for (int t = 0; t < PMU_THREADS; t++) {
    in->rdp_req[t] = rd;
    in->rdp_sel[t] = rd ? (uint8_t)((cyc / 1024 + t) % 5) : 0;
  }
  // trace port enable, registered by the core, whose trace port is a register too: the slots
  // shown in cycle c + 2 are filled when it is set in cycle c
  // (without --trace it keeps the value main() gave it before cycle 0: hash or tip)
  if (s->trace) s->top->trc_en_i = s->hash || s->tip || (cyc + 2 >= s->tw_a && cyc + 2 < s->tw_b);
  if (ls.step(in, &s->out)) {
    printf("lockstep: FAIL at cycle %" PRIu64 " (seed %" PRIu64 ")\n", ls.cycle, ls.seed);
    discard_outputs();  // a run cut short leaves no trace or report behind (open traces: PATH.tmp)
    exit(1);
  }
}

static void bus_idle(Sim *s) {
  s->psel = s->penable = s->pwrite = 0;
  s->paddr = s->pwdata = 0;
  s->pstrb = s->pprot = 0;
}

// APB4 transfer: setup cycle then access cycle (pready is always 1); privileged.
static uint32_t apb(Sim *s, bool write, uint32_t addr, uint32_t data, bool *err) {
  s->psel = 1;
  s->penable = 0;
  s->pwrite = write;
  s->paddr = addr & ((1u << PMU_AW) - 1u);
  s->pwdata = write ? data : 0;
  s->pstrb = write ? 0xf : 0;
  s->pprot = 1;
  step(s);
  s->penable = 1;
  step(s);
  uint32_t r = s->out.prdata;
  *err = s->out.pslverr;
  bus_idle(s);
  return r;
}

static void apb_wr(Sim *s, uint32_t addr, uint32_t data) {
  bool err;
  apb(s, true, addr, data, &err);
  if (err) die("APB write of 0x%08x to 0x%04x failed (PSLVERR) at cycle %" PRIu64, data, addr, s->ls.cycle);
}

static uint64_t apb_rd64(Sim *s, uint32_t addr) {
  bool e1, e2;
  uint64_t lo = apb(s, false, addr, 0, &e1);
  uint64_t hi = apb(s, false, addr + 4, 0, &e2);
  if (e1 || e2) die("APB read of 0x%04x failed (PSLVERR) at cycle %" PRIu64, addr, s->ls.cycle);
  return lo | (hi << 32);
}

static void run_cycles(Sim *s, uint64_t n) {
  for (uint64_t i = 0; i < n; i++) step(s);
}

#if PMU_SAMPLER
// ---- --samples: software's side of the sampler (docs/sampling.md "RTL records") -------------
// One APB transfer (2 cycles) of the drain: the next word of the record being read; else the
// first word of the next record of a thread with records known to be there (round robin); else
// a read of the next thread's smphead. A record is read from word 0 to its last word (words 3
// and up only when n >= 2: spec 7.4 leaves them 0 otherwise), then smptail is written with
// tail + 1, as perf consumes its mmap ring.
static void smp_transfer(Sim *s) {
  auto &d = s->smp;
  bool err = false;
  const uint32_t ring = 2u * PMU_SMP_DEPTH;
  if (d.word < 0)
    for (int k = 0; k < PMU_THREADS; k++) {
      int t = (int)((d.rr + (unsigned)k) % PMU_THREADS);
      if (d.avail[t]) {
        d.t = t;
        d.word = 0;
        break;
      }
    }
  if (d.word < 0) {  // nothing known: poll a head pointer
    int t = (int)d.rr;
    d.rr = (d.rr + 1) % PMU_THREADS;
    uint32_t head = apb(s, false, pmu_treg(t, PMU_SMPHEAD_OFF), 0, &err);
    if (err) run_fail("APB read of smphead (t%d) failed at cycle %" PRIu64, t, s->ls.cycle);
    d.avail[t] = (head - d.tail[t]) % ring;
    if (d.avail[t] > PMU_SMP_DEPTH)
      run_fail("smphead t%d = %u is %u records ahead of the tail %u (more than SMP_DEPTH)", t, head, d.avail[t], d.tail[t]);
    return;
  }
  const int t = d.t;
  if (d.word > d.last) {  // the record is complete: consume it
    uint32_t nt = (d.tail[t] + 1) % ring;
    apb(s, true, pmu_treg(t, PMU_SMPTAIL_OFF), nt, &err);
    if (err) run_fail("APB write of smptail (t%d, %u) failed at cycle %" PRIu64, t, nt, s->ls.cycle);
    d.tail[t] = nt;
    d.avail[t]--;
    d.word = -1;
    return;
  }
  uint32_t v = apb(s, false, pmu_treg(t, PMU_SMPDATA_OFF + PMU_SMPDATA_STRIDE * (uint32_t)d.word), 0, &err);
  if (err) run_fail("APB read of smpdata%d (t%d) failed at cycle %" PRIu64, d.word, t, s->ls.cycle);
  d.rec[d.word] = v;
  if (d.word == 0) {
    memset(d.rec + 1, 0, sizeof d.rec - sizeof d.rec[0]);
    unsigned n = (v >> PMU_SMPREC_N_LSB) & ((1u << PMU_SMPREC_N_W) - 1);
    d.last = n >= 2 ? PMU_SMPREC_PCS_WORD + (int)(n - 2) / 2 : PMU_SMPREC_PEBS_PC_WORD;
  }
  if (d.word++ == d.last) {
    smp_rec_t r;
    const char *why;
    if (smp_decode(d.rec, &r, &why) != 0)
      run_fail("sampler: record %" PRIu64 " of t%d (tail %u, cycle %" PRIu64 "): %s", d.records[t], t, d.tail[t],
          s->ls.cycle, why);
    if ((int)r.tid != t) run_fail("sampler: a record of t%d in the buffer of t%d (cycle %" PRIu64 ")", (int)r.tid, t, s->ls.cycle);
    if (d.out && smp_put(d.out, d.rec) != 0) run_fail("--samples: cannot write");
    d.all.insert(d.all.end(), d.rec, d.rec + PMU_SMP_RW);
    d.records[t]++;
  }
}

// A write of smpctl: en 1 (source cycles, jitter jit) or 0. The oracle's replay is told from
// which cycle the thread fires (spec 7.2: the write takes effect at the edge of its access
// cycle, whose fire follows the registers before it): tip_sampling() after the access cycle,
// both when it starts and when it stops.
static void smp_ctl(Sim *s, int t, bool en, unsigned jit) {
  s->psel = 1;
  s->penable = 0;
  s->pwrite = 1;
  s->paddr = pmu_treg(t, PMU_SMPCTL_OFF) & ((1u << PMU_AW) - 1u);
  s->pwdata = en ? PMU_PUT(PMU_SMPCTL_EN, 1) | PMU_PUT(PMU_SMPCTL_JIT, jit) : 0;
  s->pstrb = 0xf;
  s->pprot = 1;
  step(s);
  s->penable = 1;
  step(s);
  bool err = s->out.pslverr;
  if (s->tip) tip_sampling(s->tip, (unsigned)t, en ? 1 : 0);
  bus_idle(s);
  if (err) run_fail("APB write of smpctl (t%d) failed at cycle %" PRIu64, t, s->ls.cycle);
}
#endif

// n cycles of the window: with --samples, the drain's transfers take them (one idle cycle when
// n is odd)
static void window_cycles(Sim *s, uint64_t n) {
#if PMU_SAMPLER
  if (s->smp.on) {
    for (; n >= 2; n -= 2) smp_transfer(s);
    if (n) step(s);
    return;
  }
#endif
  run_cycles(s, n);
}

// ---- default programmable counters (per thread) ----------------------------------------------
// evtsel: raw encodings as software writes them (docs/spec.md 2.2, raw codes); ext from the
// generated field names (cmodel/include/pmu_map.h).
#define X_CHAIN PMU_PUT(PMU_EXT_CHAIN, 1)
#define X_QUALIFY PMU_PUT(PMU_EXT_QUALIFY, 1)
static const struct {
  const char *name;
  uint32_t evtsel, ext;
} default_pmc[] = {
    // labels (the report's comment column; the event name is perf's, from the encoding)
    {"UOPS_ISSUED.ANY", 0x0043010e, 0x00},
    {"UOPS_ISSUED.ANY chain: wraps of pmc0", 0x0043010e, X_CHAIN},
    {"stall cycles: UOPS_ISSUED.ANY cmask=1 inv", 0x01c3010e, 0x00},
    {"L1D_PEND_MISS.PENDING", 0x00430148, 0x00},
    {"RESOURCE_STALLS.ROB", 0x004310a2, 0x00},
    {"RS_EVENTS.EMPTY_CYCLES edge", 0x0047015e, 0x00},
    {"SS_OCCUPANCY.ROB cmask=16: >= 16 entries", 0x104301e1, 0x00},
    {"stall cycles qualified by pmc6", 0x01c3010e, X_QUALIFY},
};
enum { NDEF_PMC = sizeof default_pmc / sizeof default_pmc[0] };

// A label for a raw encoding (the report's comment column): the catalog name (pmu_catalog_name,
// the report's rule) plus its modifiers, spelt as perf's terms where perf has one (the event name
// itself is perf's, perf_event_name()).
static std::string pmc_name(uint32_t es, uint32_t ext) {
  char b[128];
  if (!pmu_catalog_name(es, b, sizeof b))
    snprintf(b, sizeof b, "event=0x%02x,umask=0x%02x", PMU_GET(es, PMU_EVTSEL_EVENT), PMU_GET(es, PMU_EVTSEL_UMASK));
  std::string n = b;
  unsigned cmask = PMU_GET(es, PMU_EVTSEL_CMASK);
  if (cmask) {
    snprintf(b, sizeof b, " cmask=%u", cmask);
    n += b;
  }
  if (PMU_GET(es, PMU_EVTSEL_INV)) n += " inv";
  if (PMU_GET(es, PMU_EVTSEL_EDGE)) n += " edge";
  if (PMU_GET(es, PMU_EVTSEL_ANY)) n += " any";
  if (!PMU_GET(es, PMU_EVTSEL_EN)) n += " (disabled)";
  static const char *cmpn[4] = {"", " cmp=lt", " cmp=eq", " cmp=ne"};
  n += cmpn[PMU_GET(ext, PMU_EXT_CMP)];
  if (PMU_GET(ext, PMU_EXT_CNTV)) n += " cntv";
  if (PMU_GET(ext, PMU_EXT_BOTH)) n += " both";
  if (PMU_GET(ext, PMU_EXT_CHAIN)) n += " chain";
  if (PMU_GET(ext, PMU_EXT_QUALIFY)) n += " qualify";
  return n;
}

#if PMU_SAMPLER
// The RTL's records against the oracle's replay of the same sampler (docs/sampling.md "RTL
// records"): per (thread, pc, signature) the TIP-rule and PEBS-rule weights in 1/TIP_UNIT of a
// sample, the record count and the lost count must all be equal. Returns the failures (0 or 1).
static int smp_vs_oracle(const std::vector<uint32_t> &all, size_t nrec, uint64_t lost, tip_oracle_t *tip) {
  std::map<uint32_t, std::pair<uint64_t, uint64_t>> m;  // tid << 21 | pc << 5 | sig -> (tip, pebs)
  auto key = [](unsigned t, unsigned pc, unsigned sig) { return (uint32_t)t << 21 | (uint32_t)pc << 5 | sig; };
  for (size_t i = 0; i < nrec; i++) {
    smp_rec_t r;
    const char *why;
    if (smp_decode(&all[i * PMU_SMP_RW], &r, &why) != 0) continue;  // checked when read
    for (unsigned k = 0; k < r.ninst; k++) m[key(r.tid, r.pc[k], r.sig[k])].first += TIP_UNIT / r.ninst;
    m[key(r.tid, r.pebs_pc, r.pebs_sig)].second += TIP_UNIT;
  }
  tip_stats_t ts;
  tip_stats(tip, &ts);
  size_t n, diffs = 0;
  const tip_entry_t *e = tip_entries(tip, &n);
  char first[200] = "";
  auto diff = [&](unsigned t, unsigned pc, unsigned sig, uint64_t ot, uint64_t op, uint64_t rt, uint64_t rp) {
    if (!diffs++)
      snprintf(first, sizeof first, "t%u pc 0x%04x sig 0x%02x: oracle TIP %.3f PEBS %.3f, records TIP %.3f PEBS %.3f samples",
               t, pc, sig, (double)ot / TIP_UNIT, (double)op / TIP_UNIT, (double)rt / TIP_UNIT, (double)rp / TIP_UNIT);
  };
  for (size_t i = 0; i < n; i++) {
    auto it = m.find(key(e[i].tid, e[i].pc, e[i].sig));
    uint64_t rt = it == m.end() ? 0 : it->second.first, rp = it == m.end() ? 0 : it->second.second;
    if (rt != e[i].tip || rp != e[i].pebs) diff(e[i].tid, e[i].pc, e[i].sig, e[i].tip, e[i].pebs, rt, rp);
    if (it != m.end()) m.erase(it);
  }
  for (auto &kv : m) diff(kv.first >> 21, (kv.first >> 5) & 0xffff, kv.first & 31, 0, 0, kv.second.first, kv.second.second);
  if (lost > ts.lost) {
    printf("sampler: FAIL %" PRIu64 " records were dropped in a full buffer (smplost %" PRIu64 ", %" PRIu64
           " fires lost to busy slots): the drain over APB (about 12 cycles per record) did not keep up;"
           " sample fewer (--tip-samples) or longer (--cycles)\n", lost - ts.lost, lost, ts.lost);
    return 1;
  }
  if (diffs || ts.samples != nrec || ts.lost != lost) {
    printf("sampler: FAIL the RTL's records differ from the oracle's replay: %zu records and %" PRIu64
           " lost against %" PRIu64 " samples and %" PRIu64 " lost; %zu (thread, pc, signature) weights differ%s%s\n",
           nrec, lost, ts.samples, ts.lost, diffs, diffs ? ", the first: " : "", first);
    return 1;
  }
  printf("sampler: the RTL's records equal the oracle's replay (TIP and PEBS rules, %zu records, %" PRIu64 " lost)\n",
         nrec, lost);
  return 0;
}
#endif

static double now_s() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  static Opts o;
  parse_args(argc, argv, &o);

  unsigned mix = o.use_prog ? 0 : o.mix;
  const uint64_t planned = planned_cycles(o);
  if (o.trace && !o.bench && o.tw_a >= planned)
    die("--trace-window: starts at cycle %" PRIu64 ", after the run's last cycle %" PRIu64
        " (set-up + warm-up + zeroing + --cycles + read-back)", o.tw_a, planned - 1);
  if (!o.wave.empty() && o.ww_b > planned)
    die("--wave-window: ends at cycle %" PRIu64 ", after the run's last cycle %" PRIu64
        " (set-up + warm-up + zeroing + --cycles + read-back); the window must lie in the run",
        o.ww_b - 1, planned - 1);
  std::vector<uint16_t> progs[PMU_THREADS];
  std::string prog_desc;
  if (o.use_prog) {
    for (int t = 0; t < PMU_THREADS; t++) {
      if (!o.prog[t].empty()) progs[t] = load_program(o.prog[t]);
      if (t) prog_desc += " ";
      char b[16];
      snprintf(b, sizeof b, "t%d=", t);
      prog_desc += b + ((o.prog[t].empty() || t >= (int)o.threads) ? std::string("(idle)") : o.prog[t]);
    }
  }

  static Sim s;
#if VM_TRACE_FST
  if (!o.wave.empty()) Verilated::traceEverOn(true);  // before the model is built
#endif
  s.top = s.ls.io.top = new Vsim_top;
  s.ls.seeded = true;
  s.ls.seed = o.seed;
  s.ls.history = o.history;
  s.hash = o.hash;
  for (int i = 0; i < argc; i++) {
    if (i) s.ls.replay += " ";
    s.ls.replay += argv[i];
  }
  if (o.trace) {
    s.trace = true;
    s.tw_a = o.tw_a;
    s.tw_b = o.tw_b;
    s.kan_path = o.outdir + "/run.kanata";
    s.pipe_path = o.outdir + "/run.pipetrace";
    s.o3_path = o.outdir + "/run.o3pipeview";
    s.res_path = o.outdir + "/run_resources.csv";
  }
  if (!o.outdir.empty()) {
    if (make_dirs(o.outdir) != 0) die("--outdir: cannot create '%s': %s", o.outdir.c_str(), strerror(errno));
    g_outputs.push_back(o.outdir + "/report.csv");
    g_outputs.push_back(o.outdir + "/run.kanata");  // also without --trace-window: no stale trace
    g_outputs.push_back(o.outdir + "/run.pipetrace");
    g_outputs.push_back(o.outdir + "/run.o3pipeview");
    g_outputs.push_back(o.outdir + "/run_resources.csv");
    g_outputs.push_back(o.outdir + "/toplev.csv");
    g_outputs.push_back(o.outdir + "/perf_stat.csv");
    discard_outputs();  // stale outputs of an earlier run into the same directory
  }
  if (!o.wave.empty()) {
    s.wave = true;
    s.wv_a = o.ww_a;
    s.wv_b = o.ww_b;
    s.wave_path = o.wave;
    g_outputs.push_back(o.wave);
    remove(o.wave.c_str());  // a stale waveform of an earlier run
    remove((o.wave + ".tmp").c_str());
  }

  // ---- reset; programs go in through the load port meanwhile
  Vsim_top *d = s.top;
  uint32_t idle = 0;  // cfg field IDLE: thread t stays idle
  for (int t = (int)o.threads; t < PMU_THREADS; t++) idle |= 1u << (CORE_CFG_IDLE_LSB + t);
  uint32_t lp = 0;   // cfg field LOOP: the generator's loop, 2^(lp+3) words
  while (o.loop && (8u << lp) < o.loop) lp++;
  uint32_t cfg = o.knobs | (o.use_prog ? CFG_PROG : 0) | (lp << CORE_CFG_LOOP_LSB) |
                 ((uint32_t)mix << CORE_CFG_MIX_LSB) | idle;
  d->cfg_i = cfg;
  d->seed_i = (uint32_t)o.seed;
  d->rst_ni = 0;
  // the sampler's period and jitter (the oracle's replay and the RTL's): the mean interval per
  // thread is threads x cycles / samples
  tip_cfg_t tc;
  memset(&tc, 0, sizeof tc);
  tc.threads = o.threads;
  for (int t = 0; t < PMU_THREADS; t++) tc.prog_len[t] = o.use_prog ? (uint32_t)progs[t].size() : o.loop;
  tc.knobs = o.knobs & 15u;
  {
    uint64_t mean = (uint64_t)o.threads * o.cycles / o.tip_samples;
    tc.jit = 5;
    while (tc.jit && (2ull << tc.jit) > mean) tc.jit--;  // jitter 0 .. 2^jit - 1 at most mean / 2
    uint64_t half = ((1ull << tc.jit) - 1) / 2;
    tc.period = (uint32_t)(mean > half + 1 ? (mean - half > 0xffffff ? 0xffffff : mean - half) : 1);
  }
  if (!o.tip.empty()) {
    s.tip = tip_open(&tc);
    if (!s.tip) die("--tip-oracle: cannot set up the oracle");
    g_outputs.push_back(o.tip);
    remove(o.tip.c_str());
    printf("tip-oracle: sampler period %u, jitter 0..%u cycles per thread\n", tc.period, (1u << tc.jit) - 1);
  }
  d->trc_en_i = s.hash || s.tip || (s.trace && s.tw_a <= 1);  // for cycles 0, 1 (step() sets it afterwards)
  d->rdp_req_i = 0;
  d->rdp_sel_i = 0;
  auto clock = [&]() {
    d->clk_i = 0;
    d->eval();
    d->clk_i = 1;
    d->eval();
  };
  if (o.use_prog) {
    for (int t = 0; t < PMU_THREADS; t++) {
      std::vector<uint16_t> w = progs[t];
      w.push_back(0xffff);
      for (size_t a = 0; a < w.size(); a++) {
        d->prog_we_i = 1;
        d->prog_tid_i = t;
        d->prog_addr_i = (uint16_t)a;
        d->prog_data_i = w[a];
        clock();
      }
    }
  }
  d->prog_we_i = 0;
  for (int i = 0; i < 4; i++) clock();
  d->rst_ni = 1;
  s.ls.reset();  // the model (SimTopPorts leaves the RTL's reset to the sequence above)
  if (s.hash || s.trace || s.wave || s.tip) s.ls.obs = &s;
  bus_idle(&s);

  double t0 = now_s();
  // ---- PMU set-up over APB
  run_info_t info;
  memset(&info, 0, sizeof info);
  static std::string pmc_names[PMU_THREADS][PMU_P];
  uint32_t pmc_mask = (uint32_t)((1ull << PMU_P) - 1);
  for (int t = 0; t < PMU_THREADS; t++) {
    apb_wr(&s, pmu_treg(t, PMU_CTRL_OFF), o.wpvis << PMU_CTRL_WPVIS_LSB);
    apb_wr(&s, pmu_treg(t, PMU_FIXCTL_OFF),      // os+usr for the three fixed counters
           PMU_PUT(PMU_FIXCTL_OS0, 1) | PMU_PUT(PMU_FIXCTL_USR0, 1) | PMU_PUT(PMU_FIXCTL_OS1, 1) |
               PMU_PUT(PMU_FIXCTL_USR1, 1) | PMU_PUT(PMU_FIXCTL_OS2, 1) | PMU_PUT(PMU_FIXCTL_USR2, 1));
    for (int k = 0; k < PMU_P; k++) {
      uint32_t es = 0, ex = 0;
      if (o.pmc[k].set) {
        es = o.pmc[k].evtsel;
        ex = o.pmc[k].ext;
      } else if (k < NDEF_PMC) {
        es = default_pmc[k].evtsel;
        ex = default_pmc[k].ext;
      }
      if (k == 0) ex &= ~(PMU_EXT_MASK & ~PMU_EXT_MASK_AT0);  // chain/qualify are RAZ/WI on counter 0
      pmc_names[t][k] = (o.pmc[k].set || k >= NDEF_PMC) ? pmc_name(es, ex) : default_pmc[k].name;
      if (es == 0 && ex == 0) pmc_names[t][k] = "-";
      info.pmc[t][k].name = pmc_names[t][k].c_str();
      info.pmc[t][k].evtsel = es;
      info.pmc[t][k].ext = ex;
      apb_wr(&s, pmu_treg(t, PMU_EXT_OFF + PMU_EXT_STRIDE * k), ex);
      apb_wr(&s, pmu_treg(t, PMU_EVTSEL_OFF + PMU_EVTSEL_STRIDE * k), es);
    }
    uint64_t gctrl = PMU_PUT64(PMU_GCTRL_PMC_EN, pmc_mask) | PMU_PUT64(PMU_GCTRL_FIX_EN, 0xffffffffu);
    apb_wr(&s, pmu_treg(t, PMU_GCTRL_OFF), (uint32_t)gctrl);
    apb_wr(&s, pmu_treg(t, PMU_GCTRL_OFF + 4), (uint32_t)(gctrl >> 32));  // the high word
  }

  // ---- warm-up, then zero every counter
  if (o.warmup) {
    run_cycles(&s, o.warmup);
    for (int t = 0; t < PMU_THREADS; t++) {
      for (int i = 0; i < PMU_NCPT; i++) {
        uint32_t off = i < (int)PMU_CI_FIX ? PMU_PMC_OFF + PMU_PMC_STRIDE * (i - PMU_CI_PMC)
                     : i < (int)PMU_CI_SLOT ? PMU_FIX_OFF + PMU_FIX_STRIDE * (i - PMU_CI_FIX)
                     : i < (int)PMU_CI_STK ? PMU_SLOT_OFF + PMU_SLOT_STRIDE * (i - PMU_CI_SLOT)
                     : PMU_STK_OFF + PMU_STK_STRIDE * (i - PMU_CI_STK);
        apb_wr(&s, pmu_treg(t, off + 4), 0);
        apb_wr(&s, pmu_treg(t, off), 0);
      }
    }
  }

  // ---- --bench: the same number of cycles with and without the lockstep model, each as
  // BENCH_ROUNDS rounds of cycles/BENCH_ROUNDS, the modes alternating; the fastest round of each
  // counts (a shared machine only ever makes a round slower). After a round without the model,
  // the model takes the RTL's state (the architectural state of spec section 6 is all of
  // pmu_state_t), so the next lockstep round compares every cycle again.
  if (o.bench) {
    enum { BENCH_ROUNDS = 5 };
    const uint64_t per = o.cycles / BENCH_ROUNDS ? o.cycles / BENCH_ROUNDS : 1;
    double best_l = 0, best_r = 0;
    for (int r = 0; r < BENCH_ROUNDS; r++) {
      for (int pass = 0; pass < 2; pass++) {
        s.ls.use_model = pass == 0;
        s.ls.io.capture_in = pass == 0;
        double b0 = now_s();
        run_cycles(&s, per);
        double rate = per / (now_s() - b0);
        double &best = pass ? best_r : best_l;
        if (rate > best) best = rate;
      }
      s.ls.model_from_rtl();
    }
    printf("bench: core stub + PMU, workload %s, seed %" PRIu64 ", best of %d rounds of %" PRIu64
           " cycles each\n", o.workload.c_str(), o.seed, (int)BENCH_ROUNDS, per);
    printf("  core + PMU RTL alone          : %12.0f cycles/s\n", best_r);
    printf("  core + PMU RTL + lockstep model: %12.0f cycles/s  ", best_l);
    if (best_l < best_r)
      printf("(model + compare = %.0f%% of the run)\n", 100.0 * (1.0 - best_l / best_r));
    else  // only machine load can make the longer run look faster
      printf("(model + compare: not measurable, the machine load changed between rounds)\n");
    delete s.top;
    return 0;
  }

  // ---- the measured window; with --interval in steps of that many cycles, each giving a row
  // set of toplev.csv with the counts of the step (the run itself is the same)
#if PMU_SAMPLER
  // ---- --samples: the sampler of every running thread on from the window's first cycle
  if (!o.samples.empty()) {
    g_outputs.push_back(o.samples);
    remove(o.samples.c_str());
    s.smp.out = smp_open(o.samples.c_str(), tc.period, tc.jit);
    if (!s.smp.out) die("%s: cannot write", o.samples.c_str());
    for (int t = 0; t < (int)o.threads; t++) apb_wr(&s, pmu_treg(t, PMU_SMPPER_OFF), tc.period);
    for (int t = 0; t < (int)o.threads; t++) smp_ctl(&s, t, true, tc.jit);
    s.smp.on = true;
    printf("sampler: period %u, jitter 0..%u cycles per thread\n", tc.period, (1u << tc.jit) - 1);
  }
#endif
  uint64_t win_start = s.ls.cycle;
  pmu_state_t base = s.ls.ms;
  s.tip_on = true;
  toplev_writer_t *tl = nullptr;
  perfstat_writer_t *pst = nullptr;
  bool tl_err = false;
  if (!o.outdir.empty()) {
    tl = toplev_open((o.outdir + "/toplev.csv").c_str(), o.interval != 0);
    pst = perfstat_open((o.outdir + "/perf_stat.csv").c_str(), o.perf_sep.c_str(), o.interval != 0);
    if (!tl || !pst) {
      fprintf(stderr, "Vsim_top: error: cannot write %s/toplev.csv or perf_stat.csv\n", o.outdir.c_str());
      discard_outputs();
      return 2;
    }
  }
  if (o.interval) {
    pmu_state_t prev = base, iv;
    uint64_t done = 0, ns = 0;
    while (done < o.cycles) {
      uint64_t n = o.cycles - done < o.interval ? o.cycles - done : o.interval;
      window_cycles(&s, n);
      done += n;
      iv = s.ls.ms;
      for (int i = 0; i < PMU_NCNT; i++) iv.cnt_q[i] = (s.ls.ms.cnt_q[i] - prev.cnt_q[i]) & PMU_CW_MASK;
      ns += iv.cnt_q[pmu_cnt_idx(0, PMU_P + 3 + 4)];  // thread 0's slot counter 4: elapsed ns
      if (toplev_rows(tl, &iv, (double)ns * 1e-9) != 0) tl_err = true;
      if (perfstat_rows(pst, &iv, &info, (double)ns * 1e-9) != 0) tl_err = true;
      prev = s.ls.ms;
    }
  } else {
    window_cycles(&s, o.cycles);
  }
  s.tip_on = false;
  pmu_state_t win = s.ls.ms;
  for (int i = 0; i < PMU_NCNT; i++) win.cnt_q[i] = (s.ls.ms.cnt_q[i] - base.cnt_q[i]) & PMU_CW_MASK;
  uint64_t win_end = s.ls.cycle;
  uint64_t drain_cycles = 0;  // the sampler's drain after the window (not in planned_cycles())
#if PMU_SAMPLER
  uint32_t smplost[PMU_THREADS] = {};
  if (s.smp.on) {  // stop every sampler, then drain until no record is left or pending
    s.smp.on = false;
    for (int t = 0; t < (int)o.threads; t++) smp_ctl(&s, t, false, 0);
    for (;;) {
      bool busy = false;
      for (int t = 0; t < (int)o.threads; t++) {
        bool err;
        uint32_t st = apb(&s, false, pmu_treg(t, PMU_SMPSTAT_OFF), 0, &err);
        if (err) run_fail("APB read of smpstat (t%d) failed at cycle %" PRIu64, t, s.ls.cycle);
        if (PMU_GET(st, PMU_SMPSTAT_FILL) || PMU_GET(st, PMU_SMPSTAT_PEND)) busy = true;
      }
      if (!busy && s.smp.word < 0) break;
      if (s.ls.cycle - win_end > 1000000)
        run_fail("sampler: records still pending 1,000,000 cycles after the window (a thread that never commits?)");
      for (int k = 0; k < 32; k++) smp_transfer(&s);
    }
    for (int t = 0; t < (int)o.threads; t++) {
      bool err;
      smplost[t] = apb(&s, false, pmu_treg(t, PMU_SMPLOST_OFF), 0, &err);
      if (err) run_fail("APB read of smplost (t%d) failed at cycle %" PRIu64, t, s.ls.cycle);
    }
    drain_cycles = s.ls.cycle - win_end - 2ull * (uint64_t)o.threads;  // the smpctl writes are planned
    if (smp_close(s.smp.out) != 0) die("%s: cannot write", o.samples.c_str());
    s.smp.out = nullptr;
  }
#endif

  // Read the fixed counters back over APB (torn-free 64-bit reads) as software would.
  uint64_t rb_cyc[PMU_THREADS], rb_ret[PMU_THREADS];
  for (int t = 0; t < PMU_THREADS; t++) {
    uint64_t cyc = apb_rd64(&s, pmu_treg(t, PMU_FIX_OFF));
    uint64_t ret = apb_rd64(&s, pmu_treg(t, PMU_FIX_OFF + PMU_FIX_STRIDE));
    rb_cyc[t] = cyc;
    rb_ret[t] = ret;
  }
  double secs = now_s() - t0;
  if (s.kan || s.pipe || s.o3) close_traces(&s);
  if (s.ls.cycle != planned + drain_cycles) {  // keeps the --trace-window check above honest
    fprintf(stderr, "Vsim_top: internal error: the run took %" PRIu64 " cycles, planned_cycles() says %" PRIu64
            "; update planned_cycles() with the run sequence\n", s.ls.cycle, planned);
    discard_outputs();
    return 2;
  }

  // ---- report
  char cfgs[256];
  snprintf(cfgs, sizeof cfgs, "W=%d THREADS=%d FQ=%d ROB=%d RS=%d LONG_LAT=%d MISS_LAT=%d IC_LAT=%d "
           "BR_PEN=%d knobs=%s%s%s%s%s",
           PMU_W, PMU_THREADS, CORE_FQ, CORE_ROB, CORE_RS, CORE_LONG_LAT, CORE_MISS_LAT, CORE_IC_LAT,
           CORE_BR_PEN, o.knobs ? "" : "none", (o.knobs & KNOB_PERF_IC) ? "perfect-icache," : "",
           (o.knobs & KNOB_PERF_BP) ? "perfect-bpred," : "", (o.knobs & KNOB_PERF_DC) ? "perfect-dcache," : "",
           (o.knobs & KNOB_ALU1) ? "alu1," : "");
  size_t cl = strlen(cfgs);
  if (cfgs[cl - 1] == ',') cfgs[cl - 1] = '\0';
  std::string wl = o.use_prog ? prog_desc : o.workload;
  if (!o.use_prog && o.loop) wl += " (loop=" + std::to_string(o.loop) + ")";
  if (!o.use_prog && o.threads < PMU_THREADS) wl += " (threads=" + std::to_string(o.threads) + ")";
  info.workload = wl.c_str();
  info.config = cfgs;
  info.cycles = o.cycles;
  info.seed = o.seed;
  info.w = PMU_W;
  info.wpvis = o.wpvis;
  info.mismatches = 0;
  if (!o.quiet) report_print(stdout, &win, &info);
  int bad = 0;
  if (tl && (!o.interval && toplev_rows(tl, &win, 0.0) != 0)) tl_err = true;
  if (pst && (!o.interval && perfstat_rows(pst, &win, &info, 0.0) != 0)) tl_err = true;
  if (tl && (toplev_close(tl) != 0 || perfstat_close(pst) != 0 || tl_err)) {
    fprintf(stderr, "%s/toplev.csv, perf_stat.csv:0: cannot write\n", o.outdir.c_str());
    bad = 1;
  }
  if (!o.outdir.empty()) {
    std::string p = o.outdir + "/report.csv";
    errno = 0;
    if (report_csv(p.c_str(), &win, &info) != 0) {
      fprintf(stderr, "%s:0: cannot write: %s\n", p.c_str(), errno ? strerror(errno) : "I/O error");
      bad = 1;
    }
  }
  if (s.trace_err) {
    fprintf(stderr, "Vsim_top: error: a trace writer failed (%s, %s, %s); traces removed\n",
            s.kan_path.c_str(), s.pipe_path.c_str(), s.o3_path.c_str());
    remove(s.kan_path.c_str());
    remove(s.pipe_path.c_str());
    remove(s.o3_path.c_str());
    bad = 1;
  }
  if (s.wave) {
#if VM_TRACE_FST
    if (s.fst) wave_close(&s);  // (the window ends with the run's last cycle)
#endif
    struct stat st;
    if (wave_err || stat(s.wave_path.c_str(), &st) != 0) {
      fprintf(stderr, "%s:0: cannot write the waveform\n", s.wave_path.c_str());
      remove(s.wave_path.c_str());
      remove((s.wave_path + ".tmp").c_str());
      bad = 1;
    } else {
      printf("wave: %s: cycles %" PRIu64 "..%" PRIu64 " at 10c ns (inputs) and 10c+5 ns (after the edge)\n",
             s.wave_path.c_str(), s.wv_a, s.wv_b - 1);
    }
  }

  // ---- checks: every stage's components sum to W x cycles; --expect values
  int fails = 0;
  for (int t = 0; t < PMU_THREADS; t++) {
    for (int st = 0; st < 3; st++) {
      uint64_t sum = 0;
      for (int c = 0; c < 8; c++) sum += win.cnt_q[pmu_cnt_idx(t, PMU_P + 8 + st * 8 + c)];
      if (sum != (uint64_t)PMU_W * o.cycles) {
        printf("check: FAIL t%d %s stack sums to %" PRIu64 ", expected W x cycles = %" PRIu64 "\n", t,
               pmu_stage_names[st], sum, (uint64_t)PMU_W * o.cycles);
        fails++;
      }
    }
  }
  if (!fails) printf("check: every stack (thread x stage) sums to W x cycles = %" PRIu64 "\n",
                     (uint64_t)PMU_W * o.cycles);
  for (int t = 0; t < PMU_THREADS; t++) {
    // the APB read-back happens after the window: the live counters, not the window deltas
    uint64_t c = s.ls.ms.cnt_q[pmu_cnt_idx(t, PMU_P)], r = s.ls.ms.cnt_q[pmu_cnt_idx(t, PMU_P + 1)];
    if (rb_cyc[t] > c || rb_ret[t] > r) {
      printf("check: FAIL t%d APB read-back of fix0/fix1 (%" PRIu64 ", %" PRIu64 ") above the final values\n", t,
             rb_cyc[t], rb_ret[t]);
      fails++;
    }
  }
  for (auto &x : o.expects) {
    uint64_t got = win.cnt_q[x.idx];
    if (got != x.value) {
      printf("expect: FAIL %s: expected %" PRIu64 ", got %" PRIu64 " (window of %" PRIu64 " cycles, seed %" PRIu64
             ")\n", x.name.c_str(), x.value, got, o.cycles, o.seed);
      fails++;
    } else {
      printf("expect: ok   %s = %" PRIu64 "\n", x.name.c_str(), got);
    }
  }
  if (o.print_counters) {
    for (int i = 0; i < PMU_NCNT; i++) {
      std::string n = cnt_name(i);
      size_t paren = n.find('(');  // "t0.fix0(cycles)" -> "t0.fix0"
      if (paren != std::string::npos) n.resize(paren);
      printf("%s %" PRIu64 "\n", n.c_str(), win.cnt_q[i]);
    }
  }
#if PMU_SAMPLER
  if (!o.samples.empty()) {
    const size_t nrec = s.smp.all.size() / PMU_SMP_RW;
    uint64_t lost = 0;
    printf("sampler: %zu records (", nrec);
    for (int t = 0; t < (int)o.threads; t++) {
      printf("%st%d %" PRIu64, t ? ", " : "", t, s.smp.records[t]);
      lost += smplost[t];
    }
    printf("), %" PRIu64 " lost; written to %s\n", lost, o.samples.c_str());
    {
      uint64_t comp[8] = {};
      for (size_t i = 0; i < nrec; i++) {
        smp_rec_t r;
        const char *why;
        if (smp_decode(&s.smp.all[i * PMU_SMP_RW], &r, &why) == 0) comp[smp_component(&r)]++;
      }
      printf("sampler: samples by component (spec 7.10):");
      for (int k = 0; k < 8; k++) printf(" %s %.2f%%", pmu_comp_names[k], nrec ? 100.0 * (double)comp[k] / (double)nrec : 0.0);
      printf("\n");
    }
    if (s.tip) fails += smp_vs_oracle(s.smp.all, nrec, lost, s.tip);
  }
#endif
  if (s.tip) {
    tip_stats_t ts;
    tip_stats(s.tip, &ts);
    double et = tip_error(s.tip, 0, 0), ep = tip_error(s.tip, 1, 0);
    printf("tip-oracle: %" PRIu64 " computing, %" PRIu64 " stalled, %" PRIu64 " flushed, %" PRIu64
           " drained cycles, %" PRIu64 " unowned; %" PRIu64 " fires, %" PRIu64 " samples, %" PRIu64 " lost\n",
           ts.cycles[0], ts.cycles[1], ts.cycles[2], ts.cycles[3], ts.unowned, ts.fires, ts.samples, ts.lost);
    printf("tip-oracle: instruction-level profile error: TIP rule %.2f%%, PEBS rule %.2f%% (%" PRIu64 " samples)\n",
           100 * et, 100 * ep, ts.samples);
    {
      uint64_t tot = 0;
      for (int k = 0; k < 8; k++) tot += ts.comp[k];
      printf("tip-oracle: time by component (spec 7.10, every window cycle):");
      for (int k = 0; k < 8; k++) printf(" %s %.2f%%", pmu_comp_names[k], tot ? 100.0 * (double)ts.comp[k] / (double)tot : 0.0);
      printf("\n");
    }
    if (ts.port_mismatch) {
      printf("tip-oracle: FAIL %" PRIu64 " commit slots whose cmt_pc/cmt_sig ports disagree with the trace\n",
             ts.port_mismatch);
      fails++;
    }
    if (ts.trace_mismatch) {
      printf("tip-oracle: FAIL %" PRIu64 " cycles whose commit slots disagree with stk_n\n", ts.trace_mismatch);
      fails++;
    }
    if (tip_write_csv(s.tip, o.tip.c_str()) != 0) {
      fprintf(stderr, "%s:0: cannot write\n", o.tip.c_str());
      bad = 1;
    }
    tip_free(s.tip);
  }
  if (o.hash) printf("digest: %016" PRIx64 " over %" PRIu64 " cycles\n", s.digest, s.ls.cycle);
  printf("window: cycles %" PRIu64 "..%" PRIu64 " (warm-up %" PRIu64 ")\n", win_start, win_end - 1, o.warmup);
  printf("lockstep: %" PRIu64 " cycles, 0 mismatches (seed %" PRIu64 ", %.2f s, %.0f cycles/s)\n", s.ls.cycle, o.seed,
         secs, s.ls.cycle / secs);
  delete s.top;
  if (fails) return 1;
  return bad ? 1 : 0;
}

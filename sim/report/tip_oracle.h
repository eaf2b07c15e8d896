/* Time-proportional profile oracle and sampler replay (docs/spec.md section 7).
 *
 * Fed once per cycle with the core's trace port and the PMU inputs of that cycle (trc_cycle_t),
 * with the trace port enabled from reset on: it gives every cycle of the window of every thread
 * to its owner (spec 7.1) per static instruction (thread, pc) and event signature, and replays
 * the sampler of spec 7.2/7.3 (cycle source) under the TIP rule and the PEBS rule. The program
 * address and the signature are derived from the trace (spec 7.8): pc from the commit count,
 * sig from the attributes, the knobs and the dispatch and issue slots. */
#ifndef TIP_ORACLE_H
#define TIP_ORACLE_H

#include <stdint.h>
#include <stdio.h>
#include "sim_types.h"
#include "core_cfg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the signature bits, states, slots and generator are the C model's (cmodel/include/pmu_sampler.h,
 * included by pmu_model.h through sim_types.h): the oracle and the model follow one rule */
#define TIP_SIG_IC  PMU_SIG_IC
#define TIP_SIG_BR  PMU_SIG_BR
#define TIP_SIG_DC  PMU_SIG_DC
#define TIP_SIG_LL  PMU_SIG_LL
#define TIP_SIG_DEP PMU_SIG_DEP
#define TIP_UNIT    420u   /* one cycle (or sample) in units of 1/lcm(1..7): exact 1/n shares */
#define TIP_PEND    PMU_SMP_PEND   /* pending sample slots per thread (spec 7.3) */

/* knobs: the fields of the core's cfg_i (core_cfg.h, docs/core.md section 2) */
#define TIP_KNOB_PERF_IC CORE_CFG_PERF_IC_MASK
#define TIP_KNOB_PERF_BP CORE_CFG_PERF_BP_MASK
#define TIP_KNOB_PERF_DC CORE_CFG_PERF_DC_MASK
#define TIP_KNOB_ALU1    CORE_CFG_ALU1_MASK

enum { TIP_COMPUTING = PMU_SMP_COMPUTING, TIP_STALLED = PMU_SMP_STALLED, TIP_FLUSHED = PMU_SMP_FLUSHED,
       TIP_DRAINED = PMU_SMP_DRAINED };

typedef struct {
  unsigned threads;                 /* threads fed (<= PMU_THREADS) */
  uint32_t prog_len[PMU_THREADS];   /* program words of thread t; 0: generator (pc mod 2^16) */
  unsigned knobs;                   /* TIP_KNOB_* */
  uint32_t period;                  /* smpper.period (0 acts as 1) */
  unsigned jit;                     /* smpctl.jit, 0..15 */
} tip_cfg_t;

typedef struct tip_oracle tip_oracle_t;

/* One (thread, pc, sig) entry of the profiles, all in TIP_UNIT units. */
typedef struct {
  uint8_t tid, sig;
  uint16_t pc;
  uint64_t oracle, tip, pebs;
  uint64_t pebs_all;                /* every window cycle under the PEBS rule (its bias) */
} tip_entry_t;

typedef struct {
  uint64_t cycles[4];               /* window cycles by state (TIP_COMPUTING..), all threads */
  uint64_t comp[8];                 /* window cycles by CPI-stack component (pmu_comp_names) of
                                       their owner under spec 7.10, all threads, in TIP_UNIT */
  uint64_t unowned;                 /* window cycles whose owner never committed (run end) */
  uint64_t fires, samples, lost;    /* fires in the window; samples completed; lost to the slots */
  uint64_t trace_mismatch;          /* cycles whose commit slots disagree with stk_n (trace off?) */
  uint64_t port_mismatch;           /* commit slots whose core ports cmt_pc/cmt_sig (spec 7.8)
                                       differ from the address and signature derived here */
} tip_stats_t;

tip_oracle_t *tip_open(const tip_cfg_t *cfg);            /* NULL: bad configuration / memory */
/* One cycle; in_window: the cycle is in the measured window (owners and fires are counted only
 * there; commits after it still complete its pending cycles and samples). */
void tip_cycle(tip_oracle_t *o, const trc_cycle_t *c, int in_window);
/* The sampler's enable, as the RTL sampler of a run has it (docs/sampling.md "RTL records"):
 * from the first call on, thread t fires only in the cycles after tip_sampling(o, t, 1) was
 * called and before tip_sampling(o, t, 0) (call each after feeding the access cycle of its
 * smpctl write: a write takes effect at that cycle's edge, spec 7.2, so the access cycle of the
 * write with en = 0 may still fire); without any call the replay fires in the window's cycles.
 * Enabling loads the countdown with the reload value (spec 7.2: no step). */
void tip_sampling(tip_oracle_t *o, unsigned t, int on);
/* The entries (sorted by thread, pc, sig) and statistics; valid until tip_free. */
const tip_entry_t *tip_entries(tip_oracle_t *o, size_t *n);
void tip_stats(const tip_oracle_t *o, tip_stats_t *st);
/* Instruction-level profile error (spec 7.9) of the TIP-rule (rule 0) or PEBS-rule (rule 1)
 * samples, or of every cycle under the PEBS rule (rule 2), against the oracle, over static instructions (thread, pc mod fold; fold 0: pc). */
double tip_error(tip_oracle_t *o, int rule, uint32_t fold);
/* CSV: tid,pc,sig,oracle_cycles,tip_samples,pebs_samples,pebs_cycles (fractions exact to 1/420). 0 = ok;
 * writes PATH.tmp and renames it. */
int tip_write_csv(tip_oracle_t *o, const char *path);
void tip_free(tip_oracle_t *o);

/* spec 7.2: the sampler's generator step (the model's) */
static inline uint16_t tip_lfsr_step(uint16_t x) { return pmu_smp_lfsr_step(x); }

#ifdef __cplusplus
}
#endif
#endif

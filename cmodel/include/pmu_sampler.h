/* The time-proportional sampler (docs/spec.md section 7): its record layout, states, signature
 * bits and generator, the definitions it shares with the oracle (sim/report/tip_oracle.h), and
 * its state in pmu_state_t.
 *
 * PMU_SAMPLER is the spec's build parameter SAMPLER (pmu_params.json; pmu_map.h), 0 by default
 * (its registers are then unmapped words, spec 5.2, and pmu_in_t/pmu_state_t are as without
 * it). Built with 1: the model variants smp (test_sampler, smp-diff, the lockstep set smp),
 * run_smp (make run's main run) and board (pmuctl, as fpga/rtl/board_top.v builds the PMU). Its registers (spec 7.6) are in
 * rtl/pmu/data/pmu.rdl like every other: their offsets, fields and masks are in pmu_map.h and
 * their decode in pmu_regs_gen.h.
 */
#ifndef PMU_SAMPLER_H
#define PMU_SAMPLER_H

#include <stdint.h>
#include "pmu_map.h"

/* PMU_SAMPLER and PMU_SMP_DEPTH come from pmu_params.json (pmu_map.h, -D overrides them) */
#define PMU_SMP_PEND 2         /* pending sample slots per thread (spec 7.3) */
#define PMU_SMP_RW 8           /* words of 32 bits per record (spec 7.4) */

#if PMU_SAMPLER && ((PMU_SMP_DEPTH) < 2 || (PMU_SMP_DEPTH) > 16384 || ((PMU_SMP_DEPTH) & ((PMU_SMP_DEPTH) - 1)))
#error "PMU_SMP_DEPTH must be a power of two, 2..16384"
#endif

/* States of a cycle (spec 7.1) */
enum { PMU_SMP_COMPUTING = 0, PMU_SMP_STALLED = 1, PMU_SMP_FLUSHED = 2, PMU_SMP_DRAINED = 3 };

/* Event signature bits (spec 7.1) */
#define PMU_SIG_IC  0x01u
#define PMU_SIG_BR  0x02u
#define PMU_SIG_DC  0x04u
#define PMU_SIG_LL  0x08u
#define PMU_SIG_DEP 0x10u
#define PMU_SIG_MASK 0x1fu

/* The generator (spec 7.2): Galois LFSR x^16+x^14+x^13+x^11+1, reset 0xACE1 ^ t */
#define PMU_SMP_LFSR_TAPS 0xB400u
#define PMU_SMP_LFSR_SEED 0xACE1u
static inline uint16_t pmu_smp_lfsr_step(uint16_t x)
{
  return (uint16_t)((x >> 1) ^ ((x & 1u) ? PMU_SMP_LFSR_TAPS : 0u));
}

/* The registers (spec 7.6) are in rtl/pmu/data/pmu.rdl: offsets, fields and masks in pmu_map.h
 * (PMU_SMPCTL_OFF, PMU_SMPCTL_EN_LSB, PMU_SMPCTL_MASK, ...) */
/* ---- Record (spec 7.4): its fields are in pmu_params.json ("smp_record"), generated into
 * pmu_map.h as PMU_SMPREC_<FIELD>_WORD/_LSB/_W. Word 3: sig i (i = 1..6) at bits 5i-5 .. 5i-1;
 * words 4..6: pc i at bits 16*((i-1)%2) of word 4 + (i-1)/2; word 7 reserved. */

#if PMU_SAMPLER
/* A pending sample slot (spec 7.3): the record as it is being built (word 1 holds ts_q of the
 * fire) */
typedef struct {
  uint8_t valid;                           /* in use */
  uint8_t done;                            /* completed (cycle g seen), record to be written */
  uint32_t rec[PMU_SMP_RW];
} pmu_smp_slot_t;

/* The sampler's state of one thread (spec 7.7) */
typedef struct {
  uint32_t ctl_q, per_q, wm_q;             /* smpctl, smpper, smpwm */
  uint32_t cd_q;                           /* 25 bits */
  uint32_t pinc_q;                         /* counter ctr's increment of the cycle before (7.2) */
  uint16_t lfsr_q;
  uint8_t lastf_q, lastsig_q;
  uint16_t lastpc_q;
  pmu_smp_slot_t slot_q[PMU_SMP_PEND];
  uint8_t old_q;                           /* the slot that fired first, when both are in use */
  uint32_t head_q, tail_q;                 /* mod 2 * SMP_DEPTH */
  uint8_t lost_q;
  uint32_t lost_cnt_q;                     /* smplost */
  uint32_t buf_q[PMU_SMP_DEPTH][PMU_SMP_RW];
} pmu_smp_thr_t;
#endif

#endif

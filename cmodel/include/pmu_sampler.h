/* The time-proportional sampler (docs/spec.md section 7): its build parameters, register table,
 * record layout and the definitions it shares with the oracle (sim/report/tip_oracle.h).
 *
 * PMU_SAMPLER is the spec's build parameter SAMPLER. The spec's default is 1, but the RTL does
 * not have the sampler yet, so the model defaults to 0 and every lockstep, golden and main-run
 * configuration keeps it 0 until the RTL lands (with 0 the registers below are unmapped words,
 * spec 5.2, and pmu_in_t/pmu_state_t are as without the sampler). Only cmodel/test/test_sampler.c
 * builds it with 1 (-DPMU_SAMPLER=1).
 *
 * The register offsets and fields (spec 7.6) live here, in this one table, because they enter
 * rtl/pmu/data/pmu.rdl only with the RTL; when pmu.rdl gets them they move to the generated
 * pmu_map.h (PMU_SMPCTL_OFF, PMU_SMPCTL_EN_LSB, ... under the same names) and this table goes.
 */
#ifndef PMU_SAMPLER_H
#define PMU_SAMPLER_H

#include <stdint.h>

#ifndef PMU_SAMPLER
#define PMU_SAMPLER 0          /* spec SAMPLER; 0 until the RTL has the sampler (see above) */
#endif
#ifndef PMU_SMP_DEPTH
#define PMU_SMP_DEPTH 256      /* records per thread buffer, a power of two (spec 7.5) */
#endif
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

/* ---- Registers (spec 7.6): offsets in a thread block; moves to pmu_map.h with pmu.rdl ---- */
#define PMU_SMPCTL_OFF   0x240u
#define PMU_SMPPER_OFF   0x244u
#define PMU_SMPSEED_OFF  0x248u
#define PMU_SMPWM_OFF    0x24cu
#define PMU_SMPHEAD_OFF  0x250u
#define PMU_SMPTAIL_OFF  0x254u
#define PMU_SMPSTAT_OFF  0x258u
#define PMU_SMPLOST_OFF  0x25cu
#define PMU_SMPDATA_OFF  0x260u   /* smpdata0..7, stride 4 */
#define PMU_SMPTS_OFF    0x280u
#define PMU_SMP_WORDS    17u      /* words from PMU_SMPCTL_OFF to PMU_SMPTS_OFF */

#define PMU_SMPCTL_EN_LSB   0
#define PMU_SMPCTL_EN_W     1
#define PMU_SMPCTL_SRC_LSB  1
#define PMU_SMPCTL_SRC_W    1
#define PMU_SMPCTL_CTR_LSB  2
#define PMU_SMPCTL_CTR_W    4
#define PMU_SMPCTL_JIT_LSB  8
#define PMU_SMPCTL_JIT_W    4
#define PMU_SMPCTL_WMIE_LSB 12
#define PMU_SMPCTL_WMIE_W   1
#define PMU_SMPCTL_MASK     0x00001f3fu
#define PMU_SMPPER_PERIOD_LSB 0
#define PMU_SMPPER_PERIOD_W   24
#define PMU_SMPPER_MASK       0x00ffffffu
#define PMU_SMPPER_RESET      0x00001000u
#define PMU_SMPSEED_MASK      0x0000ffffu
#define PMU_SMPWM_MASK        0x0000ffffu
#define PMU_SMPTAIL_MASK      0x0000ffffu
#define PMU_SMPSTAT_FILL_LSB  0
#define PMU_SMPSTAT_FILL_W    16
#define PMU_SMPSTAT_FULL_LSB  16
#define PMU_SMPSTAT_FULL_W    1
#define PMU_SMPSTAT_WM_LSB    17
#define PMU_SMPSTAT_WM_W      1
#define PMU_SMPSTAT_PEND_LSB  18   /* bit 18 + i: pending slot i in use */
#define PMU_SMPSTAT_PEND_W    2

/* ---- Record (spec 7.4) ---- */
#define PMU_SMPREC_PC0_LSB      0    /* word 0 */
#define PMU_SMPREC_PC0_W        16
#define PMU_SMPREC_TID_LSB      16
#define PMU_SMPREC_TID_W        3
#define PMU_SMPREC_STATE_LSB    19
#define PMU_SMPREC_STATE_W      2
#define PMU_SMPREC_N_LSB        21
#define PMU_SMPREC_N_W          3
#define PMU_SMPREC_SIG0_LSB     24
#define PMU_SMPREC_SIG0_W       5
#define PMU_SMPREC_PRIV_LSB     29
#define PMU_SMPREC_PRIV_W       1
#define PMU_SMPREC_LOST_LSB     30
#define PMU_SMPREC_LOST_W       1
#define PMU_SMPREC_VALID_LSB    31
#define PMU_SMPREC_VALID_W      1
#define PMU_SMPREC_PEBS_PC_LSB  0    /* word 2 */
#define PMU_SMPREC_PEBS_PC_W    16
#define PMU_SMPREC_PEBS_SIG_LSB 16
#define PMU_SMPREC_PEBS_SIG_W   5
#define PMU_SMPREC_PEBS_DLY_LSB 24
#define PMU_SMPREC_PEBS_DLY_W   8
/* word 3: sig i (i = 1..6) at bits 5i-5 .. 5i-1; words 4..6: pc i at bits 16*((i-1)%2) of word
 * 4 + (i-1)/2; word 7 reserved */

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
  uint16_t lfsr_q;
  uint8_t lastf_q, lastsig_q;
  uint16_t lastpc_q;
  pmu_smp_slot_t slot_q[PMU_SMP_PEND];
  uint32_t head_q, tail_q;                 /* mod 2 * SMP_DEPTH */
  uint8_t lost_q;
  uint32_t lost_cnt_q;                     /* smplost */
  uint32_t buf_q[PMU_SMP_DEPTH][PMU_SMP_RW];
} pmu_smp_thr_t;
#endif

#endif

/* Functional coverage of a lockstep run, counted in C from the model's state before and after
 * each clock edge and that cycle's inputs/outputs (Verilator 5.006 has no covergroups).
 * A random run that never reaches a bin proves nothing about it, so the harness reports the
 * unhit bins and `--require-cov` fails the run when any is left.
 *
 * Bin names are grouped with dots and contain no spaces; the list, what each bin means and the
 * combinations that are not bins (impossible by construction) are in docs/coverage.md. Bins that
 * a parameter set makes impossible (SMT slots with THREADS=1, unmapped evtsel/ext/pmc indices with
 * P=16, ...) are left out of that build, so COV_NBINS depends on the parameters; the original
 * bin stk.smt_slots keeps its index but is not reported, written or counted with THREADS=1, nor
 * is cmask.max.met when no V can reach 255 (small LW), nor are the CHAIN/QUALIFY bins with P=1. */
#ifndef PMU_COV_H
#define PMU_COV_H

#include <stdint.h>
#include <stdio.h>
#include "pmu_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parameter-dependent bin groups (1 = the bins exist in this build). */
#define COV_HAS_SMT        ((PMU_THREADS) > 1)                 /* a sibling thread exists */
#define COV_HAS_CHAIN      ((PMU_P) > 1)                       /* counter k-1 exists for k >= 1 */
#define COV_HAS_CASCADE    ((PMU_P) > 2)                       /* k-2 -> k-1 -> k */
#define COV_HAS_K_HOLE     ((PMU_P) < 16)                      /* evtsel/ext/pmc index >= P is mapped space */
#define COV_HAS_T_HOLE     ((PMU_THREADS) < ((1ull << (PMU_AW)) - PMU_THREAD_BASE) / PMU_THREAD_STRIDE)
#define COV_NSTKC          (7 + COV_HAS_SMT)                   /* stack components with a bin */
/* V can reach 255 (cmask.max.met): one full lane summed over the threads with ANY */
#define COV_HAS_V255       ((((1 << (PMU_LW)) - 1) * (PMU_THREADS)) >= 255)

enum {
  /* ---- the original 38 bins (names unchanged) ---- */
  COV_APB_READ_OK, COV_APB_WRITE_OK, COV_APB_UNPRIV_WRITE_ERR, COV_APB_UNPRIV_READ_ERR,
  COV_APB_UNPRIV_READ_OK, COV_APB_UNMAPPED_ERR, COV_APB_STROBE_PARTIAL, COV_HI_LATCH_HIT,
  COV_PMC_WRAP, COV_PMC_WRAP_V_GT1, COV_FIX_WRAP, COV_WRAP_WHILE_SET, COV_SET_AND_CLEAR,
  COV_IRQ_RISE, COV_FREEZE_SET, COV_FROZEN_CYCLE, COV_CHAIN_CARRY, COV_CHAIN_CARRY_WRAP,
  COV_WRITE_RACES_INC, COV_EDGE_COUNT, COV_BOTH_FALL_COUNT, COV_QUALIFY_BLOCKED,
  COV_QUALIFY_PASSED, COV_CNTV_ADD, COV_ANY_SUM, COV_CMP_GE, COV_CMP_LT, COV_CMP_EQ,
  COV_CMP_NE, COV_INV_THRESHOLD, COV_CMASK0_INV, COV_PRIV_FILTERED, COV_CPREV_CLEARED,
  COV_STACK_CARRY, COV_STACK_CARRY_SAT, COV_WPVIS_BPRED, COV_SMT_SLOTS, COV_RDP_READ,
  COV_NBASE,

  /* ---- event catalog: one bin per pmu_events[] entry, in catalog order ---- */
  COV_EVT0 = COV_NBASE,
  COV_EVT_UNSUP = COV_EVT0 + PMU_NEVENTS,      /* unsupported code blocked a count (2.2) */
  COV_EVT_SEL_MULTI,                           /* two or more selected lanes summed */
  COV_EVT_SEL_COND_OR,                         /* two or more true conditions ORed into 1 */
  COV_EVT_V_WIDE,                              /* V added with V >= 2^LW (wider than a lane) */

  /* ---- compare mode x EDGE x INV x count-1/count-V: + mode*8 + edge*4 + inv*2 + cntv;
   *      mode 0..3 = GE (cmask != 0), LT, EQ, NE; mode 4 = plain counting (cmask 0, GE) ---- */
  COV_CROSS0,
  /* ---- CMASK 0 / 1 / 255 x comparison met / not met (GE and EQ): + class*2 + met ---- */
  COV_CMASK0 = COV_CROSS0 + 40,
  /* ---- privilege: USR x OS x current privilege: + usr*4 + os*2 + priv ---- */
  COV_PRIV_PMC0 = COV_CMASK0 + 6,
  COV_PRIV_FIX0 = COV_PRIV_PMC0 + 8,
  /* ---- ANY: the count comes from another thread only; a thread's non-zero lanes are left
   *      out of a count by that thread's own privilege ---- */
  COV_ANY_OTHER = COV_PRIV_FIX0 + 8,
  COV_ANY_GATED = COV_ANY_OTHER + COV_HAS_SMT,
  /* ---- overflow with/without INT (PMI) and with/without freeze: + int*2 + frz ---- */
  COV_OVF_PMC0 = COV_ANY_GATED + COV_HAS_SMT,
  COV_OVF_FIX0 = COV_OVF_PMC0 + 4,
  COV_WRAP_SLOT = COV_OVF_FIX0 + 4,            /* silent wraps: issue-slot counter */
  COV_WRAP_STK,                                /* silent wraps: CPI-stack counter */
  /* ---- CHAIN and QUALIFY ---- */
  COV_CHAIN_UNGATED,                           /* carry added while counter k is inactive */
  COV_CHAIN_LOST_WRITE,                        /* carry cycle with a write to counter k */
  COV_CHAIN_QUAL_IGNORED,                      /* CHAIN+QUALIFY: carry added while Qin = 0 */
  COV_CHAIN_CASCADE,                           /* carry of a chained k-1 into chained k */
  COV_QUAL_DISABLED_NB = COV_CHAIN_CASCADE + COV_HAS_CASCADE, /* qualified by an inactive k-1 */
  COV_QUAL_CASCADE,                            /* qualified through a qualified k-1 */
  /* ---- APB access classes ---- */
  COV_APB_UREAD_IDCFG = COV_QUAL_CASCADE + COV_HAS_CASCADE,
  COV_APB_UREAD_SLOT, COV_APB_UREAD_PMC, COV_APB_UREAD_FIX, COV_APB_UREAD_STK,
  COV_APB_UREAD_ERR_CNT,                       /* counter, ctrl.uren = 0 */
  COV_APB_UREAD_ERR_REG,                       /* configuration/status register */
  COV_APB_WRITE_IDCFG_ERR,                     /* privileged write to id/cfg */
  COV_APB_HOLE_GLOBAL,                         /* 0x008..0x3fc */
  COV_APB_HOLE_THREAD,                         /* gaps inside a thread block */
  COV_APB_HOLE_K,                              /* evtsel/ext/pmc index >= P */
  COV_APB_HOLE_T = COV_APB_HOLE_K + COV_HAS_K_HOLE, /* thread block >= THREADS */
  COV_APB_HI_STALE = COV_APB_HOLE_T + COV_HAS_T_HOLE, /* latched high word != live */
  /* ---- direct read port: select 0..4, 5..7 ---- */
  COV_RDP_SEL0,
  /* ---- fixed counters counting ---- */
  COV_FIX_COUNT0 = COV_RDP_SEL0 + 6,
  /* ---- CPI stacks: thread x stage x component receives slots: + (t*3+s)*COV_NSTKC + c ---- */
  COV_STK0 = COV_FIX_COUNT0 + 3,
  COV_NBINS = COV_STK0 + PMU_THREADS * 3 * COV_NSTKC
};

typedef struct {
  uint64_t hits[COV_NBINS];
  uint64_t cycles;
} pmu_cov_t;

/* Name of bin i (0 <= i < COV_NBINS), e.g. "evt.code.0x3c.umask.0x00"; names of the catalog
 * bins are made from cmodel/include/pmu_map.h's pmu_events[] table. */
const char *pmu_cov_name(int bin);

/* Sample one cycle: state before the edge, the inputs, the outputs of that cycle, state after. */
void pmu_cov_sample(pmu_cov_t *c, const pmu_state_t *pre, const pmu_in_t *in, const pmu_out_t *out,
                    const pmu_state_t *post);
/* Print hit counts; returns the number of bins never hit. */
int pmu_cov_report(const pmu_cov_t *c, FILE *f, int verbose);
/* Write the hit counts in the mergeable text format of docs/verification.md:
 *   "# stallscope-cov v1", then "cycles N", then one "bin NAME HITS" line per bin.
 * Returns 0, or -1 on a write error. */
int pmu_cov_write(const pmu_cov_t *c, FILE *f);

#ifdef __cplusplus
}
#endif
#endif

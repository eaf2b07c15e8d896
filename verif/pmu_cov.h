/* Functional coverage of a lockstep run, counted in C from the model's state before and after
 * each clock edge and that cycle's inputs/outputs (Verilator 5.006 has no covergroups).
 * A random run that never reaches a bin proves nothing about it, so the harness reports the
 * unhit bins and `--require-cov` fails the run when any is left. */
#ifndef PMU_COV_H
#define PMU_COV_H

#include <stdint.h>
#include <stdio.h>
#include "pmu_model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  COV_APB_READ_OK, COV_APB_WRITE_OK, COV_APB_UNPRIV_WRITE_ERR, COV_APB_UNPRIV_READ_ERR,
  COV_APB_UNPRIV_READ_OK, COV_APB_UNMAPPED_ERR, COV_APB_STROBE_PARTIAL, COV_HI_LATCH_HIT,
  COV_PMC_WRAP, COV_PMC_WRAP_V_GT1, COV_FIX_WRAP, COV_WRAP_WHILE_SET, COV_SET_AND_CLEAR,
  COV_IRQ_RISE, COV_FREEZE_SET, COV_FROZEN_CYCLE, COV_CHAIN_CARRY, COV_CHAIN_CARRY_WRAP,
  COV_WRITE_RACES_INC, COV_EDGE_COUNT, COV_BOTH_FALL_COUNT, COV_QUALIFY_BLOCKED,
  COV_QUALIFY_PASSED, COV_CNTV_ADD, COV_ANY_SUM, COV_CMP_GE, COV_CMP_LT, COV_CMP_EQ,
  COV_CMP_NE, COV_INV_THRESHOLD, COV_CMASK0_INV, COV_PRIV_FILTERED, COV_CPREV_CLEARED,
  COV_STACK_CARRY, COV_STACK_CARRY_SAT, COV_WPVIS_BPRED, COV_SMT_SLOTS, COV_RDP_READ,
  COV_NBINS
};

typedef struct {
  uint64_t hits[COV_NBINS];
  uint64_t cycles;
} pmu_cov_t;

extern const char *const pmu_cov_names[COV_NBINS];

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

/* pmu_stack: Table-2 CPI stacks in slot units, per thread and stage (docs/spec.md section 4.6).
 * Mirrors rtl/pmu_stack.v. Flops: stk_carry_q (u_stack.carry_q), CRW bits, saturating.
 * Each (thread, stage) hands exactly W slots per cycle to its 8 component counters.
 */
#include "pmu_blocks.h"

#define FLG(fl, name) (((fl) >> PMU_FLG_##name) & 1u)

static inline uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* stall cause of the slots left over (not base, wrong path or SMT) */
static inline unsigned stall_cause(unsigned stg, uint32_t fl)
{
  /* front-end side: the stage has nothing of this thread */
  const unsigned fe = FLG(fl, ICACHE_MISS) ? PMU_CMP_ICACHE
                    : FLG(fl, BPRED_MISS) ? PMU_CMP_BPRED : PMU_CMP_OTHER;
  switch (stg) {
  case PMU_STG_DISPATCH:
    if (FLG(fl, FE_EMPTY))
      return fe;
    if (FLG(fl, ROB_FULL) | FLG(fl, RS_FULL))
      return FLG(fl, HEAD_DMISS) ? PMU_CMP_DCACHE
           : FLG(fl, HEAD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND;
    return PMU_CMP_OTHER;
  case PMU_STG_ISSUE:
    if (FLG(fl, RS_EMPTY))
      return fe;
    if (FLG(fl, PROD_VALID))
      return FLG(fl, PROD_DMISS) ? PMU_CMP_DCACHE
           : FLG(fl, PROD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND;
    return PMU_CMP_OTHER;
  default: /* commit */
    if (FLG(fl, ROB_EMPTY))
      return fe;
    if (!FLG(fl, HEAD_DONE))
      return FLG(fl, HEAD_DMISS) ? PMU_CMP_DCACHE
           : FLG(fl, HEAD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND;
    return PMU_CMP_OTHER;
  }
}

void pmu_stack_compute(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT],
                       pmu_state_t *d)
{
  uint32_t n[PMU_THREADS][3], wp[PMU_THREADS][3];   /* NW bits; wp of commit = 0 */
  uint32_t all[3] = {0u, 0u, 0u};                   /* sum over threads of n + wp */
  unsigned t, stg;

  for (t = 0; t < PMU_THREADS; t++) {
    for (stg = 0; stg < 3; stg++) {
      n[t][stg] = (uint32_t)in->stk_n[t][stg] & PMU_NW_MASK;
      wp[t][stg] = stg != PMU_STG_COMMIT ? (uint32_t)in->stk_wp[t][stg] & PMU_NW_MASK : 0u;
      all[stg] += n[t][stg] + wp[t][stg];
    }
  }

  for (t = 0; t < PMU_THREADS; t++) {
    const uint32_t wpvis = (s->ctrl_q[t] >> PMU_CTRL_WPVIS_LSB) & 1u;
    const uint32_t fl = (uint32_t)in->stk_flags[t] & PMU_FLAG_MASK;
    for (stg = 0; stg < 3; stg++) {
      const unsigned ci = t * PMU_NCPT + PMU_CI_STK + stg * 8u;
      const uint32_t visible = (uint32_t)(stg == PMU_STG_COMMIT) | wpvis;
      uint32_t m, tot, used, u, wps, sib, smt;

      /* base: correct path (+ wrong path when invisible) plus last cycle's overflow */
      m = visible ? n[t][stg] : n[t][stg] + wp[t][stg];
      tot = m + ((uint32_t)s->stk_carry_q[t][stg] & PMU_CRW_MAX);
      used = min_u32(tot, (uint32_t)PMU_W);
      d->stk_carry_q[t][stg] = (uint8_t)min_u32(tot - used, PMU_CRW_MAX);
      u = (uint32_t)PMU_W - used;

      /* wrong path (visible, dispatch/issue only) */
      wps = (stg != PMU_STG_COMMIT && wpvis) ? min_u32(wp[t][stg], u) : 0u;
      u -= wps;

      /* SMT: slots taken by the sibling threads */
      sib = all[stg] - n[t][stg] - wp[t][stg];
      smt = min_u32(sib, u);
      u -= smt;

      inc[ci + PMU_CMP_BASE] = used;
      inc[ci + PMU_CMP_ICACHE] = 0;
      inc[ci + PMU_CMP_BPRED] = wps;
      inc[ci + PMU_CMP_DCACHE] = 0;
      inc[ci + PMU_CMP_ALU] = 0;
      inc[ci + PMU_CMP_DEPEND] = 0;
      inc[ci + PMU_CMP_SMT] = smt;
      inc[ci + PMU_CMP_OTHER] = 0;
      inc[ci + stall_cause(stg, fl)] += u;                  /* the rest goes to the cause */
    }
  }
}

void pmu_stack_commit(pmu_state_t *s, const pmu_state_t *d)
{
  unsigned t, stg;
  for (t = 0; t < PMU_THREADS; t++)
    for (stg = 0; stg < 3; stg++)
      s->stk_carry_q[t][stg] = d->stk_carry_q[t][stg];
}

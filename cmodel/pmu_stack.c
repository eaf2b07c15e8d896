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

/* One stage stg of one thread: split this cycle's W slots over the 8 components c[] (stage
 * counters stg*8..stg*8+7); n, wp: the thread's counts; sib: the sibling threads' n + wp;
 * carry: stk_carry_q; returns carry_d. Called with a constant stg (a speed-up: the stage's
 * decisions fold at compile time). */
static inline uint32_t stack_stage(unsigned stg, uint32_t n, uint32_t wp, uint32_t sib,
                                   uint32_t carry, uint32_t wpvis, uint32_t fl, uint32_t c[8])
{
  const uint32_t visible = (uint32_t)(stg == PMU_STG_COMMIT) | wpvis;
  uint32_t m, tot, used, u, wps, smt;

  /* base: correct path (+ wrong path when invisible) plus last cycle's overflow */
  m = visible ? n : n + wp;
  tot = m + (carry & PMU_CRW_MAX);
  used = min_u32(tot, (uint32_t)PMU_W);
  u = (uint32_t)PMU_W - used;

  /* wrong path (visible, dispatch/issue only) */
  wps = (stg != PMU_STG_COMMIT && wpvis) ? min_u32(wp, u) : 0u;
  u -= wps;

  /* SMT: slots taken by the sibling threads */
  smt = min_u32(sib, u);
  u -= smt;

  c[PMU_CMP_BASE] = used;
  c[PMU_CMP_ICACHE] = 0;
  c[PMU_CMP_BPRED] = wps;
  c[PMU_CMP_DCACHE] = 0;
  c[PMU_CMP_ALU] = 0;
  c[PMU_CMP_DEPEND] = 0;
  c[PMU_CMP_SMT] = smt;
  c[PMU_CMP_OTHER] = 0;
  c[stall_cause(stg, fl)] += u;                          /* the rest goes to the cause */
  return min_u32(tot - used, PMU_CRW_MAX);
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
    uint32_t *c = &inc[t * PMU_NCPT + PMU_CI_STK];      /* stage s: c + s*8 */
    const unsigned D = PMU_STG_DISPATCH, I = PMU_STG_ISSUE, C = PMU_STG_COMMIT;

    d->stk_carry_q[t][D] = (uint8_t)stack_stage(D, n[t][D], wp[t][D], all[D] - n[t][D] - wp[t][D],
                                                s->stk_carry_q[t][D], wpvis, fl, c + D * 8u);
    d->stk_carry_q[t][I] = (uint8_t)stack_stage(I, n[t][I], wp[t][I], all[I] - n[t][I] - wp[t][I],
                                                s->stk_carry_q[t][I], wpvis, fl, c + I * 8u);
    d->stk_carry_q[t][C] = (uint8_t)stack_stage(C, n[t][C], wp[t][C], all[C] - n[t][C] - wp[t][C],
                                                s->stk_carry_q[t][C], wpvis, fl, c + C * 8u);
  }
}

void pmu_stack_commit(pmu_state_t *s, const pmu_state_t *d)
{
  unsigned t, stg;
  for (t = 0; t < PMU_THREADS; t++)
    for (stg = 0; stg < 3; stg++)
      s->stk_carry_q[t][stg] = d->stk_carry_q[t][stg];
}

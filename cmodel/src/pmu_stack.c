/* pmu_stack: Table-2 CPI stacks in slot units, per thread and stage (docs/spec.md section 4.6).
 * Mirrors rtl/pmu/pmu_stack.v. Flops: stk_carry_q (u_stack.carry_q), CRW bits, saturating.
 * Each (thread, stage) hands exactly W slots per cycle to its 8 component counters.
 */
#include <string.h>
#include "pmu_blocks.h"

#define FLG(fl, name) (((fl) >> PMU_FLG_##name) & 1u)

static inline uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* front-end cause: the stage has nothing of this thread */
static inline unsigned fe_cause(uint32_t fl)
{
  return FLG(fl, ICACHE_MISS) ? PMU_CMP_ICACHE
       : FLG(fl, BPRED_MISS) ? PMU_CMP_BPRED : PMU_CMP_OTHER;
}

/* stall cause of the slots left over (not base, wrong path or SMT) */
static inline unsigned stall_cause(unsigned stg, uint32_t fl)
{
  switch (stg) {
  case PMU_STG_DISPATCH:
    if (FLG(fl, FE_EMPTY))
      return fe_cause(fl);
    if (FLG(fl, ROB_FULL) | FLG(fl, RS_FULL))
      return FLG(fl, HEAD_DMISS) ? PMU_CMP_DCACHE
           : FLG(fl, HEAD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND;
    return PMU_CMP_OTHER;
  case PMU_STG_ISSUE:
    if (FLG(fl, RS_EMPTY))
      return fe_cause(fl);
    if (FLG(fl, PROD_VALID))
      return FLG(fl, PROD_DMISS) ? PMU_CMP_DCACHE
           : FLG(fl, PROD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND;
    return PMU_CMP_OTHER;
  default: /* commit */
    if (FLG(fl, ROB_EMPTY))
      return fe_cause(fl);
    if (!FLG(fl, HEAD_DONE))
      return FLG(fl, HEAD_DMISS) ? PMU_CMP_DCACHE
           : FLG(fl, HEAD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND;
    return PMU_CMP_OTHER;
  }
}

/* stall_cause() (the RTL's cause if/else chain of each stage) of the three stages for every
 * flags word (stage stg in bits 3*stg+2..3*stg), tabulated at the first call in each host
 * thread: a simulation speed-up (one load per thread and cycle instead of the flag tests; the
 * fill is 8192 x 3 stall_cause calls; saving: docs/performance.md), a pure function of fl like
 * stall_cause itself. One table per host thread (PMU_THREAD_LOCAL, as the evctl decode memo),
 * so parallel models share nothing. */
#if (PMU_NFLAG) > 13
#error "pmu_stack: the cause table has 2^NFLAG entries"
#endif
static PMU_THREAD_LOCAL uint16_t cause_tab[1u << PMU_NFLAG];
static PMU_THREAD_LOCAL uint8_t cause_tab_ok;

static inline uint32_t stall_causes(uint32_t fl)
{
  if (!cause_tab_ok) {
    uint32_t f;
    for (f = 0; f < (1u << PMU_NFLAG); f++)
      cause_tab[f] = (uint16_t)(stall_cause(PMU_STG_DISPATCH, f) |
                                (stall_cause(PMU_STG_ISSUE, f) << 3) |
                                (stall_cause(PMU_STG_COMMIT, f) << 6));
    cause_tab_ok = 1;
  }
  return cause_tab[fl & PMU_FLAG_MASK];
}

/* One stage stg of one thread: split this cycle's W slots over the 8 components c[] (stage
 * counters stg*8..stg*8+7), the RTL's pmu_stack_stage with STAGE = stg (rtl/pmu/
 * pmu_stack_stage.v, one instance per thread and stage); n, wp: the thread's counts;
 * sib: the sibling threads' n + wp; carry: stk_carry_q; causes: stall_causes(flags); returns
 * carry_d. Called with a constant stg (a speed-up: the stage's decisions fold at compile
 * time). */
static inline uint32_t stack_stage(unsigned stg, uint32_t n, uint32_t wp, uint32_t sib,
                                   uint32_t carry, uint32_t wpvis, uint32_t causes, uint32_t c[8])
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

  memset(c, 0, 8 * sizeof c[0]);                        /* the other components add 0 */
  c[PMU_CMP_BASE] = used;
  c[PMU_CMP_BPRED] = wps;
  c[PMU_CMP_SMT] = smt;
  c[(causes >> (3u * stg)) & 7u] += u;                   /* the rest goes to the cause */
  return min_u32(tot - used, PMU_CRW_MAX);
}

/* n and wp (NW bits) of thread t at stage stg; no wrong path at commit */
static inline uint32_t stk_n(const pmu_in_t *in, unsigned t, unsigned stg)
{
  return (uint32_t)in->stk_n[t][stg] & PMU_NW_MASK;
}

static inline uint32_t stk_wp(const pmu_in_t *in, unsigned t, unsigned stg)
{
  return stg != PMU_STG_COMMIT ? (uint32_t)in->stk_wp[t][stg] & PMU_NW_MASK : 0u;
}

void pmu_stack_compute(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT],
                       pmu_state_t *d)
{
  const unsigned D = PMU_STG_DISPATCH, I = PMU_STG_ISSUE, C = PMU_STG_COMMIT;
  uint32_t all[3] = {0u, 0u, 0u};                   /* sum over threads of n + wp */
  unsigned t;

  for (t = 0; t < PMU_THREADS; t++) {
    all[D] += stk_n(in, t, D) + stk_wp(in, t, D);
    all[I] += stk_n(in, t, I) + stk_wp(in, t, I);
    all[C] += stk_n(in, t, C) + stk_wp(in, t, C);
  }

  for (t = 0; t < PMU_THREADS; t++) {
    const uint32_t wpvis = (s->ctrl_q[t] >> PMU_CTRL_WPVIS_LSB) & 1u;
    const uint32_t causes = stall_causes(in->stk_flags[t]);  /* stall_cause of each stage */
    uint32_t *c = &inc[t * PMU_NCPT + PMU_CI_STK];      /* stage stg: c + stg*8 */
    uint32_t n, wp;

    /* the three stages written out, each with its stage constant: as a loop over stg (the RTL's
     * generate loop g_stg), gcc -O3 does not fold the stage decisions (saving:
     * docs/performance.md) */

    n = stk_n(in, t, D);
    wp = stk_wp(in, t, D);
    d->stk_carry_q[t][D] = (uint8_t)stack_stage(D, n, wp, all[D] - n - wp, s->stk_carry_q[t][D],
                                                wpvis, causes, c + D * 8u);
    n = stk_n(in, t, I);
    wp = stk_wp(in, t, I);
    d->stk_carry_q[t][I] = (uint8_t)stack_stage(I, n, wp, all[I] - n - wp, s->stk_carry_q[t][I],
                                                wpvis, causes, c + I * 8u);
    n = stk_n(in, t, C);
    wp = stk_wp(in, t, C);
    d->stk_carry_q[t][C] = (uint8_t)stack_stage(C, n, wp, all[C] - n - wp, s->stk_carry_q[t][C],
                                                wpvis, causes, c + C * 8u);
  }
}

void pmu_stack_commit(pmu_state_t *s, const pmu_state_t *d)
{
  unsigned t, stg;
  for (t = 0; t < PMU_THREADS; t++)
    for (stg = 0; stg < 3; stg++)
      s->stk_carry_q[t][stg] = d->stk_carry_q[t][stg];
}

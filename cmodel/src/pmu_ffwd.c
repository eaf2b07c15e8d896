/* pmu_ffwd: fast-forward, n clock edges with the same inputs every cycle, in time that does not
 * grow with n (docs/integration.md; a virtual platform advances the PMU a quantum at a time).
 *
 * With constant inputs and no APB access phase, the only state that moves from cycle to cycle
 * once a few cycles have passed is the counter bank: the edge history (cprev) reaches the
 * constant condition after the first counted cycle, the saturating stack carry reaches its
 * fixed point within 2^CRW cycles, and the chain carry, gstatus (overflow, freeze) and so the
 * interrupt change only in a cycle where a programmable or fixed counter wraps. So:
 *   1. Work out this cycle's increments and next state with the model's own per-cycle block
 *      functions (pmu_evctl_compute, pmu_fixslot_compute, pmu_stack_compute: nothing of the
 *      event semantics is written again here).
 *   2. The state is steady when that next state equals the current one apart from the counters
 *      (cprev_d = cprev_q, stack carry_d = carry_q, no chain carry pending); then every later
 *      cycle adds the same increments until a counter that reports a wrap (programmable,
 *      fixed) wraps. Closed form per counter: jump J cycles, cnt += J * inc, J the cycles
 *      before the first such wrap (the issue-slot and stack counters wrap silently: mod 2^CW).
 *   3. Otherwise, and for the wrap cycle itself (overflow status, freeze, chain carry, in the
 *      cycle pmu_step puts them), one ordinary pmu_step.
 * The last of the n cycles is always an ordinary pmu_step: it loads the read port (rdp_data_q
 * is the slot counter before that edge), the one flop besides the counters that follows them.
 * Single steps: at most about 2^CRW + 2 before the first jump, then two or three per counter
 * wrap (a wrap takes at least 2^(CW-32) cycles, CW >= 33), so the cost does not grow with n.
 */
#include <string.h>
#include "pmu_blocks.h"

/* The next state of everything but the counters equals the current state: steady. inc gets
 * this cycle's increments (valid for every cycle up to the next wrap when steady). */
static int steady(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT])
{
  pmu_state_t d;
  unsigned t, k;

  pmu_evctl_compute(s, in, inc, &d);
  pmu_fixslot_compute(s, in, inc);
  pmu_stack_compute(s, in, inc, &d);
  for (t = 0; t < PMU_THREADS; t++) {
    for (k = 0; k < PMU_P; k++)
      if (s->carry_q[t][k] != 0u || (d.cprev_q[t][k] & 1u) != (s->cprev_q[t][k] & 1u))
        return 0;
    for (k = 0; k < 3; k++)
      if (d.stk_carry_q[t][k] != s->stk_carry_q[t][k])
        return 0;
  }
  return 1;
}

/* Cycles that can be added at once without a wrap of a counter that reports one (at most lim). */
static uint64_t jump_len(const pmu_state_t *s, const uint32_t inc[PMU_NCNT], uint64_t lim)
{
  unsigned t, i;
  for (t = 0; t < PMU_THREADS; t++)
    for (i = 0; i < PMU_CI_SLOT; i++) {       /* programmable and fixed counters (WRAP_EN) */
      const unsigned c = t * PMU_NCPT + i;
      if (inc[c] != 0u) {
        const uint64_t room = (PMU_CW_MASK - (s->cnt_q[c] & PMU_CW_MASK)) / inc[c];
        if (room < lim)
          lim = room;
      }
    }
  return lim;
}

long pmu_ffwd(pmu_state_t *s, const pmu_in_t *in, uint64_t n)
{
  uint32_t inc[PMU_NCNT];
  long single = 0;

  if (in->psel & in->penable & 1u)          /* an access phase would repeat every cycle */
    return -1;
  while (n > 1u) {
    uint64_t j = 0;
    if (steady(s, in, inc))
      j = jump_len(s, inc, n - 1u);
    if (j == 0u) {                          /* settling, or the wrap cycle */
      pmu_step(s, in);
      single++;
      n--;
      continue;
    }
    {
      unsigned i;
      for (i = 0; i < PMU_NCNT; i++)        /* mod 2^CW: j * inc mod 2^64 is enough */
        s->cnt_q[i] = (s->cnt_q[i] + j * (uint64_t)inc[i]) & PMU_CW_MASK;
    }
    n -= j;
  }
  if (n == 1u) {                            /* the last edge: loads the read port too */
    pmu_step(s, in);
    single++;
  }
  return single;
}

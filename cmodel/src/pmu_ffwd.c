/* pmu_ffwd: fast-forward, n clock edges with the same inputs every cycle, in time that does not
 * grow with n (docs/integration.md; a virtual platform advances the PMU a quantum at a time).
 *
 * With constant inputs and no APB access phase, the only state that moves from cycle to cycle
 * once a few cycles have passed is the counter bank (and the read port, which copies a counter):
 * the edge history (cprev) reaches the constant condition after the first counted cycle, the
 * saturating stack carry reaches its fixed point within 2^CRW cycles, and the chain carry,
 * gstatus (overflow, freeze) and so the interrupt change only in a cycle where a programmable or
 * fixed counter wraps. With the event path pipeline (PIPE = 1) the increment register inc_q is
 * part of that steady state: once it came out as it went in, the increments it adds are those of
 * every later cycle. So, with nothing of the event semantics written again here:
 *   1. Every cycle that is not jumped over is one ordinary pmu_step().
 *   2. After such a step, the state is steady when everything but the counters and the read port
 *      came out as it went in (compared byte for byte, so any flop the model gains is covered).
 *      The increments of that step (new - old counter, mod 2^CW) are then those of every later
 *      cycle until a counter that reports a wrap (programmable, fixed) wraps: closed form per
 *      counter, jump J cycles with cnt += J * inc, J the cycles before the first such wrap (the
 *      issue-slot and stack counters wrap silently: mod 2^CW).
 *   3. The wrap cycle itself (overflow status, freeze, interrupt, chain carry: in the cycle
 *      pmu_step puts them) and the cycles after it until the state is steady again are steps.
 * The last of the n cycles is always a step: it loads the read port (rdp_data_q is the slot
 * counter before that edge).
 * Steps: at most about 2^CRW + 2 before the first jump, then two or three per counter wrap (a
 * wrap takes at least 2^(CW-32) cycles, CW >= 33), so the cost does not grow with n.
 */
#include <string.h>
#include "pmu_model.h"

/* a and b equal in everything but the counters and the read port (b's taken into a copy of a;
 * the padding bytes of a state are equal too: pmu_ffwd makes a by memcpy from b's old self, and
 * pmu_step writes fields only) */
static int same_but_counters(const pmu_state_t *a, const pmu_state_t *b)
{
  pmu_state_t x;
  memcpy(&x, a, sizeof x);
  memcpy(x.cnt_q, b->cnt_q, sizeof x.cnt_q);
  memcpy(x.rdp_data_q, b->rdp_data_q, sizeof x.rdp_data_q);
  memcpy(x.rdp_valid_q, b->rdp_valid_q, sizeof x.rdp_valid_q);
  return memcmp(&x, b, sizeof x) == 0;
}

/* Cycles that can be added at once without a wrap of a counter that reports one (at most lim). */
static uint64_t jump_len(const pmu_state_t *s, const uint64_t inc[PMU_NCNT], uint64_t lim)
{
  unsigned t, i;
  for (t = 0; t < PMU_THREADS; t++)
    for (i = 0; i < PMU_CI_SLOT; i++) {       /* programmable and fixed counters (WRAP_EN) */
      const unsigned c = t * PMU_NCPT + i;
      if (inc[c] != 0u) {
        const uint64_t room = (PMU_CW_MASK - s->cnt_q[c]) / inc[c];
        if (room < lim)
          lim = room;
      }
    }
  return lim;
}

long pmu_ffwd(pmu_state_t *s, const pmu_in_t *in, uint64_t n)
{
  pmu_state_t old;
  uint64_t inc[PMU_NCNT];
  long steps = 0;
  unsigned i;

  if (in->psel & in->penable & 1u)          /* an access phase would repeat every cycle */
    return -1;
  while (n > 0u) {
    if (n == 1u) {                          /* the last cycle: nothing to compare after it */
      pmu_step(s, in);
      steps++;
      break;
    }
    memcpy(&old, s, sizeof old);
    pmu_step(s, in);
    steps++;
    n--;
    if (n < 2u || !same_but_counters(&old, s))
      continue;                             /* the last cycle, or not steady yet */
    for (i = 0; i < PMU_NCNT; i++)          /* this cycle's increments */
      inc[i] = (s->cnt_q[i] - old.cnt_q[i]) & PMU_CW_MASK;
    {
      const uint64_t j = jump_len(s, inc, n - 1u);   /* the last cycle stays a step */
      for (i = 0; i < PMU_NCNT; i++)        /* mod 2^CW: j * inc mod 2^64 is enough */
        s->cnt_q[i] = (s->cnt_q[i] + j * inc[i]) & PMU_CW_MASK;
      n -= j;
    }
  }
  return steps;
}

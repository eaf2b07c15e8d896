/* pmu_cnt_bank: storage of all NCNT counters, CW bits each (docs/spec.md sections 4, 5.3).
 * Mirrors rtl/pmu/pmu_cnt_bank.v (the write merge wval and its g_cnt[i] blocks):
 *   sum   = cnt_q + inc                        (CW+1 bits)
 *   write : cnt_d = written value, increment dropped, no wrap   (wsel[i]: cnt_d = wval)
 *   else  : cnt_d = sum[CW-1:0], wrap = sum[CW]                 (carry[i]; wrap_o = carry & ~wsel)
 * Flop: cnt_q (cnt_q[i] <= cnt_d).
 * With PIPE = 1 (the RTL's g_pipe): the sum takes inc_q, the increments of the cycle before, and
 * inc_q <= inc (spec 4, "Event path pipeline").
 * Only the programmable and fixed counters report a wrap (the RTL bank's WRAP_EN, set by
 * pmu_top); the issue-slot and stack counters wrap silently (wrap bit 0).
 * Simulation speed-ups (the RTL needs none):
 *  - compute and commit in one: pmu_cnt_bank_update() writes cnt_d straight into cnt_q
 *    (no next-state copy of the whole bank through d; saving: docs/performance.md).
 *    pmu_step() calls it after every other block that reads cnt_q (pmu_regs_compute:
 *    high-word latch; pmu_rdp_compute), so none of them sees the new values; it is the only
 *    writer of cnt_q;
 *  - the sums run over plain arrays that the compiler vectorizes, with one OR of the carries
 *    over the whole bank; only in a cycle where some counter wraps are the sums cut to CW bits
 *    and the wrap of each counter worked out.
 */
#include <string.h>
#include "pmu_blocks.h"

/* sum[CW] of cnt_q + inc sits in bit CW_TOP of carry_word(q, q + inc) (q < 2^CW, inc < 2^32):
 * for CW < 64 it is bit CW of the 64-bit sum; for CW = 64 the carry out of the 64-bit add,
 * bit 63 of q & ~sum (inc has bit 63 clear) */
#define CW_TOP ((PMU_CW) == 64 ? 63 : (PMU_CW) % 64)
static inline uint64_t carry_word(uint64_t q, uint64_t sum)
{
  return (PMU_CW) == 64 ? q & ~sum : sum;
}

/* cnt[i] += inc[i] for every counter (CW + 1 bits: not cut to CW bits); returns the OR of their
 * carry words. Plain arrays that do not overlap (restrict), so that the compiler can vectorize
 * the loop (a speed-up). */
#ifdef __cplusplus
#define PMU_RESTRICT __restrict   /* the lockstep harness compiles the model as C++ */
#else
#define PMU_RESTRICT restrict
#endif
static inline uint64_t bank_add(uint64_t *PMU_RESTRICT cnt, const uint32_t *PMU_RESTRICT inc)
{
  uint64_t any = 0;
  unsigned i;
  for (i = 0; i < PMU_NCNT; i++) {
    const uint64_t q = cnt[i];
    const uint64_t raw = q + (uint64_t)inc[i];
    cnt[i] = raw;
    any |= carry_word(q, raw);
  }
  return any;
}

void pmu_cnt_bank_update(pmu_state_t *s, const uint32_t inc[PMU_NCNT], const pmu_apb_t *a,
                         uint64_t wrap[PMU_THREADS])
{
  const unsigned ci = a->dec.ci;
  uint64_t any, wv = 0;
  unsigned t, i;
#if PMU_PIPE
  uint32_t add[PMU_NCNT];                /* the increments the bank adds: inc_q */
  memcpy(add, s->inc_q, sizeof add);
  memcpy(s->inc_q, inc, sizeof s->inc_q);
#else
  const uint32_t *add = inc;
#endif

  /* ---- software write beats the increment (one counter word per cycle): the new value from
   * the counter before the edge ---- */
  if (a->cnt_we) {
    const uint64_t q = s->cnt_q[ci];
    if (a->dec.hi) {                     /* cnt = {new[CW-33:0], cnt[31:0]} */
      uint32_t old = (uint32_t)(q >> 32) & PMU_HI_MASK;
      uint32_t nw = ((old & ~a->bm) | (a->wdata & a->bm)) & PMU_HI_MASK;
      wv = ((uint64_t)nw << 32) | (q & PMU_LO_MASK64);
    } else {                             /* cnt = {cnt[CW-1:32], new} */
      uint32_t old = (uint32_t)(q & PMU_LO_MASK64);
      uint32_t nw = (old & ~a->bm) | (a->wdata & a->bm);
      wv = (q & ~PMU_LO_MASK64) | (uint64_t)nw;
    }
  }

  /* ---- increment and wrap: cnt_d = sum[CW-1:0], wrap = sum[CW]. A sum differs from
   * sum[CW-1:0] only if it has a bit at CW or above (that is a wrap, with cnt_q < 2^CW), so the
   * sums are cut, and the wraps of single counters worked out, only in a cycle where some sum
   * has such a bit (a speed-up; the test does not rely on cnt_q < 2^CW) ---- */
  any = bank_add(s->cnt_q, add);
  if ((PMU_CW) == 64 ? (any >> 63) & 1u : (any >> CW_TOP) != 0u) {   /* which counters */
    for (t = 0; t < PMU_THREADS; t++) {
      const unsigned cb = t * PMU_NCPT;
      uint64_t w = 0;
      for (i = 0; i < PMU_CI_SLOT; i++) {         /* (the RTL's WRAP_EN, see the header) */
        const uint64_t sum = s->cnt_q[cb + i];    /* for CW = 64: carry out iff sum < inc */
        w |= ((PMU_CW) == 64 ? (uint64_t)(sum < add[cb + i]) : (sum >> CW_TOP) & 1u) << i;
      }
      wrap[t] = w;
    }
    for (i = 0; i < PMU_NCNT; i++)
      s->cnt_q[i] &= PMU_CW_MASK;
  } else {
    for (t = 0; t < PMU_THREADS; t++)
      wrap[t] = 0;
  }

  if (a->cnt_we) {                       /* the write: no increment, no wrap */
    s->cnt_q[ci] = wv & PMU_CW_MASK;
    wrap[ci / PMU_NCPT] &= ~(1ull << (ci % PMU_NCPT));
  }
}

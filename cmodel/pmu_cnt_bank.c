/* pmu_cnt_bank: storage of all NCNT counters, CW bits each (docs/spec.md sections 4, 5.3).
 * Mirrors rtl/pmu_cnt_bank.v. Flop: cnt_q.
 *   sum   = cnt_q + inc                        (CW+1 bits)
 *   write : cnt_d = written value, increment dropped, no wrap
 *   else  : cnt_d = sum[CW-1:0], wrap = sum[CW]
 */
#include <string.h>
#include "pmu_blocks.h"

void pmu_cnt_bank_compute(const pmu_state_t *s, const uint32_t inc[PMU_NCNT],
                          const pmu_apb_t *a, pmu_state_t *d, uint64_t wrap[PMU_THREADS])
{
  unsigned t, i;

  /* ---- increment and wrap ---- */
  for (t = 0; t < PMU_THREADS; t++) {
    const unsigned cb = t * PMU_NCPT;
    uint64_t w = 0;
    for (i = 0; i < PMU_NCPT; i++) {
      const uint64_t q = s->cnt_q[cb + i];
      const uint64_t sum = (q + (uint64_t)inc[cb + i]) & PMU_CW_MASK;   /* sum[CW-1:0] */
      d->cnt_q[cb + i] = sum;
      w |= (uint64_t)(sum < q) << i;     /* sum[CW]: inc < 2^CW, so a carry-out iff sum < q */
    }
    wrap[t] = w;
  }

  /* ---- software write beats the increment (one counter word per cycle) ---- */
  if (a->cnt_we) {
    const unsigned ci = a->dec.ci;
    const uint64_t q = s->cnt_q[ci];
    uint64_t v;
    if (a->dec.hi) {                     /* cnt = {new[CW-33:0], cnt[31:0]} */
      uint32_t old = (uint32_t)(q >> 32) & PMU_HI_MASK;
      uint32_t nw = ((old & ~a->bm) | (a->wdata & a->bm)) & PMU_HI_MASK;
      v = ((uint64_t)nw << 32) | (q & PMU_LO_MASK64);
    } else {                             /* cnt = {cnt[CW-1:32], new} */
      uint32_t old = (uint32_t)(q & PMU_LO_MASK64);
      uint32_t nw = (old & ~a->bm) | (a->wdata & a->bm);
      v = (q & ~PMU_LO_MASK64) | (uint64_t)nw;
    }
    d->cnt_q[ci] = v & PMU_CW_MASK;
    wrap[ci / PMU_NCPT] &= ~(1ull << (ci % PMU_NCPT));
  }
}

void pmu_cnt_bank_commit(pmu_state_t *s, const pmu_state_t *d)
{
  memcpy(s->cnt_q, d->cnt_q, sizeof s->cnt_q);
}

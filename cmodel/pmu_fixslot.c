/* pmu_fixslot: increments of the fixed counters (docs/spec.md section 4.4) and of the
 * issue-slot counters (4.5). Mirrors rtl/pmu_fixslot.v. No flops.
 *   fixed 0..2: core cycles (+1), instructions retired (+R), reference ticks (+ref_tick), each
 *               gated by gctrl.fix_en, the fixctl privilege filter and not gstatus.ctr_frz;
 *   slots:      total (+W), filled (+F), issued (+I), retired (+R), elapsed (+NS_PER_TICK per
 *               tick), always counting.
 */
#include "pmu_blocks.h"

/* fixctl enable bit of fixed counter i for the thread's privilege (os when priv, else usr) */
static inline uint32_t fix_priv_ok(uint32_t fc, uint32_t priv, unsigned i)
{
  static const unsigned os_lsb[3] = {PMU_FIXCTL_OS0_LSB, PMU_FIXCTL_OS1_LSB, PMU_FIXCTL_OS2_LSB};
  static const unsigned usr_lsb[3] = {PMU_FIXCTL_USR0_LSB, PMU_FIXCTL_USR1_LSB,
                                      PMU_FIXCTL_USR2_LSB};
  return (fc >> (priv ? os_lsb[i] : usr_lsb[i])) & 1u;
}

void pmu_fixslot_compute(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT])
{
  const uint32_t tick = (uint32_t)in->ref_tick & 1u;
  unsigned t, i;

  for (t = 0; t < PMU_THREADS; t++) {
    const unsigned cb = t * PMU_NCPT;
    const uint32_t fix_en = (uint32_t)(s->gctrl_q[t] >> PMU_GCTRL_FIX_EN_LSB) & 7u;
    const uint32_t frz = (uint32_t)(s->gstatus_q[t] >> PMU_GSTATUS_CTR_FRZ_LSB) & 1u;
    const uint32_t priv = (uint32_t)in->priv[t] & 1u;
    const uint32_t f = (uint32_t)in->slot_fill[t] & PMU_NW_MASK;
    const uint32_t is = (uint32_t)in->slot_issue[t] & PMU_NW_MASK;
    const uint32_t r = (uint32_t)in->slot_retire[t] & PMU_NW_MASK;
    const uint32_t val[3] = {1u, r, tick};   /* core cycles, instructions retired, ref ticks */

    /* ---- fixed counters (4.4) ---- */
    for (i = 0; i < 3u; i++) {
      const uint32_t fen = ((fix_en >> i) & 1u) & fix_priv_ok(s->fixctl_q[t], priv, i) & (frz ^ 1u);
      inc[cb + PMU_CI_FIX + i] = fen ? val[i] : 0u;
    }

    /* ---- issue-slot counters (4.5): always counting ---- */
    inc[cb + PMU_CI_SLOT + PMU_SLOT_TOTAL] = (uint32_t)PMU_W;
    inc[cb + PMU_CI_SLOT + PMU_SLOT_FILLED] = f;
    inc[cb + PMU_CI_SLOT + PMU_SLOT_ISSUED] = is;
    inc[cb + PMU_CI_SLOT + PMU_SLOT_RETIRED] = r;
    inc[cb + PMU_CI_SLOT + PMU_SLOT_ELAPSED] = tick ? (uint32_t)PMU_NS_PER_TICK : 0u;
  }
}

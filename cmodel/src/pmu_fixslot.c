/* pmu_fixslot: increments of the fixed counters (docs/spec.md section 4.4) and of the
 * issue-slot counters (4.5). Mirrors rtl/pmu/pmu_fixslot.v. No flops.
 *   fixed 0..2: core cycles (+1), instructions retired (+R), reference ticks (+ref_tick), each
 *               gated by gctrl.fix_en, the fixctl privilege filter and not gstatus.ctr_frz;
 *   slots:      total (+W), filled (+F), issued (+I), retired (+R), elapsed (+NS_PER_TICK per
 *               tick), always counting.
 */
#include "pmu_blocks.h"

/* fixctl enable bits for the thread's privilege (os when priv, else usr), bit i = fixed
 * counter i */
static inline uint32_t fix_priv_ok(uint32_t fc, uint32_t priv)
{
  return priv ? pmu_fixctl_bits(fc, PMU_FIXCTL_OS0_LSB, PMU_FIXCTL_OS1_LSB, PMU_FIXCTL_OS2_LSB)
              : pmu_fixctl_bits(fc, PMU_FIXCTL_USR0_LSB, PMU_FIXCTL_USR1_LSB, PMU_FIXCTL_USR2_LSB);
}

void pmu_fixslot_compute(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT])
{
  const uint32_t tick = (uint32_t)in->ref_tick & 1u;
  unsigned t;

  for (t = 0; t < PMU_THREADS; t++) {
    uint32_t *inc_t = &inc[t * PMU_NCPT];          /* thread t's counters */
    const uint32_t fix_en = (uint32_t)(s->gctrl_q[t] >> PMU_GCTRL_FIX_EN_LSB) & 7u;
    const uint32_t frz = (uint32_t)(s->gstatus_q[t] >> PMU_GSTATUS_CTR_FRZ_LSB) & 1u;
    const uint32_t priv = (uint32_t)in->priv[t] & 1u;
    const uint32_t f = (uint32_t)in->slot_fill[t] & PMU_NW_MASK;
    const uint32_t is = (uint32_t)in->slot_issue[t] & PMU_NW_MASK;
    const uint32_t r = (uint32_t)in->slot_retire[t] & PMU_NW_MASK;
    /* bit i: fixed counter i counts (fix_en, privilege filter, not frozen) */
    const uint32_t fen = frz ? 0u : fix_en & fix_priv_ok(s->fixctl_q[t], priv);

    /* ---- fixed counters (4.4): core cycles, instructions retired, reference ticks ---- */
    inc_t[PMU_CI_FIX + 0] = fen & 1u;
    inc_t[PMU_CI_FIX + 1] = ((fen >> 1) & 1u) ? r : 0u;
    inc_t[PMU_CI_FIX + 2] = (fen >> 2) & tick;

    /* ---- issue-slot counters (4.5): always counting ---- */
    inc_t[PMU_CI_SLOT + PMU_SLOT_TOTAL] = (uint32_t)PMU_W;
    inc_t[PMU_CI_SLOT + PMU_SLOT_FILLED] = f;
    inc_t[PMU_CI_SLOT + PMU_SLOT_ISSUED] = is;
    inc_t[PMU_CI_SLOT + PMU_SLOT_RETIRED] = r;
    inc_t[PMU_CI_SLOT + PMU_SLOT_ELAPSED] = tick ? (uint32_t)PMU_NS_PER_TICK : 0u;
  }
}

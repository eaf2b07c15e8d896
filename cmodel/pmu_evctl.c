/* pmu_evctl: event lanes, event value V, threshold/compare/INV/EDGE/BOTH/CNTV, the QUALIFY
 * cascade Q, CHAIN, and the increments of the programmable counters (docs/spec.md sections
 * 2.1, 2.2, 4.1, 4.2). Mirrors rtl/pmu_evctl.v.
 * Flops: cprev_q (edge history), carry_q (chain carry = wrap of the counter last cycle).
 */
#include "pmu_blocks.h"

#if (PMU_NINT) != 6 || (PMU_NL) > 32
#error "pmu_evctl expects 6 internal lanes (one, ref_tick, fill, unfill, issue, retire), NL <= 32"
#endif

/* V: sum of the selected lanes of thread t, or of all threads with ANY (the catalog selects
 * at most a few lanes, so loop over the set bits of sel only). The one place where the model
 * is not the RTL's structure, on purpose: the RTL adds the picks of pmu_lane_pick, the model
 * masks with pmu_lane_sel, so lockstep checks the two generated forms of the catalog against
 * each other (as the formal reference r.inc does). */
static inline uint32_t lane_sum(const uint32_t lane[PMU_THREADS][PMU_NL], unsigned t,
                                uint32_t any, uint32_t sel)
{
  uint32_t v = 0;
  unsigned u;
  while (sel != 0) {
    const unsigned l = pmu_lsb_idx(sel);
    if (any)
      for (u = 0; u < PMU_THREADS; u++)
        v += lane[u][l];
    else
      v += lane[t][l];
    sel &= sel - 1u;
  }
  return v & PMU_VW_MASK;
}

void pmu_evctl_compute(const pmu_state_t *s, const pmu_in_t *in, const pmu_apb_t *a,
                       uint32_t inc[PMU_NCNT], pmu_state_t *d)
{
  uint32_t lane[PMU_THREADS][PMU_NL];   /* lane[t][l], LW bits */
  const uint32_t tick = (uint32_t)in->ref_tick & 1u;
  unsigned t, k, l;

  /* ---- lanes (2.1): internal lanes zero-extended/truncated to LW bits ---- */
  for (t = 0; t < PMU_THREADS; t++) {
    uint32_t f = (uint32_t)in->slot_fill[t] & PMU_NW_MASK;
    lane[t][PMU_LANE_CYCLES] = 1u & PMU_LW_MASK;
    lane[t][PMU_LANE_REF_TICK] = tick & PMU_LW_MASK;
    lane[t][PMU_LANE_FILLED] = f & PMU_LW_MASK;
    lane[t][PMU_LANE_UNFILLED] = (f < (uint32_t)PMU_W ? (uint32_t)PMU_W - f : 0u) & PMU_LW_MASK;
    lane[t][PMU_LANE_ISSUED] = ((uint32_t)in->slot_issue[t] & PMU_NW_MASK) & PMU_LW_MASK;
    lane[t][PMU_LANE_RETIRED] = ((uint32_t)in->slot_retire[t] & PMU_NW_MASK) & PMU_LW_MASK;
    for (l = 0; l < PMU_NEXT; l++)
      lane[t][PMU_NINT + l] = (uint32_t)in->ev_ext[t][l] & PMU_LW_MASK;
  }

  for (t = 0; t < PMU_THREADS; t++) {
    const unsigned cb = t * PMU_NCPT;
    const uint64_t gc = s->gctrl_q[t];
    const uint32_t frz = (uint32_t)(s->gstatus_q[t] >> PMU_GSTATUS_CTR_FRZ_LSB) & 1u;
    const uint32_t priv = (uint32_t)in->priv[t] & 1u;
    const uint32_t pmc_en = (uint32_t)(gc >> PMU_GCTRL_PMC_EN_LSB) & PMU_P_MASK;
    uint32_t qin = 1u;                                      /* Qin of counter 0 */

    /* ---- programmable counters (4.1, 4.2) ---- */
    for (k = 0; k < PMU_P; k++) {
      const uint32_t es = s->evtsel_q[t][k];
      const uint32_t x = s->ext_q[t][k];
      const uint32_t sel = pmu_lane_sel((uint8_t)(es >> PMU_EVTSEL_EVENT_LSB),
                                        (uint8_t)(es >> PMU_EVTSEL_UMASK_LSB));
      const uint32_t any = (es >> PMU_EVTSEL_ANY_LSB) & 1u;
      const uint32_t cmask = (es >> PMU_EVTSEL_CMASK_LSB) & 0xffu;
      const uint32_t inv = (es >> PMU_EVTSEL_INV_LSB) & 1u;
      const uint32_t edge = (es >> PMU_EVTSEL_EDGE_LSB) & 1u;
      const uint32_t en = (es >> PMU_EVTSEL_EN_LSB) & 1u;
      const uint32_t usr = (es >> PMU_EVTSEL_USR_LSB) & 1u;
      const uint32_t os = (es >> PMU_EVTSEL_OS_LSB) & 1u;
      const uint32_t cmp = (x >> PMU_EXT_CMP_LSB) & 3u;
      const uint32_t cntv = (x >> PMU_EXT_CNTV_LSB) & 1u;
      const uint32_t both = (x >> PMU_EXT_BOTH_LSB) & 1u;
      const uint32_t chain = k ? (x >> PMU_EXT_CHAIN_LSB) & 1u : 0u;     /* RAZ on counter 0 */
      const uint32_t qual = k ? (x >> PMU_EXT_QUALIFY_LSB) & 1u : 0u;
      const uint32_t cprev = (uint32_t)s->cprev_q[t][k] & 1u;
      uint32_t v, thr, cmpr, c, qgate, q, privok, active, counted, edgehit, n;

      if ((es | x) == 0u && pmu_lane_sel(0, 0) == 0u) {   /* (the latter folds to 1) */
        /* shortcut for an unconfigured counter, same result as the full path below: no lane
         * (V = 0), not thr, so C = 0, Q = 0, not counted (EN = 0), no chain: inc = 0 and
         * cprev holds unless written */
        inc[cb + PMU_CI_PMC + k] = 0;
        d->cprev_q[t][k] =
            (uint8_t)((a->sel_we && a->dec.t == t && a->dec.k == k) ? 0u : cprev);
        qin = 0;
        continue;
      }

      /* event value V (VW bits): own lanes, or all threads' lanes with ANY */
      v = lane_sum(lane, t, any, sel);

      /* condition C: the four comparators, cmp selects one */
      thr = (uint32_t)(cmask != 0u) | (uint32_t)(cmp != 0u);
      cmpr = (((uint32_t)(v >= cmask) << 0) |                 /* GE */
              ((uint32_t)(v < cmask) << 1) |                  /* LT */
              ((uint32_t)(v == cmask) << 2) |                 /* EQ */
              ((uint32_t)(v != cmask) << 3)) >> cmp & 1u;     /* NE */
      c = thr ? (cmpr ^ inv) : (uint32_t)(v != 0u);

      /* qualifier cascade */
      qgate = qual ? qin : 1u;
      q = chain ? qin : (c & qgate);

      /* gating */
      privok = priv ? os : usr;
      active = en & ((pmc_en >> k) & 1u) & privok & (frz ^ 1u);
      counted = active & qgate;
      edgehit = edge & counted & (both ? (c ^ cprev) : (c & (cprev ^ 1u)));

      /* increment: chain (ungated) > not counted > EDGE > plain (CMASK=0, GE) > threshold */
      n = edge ? edgehit : !thr ? v : c ? (cntv ? v : 1u) : 0u;
      n = chain ? ((uint32_t)s->carry_q[t][k ? k - 1u : 0u] & 1u) : counted ? n : 0u;
      inc[cb + PMU_CI_PMC + k] = n;

      /* edge history: cleared by a write to evtsel[k]/ext[k], moves only in counted cycles */
      if (a->sel_we && a->dec.t == t && a->dec.k == k)
        d->cprev_q[t][k] = 0;
      else
        d->cprev_q[t][k] = (uint8_t)(counted ? c : cprev);

      qin = q;
    }

  }
}

/* carry_d[k] = wrap of programmable counter k this cycle (from pmu_cnt_bank) */
void pmu_evctl_carry(const uint64_t wrap[PMU_THREADS], pmu_state_t *d)
{
  unsigned t, k;
  for (t = 0; t < PMU_THREADS; t++)
    for (k = 0; k < PMU_P; k++)
      d->carry_q[t][k] = (uint8_t)((wrap[t] >> (PMU_CI_PMC + k)) & 1u);
}

void pmu_evctl_commit(pmu_state_t *s, const pmu_state_t *d)
{
  unsigned t, k;
  for (t = 0; t < PMU_THREADS; t++)
    for (k = 0; k < PMU_P; k++) {
      s->cprev_q[t][k] = d->cprev_q[t][k];
      s->carry_q[t][k] = d->carry_q[t][k];
    }
}

/* pmu_evctl: event lanes, event value V, threshold/compare/INV/EDGE/BOTH/CNTV, the QUALIFY
 * cascade Q, CHAIN, and the increments of the programmable counters (docs/spec.md sections
 * 2.1, 2.2, 4.1, 4.2). Mirrors rtl/pmu_evctl.v: per counter V and C; per thread the vectors
 * cond_v, chain_v, qual_v, qin_v, counted_v (bit k = counter k) and the cprev_d equation.
 * Flops: cprev_q (edge history), carry_q (chain carry = wrap of the counter last cycle).
 * Simulation speed-ups (docs/cmodel.md): the evtsel/ext decode memo, V and C only where used.
 */
#include <string.h>
#include "pmu_blocks.h"

#if (PMU_NINT) != 6 || (PMU_NL) > 32
#error "pmu_evctl expects 6 internal lanes (one, ref_tick, fill, unfill, issue, retire), NL <= 32"
#endif

/* V: sum of the selected lanes of thread t, or of all threads with ANY (the catalog selects
 * at most a few lanes, so loop over the set bits of sel only). The one place where the model
 * is not the RTL's structure, on purpose: the RTL adds the picks of pmu_lane_pick, the model
 * masks with pmu_lane_sel, so lockstep checks the two generated forms of the catalog against
 * each other (as the formal reference r.inc does). (The common case, no ANY and at most two
 * lanes, adds the lanes of the set bits of sel directly: l0 and l1 in pmc_cfg_t below.) */
static inline uint32_t lane_sum(const uint8_t lane[PMU_THREADS][PMU_NL + 1], unsigned t,
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

/* compare modes of ext.cmp (as the RTL's CMP_* localparams) */
enum { CMP_GE = 0, CMP_LT = 1, CMP_EQ = 2, CMP_NE = 3 };

/* ---- Decoded configuration of one thread's counters ----------------------------------- */
/* The fields of evtsel[k] and ext[k] as the per-cycle logic below uses them, bit vectors where
 * the RTL has them (bit k = counter k). A pure function of the thread's evtsel_q and ext_q.
 * Simulation speed-up the RTL does not need: kept from cycle to cycle in a memo keyed on the
 * register values, which are compared every cycle, so a stale decode is never used and no
 * result depends on the memo (any number of models may share it, only slower). One memo per
 * host thread (__thread), so that models stepped in parallel host threads share nothing. */
typedef struct {
  uint32_t sel;      /* lanes of V: pmu_lane_sel(event, umask) */
  uint8_t any;       /* ANY: V sums the lanes of all threads */
  uint8_t l0, l1;    /* without ANY and with at most two lanes in sel: they (PMU_NL: none) */
  uint8_t neg;       /* C = (V in [lo, lo + span]) ^ neg, one unsigned compare: threshold */
  uint32_t lo;       /*   mode: lo = CMASK, span 0 (EQ, NE) or up to ~0 (GE, LT), neg = */
  uint32_t span;     /*   LT/NE xor INV; else C = V != 0: lo = 1, span up to ~0, neg = 0 */
} pmc_cfg_t;

typedef struct {
  uint32_t es[PMU_P], x[PMU_P];   /* the register values decoded below */
  uint8_t filled;                 /* es and x hold a decode */
  pmc_cfg_t c[PMU_P];
  /* vectors, bit k = counter k */
  uint32_t en_os, en_usr;         /* EN, and OS / USR (the privilege filter passes) */
  uint32_t thr_v, edge_v, both_v, cntv_v;
  uint32_t chain_v, qual_v;       /* CHAIN, QUALIFY (RAZ on counter 0) */
  uint32_t qtake_v;               /* counter k+1 takes Q(k): it chains or qualifies */
  uint32_t gen_v;                 /* V by lane_sum (ANY, or more than two lanes) */
} thr_cfg_t;

#if defined(__GNUC__) || defined(__clang__)
static __thread thr_cfg_t cfg_memo[PMU_THREADS];
#else
static thr_cfg_t cfg_memo[PMU_THREADS];  /* no __thread: step models in one host thread only */
#endif

/* more than two bits set */
static inline int popcount_gt2(uint32_t x)
{
  x &= x - 1u;
  x &= x - 1u;
  return x != 0u;
}

static void cfg_decode(thr_cfg_t *m, const uint32_t es_t[PMU_P], const uint32_t x_t[PMU_P])
{
  unsigned k;
  memset(m, 0, sizeof *m);
  for (k = 0; k < PMU_P; k++) {
    const uint32_t es = es_t[k], x = x_t[k];
    const uint32_t cmp = (x >> PMU_EXT_CMP_LSB) & 3u;
    const uint32_t en = (es >> PMU_EVTSEL_EN_LSB) & 1u;
    const uint32_t cmask = (es >> PMU_EVTSEL_CMASK_LSB) & 0xffu;
    const uint32_t thr = (uint32_t)(cmask != 0u || cmp != CMP_GE);
    pmc_cfg_t *c = &m->c[k];
    m->es[k] = es;
    m->x[k] = x;
    c->sel = pmu_lane_sel((uint8_t)(es >> PMU_EVTSEL_EVENT_LSB),
                          (uint8_t)(es >> PMU_EVTSEL_UMASK_LSB));
    c->any = (uint8_t)((es >> PMU_EVTSEL_ANY_LSB) & 1u);
    c->l0 = c->l1 = PMU_NL;
    if (c->sel != 0u)
      c->l0 = (uint8_t)pmu_lsb_idx(c->sel);
    if ((c->sel & (c->sel - 1u)) != 0u)
      c->l1 = (uint8_t)pmu_lsb_idx(c->sel & (c->sel - 1u));
    if (thr) {
      c->lo = cmask;
      c->span = (cmp == CMP_EQ || cmp == CMP_NE) ? 0u : ~0u - cmask;
      c->neg = (uint8_t)((uint32_t)(cmp == CMP_LT || cmp == CMP_NE) ^
                         ((es >> PMU_EVTSEL_INV_LSB) & 1u));
    } else {                                               /* INV ignored */
      c->lo = 1;
      c->span = ~0u - 1u;
      c->neg = 0;
    }
    m->gen_v |= (uint32_t)(c->any || popcount_gt2(c->sel)) << k;
    m->en_os |= (en & (es >> PMU_EVTSEL_OS_LSB) & 1u) << k;
    m->en_usr |= (en & (es >> PMU_EVTSEL_USR_LSB) & 1u) << k;
    m->thr_v |= thr << k;
    m->edge_v |= ((es >> PMU_EVTSEL_EDGE_LSB) & 1u) << k;
    m->both_v |= ((x >> PMU_EXT_BOTH_LSB) & 1u) << k;
    m->cntv_v |= ((x >> PMU_EXT_CNTV_LSB) & 1u) << k;
    if (k != 0) {                                          /* RAZ on counter 0 */
      m->chain_v |= ((x >> PMU_EXT_CHAIN_LSB) & 1u) << k;
      m->qual_v |= ((x >> PMU_EXT_QUALIFY_LSB) & 1u) << k;
    }
  }
  m->qtake_v = (m->chain_v | m->qual_v) >> 1;
  m->filled = 1;
}

/* the decode of thread t's evtsel and ext: from the memo while they are unchanged */
static const thr_cfg_t *thread_cfg(const pmu_state_t *s, unsigned t)
{
  thr_cfg_t *m = &cfg_memo[t];
  if (!m->filled || memcmp(m->es, s->evtsel_q[t], sizeof m->es) != 0 ||
      memcmp(m->x, s->ext_q[t], sizeof m->x) != 0)
    cfg_decode(m, s->evtsel_q[t], s->ext_q[t]);
  return m;
}

void pmu_evctl_compute(const pmu_state_t *s, const pmu_in_t *in, const pmu_apb_t *a,
                       uint32_t inc[PMU_NCNT], pmu_state_t *d)
{
  uint8_t lane[PMU_THREADS][PMU_NL + 1]; /* lane[t][l], LW <= 8 bits; lane NL = 0 (none) */
  const uint32_t tick = (uint32_t)in->ref_tick & 1u;
  unsigned t, k, l;

  /* ---- lanes (2.1): internal lanes zero-extended/truncated to LW bits ---- */
  for (t = 0; t < PMU_THREADS; t++) {
    uint32_t f = (uint32_t)in->slot_fill[t] & PMU_NW_MASK;
    lane[t][PMU_NL] = 0;
    lane[t][PMU_LANE_CYCLES] = (uint8_t)(1u & PMU_LW_MASK);
    lane[t][PMU_LANE_REF_TICK] = (uint8_t)(tick & PMU_LW_MASK);
    lane[t][PMU_LANE_FILLED] = (uint8_t)(f & PMU_LW_MASK);
    lane[t][PMU_LANE_UNFILLED] =
        (uint8_t)((f < (uint32_t)PMU_W ? (uint32_t)PMU_W - f : 0u) & PMU_LW_MASK);
    lane[t][PMU_LANE_ISSUED] = (uint8_t)(((uint32_t)in->slot_issue[t] & PMU_NW_MASK) & PMU_LW_MASK);
    lane[t][PMU_LANE_RETIRED] =
        (uint8_t)(((uint32_t)in->slot_retire[t] & PMU_NW_MASK) & PMU_LW_MASK);
    if (PMU_LW_MASK == 0xffu)                  /* LW = 8: the byte copy keeps every bit */
      memcpy(&lane[t][PMU_NINT], in->ev_ext[t], PMU_NEXT);
    else
      for (l = 0; l < PMU_NEXT; l++)
        lane[t][PMU_NINT + l] = (uint8_t)(in->ev_ext[t][l] & PMU_LW_MASK);
  }

  /* ---- programmable counters (4.1, 4.2): per thread, vectors with bit k = counter k ---- */
  for (t = 0; t < PMU_THREADS; t++) {
    const thr_cfg_t *m = thread_cfg(s, t);
    const uint32_t frz = (uint32_t)(s->gstatus_q[t] >> PMU_GSTATUS_CTR_FRZ_LSB) & 1u;
    const uint32_t pmc_en = (uint32_t)(s->gctrl_q[t] >> PMU_GCTRL_PMC_EN_LSB) & PMU_P_MASK;
    /* EN, gctrl.pmc_en, the privilege filter (the counter's own thread), not frozen */
    const uint32_t active = ((in->priv[t] & 1u) ? m->en_os : m->en_usr) & (frz ? 0u : pmc_en);
    uint32_t *inc_t = &inc[t * PMU_NCPT + PMU_CI_PMC];
    uint32_t v[PMU_P];                  /* event value V of counter k, where computed */
    uint32_t cond_v = 0, qin_v = 0, cprev_v = 0, carry_prev = 0;
    uint32_t need, counted_v, edgehit, addc, addv, one, bits;

    /* V (VW bits: own lanes, or all threads' lanes with ANY) and condition C. Speed-up: only
     * where used, in counted cycles and for the Q that counter k+1 takes (the RTL computes
     * them for every counter; C = 0 elsewhere here). */
    need = active | m->qtake_v;
    for (k = 0; k < PMU_P; k++) {
      const pmc_cfg_t *c = &m->c[k];
      if (!((need >> k) & 1u))
        continue;
      v[k] = ((m->gen_v >> k) & 1u) ? lane_sum(lane, t, c->any, c->sel)
                                    : (uint32_t)lane[t][c->l0] + lane[t][c->l1];
      cond_v |= ((uint32_t)(v[k] - c->lo <= c->span) ^ c->neg) << k;
    }

    /* QUALIFY cascade: Q(k) = CHAIN ? Qin(k) : C(k) and (QUALIFY ? Qin(k) : 1), Qin(k) =
     * Q(k-1), Qin(0) = 1. Only counters that chain or qualify take Qin, and for any other
     * counter Q = C; so walk just those (a speed-up), in order, each Q(k) for the next. */
    {
      uint32_t cq = m->chain_v | m->qual_v, q = 0;   /* q = Q(k) of the last one walked */
      unsigned last = PMU_P;                         /* none walked yet (k >= 1 here) */
      for (; cq != 0; cq &= cq - 1u) {
        uint32_t qin;
        k = pmu_lsb_idx(cq);
        qin = k - 1u == last ? q : (cond_v >> (k - 1u)) & 1u;   /* Q(k-1) */
        qin_v |= qin << k;
        q = ((m->chain_v >> k) & 1u) ? qin : ((cond_v >> k) & 1u) & qin;   /* QUALIFY here */
        last = k;
      }
    }
    counted_v = active & (~m->qual_v | qin_v);

    /* CHAIN: the carry of counter k-1 (its wrap last cycle) at position k */
    for (bits = m->chain_v; bits != 0; bits &= bits - 1u) {
      k = pmu_lsb_idx(bits);
      carry_prev |= ((uint32_t)s->carry_q[t][k - 1u] & 1u) << k;
    }

    /* EDGE (BOTH: either direction) on the edge history (read where an edge is counted) */
    for (bits = m->edge_v & counted_v; bits != 0; bits &= bits - 1u) {
      k = pmu_lsb_idx(bits);
      cprev_v |= ((uint32_t)s->cprev_q[t][k] & 1u) << k;
    }
    edgehit = m->edge_v & counted_v &
              ((m->both_v & (cond_v ^ cprev_v)) | (~m->both_v & cond_v & ~cprev_v));

    /* increment: chain (ungated) > not counted > EDGE > plain (CMASK=0, GE) or CNTV with C:
     * V > threshold: C. addc: counted, not chain, not edge; of these addv add V; one: the
     * counters that add 1 (chain carry, edge hit, threshold C) */
    addc = counted_v & ~m->chain_v & ~m->edge_v;
    addv = addc & (~m->thr_v | (cond_v & m->cntv_v));
    one = (m->chain_v & carry_prev) | (edgehit & ~m->chain_v) | (addc & ~addv & cond_v);
    memset(inc_t, 0, PMU_P * sizeof inc_t[0]);
    for (bits = one; bits != 0; bits &= bits - 1u)
      inc_t[pmu_lsb_idx(bits)] = 1u;
    for (bits = addv; bits != 0; bits &= bits - 1u) {
      k = pmu_lsb_idx(bits);
      inc_t[k] = v[k];
    }

    /* edge history: cprev_d = counted ? C : cprev (it moves only in counted cycles); cleared
     * by a write (below) */
    for (k = 0; k < PMU_P; k++)
      d->cprev_q[t][k] =
          ((counted_v >> k) & 1u) ? (uint8_t)((cond_v >> k) & 1u) : s->cprev_q[t][k];
  }

  /* edge history of a counter whose evtsel or ext is written this cycle: cleared */
  if (a->sel_we)
    d->cprev_q[a->dec.t][a->dec.k] = 0;
}

/* carry_d[k] = wrap of programmable counter k this cycle (from pmu_cnt_bank) */
void pmu_evctl_carry(const uint64_t wrap[PMU_THREADS], pmu_state_t *d)
{
  unsigned t, k;
  for (t = 0; t < PMU_THREADS; t++) {
    const uint32_t w = (uint32_t)(wrap[t] >> PMU_CI_PMC) & PMU_P_MASK;
    if (w == 0u) {                       /* no wrap (the usual cycle): one store, a speed-up */
      memset(d->carry_q[t], 0, sizeof d->carry_q[t]);
      continue;
    }
    for (k = 0; k < PMU_P; k++)
      d->carry_q[t][k] = (uint8_t)((w >> k) & 1u);
  }
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

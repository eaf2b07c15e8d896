/* pmu_evctl: event lanes, event value V, threshold/compare/INV/EDGE/BOTH/CNTV, the QUALIFY
 * cascade Q, CHAIN, and the increments of the programmable counters (docs/spec.md sections
 * 2.1, 2.2, 4.1, 4.2). Mirrors rtl/pmu/pmu_evctl.v: the lanes (its lane[] and lane tables lt:
 * each thread's), then per thread what its per-counter blocks
 * g_thr[t].g_ctr[k] (v, the QUALIFY cascade q/qin, and the counter's pmu_evctl_ctr,
 * rtl/pmu/pmu_evctl_ctr.v: cond, counted, edgehit, cprev_o, inc_o) compute, here for all
 * counters of the thread at once as bit vectors, bit k = counter k: cond_v, qin_v, counted_v,
 * edgehit, and the increments by kind (a speed-up, docs/cmodel.md).
 * Flops: cprev_q (edge history), carry_q (chain carry = wrap of the counter last cycle), and
 * with PIPE = 2 v_q (V of the cycle before, which the condition and increments then use; the
 * privilege filter then takes the cycle before's priv, in_q: spec 4, "Event path pipeline").
 * Simulation speed-ups (docs/cmodel.md): the evtsel/ext decode memo, V and C of every counter
 * without a branch, the per-counter logic as bit vectors with
 * cprev_q/carry_q converted eight bytes at a time, the QUALIFY cascade as one addition.
 */
#include <string.h>
#include "pmu_blocks.h"

#if (PMU_NINT) != 6 || (PMU_NL) > 32
#error "pmu_evctl expects 6 internal lanes (one, ref_tick, fill, unfill, issue, retire), NL <= 32"
#endif

/* V (2.2, 4.1): over the threads in src (thread t alone, or with ANY every thread whose own
 * privilege passes the counter's USR/OS, the RTL's pok), the sum of each thread's part: the
 * count lanes of sel summed plus 1 when some condition lane of sel holds. The catalog
 * selects at most a few lanes, so loop over the set bits of sel only. The one place where the
 * model is not the RTL's structure, on purpose: the RTL reads the lane table entry that the
 * index pick_q names (pmu_lane_xd, the same as pmu_lane_x of pmu_lane_pick, decoded by pmu_regs
 * when evtsel is written; a lane set's entry holds its lanes' part), the model masks with
 * pmu_lane_sel, so lockstep checks the two generated forms of the catalog against each other
 * (as the formal reference r.inc does). (The common case, at most two own lanes, adds them
 * directly: l0 and l1 in thr_cfg_t below.) */
static inline uint32_t lane_sum(const uint8_t lane[PMU_THREADS][PMU_NL + 1], uint32_t src,
                                uint32_t sel)
{
  uint32_t v = 0, u;
  for (u = src; u != 0; u &= u - 1u) {  /* each thread's part, summed (ANY) */
    const unsigned t = pmu_lsb_idx(u);
    uint32_t s, cv = 0;                 /* OR of the thread's condition lanes */
    for (s = sel; s != 0; s &= s - 1u) {
      const unsigned l = pmu_lsb_idx(s);
      if ((PMU_LANE_COND >> l) & 1u)
        cv |= lane[t][l];               /* a condition lane is 0 or 1 here */
      else
        v += lane[t][l];
    }
    v += cv;
  }
  return v & PMU_VW_MASK;
}

/* compare modes of ext.cmp (as the RTL's CMP_* localparams) */
enum { CMP_GE = 0, CMP_LT = 1, CMP_EQ = 2, CMP_NE = 3 };

/* ---- Decoded configuration of one thread's counters ----------------------------------- */
/* The fields of evtsel[k] and ext[k] of thread t as the per-cycle logic below uses them (the
 * RTL's f_* wires of pmu_evctl_ctr and g_ctr[k], and the lane choice that pmu_regs keeps in
 * pick_q), one-bit
 * fields as vectors, bit k = counter k. A pure function of t and the thread's evtsel_q and
 * ext_q. Simulation speed-up: kept from cycle to cycle in a memo per thread index, keyed on the
 * register values, which are compared every cycle, so a stale decode is never used and no
 * result depends on the memo (any number of models may share it, only slower). One memo per
 * host thread (PMU_THREAD_LOCAL), so that models stepped in parallel host threads share
 * nothing. */
typedef struct {
  uint32_t sel;      /* lanes of V: pmu_lane_sel(event, umask) */
  uint8_t uo;        /* USR (bit 0), OS (bit 1): with ANY, which threads' lanes enter V (the
                      * RTL's pok) */
} pmc_cfg_t;

typedef struct {
  uint32_t es[PMU_P], x[PMU_P];   /* the register values decoded below */
  uint8_t filled;                 /* es and x hold a decode */
  pmc_cfg_t c[PMU_P];
  /* vectors, bit k = counter k */
  uint32_t en_os, en_usr;         /* EN and OS / USR without ANY (the own thread's filter) */
  uint32_t thr_v, edge_v, both_v, cntv_v;
  uint32_t chain_v, qual_v;       /* CHAIN, QUALIFY (RAZ on counter 0) */
  uint32_t any_v;                 /* ANY */
  uint32_t gen_v;                 /* V by lane_sum (ANY, or more than two lanes) */
  uint32_t any_usr_v, any_os_v;   /* ANY and EN with USR / OS: counted while some thread is in
                                   * user / kernel mode */
  uint32_t or2_v;                 /* l0 and l1 both condition lanes: ORed (2.2), not added */
  /* per counter, one array each (the per-cycle loops run over the counters) */
  uint8_t l0[PMU_P], l1[PMU_P];   /* without ANY and with at most two lanes in sel: they
                                   * (PMU_NL: none, a zero lane like the RTL's zero entry XZ);
                                   * PMU_NL for a gen_v counter */
  uint32_t lo[PMU_P], span[PMU_P]; /* C = (V - lo mod 2^32 <= span): V in the circular interval
                                    * [lo, lo + span] mod 2^32, one unsigned compare for every
                                    * mode (cond_range) in place of the RTL's thr, cmpr case and
                                    * INV */
} thr_cfg_t;

static PMU_THREAD_LOCAL thr_cfg_t cfg_memo[PMU_THREADS];

/* more than two bits set */
static inline int popcount_gt2(uint32_t x)
{
  x &= x - 1u;
  x &= x - 1u;
  return x != 0u;
}

/* The condition C (4.1) as one circular interval of V: C = (V - lo mod 2^32 <= span). In
 * threshold mode INV flips the compare (GE <-> LT, EQ <-> NE: cmp ^ 1); else C = V != 0 and INV
 * is ignored. V < 2^VW < 2^32 - 1, so lo = 2^32 - 1 with span 0 never holds: the empty set
 * (V < 0). */
#if (PMU_VW) >= 32
#error "cond_range needs V < 2^32 - 1"
#endif
static void cond_range(uint32_t *lo, uint32_t *span, uint32_t thr, uint32_t mode,
                       uint32_t cmask)
{
  if (!thr) {                      /* V != 0: [1, 2^32 - 1] */
    *lo = 1;
    *span = ~0u - 1u;
  } else if (mode == CMP_GE) {     /* [cmask, 2^32 - 1] */
    *lo = cmask;
    *span = ~0u - cmask;
  } else if (mode == CMP_LT) {     /* [0, cmask - 1], empty for cmask = 0 */
    *lo = cmask != 0u ? 0u : ~0u;
    *span = cmask != 0u ? cmask - 1u : 0u;
  } else if (mode == CMP_EQ) {     /* [cmask, cmask] */
    *lo = cmask;
    *span = 0;
  } else {                         /* NE: [cmask + 1, cmask - 1], all but cmask */
    *lo = cmask + 1u;
    *span = ~0u - 1u;
  }
}

static void cfg_decode(thr_cfg_t *m, const uint32_t es_t[PMU_P], const uint32_t x_t[PMU_P])
{
  unsigned k;
  memset(m, 0, sizeof *m);
  for (k = 0; k < PMU_P; k++) {
    const uint32_t es = es_t[k], x = x_t[k];
    const uint32_t cmp = (x >> PMU_EXT_CMP_LSB) & 3u;
    /* 2.2: an unsupported pair (or no event) counts nothing: as EN = 0, and C never holds;
     * a core-scoped one acts as ANY */
    const unsigned sup = pmu_ev_sup((uint8_t)(es >> PMU_EVTSEL_EVENT_LSB),
                                    (uint8_t)(es >> PMU_EVTSEL_UMASK_LSB));
    const uint32_t en = (es >> PMU_EVTSEL_EN_LSB) & (sup >> 1) & 1u;
    const uint32_t cmask = (es >> PMU_EVTSEL_CMASK_LSB) & 0xffu;
    const uint32_t thr = (uint32_t)(cmask != 0u || cmp != CMP_GE);
    const uint32_t any = ((es >> PMU_EVTSEL_ANY_LSB) | sup) & 1u;
    const uint32_t usr = (es >> PMU_EVTSEL_USR_LSB) & 1u;
    const uint32_t os = (es >> PMU_EVTSEL_OS_LSB) & 1u;
    pmc_cfg_t *c = &m->c[k];
    uint32_t gen, or2;
    m->es[k] = es;
    m->x[k] = x;
    c->sel = pmu_lane_sel((uint8_t)(es >> PMU_EVTSEL_EVENT_LSB),
                          (uint8_t)(es >> PMU_EVTSEL_UMASK_LSB));
    c->uo = (uint8_t)(usr | os << 1);
    gen = (uint32_t)(any || popcount_gt2(c->sel));
    m->l0[k] = m->l1[k] = PMU_NL;                          /* lane NL is 0 */
    if (!gen && c->sel != 0u)
      m->l0[k] = (uint8_t)pmu_lsb_idx(c->sel);
    if (!gen && (c->sel & (c->sel - 1u)) != 0u)
      m->l1[k] = (uint8_t)pmu_lsb_idx(c->sel & (c->sel - 1u));
    or2 = (uint32_t)(m->l1[k] != PMU_NL && ((PMU_LANE_COND >> m->l0[k]) & 1u) &&
                     ((PMU_LANE_COND >> m->l1[k]) & 1u));
    cond_range(&m->lo[k], &m->span[k], thr, cmp ^ ((es >> PMU_EVTSEL_INV_LSB) & 1u), cmask);
    if (!(sup & 2u)) {                                     /* C = 0: the empty interval */
      m->lo[k] = ~0u;
      m->span[k] = 0;
    }
    m->gen_v |= gen << k;
    m->any_v |= any << k;
    m->en_os |= (en & os & (any ^ 1u)) << k;
    m->en_usr |= (en & usr & (any ^ 1u)) << k;
    m->any_os_v |= (en & os & any) << k;
    m->any_usr_v |= (en & usr & any) << k;
    m->thr_v |= thr << k;
    m->edge_v |= ((es >> PMU_EVTSEL_EDGE_LSB) & 1u) << k;
    m->both_v |= ((x >> PMU_EXT_BOTH_LSB) & 1u) << k;
    m->cntv_v |= ((x >> PMU_EXT_CNTV_LSB) & 1u) << k;
    if (k != 0) {                                          /* RAZ on counter 0 */
      m->chain_v |= ((x >> PMU_EXT_CHAIN_LSB) & 1u) << k;
      m->qual_v |= ((x >> PMU_EXT_QUALIFY_LSB) & 1u) << k;
    }
    m->or2_v |= or2 << k;
  }
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

/* ---- The edge history and chain carry flops as bit vectors ---------------------------- */
/* cprev_q[t] and carry_q[t] hold one 0/1 byte per counter (pmu_state_t); the RTL has them as
 * vectors (cprev_q, carry_q: bit t*P+k), and so does the logic below. Simulation speed-up
 * (against reading them bit by bit; saving: docs/performance.md): on a little-endian host
 * eight bytes at a time go through one 64-bit word (bit 0 of byte k <-> bit k, by one
 * multiply); otherwise, and as the reference, one byte at a time. Only bit 0 of each byte
 * is read (as the per-byte "& 1u" does). */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define EVCTL_SWAR 1
#else
#define EVCTL_SWAR 0
#endif
#define BYTES_LSB 0x0101010101010101ull

/* bit k = bit 0 of b[k], k < P */
static inline uint32_t bytes_to_bits(const uint8_t b[PMU_P])
{
  uint32_t r = 0;
  unsigned i;
#if EVCTL_SWAR
  for (i = 0; i < PMU_P; i += 8) {
    uint64_t x = 0;
    memcpy(&x, b + i, PMU_P - i < 8 ? PMU_P - i : 8);
    /* bit 0 of byte j lands on bit 56 + j; no two partial products meet (no carries) */
    r |= (uint32_t)(((x & BYTES_LSB) * 0x0102040810204080ull) >> 56) << i;
  }
#else
  for (i = 0; i < PMU_P; i++)
    r |= ((uint32_t)b[i] & 1u) << i;
#endif
  return r;
}

/* b[k] = bit k of bits, k < P */
static inline void bits_to_bytes(uint32_t bits, uint8_t b[PMU_P])
{
  unsigned i;
#if EVCTL_SWAR
  for (i = 0; i < PMU_P; i += 8) {
    /* the 8 bits copied into every byte, byte j keeps bit j (0 or 2^j); + 0x7f per byte sets
     * bit 7 of the byte iff it is non-zero (no carry out of the byte); bit 7 -> bit 0 */
    uint64_t x = ((uint64_t)((bits >> i) & 0xffu) * BYTES_LSB) & 0x8040201008040201ull;
    x = ((x + 0x7f7f7f7f7f7f7f7full) >> 7) & BYTES_LSB;
    memcpy(b + i, &x, PMU_P - i < 8 ? PMU_P - i : 8);
  }
#else
  for (i = 0; i < PMU_P; i++)
    b[i] = (uint8_t)((bits >> i) & 1u);
#endif
}

void pmu_evctl_compute(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT],
                       pmu_state_t *d)
{
  uint8_t lane[PMU_THREADS][PMU_NL + 1]; /* lane[t][l], LW <= 8 bits; lane NL = 0 (none) */
  const thr_cfg_t *cfg[PMU_THREADS];
  const uint32_t tick = (uint32_t)in->ref_tick & 1u;
  uint32_t in_usr = 0, in_os = 0;      /* the threads in user / kernel mode, bit u = thread u */
  unsigned t, k, l;

#if PMU_PIPE >= 2
  /* the privilege of the events counted now (privok): the cycle before's (in_q, spec 4); V's
   * ANY gating (src) takes this cycle's, in_usr / in_os */
  uint32_t e_usr = 0, e_os = 0;
  const uint8_t *e_priv = s->in_q.priv;
#else
#define e_usr in_usr
#define e_os in_os
  const uint8_t *e_priv = in->priv;
#endif

  for (t = 0; t < PMU_THREADS; t++) {
    cfg[t] = thread_cfg(s, t);
    in_os |= ((uint32_t)in->priv[t] & 1u) << t;
    in_usr |= (((uint32_t)in->priv[t] & 1u) ^ 1u) << t;
#if PMU_PIPE >= 2
    e_os |= ((uint32_t)e_priv[t] & 1u) << t;
    e_usr |= (((uint32_t)e_priv[t] & 1u) ^ 1u) << t;
#endif
  }

  /* ---- lanes (2.1): internal lanes zero-extended/truncated to LW bits, then every lane cut
   * to its own width ---- */
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
    /* lane l is the low pmu_lane_bits[l] = min(bits, LW) bits of its source (2.1) */
    pmu_lane_cut(lane[t]);
    /* a condition lane (2.2) is 1 when non-zero, as the RTL's lane */
    for (l = PMU_LANE_COND; l != 0u; l &= l - 1u)
      lane[t][pmu_lsb_idx(l)] = (uint8_t)(lane[t][pmu_lsb_idx(l)] != 0u);
  }

  /* ---- programmable counters (4.1, 4.2): per thread, what the RTL's g_ctr[k] blocks (with
   * their pmu_evctl_ctr) and the QUALIFY cascade compute,
   * as vectors with bit k = counter k (a speed-up against writing it per counter, as the RTL;
   * the saving is in docs/performance.md) ---- */
  for (t = 0; t < PMU_THREADS; t++) {
    const thr_cfg_t *m = cfg[t];
    const uint8_t *lt = lane[t];
    const uint32_t frz = (uint32_t)(s->gstatus_q[t] >> PMU_GSTATUS_CTR_FRZ_LSB) & 1u;
    const uint32_t pmc_en = (uint32_t)(s->gctrl_q[t] >> PMU_GCTRL_PMC_EN_LSB) & PMU_P_MASK;
    /* EN, gctrl.pmc_en, the privilege filter (the RTL's privok: without ANY the counter's own
     * thread; with ANY some thread passes USR/OS), not frozen */
    const uint32_t active = (((e_priv[t] & 1u) ? m->en_os : m->en_usr) |
                             (e_usr ? m->any_usr_v : 0u) | (e_os ? m->any_os_v : 0u)) &
                            (frz ? 0u : pmc_en);
    const uint32_t cprev_v = bytes_to_bits(s->cprev_q[t]);           /* cprev_q, bit k */
    const uint32_t carry_prev = bytes_to_bits(s->carry_q[t]) << 1;   /* carry of counter k-1 */
    uint32_t *inc_t = &inc[t * PMU_NCPT + PMU_CI_PMC];
    uint32_t v[PMU_P];                  /* event value V of counter k */
    uint32_t cond_v = 0, qin_v, gq, pq;
    uint32_t counted_v, edgehit, addc, addv, one, bits;

    /* V (VW bits: own lanes, or with ANY the lanes of the threads that pass USR/OS) of every
     * counter, as the RTL, without a branch: the sum of lanes l0 and l1 (own lanes, at most two:
     * the common case); two condition lanes (0 or 1 each) are ORed, a + b - (a & b) (or2_v). A
     * gen_v counter (ANY, or more lanes; V = 0 here) is redone below. */
    for (k = 0; k < PMU_P; k++)
      v[k] = (uint32_t)lt[m->l0[k]] + lt[m->l1[k]];
    for (bits = m->or2_v; bits != 0; bits &= bits - 1u) {
      k = pmu_lsb_idx(bits);
      v[k] -= (uint32_t)(lt[m->l0[k]] & lt[m->l1[k]]);
    }
    for (bits = m->gen_v; bits != 0; bits &= bits - 1u) {
      const pmc_cfg_t *c;
      k = pmu_lsb_idx(bits);
      c = &m->c[k];
      /* the threads whose lanes enter V: t, or with ANY those whose own mode passes (pok) */
      const uint32_t src = ((m->any_v >> k) & 1u)
                               ? ((c->uo & 1u) ? in_usr : 0u) | ((c->uo & 2u) ? in_os : 0u)
                               : 1u << t;
      v[k] = lane_sum((const uint8_t (*)[PMU_NL + 1])lane, src, c->sel);
    }
#if PMU_PIPE >= 2
    /* v_q <= this cycle's V (computed above with this cycle's evtsel); the condition and the
     * increments take V of the cycle before, with this cycle's evtsel/ext (spec 4) */
    for (k = 0; k < PMU_P; k++) {
      d->v_q[t * PMU_P + k] = v[k];
      v[k] = s->v_q[t * PMU_P + k];
    }
#endif
    /* the condition C of every counter: V in the interval [lo, lo + span] mod 2^32 */
    for (k = 0; k < PMU_P; k++)
      cond_v |= (uint32_t)(v[k] - m->lo[k] <= m->span[k]) << k;

    /* QUALIFY cascade, the RTL's chain of g_ctr[k] wires in pmu_evctl: q = f_chain ? qin :
     * cond && (f_qual ? qin : 1), qin = q of counter k-1 (Qin(0) = 1). That is a carry chain,
     * Q(k) = g(k) | p(k) & Q(k-1), with generate g = C & !CHAIN & !QUALIFY (Q = C, whatever came
     * before), propagate p = CHAIN | QUALIFY & C (Q = Qin, or Qin & C) and carry-in 1. Speed-up:
     * all P at once, by one addition (a ripple-carry adder with a = g | p, b = g: the carry into
     * bit k is Qin(k)); against a loop over the counters (saving: docs/performance.md). Counter
     * 0 neither chains nor qualifies, so the carry-in never reaches bit 1. */
    gq = cond_v & ~m->chain_v & ~m->qual_v;
    pq = m->chain_v | (m->qual_v & cond_v);
    qin_v = ((gq | pq) + gq + 1u) ^ (gq | pq) ^ gq;
    counted_v = active & (~m->qual_v | qin_v);

    /* EDGE (BOTH: either direction) on the edge history; the RTL's edgehit = f_edge &&
     * (cprev_o != cprev_i) && (f_both || cond) is the same: the history changes only in a
     * counted cycle, to C */
    edgehit = m->edge_v & counted_v &
              ((m->both_v & (cond_v ^ cprev_v)) | (~m->both_v & cond_v & ~cprev_v));

    /* increment, the RTL's inc_o of pmu_evctl_ctr: chain (ungated) > not counted > EDGE > plain
     * (CMASK=0, GE) or CNTV with C: V > threshold: C. addc: counted, not chain, not edge; of
     * these addv add V; one: the counters that add 1 (chain carry, edge hit, threshold C); addv
     * and one do not meet */
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

    /* edge history, the RTL's cprev_o = counted ? cond : cprev_i of pmu_evctl_ctr (it moves
     * only in counted cycles); a write clears it (pmu_evctl_commit) */
    bits_to_bytes((cprev_v & ~counted_v) | (cond_v & counted_v), d->cprev_q[t]);
  }
#if !(PMU_PIPE >= 2)
#undef e_usr
#undef e_os
#endif
}

/* carry_d[k] = wrap of programmable counter k this cycle (from pmu_cnt_bank) */
void pmu_evctl_carry(const uint64_t wrap[PMU_THREADS], pmu_state_t *d)
{
  unsigned t;
  for (t = 0; t < PMU_THREADS; t++) {
    const uint32_t w = (uint32_t)(wrap[t] >> PMU_CI_PMC) & PMU_P_MASK;
    if (w == 0u)                         /* no wrap (the usual cycle): one store, a speed-up */
      memset(d->carry_q[t], 0, sizeof d->carry_q[t]);
    else
      bits_to_bytes(w, d->carry_q[t]);
  }
}

/* cprev_q <= cprev_d, carry_q <= carry_d, with the RTL's cprev_d = cprev_upd & ~sel_wr (the
 * edge history of a counter whose evtsel or ext is written this cycle is cleared) */
void pmu_evctl_commit(pmu_state_t *s, const pmu_state_t *d, const pmu_apb_t *a)
{
  unsigned t, k;
  for (t = 0; t < PMU_THREADS; t++)
    for (k = 0; k < PMU_P; k++) {
      s->cprev_q[t][k] = d->cprev_q[t][k];
      s->carry_q[t][k] = d->carry_q[t][k];
    }
  if (a->sel_we)
    s->cprev_q[a->sel_t][a->sel_k] = 0;
#if PMU_PIPE >= 2
  memcpy(s->v_q, d->v_q, sizeof s->v_q);    /* v_q <= V */
#endif
}

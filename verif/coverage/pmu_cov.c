/* Functional coverage bins for lockstep runs (see pmu_cov.h, docs/coverage.md). Everything is
 * derived from the model state around one clock edge and that cycle's inputs, so the bins say
 * what really happened, not what the stimulus intended: a counter "fired" when its value moved
 * across the edge without a software write to it; conditions (V, C, Q) are recomputed from the
 * pre-edge state and the inputs by the rules of docs/spec.md section 4.1 and only classify what
 * the state shows. */
#include "pmu_cov.h"

#include <stdlib.h>
#include <string.h>

/* index of the lowest set bit of a non-zero word */
static unsigned lsb_idx(uint32_t x)
{
  unsigned n = 0;
  while (!(x & 1u)) {
    x >>= 1;
    n++;
  }
  return n;
}

#define BIT(x, b) ((unsigned)(((x) >> (b)) & 1u))
/* a field of a register value, by its generated name (pmu_map.h): F(es, EVTSEL_INV) */
#define F(x, f) ((unsigned)PMU_GET(x, PMU_##f))
/* fixctl's field f (OS, USR, PMI) of fixed counter i: 4 bits per counter (spec 3) */
#define FC(x, f, i) BIT(x, PMU_FIXCTL_##f##0_LSB + (i) * (PMU_FIXCTL_OS1_LSB - PMU_FIXCTL_OS0_LSB))
#define HI 4u   /* a 64-bit register's high word (spec 3) */

#define LW_MASK ((uint32_t)((1u << PMU_LW) - 1u))
#define NW_MASK ((uint32_t)((1u << PMU_NW) - 1u))
#define VW_MASK ((uint32_t)((1u << PMU_VW) - 1u))
#define AW_MASK ((uint32_t)((1ull << PMU_AW) - 1ull))

/* ---- names ------------------------------------------------------------------------------ */

static const char *const base_names[COV_NBASE] = {
  "apb.read_ok", "apb.write_ok", "apb.unpriv_write_err", "apb.unpriv_read_err",
  "apb.unpriv_read_ok(uren)", "apb.unmapped_err", "apb.partial_strobe_write", "apb.hi_latch_hit",
  "ovf.pmc_wrap", "ovf.pmc_wrap_v_gt1", "ovf.fixed_wrap", "ovf.wrap_while_set",
  "ovf.set_and_w1c_same_cycle", "irq.rise", "frz.set", "frz.frozen_cycle", "chain.carry",
  "chain.carry_wraps_upper", "cnt.write_races_increment", "evt.edge_count",
  "evt.both_edge_falling_count", "evt.qualify_blocked", "evt.qualify_passed", "evt.cntv_add",
  "evt.any_count", "evt.cmp_ge", "evt.cmp_lt", "evt.cmp_eq", "evt.cmp_ne", "evt.inv_threshold",
  "evt.cmask0_inv_ignored", "evt.priv_filtered", "evt.cprev_cleared_by_write",
  "stk.base_carry", "stk.base_carry_saturated", "stk.wrong_path_to_bpred", "stk.smt_slots",
  "rdp.read",
};

enum { NAME_LEN = 48 };
static char names[COV_NBINS][NAME_LEN];
static int names_ready;

/* stack component c (PMU_CMP_*) -> bin offset within a (thread, stage), or -1 */
static int stk_comp_bin(unsigned c)
{
  if (c == PMU_CMP_SMT)
    return COV_HAS_SMT ? 6 : -1;
  return c == PMU_CMP_OTHER ? 6 + COV_HAS_SMT : (int)c;
}

static void set_name(int i, const char *s)
{
  snprintf(names[i], NAME_LEN, "%s", s);
}

static void make_names(void)
{
  static const char *const mode[5] = {"cmp_ge", "cmp_lt", "cmp_eq", "cmp_ne", "plain"};
  static const char *const cls[3] = {"0", "1", "max"};
  static const char *const rdp[6] = {"total", "filled", "issued", "retired", "elapsed", "invalid"};
  static const char *const fix[3] = {"cycles", "inst_retired", "ref_ticks"};
  int i;
  for (i = 0; i < COV_NBASE; i++)
    set_name(i, base_names[i]);
  for (i = 0; i < PMU_NEVENTS; i++)
    snprintf(names[COV_EVT0 + i], NAME_LEN, "evt.code.0x%02x.umask.0x%02x", pmu_events[i].event,
             pmu_events[i].umask);
  set_name(COV_EVT_UNSUP, "evt.unsupported_blocked");
  set_name(COV_EVT_SEL_MULTI, "evt.sel.multi_lane_sum");
  set_name(COV_EVT_SEL_COND_OR, "evt.sel.conditions_ored");
  set_name(COV_EVT_V_WIDE, "evt.v_wider_than_lane");
  for (i = 0; i < 40; i++)
    snprintf(names[COV_CROSS0 + i], NAME_LEN, "cross.%s.%s.%s.%s", mode[i / 8],
             (i & 4) ? "edge" : "level", (i & 2) ? "inv" : "noinv", (i & 1) ? "cntv" : "cnt1");
  for (i = 0; i < 6; i++)
    snprintf(names[COV_CMASK0 + i], NAME_LEN, "cmask.%s.%s", cls[i / 2], (i & 1) ? "met" : "unmet");
  for (i = 0; i < 8; i++) {
    snprintf(names[COV_PRIV_PMC0 + i], NAME_LEN, "priv.pmc.usr%d_os%d.%s", (i >> 2) & 1,
             (i >> 1) & 1, (i & 1) ? "kernel" : "user");
    snprintf(names[COV_PRIV_FIX0 + i], NAME_LEN, "priv.fix.usr%d_os%d.%s", (i >> 2) & 1,
             (i >> 1) & 1, (i & 1) ? "kernel" : "user");
  }
#if COV_HAS_SMT
  set_name(COV_ANY_OTHER, "any.other_thread_only");
  set_name(COV_ANY_GATED, "any.thread_gated_by_own_priv");
#endif
  for (i = 0; i < 4; i++) {
    snprintf(names[COV_OVF_PMC0 + i], NAME_LEN, "ovf.pmc.%s.%s", (i & 2) ? "int" : "noint",
             (i & 1) ? "frz" : "nofrz");
    snprintf(names[COV_OVF_FIX0 + i], NAME_LEN, "ovf.fix.%s.%s", (i & 2) ? "pmi" : "nopmi",
             (i & 1) ? "frz" : "nofrz");
  }
  set_name(COV_WRAP_SLOT, "ovf.silent_wrap.slot");
  set_name(COV_WRAP_STK, "ovf.silent_wrap.stk");
  set_name(COV_CHAIN_UNGATED, "chain.carry_while_inactive");
  set_name(COV_CHAIN_LOST_WRITE, "chain.carry_lost_to_write");
  set_name(COV_CHAIN_QUAL_IGNORED, "chain.carry_with_qualify_closed");
#if COV_HAS_CASCADE
  set_name(COV_CHAIN_CASCADE, "chain.cascade");
#endif
  set_name(COV_QUAL_DISABLED_NB, "qualify.by_inactive_neighbour");
#if COV_HAS_CASCADE
  set_name(COV_QUAL_CASCADE, "qualify.cascade");
#endif
  set_name(COV_APB_UREAD_IDCFG, "apb.unpriv.read_ok.id_cfg");
  set_name(COV_APB_UREAD_SLOT, "apb.unpriv.read_ok.slot");
  set_name(COV_APB_UREAD_PMC, "apb.unpriv.read_ok.pmc_uren");
  set_name(COV_APB_UREAD_FIX, "apb.unpriv.read_ok.fix_uren");
  set_name(COV_APB_UREAD_STK, "apb.unpriv.read_ok.stk_uren");
  set_name(COV_APB_UREAD_ERR_CNT, "apb.unpriv.read_err.counter_no_uren");
  set_name(COV_APB_UREAD_ERR_REG, "apb.unpriv.read_err.config_reg");
  set_name(COV_APB_WRITE_IDCFG_ERR, "apb.err.write_id_cfg");
  set_name(COV_APB_HOLE_GLOBAL, "apb.unmapped.global_hole");
  set_name(COV_APB_HOLE_THREAD, "apb.unmapped.thread_block_hole");
#if COV_HAS_K_HOLE
  set_name(COV_APB_HOLE_K, "apb.unmapped.index_ge_p");
#endif
#if COV_HAS_T_HOLE
  set_name(COV_APB_HOLE_T, "apb.unmapped.thread_ge_threads");
#endif
  set_name(COV_APB_HI_STALE, "apb.hi_latch_differs_from_live");
  for (i = 0; i < 6; i++)
    snprintf(names[COV_RDP_SEL0 + i], NAME_LEN, "rdp.sel.%s", rdp[i]);
  for (i = 0; i < 3; i++)
    snprintf(names[COV_FIX_COUNT0 + i], NAME_LEN, "fix.%s.count", fix[i]);
  for (unsigned t = 0; t < PMU_THREADS; t++)
    for (unsigned s = 0; s < 3; s++)
      for (unsigned cp = 0; cp < 8; cp++) {
        int b = stk_comp_bin(cp);
        if (b >= 0)
          snprintf(names[COV_STK0 + (int)(t * 3 + s) * COV_NSTKC + b], NAME_LEN, "stk.t%u.%s.%s",
                   t, pmu_stage_names[s], pmu_comp_names[cp]);
      }
  names_ready = 1;
}

const char *pmu_cov_name(int bin)
{
  if (!names_ready)
    make_names();
  return (bin >= 0 && bin < COV_NBINS) ? names[bin] : "?";
}

/* ---- address classes -------------------------------------------------------------------- */

enum {
  AC_HOLE_GLOBAL, AC_HOLE_THREAD, AC_HOLE_K, AC_HOLE_T, AC_IDCFG, AC_CONFIG, AC_PMC, AC_FIX,
  AC_SLOT, AC_STK
};

/* Class of a (word) address by the register map of docs/spec.md section 3; *ci is the bank
 * index of a counter word, *t the thread of a thread register. */
static int addr_class(uint32_t a, int *ci, unsigned *t)
{
  a &= AW_MASK & ~3u;
  *ci = -1;
  *t = 0;
  if (a < PMU_THREAD_BASE)
    return (a == PMU_ID_OFF || a == PMU_CFG_OFF) ? AC_IDCFG : AC_HOLE_GLOBAL;
  uint32_t tt = (a - PMU_THREAD_BASE) / PMU_THREAD_STRIDE;
  uint32_t off = (a - PMU_THREAD_BASE) % PMU_THREAD_STRIDE;
  if (tt >= PMU_THREADS)
    return AC_HOLE_T;
  *t = tt;
  if (off < PMU_EXT_OFF)
    return (off - PMU_EVTSEL_OFF) / PMU_EVTSEL_STRIDE < PMU_P ? AC_CONFIG : AC_HOLE_K;
  if (off < PMU_PMC_OFF)
    return (off - PMU_EXT_OFF) / PMU_EXT_STRIDE < PMU_P ? AC_CONFIG : AC_HOLE_K;
  if (off < PMU_FIX_OFF) {
    if ((off - PMU_PMC_OFF) / PMU_PMC_STRIDE >= PMU_P)
      return AC_HOLE_K;
    *ci = (int)pmu_cnt_idx(tt, PMU_CI_PMC + (off - PMU_PMC_OFF) / PMU_PMC_STRIDE);
    return AC_PMC;
  }
  if (off < PMU_FIX_OFF + PMU_FIX_STRIDE * PMU_NFIX) {
    *ci = (int)pmu_cnt_idx(tt, PMU_CI_FIX + (off - PMU_FIX_OFF) / PMU_FIX_STRIDE);
    return AC_FIX;
  }
  if (off == PMU_FIXCTL_OFF || off == PMU_CTRL_OFF || off == PMU_GCTRL_OFF ||
      off == PMU_GCTRL_OFF + HI || off == PMU_GSTATUS_OFF || off == PMU_GSTATUS_OFF + HI)
    return AC_CONFIG;
  if (off >= PMU_SLOT_OFF && off < PMU_SLOT_OFF + PMU_SLOT_STRIDE * PMU_NSLOT) {
    *ci = (int)pmu_cnt_idx(tt, PMU_CI_SLOT + (off - PMU_SLOT_OFF) / PMU_SLOT_STRIDE);
    return AC_SLOT;
  }
  if (off >= PMU_STK_OFF && off < PMU_STK_OFF + PMU_STK_STRIDE * PMU_NSTK) {
    *ci = (int)pmu_cnt_idx(tt, PMU_CI_STK + (off - PMU_STK_OFF) / PMU_STK_STRIDE);
    return AC_STK;
  }
  return AC_HOLE_THREAD;
}

/* ---- sampling --------------------------------------------------------------------------- */

void pmu_cov_sample(pmu_cov_t *c, const pmu_state_t *pre, const pmu_in_t *in, const pmu_out_t *out,
                    const pmu_state_t *post)
{
  uint64_t *h = c->hits;
  c->cycles++;
  uint32_t addr = in->paddr & AW_MASK;
  int access = (in->psel & 1) && (in->penable & 1);
  int priv = in->pprot & 1;
  int wr = in->pwrite & 1;
  int wcnt = -1;          /* counter written this cycle */
  int wsel = -1;          /* t*P+k of an evtsel/ext written this cycle */
  uint64_t w1c[PMU_THREADS];
  memset(w1c, 0, sizeof w1c);
  if (access) {
    uint32_t live;
    int mapped = pmu_peek(pre, addr, &live) == 0;
    int ci;
    unsigned at;
    int ac = addr_class(addr, &ci, &at);
    if (out->pslverr) {
      if (!mapped) {
        h[COV_APB_UNMAPPED_ERR]++;
        if (ac == AC_HOLE_GLOBAL)
          h[COV_APB_HOLE_GLOBAL]++;
        else if (ac == AC_HOLE_THREAD)
          h[COV_APB_HOLE_THREAD]++;
#if COV_HAS_K_HOLE
        else if (ac == AC_HOLE_K)
          h[COV_APB_HOLE_K]++;
#endif
#if COV_HAS_T_HOLE
        else if (ac == AC_HOLE_T)
          h[COV_APB_HOLE_T]++;
#endif
      } else if (!priv && wr) {
        h[COV_APB_UNPRIV_WRITE_ERR]++;
      } else if (!priv) {
        h[COV_APB_UNPRIV_READ_ERR]++;
        h[ac == AC_CONFIG ? COV_APB_UREAD_ERR_REG : COV_APB_UREAD_ERR_CNT]++;
      } else if (wr && ac == AC_IDCFG) {
        h[COV_APB_WRITE_IDCFG_ERR]++;
      }
    } else if (wr) {
      h[COV_APB_WRITE_OK]++;
      if ((in->pstrb & 0xf) != 0xf)
        h[COV_APB_STROBE_PARTIAL]++;
      wcnt = ci;
      uint32_t off = ((addr & ~3u) - PMU_THREAD_BASE) % PMU_THREAD_STRIDE;
      if (ac == AC_CONFIG) {
        if (off >= PMU_EVTSEL_OFF && off < PMU_EVTSEL_OFF + PMU_EVTSEL_STRIDE * PMU_P)
          wsel = (int)(at * PMU_P + (off - PMU_EVTSEL_OFF) / PMU_EVTSEL_STRIDE);
        else if (off >= PMU_EXT_OFF && off < PMU_EXT_OFF + PMU_EXT_STRIDE * PMU_P)
          wsel = (int)(at * PMU_P + (off - PMU_EXT_OFF) / PMU_EXT_STRIDE);
        uint32_t bm = 0;
        for (int b = 0; b < 4; b++)
          if (BIT(in->pstrb, b))
            bm |= 0xffu << (8 * b);
        if (off == PMU_GSTATUS_OFF)
          w1c[at] = in->pwdata & bm;
        else if (off == PMU_GSTATUS_OFF + HI)
          w1c[at] = (uint64_t)(in->pwdata & bm) << 32;
      }
    } else {
      h[COV_APB_READ_OK]++;
      if (!priv) {
        if (ci >= 0)
          h[COV_APB_UNPRIV_READ_OK]++;
        h[ac == AC_IDCFG ? COV_APB_UREAD_IDCFG : ac == AC_SLOT ? COV_APB_UREAD_SLOT
          : ac == AC_PMC ? COV_APB_UREAD_PMC : ac == AC_FIX ? COV_APB_UREAD_FIX
          : COV_APB_UREAD_STK]++;
      }
      if (pre->hi_vld_q && ((addr & ~3u) == pre->hi_addr_q)) {
        h[COV_HI_LATCH_HIT]++;
        if (live != pre->hi_latch_q)
          h[COV_APB_HI_STALE]++;
      }
    }
  }

  /* event lanes of this cycle (docs/spec.md 2.1) */
  uint32_t lane[PMU_THREADS][PMU_NL];
  const uint32_t tick = in->ref_tick & 1u;
  for (unsigned t = 0; t < PMU_THREADS; t++) {
    uint32_t f = in->slot_fill[t] & NW_MASK;
    lane[t][PMU_LANE_CYCLES] = 1u & LW_MASK;
    lane[t][PMU_LANE_REF_TICK] = tick & LW_MASK;
    lane[t][PMU_LANE_FILLED] = f & LW_MASK;
    lane[t][PMU_LANE_UNFILLED] = (f < (uint32_t)PMU_W ? (uint32_t)PMU_W - f : 0u) & LW_MASK;
    lane[t][PMU_LANE_ISSUED] = (in->slot_issue[t] & NW_MASK) & LW_MASK;
    lane[t][PMU_LANE_RETIRED] = (in->slot_retire[t] & NW_MASK) & LW_MASK;
    for (unsigned l = 0; l < PMU_NEXT; l++)
      lane[t][PMU_NINT + l] = in->ev_ext[t][l] & LW_MASK;
    for (unsigned l = 0; l < PMU_NL; l++)   /* every lane at its own width, min(bits, LW) */
      lane[t][l] &= (1u << pmu_lane_bits[l]) - 1u;
    for (unsigned l = 0; l < PMU_NL; l++)   /* a condition lane (2.2) is 1 when non-zero */
      if ((PMU_LANE_COND >> l) & 1u)
        lane[t][l] = lane[t][l] != 0u;
  }

  for (unsigned t = 0; t < PMU_THREADS; t++) {
    uint64_t gs0 = pre->gstatus_q[t], gs1 = post->gstatus_q[t];
    const unsigned frz = F(gs0, GSTATUS_CTR_FRZ);
    const unsigned tpriv = in->priv[t] & 1u;
    if (!frz && F(gs1, GSTATUS_CTR_FRZ))
      h[COV_FREEZE_SET]++;
    if (frz && F(pre->gctrl_q[t], GCTRL_PMC_EN))
      h[COV_FROZEN_CYCLE]++;
    for (unsigned i = 0; i < 3; i++)
      if (!BIT(gs0, PMU_GSTATUS_FIX_OVF_LSB + i) && BIT(gs1, PMU_GSTATUS_FIX_OVF_LSB + i))
        h[COV_FIX_WRAP]++;

    /* fixed counters: counting, privilege combinations, overflow (4.3, 4.4) */
    for (unsigned i = 0; i < 3; i++) {
      unsigned fi = pmu_cnt_idx(t, PMU_CI_FIX + i);
      if (wcnt == (int)fi)
        continue;
      uint32_t fc = pre->fixctl_q[t];
      uint64_t d = (post->cnt_q[fi] - pre->cnt_q[fi]) & PMU_CW_MASK;
      unsigned usr = FC(fc, USR, i), os = FC(fc, OS, i);
      unsigned ev = i == 0 ? 1u : i == 1 ? (in->slot_retire[t] & NW_MASK) != 0 : tick;
      if (d)
        h[COV_FIX_COUNT0 + i]++;
      if (BIT(pre->gctrl_q[t], PMU_GCTRL_FIX_EN_LSB + i) && !frz && ((tpriv ? os : usr) ? d != 0 : ev))
        h[COV_PRIV_FIX0 + usr * 4 + os * 2 + tpriv]++;
      if (post->cnt_q[fi] < pre->cnt_q[fi])         /* wrapped: adds are below 2^CW */
        h[COV_OVF_FIX0 + FC(fc, PMI, i) * 2 + F(pre->ctrl_q[t], CTRL_FRZ_ON_OVF)]++;
    }

    /* programmable counters (4.1 - 4.3) */
    uint32_t qin = 1;                 /* Q of counter k-1 (Qin of counter 0 is 1) */
    unsigned prev_active = 0, prev_chain = 0, prev_qual = 0;
    for (unsigned k = 0; k < PMU_P; k++) {
      unsigned ci = pmu_cnt_idx(t, k);
      uint32_t es = pre->evtsel_q[t][k], x = pre->ext_q[t][k];
      unsigned chain = k > 0 && F(x, EXT_CHAIN), qual = k > 0 && F(x, EXT_QUALIFY);
      unsigned wrap = post->carry_q[t][k];
      unsigned written = wcnt == (int)ci;
      if (wrap) {
        h[COV_PMC_WRAP]++;
        if (post->cnt_q[ci] > 0 && !chain)
          h[COV_PMC_WRAP_V_GT1]++;
        if (BIT(gs0, PMU_GSTATUS_PMC_OVF_LSB + k))
          h[COV_WRAP_WHILE_SET]++;
        if (BIT(w1c[t], PMU_GSTATUS_PMC_OVF_LSB + k))
          h[COV_SET_AND_CLEAR]++;
        h[COV_OVF_PMC0 + F(es, EVTSEL_INT) * 2 + F(pre->ctrl_q[t], CTRL_FRZ_ON_OVF)]++;
      }
      if (wsel == (int)(t * PMU_P + k) && pre->cprev_q[t][k])
        h[COV_CPREV_CLEARED]++;

      /* the condition C and qualifier Q of this cycle (4.1) */
      uint32_t ev = F(es, EVTSEL_EVENT), um = F(es, EVTSEL_UMASK);
      uint32_t sel = (es | x) ? pmu_lane_sel((uint8_t)ev, (uint8_t)um) : 0u;
      unsigned sup = pmu_ev_sup((uint8_t)ev, (uint8_t)um);   /* 2.2: bit 1 supported, bit 0 core */
      unsigned any = F(es, EVTSEL_ANY) | (sup & 1u);
      /* with ANY, thread u's lanes count only while u's own privilege passes USR/OS (4.1) */
      unsigned pok[PMU_THREADS], pok_any = 0;
      for (unsigned u = 0; u < PMU_THREADS; u++) {
        pok[u] = (in->priv[u] & 1u) ? F(es, EVTSEL_OS) : F(es, EVTSEL_USR);
        pok_any |= pok[u];
      }
      uint32_t v = 0, own = 0;
      uint32_t vc[PMU_THREADS] = {0};   /* per thread, its condition lanes ORed (2.2) */
      unsigned ncond[PMU_THREADS] = {0};/* per thread, its true selected condition lanes */
      unsigned nlanes = 0;              /* selected lanes with a non-zero contribution */
      unsigned gated = 0;               /* ANY: some thread's non-zero lane left out by its priv */
      for (uint32_t s = sel; s; s &= s - 1u) {
        unsigned l = lsb_idx(s);
        unsigned cond = (PMU_LANE_COND >> l) & 1u;
        uint32_t lv = 0;
        own += lane[t][l];
        for (unsigned u = 0; u < PMU_THREADS; u++) {
          if (any ? !pok[u] : u != t) {
            gated |= any && lane[u][l] != 0;
            continue;
          }
          lv += lane[u][l];
          if (cond) {
            vc[u] |= lane[u][l];          /* a condition lane is 0 or 1 here */
            ncond[u] += lane[u][l];
          } else {
            v += lane[u][l];
          }
        }
        nlanes += lv != 0;
      }
      unsigned ncond_max = 0;
      for (unsigned u = 0; u < PMU_THREADS; u++) {
        v += vc[u];
        if (ncond[u] > ncond_max)
          ncond_max = ncond[u];
      }
      v &= VW_MASK;
      uint32_t cmask = F(es, EVTSEL_CMASK), cmp = F(x, EXT_CMP);
      unsigned inv = F(es, EVTSEL_INV), edge = F(es, EVTSEL_EDGE), cntv = F(x, EXT_CNTV);
      unsigned thr = cmask != 0 || cmp != 0;
      unsigned cmpr = cmp == 0 ? v >= cmask : cmp == 1 ? v < cmask : cmp == 2 ? v == cmask : v != cmask;
      unsigned cc_raw = thr ? (cmpr ^ inv) : (v != 0);   /* C without the supported rule */
      unsigned cc = (sup >> 1) & cc_raw;
      unsigned qgate = qual ? qin : 1u;
      unsigned q = chain ? qin : (cc & qgate);
      unsigned en_all = F(es, EVTSEL_EN) && BIT(pre->gctrl_q[t], PMU_GCTRL_PMC_EN_LSB + k) && !frz;
      unsigned privok = any ? pok_any : pok[t];
      unsigned active = en_all && privok && (sup >> 1);
      uint64_t d = (post->cnt_q[ci] - pre->cnt_q[ci]) & PMU_CW_MASK;

#if PMU_PIPE
      /* with the event path pipeline (spec 4) the carry's increment lands one cycle after
       * carry_q: it is the chained counter's inc_q */
      const unsigned carry_in = chain && pre->inc_q[ci] != 0u;
#else
      const unsigned carry_in = chain && pre->carry_q[t][k - 1];   /* (chain: k > 0) */
#endif
      if (carry_in) {
        h[COV_CHAIN_CARRY]++;
        if (wrap)
          h[COV_CHAIN_CARRY_WRAP]++;
        if (written) {
          h[COV_CHAIN_LOST_WRITE]++;
        } else {
          if (!active)
            h[COV_CHAIN_UNGATED]++;
          if (qual && !qin)
            h[COV_CHAIN_QUAL_IGNORED]++;
#if COV_HAS_CASCADE
          if (prev_chain)
            h[COV_CHAIN_CASCADE]++;
#endif
        }
      }
      unsigned was_prev_active = prev_active, was_prev_qual = prev_qual;
      qin = q;
      prev_active = active;
      prev_chain = chain;
      prev_qual = qual && !chain;
      (void)was_prev_qual;
      (void)prev_chain;
      (void)own;

#ifdef PMU_COV_SELFCHECK
      /* the recomputed condition must explain the model's increment (debug builds only) */
      if (!chain && !written) {
        unsigned cprev = pre->cprev_q[t][k] & 1u;
        unsigned eh = F(x, EXT_BOTH) ? (cc ^ cprev) : (cc & !cprev);
        uint64_t want = !(active && qgate) ? 0 : edge ? eh : !thr ? v : cc ? (cntv ? v : 1u) : 0;
        if (want != d) {
          fprintf(stderr, "pmu_cov selfcheck: t%u pmc%u expected +%llu, model +%llu\n", t, k,
                  (unsigned long long)want, (unsigned long long)d);
          abort();
        }
      }
#endif
      if (!en_all || chain)
        continue;
      if (!written && qgate && !any) {  /* the own thread's filter (ANY: any.* bins) */
        unsigned usr = F(es, EVTSEL_USR), os = F(es, EVTSEL_OS);
        if (privok ? d != 0 : cc)
          h[COV_PRIV_PMC0 + usr * 4 + os * 2 + tpriv]++;
      }
      if (!privok) {
        h[COV_PRIV_FILTERED]++;
        continue;
      }
      if (!(sup >> 1)) {                /* unsupported or no event: counts nothing (2.2) */
        if (!written && qgate && (cc_raw || (!thr && v != 0)))
          h[COV_EVT_UNSUP]++;
        continue;
      }
      if (written) {
        h[COV_WRITE_RACES_INC]++;
        continue;
      }
      if (qual)
        h[d ? COV_QUALIFY_PASSED : COV_QUALIFY_BLOCKED]++;
      if (!qgate)
        continue;
      /* counted cycle, no write */
      if ((cmp == 0 || cmp == 2) && (cmask == 0 || cmask == 1 || cmask == 255))
        h[COV_CMASK0 + (cmask == 0 ? 0 : cmask == 1 ? 2 : 4) + (thr ? cmpr : v != 0)]++;
      if (!d)
        continue;
      h[COV_CROSS0 + (thr ? cmp : 4u) * 8 + edge * 4 + inv * 2 + cntv]++;
      if (!edge && (!thr || cntv) && d >= (1u << PMU_LW))
        h[COV_EVT_V_WIDE]++;
      if (qual && !was_prev_active)
        h[COV_QUAL_DISABLED_NB]++;
#if COV_HAS_CASCADE
      if (qual && was_prev_qual)
        h[COV_QUAL_CASCADE]++;
#endif
      if (!thr && !edge) {
        /* plain counting: the selected events' values were added */
        for (unsigned e = 0; e < PMU_NEVENTS; e++) {
          const pmu_event_desc_t *ed = &pmu_events[e];
          if (ed->event == ev && (ed->umask == 0 ? um == 0 : (um & ed->umask) != 0)) {
            uint32_t lv = 0;
            for (uint32_t s = ed->sel; s; s &= s - 1u)
              for (unsigned u = 0; u < PMU_THREADS; u++)
                if (any ? pok[u] : u == t)
                  lv += lane[u][lsb_idx(s)];
            if (lv)
              h[COV_EVT0 + e]++;
          }
        }
        if (nlanes >= 2)
          h[COV_EVT_SEL_MULTI]++;
        if (ncond_max >= 2)
          h[COV_EVT_SEL_COND_OR]++;
#if COV_HAS_SMT
        if (any && own == 0)
          h[COV_ANY_OTHER]++;
        if (any && gated)
          h[COV_ANY_GATED]++;
#endif
      }
      if (edge) {
        h[COV_EDGE_COUNT]++;
        if (F(x, EXT_BOTH) && pre->cprev_q[t][k] && !post->cprev_q[t][k])
          h[COV_BOTH_FALL_COUNT]++;
        continue;
      }
      if (any)
        h[COV_ANY_SUM]++;
      if (thr) {
        h[COV_CMP_GE + cmp]++;
        if (cntv && d > 1)
          h[COV_CNTV_ADD]++;
        if (inv)
          h[COV_INV_THRESHOLD]++;
      } else if (inv) {
        h[COV_CMASK0_INV]++;
      }
    }

    /* CPI stacks: every (stage, component) that received slots; carries; SMT; wrong path */
    for (unsigned s = 0; s < 3; s++) {
      if (post->stk_carry_q[t][s])
        h[COV_STACK_CARRY]++;
      if (post->stk_carry_q[t][s] == (1u << PMU_CRW) - 1u)
        h[COV_STACK_CARRY_SAT]++;
      for (unsigned cp = 0; cp < 8; cp++) {         /* branch-free: the outcome is random */
        unsigned si = pmu_cnt_idx(t, PMU_CI_STK + s * 8 + cp);
        uint64_t a = pre->cnt_q[si], z = post->cnt_q[si];
        unsigned moved = (z != a) & (wcnt != (int)si);
        int b = stk_comp_bin(cp);
        h[COV_WRAP_STK] += moved & (z < a);         /* wrapped: adds are below 2^CW */
        if (b >= 0)
          h[COV_STK0 + (int)(t * 3 + s) * COV_NSTKC + b] += moved;
        if (cp == PMU_CMP_SMT)
          h[COV_SMT_SLOTS] += moved;
      }
    }
    for (unsigned i = 0; i < PMU_NSLOT; i++) {
      unsigned si = pmu_cnt_idx(t, PMU_CI_SLOT + i);
      if (wcnt != (int)si && post->cnt_q[si] < pre->cnt_q[si])
        h[COV_WRAP_SLOT]++;
    }
    if (F(pre->ctrl_q[t], CTRL_WPVIS) && (in->stk_wp[t][0] & NW_MASK)) {
      unsigned bi = pmu_cnt_idx(t, PMU_CI_STK + PMU_STG_DISPATCH * 8 + PMU_CMP_BPRED);
      if (wcnt != (int)bi && post->cnt_q[bi] != pre->cnt_q[bi])
        h[COV_WPVIS_BPRED]++;
    }
    if (out->rdp_valid[t])
      h[COV_RDP_READ]++;
    if (post->rdp_valid_q[t]) {
      unsigned sl = in->rdp_sel[t] & 7u;
      h[COV_RDP_SEL0 + (sl < 5 ? sl : 5)]++;
    }
  }
  /* irq rising edge: out->irq is this cycle's (pre-edge) level; compare with the next level */
  for (unsigned t = 0; t < PMU_THREADS; t++) {
    uint64_t gs = post->gstatus_q[t];
    int lvl = 0;
    for (unsigned k = 0; k < PMU_P; k++)
      lvl |= BIT(gs, PMU_GSTATUS_PMC_OVF_LSB + k) && F(post->evtsel_q[t][k], EVTSEL_INT);
    for (unsigned i = 0; i < 3; i++)
      lvl |= BIT(gs, PMU_GSTATUS_FIX_OVF_LSB + i) && FC(post->fixctl_q[t], PMI, i);
    if (lvl && !out->irq[t])
      h[COV_IRQ_RISE]++;
  }
}

/* Bins that a parameter set makes impossible inside a fixed block of indices: the original bin
 * stk.smt_slots with THREADS=1 (no sibling), cmask.max.met when V never reaches 255, CHAIN and
 * QUALIFY with P=1 (no counter k >= 1). They are not bins of such a build (not printed, written
 * or counted); their slots in hits[] stay 0. */
static int present(int i)
{
  if (!COV_HAS_SMT && i == COV_SMT_SLOTS)
    return 0;
  if (!COV_HAS_V255 && i == COV_CMASK0 + 5)
    return 0;
  if (!COV_HAS_CHAIN &&
      (i == COV_CHAIN_CARRY || i == COV_CHAIN_CARRY_WRAP || i == COV_QUALIFY_BLOCKED ||
       i == COV_QUALIFY_PASSED || i == COV_CHAIN_UNGATED || i == COV_CHAIN_LOST_WRITE ||
       i == COV_CHAIN_QUAL_IGNORED || i == COV_QUAL_DISABLED_NB))
    return 0;
  return 1;
}

int pmu_cov_report(const pmu_cov_t *c, FILE *f, int verbose)
{
  int unhit = 0, n = 0;
  for (int i = 0; i < COV_NBINS; i++) {
    if (!present(i))
      continue;
    n++;
    if (!c->hits[i])
      unhit++;
    if (verbose || !c->hits[i])
      fprintf(f, "  cov %-40s %12llu%s\n", pmu_cov_name(i), (unsigned long long)c->hits[i],
              c->hits[i] ? "" : "  <-- never hit");
  }
  fprintf(f, "coverage: %d/%d bins hit (%.1f%%)\n", n - unhit, n, 100.0 * (n - unhit) / n);
  return unhit;
}

int pmu_cov_write(const pmu_cov_t *c, FILE *f)
{
  fprintf(f, "# stallscope-cov v1\n");
  fprintf(f, "cycles %llu\n", (unsigned long long)c->cycles);
  for (int i = 0; i < COV_NBINS; i++)
    if (present(i))
      fprintf(f, "bin %s %llu\n", pmu_cov_name(i), (unsigned long long)c->hits[i]);
  return ferror(f) ? -1 : 0;
}

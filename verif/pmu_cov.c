/* Functional coverage bins for lockstep runs (see pmu_cov.h). Everything is derived from the
 * model state around one clock edge, so the bins say what really happened, not what the
 * stimulus intended. */
#include "pmu_cov.h"

#include <string.h>

const char *const pmu_cov_names[COV_NBINS] = {
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

#define BIT(x, b) (((x) >> (b)) & 1u)

/* Bank index of the counter whose word is at byte address a, or -1. */
static int cnt_of_addr(uint32_t a)
{
  a &= ~3u;
  if (a < PMU_THREAD_BASE)
    return -1;
  uint32_t t = (a - PMU_THREAD_BASE) / PMU_THREAD_STRIDE;
  uint32_t off = (a - PMU_THREAD_BASE) % PMU_THREAD_STRIDE;
  if (t >= PMU_THREADS)
    return -1;
  if (off >= PMU_PMC_OFF && off < PMU_PMC_OFF + 8u * PMU_P)
    return (int)pmu_cnt_idx(t, (off - PMU_PMC_OFF) / 8);
  if (off >= PMU_FIX_OFF && off < PMU_FIX_OFF + 8u * 3)
    return (int)pmu_cnt_idx(t, PMU_P + (off - PMU_FIX_OFF) / 8);
  if (off >= PMU_SLOT_OFF && off < PMU_SLOT_OFF + 8u * 5)
    return (int)pmu_cnt_idx(t, PMU_P + 3 + (off - PMU_SLOT_OFF) / 8);
  if (off >= PMU_STK_OFF && off < PMU_STK_OFF + 8u * 24)
    return (int)pmu_cnt_idx(t, PMU_P + 8 + (off - PMU_STK_OFF) / 8);
  return -1;
}

void pmu_cov_sample(pmu_cov_t *c, const pmu_state_t *pre, const pmu_in_t *in, const pmu_out_t *out,
                    const pmu_state_t *post)
{
  uint64_t *h = c->hits;
  c->cycles++;
  uint32_t addr = in->paddr & ((1u << PMU_AW) - 1u);
  int access = (in->psel & 1) && (in->penable & 1);
  int priv = in->pprot & 1;
  int wr = in->pwrite & 1;
  int wcnt = -1;          /* counter written this cycle */
  int wsel = -1;          /* t*P+k of an evtsel/ext written this cycle */
  uint64_t w1c[PMU_THREADS];
  memset(w1c, 0, sizeof w1c);
  if (access) {
    uint32_t dummy;
    int mapped = pmu_peek(pre, addr, &dummy) == 0;
    if (out->pslverr) {
      if (!mapped)
        h[COV_APB_UNMAPPED_ERR]++;
      else if (!priv && wr)
        h[COV_APB_UNPRIV_WRITE_ERR]++;
      else if (!priv)
        h[COV_APB_UNPRIV_READ_ERR]++;
    } else if (wr) {
      h[COV_APB_WRITE_OK]++;
      if ((in->pstrb & 0xf) != 0xf)
        h[COV_APB_STROBE_PARTIAL]++;
      wcnt = cnt_of_addr(addr);
      uint32_t t = (addr - PMU_THREAD_BASE) / PMU_THREAD_STRIDE;
      uint32_t off = ((addr & ~3u) - PMU_THREAD_BASE) % PMU_THREAD_STRIDE;
      if (addr >= PMU_THREAD_BASE && t < PMU_THREADS) {
        if (off < PMU_EVTSEL_OFF + 4u * PMU_P)
          wsel = (int)(t * PMU_P + off / 4);
        else if (off >= PMU_EXT_OFF && off < PMU_EXT_OFF + 4u * PMU_P)
          wsel = (int)(t * PMU_P + (off - PMU_EXT_OFF) / 4);
        uint32_t bm = 0;
        for (int b = 0; b < 4; b++)
          if (BIT(in->pstrb, b))
            bm |= 0xffu << (8 * b);
        if (off == PMU_GSTATUS_OFF)
          w1c[t] = in->pwdata & bm;
        else if (off == PMU_GSTATUS_OFF + 4)
          w1c[t] = (uint64_t)(in->pwdata & bm) << 32;
      }
    } else {
      h[COV_APB_READ_OK]++;
      if (!priv && cnt_of_addr(addr) >= 0)
        h[COV_APB_UNPRIV_READ_OK]++;
      if (pre->hi_vld_q && ((addr & ~3u) == pre->hi_addr_q))
        h[COV_HI_LATCH_HIT]++;
    }
  }

  for (unsigned t = 0; t < PMU_THREADS; t++) {
    uint64_t gs0 = pre->gstatus_q[t], gs1 = post->gstatus_q[t];
    if (!BIT(gs0, 59) && BIT(gs1, 59))
      h[COV_FREEZE_SET]++;
    if (BIT(gs0, 59) && (pre->gctrl_q[t] & ((1ull << PMU_P) - 1u)))
      h[COV_FROZEN_CYCLE]++;
    for (unsigned i = 0; i < 3; i++)
      if (!BIT(gs0, 32 + i) && BIT(gs1, 32 + i))
        h[COV_FIX_WRAP]++;
    for (unsigned k = 0; k < PMU_P; k++) {
      unsigned ci = pmu_cnt_idx(t, k);
      uint32_t es = pre->evtsel_q[t][k], x = pre->ext_q[t][k];
      int chain = k > 0 && BIT(x, 4), qual = k > 0 && BIT(x, 5);
      int wrap = post->carry_q[t][k];
      if (wrap) {
        h[COV_PMC_WRAP]++;
        if (post->cnt_q[ci] > 0 && !chain)
          h[COV_PMC_WRAP_V_GT1]++;
        if (BIT(gs0, k))
          h[COV_WRAP_WHILE_SET]++;
        if (BIT(w1c[t], k))
          h[COV_SET_AND_CLEAR]++;
      }
      if (chain && pre->carry_q[t][k - 1]) {
        h[COV_CHAIN_CARRY]++;
        if (wrap)
          h[COV_CHAIN_CARRY_WRAP]++;
      }
      if (wsel == (int)(t * PMU_P + k) && pre->cprev_q[t][k])
        h[COV_CPREV_CLEARED]++;
      int en = BIT(es, 22) && BIT(pre->gctrl_q[t], k) && !BIT(gs0, 59);
      if (!en || chain)
        continue;
      int privok = (in->priv[t] & 1) ? BIT(es, 17) : BIT(es, 16);
      if (!privok) {
        h[COV_PRIV_FILTERED]++;
        continue;
      }
      if (wcnt == (int)ci) {
        h[COV_WRITE_RACES_INC]++;
        continue;
      }
      uint64_t d = (post->cnt_q[ci] - pre->cnt_q[ci]) & PMU_CW_MASK;
      uint32_t cmask = es >> 24, cmp = x & 3u;
      int thr = cmask != 0 || cmp != 0;
      if (qual)
        h[d ? COV_QUALIFY_PASSED : COV_QUALIFY_BLOCKED]++;
      if (!d)
        continue;
      if (BIT(es, 18)) {
        h[COV_EDGE_COUNT]++;
        if (BIT(x, 3) && pre->cprev_q[t][k] && !post->cprev_q[t][k])
          h[COV_BOTH_FALL_COUNT]++;
        continue;
      }
      if (BIT(es, 21))
        h[COV_ANY_SUM]++;
      if (thr) {
        h[COV_CMP_GE + cmp]++;
        if (BIT(x, 2) && d > 1)
          h[COV_CNTV_ADD]++;
        if (BIT(es, 23))
          h[COV_INV_THRESHOLD]++;
      } else if (BIT(es, 23)) {
        h[COV_CMASK0_INV]++;
      }
    }
    for (unsigned s = 0; s < 3; s++) {
      if (post->stk_carry_q[t][s])
        h[COV_STACK_CARRY]++;
      if (post->stk_carry_q[t][s] == (1u << PMU_CRW) - 1u)
        h[COV_STACK_CARRY_SAT]++;
      unsigned si = pmu_cnt_idx(t, PMU_P + 8 + s * 8 + 6);
      if (wcnt != (int)si && post->cnt_q[si] != pre->cnt_q[si])
        h[COV_SMT_SLOTS]++;
    }
    if (BIT(pre->ctrl_q[t], 2) && (in->stk_wp[t][0] & ((1u << PMU_NW) - 1u))) {
      unsigned bi = pmu_cnt_idx(t, PMU_P + 8 + 2);
      if (wcnt != (int)bi && post->cnt_q[bi] != pre->cnt_q[bi])
        h[COV_WPVIS_BPRED]++;
    }
    if (out->rdp_valid[t])
      h[COV_RDP_READ]++;
  }
  /* irq rising edge: out->irq is this cycle's (pre-edge) level; compare with the next level */
  for (unsigned t = 0; t < PMU_THREADS; t++) {
    uint64_t gs = post->gstatus_q[t];
    int lvl = 0;
    for (unsigned k = 0; k < PMU_P; k++)
      lvl |= BIT(gs, k) && BIT(post->evtsel_q[t][k], 20);
    for (unsigned i = 0; i < 3; i++)
      lvl |= BIT(gs, 32 + i) && BIT(post->fixctl_q[t], 4 * i + 3);
    if (lvl && !out->irq[t])
      h[COV_IRQ_RISE]++;
  }
}

int pmu_cov_report(const pmu_cov_t *c, FILE *f, int verbose)
{
  int unhit = 0;
  for (int i = 0; i < COV_NBINS; i++) {
    if (!c->hits[i])
      unhit++;
    if (verbose || !c->hits[i])
      fprintf(f, "  cov %-32s %12llu%s\n", pmu_cov_names[i], (unsigned long long)c->hits[i],
              c->hits[i] ? "" : "  <-- never hit");
  }
  fprintf(f, "coverage: %d/%d bins hit (%.1f%%)\n", COV_NBINS - unhit, COV_NBINS,
          100.0 * (COV_NBINS - unhit) / COV_NBINS);
  return unhit;
}

int pmu_cov_write(const pmu_cov_t *c, FILE *f)
{
  fprintf(f, "# stallscope-cov v1\n");
  fprintf(f, "cycles %llu\n", (unsigned long long)c->cycles);
  for (int i = 0; i < COV_NBINS; i++)
    fprintf(f, "bin %s %llu\n", pmu_cov_names[i], (unsigned long long)c->hits[i]);
  return ferror(f) ? -1 : 0;
}

/* pmu_smp: the time-proportional sampler (docs/spec.md section 7), per thread: the per-cycle
 * state of the commit stage (7.1), the countdown and generator (7.2), the pending sample slots
 * (7.3), the record (7.4), the buffer with its pointers, lost count and watermark interrupt
 * (7.5) and the registers (7.6). In the model only with PMU_SAMPLER = 1 (pmu_sampler.h); its
 * RTL is rtl/pmu/pmu_smp.v and pmu_smp_thr.v (compared by verif/smp/tb_smp.cpp).
 * Flops: ts_q and, per thread, smp[t] (pmu_smp_thr_t). pmu_smp_update() computes and commits in
 * one (a speed-up, like the counter bank: the buffer is written in place): no other block reads
 * the sampler's state in pmu_step(), and pmu_step() calls it after pmu_regs_compute (which
 * reads the register word being written) with this cycle's programmable increments (src 1).
 */
#include "pmu_blocks.h"

#if PMU_SAMPLER

#define SMP_PTR_MASK ((uint32_t)(2u * (PMU_SMP_DEPTH) - 1u))   /* pointers count mod 2*DEPTH */

static inline uint32_t smp_fill(const pmu_smp_thr_t *x)
{
  return (x->head_q - x->tail_q) & SMP_PTR_MASK;
}

/* reload of the countdown (7.2) from smpctl, smpper and the generator state */
static inline uint32_t smp_reload(uint32_t ctl, uint32_t per, uint16_t lfsr)
{
  const uint32_t jm = (1u << PMU_GET(ctl, PMU_SMPCTL_JIT)) - 1u;
  const uint32_t p = PMU_GET(per, PMU_SMPPER_PERIOD);
  return (p ? p : 1u) - 1u + ((uint32_t)lfsr & jm);
}

void pmu_smp_reset(pmu_state_t *s)
{
  unsigned t;
  for (t = 0; t < PMU_THREADS; t++) {
    s->smp[t].per_q = PMU_SMPPER_RESET;
    s->smp[t].lfsr_q = (uint16_t)(PMU_SMP_LFSR_SEED ^ t);
  }
}

/* the word index of a sampler register in its block (dec.k, pmu_regs_gen.h) */
#define SMP_K(off) (((off) - PMU_SMPCTL_OFF) / 4u)

uint32_t pmu_smp_word(const pmu_state_t *s, const pmu_dec_t *m)
{
  const pmu_smp_thr_t *x = &s->smp[m->t];
  const uint32_t fill = smp_fill(x);
  const uint32_t k = m->k;

  if (k >= SMP_K(PMU_SMPDATA_OFF) && k < SMP_K(PMU_SMPDATA_OFF) + PMU_SMP_RW)
    return fill ? x->buf_q[x->tail_q & (PMU_SMP_DEPTH - 1u)][k - SMP_K(PMU_SMPDATA_OFF)] : 0u;
  switch (k) {
  case SMP_K(PMU_SMPCTL_OFF): return x->ctl_q;
  case SMP_K(PMU_SMPPER_OFF): return x->per_q;
  case SMP_K(PMU_SMPSEED_OFF): return x->lfsr_q;
  case SMP_K(PMU_SMPWM_OFF): return x->wm_q;
  case SMP_K(PMU_SMPHEAD_OFF): return x->head_q;
  case SMP_K(PMU_SMPTAIL_OFF): return x->tail_q;
  case SMP_K(PMU_SMPSTAT_OFF): {
    uint32_t pend = 0;
    unsigned i;
    for (i = 0; i < PMU_SMP_PEND; i++)
      pend |= (uint32_t)x->slot_q[i].valid << i;
    return PMU_PUT(PMU_SMPSTAT_FILL, fill) |
           PMU_PUT(PMU_SMPSTAT_FULL, fill == PMU_SMP_DEPTH) |
           PMU_PUT(PMU_SMPSTAT_WM, fill >= x->wm_q) |
           PMU_PUT(PMU_SMPSTAT_PEND, pend);
  }
  case SMP_K(PMU_SMPLOST_OFF): return x->lost_cnt_q;
  case SMP_K(PMU_SMPTS_OFF): return s->ts_q;
  default: return 0;
  }
}

/* The sampler refuses the write of the merged word wword (5.2, 7.5): a read pointer that would
 * pass the write pointer. (Writes to its read-only registers fail by the generated rule.) */
uint32_t pmu_smp_wr_bad(const pmu_state_t *s, const pmu_dec_t *m, uint32_t wword)
{
  const pmu_smp_thr_t *x = &s->smp[m->t];
  return (uint32_t)(m->k == SMP_K(PMU_SMPTAIL_OFF) && ((wword - x->tail_q) & SMP_PTR_MASK) > smp_fill(x));
}

/* irq_o[t] term of the watermark (7.5): registers only */
uint8_t pmu_smp_irq(const pmu_state_t *s, unsigned t)
{
  const pmu_smp_thr_t *x = &s->smp[t];
  return (uint8_t)(PMU_GET(x->ctl_q, PMU_SMPCTL_WMIE) && x->wm_q != 0u && smp_fill(x) >= x->wm_q);
}

/* One thread's cycle. incv: the countdown's decrement of this cycle (7.2); w: the register word
 * written this cycle (wk: its index, -1 none) as merged over the old word */
static void smp_thread(pmu_smp_thr_t *x, unsigned t, const pmu_in_t *in, uint32_t incv, int wk,
                       uint32_t w, uint32_t ts)
{
  const uint32_t nin = (uint32_t)in->stk_n[t][2] & PMU_NW_MASK;
  const uint32_t n = nin < (uint32_t)PMU_W ? nin : (uint32_t)PMU_W;
  const uint32_t rob_empty = ((uint32_t)in->stk_flags[t] >> PMU_FLG_ROB_EMPTY) & 1u;
  const uint32_t state = n ? PMU_SMP_COMPUTING : !rob_empty ? PMU_SMP_STALLED
                         : x->lastf_q ? PMU_SMP_FLUSHED : PMU_SMP_DRAINED;
  const uint32_t en = PMU_GET(x->ctl_q, PMU_SMPCTL_EN);
  /* the registers of the cycle: a write takes effect at its edge (below, after the formulas) */
  const uint32_t fire = en & (uint32_t)(incv > x->cd_q);
  const uint16_t lfsr0 = x->lfsr_q;   /* a write's reload takes the generator before any step */
  uint32_t lost_slot = 0, lost_drop = 0, lost_carried = 0;
  unsigned i;
  int wr = -1;

  /* 7.2: countdown and generator */
  if (fire) {
    x->cd_q = smp_reload(x->ctl_q, x->per_q, x->lfsr_q);
    x->lfsr_q = pmu_smp_lfsr_step(x->lfsr_q);
  } else if (en) {
    x->cd_q -= incv;
  }

  /* 7.3: a fire opens a pending sample in the lower free slot, or is lost when the cycle starts
   * with every slot in use */
  if (fire) {
    int j = -1;
    for (i = 0; i < PMU_SMP_PEND && j < 0; i++)
      if (!x->slot_q[i].valid)
        j = (int)i;
    if (j < 0) {
      lost_slot = 1;
    } else {
      pmu_smp_slot_t *sl = &x->slot_q[j];
      uint32_t *r = sl->rec;
      /* the older of two slots in use: the other one, if it is in use, else this one */
      x->old_q = (uint8_t)(x->slot_q[1 - j].valid ? 1 - j : j);
      sl->valid = 1;
      sl->done = 0;
      for (i = 0; i < PMU_SMP_RW; i++)
        r[i] = 0;
      r[PMU_SMPREC_TID_WORD] = PMU_PUT(PMU_SMPREC_TID, t) | PMU_PUT(PMU_SMPREC_STATE, state) |
             PMU_PUT(PMU_SMPREC_N, n) | PMU_PUT(PMU_SMPREC_PRIV, in->priv[t] & 1u);
      r[PMU_SMPREC_TS_WORD] = ts;
      if (state == PMU_SMP_COMPUTING) {
        r[PMU_SMPREC_PC0_WORD] |= PMU_PUT(PMU_SMPREC_PC0, in->cmt_pc[t][0]) |
                PMU_PUT(PMU_SMPREC_SIG0, in->cmt_sig[t][0]);
        for (i = 1; i < n && i <= 6; i++) {
          r[PMU_SMPREC_SIGS_WORD] |= ((uint32_t)in->cmt_sig[t][i] & PMU_SIG_MASK) << (5u * (i - 1u));
          r[PMU_SMPREC_PCS_WORD + (i - 1u) / 2u] |= (uint32_t)in->cmt_pc[t][i] << (16u * ((i - 1u) % 2u));
        }
      } else if (state == PMU_SMP_FLUSHED) {
        r[PMU_SMPREC_PC0_WORD] |= PMU_PUT(PMU_SMPREC_PC0, x->lastpc_q) |
                                  PMU_PUT(PMU_SMPREC_SIG0, x->lastsig_q);
      }
    }
  }

  /* cycle g: every pending slot completes with the oldest instruction of this cycle */
  if (n) {
    for (i = 0; i < PMU_SMP_PEND; i++) {
      pmu_smp_slot_t *sl = &x->slot_q[i];
      uint32_t dly, st;
      if (!sl->valid || sl->done)
        continue;
      dly = ts - sl->rec[PMU_SMPREC_TS_WORD];
      st = PMU_GET(sl->rec[PMU_SMPREC_STATE_WORD], PMU_SMPREC_STATE);
      sl->rec[PMU_SMPREC_PEBS_PC_WORD] = PMU_PUT(PMU_SMPREC_PEBS_PC, in->cmt_pc[t][0]) |
                   PMU_PUT(PMU_SMPREC_PEBS_SIG, in->cmt_sig[t][0]) |
                   PMU_PUT(PMU_SMPREC_PEBS_DLY, dly < 255u ? dly : 255u);
      if (st == PMU_SMP_STALLED || st == PMU_SMP_DRAINED)
        sl->rec[PMU_SMPREC_PC0_WORD] |= PMU_PUT(PMU_SMPREC_PC0, in->cmt_pc[t][0]) |
                      PMU_PUT(PMU_SMPREC_SIG0, in->cmt_sig[t][0]);
      sl->done = 1;
    }
  }

  /* the completed slot with the oldest fire writes its record at the end of the cycle (7.3),
   * into the buffer or, when it is full, is dropped (7.5). A record carries lost = 1 when a
   * sample was lost since the previous record was written, a fire of this cycle included. */
  for (i = 0; i < PMU_SMP_PEND; i++)   /* one fire a cycle: two in use fired in different cycles */
    if (x->slot_q[i].valid && x->slot_q[i].done && (wr < 0 || i == x->old_q))
      wr = (int)i;
  if (wr >= 0) {
    pmu_smp_slot_t *sl = &x->slot_q[wr];
    if (smp_fill(x) == PMU_SMP_DEPTH) {
      lost_drop = 1;
      x->lost_q = 1;
    } else {
      uint32_t *e = x->buf_q[x->head_q & (PMU_SMP_DEPTH - 1u)];
      for (i = 0; i < PMU_SMP_RW; i++)
        e[i] = sl->rec[i];
      e[PMU_SMPREC_VALID_WORD] |= PMU_PUT(PMU_SMPREC_VALID, 1u) |
                                  PMU_PUT(PMU_SMPREC_LOST, x->lost_q | lost_slot);
      x->head_q = (x->head_q + 1u) & SMP_PTR_MASK;
      x->lost_q = 0;
      lost_carried = 1;
    }
    sl->valid = 0;
    sl->done = 0;
  }
  if (lost_slot && !lost_carried)
    x->lost_q = 1;
  for (i = 0; i < lost_slot + lost_drop; i++)     /* smplost, saturating */
    if (x->lost_cnt_q != 0xffffffffu)
      x->lost_cnt_q++;

  /* 7.1: the youngest committing instruction */
  if (n) {
    x->lastf_q = (uint8_t)((in->cmt_sig[t][n - 1u] & PMU_SIG_BR) != 0u);
    x->lastpc_q = in->cmt_pc[t][n - 1u];
    x->lastsig_q = (uint8_t)(in->cmt_sig[t][n - 1u] & PMU_SIG_MASK);
  }

  /* software writes (7.2, 7.5, 7.6): after the formulas, so they win */
  switch (wk) {
  case SMP_K(PMU_SMPCTL_OFF):
    x->ctl_q = w & PMU_SMPCTL_MASK;
    x->cd_q = smp_reload(x->ctl_q, x->per_q, lfsr0);
    break;
  case SMP_K(PMU_SMPPER_OFF):
    x->per_q = w & PMU_SMPPER_MASK;
    x->cd_q = smp_reload(x->ctl_q, x->per_q, lfsr0);
    break;
  case SMP_K(PMU_SMPSEED_OFF):
    x->lfsr_q = (uint16_t)((w & PMU_SMPSEED_MASK) ? (w & PMU_SMPSEED_MASK) : PMU_SMP_LFSR_SEED);
    break;
  case SMP_K(PMU_SMPWM_OFF):
    x->wm_q = w & PMU_SMPWM_MASK;
    break;
  case SMP_K(PMU_SMPTAIL_OFF):
    x->tail_q = w & SMP_PTR_MASK;              /* the write rule is checked in pmu_regs_decode */
    break;
  case SMP_K(PMU_SMPLOST_OFF):
    x->lost_cnt_q = w;
    break;
  default:
    break;
  }
}

void pmu_smp_update(pmu_state_t *s, const pmu_in_t *in, const uint32_t inc[PMU_NCNT],
                    const pmu_apb_t *a)
{
  const uint32_t ts = s->ts_q;
  unsigned t;

  for (t = 0; t < PMU_THREADS; t++) {
    pmu_smp_thr_t *x = &s->smp[t];
    const int wk = (a->we && pmu_regs_in_smp(a->dec.kind) && a->dec.t == t) ? (int)a->dec.k : -1;
    const uint32_t w = wk >= 0 ? (pmu_smp_word(s, &a->dec) & ~a->bm) | (a->wdata & a->bm) : 0u;
    /* counter ctr's increment of this cycle (0 when chained): the countdown takes it in the
     * next cycle (pinc_q, 7.2); with src 0 the decrement is 1 */
    const uint32_t k = PMU_GET(x->ctl_q, PMU_SMPCTL_CTR);
    const uint32_t pinc = (k < (uint32_t)PMU_P && !PMU_GET(s->ext_q[t][k], PMU_EXT_CHAIN))
                              ? inc[pmu_cnt_idx(t, PMU_CI_PMC + k)] : 0u;
    const uint32_t incv = PMU_GET(x->ctl_q, PMU_SMPCTL_SRC) ? x->pinc_q : 1u;
    const int wcd = wk == (int)SMP_K(PMU_SMPCTL_OFF) || wk == (int)SMP_K(PMU_SMPPER_OFF);
    smp_thread(x, t, in, incv, wk, w, ts);
    x->pinc_q = wcd ? 0u : pinc;
  }
  s->ts_q = ts + 1u;
}

#endif

/* pmu_regs: APB decode, configuration/status registers, high-word latch, read mux, errors and
 * the write strobes for the other blocks (docs/spec.md sections 3, 4.3 and 5).
 * Mirrors rtl/pmu/pmu_regs.v. The register decode table -- which register an address is, the
 * privilege and read-only rules, the live value of a word, the masked write, the reset values --
 * is generated from rtl/pmu/data/pmu.rdl into pmu_regs_gen.h (as the RTL's pmu_regs_gen.v);
 * written here by hand is the behaviour: the APB transfer, gstatus (W1C, set beats clear,
 * freeze), the high-word latch and the interrupt. Flops: evtsel_q ext_q fixctl_q ctrl_q gctrl_q
 * (enable flops, loaded by a write only), evstat_q (loaded by an evtsel write), gstatus_q
 * hi_latch_q hi_addr_q hi_vld_q; with PIPE >= 2 the evtsel/ext write register sw_evtsel_q
 * sw_ext_q sw_idx_q sw_word_q (spec 4: evtsel/ext load one cycle after the write's access).
 */
#include <string.h>
#include "pmu_blocks.h"

/* ---- Address map (section 3): pure function of the word address ------------------------ */
void pmu_regs_map(uint32_t addr, pmu_dec_t *m)
{
  pmu_regs_map_gen(addr & PMU_AW_MASK & ~3u, m);            /* paddr[1:0] ignored */
}

/* Reset values (after pmu_reset's memset: every other state element resets to 0) */
void pmu_regs_reset(pmu_state_t *s)
{
  pmu_regs_reset_gen(s);
#if PMU_SAMPLER
  pmu_smp_reset(s);
#endif
}

/* ---- Decode and errors (section 5.2) --------------------------------------------------- */
/* the byte mask of pstrb (5.3) */
static inline uint32_t strb_mask(uint32_t strb)
{
  return ((strb & 1u) ? 0x000000ffu : 0u) | ((strb & 2u) ? 0x0000ff00u : 0u) |
         ((strb & 4u) ? 0x00ff0000u : 0u) | ((strb & 8u) ? 0xff000000u : 0u);
}

void pmu_regs_decode(const pmu_state_t *s, const pmu_in_t *in, pmu_apb_t *a)
{
  const pmu_dec_t *m = &a->dec;
  const uint32_t acc = (uint32_t)in->psel & (uint32_t)in->penable & 1u;
  uint32_t wr, priv, strb, uread, bad;

#if PMU_STORAGE
  if (acc & s->wt_q) {
    /* the first access cycle of a block-RAM counter's transfer: a wait state (5.1), no
     * transfer, no error, no strobes */
    memset(a, 0, sizeof *a);
#if PMU_PIPE >= 2
    pmu_regs_sel_load(s, a);
#endif
    return;
  }
#endif
  if (!acc) {
    /* no access phase: no transfer, no error, no strobes. The RTL evaluates its decode and
     * access/error terms only while psel; skipping them in the setup phase as well is a
     * simulation speed-up (nothing uses them before penable). */
    memset(a, 0, sizeof *a);              /* all 0: dec.kind = PMU_RK_NONE */
#if PMU_PIPE >= 2
    pmu_regs_sel_load(s, a);
#endif
    return;
  }
  wr = (uint32_t)in->pwrite & 1u;
  priv = (uint32_t)in->pprot & 1u;                         /* pprot[0] */
  strb = (uint32_t)in->pstrb & 0xfu;
  pmu_regs_map(in->paddr, &a->dec);
  a->addr = in->paddr & PMU_AW_MASK & ~3u;

  uread = pmu_regs_uread(s, m);                            /* registers an unprivileged read may access */

  bad = (m->kind == PMU_RK_NONE)                                   /* unmapped */
      | (wr & (priv ^ 1u))                                         /* unprivileged write */
      | ((wr ^ 1u) & (priv ^ 1u) & (uread ^ 1u))                   /* unprivileged read */
      | (wr & pmu_regs_wr_ro(m->kind));                            /* write to ro */

#if PMU_SAMPLER
  if (pmu_regs_in_smp(m->kind)) {     /* the sampler's read pointer rule (7.5) */
    const uint32_t bm = strb_mask(strb);
    bad |= wr & pmu_smp_wr_bad(s, m, (pmu_smp_word(s, m) & ~bm) | (in->pwdata & bm));
  }
#endif

  a->acc = (uint8_t)acc;
  a->err = (uint8_t)(acc & bad);
  a->we = (uint8_t)(acc & wr & (bad ^ 1u));
  a->re = (uint8_t)(acc & (wr ^ 1u) & (bad ^ 1u));
  a->wdata = in->pwdata;
  a->bm = strb_mask(strb);
  a->cnt_we = (uint8_t)(a->we & m->cnt);
#if PMU_PIPE >= 2
  pmu_regs_sel_load(s, a);
#else
  a->sel_we = (uint8_t)(a->we & (uint32_t)(m->kind == PMU_RK_EVTSEL || m->kind == PMU_RK_EXT));
  a->sel_t = m->t;
  a->sel_k = m->k;
#endif
}

#if PMU_PIPE >= 2
/* The evtsel/ext element that loads at this edge: the write of the cycle before (sw_*_q, spec 4) */
void pmu_regs_sel_load(const pmu_state_t *s, pmu_apb_t *a)
{
  a->sel_we = (uint8_t)(s->sw_evtsel_q | s->sw_ext_q);
  a->sel_t = (uint8_t)(s->sw_idx_q / PMU_P);
  a->sel_k = (uint8_t)(s->sw_idx_q % PMU_P);
}
#endif

#if PMU_STORAGE
/* wt_q's next value: a setup cycle whose address is a word of a counter kept in block RAM (every
 * counter but the issue-slot counters, spec 4 "Counter storage"), whose access phase then starts
 * with a wait state (5.1). */
uint8_t pmu_regs_wait_next(const pmu_in_t *in)
{
  pmu_dec_t m;
  if (!((in->psel & 1u) && !(in->penable & 1u)))
    return 0;
  pmu_regs_map(in->paddr, &m);
  return (uint8_t)(m.cnt && m.kind != PMU_RK_SLOT);
}
#endif

/* ---- Read mux -------------------------------------------------------------------------- */
/* Live value of a mapped register word (no high-word latch); 0 when unmapped. */
uint32_t pmu_regs_word(const pmu_state_t *s, const pmu_dec_t *m)
{
#if PMU_SAMPLER
  if (pmu_regs_in_smp(m->kind))
    return pmu_smp_word(s, m);
#endif
  return pmu_regs_word_gen(s, m);
}

/* prdata_o: read data of a successful read in the access phase, else 0 (section 5.1, 5.4). */
uint32_t pmu_regs_prdata(const pmu_state_t *s, const pmu_apb_t *a)
{
  if (!a->re)
    return 0;
  if (a->dec.cnt && a->dec.hi && s->hi_vld_q && s->hi_addr_q == a->addr)
    return s->hi_latch_q;
  return pmu_regs_word(s, &a->dec);
}

/* irq_o[t]: a function of registers only (section 4.3). */
uint8_t pmu_regs_irq(const pmu_state_t *s, unsigned t)
{
  uint64_t st = s->gstatus_q[t];
  uint32_t pmc_ovf = (uint32_t)(st >> PMU_GSTATUS_PMC_OVF_LSB) & PMU_P_MASK;
  uint32_t fix_ovf = (uint32_t)(st >> PMU_GSTATUS_FIX_OVF_LSB) & 7u;
  uint32_t fc, pmi;
  unsigned k;

  if ((pmc_ovf | fix_ovf) == 0u)                           /* no status bit: speed-up only */
    return 0;
  fc = s->fixctl_q[t];
  pmi = pmu_fixctl_bits(fc, PMU_FIXCTL_PMI0_LSB, PMU_FIXCTL_PMI1_LSB, PMU_FIXCTL_PMI2_LSB);
  if (fix_ovf & pmi)
    return 1;
  for (k = 0; pmc_ovf != 0; k++, pmc_ovf >>= 1)             /* only while status bits remain */
    if ((pmc_ovf & 1u) && ((s->evtsel_q[t][k] >> PMU_EVTSEL_INT_LSB) & 1u))
      return 1;
  return 0;
}

/* ---- Next state ------------------------------------------------------------------------ */
/* The configuration registers are enable flops, as in the RTL: only the register a successful
 * write addresses loads, the others hold in s (no _d copied through d for them, a simulation
 * speed-up). As the RTL's wword, one merge for every register: the strobed bytes of pwdata over
 * the addressed register's old word (5.3), read as the read mux reads it (the RTL: the read
 * tree eval for evtsel/ext); the register masks it to its writable fields (reserved bits 0,
 * ext[0] without CHAIN/QUALIFY). gstatus (pmu_regs_commit, gstatus_next) and the high-word
 * latch load every cycle. */
void pmu_regs_compute(const pmu_state_t *s, const pmu_apb_t *a, pmu_state_t *d)
{
  const pmu_dec_t *m = &a->dec;

  /* software write (counters: pmu_cnt_bank; gstatus: W1C in gstatus_next) */
  if (a->we) {
    const uint32_t wword = (pmu_regs_word(s, m) & ~a->bm) | (a->wdata & a->bm);
#if PMU_PIPE >= 2
    /* evtsel/ext: into the write register, loaded at the next edge (spec 4) */
    if (m->kind == PMU_RK_EVTSEL || m->kind == PMU_RK_EXT) {
      d->sw_idx_q = (uint32_t)m->t * PMU_P + m->k;
      d->sw_word_q = wword;
    } else
#endif
      pmu_regs_store(s, m, wword, d);
  }

  /* high-word latch (5.4): the high word of the counter read, before this edge */
  d->hi_latch_q = s->hi_latch_q;
  d->hi_addr_q = s->hi_addr_q;
  d->hi_vld_q = s->hi_vld_q;
  if (a->we) {
    d->hi_vld_q = 0;
  } else if (a->re && m->cnt && !m->hi) {
    d->hi_latch_q = (uint32_t)(s->cnt_q[m->ci] >> 32) & PMU_HI_MASK;
    d->hi_addr_q = (a->addr + 4u) & PMU_AW_MASK;
    d->hi_vld_q = 1;
  }
}

/* gstatus next state of thread t (4.3), the RTL's gstatus_next(): the W1C clear of the strobed
 * bytes of a write to the thread's gstatus word (clr), the set by the wraps of the thread's
 * programmable and fixed counters (w: pmu_cnt_bank's wrap word), the freeze on a set with
 * frz_on_ovf; a set beats a clear. */
static inline uint64_t gstatus_next(uint64_t q, uint64_t clr, uint64_t w, uint32_t frz_on)
{
  const uint64_t set = (((w >> PMU_CI_PMC) & PMU_P_MASK) << PMU_GSTATUS_PMC_OVF_LSB) |
                       (((w >> PMU_CI_FIX) & 7u) << PMU_GSTATUS_FIX_OVF_LSB);
  const uint64_t frz = (uint64_t)(frz_on & (set != 0u));
  return ((q & ~clr) | set | (frz << PMU_GSTATUS_CTR_FRZ_LSB)) & PMU_GSTATUS_MASK64;
}

/* evstat.unsup[k] from evtsel[k] as it is loaded (2.2) */
static inline void evstat_unsup(pmu_state_t *s, const pmu_dec_t *m)
{
  const uint32_t es = s->evtsel_q[m->t][m->k];
  const uint8_t ev = (uint8_t)(es >> PMU_EVTSEL_EVENT_LSB), um = (uint8_t)(es >> PMU_EVTSEL_UMASK_LSB);
  const uint32_t unsup = !(pmu_ev_sup(ev, um) & 2u) && (ev | um) != 0u;
  s->evstat_q[m->t] = (s->evstat_q[m->t] & ~(1u << m->k)) | unsup << m->k;
}

#if PMU_PIPE >= 2
/* evtsel/ext element m loads the word w (masked as a write, 5.3), evtsel with its evstat bit */
static void regs_load_sel(pmu_state_t *s, const pmu_dec_t *m, uint32_t w)
{
  pmu_state_t x;   /* pmu_regs_store's next state: only the element's field is written and read */
  pmu_regs_store(s, m, w, &x);
  pmu_regs_load(s, &x, m);
  if (m->kind == PMU_RK_EVTSEL)
    evstat_unsup(s, m);
}
#endif

/* The clock edge. As in the RTL, gstatus_next() is evaluated at the flop: from this cycle's
 * wraps (pmu_step calls this after pmu_cnt_bank_update) and the registers before the edge
 * (so gstatus first: it reads ctrl_q). A thread without a wrap and without a W1C write keeps
 * its gstatus (gstatus_next with clr = set = 0, a speed-up: the usual cycle). */
void pmu_regs_commit(pmu_state_t *s, const pmu_state_t *d, const pmu_apb_t *a,
                     const uint64_t wrap[PMU_THREADS])
{
  const pmu_dec_t *m = &a->dec;
  unsigned t;

  for (t = 0; t < PMU_THREADS; t++) {
    uint64_t clr = 0;
    if (a->we && m->kind == PMU_RK_GSTATUS && m->t == t)
      clr = (uint64_t)(a->wdata & a->bm) << (m->hi ? 32 : 0);
    else if (wrap[t] == 0u) {
      s->gstatus_q[t] &= PMU_GSTATUS_MASK64;
      continue;
    }
    s->gstatus_q[t] = gstatus_next(s->gstatus_q[t], clr, wrap[t],
                                   (s->ctrl_q[t] >> PMU_CTRL_FRZ_ON_OVF_LSB) & 1u);
  }
#if PMU_PIPE >= 2
  /* the evtsel/ext write of the cycle before loads its element (spec 4), then this cycle's
   * evtsel/ext write enters the write register */
  if (a->sel_we) {
    pmu_dec_t lm;
    memset(&lm, 0, sizeof lm);
    lm.kind = s->sw_evtsel_q ? PMU_RK_EVTSEL : PMU_RK_EXT;
    lm.t = a->sel_t;
    lm.k = a->sel_k;
    regs_load_sel(s, &lm, s->sw_word_q);
  }
  {
    const uint8_t sw = (uint8_t)(a->we && (m->kind == PMU_RK_EVTSEL || m->kind == PMU_RK_EXT));
    s->sw_evtsel_q = (uint8_t)(sw && m->kind == PMU_RK_EVTSEL);
    s->sw_ext_q = (uint8_t)(sw && m->kind == PMU_RK_EXT);
    if (sw) {
      s->sw_idx_q = d->sw_idx_q;
      s->sw_word_q = d->sw_word_q;
    }
    if (a->we && !sw)                           /* the written register only (enable flops) */
      pmu_regs_load(s, d, m);
  }
#else
  if (a->we) {                                  /* the written register only (enable flops) */
    pmu_regs_load(s, d, m);
    if (m->kind == PMU_RK_EVTSEL)
      evstat_unsup(s, m);
  }
#endif
  s->hi_latch_q = d->hi_latch_q;
  s->hi_addr_q = d->hi_addr_q;
  s->hi_vld_q = d->hi_vld_q;
}

/* pmu_regs: APB decode, configuration/status registers, high-word latch, read mux, errors and
 * the write strobes for the other blocks (docs/spec.md sections 3, 4.3 and 5).
 * Mirrors rtl/pmu/pmu_regs.v. Flops: evtsel_q ext_q fixctl_q ctrl_q gctrl_q (enable flops, loaded
 * by a write only), gstatus_q hi_latch_q hi_addr_q hi_vld_q.
 */
#include <string.h>
#include "pmu_blocks.h"

/* o in [base, base+len): one unsigned compare (no "always true" test when base is 0) */
static inline int in_win(uint32_t o, uint32_t base, uint32_t len)
{
  return (uint32_t)(o - base) < len;
}

/* ---- Address map (section 3): pure function of the word address ------------------------ */
static inline void map_cnt(pmu_dec_t *m, uint8_t kind, uint32_t o, uint32_t off, uint32_t stride,
                           unsigned cbase)
{
  uint32_t r = o - off;
  m->kind = kind;
  m->cnt = 1;
  m->k = (uint8_t)(r / stride);
  m->hi = (uint8_t)((r % stride) >> 2);                    /* lo at +0, hi at +4 */
  m->ci = (uint16_t)(m->t * PMU_NCPT + cbase + m->k);
}

void pmu_regs_map(uint32_t addr, pmu_dec_t *m)
{
  uint32_t a = addr & PMU_AW_MASK & ~3u;                    /* paddr[1:0] ignored */
  uint32_t t, o;

  m->kind = PMU_RK_NONE;
  m->t = 0;
  m->k = 0;
  m->hi = 0;
  m->cnt = 0;
  m->ci = 0;

  if (a < PMU_THREAD_BASE) {                                /* global registers */
    if (a == PMU_ID_OFF)
      m->kind = PMU_RK_ID;
    else if (a == PMU_CFG_OFF)
      m->kind = PMU_RK_CFG;
    return;
  }
  t = (a - PMU_THREAD_BASE) / PMU_THREAD_STRIDE;
  o = (a - PMU_THREAD_BASE) % PMU_THREAD_STRIDE;
  if (t >= PMU_THREADS)
    return;                                                 /* threads >= THREADS: unmapped */
  m->t = (uint8_t)t;

  if (in_win(o, PMU_EVTSEL_OFF, PMU_P * PMU_EVTSEL_STRIDE)) {
    m->kind = PMU_RK_EVTSEL;
    m->k = (uint8_t)((o - PMU_EVTSEL_OFF) / PMU_EVTSEL_STRIDE);
  } else if (in_win(o, PMU_EXT_OFF, PMU_P * PMU_EXT_STRIDE)) {
    m->kind = PMU_RK_EXT;
    m->k = (uint8_t)((o - PMU_EXT_OFF) / PMU_EXT_STRIDE);
  } else if (in_win(o, PMU_PMC_OFF, PMU_P * PMU_PMC_STRIDE)) {
    map_cnt(m, PMU_RK_PMC, o, PMU_PMC_OFF, PMU_PMC_STRIDE, PMU_CI_PMC);
  } else if (in_win(o, PMU_FIX_OFF, PMU_NFIX * PMU_FIX_STRIDE)) {
    map_cnt(m, PMU_RK_FIX, o, PMU_FIX_OFF, PMU_FIX_STRIDE, PMU_CI_FIX);
  } else if (o == PMU_FIXCTL_OFF) {
    m->kind = PMU_RK_FIXCTL;
  } else if (o == PMU_CTRL_OFF) {
    m->kind = PMU_RK_CTRL;
  } else if (in_win(o, PMU_GCTRL_OFF, 8u)) {
    m->kind = PMU_RK_GCTRL;
    m->hi = (uint8_t)((o - PMU_GCTRL_OFF) >> 2);
  } else if (in_win(o, PMU_GSTATUS_OFF, 8u)) {
    m->kind = PMU_RK_GSTATUS;
    m->hi = (uint8_t)((o - PMU_GSTATUS_OFF) >> 2);
  } else if (in_win(o, PMU_SLOT_OFF, PMU_NSLOT * PMU_SLOT_STRIDE)) {
    map_cnt(m, PMU_RK_SLOT, o, PMU_SLOT_OFF, PMU_SLOT_STRIDE, PMU_CI_SLOT);
  } else if (in_win(o, PMU_STK_OFF, PMU_NSTK * PMU_STK_STRIDE)) {
    map_cnt(m, PMU_RK_STK, o, PMU_STK_OFF, PMU_STK_STRIDE, PMU_CI_STK);
  }
}

/* ---- Decode and errors (section 5.2) --------------------------------------------------- */
void pmu_regs_decode(const pmu_state_t *s, const pmu_in_t *in, pmu_apb_t *a)
{
  const pmu_dec_t *m = &a->dec;
  const uint32_t acc = (uint32_t)in->psel & (uint32_t)in->penable & 1u;
  uint32_t wr, priv, strb, uread, bad;

  if (!acc) {
    /* no access phase: no transfer, no error, no strobes. The RTL evaluates its decode and
     * access/error terms only while psel; skipping them in the setup phase as well is a
     * simulation speed-up (nothing uses them before penable). */
    memset(a, 0, sizeof *a);              /* all 0: dec.kind = PMU_RK_NONE */
    return;
  }
  wr = (uint32_t)in->pwrite & 1u;
  priv = (uint32_t)in->pprot & 1u;                         /* pprot[0] */
  strb = (uint32_t)in->pstrb & 0xfu;
  pmu_regs_map(in->paddr, &a->dec);
  a->addr = in->paddr & PMU_AW_MASK & ~3u;

  /* registers an unprivileged read may access */
  switch (m->kind) {
  case PMU_RK_ID:
  case PMU_RK_CFG:
  case PMU_RK_SLOT:
    uread = 1;
    break;
  case PMU_RK_PMC:
  case PMU_RK_FIX:
  case PMU_RK_STK:
    uread = (s->ctrl_q[m->t] >> PMU_CTRL_UREN_LSB) & 1u;   /* the register's own thread */
    break;
  default:
    uread = 0;
    break;
  }

  bad = (m->kind == PMU_RK_NONE)                                   /* unmapped */
      | (wr & (priv ^ 1u))                                         /* unprivileged write */
      | ((wr ^ 1u) & (priv ^ 1u) & (uread ^ 1u))                   /* unprivileged read */
      | (wr & (uint32_t)(m->kind == PMU_RK_ID || m->kind == PMU_RK_CFG)); /* write to ro */

  a->acc = (uint8_t)acc;
  a->err = (uint8_t)(acc & bad);
  a->we = (uint8_t)(acc & wr & (bad ^ 1u));
  a->re = (uint8_t)(acc & (wr ^ 1u) & (bad ^ 1u));
  a->wdata = in->pwdata;
  a->bm = ((strb & 1u) ? 0x000000ffu : 0u) | ((strb & 2u) ? 0x0000ff00u : 0u) |
          ((strb & 4u) ? 0x00ff0000u : 0u) | ((strb & 8u) ? 0xff000000u : 0u);
  a->cnt_we = (uint8_t)(a->we & m->cnt);
  a->sel_we = (uint8_t)(a->we & (uint32_t)(m->kind == PMU_RK_EVTSEL || m->kind == PMU_RK_EXT));
}

/* ---- Read mux -------------------------------------------------------------------------- */
static inline uint32_t word64(uint64_t v, unsigned hi)
{
  return hi ? (uint32_t)(v >> 32) : (uint32_t)(v & PMU_LO_MASK64);
}

/* Live value of a mapped register word (no high-word latch); 0 when unmapped. */
uint32_t pmu_regs_word(const pmu_state_t *s, const pmu_dec_t *m)
{
  switch (m->kind) {
  case PMU_RK_ID:      return PMU_ID_VALUE;
  case PMU_RK_CFG:     return PMU_CFG_VALUE;
  case PMU_RK_EVTSEL:  return s->evtsel_q[m->t][m->k];
  case PMU_RK_EXT:     return s->ext_q[m->t][m->k];
  case PMU_RK_FIXCTL:  return s->fixctl_q[m->t];
  case PMU_RK_CTRL:    return s->ctrl_q[m->t];
  case PMU_RK_GCTRL:   return word64(s->gctrl_q[m->t], m->hi);
  case PMU_RK_GSTATUS: return word64(s->gstatus_q[m->t], m->hi);
  case PMU_RK_PMC:
  case PMU_RK_FIX:
  case PMU_RK_SLOT:
  case PMU_RK_STK:     /* high word = cnt[CW-1:32], upper bits 0 */
    return m->hi ? (uint32_t)(s->cnt_q[m->ci] >> 32) & PMU_HI_MASK
                 : (uint32_t)(s->cnt_q[m->ci] & PMU_LO_MASK64);
  default:             return 0;
  }
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
    switch (m->kind) {
    case PMU_RK_EVTSEL:
      d->evtsel_q[m->t][m->k] = wword & PMU_EVTSEL_MASK;
      break;
    case PMU_RK_EXT:
      d->ext_q[m->t][m->k] = wword & (m->k == 0 ? PMU_EXT0_MASK : PMU_EXT_MASK);
      break;
    case PMU_RK_FIXCTL:
      d->fixctl_q[m->t] = wword & PMU_FIXCTL_MASK;
      break;
    case PMU_RK_CTRL:
      d->ctrl_q[m->t] = wword & PMU_CTRL_MASK;
      break;
    case PMU_RK_GCTRL:   /* the addressed word of the 64-bit register */
      d->gctrl_q[m->t] = (m->hi ? (s->gctrl_q[m->t] & PMU_LO_MASK64) | ((uint64_t)wword << 32)
                                : (s->gctrl_q[m->t] & ~PMU_LO_MASK64) | wword) &
                         PMU_GCTRL_MASK64;
      break;
    default:
      break;
    }
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
  if (a->we) {                                  /* the written register only (enable flops) */
    switch (m->kind) {
    case PMU_RK_EVTSEL:  s->evtsel_q[m->t][m->k] = d->evtsel_q[m->t][m->k]; break;
    case PMU_RK_EXT:     s->ext_q[m->t][m->k] = d->ext_q[m->t][m->k];       break;
    case PMU_RK_FIXCTL:  s->fixctl_q[m->t] = d->fixctl_q[m->t];             break;
    case PMU_RK_CTRL:    s->ctrl_q[m->t] = d->ctrl_q[m->t];                 break;
    case PMU_RK_GCTRL:   s->gctrl_q[m->t] = d->gctrl_q[m->t];               break;
    default:             break;
    }
  }
  s->hi_latch_q = d->hi_latch_q;
  s->hi_addr_q = d->hi_addr_q;
  s->hi_vld_q = d->hi_vld_q;
}

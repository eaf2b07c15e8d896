/* Constrained-random PMU stimulus (see pmu_rand.h).
 *
 * Per cycle: sticky event lanes that change now and then (biased to 0, 1, small values and the
 * full range, so thresholds, EQ and wraps with V > 1 all happen), privilege changes, reference
 * ticks, issue-slot and CPI-stack inputs, direct-port reads, and an APB master that programs
 * counters (catalog events with random modifiers), preloads counters just below the wrap,
 * clears status, and makes reads, unprivileged accesses and unmapped accesses. Inputs are also
 * driven above their declared widths now and then, to check that both sides truncate.
 * Coherent configurations (config_counter) spread counters over every compare mode x EDGE x INV
 * x CNTV combination, and short back-to-back scenarios (scenario) make the rare corners of the
 * functional coverage likely (docs/coverage.md lists the bins each one is for). */
#include "pmu_rand.h"

#include <string.h>

/* Register fields and offsets come from the generated pmu_map.h (PMU_PUT, PMU_<REG>_<FIELD>). */
#define ES_EVENT(ev) PMU_PUT(PMU_EVTSEL_EVENT, ev)
#define ES_UMASK(um) PMU_PUT(PMU_EVTSEL_UMASK, um)
#define ES_CMASK(cm) PMU_PUT(PMU_EVTSEL_CMASK, cm)
#define ES_USR PMU_PUT(PMU_EVTSEL_USR, 1)
#define ES_OS PMU_PUT(PMU_EVTSEL_OS, 1)
#define ES_EDGE PMU_PUT(PMU_EVTSEL_EDGE, 1)
#define ES_INT PMU_PUT(PMU_EVTSEL_INT, 1)
#define ES_ANY PMU_PUT(PMU_EVTSEL_ANY, 1)
#define ES_EN PMU_PUT(PMU_EVTSEL_EN, 1)
#define ES_INV PMU_PUT(PMU_EVTSEL_INV, 1)
#define X_CMP(c) PMU_PUT(PMU_EXT_CMP, c)
#define X_CNTV PMU_PUT(PMU_EXT_CNTV, 1)
#define X_BOTH PMU_PUT(PMU_EXT_BOTH, 1)
#define X_CHAIN PMU_PUT(PMU_EXT_CHAIN, 1)
#define X_QUALIFY PMU_PUT(PMU_EXT_QUALIFY, 1)
#define GS_FRZ_HI (1u << (PMU_GSTATUS_CTR_FRZ_LSB - 32)) /* gstatus.ctr_frz in the high word */
#define FC_OS_USR (PMU_PUT(PMU_FIXCTL_OS0, 1) | PMU_PUT(PMU_FIXCTL_USR0, 1) | PMU_PUT(PMU_FIXCTL_OS1, 1) | \
                   PMU_PUT(PMU_FIXCTL_USR1, 1) | PMU_PUT(PMU_FIXCTL_OS2, 1) | PMU_PUT(PMU_FIXCTL_USR2, 1))
#define EVTSEL(k) (PMU_EVTSEL_OFF + PMU_EVTSEL_STRIDE * (k))
#define EXT(k) (PMU_EXT_OFF + PMU_EXT_STRIDE * (k))
#define PMC(k) (PMU_PMC_OFF + PMU_PMC_STRIDE * (k))
#define FIX(i) (PMU_FIX_OFF + PMU_FIX_STRIDE * (i))
#define SLOT(i) (PMU_SLOT_OFF + PMU_SLOT_STRIDE * (i))
#define STK(i) (PMU_STK_OFF + PMU_STK_STRIDE * (i))
#define HI 4u                                /* a 64-bit register's high word (spec 3) */

uint64_t pmu_rand_u64(pmu_rand_t *r)
{
  uint64_t x = r->s;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  r->s = x;
  return x * 0x2545F4914F6CDD1Dull;
}

static unsigned rnd(pmu_rand_t *r, unsigned n) /* 0..n-1 */
{
  return (unsigned)((pmu_rand_u64(r) >> 32) % n);
}

static int chance(pmu_rand_t *r, unsigned p256) { return rnd(r, 256) < p256; }

void pmu_rand_init(pmu_rand_t *r, uint64_t seed)
{
  memset(r, 0, sizeof *r);
  r->s = seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
  if (r->s == 0)
    r->s = 1;
  for (int i = 0; i < 8; i++)
    (void)pmu_rand_u64(r);
  r->p_lane_change = 24;
  r->p_bus = 90;
  r->p_priv_toggle = 3;
  r->cur.pstrb = 0xf;
  r->cur.pprot = 1;
  r->pready = 1;
}

static uint8_t lane_value(pmu_rand_t *r)
{
  unsigned k = rnd(r, 100);
  if (k < 40)
    return 0;
  if (k < 65)
    return 1;
  if (k < 85)
    return (uint8_t)rnd(r, 8);
  if (k < 95)
    return (uint8_t)rnd(r, 1u << PMU_LW);
  return (uint8_t)((1u << PMU_LW) - 1u - rnd(r, 2));
}

static uint8_t slot_value(pmu_rand_t *r)
{
  if (chance(r, 8))
    return (uint8_t)rnd(r, 256);           /* above NW bits: truncated by both sides */
  if (chance(r, 16))
    return (uint8_t)rnd(r, 1u << PMU_NW);
  return (uint8_t)rnd(r, PMU_W + 1);
}

/* ---- APB transaction chooser ----------------------------------------------------------- */

static uint32_t thread_reg(pmu_rand_t *r, unsigned t, uint32_t off)
{
  (void)r;
  return PMU_THREAD_BASE + t * PMU_THREAD_STRIDE + off;
}

static uint32_t rand_evtsel(pmu_rand_t *r)
{
  uint32_t ev, um;
  if (chance(r, 220)) {
    const pmu_event_desc_t *e = &pmu_events[rnd(r, PMU_NEVENTS)];
    ev = e->event;
    um = e->umask;
    if (chance(r, 30))
      um |= 1u << rnd(r, 8);               /* several sub-events summed */
  } else {
    ev = rnd(r, 256);
    um = rnd(r, 256);
  }
  uint32_t v = ES_EVENT(ev) | ES_UMASK(um);
  unsigned pr = rnd(r, 8);
  if (pr < 5)
    v |= ES_USR | ES_OS;
  else if (pr < 6)
    v |= ES_USR;
  else if (pr < 7)
    v |= ES_OS;
  if (chance(r, 50))
    v |= ES_EDGE;
  if (chance(r, 60))
    v |= ES_INT;
  if (chance(r, 40))
    v |= ES_ANY;
  if (chance(r, 210))
    v |= ES_EN;
  if (chance(r, 60))
    v |= ES_INV;
  unsigned c = rnd(r, 10);
  uint32_t cm = c < 5 ? 0 : c < 7 ? 1 : c < 8 ? 2 + rnd(r, 6) : c < 9 ? 255 : rnd(r, 256);
  v |= ES_CMASK(cm);
  if (chance(r, 10))
    v |= ~PMU_EVTSEL_MASK;                 /* reserved bits: must be dropped */
  return v;
}

static uint32_t rand_ext(pmu_rand_t *r)
{
  uint32_t v = X_CMP(rnd(r, 1u << PMU_EXT_CMP_W));
  if (chance(r, 80))
    v |= X_CNTV;
  if (chance(r, 80))
    v |= X_BOTH;
  if (chance(r, 60))
    v |= X_CHAIN;
  if (chance(r, 70))
    v |= X_QUALIFY;
  if (chance(r, 10))
    v |= (uint32_t)pmu_rand_u64(r) & ~PMU_EXT_MASK;   /* reserved bits */
  return v;
}

static void enq_x(pmu_rand_t *r, uint32_t addr, uint32_t data, int write, uint8_t prot)
{
  if (r->q_len < sizeof r->q / sizeof r->q[0]) {
    pmu_xfer_t *x = &r->q[r->q_len++];
    x->addr = addr;
    x->data = data;
    x->write = (uint8_t)write;
    x->strb = write ? 0xf : 0;
    x->prot = prot;
  }
}

static void enq(pmu_rand_t *r, unsigned t, uint32_t off, uint32_t data)
{
  enq_x(r, thread_reg(r, t, off), data, 1, 1);
}

static void enq_rd(pmu_rand_t *r, unsigned t, uint32_t off, uint8_t prot)
{
  enq_x(r, thread_reg(r, t, off), 0, 0, prot);
}

/* Issue the next queued transfer as the current one. */
static void issue_queued(pmu_rand_t *r)
{
  const pmu_xfer_t *x = &r->q[r->q_pos++];
  r->cur.paddr = x->addr;
  r->cur.pwdata = x->data;
  r->cur.pwrite = x->write;
  r->cur.pstrb = x->strb;
  r->cur.pprot = x->prot;
}

/* Catalog lookups (from cmodel/include/pmu_map.h's pmu_events[], never hand-copied codes). */
static const pmu_event_desc_t *event_of_lane(unsigned lane)
{
  for (unsigned e = 0; e < PMU_NEVENTS; e++)   /* the entry that names this lane alone */
    if (pmu_events[e].sel == 1u << lane)
      return &pmu_events[e];
  return &pmu_events[0];
}

/* The OR of the non-zero umasks of the catalog entries with this event code: selects several
 * lanes at once when the code has more than one such entry. */
static uint32_t multi_umask(uint8_t ev)
{
  uint32_t um = 0;
  for (unsigned e = 0; e < PMU_NEVENTS; e++)
    if (pmu_events[e].event == ev)
      um |= pmu_events[e].umask;
  return um;
}

static uint32_t evsel_of(const pmu_event_desc_t *e)
{
  return ES_EVENT(e->event) | ES_UMASK(e->umask);
}

/* A coherent configuration of counter k: one of the 40 combinations of compare mode (GE with
 * cmask != 0, LT, EQ, NE, or plain counting) x EDGE x INV x CNTV, on a catalog event, with a
 * threshold that suits the mode; ext first, then evtsel (which enables it). */
static void config_counter(pmu_rand_t *r, unsigned t, unsigned k)
{
  unsigned combo = rnd(r, 40);
  unsigned mode = combo / 8;
  const pmu_event_desc_t *e = &pmu_events[rnd(r, PMU_NEVENTS)];
  uint32_t um = e->umask;
  if (um && chance(r, 48))
    um = multi_umask(e->event);
  uint32_t cm = 0;
  if (mode < 4) {
    unsigned c = rnd(r, 8);
    cm = c < 3 ? 1u : c < 5 ? 2u + rnd(r, 6) : c < 6 ? 255u : rnd(r, 256);
    if (mode == 0 && cm == 0)
      cm = 1;
  }
  uint32_t es = ES_EVENT(e->event) | ES_UMASK(um) | ES_CMASK(cm) | ES_EN;
  if (combo & 4)
    es |= ES_EDGE;
  if (combo & 2)
    es |= ES_INV;
  unsigned pr = rnd(r, 8);
  es |= pr < 4 ? ES_USR | ES_OS : pr == 4 ? ES_USR : pr == 5 ? ES_OS : pr == 6 ? 0u : ES_USR | ES_OS;
  if (chance(r, 60))
    es |= ES_INT;
  if (chance(r, 90))
    es |= ES_ANY;
  uint32_t x = X_CMP(mode < 4 ? mode : 0u) | ((combo & 1u) ? X_CNTV : 0u);
  if (chance(r, 100))
    x |= X_BOTH;
  if (k > 0 && chance(r, 32))
    x |= X_QUALIFY;
  r->q_len = r->q_pos = 0;
  enq(r, t, EXT(k), x);
  enq(r, t, EVTSEL(k), es);
  if (chance(r, 64))
    enq(r, t, PMU_GCTRL_OFF, 0xffffffffu);
}

#if PMU_SAMPLER
/* A transfer to the sampler's registers (spec 7.6): mostly enabled with short periods so that
 * samples, full buffers and lost samples come often; tail writes land inside or beyond the
 * buffer (the model and the RTL refuse the latter). */
static void smp_transfer(pmu_rand_t *r, unsigned t)
{
  pmu_in_t *c = &r->cur;
  unsigned k = rnd(r, 100);
  c->pwrite = 1;
  if (k < 14) {
    c->paddr = thread_reg(r, t, PMU_SMPCTL_OFF);
    c->pwdata = (chance(r, 230) ? 1u : 0u) << PMU_SMPCTL_EN_LSB | (uint32_t)rnd(r, 2) << PMU_SMPCTL_SRC_LSB |
                (uint32_t)rnd(r, 16) << PMU_SMPCTL_CTR_LSB | (uint32_t)rnd(r, chance(r, 200) ? 4 : 16) << PMU_SMPCTL_JIT_LSB |
                (uint32_t)rnd(r, 2) << PMU_SMPCTL_WMIE_LSB;
  } else if (k < 24) {
    c->paddr = thread_reg(r, t, PMU_SMPPER_OFF);
    c->pwdata = chance(r, 230) ? rnd(r, 40) : (uint32_t)pmu_rand_u64(r);
  } else if (k < 28) {
    c->paddr = thread_reg(r, t, PMU_SMPSEED_OFF);
    c->pwdata = chance(r, 32) ? 0 : (uint32_t)pmu_rand_u64(r);
  } else if (k < 32) {
    c->paddr = thread_reg(r, t, PMU_SMPWM_OFF);
    c->pwdata = rnd(r, PMU_SMP_DEPTH + 2);
  } else if (k < 52) {
    c->paddr = thread_reg(r, t, PMU_SMPTAIL_OFF);
    c->pwdata = rnd(r, 2 * PMU_SMP_DEPTH);
  } else if (k < 56) {
    c->paddr = thread_reg(r, t, PMU_SMPLOST_OFF);
    c->pwdata = chance(r, 128) ? 0xffffffffu - rnd(r, 3) : (uint32_t)pmu_rand_u64(r);
  } else {
    c->pwrite = chance(r, 16);          /* a read, or a write the read-only words refuse */
    c->paddr = thread_reg(r, t, PMU_SMPCTL_OFF + 4 * rnd(r, (PMU_SMPTS_OFF - PMU_SMPCTL_OFF) / 4 + 1));
  }
}
#endif

/* One random transfer: fills paddr/pwrite/pwdata/pstrb/pprot of r->cur (or starts a short
 * queue of transfers that go back to back). */
static void random_transfer(pmu_rand_t *r)
{
  pmu_in_t *c = &r->cur;
  unsigned t = rnd(r, PMU_THREADS);
  unsigned k = rnd(r, PMU_P);
  unsigned op = rnd(r, 100);
  c->pwrite = 1;
  c->pstrb = chance(r, 230) ? 0xf : (uint8_t)rnd(r, 16);
  c->pprot = chance(r, 215) ? 1 : 0;
  if (chance(r, 8))
    c->pprot |= (uint8_t)(rnd(r, 4) << 1); /* other PPROT bits are don't-care */
  c->pwdata = (uint32_t)pmu_rand_u64(r);
  if (op < 12) {
    c->paddr = thread_reg(r, t, EVTSEL(k));
    c->pwdata = rand_evtsel(r);
  } else if (op < 18) {
    c->paddr = thread_reg(r, t, EXT(k));
    c->pwdata = rand_ext(r);
  } else if (op < 30) {
    config_counter(r, t, k);
    issue_queued(r);
  } else if (op < 41) {
    /* preload a counter just below the wrap: high word all ones, low word near the top */
    unsigned which = rnd(r, 4);
    uint32_t off = which == 0 ? FIX(rnd(r, PMU_NFIX))
                 : which == 1 ? SLOT(rnd(r, PMU_NSLOT))
                 : which == 2 ? STK(rnd(r, PMU_NSTK))
                              : PMC(k);
    if (chance(r, 128)) {
      c->paddr = thread_reg(r, t, off + HI);
      c->pwdata = 0xffffffffu;
    } else {
      c->paddr = thread_reg(r, t, off);
      c->pwdata = chance(r, 200) ? 0xffffffffu - rnd(r, 600) : (uint32_t)pmu_rand_u64(r);
    }
  } else if (op < 46) {
    c->paddr = thread_reg(r, t, PMU_GCTRL_OFF + (chance(r, 160) ? 0 : 4));
    c->pwdata = chance(r, 200) ? 0xffffffffu : (uint32_t)pmu_rand_u64(r);
  } else if (op < 52) {
    c->paddr = thread_reg(r, t, PMU_GSTATUS_OFF + (chance(r, 128) ? 0 : 4));
    c->pwdata = chance(r, 128) ? 0xffffffffu : (uint32_t)pmu_rand_u64(r);
  } else if (op < 55) {
    c->paddr = thread_reg(r, t, PMU_FIXCTL_OFF);
    c->pwdata = chance(r, 128) ? PMU_FIXCTL_MASK : (uint32_t)pmu_rand_u64(r);
  } else if (op < 59) {
    c->paddr = thread_reg(r, t, PMU_CTRL_OFF);
    c->pwdata = (uint32_t)pmu_rand_u64(r);
    if (chance(r, 200))
      c->pwdata &= ~1u;                    /* freeze-on-overflow only sometimes */
  } else if (op < 90) {
    /* reads; a counter's low word is often followed by its high word (torn-free pair) */
    c->pwrite = 0;
    unsigned kind = rnd(r, 8);
    uint32_t off;
    switch (kind) {
    case 0: off = EVTSEL(k); break;
    case 1: off = EXT(k); break;
    case 2: off = PMC(k) + HI * rnd(r, 2); break;
    case 3: off = FIX(rnd(r, PMU_NFIX)) + HI * rnd(r, 2); break;
    case 4: off = SLOT(rnd(r, PMU_NSLOT)) + HI * rnd(r, 2); break;
    case 5: off = STK(rnd(r, PMU_NSTK)) + HI * rnd(r, 2); break;
    case 6: off = PMU_GSTATUS_OFF + HI * rnd(r, 2); break;
    default: off = PMU_FIXCTL_OFF + 4 * rnd(r, (PMU_GSTATUS_OFF + 8 - PMU_FIXCTL_OFF) / 4); break; /* fixctl..gstatus.hi */
    }
    c->paddr = thread_reg(r, t, off);
    if (kind >= 2 && kind <= 5 && !(off & HI) && chance(r, 64)) {
      r->q_len = r->q_pos = 0;
      enq_rd(r, t, off + HI, (uint8_t)(c->pprot & 1));
    }
    if (chance(r, 12))
      c->paddr = rnd(r, 2) ? PMU_ID_OFF : PMU_CFG_OFF;
  } else {
    /* id/cfg, the global hole, any word of a thread block, or anywhere (mostly unmapped) */
    c->pwrite = (uint8_t)rnd(r, 2);
    switch (rnd(r, 4)) {
    case 0: c->paddr = rnd(r, 2) ? PMU_ID_OFF : PMU_CFG_OFF; break;
    case 1: c->paddr = 4 * rnd(r, PMU_THREAD_BASE / 4); break;
    case 2: c->paddr = thread_reg(r, t, 4 * rnd(r, PMU_THREAD_STRIDE / 4)); break;
    default: c->paddr = (uint32_t)rnd(r, 1u << (PMU_AW < 16 ? PMU_AW : 16)); break;
    }
  }
#if PMU_SAMPLER
  if (chance(r, 64))
    smp_transfer(r, t);
#endif
  if (chance(r, 6))
    c->paddr |= rnd(r, 4);                 /* low address bits are ignored */
}

/* Scenarios: short programmed sequences issued back to back, for the corners that independent
 * random transfers reach too rarely: a wrap while the status is set, a W1C in the very cycle of
 * a wrap, wraps with and without INT and freeze (programmable and fixed), a wrap with V > 1,
 * chain carries (wrapping the upper counter, cascading, lost to a write, with QUALIFY closed),
 * silent wraps of issue-slot and stack counters, and a torn-free read whose latched high word
 * differs from the live one. */
static void scenario(pmu_rand_t *r)
{
  unsigned t = rnd(r, PMU_THREADS);
  unsigned k = rnd(r, PMU_P);
  const pmu_event_desc_t *cyc_ev = event_of_lane(PMU_LANE_CYCLES);
  uint32_t cyc = evsel_of(cyc_ev) | ES_USR | ES_OS | ES_EN | (chance(r, 128) ? ES_INT : 0);
  unsigned kind = rnd(r, 7);
  r->q_len = r->q_pos = 0;
  if (kind <= 1 || kind == 4) {
    /* overflow: ctrl (freeze on overflow or not) and a cleared freeze first */
    enq(r, t, PMU_CTRL_OFF, (uint32_t)rnd(r, 8));
    enq(r, t, PMU_GSTATUS_OFF + HI, GS_FRZ_HI);
  }
  switch (kind) {
  case 0:
    /* counter k counts cycles from just below the wrap; a W1C of its status lands on or near
     * the wrap cycle */
    enq(r, t, EXT(k), 0);
    enq(r, t, EVTSEL(k), cyc);
    enq(r, t, PMU_GCTRL_OFF, 0xffffffffu);
    enq(r, t, PMC(k) + HI, 0xffffffffu);
    enq(r, t, PMC(k), 0xffffffffu - rnd(r, 4));
    enq(r, t, PMU_GSTATUS_OFF, 0xffffffffu);
    break;
  case 1:
    /* the same counter wraps twice without a clear in between */
    enq(r, t, EXT(k), 0);
    enq(r, t, EVTSEL(k), cyc);
    enq(r, t, PMU_GCTRL_OFF, 0xffffffffu);
    enq(r, t, PMC(k) + HI, 0xffffffffu);
    enq(r, t, PMC(k), 0xffffffffu - rnd(r, 3));
    enq(r, t, PMC(k) + HI, 0xffffffffu);
    enq(r, t, PMC(k), 0xffffffffu - rnd(r, 3));
    break;
  case 2: {
    /* chains: k-1 -> k with both halves just below the wrap; or k-2 -> k-1 -> k with k-1 at
     * the top (the carry cascades); or k-1 counting reference ticks into a chained and
     * qualified k (the carry lands while Q[k-1] is mostly 0); or writes to counter k around
     * the carry cycle */
    if (PMU_P < 2)
      return;
    if (k == 0)
      k = 1;
    unsigned var = rnd(r, 4);
    if (var == 1 && k < 2)
      var = 0;
    enq(r, t, PMU_GSTATUS_OFF + HI, GS_FRZ_HI);
    if (var == 1) {
      enq(r, t, EXT(k - 2), 0);
      enq(r, t, EXT(k - 1), X_CHAIN);
      enq(r, t, EXT(k), X_CHAIN);
      enq(r, t, EVTSEL(k - 2), cyc);
      enq(r, t, PMU_GCTRL_OFF, 0xffffffffu);
      enq(r, t, PMC(k - 1) + HI, 0xffffffffu);
      enq(r, t, PMC(k - 1), 0xffffffffu);
      enq(r, t, PMC(k - 2) + HI, 0xffffffffu);
      enq(r, t, PMC(k - 2), 0xffffffffu - rnd(r, 4));
      break;
    }
    enq(r, t, EXT(k - 1), 0);
    enq(r, t, EXT(k), var == 2 ? X_CHAIN | X_QUALIFY : X_CHAIN);
    enq(r, t, EVTSEL(k - 1),
        var == 2 ? evsel_of(event_of_lane(PMU_LANE_REF_TICK)) | ES_USR | ES_OS | ES_EN : cyc);
    enq(r, t, PMU_GCTRL_OFF, 0xffffffffu);
    enq(r, t, PMC(k) + HI, 0xffffffffu);
    enq(r, t, PMC(k), 0xffffffffu - rnd(r, 2));
    enq(r, t, PMC(k - 1) + HI, 0xffffffffu);
    enq(r, t, PMC(k - 1), 0xffffffffu - rnd(r, var == 2 ? 3 : 4));
    if (var == 3)
      for (int i = 0; i < 4; i++)
        enq(r, t, PMC(k), (uint32_t)pmu_rand_u64(r));
    break;
  }
  case 3: {
    /* a fixed counter wraps, with or without PMI and freeze on overflow */
    unsigned i = rnd(r, 3);
    enq(r, t, PMU_CTRL_OFF, (uint32_t)rnd(r, 8));
    enq(r, t, PMU_GSTATUS_OFF + HI, 0xffffffffu);
    enq(r, t, PMU_FIXCTL_OFF, chance(r, 128) ? PMU_FIXCTL_MASK : FC_OS_USR);
    enq(r, t, PMU_GCTRL_OFF + HI, 0xffffffffu);
    enq(r, t, FIX(i) + HI, 0xffffffffu);
    enq(r, t, FIX(i), 0xffffffffu - rnd(r, 4));
    break;
  }
  case 4: {
    /* counter k counts a catalog event (V often > 1) from just below the wrap */
    const pmu_event_desc_t *e = &pmu_events[rnd(r, PMU_NEVENTS)];
    uint32_t es = evsel_of(e) | ES_USR | ES_OS | ES_EN | (chance(r, 128) ? ES_INT : 0) |
                  (chance(r, 128) ? ES_ANY : 0);
    enq(r, t, EXT(k), 0);
    enq(r, t, EVTSEL(k), es);
    enq(r, t, PMU_GCTRL_OFF, 0xffffffffu);
    enq(r, t, PMC(k) + HI, 0xffffffffu);
    enq(r, t, PMC(k), 0xffffffffu - rnd(r, 256));
    break;
  }
  case 5: {
    /* an issue-slot or CPI-stack counter wraps (silently: no status, no interrupt) */
    uint32_t off = chance(r, 96) ? SLOT(rnd(r, PMU_NSLOT)) : STK(rnd(r, PMU_NSTK));
    enq(r, t, off + HI, 0xffffffffu);
    enq(r, t, off, 0xffffffffu - rnd(r, 8));
    break;
  }
  default: {
    /* torn-free read across a carry into the high word: the total-slot counter (+W per cycle)
     * is set so that the low word is read just before the carry and the high word after it */
    uint8_t prot = (uint8_t)(chance(r, 192) ? 1 : 0);
    enq(r, t, PMU_SLOT_OFF, 0xffffffffu - PMU_W - rnd(r, 2 * PMU_W));
    enq_rd(r, t, PMU_SLOT_OFF, prot);
    enq_rd(r, t, PMU_SLOT_OFF + HI, prot);
    break;
  }
  }
}

/* Choose the next transfer: a queued step, a new scenario, or a random transfer. */
static void choose_transfer(pmu_rand_t *r)
{
  if (r->q_pos >= r->q_len && chance(r, 12))
    scenario(r);
  if (r->q_pos < r->q_len) {
    issue_queued(r);
    return;
  }
  random_transfer(r);
}

void pmu_rand_next(pmu_rand_t *r, pmu_in_t *in)
{
  pmu_in_t *c = &r->cur;

  for (unsigned t = 0; t < PMU_THREADS; t++) {
    for (unsigned j = 0; j < PMU_NEXT; j++)
      if (chance(r, r->p_lane_change))
        c->ev_ext[t][j] = lane_value(r);
    if (chance(r, r->p_priv_toggle))
      c->priv[t] ^= 1u;
    if (chance(r, 64)) {
      c->slot_fill[t] = slot_value(r);
      c->slot_issue[t] = slot_value(r);
      c->slot_retire[t] = slot_value(r);
    }
    for (unsigned s = 0; s < 3; s++)
      if (chance(r, 64))
        c->stk_n[t][s] = slot_value(r);
    for (unsigned s = 0; s < 2; s++)
      if (chance(r, 40))
        c->stk_wp[t][s] = chance(r, 128) ? 0 : slot_value(r);
    if (chance(r, 48))
      c->stk_flags[t] ^= (uint16_t)(1u << rnd(r, PMU_NFLAG));
    if (chance(r, 2))
      c->stk_flags[t] = (uint16_t)pmu_rand_u64(r); /* includes bits above NFLAG */
    c->rdp_req[t] = chance(r, 32);
    c->rdp_sel[t] = (uint8_t)rnd(r, chance(r, 16) ? 256 : 8);
#if PMU_SAMPLER
    /* the committing instructions (spec 7.8): slots below the commit count, 0 beyond */
    for (unsigned i = 0; i < PMU_W; i++) {
      int live = i < (unsigned)(c->stk_n[t][2] & ((1u << PMU_NW) - 1u));
      c->cmt_pc[t][i] = (uint16_t)(live ? (chance(r, 128) ? rnd(r, 16) : pmu_rand_u64(r)) : 0);
      c->cmt_sig[t][i] = (uint8_t)(live ? rnd(r, 32) : 0);
    }
#endif
  }
  c->ref_tick = chance(r, 64);

  /* APB master: setup, access (held while pready is 0), then an idle gap (or back to back) */
  if (r->bus_phase == 2 && !r->pready) {
    /* the access phase continues: every bus signal as it was */
  } else if (r->bus_phase == 1) {
    c->penable = 1;
    r->bus_phase = 2;
  } else {
    if (r->bus_phase == 2) {
      c->psel = 0;
      c->penable = 0;
      r->bus_phase = 0;
      r->bus_gap = (chance(r, 64) || r->q_pos < r->q_len) ? 0 : rnd(r, 6);
      if (r->bus_gap == 0 && (r->q_pos < r->q_len || chance(r, r->p_bus))) {
        choose_transfer(r);
        c->psel = 1;
        r->bus_phase = 1;
      }
    } else if (r->bus_gap > 0) {
      r->bus_gap--;
    } else if (chance(r, r->p_bus)) {
      choose_transfer(r);
      c->psel = 1;
      c->penable = 0;
      r->bus_phase = 1;
    }
  }
  *in = *c;
  if (!c->psel && chance(r, 16)) {
    /* idle bus with noise on the other APB signals: must be ignored */
    in->paddr = (uint32_t)rnd(r, 1u << 12);
    in->pwrite = (uint8_t)rnd(r, 2);
    in->pwdata = (uint32_t)pmu_rand_u64(r);
    in->penable = (uint8_t)rnd(r, 2);
  }
}

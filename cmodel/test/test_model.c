/* Unit tests of the C model: each test checks one rule of docs/spec.md with values worked out
 * by arithmetic from the spec (not read back from the model). Works for non-default parameters
 * (-DPMU_THREADS, -DPMU_P, -DPMU_CW, -DPMU_W). Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>
#include "pmu_model.h"
#include "test_tb.h"

#define CW_MASK64 PMU_CW_MASK
enum { SLOT_TOTAL = 0, SLOT_FILLED = 1, SLOT_ELAPSED = 4 };   /* slot0..4 (spec 4.5) */
#define EVS(ev, um) (((uint32_t)(ev)) | ((uint32_t)(um) << 8) | (1u << PMU_EVTSEL_USR_LSB) | \
                     (1u << PMU_EVTSEL_OS_LSB) | (1u << PMU_EVTSEL_EN_LSB))

/* ---- bench ---- */
static void tb_init(tb_t *b, const char *test)
{
  memset(b, 0, sizeof *b);
  pmu_reset(&b->s);
  b->test = test;
  for (unsigned t = 0; t < PMU_THREADS; t++)
    b->in.priv[t] = 1;
}

static void steps(tb_t *b, unsigned n)
{
  while (n--)
    cycle(b);
}

/* One APB transfer: setup + access cycle. Returns pslverr of the access phase; *rd = prdata. */
static int apb(tb_t *b, int is_wr, uint32_t addr, uint32_t data, uint8_t strb, int user,
               uint32_t *rd)
{
  b->in.psel = 1;
  b->in.penable = 0;
  b->in.pwrite = (uint8_t)is_wr;
  b->in.paddr = addr;
  b->in.pwdata = data;
  b->in.pstrb = strb;
  b->in.pprot = user ? 0 : 1;
  cycle(b);
  CHECK(b, "setup phase prdata 0", 0, b->out.prdata);
  CHECK(b, "setup phase pslverr 0", 0, b->out.pslverr);
  b->in.penable = 1;
  cycle(b);
  CHECK(b, "pready 1", 1, b->out.pready);
  if (rd)
    *rd = b->out.prdata;
  if (is_wr)
    CHECK(b, "write prdata 0", 0, b->out.prdata);
  b->in.psel = b->in.penable = b->in.pwrite = 0;
  b->in.paddr = 0;
  b->in.pwdata = 0;
  b->in.pstrb = 0;
  b->in.pprot = 0;
  return b->out.pslverr;
}

static void wr(tb_t *b, uint32_t addr, uint32_t data)
{
  CHECK(b, "write ok", 0, apb(b, 1, addr, data, 0xf, 0, NULL));
}
/* A privileged full-word write without the per-transfer checks (for sweeps): its PSLVERR */
static unsigned wr_quiet(tb_t *b, uint32_t addr, uint32_t data)
{
  unsigned err;
  b->in.psel = 1;
  b->in.pwrite = 1;
  b->in.paddr = addr;
  b->in.pwdata = data;
  b->in.pstrb = 0xf;
  b->in.pprot = 1;
  b->in.penable = 0;
  cycle(b);
  b->in.penable = 1;
  cycle(b);
  err = b->out.pslverr;
  b->in.psel = b->in.penable = b->in.pwrite = 0;
  b->in.paddr = b->in.pwdata = 0;
  b->in.pstrb = b->in.pprot = 0;
  return err;
}

static uint32_t rd(tb_t *b, uint32_t addr)
{
  uint32_t v = 0;
  CHECK(b, "read ok", 0, apb(b, 0, addr, 0, 0, 0, &v));
  return v;
}

static uint32_t peek(tb_t *b, uint32_t addr)
{
  uint32_t v = 0xdeadbeef;
  CHECK(b, "peek mapped", 0, pmu_peek(&b->s, addr, &v));
  return v;
}

static uint64_t cnt(tb_t *b, unsigned t, unsigned i) { return b->s.cnt_q[pmu_cnt_idx(t, i)]; }

/* byte addresses of thread registers */
static uint32_t a_evtsel(unsigned t, unsigned k)
{
  return pmu_treg(t, PMU_EVTSEL_OFF + k * PMU_EVTSEL_STRIDE);
}
static uint32_t a_ext(unsigned t, unsigned k)
{
  return pmu_treg(t, PMU_EXT_OFF + k * PMU_EXT_STRIDE);
}
static uint32_t a_pmc(unsigned t, unsigned k)
{
  return pmu_treg(t, PMU_PMC_OFF + k * PMU_PMC_STRIDE);
}
static uint32_t a_slot(unsigned t, unsigned i)
{
  return pmu_treg(t, PMU_SLOT_OFF + i * PMU_SLOT_STRIDE);
}

/* Set the counter whose low word is at lo_addr to a 64-bit value (high word first). */
static void wr_cnt(tb_t *b, uint32_t lo_addr, uint64_t v)
{
  wr(b, lo_addr + 4, (uint32_t)(v >> 32));
  wr(b, lo_addr, (uint32_t)v);
}

/* ---- tests ---- */

static void reset_values_and_id_cfg(void)
{
  tb_t b;
  pmu_state_t z;
  tb_init(&b, __func__);
  memset(&z, 0, sizeof z);
  CHECK(&b, "state all zero after reset", 0, memcmp(&b.s, &z, sizeof z) != 0);
  CHECK(&b, "id", 0x53530001u, peek(&b, PMU_ID_OFF));
  CHECK(&b, "cfg", (uint32_t)PMU_P | ((uint32_t)PMU_THREADS << 8) | ((uint32_t)PMU_W << 12) |
                       ((uint32_t)PMU_CW << 16) | (18u << 24),
        peek(&b, PMU_CFG_OFF));
  CHECK(&b, "user read of id ok", 0, apb(&b, 0, PMU_ID_OFF, 0, 0, 1, NULL));
  CHECK(&b, "user read of id data", 0x53530001u, b.out.prdata);
}

static void write_beats_increment(void)
{
  /* write in the access cycle: the written value, not value+1 */
  tb_t b;
  uint64_t before;
  tb_init(&b, __func__);
  wr(&b, a_evtsel(0, 0), EVS(0x3c, 0x00));
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 1u);                   /* counts from the next cycle */
  CHECK(&b, "not counted in the enabling cycle", 0, cnt(&b, 0, 0));
  wr(&b, a_pmc(0, 0), 1000u);                               /* setup +1, access: write */
  CHECK(&b, "low word write wins over the increment", 1000, cnt(&b, 0, 0));
  steps(&b, 5);
  CHECK(&b, "then counts again", 1005, cnt(&b, 0, 0));
  before = cnt(&b, 0, 0) + 1;                               /* value in the access cycle */
  wr(&b, a_pmc(0, 0) + 4, 0xffffffffu);                     /* high word, CW-32 bits kept */
  CHECK(&b, "high word write keeps cnt_q low word, drops inc",
        ((0xffffffffull << 32) | (before & 0xffffffffull)) & CW_MASK64, cnt(&b, 0, 0));
  CHECK(&b, "high word reads cnt>>32", (uint32_t)(0xffffffffull & (CW_MASK64 >> 32)),
        peek(&b, a_pmc(0, 0) + 4));
}

static void w1c_set_beats_clear(void)
{
  tb_t b;
  uint32_t gst = pmu_treg(0, PMU_GSTATUS_OFF);
  tb_init(&b, __func__);
  wr(&b, a_evtsel(0, 0), EVS(0x3c, 0x00) | (1u << PMU_EVTSEL_INT_LSB));
  wr_cnt(&b, a_pmc(0, 0), CW_MASK64 - 1);                   /* 2^CW - 2 */
  /* gctrl access cycle A, then gstatus setup B (cnt -> 2^CW-1), access C (wrap + W1C) */
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 1u);
  CHECK(&b, "no status yet", 0, b.s.gstatus_q[0]);
  CHECK(&b, "W1C in the wrap cycle ok", 0, apb(&b, 1, gst, 1u, 0xf, 0, NULL));
  CHECK(&b, "counter wrapped to 0", 0, cnt(&b, 0, 0));
  CHECK(&b, "set beats clear", 1, b.s.gstatus_q[0]);
  cycle(&b);
  CHECK(&b, "irq from status & int", 1, b.out.irq[0]);
  wr(&b, gst, 1u);
  CHECK(&b, "W1C clears without a set", 0, b.s.gstatus_q[0]);
  wr(&b, gst, 0u);
  cycle(&b);
  CHECK(&b, "irq low after the clear", 0, b.out.irq[0]);
}

/* CMASK=1 with INV: count cycles with V < 1; with EDGE: count entries into V < 1. */
static void cmask1_inv_counts_cycles_with_v_below_1(void)
{
  static const uint8_t pat[] = {0, 1, 0, 0, 3, 0, 2, 2, 0, 1, 1, 0, 0, 0, 5};
  const unsigned n = (unsigned)(sizeof pat);
  tb_t b;
  unsigned c, exp_lvl = 0, exp_edge = 0, exp_sum = 0, prev = 0;
  const uint32_t rs_full = EVS(0xa2, 0x04);                 /* lane rs_full = ev_ext lane 1 */
  tb_init(&b, __func__);
  wr(&b, a_evtsel(0, 0), rs_full | (1u << PMU_EVTSEL_CMASK_LSB) | (1u << PMU_EVTSEL_INV_LSB));
  if (PMU_P > 1)
    wr(&b, a_evtsel(0, 1), rs_full | (1u << PMU_EVTSEL_CMASK_LSB) | (1u << PMU_EVTSEL_INV_LSB) |
                               (1u << PMU_EVTSEL_EDGE_LSB));
  if (PMU_P > 2)   /* CMASK=0: INV ignored, plain count of V = (rs_full != 0), a condition */
    wr(&b, a_evtsel(0, 2), rs_full | (1u << PMU_EVTSEL_INV_LSB));
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 0xffffu);
  for (c = 0; c < n; c++) {
    b.in.ev_ext[0][PMU_LANE_RS_FULL - PMU_NINT] = pat[c];
    cycle(&b);
    exp_lvl += pat[c] == 0;
    exp_edge += pat[c] == 0 && !prev;
    prev = pat[c] == 0;
    exp_sum += pat[c] != 0;                                 /* rs_full is a condition (2.2) */
  }
  CHECK(&b, "INV count of V < 1", exp_lvl, cnt(&b, 0, 0));
  if (PMU_P > 1)
    CHECK(&b, "EDGE+INV count of entries into V < 1", exp_edge, cnt(&b, 0, 1));
  if (PMU_P > 2)
    CHECK(&b, "CMASK=0: INV ignored, cycles with rs_full != 0", exp_sum, cnt(&b, 0, 2));
  CHECK(&b, "pattern values", 8, exp_lvl);                  /* the pattern, by hand */
  CHECK(&b, "pattern edges", 5, exp_edge);
}

/* EDGE history: a write to evtsel clears cprev, a counter write keeps it. */
static void edge_history_cleared_by_evtsel_write(void)
{
  tb_t b;
  const uint32_t ev = EVS(0x3c, 0x00) | (1u << PMU_EVTSEL_EDGE_LSB);   /* C = 1 every cycle */
  tb_init(&b, __func__);
  wr(&b, a_evtsel(0, 0), ev);
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 1u);
  steps(&b, 10);
  CHECK(&b, "one rising edge", 1, cnt(&b, 0, 0));
  wr(&b, a_pmc(0, 0) + 4, 0);                                /* counter write keeps cprev */
  steps(&b, 3);
  CHECK(&b, "counter write keeps history", 1, cnt(&b, 0, 0));
  wr(&b, a_evtsel(0, 0), ev);                                /* same value: history cleared */
  CHECK(&b, "cprev cleared", 0, b.s.cprev_q[0][0]);
  steps(&b, 5);
  CHECK(&b, "a new edge after reconfiguration", 2, cnt(&b, 0, 0));
}

/* CHAIN: a wrap in cycle t adds 1 to counter k in t+1 (visible at t+2), ungated; freeze from
 * the cycle after the wrap. */
static void chain_carry_lands_one_cycle_later_and_freeze(void)
{
  tb_t b;
  tb_init(&b, __func__);
  if (PMU_P < 2)
    return;
  wr(&b, a_evtsel(0, 0), EVS(0x3c, 0x00));
  wr(&b, a_ext(0, 1), 1u << PMU_EXT_CHAIN_LSB);             /* pmc1 disabled but chained */
  wr(&b, pmu_treg(0, PMU_CTRL_OFF), 1u << PMU_CTRL_FRZ_ON_OVF_LSB);
  wr(&b, pmu_treg(0, PMU_FIXCTL_OFF), 3u);                  /* fixed 0 in os and usr */
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF) + 4, 1u);               /* fix_en[0] */
  wr_cnt(&b, a_pmc(0, 0), CW_MASK64 - 2);                   /* 2^CW - 3 */
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 1u);                   /* pmc0 only */
  {
    uint64_t f0 = cnt(&b, 0, PMU_P + 0);
    cycle(&b);                                              /* -3 -> -2 */
    cycle(&b);                                              /* -2 -> -1 */
    CHECK(&b, "pmc0 = 2^CW-1", CW_MASK64, cnt(&b, 0, 0));
    cycle(&b);                                              /* wrap: cycle t */
    CHECK(&b, "pmc0 wrapped", 0, cnt(&b, 0, 0));
    CHECK(&b, "carry_q set", 1, b.s.carry_q[0][0]);
    CHECK(&b, "pmc1 not yet", 0, cnt(&b, 0, 1));
    CHECK(&b, "status pmc_ovf[0] + ctr_frz", 1ull | (1ull << PMU_GSTATUS_CTR_FRZ_LSB),
          b.s.gstatus_q[0]);
    CHECK(&b, "fixed 0 counted through the wrap cycle", f0 + 3, cnt(&b, 0, PMU_P + 0));
    cycle(&b);                                              /* t+1: carry lands, frozen */
    CHECK(&b, "pmc1 = 1 at t+2", 1, cnt(&b, 0, 1));
    CHECK(&b, "carry_q dropped", 0, b.s.carry_q[0][0]);
    CHECK(&b, "pmc0 frozen", 0, cnt(&b, 0, 0));
    CHECK(&b, "fixed 0 frozen", f0 + 3, cnt(&b, 0, PMU_P + 0));
    CHECK(&b, "slot total never freezes", 1, cnt(&b, 0, PMU_P + 3) > 0);
    steps(&b, 4);
    CHECK(&b, "still frozen", 0, cnt(&b, 0, 0));
    CHECK(&b, "pmc1 no second carry", 1, cnt(&b, 0, 1));
    wr(&b, pmu_treg(0, PMU_GSTATUS_OFF) + 4, 1u << (PMU_GSTATUS_CTR_FRZ_LSB - 32));
    CHECK(&b, "unfrozen, ovf kept", 1, b.s.gstatus_q[0]);
    steps(&b, 2);
    CHECK(&b, "counting again", 2, cnt(&b, 0, 0));
  }
}

/* Stacks: the 8 components of a (thread, stage) receive exactly W slots per cycle. */
static void stack_components_sum_to_w_per_cycle(void)
{
  tb_t b;
  uint32_t x = 12345u;
  unsigned c, t, s, j;
  uint64_t prev[PMU_THREADS][3];
  tb_init(&b, __func__);
  wr(&b, pmu_treg(0, PMU_CTRL_OFF), 1u << PMU_CTRL_WPVIS_LSB);   /* thread 0 wrong path visible */
  for (t = 0; t < PMU_THREADS; t++)
    for (s = 0; s < 3; s++) {
      prev[t][s] = 0;
      for (j = 0; j < 8; j++)
        prev[t][s] += cnt(&b, t, PMU_P + 8 + s * 8 + j);
    }
  for (c = 0; c < 2000; c++) {
    for (t = 0; t < PMU_THREADS; t++) {
      for (s = 0; s < 3; s++) {
        x = x * 1103515245u + 12345u;
        b.in.stk_n[t][s] = (uint8_t)(x >> 24);             /* also above NW bits */
        if (s < 2)
          b.in.stk_wp[t][s] = (uint8_t)((x >> 16) & ((x >> 8) & 1u ? 0x3u : 0xffu));
      }
      x = x * 1103515245u + 12345u;
      b.in.stk_flags[t] = (uint16_t)(x >> 13);
    }
    cycle(&b);
    for (t = 0; t < PMU_THREADS; t++)
      for (s = 0; s < 3; s++) {
        uint64_t sum = 0;
        for (j = 0; j < 8; j++)
          sum += cnt(&b, t, PMU_P + 8 + s * 8 + j);
        if (sum != prev[t][s] + PMU_W) {
          CHECK(&b, "stage sum += W", prev[t][s] + PMU_W, sum);
          return;
        }
        prev[t][s] = sum;
      }
  }
  CHECK(&b, "2000 cycles of stage sums = W per cycle", 1, 1);
  for (t = 0; t < PMU_THREADS; t++)
    CHECK(&b, "total = W x cycles", (uint64_t)PMU_W * b.cyc, prev[t][2]);
}

/* Stacks by hand: base carry, icache cause, SMT slots of the sibling. */
static void stack_base_carry_and_cause(void)
{
  tb_t b;
  const unsigned bi = PMU_P + 8 + PMU_STG_DISPATCH * 8;
  uint32_t n = PMU_W + 2;
  tb_init(&b, __func__);
  b.in.stk_n[0][0] = (uint8_t)n;                            /* W+2: carry 2 */
  b.in.stk_flags[0] = (1u << PMU_FLG_FE_EMPTY) | (1u << PMU_FLG_ICACHE_MISS);
  cycle(&b);
  CHECK(&b, "base += W", PMU_W, cnt(&b, 0, bi + PMU_CMP_BASE));
  CHECK(&b, "carry 2", 2, b.s.stk_carry_q[0][0]);
  b.in.stk_n[0][0] = 0;
  cycle(&b);
  CHECK(&b, "base += min(2, W)", PMU_W + (PMU_W < 2 ? PMU_W : 2),
        cnt(&b, 0, bi + PMU_CMP_BASE));
  CHECK(&b, "icache gets the rest", PMU_W - (PMU_W < 2 ? PMU_W : 2),
        cnt(&b, 0, bi + PMU_CMP_ICACHE));
  if (PMU_THREADS > 1) {                                    /* sibling takes slots: SMT */
    tb_t c;
    const unsigned ii = PMU_P + 8 + PMU_STG_ISSUE * 8;
    tb_init(&c, __func__);
    c.in.stk_n[1][PMU_STG_ISSUE] = 1;
    c.in.stk_wp[1][PMU_STG_ISSUE] = 1;                      /* sibling wrong path counts too */
    c.in.stk_flags[0] = (1u << PMU_FLG_PROD_VALID) | (1u << PMU_FLG_PROD_DMISS);
    cycle(&c);
    CHECK(&c, "smt = min(2, W)", PMU_W < 2 ? PMU_W : 2, cnt(&c, 0, ii + PMU_CMP_SMT));
    CHECK(&c, "dcache gets the rest", PMU_W - (PMU_W < 2 ? PMU_W : 2),
          cnt(&c, 0, ii + PMU_CMP_DCACHE));
    CHECK(&c, "sibling base, wrong path as base (wpvis 0)", PMU_W < 2 ? PMU_W : 2,
          cnt(&c, 1, ii + PMU_CMP_BASE));
  }
}

/* Unprivileged write: PSLVERR and no state change at all (compared against an idle twin). */
static void unprivileged_write_gives_pslverr_and_no_change(void)
{
  tb_t b, ref;
  tb_init(&b, __func__);
  tb_init(&ref, __func__);
  b.in.slot_fill[0] = ref.in.slot_fill[0] = 3;
  CHECK(&b, "user write -> pslverr", 1, apb(&b, 1, a_evtsel(0, 0), 0xffffffffu, 0xf, 1, NULL));
  CHECK(&b, "user write to a slot counter -> pslverr", 1,
        apb(&b, 1, a_slot(0, 0), 0x5u, 0xf, 1, NULL));
  CHECK(&b, "write to id -> pslverr", 1, apb(&b, 1, PMU_ID_OFF, 0, 0xf, 0, NULL));
  CHECK(&b, "write to cfg -> pslverr", 1, apb(&b, 1, PMU_CFG_OFF, 0, 0xf, 0, NULL));
  CHECK(&b, "unmapped global -> pslverr", 1, apb(&b, 1, 0x008, 1, 0xf, 0, NULL));
  CHECK(&b, "unmapped 0x118 -> pslverr", 1, apb(&b, 1, pmu_treg(0, 0x118), 1, 0xf, 0, NULL));
  CHECK(&b, "thread THREADS -> pslverr", 1,
        apb(&b, 1, pmu_treg(PMU_THREADS, PMU_CTRL_OFF), 1, 0xf, 0, NULL));
  if (PMU_P < 16)
    CHECK(&b, "evtsel P -> pslverr", 1, apb(&b, 1, a_evtsel(0, PMU_P), 1, 0xf, 0, NULL));
  CHECK(&b, "user read of evtsel -> pslverr", 1, apb(&b, 0, a_evtsel(0, 0), 0, 0, 1, NULL));
  CHECK(&b, "error read data 0", 0, b.out.prdata);
  CHECK(&b, "user read of pmc without uren -> pslverr", 1,
        apb(&b, 0, a_pmc(0, 0), 0, 0, 1, NULL));
  steps(&ref, (unsigned)b.cyc);
  CHECK(&b, "no state change vs idle twin", 0, memcmp(&b.s, &ref.s, sizeof b.s) != 0);
  CHECK(&b, "user read of slot ok", 0, apb(&b, 0, a_slot(0, 1), 0, 0, 1, NULL));
  CHECK(&b, "slot filled value", 3ull * (b.cyc - 1), b.out.prdata);
  wr(&b, pmu_treg(0, PMU_CTRL_OFF), 1u << PMU_CTRL_UREN_LSB);
  CHECK(&b, "user read of pmc with uren ok", 0, apb(&b, 0, a_pmc(0, 0), 0, 0, 1, NULL));
  if (PMU_THREADS > 1)
    CHECK(&b, "uren of thread 0 does not open thread 1", 1,
          apb(&b, 0, a_pmc(1, 0), 0, 0, 1, NULL));
}

/* Byte strobes, reserved bits and RAZ/WI fields. */
static void byte_strobes_and_reserved_bits(void)
{
  tb_t b;
  tb_init(&b, __func__);
  apb(&b, 1, a_evtsel(0, 0), 0xffffffffu, 0x5, 0, NULL);
  CHECK(&b, "strobes 0101 (bit 19 reserved)", 0x00f700ffu, b.s.evtsel_q[0][0]);
  wr(&b, a_evtsel(0, 0), 0xffffffffu);
  CHECK(&b, "evtsel bit 19 reserved", 0xfff7ffffu, b.s.evtsel_q[0][0]);
  wr(&b, a_ext(0, 0), 0xffffffffu);
  CHECK(&b, "ext0 chain/qualify RAZ/WI", 0x0fu, b.s.ext_q[0][0]);
  if (PMU_P > 1) {
    wr(&b, a_ext(0, 1), 0xffffffffu);
    CHECK(&b, "ext1", 0x3fu, b.s.ext_q[0][1]);
  }
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 0xffffffffu);
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF) + 4, 0xffffffffu);
  CHECK(&b, "gctrl", (7ull << 32) | ((1ull << PMU_P) - 1), b.s.gctrl_q[0]);
  wr(&b, pmu_treg(0, PMU_CTRL_OFF), 0xffffffffu);
  CHECK(&b, "ctrl", 7, b.s.ctrl_q[0]);
  wr(&b, pmu_treg(0, PMU_FIXCTL_OFF), 0xffffffffu);
  CHECK(&b, "fixctl", 0xbbb, b.s.fixctl_q[0]);
  apb(&b, 1, pmu_treg(0, PMU_FIXCTL_OFF), 0, 0x2, 0, NULL);
  CHECK(&b, "fixctl byte 1 cleared", 0x0bb, b.s.fixctl_q[0]);
  wr(&b, pmu_treg(0, PMU_GSTATUS_OFF), 0xffffffffu);
  CHECK(&b, "gstatus cannot be set by software", 0, b.s.gstatus_q[0]);
}

/* High-word latch: read low then high gives one sample while the counter counts. */
static void hi_latch_gives_consistent_64bit_read(void)
{
  tb_t b;
  uint32_t lo, hi;
  const uint32_t la = a_slot(0, SLOT_TOTAL);
  tb_init(&b, __func__);
  wr_cnt(&b, la, 0xffffffe0ull);                            /* hi 0, low wraps soon */
  lo = rd(&b, la);                                          /* setup +W, access reads */
  CHECK(&b, "low word read", 0xffffffe0u + PMU_W, lo);
  CHECK(&b, "latch valid", 1, b.s.hi_vld_q);
  CHECK(&b, "latched address", (la + 4) & 0xffffu, b.s.hi_addr_q);
  steps(&b, 40);
  CHECK(&b, "live high word moved on", 1, peek(&b, la + 4));
  hi = rd(&b, la + 4);
  CHECK(&b, "latched high word", 0, hi);
  hi = rd(&b, la + 4);
  CHECK(&b, "latch still valid after a high read", 0, hi);
  CHECK(&b, "other counter high word is live", 0, rd(&b, a_slot(0, 1) + 4));
  wr(&b, pmu_treg(0, PMU_CTRL_OFF), 0);                     /* any write clears hi_vld */
  CHECK(&b, "hi_vld cleared by a write", 0, b.s.hi_vld_q);
  CHECK(&b, "live high word after the write", 1, rd(&b, la + 4));
}

/* Direct read port: value before the increment, one cycle later; sel 5..7 gives 0. */
static void rdp_returns_value_one_cycle_later(void)
{
  tb_t b;
  uint64_t v;
  tb_init(&b, __func__);
  steps(&b, 7);
  v = cnt(&b, 0, PMU_P + 3 + SLOT_TOTAL);
  CHECK(&b, "slot total = 7W", 7ull * PMU_W, v);
  b.in.rdp_req[0] = 1;
  b.in.rdp_sel[0] = 8 + SLOT_TOTAL;                     /* 3-bit port: 8 -> 0 */
  cycle(&b);
  b.in.rdp_req[0] = 0;
  cycle(&b);
  CHECK(&b, "rdp valid", 1, b.out.rdp_valid[0]);
  CHECK(&b, "rdp data = value in the request cycle", v, b.out.rdp_data[0]);
  cycle(&b);
  CHECK(&b, "valid drops", 0, b.out.rdp_valid[0]);
  CHECK(&b, "data holds", v, b.out.rdp_data[0]);
  b.in.rdp_req[0] = 1;
  b.in.rdp_sel[0] = 5;
  cycle(&b);
  cycle(&b);
  CHECK(&b, "sel 5 -> 0", 0, b.out.rdp_data[0]);
}

/* QUALIFY: counter 1 counts only while counter 0's condition holds (counter 0 disabled). */
static void qualify_uses_neighbour_condition(void)
{
  tb_t b;
  unsigned c, exp = 0;
  tb_init(&b, __func__);
  if (PMU_P < 3)
    return;
  wr(&b, a_evtsel(0, 0), EVS(0xa2, 0x10) & ~(1u << PMU_EVTSEL_EN_LSB));   /* rob_full, no EN */
  wr(&b, a_evtsel(0, 1), EVS(0x3c, 0x00));
  wr(&b, a_ext(0, 1), 1u << PMU_EXT_QUALIFY_LSB);
  wr(&b, a_evtsel(0, 2), EVS(0x3c, 0x00));
  wr(&b, a_ext(0, 2), 1u << PMU_EXT_QUALIFY_LSB);           /* Q1 = C1 & Q0 = Q0 */
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 0x6u);
  for (c = 0; c < 20; c++) {
    b.in.ev_ext[0][PMU_LANE_ROB_FULL - PMU_NINT] = (uint8_t)((c % 3) == 0);
    exp += (c % 3) == 0;
    cycle(&b);
  }
  CHECK(&b, "qualified by counter 0", exp, cnt(&b, 0, 1));
  CHECK(&b, "cascade through counter 1", exp, cnt(&b, 0, 2));
  CHECK(&b, "counter 0 disabled", 0, cnt(&b, 0, 0));
}

/* ANY (spec 4.1): each thread's lanes enter V only while that thread's own privilege passes
 * the counter's USR/OS; the threshold acts on the gated sum; a cycle where no thread passes is
 * not counted. EXECUTED with thread 0 at 3 and thread 1 at 4 per cycle, 5 cycles per phase. */
static void any_sums_threads_under_their_own_privilege(void)
{
  const uint32_t any = 1u << PMU_EVTSEL_ANY_LSB, en = 1u << PMU_EVTSEL_EN_LSB;
  const uint32_t usr = 1u << PMU_EVTSEL_USR_LSB, os = 1u << PMU_EVTSEL_OS_LSB;
  const uint32_t ev = 0xb1u | (0x01u << 8);                 /* executed */
  /* expected counts after each phase (t0 user/t1 user, user/kernel, kernel/user, kernel/kernel):
   * USR: 5x(3+4), 5x3, 5x4, not counted; USR OS: 5x7 each; OS: not counted, 5x4, 5x3, 5x7;
   * USR INV CMASK 4 (C = V < 4): V 7, 3, 4 -> 0, 5, 0, not counted */
  static const unsigned exp[4][4] = {{35, 35, 0, 0}, {50, 70, 20, 5}, {70, 105, 35, 5},
                                     {70, 140, 70, 5}};
  static const uint8_t pr[4][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  char what[64];
  unsigned ph, k;
  tb_t b;
  tb_init(&b, __func__);
  if (PMU_THREADS < 2 || PMU_P < 4)
    return;
  for (k = 0; k < PMU_THREADS; k++)        /* set up in kernel mode with no events: adds 0; */
    b.in.priv[k] = 1;                       /* threads 2.. stay there (no lanes, not USR) */
  wr(&b, a_evtsel(0, 0), ev | usr | en | any);
  wr(&b, a_evtsel(0, 1), ev | usr | os | en | any);
  wr(&b, a_evtsel(0, 2), ev | os | en | any);
  wr(&b, a_evtsel(0, 3), ev | usr | en | any | (1u << PMU_EVTSEL_INV_LSB) |
                         (4u << PMU_EVTSEL_CMASK_LSB));
  wr(&b, a_evtsel(1, 0), ev | usr | en | any);
  wr(&b, pmu_treg(1, PMU_GCTRL_OFF), 1u);
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 0xfu);
  b.in.ev_ext[0][PMU_LANE_EXECUTED - PMU_NINT] = 3;
  b.in.ev_ext[1][PMU_LANE_EXECUTED - PMU_NINT] = 4;
  for (ph = 0; ph < 4; ph++) {
    b.in.priv[0] = pr[ph][0];
    b.in.priv[1] = pr[ph][1];
    steps(&b, 5);
    for (k = 0; k < 4; k++) {
      snprintf(what, sizeof what, "ANY phase %u t0 counter %u", ph, k);
      CHECK(&b, what, exp[ph][k], cnt(&b, 0, k));
    }
    snprintf(what, sizeof what, "ANY phase %u t1 counter 0 (USR)", ph);
    CHECK(&b, what, exp[ph][0], cnt(&b, 1, 0));
  }
}

/* Lane kinds (spec 2.2): RESOURCE_STALLS.RS|ROB (0xa2/0x14, two condition lanes) adds 1 in a
 * cycle where either or both hold; with ANY each thread's OR is summed over the threads (the
 * SDM's AnyThread counts the conditions of every logical processor);
 * MEM_LOAD_RETIRED.L1_HIT|L1_MISS (0xd1/0x09, two count lanes) adds the sum. Every pattern of
 * rs_full/rob_full in {0, 1, 2} on thread 0 (and thread 1 for ANY) against the hand rule. */
static void conditions_or_counts_sum(void)
{
  tb_t b;
  unsigned c, bad = 0;
  const unsigned rs = PMU_LANE_RS_FULL - PMU_NINT, rob = PMU_LANE_ROB_FULL - PMU_NINT;
  const unsigned hit = PMU_LANE_LD_HIT - PMU_NINT, miss = PMU_LANE_LD_MISS - PMU_NINT;
  tb_init(&b, __func__);
  if (PMU_P < 3)
    return;
  wr(&b, a_evtsel(0, 0), EVS(0xa2, 0x14));
  wr(&b, a_evtsel(0, 1), EVS(0xd1, 0x09));
  wr(&b, a_evtsel(0, 2), EVS(0xa2, 0x14) | (1u << PMU_EVTSEL_ANY_LSB));
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 7u);
  for (c = 0; c < 81u * 4u; c++) {
    const unsigned p = c % 81u;
    const unsigned a0 = p % 3u, b0 = (p / 3u) % 3u, a1 = (p / 9u) % 3u, b1 = (p / 27u) % 3u;
    const unsigned h = c % 5u, m = (c / 5u) % 4u;
    uint64_t before[3], exp[3];
    unsigned k;
    b.in.ev_ext[0][rs] = (uint8_t)a0;
    b.in.ev_ext[0][rob] = (uint8_t)b0;
    b.in.ev_ext[0][hit] = (uint8_t)h;
    b.in.ev_ext[0][miss] = (uint8_t)m;
    if (PMU_THREADS > 1) {
      b.in.ev_ext[PMU_THREADS - 1][rs] = (uint8_t)a1;
      b.in.ev_ext[PMU_THREADS - 1][rob] = (uint8_t)b1;
    }
    exp[0] = (a0 | b0) != 0u;                               /* ORed, not a0 + b0 */
    exp[1] = h + m;                                         /* summed */
    exp[2] = ((a0 | b0) != 0u) + (PMU_THREADS > 1 ? (a1 | b1) != 0u : 0u);
    for (k = 0; k < 3; k++)
      before[k] = cnt(&b, 0, k);
    cycle(&b);
    for (k = 0; k < 3; k++)
      if (cnt(&b, 0, k) - before[k] != exp[k] && bad++ == 0)
        printf("  first: counter %u, rs %u rob %u (t1 %u %u) hit %u miss %u: +%llu, expected"
               " +%llu\n", k, a0, b0, a1, b1, h, m,
               (unsigned long long)(cnt(&b, 0, k) - before[k]), (unsigned long long)exp[k]);
  }
  CHECK(&b, "increments that differ from OR of conditions / sum of counts", 0, bad);
}

/* Supported codes (spec 2.2): for every (event, umask) pair, the rule worked out from the
 * catalog table pmu_events[] (not from pmu_ev_sup): umask 0x00 needs an entry with umask 0x00;
 * a non-zero umask needs an entry for every set bit, all of one scope. An unsupported pair
 * counts nothing on counter 0 (CMASK 1, INV: V < 1 would count) and counter 1 (plain V, with
 * every lane driven to 1) and sets evstat.unsup[k] unless it is (0x00, 0x00). */
static void unsupported_codes(void)
{
  tb_t b;
  unsigned ev, um, e, bad_cnt = 0, bad_flag = 0, bad_wr = 0, nsup = 0, nsup_hand = 0;
  const unsigned k1 = PMU_P > 1 ? 1u : 0u;
  tb_init(&b, __func__);
  for (e = 0; e < PMU_NEXT; e++)
    for (unsigned t = 0; t < PMU_THREADS; t++)
      b.in.ev_ext[t][e] = 1;
  for (unsigned t = 0; t < PMU_THREADS; t++) {
    b.in.slot_fill[t] = 1;
    b.in.slot_issue[t] = 1;
    b.in.slot_retire[t] = 1;
  }
  b.in.ref_tick = 1;
  wr(&b, pmu_treg(0, PMU_GCTRL_OFF), 3u);
  for (ev = 0; ev < 256u; ev++) {
    for (um = 0; um < 256u; um++) {
      unsigned bits = 0, z = 0, core = 0, thread = 0, sup;
      for (e = 0; e < PMU_NEVENTS; e++) {
        if (pmu_events[e].event != ev)
          continue;
        if (pmu_events[e].umask == 0u)
          z = 1;
        else
          bits |= pmu_events[e].umask;
        if (pmu_events[e].umask == 0u ? um == 0u : (um & pmu_events[e].umask) != 0u) {
          core |= pmu_events[e].core;
          thread |= !pmu_events[e].core;
        }
      }
      sup = (um == 0u ? z : (um & ~bits) == 0u) && !(core && thread);
      nsup_hand += sup;
      bad_wr += wr_quiet(&b, a_evtsel(0, 0), EVS(ev, um) | (1u << PMU_EVTSEL_CMASK_LSB) |
                                                 (1u << PMU_EVTSEL_INV_LSB));
      if (k1)
        bad_wr += wr_quiet(&b, a_evtsel(0, k1), EVS(ev, um));
      const uint64_t c0 = cnt(&b, 0, 0), c1 = cnt(&b, 0, k1);
      uint32_t st = 0xdeadbeefu;
      bad_wr += (unsigned)pmu_peek(&b.s, pmu_treg(0, PMU_EVSTAT_OFF), &st);
      cycle(&b);
      const unsigned flag = !sup && (ev | um) != 0u;
      if (!sup && (cnt(&b, 0, 0) != c0 || cnt(&b, 0, k1) != c1) && bad_cnt++ == 0)
        printf("  first count: event 0x%02x umask 0x%02x counted +%llu/+%llu\n", ev, um,
               (unsigned long long)(cnt(&b, 0, 0) - c0), (unsigned long long)(cnt(&b, 0, k1) - c1));
      if ((st & (1u | (1u << k1))) != (flag ? 1u | (1u << k1) : 0u) && bad_flag++ == 0)
        printf("  first flag: event 0x%02x umask 0x%02x evstat 0x%x\n", ev, um, st);
      nsup += (st & 1u) == 0u && (ev | um) != 0u;
    }
  }
  CHECK(&b, "evtsel writes that erred", 0, bad_wr);
  CHECK(&b, "unsupported pairs that counted", 0, bad_cnt);
  CHECK(&b, "pairs whose evstat.unsup differs from the rule", 0, bad_flag);
  CHECK(&b, "pairs read as supported (evstat 0, not (0, 0))", nsup_hand, nsup);
  CHECK(&b, "a write to evstat errs (read-only)", 1,
        apb(&b, 1, pmu_treg(0, PMU_EVSTAT_OFF), 0, 0xf, 0, 0) != 0);
}

/* The condition C (spec 4.1) for every compare mode, INV, CMASK and V of one lane: the counter
 * adds V in plain mode (CMASK 0, GE; INV ignored) and C otherwise. The configuration is set in
 * the state directly (so the model's decode memo also has to notice the change). */
static void condition_every_mode_cmask_and_v(void)
{
  tb_t b;
  unsigned cmp, inv, cmask, v, bad = 0;
  const unsigned lane = PMU_LANE_ROB_OCC - PMU_NINT;        /* SS_OCCUPANCY.ROB: 0xe1/0x01 */
  tb_init(&b, __func__);
  b.s.gctrl_q[0] = 1u;                                      /* pmc_en of counter 0 */
  for (cmp = 0; cmp < 4; cmp++)
    for (inv = 0; inv < 2; inv++)
      for (cmask = 0; cmask < 256; cmask++) {
        b.s.evtsel_q[0][0] = EVS(0xe1, 0x01) | (inv << PMU_EVTSEL_INV_LSB) |
                             (cmask << PMU_EVTSEL_CMASK_LSB);
        b.s.ext_q[0][0] = cmp << PMU_EXT_CMP_LSB;
        for (v = 0; v < (1u << PMU_LW); v++) {
          const uint64_t before = cnt(&b, 0, 0);
          const unsigned thr = cmask != 0 || cmp != 0;
          const unsigned cmpr = cmp == 0 ? v >= cmask : cmp == 1 ? v < cmask
                              : cmp == 2 ? v == cmask : v != cmask;
          const uint64_t exp = thr ? (uint64_t)(cmpr ^ inv) : (uint64_t)v;
          b.in.ev_ext[0][lane] = (uint8_t)v;
          cycle(&b);
          if (cnt(&b, 0, 0) - before != exp && bad++ == 0)
            printf("  first: cmp %u inv %u cmask %u V %u: +%llu, expected +%llu\n", cmp, inv,
                   cmask, v, (unsigned long long)(cnt(&b, 0, 0) - before),
                   (unsigned long long)exp);
        }
      }
  CHECK(&b, "increments that differ from C (or V)", 0, bad);
}

/* The QUALIFY/CHAIN cascade (spec 4.2) for pseudo-random CHAIN/QUALIFY patterns over all
 * counters of a thread, each pattern under several condition patterns: every counter counts
 * V = C in {0, 1} of its own external lane (plain mode), qualified by Qin = Q(k-1), Q(k) =
 * CHAIN ? Qin : C and (QUALIFY ? Qin : 1), Qin(0) = 1; a CHAIN counter adds the carry of
 * counter k-1 (0 here: nothing wraps). */
static void cascade_random_patterns(void)
{
  /* the catalog event of each external lane (lanes NINT..NL-1) */
  static const uint8_t ev[PMU_NEXT][2] = {{0xb1, 0x01}, {0xa2, 0x04}, {0xa2, 0x10}, {0xc4, 0x00},
                                          {0xc5, 0x00}, {0x80, 0x02}, {0xd1, 0x01}, {0xd1, 0x08},
                                          {0x48, 0x01}, {0xe1, 0x01}, {0xe1, 0x02}, {0x5e, 0x01}};
  tb_t b;
  unsigned trial, pat, k, bad = 0;
  uint32_t r = 12345u;                                      /* LCG, fixed seed */
  tb_init(&b, __func__);
  b.s.gctrl_q[0] = (1u << PMU_P) - 1u;
  for (k = 0; k < PMU_P; k++)                               /* counter k: external lane k % NEXT */
    b.s.evtsel_q[0][k] = EVS(ev[k % PMU_NEXT][0], ev[k % PMU_NEXT][1]);
  for (trial = 0; trial < 4000; trial++) {
    uint32_t chain, qual;
    r = r * 1103515245u + 12345u;
    chain = (r >> 8) & ((1u << PMU_P) - 2u);                /* RAZ on counter 0 */
    r = r * 1103515245u + 12345u;
    qual = (r >> 8) & ((1u << PMU_P) - 2u);
    for (k = 0; k < PMU_P; k++)
      b.s.ext_q[0][k] = (((chain >> k) & 1u) << PMU_EXT_CHAIN_LSB) |
                        (((qual >> k) & 1u) << PMU_EXT_QUALIFY_LSB);
    for (pat = 0; pat < 4; pat++) {
      uint32_t lanes, q = 1;
      uint64_t before[PMU_P];
      r = r * 1103515245u + 12345u;
      lanes = r >> 4;
      for (k = 0; k < PMU_NEXT; k++)
        b.in.ev_ext[0][k] = (uint8_t)((lanes >> k) & 1u);
      for (k = 0; k < PMU_P; k++)
        before[k] = cnt(&b, 0, k);
      cycle(&b);
      for (k = 0; k < PMU_P; k++) {
        const uint32_t c = (lanes >> (k % PMU_NEXT)) & 1u, qin = q;
        const uint32_t ch = (chain >> k) & 1u, qu = (qual >> k) & 1u;
        const uint64_t exp = ch ? 0u : ((qu ? qin : 1u) & c);
        q = ch ? qin : (c & (qu ? qin : 1u));
        if (cnt(&b, 0, k) - before[k] != exp && bad++ == 0)
          printf("  first: chain 0x%x qualify 0x%x lanes 0x%x counter %u: +%llu, expected "
                 "+%llu\n", chain, qual, lanes & 0xfffu, k,
                 (unsigned long long)(cnt(&b, 0, k) - before[k]), (unsigned long long)exp);
      }
    }
  }
  CHECK(&b, "increments that differ from the cascade", 0, bad);
}

/* Input ports are truncated to their declared widths. */
static void inputs_masked_to_port_widths(void)
{
  tb_t b;
  tb_init(&b, __func__);
  b.in.slot_fill[0] = (uint8_t)(0xf0u | 5u);                /* NW bits */
  b.in.ref_tick = 2;                                        /* 1 bit: 0 */
  b.in.psel = 2;                                            /* 1 bit: no transfer */
  b.in.penable = 1;
  b.in.paddr = PMU_ID_OFF;
  steps(&b, 4);
  CHECK(&b, "psel bit 0 only", 0, b.out.pslverr | b.out.prdata);
  CHECK(&b, "slot filled adds F[NW-1:0]", 4ull * ((0xf5u) & ((1u << PMU_NW) - 1u)),
        cnt(&b, 0, PMU_P + 3 + SLOT_FILLED));
  CHECK(&b, "elapsed: tick bit 0 only", 0, cnt(&b, 0, PMU_P + 3 + SLOT_ELAPSED));
  b.in.psel = 0;
  b.in.penable = 0;
  CHECK(&b, "paddr above AW aliases", 0,
        apb(&b, 0, (uint32_t)(1ull << PMU_AW) | PMU_ID_OFF | 3u, 0, 0, 0, NULL));
  CHECK(&b, "aliased id", 0x53530001u, b.out.prdata);
  b.in.pprot = 0;
  {
    uint32_t v;
    /* pprot = 6: bit 0 clear -> unprivileged */
    b.in.psel = 1; b.in.pwrite = 0; b.in.paddr = a_evtsel(0, 0); b.in.pprot = 6;
    cycle(&b);
    b.in.penable = 1;
    cycle(&b);
    v = b.out.pslverr;
    b.in.psel = b.in.penable = 0;
    CHECK(&b, "pprot 6 is unprivileged", 1, v);
  }
}

TB_MAIN(reset_values_and_id_cfg,
        write_beats_increment,
        w1c_set_beats_clear,
        cmask1_inv_counts_cycles_with_v_below_1,
        edge_history_cleared_by_evtsel_write,
        chain_carry_lands_one_cycle_later_and_freeze,
        stack_components_sum_to_w_per_cycle,
        stack_base_carry_and_cause,
        unprivileged_write_gives_pslverr_and_no_change,
        byte_strobes_and_reserved_bits,
        hi_latch_gives_consistent_64bit_read,
        rdp_returns_value_one_cycle_later,
        qualify_uses_neighbour_condition,
        any_sums_threads_under_their_own_privilege,
        condition_every_mode_cmask_and_v,
        conditions_or_counts_sum,
        unsupported_codes,
        cascade_random_patterns,
        inputs_masked_to_port_widths)

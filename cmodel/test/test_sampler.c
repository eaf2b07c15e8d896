/* Unit tests of the C model's time-proportional sampler (docs/spec.md section 7), built with
 * -DPMU_SAMPLER=1 -DPMU_SMP_DEPTH=8 (cmodel/cmodel.mk: build/test_sampler). Every expected value
 * is worked out by hand from the spec: the record layout of 7.4 and the register offsets of 7.6
 * are written out here from the spec and checked against the generated pmu_map.h (pmu.rdl and
 * pmu_params.json; the thread block's base comes from it too), the generator's sequence from reset is
 * listed, fire times and counts come from the countdown's arithmetic. Ends with "N passed, N
 * failed".
 */
#include <stdio.h>
#include <string.h>
#include "pmu_model.h"
#include "test_tb.h"

#if !PMU_SAMPLER || PMU_SMP_DEPTH != 8 || PMU_THREADS < 2 || PMU_W < 4
#error "test_sampler: build with -DPMU_SAMPLER=1 -DPMU_SMP_DEPTH=8 (THREADS >= 2, W >= 4)"
#endif

/* spec 7.6: the sampler's words in a thread block */
enum {
  SMPCTL = 0x240, SMPPER = 0x244, SMPSEED = 0x248, SMPWM = 0x24c, SMPHEAD = 0x250,
  SMPTAIL = 0x254, SMPSTAT = 0x258, SMPLOST = 0x25c, SMPDATA = 0x260, SMPTS = 0x280
};
/* smpctl fields (spec 7.6) */
#define CTL_EN 1u
#define CTL_SRC 2u
#define CTL_CTR(k) ((uint32_t)(k) << 2)
#define CTL_JIT(j) ((uint32_t)(j) << 8)
#define CTL_WMIE (1u << 12)

/* record word 0 (spec 7.4) */
static uint32_t rec0(unsigned pc0, unsigned tid, unsigned state, unsigned n, unsigned sig0,
                     unsigned priv, unsigned lost)
{
  return (uint32_t)pc0 | (uint32_t)tid << 16 | (uint32_t)state << 19 | (uint32_t)n << 21 |
         (uint32_t)sig0 << 24 | (uint32_t)priv << 29 | (uint32_t)lost << 30 | 1u << 31;
}
/* record word 2: the PEBS rule */
static uint32_t rec2(unsigned pc, unsigned sig, unsigned dly)
{
  return (uint32_t)pc | (uint32_t)sig << 16 | (uint32_t)dly << 24;
}

/* ---- bench ---- */
static void tb_init(tb_t *b, const char *test)
{
  memset(b, 0, sizeof *b);
  pmu_reset(&b->s);
  b->test = test;
}

/* the commit stage of thread t in the next cycles: n instructions (pc, sig), or none with the
 * ROB empty or not */
static void core(tb_t *b, unsigned t, unsigned n, const uint16_t *pc, const uint8_t *sig,
                 int rob_empty)
{
  unsigned i;
  b->in.stk_n[t][2] = (uint8_t)n;
  for (i = 0; i < PMU_W; i++) {
    b->in.cmt_pc[t][i] = (uint16_t)(i < n ? pc[i] : 0u);
    b->in.cmt_sig[t][i] = (uint8_t)(i < n ? sig[i] : 0u);
  }
  b->in.stk_flags[t] = (uint16_t)(rob_empty ? 1u << PMU_FLG_ROB_EMPTY : 0u);
}
static void stalled(tb_t *b, unsigned t) { core(b, t, 0, NULL, NULL, 0); }
static void empty(tb_t *b, unsigned t) { core(b, t, 0, NULL, NULL, 1); }
static void commit1(tb_t *b, unsigned t, uint16_t pc, uint8_t sig) { core(b, t, 1, &pc, &sig, 0); }

/* run until the next cycle to run is cycle c (ts_q = c) */
static void run_to(tb_t *b, unsigned long c)
{
  while (b->cyc < c)
    cycle(b);
}

static uint32_t addr(unsigned t, uint32_t off) { return PMU_THREAD_BASE + PMU_THREAD_STRIDE * t + off; }

/* One cycle with an APB access phase (the model decodes the access phase only, so one cycle
 * is one transfer). Returns pslverr; *rd = prdata. */
static int apb1(tb_t *b, int is_wr, unsigned t, uint32_t off, uint32_t data, uint32_t *rd)
{
  b->in.psel = b->in.penable = 1;
  b->in.pwrite = (uint8_t)is_wr;
  b->in.paddr = addr(t, off);
  b->in.pwdata = data;
  b->in.pstrb = 0xf;
  b->in.pprot = 1;
  cycle(b);
  if (rd)
    *rd = b->out.prdata;
  b->in.psel = b->in.penable = b->in.pwrite = 0;
  b->in.paddr = b->in.pwdata = 0;
  b->in.pstrb = b->in.pprot = 0;
  return b->out.pslverr;
}
static int wr(tb_t *b, unsigned t, uint32_t off, uint32_t v) { return apb1(b, 1, t, off, v, NULL); }

static uint32_t peek(tb_t *b, unsigned t, uint32_t off)
{
  uint32_t v = 0xdeadbeefu;
  CHECK(b, "sampler word mapped", 0, pmu_peek(&b->s, addr(t, off), &v));
  return v;
}

/* the record at tail_q of thread t against the 8 expected words */
static void check_rec(tb_t *b, unsigned t, const char *what, const uint32_t e[8])
{
  unsigned i;
  char msg[96];
  for (i = 0; i < 8; i++) {
    snprintf(msg, sizeof msg, "%s: word %u", what, i);
    CHECK(b, msg, e[i], peek(b, t, SMPDATA + 4u * i));
  }
}

/* ---- tests ---- */

/* 7.2: the generator from reset 0xACE1 ^ t, x^16+x^14+x^13+x^11+1 (Galois, taps 0xB400):
 * 0xACE1 -> 0xE270 -> 0x7138 -> 0x389C -> 0x1C4E -> 0x0E27 -> 0xB313 -> 0xED89 -> 0xC2C4 */
static const uint16_t lfsr_seq[9] = {0xACE1, 0xE270, 0x7138, 0x389C, 0x1C4E,
                                     0x0E27, 0xB313, 0xED89, 0xC2C4};

static void reset_values_and_generator(void)
{
  tb_t b;
  unsigned i, t;
  tb_init(&b, "reset_values_and_generator");
  for (t = 0; t < PMU_THREADS; t++) {
    CHECK(&b, "smpseed reset 0xACE1 ^ t", 0xACE1u ^ t, peek(&b, t, SMPSEED));
    CHECK(&b, "smpper reset", 0x1000, peek(&b, t, SMPPER));
    CHECK(&b, "smpctl reset", 0, peek(&b, t, SMPCTL));
    CHECK(&b, "smpstat reset", 1u << 17, peek(&b, t, SMPSTAT));   /* fill 0 >= wm 0 */
    CHECK(&b, "smpdata0 of an empty buffer", 0, peek(&b, t, SMPDATA));
  }
  for (i = 0; i + 1 < 9; i++)
    CHECK(&b, "pmu_smp_lfsr_step", lfsr_seq[i + 1], pmu_smp_lfsr_step(lfsr_seq[i]));
  /* a write of 0 loads 0xACE1; another value loads itself */
  CHECK(&b, "smpseed write", 0, wr(&b, 0, SMPSEED, 0x1234));
  CHECK(&b, "smpseed reads the written state", 0x1234, peek(&b, 0, SMPSEED));
  CHECK(&b, "smpseed write 0", 0, wr(&b, 0, SMPSEED, 0));
  CHECK(&b, "smpseed 0 loads 0xACE1", 0xACE1, peek(&b, 0, SMPSEED));
  /* unprivileged read: error (privileged only); read-only words refuse writes */
  b.in.psel = b.in.penable = 1;
  b.in.paddr = addr(0, SMPCTL);
  b.in.pprot = 0;
  cycle(&b);
  CHECK(&b, "unprivileged read of smpctl: pslverr", 1, b.out.pslverr);
  b.in.psel = b.in.penable = 0;
  CHECK(&b, "write of smphead: pslverr", 1, wr(&b, 0, SMPHEAD, 1));
  CHECK(&b, "write of smpstat: pslverr", 1, wr(&b, 0, SMPSTAT, 1));
  CHECK(&b, "write of smpdata3: pslverr", 1, wr(&b, 0, SMPDATA + 12, 1));
  CHECK(&b, "write of smpts: pslverr", 1, wr(&b, 0, SMPTS, 1));
  CHECK(&b, "word after smpts unmapped", 1, wr(&b, 0, SMPTS + 4, 1));
  CHECK(&b, "smpts = cycles since reset", b.cyc, peek(&b, 0, SMPTS));
}

/* 7.2: period 100, jitter 0, 10,000 cycles -> exactly 100 fires; with the buffer of 8: 8
 * records and 92 lost; consuming one, the next record carries lost = 1 */
static void period_100_gives_100_fires(void)
{
  tb_t b;
  static const uint16_t pc = 7;
  static const uint8_t sig = 0;
  tb_init(&b, "period_100_gives_100_fires");
  core(&b, 0, 1, &pc, &sig, 0);                  /* computing every cycle: fires complete at once */
  wr(&b, 0, SMPPER, 100);                        /* cycle 0 */
  wr(&b, 0, SMPCTL, CTL_EN);                     /* cycle 1: cd_q = 99 */
  run_to(&b, 10002);                             /* cycles 2..10001: fires at 101, 201, ..., 10001 */
  CHECK(&b, "records written", 8, peek(&b, 0, SMPHEAD));
  CHECK(&b, "smplost", 92, peek(&b, 0, SMPLOST));
  CHECK(&b, "smpstat: fill 8, full, >= wm 0", 8u | 1u << 16 | 1u << 17, peek(&b, 0, SMPSTAT));
  CHECK(&b, "first record's ts", 101, peek(&b, 0, SMPDATA + 4));
  CHECK(&b, "first record's word 0", rec0(7, 0, 0, 1, 0, 0, 0), peek(&b, 0, SMPDATA));
  CHECK(&b, "smptail = 1", 0, wr(&b, 0, SMPTAIL, 1));    /* cycle 10002 */
  run_to(&b, 10102);                             /* fire at 10101 */
  CHECK(&b, "head after the next fire", 9, peek(&b, 0, SMPHEAD));
  CHECK(&b, "smplost unchanged", 92, peek(&b, 0, SMPLOST));
  CHECK(&b, "smptail = 8", 0, wr(&b, 0, SMPTAIL, 8));
  CHECK(&b, "record after the drops: ts", 10101, peek(&b, 0, SMPDATA + 4));
  CHECK(&b, "record after the drops: lost = 1", rec0(7, 0, 0, 1, 0, 0, 1), peek(&b, 0, SMPDATA));
  /* software may clear smplost */
  CHECK(&b, "smplost write", 0, wr(&b, 0, SMPLOST, 0));
  CHECK(&b, "smplost cleared", 0, peek(&b, 0, SMPLOST));
  /* the other thread never fired */
  CHECK(&b, "thread 1 head", 0, peek(&b, 1, SMPHEAD));
}

/* 7.2: period 100 with jit 2 (jm = 3): the gaps are 100 + (lfsr & 3) with the state before each
 * fire; the write of smpctl loads cd with the current state (no step) */
static void jitter_draws_from_the_generator(void)
{
  tb_t b;
  static const uint16_t pc = 3;
  static const uint8_t sig = 0;
  /* cd = 99 + (0xACE1 & 3) = 100 at the write in cycle 1: first fire at 2 + 100 = 102; then
   * gaps 100 + (L0..L6 & 3) = 101, 100, 100, 100, 102, 103, 103 */
  static const unsigned long fire_ts[8] = {102, 203, 303, 403, 503, 605, 708, 811};
  unsigned i;
  tb_init(&b, "jitter_draws_from_the_generator");
  core(&b, 0, 1, &pc, &sig, 0);
  wr(&b, 0, SMPPER, 100);
  wr(&b, 0, SMPCTL, CTL_EN | CTL_JIT(2));
  run_to(&b, 812);
  CHECK(&b, "8 fires", 8, peek(&b, 0, SMPHEAD));
  CHECK(&b, "none lost", 0, peek(&b, 0, SMPLOST));
  CHECK(&b, "smpseed after 8 fires", lfsr_seq[8], peek(&b, 0, SMPSEED));
  for (i = 0; i < 8; i++) {
    CHECK(&b, "fire ts", fire_ts[i], peek(&b, 0, SMPDATA + 4));
    CHECK(&b, "smptail + 1", 0, wr(&b, 0, SMPTAIL, i + 1));
  }
  CHECK(&b, "empty", 0, peek(&b, 0, SMPSTAT) & 0xffffu);
}

/* 7.1, 7.3, 7.4: one fire in each state, a drained sample completing together with a later
 * stalled one, both slots busy -> lost, and a computing fire with W = 4 instructions. Period 4,
 * jitter 0, enabled in cycle 1: fires at 5, 9, 13, ..., 37. */
static void one_sample_per_state(void)
{
  tb_t b;
  static const uint16_t pc2[2] = {10, 11}, pc3[3] = {22, 23, 24}, pc4[4] = {40, 41, 42, 43};
  static const uint8_t sg2[2] = {0x01, 0x10}, sg3[3] = {0x08, 0x00, 0x11}, sg4[4] = {1, 2, 4, 8};
  tb_init(&b, "one_sample_per_state");
  stalled(&b, 0);
  wr(&b, 0, SMPPER, 4);                          /* cycle 0 */
  wr(&b, 0, SMPCTL, CTL_EN);                     /* cycle 1: cd = 3 */
  run_to(&b, 5);
  core(&b, 0, 2, pc2, sg2, 0);                   /* 5: fire, computing, n = 2, kernel mode */
  b.in.priv[0] = 1;
  cycle(&b);
  b.in.priv[0] = 0;
  stalled(&b, 0);                                /* 6..10: stalled; fire at 9 */
  run_to(&b, 11);
  CHECK(&b, "stalled sample pending: slot 0", 1u << 18 | 1u << 17 | 1u, peek(&b, 0, SMPSTAT));
  commit1(&b, 0, 12, 0x04);                      /* 11: completes the fire of 9 */
  cycle(&b);
  commit1(&b, 0, 13, 0x02);                      /* 12: a mispredicted branch commits */
  cycle(&b);
  empty(&b, 0);                                  /* 13, 14: flushed; fire at 13 */
  run_to(&b, 15);
  commit1(&b, 0, 20, 0x00);                      /* 15: completes 13 */
  cycle(&b);
  commit1(&b, 0, 21, 0x00);                      /* 16 */
  cycle(&b);
  empty(&b, 0);                                  /* 17..19: drained; fire at 17 */
  run_to(&b, 20);
  stalled(&b, 0);                                /* 20, 21: stalled; fire at 21 (slot 1) */
  run_to(&b, 22);
  core(&b, 0, 3, pc3, sg3, 0);                   /* 22: completes 17 and 21 */
  cycle(&b);
  CHECK(&b, "after 22: record of 17 written, slot 1 (21) waits", 4, peek(&b, 0, SMPHEAD));
  CHECK(&b, "after 22: slot 1 in use", 1u << 19, peek(&b, 0, SMPSTAT) & (3u << 18));
  stalled(&b, 0);                                /* 23..33 stalled: fires 25 (slot 0), 29 (slot 1), 33 (lost) */
  cycle(&b);
  CHECK(&b, "after 23: record of 21 written", 5, peek(&b, 0, SMPHEAD));
  CHECK(&b, "after 23: no slot in use", 0, peek(&b, 0, SMPSTAT) & (3u << 18));
  run_to(&b, 33);
  CHECK(&b, "before 33: both slots in use", 3u << 18, peek(&b, 0, SMPSTAT) & (3u << 18));
  CHECK(&b, "before 33: nothing lost", 0, peek(&b, 0, SMPLOST));
  cycle(&b);
  CHECK(&b, "fire of 33 lost", 1, peek(&b, 0, SMPLOST));
  commit1(&b, 0, 30, 0x00);                      /* 34: completes 25 and 29 */
  cycle(&b);
  stalled(&b, 0);
  run_to(&b, 37);
  core(&b, 0, 4, pc4, sg4, 0);                   /* 37: fire, computing, n = 4 */
  cycle(&b);
  stalled(&b, 0);
  CHECK(&b, "8 records, buffer full", 8u | 1u << 16 | 1u << 17, peek(&b, 0, SMPSTAT));
  CHECK(&b, "head", 8, peek(&b, 0, SMPHEAD));
  {
    const uint32_t r[8][8] = {
      {rec0(10, 0, 0, 2, 0x01, 1, 0), 5, rec2(10, 0x01, 0), 0x10, 11, 0, 0, 0},
      {rec0(12, 0, 1, 0, 0x04, 0, 0), 9, rec2(12, 0x04, 2), 0, 0, 0, 0, 0},
      {rec0(13, 0, 2, 0, 0x02, 0, 0), 13, rec2(20, 0x00, 2), 0, 0, 0, 0, 0},
      {rec0(22, 0, 3, 0, 0x08, 0, 0), 17, rec2(22, 0x08, 5), 0, 0, 0, 0, 0},
      {rec0(22, 0, 1, 0, 0x08, 0, 0), 21, rec2(22, 0x08, 1), 0, 0, 0, 0, 0},
      {rec0(30, 0, 1, 0, 0x00, 0, 1), 25, rec2(30, 0x00, 9), 0, 0, 0, 0, 0},
      {rec0(30, 0, 1, 0, 0x00, 0, 0), 29, rec2(30, 0x00, 5), 0, 0, 0, 0, 0},
      {rec0(40, 0, 0, 4, 0x01, 0, 0), 37, rec2(40, 0x01, 0), 0x2082, 41u | 42u << 16, 43, 0, 0},
    };
    static const char *const name[8] = {"computing n=2 (5)", "stalled (9)", "flushed (13)",
                                         "drained completing at 22 (17)", "stalled (21)",
                                         "stalled after a lost fire (25)", "stalled (29)",
                                         "computing n=4 (37)"};
    unsigned i;
    for (i = 0; i < 8; i++) {
      check_rec(&b, 0, name[i], r[i]);
      CHECK(&b, "smptail + 1", 0, wr(&b, 0, SMPTAIL, i + 1));
    }
  }
  CHECK(&b, "smpdata0 of the emptied buffer", 0, peek(&b, 0, SMPDATA));
}

/* 7.3, 7.4: a fire lost (both slots in use) in the cycle a record is written: that record
 * carries lost = 1 (the loss is before the write); the next does not */
static void lost_fire_in_the_cycle_of_a_write(void)
{
  tb_t b;
  tb_init(&b, "lost_fire_in_the_cycle_of_a_write");
  stalled(&b, 0);
  wr(&b, 0, SMPPER, 4);                          /* cycle 0 */
  wr(&b, 0, SMPCTL, CTL_EN);                     /* cycle 1: fires at 5, 9, 13 */
  run_to(&b, 13);                                /* 5 (slot 0) and 9 (slot 1) pending */
  commit1(&b, 0, 50, 0x04);                      /* 13: fire lost; 5 and 9 complete, 5 written */
  cycle(&b);
  stalled(&b, 0);
  CHECK(&b, "smplost", 1, peek(&b, 0, SMPLOST));
  CHECK(&b, "one record", 1, peek(&b, 0, SMPHEAD));
  CHECK(&b, "record of 5 carries lost", rec0(50, 0, 1, 0, 0x04, 0, 1), peek(&b, 0, SMPDATA));
  CHECK(&b, "record of 5: PEBS delay 8", rec2(50, 0x04, 8), peek(&b, 0, SMPDATA + 8));
  cycle(&b);                                     /* 14: 9 written */
  wr(&b, 0, SMPTAIL, 1);
  CHECK(&b, "record of 9 does not", rec0(50, 0, 1, 0, 0x04, 0, 0), peek(&b, 0, SMPDATA));
  CHECK(&b, "record of 9: ts", 9, peek(&b, 0, SMPDATA + 4));
  CHECK(&b, "record of 9: PEBS delay 4", rec2(50, 0x04, 4), peek(&b, 0, SMPDATA + 8));
}

/* 7.2: src 1: a fire after every `period` increments of counter ctr (after its enables and
 * freeze; 0 for a chained counter), in the cycle after the increment that completes the period
 * (pinc_q). INST_RETIRED.ANY_P (0xc0) counts 1 in even cycles. */
static void counter_driven_fires(void)
{
  static const uint16_t pc = 5;
  static const uint8_t sig = 0;
  const uint32_t evs = 0xc0u | 1u << PMU_EVTSEL_USR_LSB | 1u << PMU_EVTSEL_OS_LSB |
                       1u << PMU_EVTSEL_EN_LSB;
  int mode;
  for (mode = 0; mode < 3; mode++) {             /* 0: counting, 1: gctrl.pmc_en 0, 2: chained */
    tb_t b;
    unsigned long c;
    tb_init(&b, mode == 0 ? "src1_counter" : mode == 1 ? "src1_counter_disabled" : "src1_chained");
    core(&b, 0, 1, &pc, &sig, 0);
    wr(&b, 0, PMU_EVTSEL_OFF + 4u * (mode == 2), evs);              /* cycle 0 */
    wr(&b, 0, PMU_EXT_OFF + 4u, mode == 2 ? 1u << PMU_EXT_CHAIN_LSB : 0u); /* cycle 1 */
    wr(&b, 0, PMU_GCTRL_OFF, mode == 1 ? 0u : 3u);                  /* cycle 2 */
    wr(&b, 0, SMPPER, 10);                                          /* cycle 3 */
    b.in.slot_retire[0] = 0;
    wr(&b, 0, SMPCTL, CTL_EN | CTL_SRC | CTL_CTR(mode == 2)); /* cycle 4 (no event): cd = 9 */
    for (c = 5; c < 206; c++) {                  /* 100 events in cycles 6, 8, ..., 204; the
                                                    fire of the 100th in cycle 205 */
      b.in.slot_retire[0] = (uint8_t)(c % 2 == 0);
      cycle(&b);
    }
    CHECK(&b, "fires = records + lost", mode == 0 ? 10 : 0,
          peek(&b, 0, SMPHEAD) + peek(&b, 0, SMPLOST));
    if (mode == 0) {
      CHECK(&b, "records", 8, peek(&b, 0, SMPHEAD));
      CHECK(&b, "first fire a cycle after the 10th event (cycle 24)", 25, peek(&b, 0, SMPDATA + 4));
      CHECK(&b, "the counter keeps counting", 100,
            peek(&b, 0, PMU_PMC_OFF));
    }
  }
}

/* 7.5: the watermark interrupt, a function of registers only */
static void watermark_interrupt(void)
{
  tb_t b;
  static const uint16_t pc = 1;
  static const uint8_t sig = 0;
  tb_init(&b, "watermark_interrupt");
  core(&b, 0, 1, &pc, &sig, 0);
  wr(&b, 0, SMPPER, 10);                          /* cycle 0 */
  wr(&b, 0, SMPWM, 3);                            /* cycle 1 */
  wr(&b, 0, SMPCTL, CTL_EN | CTL_WMIE);           /* cycle 2: cd = 9, fires at 12, 22, 32 */
  run_to(&b, 33);                                 /* cycle 32 ran: its comb saw fill 2 */
  CHECK(&b, "irq 0 at fill 2", 0, b.out.irq[0]);
  cycle(&b);
  CHECK(&b, "irq 1 at fill 3", 1, b.out.irq[0]);
  CHECK(&b, "thread 1 irq 0", 0, b.out.irq[1]);
  CHECK(&b, "smpstat: fill 3, >= wm", 3u | 1u << 17, peek(&b, 0, SMPSTAT));
  wr(&b, 0, SMPTAIL, 1);                          /* fill 2 */
  cycle(&b);
  CHECK(&b, "irq 0 after consuming one", 0, b.out.irq[0]);
  wr(&b, 0, SMPTAIL, 0);                          /* back is not allowed: error, no change */
  CHECK(&b, "tail 1", 1, peek(&b, 0, SMPTAIL));
  run_to(&b, 43);
  cycle(&b);                                      /* fire at 42: fill 3 */
  CHECK(&b, "irq 1 again", 1, b.out.irq[0]);
  wr(&b, 0, SMPCTL, CTL_EN);                      /* wmie 0 */
  cycle(&b);
  CHECK(&b, "irq 0 without wmie", 0, b.out.irq[0]);
  wr(&b, 0, SMPCTL, CTL_EN | CTL_WMIE);
  wr(&b, 0, SMPWM, 0);
  cycle(&b);
  CHECK(&b, "irq 0 with wm 0", 0, b.out.irq[0]);
}

/* 7.5: reading records while new ones are written; the read pointer rule; a record written in
 * the cycle of an APB read is not seen by it */
static void read_while_writing(void)
{
  tb_t b;
  static const uint16_t pc = 9;
  static const uint8_t sig = 0;
  uint32_t v, prev = 0, fires, reads = 0, i;
  tb_init(&b, "read_while_writing");
  core(&b, 0, 1, &pc, &sig, 0);
  wr(&b, 0, SMPPER, 1);                           /* cycle 0 */
  wr(&b, 0, SMPCTL, CTL_EN);                      /* cycle 1: cd = 0, a fire every cycle from 2 */
  CHECK(&b, "read in the cycle of the first write: pslverr 0", 0,
        apb1(&b, 0, 0, SMPDATA + 4, 0, &v));      /* cycle 2: fire, record written at its end */
  CHECK(&b, "that read sees the empty buffer", 0, v);
  CHECK(&b, "smptail beyond head: pslverr", 1, wr(&b, 0, SMPTAIL, 3)); /* cycle 3: fill 1 -> 2 */
  CHECK(&b, "tail unchanged", 0, peek(&b, 0, SMPTAIL));
  for (i = 0; i < 40; i++) {
    CHECK(&b, "read smpdata1", 0, apb1(&b, 0, 0, SMPDATA + 4, 0, &v));
    if (i < 8)                                    /* before the first drop: every fire in order */
      CHECK(&b, "ts of record i", 2 + i, v);
    else
      CHECK(&b, "ts increases", 1, v > prev);
    prev = v;
    CHECK(&b, "consume one", 0, wr(&b, 0, SMPTAIL, (i + 1) & 15u));
    reads++;
  }
  fires = (uint32_t)b.cyc - 2u;                  /* one per cycle 2 .. cyc-1 */
  CHECK(&b, "fires = records read + fill + smplost", fires,
        reads + (peek(&b, 0, SMPSTAT) & 0xffffu) + peek(&b, 0, SMPLOST));
  CHECK(&b, "smplost grew", 1, peek(&b, 0, SMPLOST) > 0);
}

/* the offsets and smpctl fields written out above from the spec agree with pmu_sampler.h's table
 * (the one the model decodes with) */
static void register_table_is_the_spec(void)
{
  tb_t b;
  tb_init(&b, "register_table_is_the_spec");
  const uint32_t r0 = rec0(0, 0, 0, 0, 0, 0, 0);   /* word 0 with every field 0 (valid set) */
  /* this file's values, written from the spec, against the header's: offsets, smpctl's fields,
   * and record words 0 and 2 with one field at its largest value (word 0's valid bit cancels) */
  const struct {
    const char *what;
    uint32_t spec, hdr;
  } t[] = {
    {"smpctl offset", SMPCTL, PMU_SMPCTL_OFF},
    {"smpper offset", SMPPER, PMU_SMPPER_OFF},
    {"smpseed offset", SMPSEED, PMU_SMPSEED_OFF},
    {"smpwm offset", SMPWM, PMU_SMPWM_OFF},
    {"smphead offset", SMPHEAD, PMU_SMPHEAD_OFF},
    {"smptail offset", SMPTAIL, PMU_SMPTAIL_OFF},
    {"smpstat offset", SMPSTAT, PMU_SMPSTAT_OFF},
    {"smplost offset", SMPLOST, PMU_SMPLOST_OFF},
    {"smpdata offset", SMPDATA, PMU_SMPDATA_OFF},
    {"smpts offset", SMPTS, PMU_SMPTS_OFF},
    {"smpctl.en", CTL_EN, 1u << PMU_SMPCTL_EN_LSB},
    {"smpctl.src", CTL_SRC, 1u << PMU_SMPCTL_SRC_LSB},
    {"smpctl.ctr", CTL_CTR(1), 1u << PMU_SMPCTL_CTR_LSB},
    {"smpctl.jit", CTL_JIT(1), 1u << PMU_SMPCTL_JIT_LSB},
    {"smpctl.wmie", CTL_WMIE, 1u << PMU_SMPCTL_WMIE_LSB},
    {"rec.pc0", rec0(0xffff, 0, 0, 0, 0, 0, 0) ^ r0, 0xffffu << PMU_SMPREC_PC0_LSB},
    {"rec.tid", rec0(0, 5, 0, 0, 0, 0, 0) ^ r0, 5u << PMU_SMPREC_TID_LSB},
    {"rec.state", rec0(0, 0, 3, 0, 0, 0, 0) ^ r0, 3u << PMU_SMPREC_STATE_LSB},
    {"rec.n", rec0(0, 0, 0, 6, 0, 0, 0) ^ r0, 6u << PMU_SMPREC_N_LSB},
    {"rec.sig0", rec0(0, 0, 0, 0, 0x1f, 0, 0) ^ r0, 0x1fu << PMU_SMPREC_SIG0_LSB},
    {"rec.priv", rec0(0, 0, 0, 0, 0, 1, 0) ^ r0, 1u << PMU_SMPREC_PRIV_LSB},
    {"rec.lost", rec0(0, 0, 0, 0, 0, 0, 1) ^ r0, 1u << PMU_SMPREC_LOST_LSB},
    {"rec.valid", r0, 1u << PMU_SMPREC_VALID_LSB},
    {"rec.pebs_pc", rec2(0xffff, 0, 0), 0xffffu << PMU_SMPREC_PEBS_PC_LSB},
    {"rec.pebs_sig", rec2(0, 0x1f, 0), 0x1fu << PMU_SMPREC_PEBS_SIG_LSB},
    {"rec.pebs_dly", rec2(0, 0, 0xff), 0xffu << PMU_SMPREC_PEBS_DLY_LSB},
  };
  for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++)
    CHECK(&b, t[i].what, t[i].spec, t[i].hdr);
}

TB_MAIN(register_table_is_the_spec,
        reset_values_and_generator,
        period_100_gives_100_fires,
        jitter_draws_from_the_generator,
        one_sample_per_state,
        lost_fire_in_the_cycle_of_a_write,
        counter_driven_fires,
        watermark_interrupt,
        read_while_writing)

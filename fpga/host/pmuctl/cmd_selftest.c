/* pmuctl selftest: the bring-up checklist (docs/fpga.md "Selftest"), one PASS/FAIL line per
 * check, last line "N passed, N failed" (exit 1 on a failure).
 *
 *   1 id, cfg, run control   the PMU's id and cfg registers against this build, the run
 *                            control's id, the bridge's PING
 *   2 registers              after a PMU reset, every register of the generated map
 *                            (pmu_map.h): its reset value, its writable bits (write ones, read
 *                            back the mask, write zeros), W1C for gstatus, read-only id/cfg
 *                            (a write fails and changes nothing), unprivileged writes fail
 *                            and change nothing, unprivileged reads as the map says (counters
 *                            only with ctrl.uren), and the first and last word of every
 *                            unmapped hole of the map (pmu_win of pmu_map.h) fail
 *   3 counting               a kernel whose counts are known by arithmetic (16 independent
 *                            ALU ops on thread 0, docs/core.md; kernels.txt alu_independent):
 *                            every programmable counter of every thread on INST_RETIRED.ANY_P,
 *                            the fixed, issue-slot and stack counters over 1000 cycles
 *   4 overflow interrupt     each thread's pmc0 preset below the wrap, with INT: gstatus and
 *                            the irq line (run control STATUS) set; W1C clears both */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pmuctl.h"

static unsigned n_pass, n_fail;

static void result(int ok, const char *fmt, ...)
{
  va_list ap;
  printf("%s ", ok ? "PASS" : "FAIL");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  if (ok) n_pass++;
  else n_fail++;
}

enum { K_RO, K_RW, K_W1C, K_CNT, K_CNT_LIVE };
enum { U_YES, U_NO, U_UREN };
typedef struct {
  char name[24];
  uint32_t addr;
  int kind, uread, words;
  uint64_t mask, reset;   /* writable bits (64-bit registers: both words) */
} reg_t;

/* id, cfg; per thread evtsel, ext, pmc (P each), fix, fixctl, ctrl, gctrl, gstatus, evstat, slot, stk */
static reg_t regs[2 + PMU_THREADS * (3 * PMU_P + PMU_NFIX + 5 + PMU_NSLOT + PMU_NSTK)];
static int nregs;

static void add(const char *name, uint32_t addr, int kind, int uread, int words, uint64_t mask, uint64_t reset)
{
  reg_t *r = &regs[nregs++];
  snprintf(r->name, sizeof r->name, "%s", name);
  r->addr = addr;
  r->kind = kind;
  r->uread = uread;
  r->words = words;
  r->mask = mask;
  r->reset = reset;
}

static void build_map(const board_t *b)
{
  unsigned t, k;
  char n[24];
  uint64_t cm = cw_mask(b);
  add("id", PMU_ID_OFF, K_RO, U_YES, 1, 0, PMU_ID_VALUE);
  add("cfg", PMU_CFG_OFF, K_RO, U_YES, 1, 0, PMU_CFG_VALUE);
  for (t = 0; t < b->threads; t++) {
    for (k = 0; k < PMU_P; k++) {
      snprintf(n, sizeof n, "t%u.evtsel%u", t, k);
      add(n, treg(t, PMU_EVTSEL_OFF + k * PMU_EVTSEL_STRIDE), K_RW, U_NO, 1, PMU_EVTSEL_MASK, PMU_EVTSEL_RESET);
    }
    for (k = 0; k < PMU_P; k++) {
      snprintf(n, sizeof n, "t%u.ext%u", t, k);
      add(n, treg(t, PMU_EXT_OFF + k * PMU_EXT_STRIDE), K_RW, U_NO, 1, k ? PMU_EXT_MASK : PMU_EXT_MASK_AT0,
          PMU_EXT_RESET);
    }
    for (k = 0; k < PMU_P; k++) {
      snprintf(n, sizeof n, "t%u.pmc%u", t, k);
      add(n, treg(t, PMU_PMC_OFF + k * PMU_PMC_STRIDE), K_CNT, U_UREN, 2, cm, 0);
    }
    for (k = 0; k < PMU_NFIX; k++) {
      snprintf(n, sizeof n, "t%u.fix%u", t, k);
      add(n, treg(t, PMU_FIX_OFF + k * PMU_FIX_STRIDE), K_CNT, U_UREN, 2, cm, 0);
    }
    snprintf(n, sizeof n, "t%u.fixctl", t);
    add(n, treg(t, PMU_FIXCTL_OFF), K_RW, U_NO, 1, PMU_FIXCTL_MASK, PMU_FIXCTL_RESET);
    snprintf(n, sizeof n, "t%u.ctrl", t);
    add(n, treg(t, PMU_CTRL_OFF), K_RW, U_NO, 1, PMU_CTRL_MASK, PMU_CTRL_RESET);
    snprintf(n, sizeof n, "t%u.gctrl", t);
    add(n, treg(t, PMU_GCTRL_OFF), K_RW, U_NO, 2, PMU_GCTRL_MASK64, PMU_GCTRL_RESET64);
    snprintf(n, sizeof n, "t%u.gstatus", t);
    add(n, treg(t, PMU_GSTATUS_OFF), K_W1C, U_NO, 2, PMU_GSTATUS_MASK64, PMU_GSTATUS_RESET64);
    snprintf(n, sizeof n, "t%u.evstat", t);   /* read-only status: a write fails (spec 5.2) */
    add(n, treg(t, PMU_EVSTAT_OFF), K_RO, U_NO, 1, 0, PMU_EVSTAT_RESET);
    for (k = 0; k < PMU_NSLOT; k++) {
      snprintf(n, sizeof n, "t%u.slot%u", t, k);
      add(n, treg(t, PMU_SLOT_OFF + k * PMU_SLOT_STRIDE), K_CNT_LIVE, U_YES, 2, cm, 0);
    }
    for (k = 0; k < PMU_NSTK; k++) {
      snprintf(n, sizeof n, "t%u.stk%u", t, k);
      add(n, treg(t, PMU_STK_OFF + k * PMU_STK_STRIDE), K_CNT_LIVE, U_UREN, 2, cm, 0);
    }
  }
}

/* increment per PMU cycle of a live counter while the core is stopped: slot total W, the
 * stacks' 'other' W, the rest 0 */
static uint64_t idle_inc(const board_t *b, const reg_t *r)
{
  uint32_t off = (r->addr - PMU_THREAD_BASE) % PMU_THREAD_STRIDE;
  if (off == PMU_SLOT_OFF) return b->w;
  if (off >= PMU_STK_OFF && ((off - PMU_STK_OFF) / PMU_STK_STRIDE) % 8 == PMU_CMP_OTHER) return b->w;
  return 0;
}

/* what a live counter counts beyond its idle increment in the first PMU cycles after a reset:
 * with PIPE 2 the first cycle counts the event inputs' register in_q at its reset value 0 (spec 4,
 * "Event path pipeline"), not a stopped core's pattern: no flags, so at commit a ROB that is not
 * empty whose head is neither done nor waiting on a miss or a long latency: W slots of depend (at
 * dispatch and issue no flag means other, as for a stopped core); with PIPE 3 the second cycle
 * too (in_q then holds the port register ev_q's reset value); 0 at PIPE 0 and 1. The board's
 * PIPE comes from the run control's INFO register (b->pipe). */
static uint64_t reset_inc(const board_t *b, const reg_t *r)
{
  uint32_t off = (r->addr - PMU_THREAD_BASE) % PMU_THREAD_STRIDE;
  if (b->pipe >= 2 && off == PMU_STK_OFF + (PMU_STG_COMMIT * 8u + PMU_CMP_DEPEND) * PMU_STK_STRIDE)
    return (b->pipe >= 3 ? 2u : 1u) * b->w;
  return 0;
}

/* The unmapped words to try, from the generated map (pmu_win): the first and last word of every
 * hole between the global registers and thread 0's block, of every hole of thread 0's block, and
 * the first word of the first thread block the board does not have. Returns the count. */
static unsigned map_holes(const board_t *b, uint32_t *a, unsigned max)
{
  unsigned n = 0, i, scope;
  for (scope = 0; scope < 2; scope++) {
    uint32_t at = 0, end = scope ? PMU_THREAD_STRIDE : PMU_THREAD_BASE;
    for (i = 0; i <= PMU_NWIN; i++) {
      uint32_t off = end, bytes = 0;
      if (i < PMU_NWIN) {
        if (pmu_win[i].thread != scope) continue;
        off = pmu_win[i].off;
        bytes = pmu_win[i].bytes;
      }
      if (off > at && n + 2 <= max) {
        a[n++] = scope ? treg(0, at) : at;
        if (off - 4 > at) a[n++] = scope ? treg(0, off - 4) : off - 4;
      }
      if (off + bytes > at) at = off + bytes;
    }
  }
  if (n < max) a[n++] = treg(b->threads, 0);
  return n;
}

static uint64_t get(board_t *b, const reg_t *r, int priv, int *st)
{
  uint32_t v[2] = {0, 0};
  *st = bd_read(b, r->addr, (unsigned)r->words, priv, v);
  return (uint64_t)v[0] | ((uint64_t)v[1] << 32);
}

static int put(board_t *b, const reg_t *r, int priv, uint64_t val)
{
  uint32_t v[2];
  v[0] = (uint32_t)val;
  v[1] = (uint32_t)(val >> 32);
  return bd_write(b, r->addr, (unsigned)r->words, priv, 0xf, v);
}

static void check_register(board_t *b, const reg_t *r, uint64_t reset_val, int reset_st)
{
  char why[200] = "";
  int st, ok = 1;
  uint64_t v, inc = idle_inc(b, r), rinc = r->kind == K_CNT_LIVE ? reset_inc(b, r) : 0;
  /* the wait states of one access (spec 5.1): 1 for a live counter in block RAM (a stack counter;
   * the issue-slot counters are flip-flops) with the board's STORAGE 1 (b->storage, from INFO) */
  const uint32_t off = (r->addr - PMU_THREAD_BASE) % PMU_THREAD_STRIDE;
  const int slot = off >= PMU_SLOT_OFF && off < PMU_SLOT_OFF + PMU_NSLOT * PMU_SLOT_STRIDE;
  const uint64_t ws = (b->storage && r->kind == K_CNT_LIVE && !slot) ? 1u : 0u;
  uint32_t ctrl_addr = treg((r->addr - PMU_THREAD_BASE) / PMU_THREAD_STRIDE, PMU_CTRL_OFF);
  /* reset value (a live counter counts idle slots after the reset: a multiple of its increment;
     and what the first cycle after the reset counts, reset_inc) */
  if (reset_st != ST_OK) { ok = 0; snprintf(why, sizeof why, "read after reset: %s", status_name(reset_st)); }
  else if (r->kind == K_CNT_LIVE ? (inc ? (reset_val - rinc) % inc != 0 : reset_val != rinc) : reset_val != r->reset) {
    ok = 0;
    snprintf(why, sizeof why, "reset value 0x%" PRIx64 ", expected 0x%" PRIx64 "%s", reset_val, r->reset + rinc,
             inc ? " plus idle slots" : "");
  }
  /* access rule of a privileged write */
  if (ok && r->kind == K_RO) {
    st = put(b, r, 1, ~0ull);
    v = get(b, r, 1, &st);
    if (st != ST_OK || v != r->reset) { ok = 0; snprintf(why, sizeof why, "a write changed the read-only value"); }
    st = put(b, r, 1, 0);
    if (ok && st != ST_SLVERR) { ok = 0; snprintf(why, sizeof why, "a write answered %s, not SLVERR", status_name(st)); }
  } else if (ok && (r->kind == K_RW || r->kind == K_CNT)) {
    st = put(b, r, 1, ~0ull);
    v = get(b, r, 1, &st);
    if (st != ST_OK || v != r->mask) {
      ok = 0;
      snprintf(why, sizeof why, "ones written read back 0x%" PRIx64 " (%s), expected 0x%" PRIx64, v, status_name(st), r->mask);
    }
    put(b, r, 1, 0);
    v = get(b, r, 1, &st);
    if (ok && v != 0) { ok = 0; snprintf(why, sizeof why, "zeros written read back 0x%" PRIx64, v); }
  } else if (ok && r->kind == K_W1C) {
    put(b, r, 1, ~0ull);
    v = get(b, r, 1, &st);
    if (v != 0) { ok = 0; snprintf(why, sizeof why, "writing ones set bits 0x%" PRIx64 " of a W1C register", v); }
  } else if (ok) { /* live counter: the value written, plus two idle increments (the high word's write
                    * setup cycle, the read's setup cycle; the write cycles drop theirs), two more
                    * for a counter in block RAM (the wait states of those transfers) */
    uint64_t x = 0x1000 | (r->mask & ~0xffffffffull);
    put(b, r, 1, x);
    v = get(b, r, 1, &st);
    if (st != ST_OK || v != ((x + (2 + 2 * ws) * inc) & r->mask)) {
      ok = 0;
      snprintf(why, sizeof why, "0x%" PRIx64 " written read back 0x%" PRIx64 ", expected 0x%" PRIx64, x, v,
               (x + (2 + 2 * ws) * inc) & r->mask);
    }
    put(b, r, 1, 0);
  }
  /* unprivileged write: fails, changes nothing */
  if (ok) {
    uint64_t before = get(b, r, 1, &st);
    int wst = put(b, r, 0, 0x5a5a5a5a5a5a5a5aull & (r->kind == K_RO ? ~0ull : r->mask));
    uint64_t after = get(b, r, 1, &st);
    if (wst != ST_SLVERR) { ok = 0; snprintf(why, sizeof why, "unprivileged write answered %s", status_name(wst)); }
    else if (r->kind != K_CNT_LIVE && after != before) { ok = 0; snprintf(why, sizeof why, "unprivileged write changed it"); }
    else if (r->kind == K_CNT_LIVE && after != before + (6 + 3 * ws) * inc) {
      /* from the first read's low-word access to the second's: that access, the high word's
       * transfer, the failed write's transfer, the second read's setup: 6 idle cycles, and in
       * block RAM the wait states of the high word's read, the failed write and the second
       * read's low word */
      ok = 0;
      snprintf(why, sizeof why, "unprivileged write changed it (0x%" PRIx64 " -> 0x%" PRIx64 ")", before, after);
    }
  }
  /* unprivileged read */
  if (ok) {
    get(b, r, 0, &st);
    if (r->uread == U_YES && st != ST_OK) { ok = 0; snprintf(why, sizeof why, "unprivileged read answered %s", status_name(st)); }
    if (r->uread != U_YES && st != ST_SLVERR) {
      ok = 0;
      snprintf(why, sizeof why, "unprivileged read answered %s, not SLVERR", status_name(st));
    }
    if (ok && r->uread == U_UREN) {
      wr32(b, ctrl_addr, 1u << PMU_CTRL_UREN_LSB);
      get(b, r, 0, &st);
      wr32(b, ctrl_addr, 0);
      if (st != ST_OK) { ok = 0; snprintf(why, sizeof why, "unprivileged read with ctrl.uren answered %s", status_name(st)); }
    }
  }
  if (ok)
    result(1, "%-14s reset %s, %s, unprivileged write fails, unprivileged read %s", r->name,
           r->kind != K_CNT_LIVE ? "value" : rinc ? "idle count and in_q's" : "idle count", r->kind == K_RO ? "read-only" : r->kind == K_W1C ? "W1C" : "writable bits",
           r->uread == U_YES ? "allowed" : r->uread == U_NO ? "fails" : "only with ctrl.uren");
  else result(0, "%-14s %s", r->name, why);
}

static void check_eq(const char *what, uint64_t got, uint64_t want)
{
  char a[40], c[40];
  result(got == want, "%-28s %s (expected %s)", what, commas(got, a, sizeof a), commas(want, c, sizeof c));
}

int cmd_selftest(int argc, char **argv)
{
  board_t *b;
  static uint64_t reset_vals[sizeof regs / sizeof regs[0]];
  static int reset_st[sizeof regs / sizeof regs[0]];
  unsigned t, k, s, c;
  int i, st;
  char name[64];
  const unsigned C = 1000, WARM = 200;
  if (argc > 1) die("selftest: unexpected argument '%s'", argv[1]);
  b = board_get();
  build_map(b);

  /* 1: identity */
  rc_wr(b, RC_CTRL, RC_STOP);
  rc_wr(b, RC_CTRL, RC_PMU_RESET);
  result(1, "%-14s the bridge answers PING, protocol version 1", "bridge");
  {
    uint32_t v[2];
    st = bd_read(b, PMU_ID_OFF, 2, 1, v);
    result(st == ST_OK && v[0] == PMU_ID_VALUE, "%-14s 0x%08" PRIx32 " (expected 0x%08x: 'SS', version 1)", "id", v[0],
           PMU_ID_VALUE);
    result(st == ST_OK && v[1] == PMU_CFG_VALUE, "%-14s 0x%08" PRIx32 " (expected 0x%08x: P=%d THREADS=%d W=%d CW=%d NL=%d)",
           "cfg", v[1], PMU_CFG_VALUE, PMU_P, PMU_THREADS, PMU_W, PMU_CW, PMU_NL);
    result(rc_rd(b, RC_ID) == RC_ID_VALUE, "%-14s id 0x%08x, clock %.3f MHz", "run control", RC_ID_VALUE, b->clk_hz / 1e6);
  }

  /* 2: every register after a PMU reset: read all first (reset values), then the rules */
  rc_wr(b, RC_CTRL, RC_PMU_RESET);
  for (i = 0; i < nregs; i++) reset_vals[i] = get(b, &regs[i], 1, &reset_st[i]);
  for (i = 0; i < nregs; i++) check_register(b, &regs[i], reset_vals[i], reset_st[i]);
  {
    uint32_t v, hole[4 * PMU_NWIN + 8];
    unsigned nh = map_holes(b, hole, sizeof hole / sizeof hole[0]), j, bad = 0;
    char bads[120] = "";
    for (j = 0; j < nh; j++) {
      int sr = bd_read(b, hole[j], 1, 1, &v), sw = bd_write(b, hole[j], 1, 1, 0xf, &v);
      if (sr != ST_SLVERR || sw != ST_SLVERR) {
        size_t l = strlen(bads);
        if (bad++ < 6) snprintf(bads + l, sizeof bads - l, " 0x%04" PRIx32 " (read %s, write %s)", hole[j], status_name(sr), status_name(sw));
      }
    }
    if (bad) result(0, "%-14s %u of %u unmapped words answer OK:%s", "holes", bad, nh, bads);
    else result(1, "%-14s %u unmapped words (first and last of each hole of the map, thread %u's block) answer SLVERR to a read and a write",
                "holes", nh, b->threads);
  }
  {
    /* run control's access rules (fpga/rtl/run_ctl.v): a write to a read-only register, a read of
       a write-only one, an unmapped offset, and a 2-word read whose second word is write-only */
    uint32_t v[2];
    int s1 = bd_rc_write(b, RC_ID, 0), s2 = bd_rc_read(b, RC_CTRL, 1, v), s3 = bd_rc_read(b, RC_INFO + 4, 1, v),
        s4 = bd_rc_read(b, RC_SEED, 2, v), s5 = bd_rc_read(b, RC_SEED, 1, v);
    result(s1 == ST_SLVERR && s2 == ST_SLVERR && s3 == ST_SLVERR && s4 == ST_SLVERR && s5 == ST_OK,
           "%-14s write ID, read CTRL, read 0x%02x, read SEED+CTRL answer SLVERR; read SEED answers OK",
           "rc rules", RC_INFO + 4);
  }

  /* 3: counting a known kernel */
  {
    uint32_t prog[17], sel[PMU_P], z[2 * PMU_P], v[2 * PMU_P], fx[6], sl0[PMU_THREADS][10], sl1[10],
        sk0[PMU_THREADS][48], sk1[48];
    rc_wr(b, RC_CTRL, RC_PMU_RESET);
    for (k = 0; k < 16; k++) prog[k] = 0x0000;
    prog[16] = 0xffff;
    for (t = 0; t < b->threads; t++) {
      rc_wr(b, RC_PROG_PTR, t << 16);
      if (t == 0) st = bd_rc_write_fixed(b, RC_PROG_DATA, 16, prog), st |= bd_rc_write_fixed(b, RC_PROG_DATA, 1, prog + 16);
      else st = bd_rc_write_fixed(b, RC_PROG_DATA, 1, prog + 16);
      if (st != ST_OK) fail("selftest: loading the kernel: %s", status_name(st));
    }
    rc_wr(b, RC_CFG, 16); /* program memory, no knobs */
    rc_wr(b, RC_CTRL, RC_RESET);
    for (k = 0; k < PMU_P; k++) sel[k] = 0x004300c0u; /* INST_RETIRED.ANY_P, usr+os+en */
    memset(z, 0, sizeof z);
    bd_run(b, WARM);
    for (t = 0; t < b->threads; t++) {
      wrn(b, treg(t, PMU_EVTSEL_OFF), PMU_P, sel);
      wrn(b, treg(t, PMU_PMC_OFF), 2 * PMU_P, z);
      wrn(b, treg(t, PMU_FIX_OFF), 6, z);
      wr32(b, treg(t, PMU_FIXCTL_OFF), PMU_PUT(PMU_FIXCTL_OS0, 1) | PMU_PUT(PMU_FIXCTL_USR0, 1) | PMU_PUT(PMU_FIXCTL_OS1, 1) |
                                           PMU_PUT(PMU_FIXCTL_USR1, 1) | PMU_PUT(PMU_FIXCTL_OS2, 1) | PMU_PUT(PMU_FIXCTL_USR2, 1));
      rdn(b, treg(t, PMU_SLOT_OFF), 10, sl0[t]);
      rdn(b, treg(t, PMU_STK_OFF), 48, sk0[t]);
    }
    for (t = 0; t < b->threads; t++) {
      uint64_t g64 = PMU_PUT64(PMU_GCTRL_PMC_EN, 0xffffffffu) | PMU_PUT64(PMU_GCTRL_FIX_EN, 0xffffffffu);
      uint32_t g[2] = {(uint32_t)g64, (uint32_t)(g64 >> 32)};
      wrn(b, treg(t, PMU_GCTRL_OFF), 2, g);
    }
    bd_run(b, C);
    for (t = 0; t < b->threads; t++) wrn(b, treg(t, PMU_GCTRL_OFF), 2, z);
    for (t = 0; t < b->threads; t++) {
      uint64_t want = t == 0 ? (uint64_t)b->w * C : 0, f0;
      rdn(b, treg(t, PMU_PMC_OFF), 2 * PMU_P, v);
      for (k = 0; k < PMU_P; k++) {
        snprintf(name, sizeof name, "t%u.pmc%u INST_RETIRED", t, k);
        check_eq(name, (uint64_t)v[2 * k] | ((uint64_t)v[2 * k + 1] << 32), want);
      }
      rdn(b, treg(t, PMU_FIX_OFF), 6, fx);
      f0 = (uint64_t)fx[0] | ((uint64_t)fx[1] << 32);
      snprintf(name, sizeof name, "t%u.fix0 cycles", t);
      result(f0 >= C && f0 <= C + 8u * b->threads, "%-28s %" PRIu64 " (expected %u plus at most %u stopped-core cycles)",
             name, f0, C, 8u * b->threads);
      snprintf(name, sizeof name, "t%u.fix1 instructions", t);
      check_eq(name, (uint64_t)fx[2] | ((uint64_t)fx[3] << 32), want);
      snprintf(name, sizeof name, "t%u.fix2 reference ticks", t);
      check_eq(name, (uint64_t)fx[4] | ((uint64_t)fx[5] << 32), C / 4);
      rdn(b, treg(t, PMU_SLOT_OFF), 10, sl1);
      rdn(b, treg(t, PMU_STK_OFF), 48, sk1);
      for (k = 1; k < 5; k++) {
        static const char *const sn[5] = {"total", "filled", "issued", "retired", "elapsed"};
        uint64_t d = ((uint64_t)sl1[2 * k] | ((uint64_t)sl1[2 * k + 1] << 32)) -
                     ((uint64_t)sl0[t][2 * k] | ((uint64_t)sl0[t][2 * k + 1] << 32));
        snprintf(name, sizeof name, "t%u.slot%u %s", t, k, sn[k]);
        check_eq(name, d, k == 4 ? (uint64_t)C / 4 * PMU_NS_PER_TICK : want);
      }
      for (s = 0; s < 3; s++) {
        int ok = 1;
        char why[160] = "";
        for (c = 0; c < 8; c++) {
          unsigned i2 = 2 * (s * 8 + c);
          uint64_t d = ((uint64_t)sk1[i2] | ((uint64_t)sk1[i2 + 1] << 32)) - ((uint64_t)sk0[t][i2] | ((uint64_t)sk0[t][i2 + 1] << 32));
          uint64_t w = (c == (t == 0 ? PMU_CMP_BASE : PMU_CMP_SMT)) ? (uint64_t)b->w * C : 0;
          if (c == PMU_CMP_OTHER) continue; /* also takes the stopped-core slots of the APB cycles */
          if (d != w && ok) {
            ok = 0;
            snprintf(why, sizeof why, " %s %" PRIu64 ", expected %" PRIu64, pmu_comp_names[c], d, w);
          }
        }
        result(ok, "t%u.stack %-19s %s%s", t, pmu_stage_names[s], t == 0 ? "base = W x cycles" : "smt = W x cycles", why);
      }
    }
  }

  /* 4: overflow interrupt on every thread */
  {
    uint64_t start = (cw_mask(b) - 49);
    uint32_t z2[2] = {0, 0};
    rc_wr(b, RC_CTRL, RC_PMU_RESET);
    for (t = 0; t < b->threads; t++) {
      wr32(b, treg(t, PMU_EVTSEL_OFF), 0x0053003cu); /* cycles, usr+os+int+en */
      wr64(b, treg(t, PMU_PMC_OFF), start);
    }
    uint32_t irq0 = (rc_rd(b, RC_STATUS) >> 8) & 0xff;
    for (t = 0; t < b->threads; t++) wr32(b, treg(t, PMU_GCTRL_OFF), PMU_PUT(PMU_GCTRL_PMC_EN, 1));
    bd_run(b, 100);
    for (t = 0; t < b->threads; t++) wr32(b, treg(t, PMU_GCTRL_OFF), 0);
    uint32_t irq1 = (rc_rd(b, RC_STATUS) >> 8) & 0xff;
    for (t = 0; t < b->threads; t++) {
      uint64_t gs = rd64(b, treg(t, PMU_GSTATUS_OFF));
      unsigned ovf0 = PMU_GET(gs, PMU_GSTATUS_PMC_OVF) & 1u;
      result(!(irq0 >> t & 1) && ovf0 && (irq1 >> t & 1),
             "t%u.overflow   pmc0 from 2^CW-50, 100 cycles: gstatus.pmc_ovf0 %u, irq %u -> %u", t, ovf0,
             irq0 >> t & 1, irq1 >> t & 1);
      wr64(b, treg(t, PMU_GSTATUS_OFF), PMU_PUT64(PMU_GSTATUS_PMC_OVF, 1));
      gs = rd64(b, treg(t, PMU_GSTATUS_OFF));
      uint32_t irq2 = (rc_rd(b, RC_STATUS) >> 8) & 0xff;
      result(!(PMU_GET(gs, PMU_GSTATUS_PMC_OVF) & 1u) && !(irq2 >> t & 1), "t%u.irq clear  writing 1 to gstatus.pmc_ovf0 clears it and irq", t);
    }
    (void)z2;
    rc_wr(b, RC_CTRL, RC_PMU_RESET);
    rc_wr(b, RC_CTRL, RC_RESET);
  }
  printf("%u passed, %u failed\n", n_pass, n_fail);
  return n_fail ? 1 : 0;
}

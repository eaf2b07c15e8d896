/* pmu_cli: run a stimulus file (docs/stimulus.md) on the C model alone and print the result.
 *
 *   pmu_cli [--quiet] [--dump-every N] FILE.stim|-
 *
 * Exit status: 0 all checks passed, 1 a check failed, 2 usage or parse error (message on stderr,
 * nothing on stdout). Check failures go to stderr as
 * "FILE:LINE: expected WHAT = X, got Y (cycle C)" (docs/stimulus.md, Errors).
 *
 * Output (stdout), stable so that runs can be diffed. Values are those of the state after the
 * last cycle (what the next cycle would see); irq is irq_o of that next cycle. Example
 * (verif/directed/smoke.stim, default parameters; "..." marks rows left out here):
 *
 *   pmu_cli: verif/directed/smoke.stim
 *   params: THREADS=2 P=8 CW=48 W=4 LW=8 NW=4 NS_PER_TICK=10
 *   cycles: 18
 *
 *   thread 0
 *     fixctl   0x00000000
 *     ctrl     0x00000000
 *     gctrl    0x0000000000000001
 *     gstatus  0x0000000000000000
 *     irq      0
 *     k  evtsel      ext
 *     0  0x0043003c  0x00000000
 *     ...                                          (one row per k = 0..P-1)
 *     counter                       decimal  hex
 *     pmc0                               14  0x00000000000e
 *     ...                                          (pmc0..pmcP-1)
 *     fix0 (cycles)                       0  0x000000000000
 *     fix1 (instret)                      0  0x000000000000
 *     fix2 (refticks)                     0  0x000000000000
 *     slot0 (total)                      72  0x000000000048
 *     ...                                          (slot1 filled, slot2 issued, slot3 retired)
 *     slot4 (elapsed)                     0  0x000000000000
 *     stack        base  icache   bpred  dcache     alu  depend     smt   other     sum
 *     dispatch        0       0       0       0       0       0       0      72      72
 *     issue           0       0       0       0       0       0       0      72      72
 *     commit          0       0       0       0       0      72       0       0      72
 *
 *   thread 1
 *     ...
 *
 *   result: PASS                 (or "result: FAIL (K failed checks)")
 *
 * Counters: decimal right-aligned in 20 columns, hex with (CW+3)/4 digits. Registers: hex with
 * 8 (32-bit) or 16 (64-bit) digits. The stack table has one row per stage, one column per
 * component and the row sum; its column width is that of the widest value in the table, at
 * least 7.
 *
 * --dump-every N: after every N-th cycle (reset counts as a cycle), print "cycle C:" (C = cycles
 * run so far) followed by, for each thread, "thread T", "irq" and the counter and stack tables
 * above, then a blank line. Dumps appear on stdout before the final table.
 * --quiet: no final table and no result line (dumps, if requested, are still printed); the exit
 * status and stderr tell the result.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu_model.h"
#include "pmu_stim.h"

typedef struct {
  pmu_state_t s;
  uint64_t cyc;
  uint64_t dump_every;
  FILE *out;
} cli_t;

static const char *const fix_names[PMU_NFIX] = {"cycles", "instret", "refticks"};
static const char *const slotc_names[PMU_NSLOT] = {"total", "filled", "issued", "retired", "elapsed"};

static void usage(FILE *f)
{
  fprintf(f,
          "usage: pmu_cli [--quiet] [--dump-every N] FILE.stim|-\n"
          "Run a stimulus file (docs/stimulus.md) on the StallScope PMU C model ('-' = stdin).\n"
          "\n"
          "  --quiet          print no final table (exit status and stderr give the result)\n"
          "  --dump-every N   also print the counters after every N-th cycle\n"
          "  --help           this text\n"
          "\n"
          "After the run, for every thread: fixctl, ctrl, gctrl, gstatus, irq, evtsel/ext of each\n"
          "programmable counter, then pmc0..%d, fix0..2 (cycles, instret, refticks) and slot0..4\n"
          "(total, filled, issued, retired, elapsed) in decimal and hex, and the CPI-stack\n"
          "counters as a table stage x component with row sums; last line 'result: PASS' or\n"
          "'result: FAIL (K failed checks)'. Check failures go to stderr as\n"
          "'FILE:LINE: expected WHAT = X, got Y (cycle C)'.\n"
          "\n"
          "Exit status: 0 all checks passed, 1 a check failed, 2 usage or parse error.\n",
          PMU_P - 1);
}

static unsigned ndigits(uint64_t v)
{
  unsigned n = 1;
  while (v >= 10) {
    v /= 10;
    n++;
  }
  return n;
}

static void print_counter(FILE *f, const char *name, uint64_t v)
{
  fprintf(f, "  %-16s %20" PRIu64 "  0x%0*" PRIx64 "\n", name, v, (PMU_CW + 3) / 4, v);
}

static void print_counters(FILE *f, const pmu_state_t *s, unsigned t)
{
  char name[32];
  unsigned k, st, c, w = 7;
  uint64_t sums[3];

  fprintf(f, "  %-16s %20s  %s\n", "counter", "decimal", "hex");
  for (k = 0; k < PMU_P; k++) {
    snprintf(name, sizeof name, "pmc%u", k);
    print_counter(f, name, s->cnt_q[pmu_cnt_idx(t, k)]);
  }
  for (k = 0; k < PMU_NFIX; k++) {
    snprintf(name, sizeof name, "fix%u (%s)", k, fix_names[k]);
    print_counter(f, name, s->cnt_q[pmu_cnt_idx(t, PMU_P + k)]);
  }
  for (k = 0; k < PMU_NSLOT; k++) {
    snprintf(name, sizeof name, "slot%u (%s)", k, slotc_names[k]);
    print_counter(f, name, s->cnt_q[pmu_cnt_idx(t, PMU_P + 3 + k)]);
  }

  for (st = 0; st < 3; st++) {
    sums[st] = 0;
    for (c = 0; c < 8; c++) {
      uint64_t v = s->cnt_q[pmu_cnt_idx(t, PMU_P + 8 + st * 8 + c)];
      sums[st] += v;
      if (ndigits(v) > w) w = ndigits(v);
    }
    if (ndigits(sums[st]) > w) w = ndigits(sums[st]);
  }
  fprintf(f, "  %-9s", "stack");
  for (c = 0; c < 8; c++) fprintf(f, " %*s", (int)w, pmu_comp_names[c]);
  fprintf(f, " %*s\n", (int)w, "sum");
  for (st = 0; st < 3; st++) {
    fprintf(f, "  %-9s", pmu_stage_names[st]);
    for (c = 0; c < 8; c++)
      fprintf(f, " %*" PRIu64, (int)w, s->cnt_q[pmu_cnt_idx(t, PMU_P + 8 + st * 8 + c)]);
    fprintf(f, " %*" PRIu64 "\n", (int)w, sums[st]);
  }
}

static void irqs(const pmu_state_t *s, pmu_out_t *o)
{
  pmu_in_t in;
  memset(&in, 0, sizeof in);
  pmu_comb(s, &in, o);
}

static void print_thread(FILE *f, const pmu_state_t *s, unsigned t, const pmu_out_t *o)
{
  unsigned k;
  fprintf(f, "thread %u\n", t);
  fprintf(f, "  fixctl   0x%08" PRIx32 "\n", s->fixctl_q[t]);
  fprintf(f, "  ctrl     0x%08" PRIx32 "\n", s->ctrl_q[t]);
  fprintf(f, "  gctrl    0x%016" PRIx64 "\n", s->gctrl_q[t]);
  fprintf(f, "  gstatus  0x%016" PRIx64 "\n", s->gstatus_q[t]);
  fprintf(f, "  irq      %u\n", (unsigned)o->irq[t]);
  fprintf(f, "  %-2s %-10s  %s\n", "k", "evtsel", "ext");
  for (k = 0; k < PMU_P; k++)
    fprintf(f, "  %-2u 0x%08" PRIx32 "  0x%08" PRIx32 "\n", k, s->evtsel_q[t][k], s->ext_q[t][k]);
  print_counters(f, s, t);
}

static void dump(cli_t *c)
{
  pmu_out_t o;
  unsigned t;
  irqs(&c->s, &o);
  fprintf(c->out, "cycle %" PRIu64 ":\n", c->cyc);
  for (t = 0; t < PMU_THREADS; t++) {
    fprintf(c->out, "thread %u\n", t);
    fprintf(c->out, "  irq      %u\n", (unsigned)o.irq[t]);
    print_counters(c->out, &c->s, t);
  }
  fputc('\n', c->out);
}

/* Plain cycle: outputs of this cycle, then the clock edge. */
static int cyc_fast(void *ctx, const pmu_in_t *in, pmu_out_t *out)
{
  cli_t *c = (cli_t *)ctx;
  pmu_comb(&c->s, in, out);
  pmu_step(&c->s, in);
  return 0;
}

static int cyc_dump(void *ctx, const pmu_in_t *in, pmu_out_t *out)
{
  cli_t *c = (cli_t *)ctx;
  pmu_comb(&c->s, in, out);
  pmu_step(&c->s, in);
  if (++c->cyc % c->dump_every == 0) dump(c);
  return 0;
}

static void do_reset(void *ctx)
{
  cli_t *c = (cli_t *)ctx;
  pmu_reset(&c->s);
  if (c->dump_every && ++c->cyc % c->dump_every == 0) dump(c);
}

static const pmu_state_t *get_state(void *ctx) { return &((cli_t *)ctx)->s; }

/* Strict positive decimal count: digits only (no sign, blanks or hex), 1..2^64-1.
 * Returns 0 ok, -1 not a number, -2 out of range. */
static int parse_count(const char *s, uint64_t *v)
{
  uint64_t n = 0;
  if (!*s) return -1;
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return -1;
    if (n > (UINT64_MAX - (uint64_t)(*s - '0')) / 10) return -2;
    n = n * 10 + (uint64_t)(*s - '0');
  }
  if (n == 0) return -2;
  *v = n;
  return 0;
}

/* One line naming the problem, then where to look; exit status 2. */
static int usage_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_err(const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, "pmu_cli: ");
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n(pmu_cli --help for usage)\n");
  return 2;
}

int main(int argc, char **argv)
{
  static cli_t cli; /* static: pmu_state_t can be large with big parameters */
  const char *file = NULL;
  int quiet = 0, i, opts_done = 0, r;
  uint64_t every = 0, cycles = 0;
  char err[1024];
  pmu_stim_t *p;
  pmu_dut_t dut;

  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!opts_done && strcmp(a, "--") == 0) {
      opts_done = 1;
    } else if (!opts_done && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
      usage(stdout);
      return 0;
    } else if (!opts_done && strcmp(a, "--quiet") == 0) {
      quiet = 1;
    } else if (!opts_done && (strcmp(a, "--dump-every") == 0 || strncmp(a, "--dump-every=", 13) == 0)) {
      const char *v = a[12] == '=' ? a + 13 : (i + 1 < argc ? argv[++i] : NULL);
      int e;
      if (every) return usage_err("--dump-every given twice");
      if (!v) return usage_err("--dump-every needs a value (a number of cycles, 1 or more)");
      e = parse_count(v, &every);
      if (e == -1) return usage_err("--dump-every: '%s' is not a decimal number", v);
      if (e == -2) return usage_err("--dump-every: %s is out of range (1..2^64-1 cycles)", v);
    } else if (!opts_done && a[0] == '-' && a[1] != '\0') {
      return usage_err("unknown option '%s'", a);
    } else if (file) {
      return usage_err("more than one stimulus file ('%s', '%s')", file, a);
    } else {
      file = a;
    }
  }
  if (!file) return usage_err("no stimulus file given");

  p = pmu_stim_parse(file, err, sizeof err);
  if (!p) {
    fprintf(stderr, "%s\n", err);
    return 2;
  }

  pmu_reset(&cli.s);
  cli.cyc = 0;
  cli.dump_every = every;
  cli.out = stdout;
  dut.ctx = &cli;
  dut.cycle = every ? cyc_dump : cyc_fast;
  dut.reset = do_reset;
  dut.state = get_state;

  r = pmu_stim_run(p, &dut, stderr, &cycles);
  pmu_stim_free(p);

  if (!quiet) {
    pmu_out_t o;
    unsigned t;
    irqs(&cli.s, &o);
    printf("pmu_cli: %s\n", strcmp(file, "-") == 0 ? "<stdin>" : file);
    printf("params: THREADS=%d P=%d CW=%d W=%d LW=%d NW=%d NS_PER_TICK=%d\n", PMU_THREADS, PMU_P,
           PMU_CW, PMU_W, PMU_LW, PMU_NW, PMU_NS_PER_TICK);
    printf("cycles: %" PRIu64 "\n", cycles);
    for (t = 0; t < PMU_THREADS; t++) {
      putchar('\n');
      print_thread(stdout, &cli.s, t, &o);
    }
    putchar('\n');
    if (r == 0) printf("result: PASS\n");
    else if (r > 0) printf("result: FAIL (%d failed check%s)\n", r, r == 1 ? "" : "s");
    else printf("result: FAIL (run aborted)\n");
  }
  if (fflush(stdout) != 0) {
    fprintf(stderr, "pmu_cli: error writing output\n");
    return 2;
  }
  return r == 0 ? 0 : 1;
}

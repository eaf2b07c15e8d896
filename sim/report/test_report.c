/* Self-test of the reports (sim/report/report.c) and the trace writers (sim/report/trace_kanata.c,
 * sim/report/pipetrace.c, sim/report/trace_o3.c). Ends with "N passed, N failed"; exit status 1
 * on any failure. (The real viewers' own parsers are run on these files by
 * scripts/run/check_traces.py; this file checks the content.)
 *
 *   test_report [--keep DIR]     scratch files go to DIR and are kept (default: a fresh
 *                                directory under $TMPDIR or /tmp, removed at the end)
 *
 * 1. report_print / report_csv on a fabricated pmu_state_t with counter values chosen so every
 *    CPI, share and top-down percentage is an exact decimal (computed here from the spec's
 *    formulas, not read back); a thread with zero instructions; wpvis 0 and 1; CSV errors.
 *    toplev.csv (sim/report/toplev.c): exact level-1, stack and metric values, the bottleneck
 *    mark, the interval timestamps, errors. perf names of encodings and perf_stat.csv
 *    (sim/report/perfstat.c): perf's raw spelling, modifiers, config1, the -x lines, errors.
 * 2. A hand-written trc_cycle_t sequence (pre-window instruction, a mispredicted branch with
 *    wrong-path instructions flushed, a commit-stage Dcache stall, sequence-number reuse, a
 *    dependency across the flush, instructions still in flight at the end) through the three
 *    writers; the Kanata log is checked by a small validator (header, tabs, field counts,
 *    sequential ids, at most one R per I and none for what is in flight at the end, well-nested
 *    stages, stall lane inside a waiting stage, sequential retire ids, W only from an X stage to
 *    an older producer that executed), the pipetrace by SimpleScalar's ptrace grammar
 *    (docs/pipetrace.md), the O3PipeView blocks against the Kanata view (stages in distinct
 *    cycles, as gem5's o3-pipeview.py needs), and the two text
 *    traces are compared per instruction.
 * 3. The stall-lane causes against the C model itself: waiting instructions in F, D and C of
 *    every thread, random stack inputs each cycle, and the lane-1 name must equal the stack
 *    component that the model's pmu_step() gave most of the lost slots (with ctrl.wpvis = 1).
 * 4. Random streams from a toy out-of-order pipeline (window starting mid-run, skipped idle
 *    cycles, mispredicts with wrong-path fetch and flushes, sequence numbers reused or not,
 *    issue only once the producer completed) through the three writers: well-formed, retired =
 *    commits, writers agree, every W names the producer the generator used (program order).
 * 5. Writer error handling: unwritable path, non-increasing cycles, wrong writer type.
 *
 * Build: make build/test_report (sim/report/report.mk).
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sim_types.h"

static unsigned n_pass, n_fail;
static char g_dir[4096];
static int g_keep;

static void check(int ok, const char *fmt, ...)
{
  va_list ap;
  if (ok) {
    n_pass++;
    return;
  }
  n_fail++;
  printf("FAIL ");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
}

static void scpy(char *d, size_t n, const char *s)
{
  size_t l = strlen(s);
  if (l >= n)
    l = n - 1;
  memcpy(d, s, l);
  d[l] = '\0';
}

static const char *scratch(const char *name)
{
  static char buf[8][4200];
  static unsigned k;
  char *b = buf[k++ & 7u];
  snprintf(b, 4200, "%s/%s", g_dir, name);
  return b;
}

/* The whole of stream F as a NUL-terminated string (NULL when it cannot be read); closes F. */
static char *read_all(FILE *f)
{
  char *b;
  long n;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  rewind(f);
  b = n < 0 ? NULL : malloc((size_t)n + 1);
  if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
    free(b);
    b = NULL;
  }
  if (b)
    b[n] = '\0';
  fclose(f);
  return b;
}

static char *slurp(const char *path)
{
  FILE *f = fopen(path, "rb");
  return f ? read_all(f) : NULL;
}

static int exists(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (f)
    fclose(f);
  return f != NULL;
}

/* ======================================================================================== */
/* 1. reports                                                                              */
/* ======================================================================================== */

#define I_FIX(i) (PMU_P + (i))
#define I_SLOT(i) (PMU_P + 3 + (i))
#define I_STK(s, c) (PMU_P + 8 + (s) * 8 + (c))

/* stack slots of thread 0 in units of W: 2000 cycles, 1000 instructions */
static const unsigned stk_units[3][8] = {
    {300, 200, 100, 600, 200, 300, 100, 200},   /* dispatch (wrong path counted as base) */
    {275, 100, 100, 800, 200, 300, 100, 125},   /* issue */
    {250, 50, 50, 1000, 200, 250, 100, 100},    /* commit */
};
#define T0_INSNS 1000u
#define T0_CYCLES 2000u

static void fabricate(pmu_state_t *s, run_info_t *info, unsigned wpvis)
{
  unsigned st, c, t;
  memset(s, 0, sizeof *s);
  memset(info, 0, sizeof *info);
  info->workload = "unit, test \"fabricated\"";   /* a comma and quotes: CSV quoting */
  info->config = "W=4 THREADS=2";
  info->cycles = T0_CYCLES;
  info->seed = 7;
  info->w = PMU_W;
  info->wpvis = wpvis;
  for (t = 0; t < PMU_THREADS; t++)
    s->ctrl_q[t] = wpvis << PMU_CTRL_WPVIS_LSB;

  for (st = 0; st < 3; st++)
    for (c = 0; c < 8; c++)
      s->cnt_q[pmu_cnt_idx(0, I_STK(st, c))] = (uint64_t)stk_units[st][c] * PMU_W;
  s->cnt_q[pmu_cnt_idx(0, I_SLOT(0))] = (uint64_t)T0_CYCLES * PMU_W;
  s->cnt_q[pmu_cnt_idx(0, I_SLOT(1))] = 1500ull * PMU_W;
  s->cnt_q[pmu_cnt_idx(0, I_SLOT(2))] = 1100ull * PMU_W;
  s->cnt_q[pmu_cnt_idx(0, I_SLOT(3))] = T0_INSNS;
  s->cnt_q[pmu_cnt_idx(0, I_SLOT(4))] = 20000;
  s->cnt_q[pmu_cnt_idx(0, I_FIX(0))] = T0_CYCLES;
  s->cnt_q[pmu_cnt_idx(0, I_FIX(1))] = T0_INSNS;
  s->cnt_q[pmu_cnt_idx(0, I_FIX(2))] = 100;
  s->gctrl_q[0] = 0xfull | (7ull << 32);
  s->fixctl_q[0] = 0x333;

  /* programmable counters of thread 0 */
  info->pmc[0][0].name = "UOPS_ISSUED.ANY";
  info->pmc[0][0].evtsel = s->evtsel_q[0][0] = 0x0043010eu;
  s->cnt_q[pmu_cnt_idx(0, 0)] = 1100ull * PMU_W;
#if PMU_P >= 5
  info->pmc[0][1].name = "STALL_CYCLES";
  info->pmc[0][1].evtsel = s->evtsel_q[0][1] = 0x01c3010eu;
  s->cnt_q[pmu_cnt_idx(0, 1)] = 1234567;
  info->pmc[0][2].evtsel = s->evtsel_q[0][2] = 0x004300c0u;   /* no name: catalog */
  s->cnt_q[pmu_cnt_idx(0, 2)] = T0_INSNS;
  info->pmc[0][3].name = "CHAIN_HI";
  info->pmc[0][3].evtsel = s->evtsel_q[0][3] = 0x00430148u;
  info->pmc[0][3].ext = s->ext_q[0][3] = 0x10u;
  s->cnt_q[pmu_cnt_idx(0, 3)] = 2;
  info->pmc[0][4].evtsel = s->evtsel_q[0][4] = 0x004300ffu;   /* not in the catalog */
  s->cnt_q[pmu_cnt_idx(0, 4)] = 0;
#endif

#if PMU_THREADS > 1
  /* thread 1: ran 2000 cycles, retired nothing (front end starved by an Icache miss) */
  for (st = 0; st < 3; st++)
    s->cnt_q[pmu_cnt_idx(1, I_STK(st, PMU_CMP_ICACHE))] = (uint64_t)T0_CYCLES * PMU_W;
  s->cnt_q[pmu_cnt_idx(1, I_SLOT(0))] = (uint64_t)T0_CYCLES * PMU_W;
#endif
}

static char *report_text(const pmu_state_t *s, const run_info_t *info)
{
  FILE *f = tmpfile();
  if (!f)
    return NULL;
  report_print(f, s, info);
  return read_all(f);
}

/* The line in [from, end) that starts with `key` followed by a space (or NULL). */
static const char *find_line(const char *from, const char *end, const char *key)
{
  const char *p = from;
  size_t kl = strlen(key);
  while (p && *p && (!end || p < end)) {
    if (!strncmp(p, key, kl) && p[kl] == ' ')
      return p;
    p = strchr(p, '\n');
    if (p)
      p++;
  }
  return NULL;
}

/* whitespace tokens of one line */
static int tokens(const char *line, char tok[][32], int max)
{
  int n = 0;
  while (*line && *line != '\n' && n < max) {
    size_t k = 0;
    while (*line == ' ')
      line++;
    if (!*line || *line == '\n')
      break;
    while (*line && *line != ' ' && *line != '\n') {
      if (k < 31)
        tok[n][k++] = *line;
      line++;
    }
    tok[n][k] = '\0';
    n++;
  }
  return n;
}

static void expect_row(const char *txt, const char *end, const char *key, int ncol,
                       const double *cpi, const double *pct)
{
  char tok[16][32], want[32];
  const char *l = find_line(txt, end, key);
  int n, i;
  check(l != NULL, "report: stack row '%s' present", key);
  if (!l)
    return;
  n = tokens(l, tok, 16);
  check(n == 1 + 2 * ncol, "report: stack row '%s' has %d columns (got %d)", key, 1 + 2 * ncol, n);
  for (i = 0; i < ncol && 1 + 2 * i + 1 < n; i++) {
    snprintf(want, sizeof want, "%.4f", cpi[i]);
    check(!strcmp(tok[1 + 2 * i], want), "report: %s CPI column %d: want %s got %s", key, i, want,
          tok[1 + 2 * i]);
    snprintf(want, sizeof want, "%.2f%%", pct[i]);
    check(!strcmp(tok[2 + 2 * i], want), "report: %s %% column %d: want %s got %s", key, i, want,
          tok[2 + 2 * i]);
  }
}

static void test_report_text(void)
{
  pmu_state_t s;
  run_info_t info;
  char *txt, *t1;
  const char *end;
  unsigned c;
  char want[256];

  fabricate(&s, &info, 0);
  txt = report_text(&s, &info);
  check(txt != NULL, "report: captured");
  if (!txt)
    return;
  t1 = strstr(txt, "thread 1 ====");
  end = t1 ? t1 : txt + strlen(txt);

  /* stacks, wpvis = 0: five column pairs (dispatch issue commit dispatch* issue*) */
  for (c = 0; c < 8; c++) {
    double cpi[5], pct[5];
    unsigned st;
    for (st = 0; st < 3; st++) {
      cpi[st] = stk_units[st][c] / (double)T0_INSNS;
      pct[st] = 100.0 * stk_units[st][c] / (double)T0_CYCLES;
    }
    for (st = 0; st < 2; st++) {
      double u = stk_units[st][c];
      if (c == PMU_CMP_BASE)
        u = stk_units[2][PMU_CMP_BASE];
      if (c == PMU_CMP_BPRED)
        u += stk_units[st][PMU_CMP_BASE] - stk_units[2][PMU_CMP_BASE];
      cpi[3 + st] = u / T0_INSNS;
      pct[3 + st] = 100.0 * u / T0_CYCLES;
    }
    expect_row(txt, end, pmu_comp_names[c], 5, cpi, pct);
  }
  {
    const double cpi[5] = {2, 2, 2, 2, 2}, pct[5] = {100, 100, 100, 100, 100};
    expect_row(txt, end, "total", 5, cpi, pct);
  }
  check(strstr(txt, "* wrong-path corrected") != NULL, "report: corrected columns labelled");
  check(strstr(txt, "dispatch*") && strstr(txt, "issue*"), "report: corrected column headers");
  snprintf(want, sizeof want, "(dispatch %u, issue %u slots moved)",
           (stk_units[0][0] - stk_units[2][0]) * PMU_W, (stk_units[1][0] - stk_units[2][0]) * PMU_W);
  check(strstr(txt, want) != NULL, "report: slots moved by the correction: %s", want);

  /* issue-slot breakdown */
  {
    const uint64_t tot = (uint64_t)T0_CYCLES * PMU_W, fe = 500ull * PMU_W, be = 400ull * PMU_W,
                   bad = 1100ull * PMU_W - T0_INSNS, ret = T0_INSNS;
    const char *l;
    char tok[16][32];
    int n;
    struct { const char *key; uint64_t v; } rows[4] = {
        {"not filled", fe}, {"filled, not issued", be}, {"issued, not retired", bad},
        {"retired", ret}};
    unsigned i;
    for (i = 0; i < 4; i++) {
      char v[32], p[32];
      l = find_line(txt, end, i == 3 ? "  retired" : "  x");
      if (i < 3) {
        l = strstr(txt, rows[i].key);
      }
      check(l && l < end, "report: slot row '%s' present", rows[i].key);
      if (!l)
        continue;
      n = tokens(l, tok, 16);
      snprintf(p, sizeof p, "%.2f%%", 100.0 * (double)rows[i].v / (double)tot);
      check(n >= 2 && !strcmp(tok[n - 1], p), "report: slot row '%s' %%: want %s got %s",
            rows[i].key, p, n ? tok[n - 1] : "?");
      /* the slot count with thousands separators */
      {
        char raw[32], *o = v;
        size_t len, j;
        snprintf(raw, sizeof raw, "%" PRIu64, rows[i].v);
        len = strlen(raw);
        for (j = 0; j < len; j++) {
          if (j && (len - j) % 3 == 0)
            *o++ = ',';
          *o++ = raw[j];
        }
        *o = '\0';
      }
      check(n >= 2 && !strcmp(tok[n - 2], v), "report: slot row '%s' slots: want %s got %s",
            rows[i].key, v, n >= 2 ? tok[n - 2] : "?");
    }

    /* top-down, perf stat --topdown layout */
    {
      char hdr[200], row[200];
      snprintf(hdr, sizeof hdr, "%18s%20s %20s %20s %20s ", "", "retiring", "bad speculation",
               "frontend bound", "backend bound");
      check(strstr(txt, hdr) != NULL, "report: top-down header in perf layout");
      snprintf(row, sizeof row, "%-18s%19.1f%% %19.1f%% %19.1f%% %19.1f%% ", "T0",
               100.0 * ret / tot, 100.0 * bad / tot, 100.0 * fe / tot, 100.0 * be / tot);
      check(strstr(txt, row) != NULL, "report: top-down row T0: '%s'", row);
    }
  }

  /* programmable and fixed counters */
  {
    char b[160];
    snprintf(b, sizeof b, "%-32s # pmc0 UOPS_ISSUED.ANY evtsel 0x0043010e", "r10e");
    check(strstr(txt, b) != NULL, "report: pmc0: perf name r10e, label, raw encoding");
#if PMU_P >= 5
    check(strstr(txt, "1,234,567      r180010e ") != NULL,
          "report: perf-style value + perf name with cmask and inv (r180010e)");
    check(strstr(txt, "# pmc2 INST_RETIRED.ANY_P") != NULL, "report: catalog label for unnamed counter");
    check(strstr(txt, "cpu/config=0x148,config1=0x10/") && strstr(txt, "ext 0x00000010") != NULL,
          "report: ext shown, and in the perf name as config1");
    check(strstr(txt, "(chain: counts wraps of pmc2)") != NULL, "report: chain noted");
    check(strstr(txt, "      rff ") && strstr(txt, "# pmc4 (not in the catalog) evtsel 0x004300ff") &&
              strstr(txt, "(not enabled)"),
          "report: raw perf name rff, pmc4 not enabled (gctrl bit clear)");
#endif
    snprintf(b, sizeof b, "%-32s # fix1 instructions retired   0.5000  insn per cycle", "instructions");
    check(strstr(txt, b) != NULL, "report: fixed counter under perf's name, IPC");
    check(strstr(txt, "instructions 1000, cycles 2000, IPC 0.5000, CPI 2.0000") != NULL,
          "report: thread summary line");
  }

#if PMU_THREADS > 1
  /* zero instructions: n/a, no nan/inf anywhere, shares still computed */
  check(t1 != NULL, "report: thread 1 section");
  if (t1) {
    const char *l = find_line(t1, NULL, "icache");
    char tok[16][32];
    int n = l ? tokens(l, tok, 16) : 0;
    check(strstr(t1, "CPI n/a (no instruction retired)") != NULL, "report: zero instructions");
    check(n == 11 && !strcmp(tok[1], "n/a") && !strcmp(tok[2], "100.00%"),
          "report: thread 1 icache row n/a and 100%% (got %d tokens)", n);
  }
#endif
  check(!strstr(txt, "nan") && !strstr(txt, "inf ") && !strstr(txt, "-0.0"),
        "report: no nan/inf/-0.0 printed");
  free(txt);

  /* wpvis = 1: no corrected columns */
  fabricate(&s, &info, 1);
  txt = report_text(&s, &info);
  check(txt && !strstr(txt, "dispatch*") && !strstr(txt, "wrong-path corrected"),
        "report: wpvis=1 has no corrected columns");
  if (txt) {
    const char *l = find_line(txt, NULL, "base");
    char tok[16][32];
    check(l && tokens(l, tok, 16) == 7, "report: wpvis=1 has three column pairs");
  }
  free(txt);

  /* NULL info is tolerated */
  txt = report_text(&s, NULL);
  check(txt && strstr(txt, "StallScope PMU report"), "report: info NULL tolerated");
  free(txt);
}

/* ---- CSV ---- */

typedef struct {
  char area[64], unit[16], value[48], desc[256];
} csvrow_t;

/* RFC 4180 parse of one record; returns fields parsed, advances *pp past the newline */
static int csv_record(const char **pp, char f[][256], int max)
{
  const char *p = *pp;
  int n = 0;
  size_t k = 0;
  int q = 0;
  if (!*p)
    return 0;
  for (;;) {
    char ch = *p;
    if (q) {
      if (!ch)
        return -1;
      if (ch == '"' && p[1] == '"') {
        if (k < 255)
          f[n][k++] = '"';
        p += 2;
        continue;
      }
      if (ch == '"') {
        q = 0;
        p++;
        continue;
      }
      if (k < 255)
        f[n][k++] = ch;
      p++;
      continue;
    }
    if (ch == '"' && k == 0) {
      q = 1;
      p++;
      continue;
    }
    if (ch == ',' || ch == '\n' || !ch) {
      f[n][k] = '\0';
      n++;
      k = 0;
      if (ch == ',') {
        if (n >= max)
          return -1;
        p++;
        continue;
      }
      if (ch == '\n')
        p++;
      *pp = p;
      return n;
    }
    if (k < 255)
      f[n][k++] = ch;
    p++;
  }
}

static csvrow_t *csv_load(const char *path, size_t *nrows, int *bad)
{
  char *b = slurp(path);
  const char *p;
  char f[8][256];
  csvrow_t *rows;
  size_t n = 0, cap = 1024;
  *bad = 0;
  *nrows = 0;
  if (!b)
    return NULL;
  rows = malloc(cap * sizeof *rows);
  p = b;
  if (csv_record(&p, f, 8) != 4 || strcmp(f[0], "Area") || strcmp(f[1], "Value") ||
      strcmp(f[2], "Unit") || strcmp(f[3], "Description"))
    *bad = 1;
  while (*p) {
    int k = csv_record(&p, f, 8);
    if (k != 4) {
      (*bad)++;
      continue;
    }
    if (n == cap) {
      cap *= 2;
      rows = realloc(rows, cap * sizeof *rows);
    }
    scpy(rows[n].area, sizeof rows[n].area, f[0]);
    scpy(rows[n].value, sizeof rows[n].value, f[1]);
    scpy(rows[n].unit, sizeof rows[n].unit, f[2]);
    scpy(rows[n].desc, sizeof rows[n].desc, f[3]);
    n++;
  }
  free(b);
  *nrows = n;
  return rows;
}

static const csvrow_t *csv_get(const csvrow_t *r, size_t n, const char *area, const char *unit)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (!strcmp(r[i].area, area) && !strcmp(r[i].unit, unit))
      return &r[i];
  return NULL;
}

static void csv_expect(const csvrow_t *r, size_t n, const char *area, const char *unit,
                       const char *want)
{
  const csvrow_t *x = csv_get(r, n, area, unit);
  check(x && !strcmp(x->value, want), "csv: %s [%s]: want %s got %s", area, unit, want,
        x ? x->value : "(missing)");
}

static void test_report_csv(void)
{
  pmu_state_t s;
  run_info_t info;
  const char *path = scratch("report.csv");
  char tmp[4300], want[64];
  csvrow_t *rows;
  size_t n, i, j;
  int bad, dup = 0;
  unsigned st, c;
  static const char *const stn[3] = {"Dispatch", "Issue", "Commit"};
  static const char *const cn[8] = {"Base", "Icache", "Bpred", "Dcache", "Alu", "Depend", "Smt",
                                    "Other"};

  fabricate(&s, &info, 0);
  check(report_csv(path, &s, &info) == 0, "csv: report_csv ok");
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  check(!exists(tmp), "csv: no .tmp left behind");
  rows = csv_load(path, &n, &bad);
  check(rows != NULL && !bad, "csv: header and every record has 4 fields (bad %d)", bad);
  if (!rows)
    return;
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++)
      if (!strcmp(rows[i].area, rows[j].area) && !strcmp(rows[i].unit, rows[j].unit))
        dup++;
  check(dup == 0, "csv: (Area, Unit) unique (%d duplicates)", dup);
  for (i = 0; i < n; i++) {
    const char *u = rows[i].unit;
    if (strcmp(u, "CPI") && strcmp(u, "Slots") && strcmp(u, "Count") && strcmp(u, "%") &&
        strcmp(u, "IPC") && strcmp(u, "ns")) {
      check(0, "csv: unexpected unit %s in %s", u, rows[i].area);
      break;
    }
  }
  {
    const csvrow_t *x = csv_get(rows, n, "Run.Cycles", "Count");
    check(x && strstr(x->desc, "unit, test \"fabricated\""), "csv: quoted description round-trips");
  }
  for (st = 0; st < 3; st++)
    for (c = 0; c < 8; c++) {
      char area[64];
      snprintf(area, sizeof area, "T0.%s.%s", stn[st], cn[c]);
      snprintf(want, sizeof want, "%.6f", stk_units[st][c] / (double)T0_INSNS);
      csv_expect(rows, n, area, "CPI", want);
      snprintf(want, sizeof want, "%u", stk_units[st][c] * PMU_W);
      csv_expect(rows, n, area, "Slots", want);
      snprintf(want, sizeof want, "%.6f", 100.0 * stk_units[st][c] / T0_CYCLES);
      csv_expect(rows, n, area, "%", want);
    }
  csv_expect(rows, n, "T0.Dispatch.Total", "CPI", "2.000000");
  csv_expect(rows, n, "T0.DispatchCorrected.Base", "CPI", "0.250000");
  csv_expect(rows, n, "T0.DispatchCorrected.Bpred", "CPI", "0.150000");
  csv_expect(rows, n, "T0.IssueCorrected.Base", "CPI", "0.250000");
  csv_expect(rows, n, "T0.IssueCorrected.Bpred", "CPI", "0.125000");
  csv_expect(rows, n, "T0.IssueCorrected.Dcache", "CPI", "0.800000");
  csv_expect(rows, n, "T0.CPI", "CPI", "2.000000");
  csv_expect(rows, n, "T0.IPC", "IPC", "0.500000");
  csv_expect(rows, n, "T0.IPC.Fixed", "IPC", "0.500000");
  csv_expect(rows, n, "T0.Instructions", "Count", "1000");
  csv_expect(rows, n, "T0.Cycles", "Count", "2000");
  csv_expect(rows, n, "T0.Fixed.InstRetired", "Count", "1000");
  csv_expect(rows, n, "T0.Slots.ElapsedNs", "ns", "20000");
  snprintf(want, sizeof want, "%.6f", 100.0 * 500.0 / T0_CYCLES);
  csv_expect(rows, n, "T0.TopDown.FrontendBound", "%", want);
  snprintf(want, sizeof want, "%.6f", 100.0 * ((1100.0 * PMU_W) - T0_INSNS) / (T0_CYCLES * PMU_W));
  csv_expect(rows, n, "T0.TopDown.BadSpeculation", "%", want);
  snprintf(want, sizeof want, "%u", 1100u * PMU_W);
  csv_expect(rows, n, "T0.PMC0", "Count", want);
  {
    const csvrow_t *x = csv_get(rows, n, "T0.PMC0", "Count");
    check(x && strstr(x->desc, "r10e (UOPS_ISSUED.ANY) evtsel=0x0043010e"), "csv: PMC description");
  }
  csv_expect(rows, n, "Run.WPVis", "Count", "0");
#if PMU_THREADS > 1
  csv_expect(rows, n, "T1.CPI", "CPI", "nan");
  csv_expect(rows, n, "T1.Commit.Icache", "CPI", "nan");
  csv_expect(rows, n, "T1.Commit.Icache", "%", "100.000000");
#endif
  {
    /* rows: 6 run + per thread (pmcs + 3 fixed + 5 slots + 81 stacks + 54 corrected + 8 top-down
     * + 5 derived) */
    size_t npmc = PMU_P >= 5 ? 5 : 1, want_rows = 6 + npmc + PMU_THREADS * (3 + 5 + 81 + 54 + 8 + 5);
    check(n == want_rows, "csv: %zu rows (want %zu)", n, want_rows);
  }
  free(rows);

  /* wpvis = 1: no corrected rows */
  fabricate(&s, &info, 1);
  check(report_csv(path, &s, &info) == 0, "csv: wpvis=1 written");
  rows = csv_load(path, &n, &bad);
  check(rows && !csv_get(rows, n, "T0.DispatchCorrected.Base", "CPI") &&
            csv_get(rows, n, "T0.Dispatch.Base", "CPI"),
        "csv: wpvis=1 has no corrected rows");
  free(rows);

  /* error after writing: PATH is a directory, so the final rename fails -> -1, no PATH.tmp */
  {
    const char *d = scratch("csv-is-a-dir");
    char t2[4300];
    snprintf(t2, sizeof t2, "%s.tmp", d);
    check(mkdir(d, 0700) == 0, "csv: scratch directory made");
    check(report_csv(d, &s, &info) != 0, "csv: failed rename reported");
    check(!exists(t2), "csv: temporary file removed after a failed rename");
    rmdir(d);
  }

  /* error: the directory does not exist -> -1, nothing created */
  {
    const char *p2 = scratch("no-such-dir/report.csv");
    char t2[4300];
    snprintf(t2, sizeof t2, "%s.tmp", p2);
    check(report_csv(p2, &s, &info) != 0, "csv: unwritable path fails");
    check(!exists(p2) && !exists(t2), "csv: nothing left after a failure");
  }
}

/* ---- toplev CSV (sim/report/toplev.c) ---- */
static unsigned count_char(const char *s, const char *end, char ch)
{
  unsigned n = 0;
  for (; s < end; s++)
    n += *s == ch;
  return n;
}

/* ---- perf names and perf stat -x CSV (sim/report/report.c, sim/report/perfstat.c) ---- */
/* One catalog rule (docs/spec.md 2.2 "Names") for the report and the main run: the EVTSELs below
 * got two labels before (the report named exact (event, umask) entries only, the main run every
 * entry with a umask bit in common, supported or not). */
static void test_catalog_names(void)
{
  static const struct {
    uint32_t evtsel;
    const char *want;   /* NULL: no name (an unsupported pair counts nothing) */
  } v[] = {
      {0x0043003cu, "CPU_CLK_UNHALTED.THREAD"},               /* umask 0x00 entry */
      {0x0043013cu, "CPU_CLK_UNHALTED.REF_XCLK"},             /* not THREAD|REF_XCLK */
      {0x004314a2u, "RESOURCE_STALLS.RS|ROB"},                /* was "(not in the catalog)" / "RS+ROB" */
      {0x004309d1u, "MEM_LOAD_RETIRED.L1_HIT|L1_MISS"},       /* spec 2.2's example */
      {0x004315a2u, "RESOURCE_STALLS.ANY|RS|ROB"},            /* every entry once, catalog order */
      {0x00430ca2u, NULL},      /* RS and bit 3 (no entry): was "RESOURCE_STALLS.RS" in the main run */
      {0x004303b1u, NULL},      /* UOPS_EXECUTED.THREAD and .CORE: two scopes, unsupported */
      {0x004300a2u, NULL},      /* umask 0x00 of an event without a umask-0x00 entry */
      {0x004300ffu, NULL},      /* event code not in the catalog */
      {0x00000000u, NULL},      /* evtsel's reset value: no event */
      {0xfffb02b1u, "UOPS_EXECUTED.CORE"},                    /* other fields do not matter */
  };
  char b[128], tiny[8];
  unsigned i;
  for (i = 0; i < sizeof v / sizeof v[0]; i++) {
    int named = pmu_catalog_name(v[i].evtsel, b, sizeof b);
    check(v[i].want ? named && !strcmp(b, v[i].want) : !named && !*b, "catalog name of 0x%08x: want %s got %s%s",
          v[i].evtsel, v[i].want ? v[i].want : "none", named ? "" : "none ", b);
  }
  check(pmu_catalog_name(0x004314a2u, tiny, sizeof tiny) && !strcmp(tiny, "RESOURC"),
        "catalog name: a short buffer gets the name cut (got '%s')", tiny);
}

static void test_perf(void)
{
  static const struct {
    uint32_t evtsel, ext;
    const char *want;
  } v[] = {
      {0x0043010eu, 0, "r10e"},               /* USR+OS+EN: no modifier, EN/INT/USR/OS dropped */
      {0x01c3010eu, 0, "r180010e"},           /* cmask 1, inv kept (perf's raw config) */
      {0x0041010eu, 0, "r10e:u"},             /* USR only */
      {0x0042010eu, 0, "r10e:k"},             /* OS only */
      {0x0047015eu, 0, "r4015e"},             /* edge */
      {0x0063010eu, 0, "r20010e"},            /* any */
      {0x104301e1u, 0, "r100001e1"},
      {0x004300ffu, 0, "rff"},
      {0x01c3010eu, 0x20u, "cpu/config=0x180010e,config1=0x20/"},
      {0x0041010eu, 0x10u, "cpu/config=0x10e,config1=0x10/u"},
  };
  char b[64], path[4300], *text;
  unsigned i, lines = 0, bad = 0;
  pmu_state_t s;
  run_info_t info;
  perfstat_writer_t *w;
  const char *p;

  for (i = 0; i < sizeof v / sizeof v[0]; i++) {
    perf_event_name(v[i].evtsel, v[i].ext, b, sizeof b);
    check(!strcmp(b, v[i].want), "perf: evtsel 0x%08" PRIx32 " ext 0x%" PRIx32 " -> '%s' (want '%s')",
          v[i].evtsel, v[i].ext, b, v[i].want);
  }

  scpy(path, sizeof path, scratch("perf_stat.csv"));
  fabricate(&s, &info, 1);
  w = perfstat_open(path, ",", 0);
  check(w && perfstat_rows(w, &s, &info, 0.0) == 0 && perfstat_close(w) == 0, "perf: csv written");
  text = slurp(path);
  check(text != NULL, "perf: csv read back");
  if (!text)
    return;
  for (p = text; *p; lines++) {        /* perf stat -A -x, lines: 8 fields (an event spelt with */
    const char *nl = strchr(p, '\n');   /* terms holds commas, as in perf's own -x output) */
    const unsigned extra = (unsigned)(nl && strstr(p, "config1") && strstr(p, "config1") < nl);
    if (!nl)
      break;
    bad += count_char(p, nl, ',') != 7 + extra;
    p = nl + 1;
  }
  check(bad == 0, "perf: every line has perf's 8 fields (%u bad of %u)", bad, lines);
  snprintf(b, sizeof b, "CPU0,%u,,r10e,20000,100.00,,\n", 1100u * PMU_W);
  check(strstr(text, b) != NULL, "perf: pmc0 line '%.*s' (value, empty unit, name, run time ns, "
        "percentage)", (int)strlen(b) - 1, b);
#if PMU_P >= 5
  check(strstr(text, "CPU0,<not counted>,,rff,0,0.00,,\n") != NULL, "perf: a counter not enabled is "
        "<not counted>");
#endif
  check(strstr(text, "CPU0,1000,,instructions,20000,100.00,0.50,insn per cycle\n") != NULL &&
            strstr(text, "CPU0,2000,,cycles,20000,100.00,,\n") != NULL,
        "perf: fixed counters as cycles and instructions with perf's insn-per-cycle metric");
  free(text);
  w = perfstat_open(path, ";", 1);
  check(w && perfstat_rows(w, &s, &info, 0.25) == 0 && perfstat_close(w) == 0, "perf: interval");
  text = slurp(path);
  check(text && !strncmp(text, "     0.250000000;CPU0;", 22), "perf: interval timestamp as perf -I "
        "('%%16.9f'), separator ';'");
  free(text);
  check(perfstat_open(scratch("no-such-dir/p.csv"), ",", 0) == NULL && perfstat_open(path, "", 0) == NULL &&
            perfstat_close(NULL) != 0 && perfstat_rows(NULL, &s, &info, 0) != 0,
        "perf: unwritable path, empty separator, NULL writer");
}

#define TL_HDR "CPUs,Area,Value,Unit,Description,Sample,Stddev,Multiplex,Bottleneck,Idle\n"

static void test_toplev(void)
{
  pmu_state_t s;
  run_info_t info;
  char path[4300], dir[4200], want[160], *text;
  const uint64_t T = (uint64_t)T0_CYCLES * PMU_W, F = 1500ull * PMU_W, I = 1100ull * PMU_W,
                 R = T0_INSNS;
  const double node[4] = {100.0 * (double)(T - F) / (double)T, 100.0 * (double)(I - R) / (double)T,
                          100.0 * (double)(F - I) / (double)T, 100.0 * (double)R / (double)T};
  static const char *const name[4] = {"Frontend_Bound", "Bad_Speculation", "Backend_Bound",
                                      "Retiring"};
  const unsigned per = 4 + 24 + 3;   /* rows per thread: level 1, the stacks, 3 metrics */
  toplev_writer_t *w;
  unsigned k, big = 0, lines = 0, badf = 0;
  const char *p;

  scpy(path, sizeof path, scratch("toplev.csv"));
  fabricate(&s, &info, 1);
  w = toplev_open(path, 0);
  check(w && toplev_rows(w, &s, 0.0) == 0 && toplev_close(w) == 0, "toplev: written");
  text = slurp(path);
  check(text != NULL, "toplev: read back");
  if (!text)
    return;
  for (p = text; *p; lines++) {      /* every record has toplev's 10 or 11 fields */
    const char *nl = strchr(p, '\n');
    if (!nl)
      break;
    badf += count_char(p, nl, ',') != 9;
    p = nl + 1;
  }
  check(!strncmp(text, TL_HDR, strlen(TL_HDR)) && lines == 1 + PMU_THREADS * per && badf == 0,
        "toplev: header, %u rows per thread, 10 fields each (%u lines, %u bad)", per, lines, badf);
  for (k = 1; k < 4; k++)
    if (node[k] > node[big])
      big = k;
  for (k = 0; k < 4; k++) {
    snprintf(want, sizeof want, "C0-T0,%s,%.1f,%% Slots,", name[k], node[k]);
    p = strstr(text, want);
    {
      const char *nl = p ? strchr(p, '\n') : NULL, *bn = p ? strstr(p, ",100.0,<==,") : NULL;
      check(p && nl && (k == big) == (bn != NULL && bn < nl),
            "toplev: %s of T0 = %.1f %% Slots%s", name[k], node[k],
            k == big ? ", marked <== (the largest)" : "");
    }
  }
  snprintf(want, sizeof want, "C0-T0,Issue_Stack.Dcache,%.1f,%% Slots,",
           100.0 * (double)stk_units[1][PMU_CMP_DCACHE] * PMU_W / (double)T);
  check(strstr(text, want) != NULL, "toplev: '%s'", want);
  snprintf(want, sizeof want, "C0-T0,IPC,%.1f,Metric,", (double)R / ((double)T / PMU_W));
  check(strstr(text, want) != NULL, "toplev: '%s'", want);
#if PMU_THREADS > 1
  check(strstr(text, "C0-T1,CPI,nan,Metric,") != NULL && strstr(text, "C0-T1,Retiring,0.0,% Slots,"),
        "toplev: a thread that retired nothing: CPI nan, Retiring 0.0");
#endif
  free(text);

  /* interval mode: a Timestamp column, one row set per call */
  w = toplev_open(path, 1);
  check(w && toplev_rows(w, &s, 0.5) == 0 && toplev_rows(w, &s, 1.25) == 0 && toplev_close(w) == 0,
        "toplev: interval mode written");
  text = slurp(path);
  if (text) {
    for (p = text, lines = 0; *p; p++)
      lines += *p == '\n';
    check(!strncmp(text, "Timestamp,CPUs,Area,", 20) &&
              strstr(text, "\n0.500000000,C0-T0,Frontend_Bound,") &&
              strstr(text, "\n1.250000000,C0-T0,Frontend_Bound,") && lines == 1 + 2 * PMU_THREADS * per,
          "toplev: interval rows timestamped (%u lines)", lines);
    free(text);
  }

  /* errors */
  check(toplev_open(scratch("no-such-dir/t.csv"), 0) == NULL && toplev_close(NULL) != 0 &&
            toplev_rows(NULL, &s, 0) != 0,
        "toplev: unwritable path, NULL writer");
  scpy(dir, sizeof dir, scratch("toplev-is-a-dir"));
  check(mkdir(dir, 0700) == 0, "toplev: scratch directory");
  w = toplev_open(dir, 0);
  check(w && toplev_rows(w, &s, 0) == 0 && toplev_close(w) != 0, "toplev: failed rename reported");
  snprintf(path, sizeof path, "%s.tmp", dir);
  check(!exists(path), "toplev: temporary removed");
  rmdir(dir);
}

/* ======================================================================================== */
/* 2. trace writers                                                                        */
/* ======================================================================================== */

typedef struct {
  trc_cycle_t c;
  pmu_in_t in;
  unsigned nf, nd, ni, nc;
} cyc_t;

static void cyc_init(cyc_t *x, uint64_t cycle)
{
  memset(x, 0, sizeof *x);
  x->c.cycle = cycle;
  x->c.w = 4;
  x->c.pmu = &x->in;
}

static void rec(trc_rec_t *a, unsigned *n, unsigned tid, uint32_t seq, unsigned wp, unsigned attr)
{
  if (*n >= 4)
    return;
  a[*n].valid = 1;
  a[*n].tid = (uint8_t)tid;
  a[*n].seq = seq;
  a[*n].wp = (uint8_t)wp;
  a[*n].attr = (uint16_t)attr;
  (*n)++;
}
#define FETCH(x, t, s, wp, a) rec((x)->c.fetch, &(x)->nf, t, s, wp, a)
#define DISP(x, t, s, wp, a) rec((x)->c.disp, &(x)->nd, t, s, wp, a)
#define ISSUE(x, t, s, wp, lat) rec((x)->c.issue, &(x)->ni, t, s, wp, lat)
#define COMMIT(x, t, s, a) rec((x)->c.commit, &(x)->nc, t, s, 0, a)

/* ---- parsed view of a trace, common to both validators ---- */
typedef struct {
  unsigned tid;
  uint32_t seq;
  int alive, fate;          /* fate: 0 retired, 1 flushed / end (Kanata R type 1), 2 end */
  uint64_t born, end;
  char hist[32];            /* lane-0 stages in order */
  uint64_t at_c;            /* Kanata: the cycle stage C began (valid when hist has a C) */
  char label[160];
  char detail[512];
  char open0[8], open1[16];
  uint64_t s1;              /* start of the open lane-1 stage */
  int64_t wprod;            /* W producer id, -1 none */
} vinst_t;

typedef struct {
  uint64_t id, s, e;
  char name[16];
} vseg_t;

typedef struct {
  vinst_t *v;
  size_t n, cap;
  vseg_t *seg;
  size_t nseg, segcap;
  int errors;
  char err[512];
  unsigned retired, flushed, ended;
  uint64_t last_cycle;
} vtrace_t;

static void verr(vtrace_t *t, unsigned line, const char *fmt, ...)
{
  va_list ap;
  if (!t->errors++) {
    int k = snprintf(t->err, sizeof t->err, "line %u: ", line);
    va_start(ap, fmt);
    vsnprintf(t->err + k, sizeof t->err - (size_t)k, fmt, ap);
    va_end(ap);
  }
}

static vinst_t *vnew(vtrace_t *t)
{
  if (t->n == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 256;
    t->v = realloc(t->v, t->cap * sizeof *t->v);
  }
  memset(&t->v[t->n], 0, sizeof t->v[0]);
  t->v[t->n].wprod = -1;
  return &t->v[t->n++];
}

static void vseg(vtrace_t *t, uint64_t id, const char *name, uint64_t s, uint64_t e)
{
  if (t->nseg == t->segcap) {
    t->segcap = t->segcap ? 2 * t->segcap : 1024;
    t->seg = realloc(t->seg, t->segcap * sizeof *t->seg);
  }
  t->seg[t->nseg].id = id;
  t->seg[t->nseg].s = s;
  t->seg[t->nseg].e = e;
  scpy(t->seg[t->nseg].name, sizeof t->seg[0].name, name);
  t->nseg++;
}

/* Instruction i is still in flight when the trace ends at cycle cyc: close its open stage. */
static void vend_in_flight(vtrace_t *t, size_t i, uint64_t cyc)
{
  vinst_t *x = &t->v[i];
  if (x->open1[0])
    vseg(t, i, x->open1, x->s1, cyc);
  x->alive = 0;
  x->fate = 2;
  x->end = cyc;
  t->ended++;
}

static void vfree(vtrace_t *t)
{
  free(t->v);
  free(t->seg);
  memset(t, 0, sizeof *t);
}

static int is_uint(const char *s, uint64_t *v)
{
  char *e;
  if (!*s || *s < '0' || *s > '9')
    return 0;
  *v = strtoull(s, &e, 10);
  return *e == '\0';
}

static int comp_index(const char *name)
{
  int c;
  for (c = 0; c < 8; c++)
    if (!strcmp(name, pmu_comp_names[c]))
      return c;
  return -1;
}

/* lane-0 stages of both writers, in order (pipetrace: IF DA EX WB read as F D X C) */
static int stage_rank(char s)
{
  const char *o = s ? strchr("FDXC", s) : NULL;
  return o ? (int)(o - "FDXC") : -1;
}

/* ---- Kanata validator ---- */
static void kanata_validate(const char *text, vtrace_t *t)
{
  const char *p = text;
  unsigned line = 0;
  uint64_t cyc = 0, next_rid = 0;
  memset(t, 0, sizeof *t);
  while (*p) {
    char buf[1024], *f[8];
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    int nf = 0;
    char *q;
    uint64_t id = 0, a = 0, b = 0;
    vinst_t *x = NULL;
    line++;
    if (!nl) {
      verr(t, line, "last line not terminated");
      break;
    }
    if (len >= sizeof buf) {
      verr(t, line, "line too long");
      break;
    }
    memcpy(buf, p, len);
    buf[len] = '\0';
    p = nl + 1;
    if (line == 1) {
      if (strcmp(buf, "Kanata\t0004"))
        verr(t, line, "bad header '%s'", buf);
      continue;
    }
    for (q = buf, f[nf++] = buf; *q && nf < 8; q++)
      if (*q == '\t') {
        *q = '\0';
        f[nf++] = q + 1;
      }
    if (line == 2) {
      if (nf != 2 || strcmp(f[0], "C=") || !is_uint(f[1], &cyc))
        verr(t, line, "second line must be C=<tab>cycle");
      continue;
    }
    if (!strcmp(f[0], "C")) {
      if (nf != 2 || !is_uint(f[1], &a) || a == 0)
        verr(t, line, "bad C");
      cyc += a;
      continue;
    }
    if (nf != 4) {
      verr(t, line, "command %s needs 4 fields, has %d", f[0], nf);
      continue;
    }
    if (!is_uint(f[1], &id)) {
      verr(t, line, "bad id");
      continue;
    }
    if (!strcmp(f[0], "I")) {
      if (id != t->n || !is_uint(f[2], &a) || !is_uint(f[3], &b)) {
        verr(t, line, "I: ids must be sequential from 0 (want %zu, got %" PRIu64 ")", t->n, id);
        continue;
      }
      x = vnew(t);
      x->seq = (uint32_t)a;
      x->tid = (unsigned)b;
      x->alive = 1;
      x->born = cyc;
      continue;
    }
    if (id >= t->n || !t->v[id].alive) {
      verr(t, line, "%s on unknown or finished id %" PRIu64, f[0], id);
      continue;
    }
    x = &t->v[id];
    if (!strcmp(f[0], "L")) {
      if (strcmp(f[2], "0") && strcmp(f[2], "1"))
        verr(t, line, "L type must be 0 or 1");
      else if (!*f[3])
        verr(t, line, "empty label");
      else if (f[2][0] == '0')
        scpy(x->label + strlen(x->label), sizeof x->label - strlen(x->label), f[3]);
      else
        scpy(x->detail + strlen(x->detail), sizeof x->detail - strlen(x->detail), f[3]);
    } else if (!strcmp(f[0], "S") || !strcmp(f[0], "E")) {
      const int start = f[0][0] == 'S';
      if (!strcmp(f[2], "0")) {
        if (stage_rank(f[3][0]) < 0 || f[3][1])
          verr(t, line, "unknown lane-0 stage %s", f[3]);
        else if (start) {
          if (x->open0[0])
            verr(t, line, "S %s while %s open (id %" PRIu64 ")", f[3], x->open0, id);
          else if (x->open1[0])
            verr(t, line, "lane-0 S while the stall lane is open");
          else {
            size_t h = strlen(x->hist);
            scpy(x->open0, sizeof x->open0, f[3]);
            if (h + 1 < sizeof x->hist) {
              x->hist[h] = f[3][0];
              x->hist[h + 1] = '\0';
            }
            if (f[3][0] == 'C')
              x->at_c = cyc;
          }
        } else {
          if (strcmp(x->open0, f[3]))
            verr(t, line, "E %s but open is '%s' (id %" PRIu64 ")", f[3], x->open0, id);
          else if (x->open1[0])
            verr(t, line, "lane-0 E while the stall lane is still open (id %" PRIu64 ")", id);
          x->open0[0] = '\0';
        }
      } else if (!strcmp(f[2], "1")) {
        if (comp_index(f[3]) < 1)
          verr(t, line, "unknown stall name %s", f[3]);
        else if (start) {
          if (x->open1[0])
            verr(t, line, "stall S while %s open", x->open1);
          else if (!x->open0[0] || !strchr("FDC", x->open0[0]))
            verr(t, line, "stall lane outside a waiting stage (open0 '%s')", x->open0);
          else {
            scpy(x->open1, sizeof x->open1, f[3]);
            x->s1 = cyc;
          }
        } else {
          if (strcmp(x->open1, f[3]))
            verr(t, line, "stall E %s but open is '%s'", f[3], x->open1);
          else {
            if (cyc <= x->s1)
              verr(t, line, "empty stall stage");
            vseg(t, id, f[3], x->s1, cyc);
          }
          x->open1[0] = '\0';
        }
      } else
        verr(t, line, "lane must be 0 or 1");
    } else if (!strcmp(f[0], "R")) {
      if (!is_uint(f[2], &a) || (strcmp(f[3], "0") && strcmp(f[3], "1")))
        verr(t, line, "bad R");
      else if (x->open0[0] || x->open1[0])
        verr(t, line, "R with a stage still open (id %" PRIu64 ")", id);
      else {
        x->fate = f[3][0] - '0';
        if (x->fate == 0) {
          if (a != next_rid)
            verr(t, line, "retire ids must be sequential (want %" PRIu64 ")", next_rid);
          next_rid++;
          t->retired++;
        } else
          t->flushed++;
        x->alive = 0;
        x->end = cyc;
      }
    } else if (!strcmp(f[0], "W")) {
      if (!is_uint(f[2], &a) || a >= t->n || strcmp(f[3], "0"))
        verr(t, line, "bad W");
      else if (a >= id)
        verr(t, line, "W to producer %" PRIu64 ", not older than %" PRIu64 " (Konata: future producer)",
             a, id);
      else if (strcmp(x->open0, "X"))
        verr(t, line, "W outside the consumer's X stage (Konata cannot draw it)");
      else if (t->v[a].hist[0] && !strchr(t->v[a].hist, 'X'))
        verr(t, line, "W to producer %" PRIu64 " that never executed", a);
      else
        x->wprod = (int64_t)a;
    } else
      verr(t, line, "unknown command %s", f[0]);
  }
  {
    size_t i;
    for (i = 0; i < t->n; i++)      /* no R: in flight when the trace ended */
      if (t->v[i].alive) {
        if (!strstr(t->v[i].detail, "still in flight when the trace ended"))
          verr(t, line, "id %zu has no R and no 'still in flight' text", i);
        vend_in_flight(t, i, cyc);
      }
    for (i = 0; i < t->n; i++) {   /* stages only move forward */
      const char *h = t->v[i].hist;
      size_t k;
      for (k = 1; h[k]; k++)
        if (stage_rank(h[k]) <= stage_rank(h[k - 1])) {
          verr(t, line, "id %zu stages out of order: %s", i, h);
          break;
        }
    }
  }
  t->last_cycle = cyc;
}

/* ---- pipetrace validator (SimpleScalar ptrace grammar, docs/pipetrace.md) ---- */
static void pipetrace_validate(const char *text, vtrace_t *t)
{
  static const char *const stg[5] = {"IF", "DA", "EX", "WB", "CT"};
  const char *p = text;
  unsigned line = 0;
  uint64_t cyc = 0;
  int have_cycle = 0;
  int64_t ct_id = -1;       /* id whose CT line must be followed by its '-' */
  size_t unstaged = 0;      /* ids from here on may still lack their first '*' */
  memset(t, 0, sizeof *t);
  while (*p) {
    char buf[1024], *tok[24];
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    int nt = 0;
    char *q;
    uint64_t id = 0, a = 0;
    vinst_t *x;
    line++;
    if (!nl || len >= sizeof buf) {
      verr(t, line, "unterminated or long line");
      break;
    }
    memcpy(buf, p, len);
    buf[len] = '\0';
    p = nl + 1;
    for (q = strtok(buf, " "); q && nt < 24; q = strtok(NULL, " "))
      tok[nt++] = q;
    if (nt == 0) {
      verr(t, line, "empty line");
      continue;
    }
    if (ct_id >= 0 && (strcmp(tok[0], "-") || nt != 2 || !is_uint(tok[1], &id) ||
                       id != (uint64_t)ct_id)) {
      verr(t, line, "a CT line must be followed by the '-' of the same id");
      ct_id = -1;
    }
    if (!strcmp(tok[0], "@")) {
      if (nt != 2 || !is_uint(tok[1], &a) || (have_cycle && a <= cyc))
        verr(t, line, "bad or non-increasing @");
      for (; unstaged < t->n; unstaged++)
        if (!t->v[unstaged].hist[0] && t->v[unstaged].alive)
          verr(t, line, "id %zu has no '*' line before the next '@'", unstaged);
      cyc = a;
      have_cycle = 1;
      continue;
    }
    if (!have_cycle) {
      verr(t, line, "record before the first @");
      continue;
    }
    if (nt < 2 || !is_uint(tok[1], &id)) {
      verr(t, line, "bad id");
      continue;
    }
    if (!strcmp(tok[0], "+")) {
      unsigned tid;
      uint32_t seq;
      int i;
      size_t k = 0;
      if (nt < 6 || id != t->n || strncmp(tok[2], "0x", 2) || strlen(tok[2]) != 10 ||
          strncmp(tok[3], "0x", 2) || strlen(tok[3]) != 10 ||
          sscanf(tok[4], "T%u", &tid) != 1 || sscanf(tok[5], "#%" SCNu32, &seq) != 1 ||
          strtoul(tok[2], NULL, 16) != seq) {
        verr(t, line, "bad + (ids sequential from 0, 0xPC = seq, 0xADDR, 'T<tid> #<seq>')");
        continue;
      }
      x = vnew(t);
      x->tid = tid;
      x->seq = seq;
      x->alive = 1;
      x->born = cyc;
      for (i = 6; i < nt; i++)
        k += (size_t)snprintf(x->label + k, sizeof x->label - k, "%s%s", i > 6 ? " " : "", tok[i]);
      continue;
    }
    if (id >= t->n || !t->v[id].alive) {
      verr(t, line, "%s on unknown or removed id", tok[0]);
      continue;
    }
    x = &t->v[id];
    if (!strcmp(tok[0], "*")) {
      int st;
      uint64_t ev;
      unsigned stall, known = PT_EV_CACHEMISS | PT_EV_MPOCCURRED | PT_EV_MPDETECT | PT_EV_AGEN |
                              PT_EV_LONGLAT | PT_EV_WRONGPATH | PT_EV_STALL_MASK | PT_EV_LAT_MASK;
      char *e;
      for (st = 0; st < 5 && (nt < 3 || strcmp(tok[2], stg[st])); st++)
        ;
      if (nt != 4 || st == 5 || strncmp(tok[3], "0x", 2) || strlen(tok[3]) != 10) {
        verr(t, line, "bad * (stage IF DA EX WB CT, events 0x%%08x)");
        continue;
      }
      ev = strtoull(tok[3] + 2, &e, 16);
      stall = (unsigned)((ev & PT_EV_STALL_MASK) >> PT_EV_STALL_SHIFT);
      if (*e || (ev & ~(uint64_t)known))
        verr(t, line, "unknown event bits in %s", tok[3]);
      if (stall && st != 0 && st != 1 && st != 3)
        verr(t, line, "stall outside a waiting stage");
      if ((ev & PT_EV_LAT_MASK) && st != 2)
        verr(t, line, "latency outside EX");
      if (st == 4) {                       /* commit: the '-' follows */
        if (stall)
          verr(t, line, "stall at CT");
        ct_id = (int64_t)id;
        x->fate = -1;
        continue;
      }
      {
        const char s0 = "FDXC"[st];
        if (x->open0[0] != s0) {           /* stage change */
          size_t h = strlen(x->hist);
          if (h + 1 < sizeof x->hist) {
            x->hist[h] = s0;
            x->hist[h + 1] = '\0';
          }
          x->open0[0] = s0;
          x->open0[1] = '\0';
        }
      }
      if (x->open1[0] && (!stall || strcmp(pmu_comp_names[stall], x->open1))) {
        vseg(t, id, x->open1, x->s1, cyc);
        x->open1[0] = '\0';
      }
      if (stall && !x->open1[0]) {
        scpy(x->open1, sizeof x->open1, pmu_comp_names[stall]);
        x->s1 = cyc;
      }
      continue;
    }
    if (!strcmp(tok[0], "-")) {
      if (nt != 2) {
        verr(t, line, "bad -");
        continue;
      }
      if (x->open1[0])
        vseg(t, id, x->open1, x->s1, cyc);
      x->open1[0] = '\0';
      x->alive = 0;
      x->end = cyc;
      x->fate = x->fate == -1 ? 0 : 1;     /* after CT: retired; else squashed */
      ct_id = -1;
      if (x->fate == 0)
        t->retired++;
      else
        t->flushed++;
      continue;
    }
    verr(t, line, "unknown line '%s'", tok[0]);
  }
  if (ct_id >= 0)
    verr(t, line, "CT without its '-'");
  {
    size_t i;
    for (i = 0; i < t->n; i++)      /* never removed: in flight when the trace ended */
      if (t->v[i].alive)
        vend_in_flight(t, i, cyc);
  }
  t->last_cycle = cyc;
}

static const vinst_t *vfind(const vtrace_t *t, unsigned tid, uint32_t seq, int nth)
{
  size_t i;
  for (i = 0; i < t->n; i++)
    if (t->v[i].tid == tid && t->v[i].seq == seq && !nth--)
      return &t->v[i];
  return NULL;
}

static int seg_cmp(const void *pa, const void *pb)
{
  const vseg_t *a = pa, *b = pb;
  if (a->id != b->id)
    return a->id < b->id ? -1 : 1;
  if (a->s != b->s)
    return a->s < b->s ? -1 : 1;
  if (a->e != b->e)
    return a->e < b->e ? -1 : 1;
  return strcmp(a->name, b->name);
}

/* both traces have the same stall segments (sorts them) */
static int same_segs(vtrace_t *a, vtrace_t *b)
{
  size_t i;
  if (a->nseg != b->nseg)
    return 0;
  if (!a->nseg)
    return 1;
  qsort(a->seg, a->nseg, sizeof a->seg[0], seg_cmp);
  qsort(b->seg, b->nseg, sizeof b->seg[0], seg_cmp);
  for (i = 0; i < a->nseg; i++)
    if (seg_cmp(&a->seg[i], &b->seg[i]))
      return 0;
  return 1;
}

static int has_seg(const vtrace_t *t, uint64_t id, const char *name, uint64_t s, uint64_t e)
{
  size_t i;
  for (i = 0; i < t->nseg; i++)
    if (t->seg[i].id == id && !strcmp(t->seg[i].name, name) && t->seg[i].s == s && t->seg[i].e == e)
      return 1;
  return 0;
}

/* Writes the same cycles to both writers (and the O3PipeView writer, if open). */
typedef struct {
  trace_writer_t *k, *p, *o;
  int err;
} both_t;

static void both_cycle(both_t *b, const cyc_t *x)
{
  if (kanata_cycle(b->k, &x->c) != 0)
    b->err = 1;
  if (pipetrace_cycle(b->p, &x->c) != 0)
    b->err = 1;
  if (b->o && o3pipeview_cycle(b->o, &x->c) != 0)
    b->err = 1;
}

/* ---- O3PipeView validator: the record blocks against the Kanata view of the same window ---- */
static void o3_check(const char *text, const vtrace_t *kt, const char *what)
{
  static const char *const rec[8] = {"fetch", "thread", "decode", "rename", "dispatch", "issue",
                                     "complete", "retire"};
  const char *p = text ? text : "";
  unsigned line = 0, k = 0, blocks = 0, bad = 0, want = 0, ended = 0;
  uint64_t tick[8] = {0}, sn = 0, tid = 0;
  char first[200] = "";
  while (*p) {
    char buf[512], *f[8];
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    int nf = 0;
    char *q;
    line++;
    if (!nl || len >= sizeof buf) {
      bad++;
      break;
    }
    memcpy(buf, p, len);
    buf[len] = '\0';
    p = nl + 1;
    for (q = buf, f[nf++] = buf; *q && nf < 8; q++)
      if (*q == ':') {
        *q = '\0';
        f[nf++] = q + 1;
      }
    if (nf < 3 || strcmp(f[0], "O3PipeView") || strcmp(f[1], rec[k]) ||
        !is_uint(f[2], &tick[k]) || (k == 0 && (nf != 7 || !is_uint(f[5], &sn))) ||
        (k == 1 && (nf != 4 || !is_uint(f[3], &tid))) || (k == 7 && nf != 5) ||
        (k != 0 && k != 1 && k != 7 && nf != 3)) {
      if (!bad++)
        snprintf(first, sizeof first, "line %u: want the %s record", line, rec[k]);
      k = 0;
      continue;
    }
    if (++k < 8)
      continue;
    k = 0;
    blocks++;
    {
      const vinst_t *x = sn < kt->n ? &kt->v[sn] : NULL;
      /* complete: the cycle C began, 0 when it retired in that cycle (it never waited in C) */
      const uint64_t c_tick = x && strchr(x->hist, 'C') && !(x->fate == 0 && x->at_c == x->end)
                                  ? x->at_c * 1000u : 0u;
      uint64_t last = 0;
      int k2, order = 1;
      const int ok = x && x->fate != 2 && !strstr(x->label, "(pre)") && tid == x->tid &&
                     tick[0] == x->born * 1000u && tick[2] == 0 && tick[3] == 0 &&
                     (tick[4] != 0) == (strchr(x->hist, 'D') != NULL) &&
                     (tick[5] != 0) == (strchr(x->hist, 'X') != NULL) && tick[6] == c_tick &&
                     tick[7] == (x->fate == 0 ? x->end * 1000u : 0u);
      /* the stages o3-pipeview.py draws rise strictly (dispatch = issue excepted): it gives
       * each its own column and shifts the row when two share a cycle */
      for (k2 = 4; k2 < 8; k2++)
        if (tick[k2] != 0) {
          order &= tick[k2] > tick[0] && (tick[k2] > last || (k2 == 5 && tick[5] == tick[4]));
          last = tick[k2];
        }
      if ((!ok || !order) && !bad++)
        snprintf(first, sizeof first, "line %u: block of seqnum %" PRIu64 " %s Kanata "
                 "id %" PRIu64 " (%s)", line, sn, ok ? "has two stages in one cycle, unlike"
                 : "differs from", sn, x ? x->hist : "none");
      if (x && !strstr(x->label, "(pre)"))
        ended++;
    }
  }
  {
    /* one block per instruction fetched in the window that retired or was squashed */
    size_t i;
    for (i = 0; i < kt->n; i++)
      want += kt->v[i].fate != 2 && !strstr(kt->v[i].label, "(pre)");
  }
  check(text && bad == 0 && k == 0 && blocks == want && blocks == ended,
        "%s: O3PipeView: one block per retired or squashed instruction fetched in the window, as "
        "in Kanata, stages in distinct cycles (%u blocks of %u; %u bad%s%s)", what, blocks, want,
        bad, bad ? ": " : "", first);
}

/* Attributes */
#define A_ALU 0x000u
#define A_LONG 0x001u
#define A_LOAD 0x002u
#define A_BR 0x003u
#define A_MISS 0x004u
#define A_IC 0x008u
#define A_DEP(n) ((unsigned)(n) << 4)

static void test_traces(void)
{
  const char *kp = scratch("demo.kanata"), *pp = scratch("demo.pipetrace"),
             *op = scratch("demo.o3pipeview");
  both_t b;
  cyc_t x;
  uint64_t cy;
  vtrace_t kt, pt;
  char *ktext, *ptext;
  const unsigned T1 = PMU_THREADS > 1 ? 1u : 0u;   /* second thread (0 when THREADS = 1) */
  const uint32_t s1 = PMU_THREADS > 1 ? 0u : 1u;    /* its first seq (older than the branch) */

  b.k = kanata_open(kp, 100);
  b.p = pipetrace_open(pp, 100);
  b.o = o3pipeview_open(op, 100);
  b.err = 0;
  check(b.k && b.p && b.o, "trace: writers open");
  if (!b.k || !b.p || !b.o)
    return;

  for (cy = 100; cy <= 130; cy++) {
    cyc_init(&x, cy);
    /* PMU view of thread 0: the commit stage waits on a Dcache miss at the ROB head until 123;
     * dispatch is starved by the mispredict 106..108; nothing else stalls */
    x.in.stk_flags[0] = (uint16_t)((cy < 124 ? 1u << PMU_FLG_HEAD_DMISS : 1u << PMU_FLG_HEAD_DONE));
    if (cy >= 106 && cy <= 108)
      x.in.stk_flags[0] |= (1u << PMU_FLG_FE_EMPTY) | (1u << PMU_FLG_BPRED_MISS);
    x.in.ev_ext[0][PMU_LANE_ROB_OCC - PMU_NINT] = 7;
    switch (cy) {
    case 100:
      DISP(&x, 0, 5, 0, A_ALU);                   /* fetched before the window */
      FETCH(&x, 0, 10, 0, A_LOAD | A_MISS);
      FETCH(&x, 0, 11, 0, A_ALU | A_DEP(1));
      FETCH(&x, 0, 12, 0, A_BR | A_MISS);         /* mispredicted */
      FETCH(&x, 0, 13, 1, A_ALU);                 /* wrong path */
      break;
    case 101:
      FETCH(&x, 0, 14, 1, A_ALU);
      FETCH(&x, 0, 15, 1, A_LOAD);
      FETCH(&x, T1, s1 + 0, 0, A_LONG);
      FETCH(&x, T1, s1 + 1, 0, A_ALU | A_IC);
      DISP(&x, 0, 10, 0, A_LOAD | A_MISS);
      DISP(&x, 0, 11, 0, A_ALU | A_DEP(1));
      ISSUE(&x, 0, 5, 0, 1);
      break;
    case 102:
      DISP(&x, 0, 12, 0, A_BR | A_MISS);
      DISP(&x, 0, 13, 1, A_ALU);
      DISP(&x, T1, s1 + 0, 0, A_LONG);
      ISSUE(&x, 0, 10, 0, 20);
      break;
    case 103:
      ISSUE(&x, 0, 12, 0, 1);
      ISSUE(&x, 0, 13, 1, 1);
      ISSUE(&x, T1, s1 + 0, 0, 6);
      DISP(&x, 0, 14, 1, A_ALU);
      DISP(&x, T1, s1 + 1, 0, A_ALU | A_IC);
      COMMIT(&x, 0, 5, A_ALU);                    /* in C since 102 (issued 101, L = 1) */
      x.c.flush[0].valid = 1;                     /* the branch flushes as it issues (like the */
      x.c.flush[0].seq = 12;                      /* core): 13..15 leave in this cycle */
      break;
    case 104:
      ISSUE(&x, T1, s1 + 1, 0, 1);
      break;
    case 108:
      FETCH(&x, 0, 13, 0, A_ALU);                 /* correct path reuses seq 13 */
      break;
    case 109:
      DISP(&x, 0, 13, 0, A_ALU);
      FETCH(&x, 0, 14, 0, A_ALU | A_DEP(1));      /* stays in F until the end */
      FETCH(&x, 0, 17, 0, A_ALU | A_DEP(3));      /* too; 3 older in program order is 12 */
      break;
    case 110:
      ISSUE(&x, 0, 13, 0, 1);
      COMMIT(&x, T1, s1 + 0, A_LONG);
      COMMIT(&x, T1, s1 + 1, A_ALU | A_IC);
      break;
    case 123:
      ISSUE(&x, 0, 11, 0, 1);                     /* its producer 10 completes */
      break;
    case 124:
      COMMIT(&x, 0, 10, A_LOAD | A_MISS);
      x.in.stk_n[0][2] = 1;
      break;
    case 126:
      COMMIT(&x, 0, 11, A_ALU | A_DEP(1));
      COMMIT(&x, 0, 12, A_BR | A_MISS);
      COMMIT(&x, 0, 13, A_ALU);
      x.in.stk_n[0][2] = 3;
      break;
    default:
      break;
    }
    /* the dispatch stage of thread 0 is busy (n = W) except while the front end is empty, so
     * instruction 14 in F shows only the bpred stall */
    x.in.stk_n[0][0] = (cy >= 106 && cy <= 108) ? 0 : PMU_W;
    x.in.stk_n[0][1] = PMU_W;   /* the issue stage never loses a slot */
    both_cycle(&b, &x);
  }
  check(!b.err, "trace: every cycle accepted");
  check(kanata_close(b.k) == 0, "trace: kanata_close ok");
  check(pipetrace_close(b.p) == 0, "trace: pipetrace_close ok");
  check(o3pipeview_close(b.o) == 0, "trace: o3pipeview_close ok");
  check(exists(kp) && exists(pp), "trace: files renamed into place");
  {
    char t1[4300], t2[4300];
    snprintf(t1, sizeof t1, "%s.tmp", kp);
    snprintf(t2, sizeof t2, "%s.tmp", pp);
    check(!exists(t1) && !exists(t2), "trace: no .tmp left");
  }

  ktext = slurp(kp);
  ptext = slurp(pp);
  check(ktext && ptext, "trace: read back");
  if (!ktext || !ptext) {
    free(ktext);
    free(ptext);
    return;
  }
  check(!strncmp(ktext, "Kanata\t0004\nC=\t100\n", 19), "kanata: header and start cycle");
  kanata_validate(ktext, &kt);
  check(kt.errors == 0, "kanata: well-formed (%d errors; first: %s)", kt.errors, kt.err);
  pipetrace_validate(ptext, &pt);
  check(pt.errors == 0, "pipetrace: grammar (%d errors; first: %s)", pt.errors, pt.err);

  /* 12 instructions seen: T0 5, 10..15, 13', 14', 17; the second thread two */
  check(kt.n == 12, "kanata: 12 instructions (got %zu)", kt.n);
  check(kt.retired == 7 && kt.flushed == 3 && kt.ended == 2,
        "kanata: 7 retired, 3 flushed, 2 in flight at the end (got %u %u %u)", kt.retired,
        kt.flushed, kt.ended);
  check(pt.retired == 7 && pt.flushed == 3 && pt.ended == 2,
        "pipetrace: 7 retired, 3 flushed, 2 in flight at the end (got %u %u %u)", pt.retired,
        pt.flushed, pt.ended);

  /* per-instruction agreement of the two writers */
  {
    size_t i;
    int same = kt.n == pt.n;
    for (i = 0; same && i < kt.n; i++) {
      const vinst_t *a = &kt.v[i], *c = &pt.v[i];
      if (a->tid != c->tid || a->seq != c->seq || strcmp(a->hist, c->hist) || a->end != c->end ||
          a->born != c->born || (a->fate == 0) != (c->fate == 0)) {
        printf("  id %zu: kanata T%u #%u %s %" PRIu64 "-%" PRIu64 " fate %d | pipetrace T%u #%u %s %"
               PRIu64 "-%" PRIu64 " fate %d\n", i, a->tid, a->seq, a->hist, a->born, a->end,
               a->fate, c->tid, c->seq, c->hist, c->born, c->end, c->fate);
        same = 0;
      }
    }
    check(same, "trace: both writers agree on every instruction (ids, stages, cycles, fate)");
    same = same_segs(&kt, &pt);
    check(same, "trace: both writers agree on every stall segment (%zu vs %zu)", kt.nseg, pt.nseg);
  }

  /* specific instructions */
  {
    const vinst_t *i5 = vfind(&kt, 0, 5, 0), *i10 = vfind(&kt, 0, 10, 0),
                  *i11 = vfind(&kt, 0, 11, 0), *i12 = vfind(&kt, 0, 12, 0),
                  *i13 = vfind(&kt, 0, 13, 0), *i13b = vfind(&kt, 0, 13, 1),
                  *i14b = vfind(&kt, 0, 14, 1), *i15 = vfind(&kt, 0, 15, 0),
                  *j1 = vfind(&kt, T1, s1 + 1, 0);
    check(i5 && !strcmp(i5->hist, "DXC") && strstr(i5->label, "(pre)") && i5->fate == 0 &&
              i5->end == 103,
          "kanata: pre-window instruction introduced at D, D X C, retired at 103");
    check(i10 && !strcmp(i10->hist, "FDXC") && !strcmp(i10->label, "T0 #10 load miss") &&
              i10->end == 124,
          "kanata: load miss F D X C, retired at 124 (label '%s')", i10 ? i10->label : "");
    check(i11 && i10 && i11->wprod == (int64_t)(i10 - kt.v), "kanata: W arrow 11 <- 10");
    check(i13 && i13->fate == 1 && i13->end == 103 && !strcmp(i13->hist, "FDX") &&
              strstr(i13->label, " wp") && strstr(i13->detail, "flushed at cycle 103"),
          "kanata: wrong-path 13 issued and flushed at 103");
    check(i15 && i15->fate == 1 && !strcmp(i15->hist, "F"), "kanata: wrong-path 15 flushed in F");
    check(i13b && i13b->fate == 0 && i13b->end == 126 && !strcmp(i13b->hist, "FDXC"),
          "kanata: reused seq 13 is a new instruction, retired at 126");
    check(i14b && i14b->fate == 2 && i14b->end == 131 && strstr(i14b->detail, "still in flight") &&
              !strstr(ktext, "\tflushed") && kt.flushed == 3,
          "kanata: instruction in flight at the end left in flight (no R), labelled at 131");
    check(i12 && !strcmp(i12->hist, "FDXC") &&
              has_seg(&kt, (uint64_t)(i12 - kt.v), "dcache", 104, 124),
          "kanata: branch 12 waits in C behind the Dcache miss 104..124 (lane 1 'dcache')");
    check(i10 && strstr(ktext, "S\t0\t0\tX\n") && has_seg(&kt, 0, "dcache", 122, 124) &&
              !strstr(ktext, "\t0\tI\n"),
          "kanata: the load executes in X for 20 cycles (no stage I), then waits in C 122..124");
    {
      /* program order skips the flushed 13..15: 3 older than 17 is 12, not seq 14 (14') */
      const vinst_t *p17 = vfind(&pt, 0, 17, 0), *p12 = vfind(&pt, 0, 12, 0);
      char w[32];
      snprintf(w, sizeof w, " prod=%zu", p12 ? (size_t)(p12 - pt.v) : (size_t)999);
      /* (with one thread the second thread's seqs 1, 2 are thread 0's, fetched after 15) */
      check(p17 && p12 && (PMU_THREADS == 1 || strstr(p17->label, w)), "trace: producer of 17 "
            "(dep 3) is 12 across the flush (label '%s')", p17 ? p17->label : "");
    }
    check(i14b && has_seg(&kt, (uint64_t)(i14b - kt.v), "bpred", 110, 131) == 0 &&
              !has_seg(&kt, (uint64_t)(i14b - kt.v), "other", 110, 131),
          "kanata: 14' in F sees no stall while dispatch is busy");
    {
      const vinst_t *i14 = vfind(&kt, 0, 14, 0);
      check(i14 && has_seg(&kt, (uint64_t)(i14 - kt.v), "dcache", 104, 105) == 0,
            "kanata: wrong-path 14 in D not stalled (issue stage busy)");
    }
    check(j1 && strstr(j1->label, "icmiss"), "kanata: icache-miss attribute in label");
    check(strstr(ktext, "L\t") && strstr(ktext, "\\nretired at cycle 103"),
          "kanata: retire detail label");
  }
  check(!strncmp(ptext, "@ 100\n+ 0 0x0000000a 0x00000006 T0 #10 load dmiss\n* 0 IF 0x00000000\n",
                 62) && strstr(ptext, "* 0 CT 0x00000000\n- 0\n") && strstr(ptext, "\n@ 131\n"),
        "pipetrace: first records, the load's commit (CT then -), the closing @ 131");
  {
    char w[64];
    const vinst_t *i10 = vfind(&pt, 0, 10, 0), *i12 = vfind(&pt, 0, 12, 0);
    snprintf(w, sizeof w, "* %zu EX 0x00140011\n", i10 ? (size_t)(i10 - pt.v) : (size_t)999);
    check(i10 && strstr(ptext, w), "pipetrace: load in EX: cache miss, address generation, L 20");
    snprintf(w, sizeof w, "* %zu EX 0x0001000c\n", i12 ? (size_t)(i12 - pt.v) : (size_t)999);
    check(i12 && strstr(ptext, w), "pipetrace: branch in EX: mispredict occurred and detected, L 1");
    snprintf(w, sizeof w, "* %zu WB 0x00000304\n", i12 ? (size_t)(i12 - pt.v) : (size_t)999);
    check(i12 && strstr(ptext, w), "pipetrace: branch waiting in WB, stall dcache (3) in bits 10:8");
  }
  {
    char *otext = slurp(op);
    o3_check(otext, &kt, "trace");
    check(otext && strstr(otext, "O3PipeView:fetch:100000:0x0000000a:0:0:T0 #10 load miss\n"
                                 "O3PipeView:thread:100000:0\n"),
          "trace: O3PipeView block of the load (ticks = cycles x 1000)");
    free(otext);
  }
  vfree(&kt);
  vfree(&pt);
  free(ktext);
  free(ptext);
}

/* ======================================================================================== */
/* 3. stall-lane causes against the model                                                   */
/* ======================================================================================== */

static uint32_t rng_state = 12345u;
static uint32_t rnd(void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}

#define NRAND 3000u
#define START (4u * PMU_THREADS)

static void test_causes_vs_model(void)
{
  const char *kp = scratch("causes.kanata"), *pp = scratch("causes.pipetrace");
  both_t b;
  cyc_t x;
  pmu_state_t s;
  unsigned t, st, c;
  uint64_t cy;
  int8_t *want;       /* [cycle][thread][stage] expected lane-1 component or -1 */
  vtrace_t kt, pt;
  char *ktext;
  unsigned mism = 0, checked = 0;
  int8_t lab[NRAND];

  want = malloc((size_t)NRAND * PMU_THREADS * 3);
  b.k = kanata_open(kp, 0);
  b.p = pipetrace_open(pp, 0);
  b.o = NULL;
  b.err = 0;
  check(b.k && b.p && want, "causes: writers open");
  if (!b.k || !b.p || !want) {
    free(want);
    return;
  }
  pmu_reset(&s);
  for (t = 0; t < PMU_THREADS; t++)
    s.ctrl_q[t] = 1u << PMU_CTRL_WPVIS_LSB;

  /* per thread t, cycles 4t..4t+3: seq 0 goes to C (latency 0), seq 1 waits in D, seq 2 in F */
  for (cy = 0; cy < START; cy++) {
    const unsigned tt = (unsigned)(cy / 4);
    cyc_init(&x, cy);
    x.c.pmu = NULL;
    switch (cy % 4) {
    case 0:
      FETCH(&x, tt, 0, 0, A_ALU);
      FETCH(&x, tt, 1, 0, A_ALU);
      FETCH(&x, tt, 2, 0, A_ALU);
      break;
    case 1:
      DISP(&x, tt, 0, 0, A_ALU);
      DISP(&x, tt, 1, 0, A_ALU);
      break;
    case 2:
      ISSUE(&x, tt, 0, 0, 0);
      break;
    default:
      break;
    }
    both_cycle(&b, &x);
  }

  for (cy = START; cy < START + NRAND; cy++) {
    uint64_t before[PMU_NCNT];
    cyc_init(&x, cy);
    for (t = 0; t < PMU_THREADS; t++) {
      const uint32_t r = rnd();
      for (st = 0; st < 3; st++) {
        unsigned n = rnd() % (PMU_W + 1u);
        if ((rnd() & 15u) == 0)
          n = PMU_W + 1u + rnd() % 3u;   /* more than W: exercises the carry */
        x.in.stk_n[t][st] = (uint8_t)n;
      }
      x.in.stk_wp[t][0] = (uint8_t)(rnd() % 3u);
      x.in.stk_wp[t][1] = (uint8_t)(rnd() % 3u);
      x.in.stk_flags[t] = (uint16_t)(r & ((1u << PMU_NFLAG) - 1u));
    }
    memcpy(before, s.cnt_q, sizeof before);
    pmu_step(&s, &x.in);
    for (t = 0; t < PMU_THREADS; t++)
      for (st = 0; st < 3; st++) {
        int best = -1;
        uint64_t bv = 0;
        for (c = 1; c < 8; c++) {
          const unsigned i = pmu_cnt_idx(t, I_STK(st, c));
          const uint64_t inc = (s.cnt_q[i] - before[i]) & PMU_CW_MASK;
          if (inc > bv) {
            bv = inc;
            best = (int)c;
          }
        }
        want[((cy - START) * PMU_THREADS + t) * 3 + st] = (int8_t)best;
      }
    both_cycle(&b, &x);
  }
  check(!b.err, "causes: every cycle accepted");
  check(kanata_close(b.k) == 0 && pipetrace_close(b.p) == 0, "causes: writers closed");

  ktext = slurp(kp);
  kanata_validate(ktext ? ktext : "", &kt);
  check(ktext && kt.errors == 0, "causes: kanata well-formed (%d errors; first: %s)", kt.errors,
        kt.err);
  {
    char *ptext = slurp(pp);
    pipetrace_validate(ptext ? ptext : "", &pt);
    check(ptext && pt.errors == 0, "causes: pipetrace grammar (%d errors; first: %s)", pt.errors,
          pt.err);
    free(ptext);
  }
  check(same_segs(&kt, &pt), "causes: same stall segments in both writers (%zu vs %zu)", kt.nseg,
        pt.nseg);

  /* lane-1 name per (instruction, cycle) from the Kanata segments vs. the model */
  for (t = 0; t < PMU_THREADS; t++) {
    static const unsigned seq_stage[3] = {PMU_STG_COMMIT, PMU_STG_ISSUE, PMU_STG_DISPATCH};
    unsigned sq;
    for (sq = 0; sq < 3; sq++) {
      const vinst_t *v = vfind(&kt, t, sq, 0);
      uint64_t id;
      if (!v) {
        check(0, "causes: T%u #%u present", t, sq);
        continue;
      }
      id = (uint64_t)(v - kt.v);
      {
        size_t i;
        uint64_t k;
        memset(lab, -1, NRAND);
        for (i = 0; i < kt.nseg; i++)
          if (kt.seg[i].id == id)
            for (k = kt.seg[i].s; k < kt.seg[i].e; k++)
              if (k >= START && k < START + NRAND)
                lab[k - START] = (int8_t)comp_index(kt.seg[i].name);
      }
      for (cy = START; cy < START + NRAND; cy++) {
        const int got = lab[cy - START];
        const int exp = want[((cy - START) * PMU_THREADS + t) * 3 + seq_stage[sq]];
        checked++;
        if (got != exp) {
          if (mism++ < 5)
            printf("  cycle %" PRIu64 " T%u %s stage: model %s, lane 1 %s\n", cy, t,
                   pmu_stage_names[seq_stage[sq]], exp < 0 ? "-" : pmu_comp_names[exp],
                   got < 0 ? "-" : pmu_comp_names[got]);
        }
      }
    }
  }
  check(mism == 0 && checked > 0, "causes: lane-1 stall name = the model's top lost-slot "
                                  "component, %u of %u (thread, stage, cycle) differ",
        mism, checked);
  vfree(&kt);
  vfree(&pt);
  free(ktext);
  free(want);
}

/* ======================================================================================== */
/* 4. random instruction streams through both writers                                      */
/* ======================================================================================== */

typedef struct {
  uint32_t seq;
  uint16_t attr;
  uint8_t wp, stage;   /* 0 front-end queue, 1 RS, 2 executing */
  uint8_t has_prod;    /* DEP names an instruction (the d-th older in program order) */
  uint32_t prod;       /* its sequence number */
  uint64_t done;
} g_inst_t;

/* what the generator knows of an instruction's producer, by sequence number (no reuse only) */
typedef struct {
  uint8_t has;
  uint32_t prod;
  uint64_t fetched, prod_fetched;
} g_dep_t;

typedef struct {
  g_inst_t v[64];
  unsigned n;
  uint32_t prog[128];  /* the last instructions not flushed, in program order (more than the */
  uint64_t prog_at[128];/*  60 in flight + 15), and their fetch cycles */
  unsigned nprog;
  uint32_t next_seq;
  int wrong;           /* fetching down a wrong path */
  uint32_t br;         /* the mispredicted branch */
} g_thread_t;

/* A toy out-of-order pipeline producing a consistent trace-port stream: fetch, dispatch, issue
 * with random latency once the producer (the d-th older instruction in program order, which
 * skips flushed ones, as in the core) has completed or left, in-order commit, mispredicted
 * branches followed by wrong-path fetch and a flush when the branch completes. The writers start at cycle `first` (earlier instructions are
 * pre-window), some idle cycles are skipped (gaps), sequence numbers are reused after a flush
 * when `reuse`. */
static void random_stream(uint32_t seed, uint64_t first, int reuse, unsigned ncycles)
{
  const char *kp = scratch("rand.kanata"), *pp = scratch("rand.pipetrace"),
             *op = scratch("rand.o3pipeview");
  g_thread_t th[PMU_THREADS];
  both_t b;
  cyc_t x;
  uint64_t cy;
  unsigned t, commits = 0;
  vtrace_t kt, pt;
  char *ktext, *ptext;
  const size_t ndep = 2u * ncycles + 16u;
  g_dep_t *dep = calloc(PMU_THREADS * ndep, sizeof *dep);

  rng_state = seed;
  memset(th, 0, sizeof th);
  if (!dep) {
    check(0, "random %u: out of memory", seed);
    return;
  }
  b.k = kanata_open(kp, first);
  b.p = pipetrace_open(pp, first);
  b.o = o3pipeview_open(op, first);
  b.err = 0;
  check(b.k && b.p && b.o, "random %u: open", seed);
  if (!b.k || !b.p || !b.o)
    return;
  for (cy = 0; cy < ncycles; cy++) {
    unsigned nrec = 0;
    cyc_init(&x, cy);
    x.c.w = 4;
    for (t = 0; t < PMU_THREADS; t++) {
      g_thread_t *g = &th[t];
      unsigned i, k;
      /* commit: in order, completed, correct path */
      for (k = 0; k < 2 && g->n && g->v[0].stage == 2 && g->v[0].done <= cy && !g->v[0].wp; k++) {
        COMMIT(&x, t, g->v[0].seq, g->v[0].attr);
        if (x.nc > 0 && x.c.commit[x.nc - 1].seq == g->v[0].seq && x.c.commit[x.nc - 1].tid == t) {
          if (cy >= first)
            commits++;
          memmove(&g->v[0], &g->v[1], (g->n - 1) * sizeof g->v[0]);
          g->n--;
        } else
          break;
      }
      /* issue: random ready instructions in the RS; like the core, the mispredicted branch
       * flushes every younger instruction of its thread in its issue cycle */
      for (i = 0, k = 0; i < g->n && k < 2; i++)
        if (g->v[i].stage == 1 && (rnd() & 1u) && x.ni < 4) {
          unsigned cls = g->v[i].attr & ATTR_CLASS_MASK, j, ready = 1;
          for (j = 0; j < i && g->v[i].has_prod; j++)
            if (g->v[j].seq == g->v[i].prod && !(g->v[j].stage == 2 && g->v[j].done <= cy))
              ready = 0;
          if (!ready)
            continue;
          unsigned lat = cls == ATTR_CLASS_LONG ? 6u
                       : (cls == ATTR_CLASS_LOAD && (g->v[i].attr & ATTR_MISS)) ? 20u
                       : (rnd() % 8u == 0) ? 0u : 1u;
          ISSUE(&x, t, g->v[i].seq, g->v[i].wp, lat);
          g->v[i].stage = 2;
          g->v[i].done = cy + (lat ? lat : 1u);
          k++;
          if (g->wrong && g->v[i].seq == g->br) {
            x.c.flush[t].valid = 1;
            x.c.flush[t].seq = g->br;
            g->n = i + 1;
            while (g->nprog && g->prog[g->nprog - 1] > g->br)   /* younger: flushed */
              g->nprog--;
            g->wrong = 0;
            if (reuse)
              g->next_seq = g->br + 1;
            break;
          }
        }
      /* dispatch: oldest of the front-end queue */
      for (i = 0, k = 0; i < g->n && k < 2; i++)
        if (g->v[i].stage == 0) {
          if ((rnd() & 3u) == 0 || x.nd >= 4)
            break;
          DISP(&x, t, g->v[i].seq, g->v[i].wp, g->v[i].attr);
          g->v[i].stage = 1;
          k++;
        }
      /* fetch; in a flush cycle the block is traced but discarded (as the core does) */
      for (k = 0; k < 2 && g->n < 60 && x.nf < 4 && (rnd() & 3u); k++) {
        g_inst_t *p = &g->v[g->n++];
        uint32_t r = rnd();
        if (x.c.flush[t].valid) {
          g->n--;
          FETCH(&x, t, g->next_seq++, 1, r & 3u);
          continue;
        }
        p->seq = g->next_seq++;
        p->attr = (uint16_t)((r & 3u) | ((r >> 2) & 1u ? ATTR_MISS : 0u) |
                             (((r >> 3) & 7u) == 0 ? ATTR_ICMISS : 0u) | (((r >> 6) & 3u) << 4));
        if ((p->attr & ATTR_CLASS_MASK) == ATTR_CLASS_LOAD && (r >> 9) % 4u)
          p->attr &= (uint16_t)~ATTR_MISS;   /* most loads hit */
        p->wp = (uint8_t)g->wrong;
        p->stage = 0;
        {
          const unsigned d = (p->attr & ATTR_DEP_MASK) >> ATTR_DEP_SHIFT;
          p->has_prod = d && d <= g->nprog;
          p->prod = p->has_prod ? g->prog[g->nprog - d] : 0u;
          if (!reuse && p->seq < ndep) {
            g_dep_t *e = &dep[t * ndep + p->seq];
            e->has = p->has_prod;
            e->prod = p->prod;
            e->fetched = cy;
            e->prod_fetched = p->has_prod ? g->prog_at[g->nprog - d] : 0u;
          }
          if (g->nprog == 128) {
            memmove(&g->prog[0], &g->prog[1], 127 * sizeof g->prog[0]);
            memmove(&g->prog_at[0], &g->prog_at[1], 127 * sizeof g->prog_at[0]);
            g->nprog--;
          }
          g->prog[g->nprog] = p->seq;
          g->prog_at[g->nprog++] = cy;
        }
        FETCH(&x, t, p->seq, p->wp, p->attr);
        if (!g->wrong && (p->attr & ATTR_CLASS_MASK) == ATTR_CLASS_BRANCH && (p->attr & ATTR_MISS)) {
          g->wrong = 1;
          g->br = p->seq;
        }
      }
      for (i = 0; i < 3; i++)
        x.in.stk_n[t][i] = (uint8_t)(rnd() % (PMU_W + 1u));
      x.in.stk_wp[t][0] = (uint8_t)(rnd() % 2u);
      x.in.stk_flags[t] = (uint16_t)(rnd() & ((1u << PMU_NFLAG) - 1u));
      x.in.ev_ext[t][PMU_LANE_ROB_OCC - PMU_NINT] = (uint8_t)g->n;
    }
    nrec = x.nf + x.nd + x.ni + x.nc;
    for (t = 0; t < PMU_THREADS; t++)
      nrec += x.c.flush[t].valid;
    if (cy >= first && !(nrec == 0 && (rnd() & 3u) == 0))   /* skip some idle cycles: gaps */
      both_cycle(&b, &x);
  }
  check(!b.err, "random %u: every cycle accepted", seed);
  check(kanata_close(b.k) == 0 && pipetrace_close(b.p) == 0 && o3pipeview_close(b.o) == 0,
        "random %u: closed", seed);
  ktext = slurp(kp);
  ptext = slurp(pp);
  kanata_validate(ktext ? ktext : "", &kt);
  pipetrace_validate(ptext ? ptext : "", &pt);
  check(ktext && kt.errors == 0, "random %u: kanata well-formed (%d errors; first: %s)", seed,
        kt.errors, kt.err);
  check(ptext && pt.errors == 0, "random %u: pipetrace grammar (%d errors; first: %s)", seed,
        pt.errors, pt.err);
  {
    size_t nl = 0;
    const char *q;
    for (q = ktext ? ktext : ""; *q; q++)
      nl += *q == '\n';
    printf("random stream %u: %zu instructions, %u retired, %u flushed, %u in flight at the end, "
           "%zu stall segments, %zu Kanata lines\n", seed, kt.n, pt.retired, pt.flushed,
           pt.ended, kt.nseg, nl);
  }
  check(kt.retired == commits && pt.retired == commits,
        "random %u: %u commits -> kanata %u, pipetrace %u retired", seed, commits, kt.retired,
        pt.retired);
  {
    size_t i;
    int same = kt.n == pt.n && kt.nseg == pt.nseg && kt.n > 100;
    for (i = 0; same && i < kt.n; i++)
      same = kt.v[i].tid == pt.v[i].tid && kt.v[i].seq == pt.v[i].seq &&
             !strcmp(kt.v[i].hist, pt.v[i].hist) && kt.v[i].end == pt.v[i].end &&
             (kt.v[i].fate == 0) == (pt.v[i].fate == 0);
    same = same && same_segs(&kt, &pt);
    check(same, "random %u: writers agree (%zu/%zu instructions, %zu/%zu stall segments)", seed,
          kt.n, pt.n, kt.nseg, pt.nseg);
    for (i = 0, same = 1; i < kt.n; i++)   /* wrong-path instructions never retire */
      if (strstr(kt.v[i].label, " wp") && kt.v[i].fate == 0)
        same = 0;
    check(same, "random %u: no wrong-path instruction retired", seed);
  }
  if (!reuse) {   /* every issued instruction's W names the producer the generator used */
    size_t i, want = 0, bad = 0, gap = 0;
    for (i = 0; i < kt.n; i++) {
      const vinst_t *c = &kt.v[i];
      const g_dep_t *e = c->seq < ndep && c->tid < PMU_THREADS ? &dep[c->tid * ndep + c->seq] : NULL;
      const int known = e && e->has && e->fetched >= first && e->prod_fetched >= first &&
                        !strstr(c->label, "(pre)");
      if (!strchr(c->hist, 'X'))
        continue;
      if (known) {
        want++;
        if (c->wprod < 0 || kt.v[c->wprod].tid != c->tid || kt.v[c->wprod].seq != e->prod) {
          if (bad++ < 3)   /* the first few, to debug */
            printf("  id %zu %s: W %lld (#%u), generator #%u\n", i, c->label,
                   (long long)c->wprod, c->wprod >= 0 ? kt.v[c->wprod].seq : 0u, e->prod);
        }
        gap += e->prod != c->seq - ((kt.v[i].label[0] && strstr(c->label, "dep")) ?
                                    (uint32_t)atoi(strstr(c->label, "dep") + 3) : 0u);
      } else if (c->wprod >= 0)
        bad++;
    }
    check(bad == 0 && want > 100 && gap > 0, "random %u: W arrows = the generator's producers "
          "(%zu expected, %zu wrong, %zu across a flush)", seed, want, bad, gap);
  }
  free(dep);
  {
    char *otext = slurp(op);
    char what[32];
    snprintf(what, sizeof what, "random %u", seed);
    o3_check(otext, &kt, what);
    free(otext);
  }
  vfree(&kt);
  vfree(&pt);
  free(ktext);
  free(ptext);
  if (!g_keep) {
    remove(kp);
    remove(pp);
    remove(op);
  }
}

/* ======================================================================================== */
/* 5. writer errors                                                                         */
/* ======================================================================================== */

static void test_writer_errors(void)
{
  cyc_t x;
  const char *kp = scratch("bad.kanata"), *pp = scratch("bad.pipetrace");
  trace_writer_t *k, *p;
  char t1[4300];

  printf("writer error tests: the writers' messages on stderr are expected\n");
  fflush(stdout);
  check(kanata_open(scratch("no-such-dir/x.kanata"), 0) == NULL, "errors: kanata unwritable path");
  check(pipetrace_open(scratch("no-such-dir/x.pt"), 0) == NULL, "errors: pipetrace unwritable");
  check(kanata_close(NULL) != 0 && pipetrace_close(NULL) != 0, "errors: close(NULL) fails");

  /* the final rename fails (PATH is a directory): close reports it and removes PATH.tmp */
  {
    const char *d1 = scratch("kanata-is-a-dir"), *d2 = scratch("pipetrace-is-a-dir");
    char t2[4300];
    snprintf(t1, sizeof t1, "%s.tmp", d1);
    snprintf(t2, sizeof t2, "%s.tmp", d2);
    check(mkdir(d1, 0700) == 0 && mkdir(d2, 0700) == 0, "errors: scratch directories made");
    k = kanata_open(d1, 0);
    p = pipetrace_open(d2, 0);
    cyc_init(&x, 0);
    FETCH(&x, 0, 1, 0, A_ALU);
    check(k && p && kanata_cycle(k, &x.c) == 0 && pipetrace_cycle(p, &x.c) == 0,
          "errors: writers into PATH.tmp");
    check(exists(t1) && exists(t2), "errors: PATH.tmp files exist while writing");
    check(kanata_close(k) != 0, "errors: kanata failed rename reported");
    check(!exists(t1), "errors: kanata temporary removed");
    check(pipetrace_close(p) != 0, "errors: pipetrace failed rename reported");
    check(!exists(t2), "errors: pipetrace temporary removed");
    rmdir(d1);
    rmdir(d2);
  }

  k = kanata_open(kp, 10);
  p = pipetrace_open(pp, 10);
  check(k && p, "errors: open");
  if (!k || !p)
    return;
  cyc_init(&x, 9);
  check(kanata_cycle(k, &x.c) != 0, "errors: kanata cycle before the first cycle rejected");
  check(kanata_close(k) != 0, "errors: kanata_close reports the earlier error");
  snprintf(t1, sizeof t1, "%s.tmp", kp);
  check(!exists(kp) && !exists(t1), "errors: failed kanata trace leaves no file");

  cyc_init(&x, 10);
  check(pipetrace_cycle(p, &x.c) == 0, "errors: pipetrace first cycle");
  check(kanata_cycle(p, &x.c) != 0, "errors: a pipetrace writer passed to kanata_cycle rejected");
  check(pipetrace_cycle(p, &x.c) != 0, "errors: repeated cycle rejected");
  check(pipetrace_close(p) != 0, "errors: pipetrace_close reports the earlier error");
  snprintf(t1, sizeof t1, "%s.tmp", pp);
  check(!exists(pp) && !exists(t1), "errors: failed pipetrace leaves no file");

  /* the O3PipeView writer: same rules */
  {
    char op[4200], d3[4200];   /* scratch() returns one static buffer */
    trace_writer_t *o;
    scpy(op, sizeof op, scratch("bad.o3pipeview"));
    scpy(d3, sizeof d3, scratch("o3-is-a-dir"));
    check(o3pipeview_open(scratch("no-such-dir/x.o3"), 0) == NULL && o3pipeview_close(NULL) != 0,
          "errors: o3pipeview unwritable path, close(NULL)");
    check(mkdir(d3, 0700) == 0, "errors: scratch directory made");
    o = o3pipeview_open(d3, 0);
    cyc_init(&x, 0);
    check(o && o3pipeview_cycle(o, &x.c) == 0 && o3pipeview_close(o) != 0,
          "errors: o3pipeview failed rename reported");
    snprintf(t1, sizeof t1, "%s.tmp", d3);
    check(!exists(t1), "errors: o3pipeview temporary removed");
    rmdir(d3);
    o = o3pipeview_open(op, 10);
    k = kanata_open(scratch("good.kanata"), 10);
    cyc_init(&x, 10);
    check(o && k, "errors: o3pipeview and kanata open");
    check(kanata_cycle(o, &x.c) != 0 && o3pipeview_cycle(k, &x.c) != 0,
          "errors: a writer of another kind rejected");
    check(o3pipeview_cycle(o, &x.c) == 0 && o3pipeview_cycle(o, &x.c) != 0,
          "errors: o3pipeview repeated cycle rejected");
    check(o3pipeview_close(o) != 0, "errors: o3pipeview_close reports the earlier error");
    check(kanata_close(k) == 0, "errors: the kanata writer is unharmed by the wrong-kind call");
    snprintf(t1, sizeof t1, "%s.tmp", op);
    check(!exists(op) && !exists(t1), "errors: failed O3PipeView trace leaves no file");
  }
}

/* The resource trace (trace_res.c): one row per cycle and thread with the cycle's PMU inputs;
 * a cycle without PMU inputs, a repeated cycle or a writer of another kind is an error and
 * leaves no file. */
static void test_resources(void)
{
  char rp[4200], want[4096], t1[4300];
  size_t n = 0;
  cyc_t x;
  trace_writer_t *r, *k;
  uint64_t cy;
  unsigned t;
  char *text;

  scpy(rp, sizeof rp, scratch("demo_resources.csv"));
  r = resources_open(rp, 50);
  check(r != NULL, "resources: open");
  if (!r)
    return;
  n += (size_t)snprintf(want + n, sizeof want - n, "cycle,thread,retired,issued,filled,rob_occ,rs_occ,l1d_pend\n");
  for (cy = 50; cy < 56; cy += 2) {        /* a gap: cycles 50, 52, 54 */
    cyc_init(&x, cy);
    for (t = 0; t < PMU_THREADS; t++) {
      x.in.slot_retire[t] = (uint8_t)((cy + t) % 5u);
      x.in.slot_issue[t] = (uint8_t)((cy + 2 * t) % 5u);
      x.in.slot_fill[t] = (uint8_t)((cy + 3 * t) % 5u);
      x.in.ev_ext[t][PMU_LANE_ROB_OCC - PMU_NINT] = (uint8_t)(cy - 20 + t);
      x.in.ev_ext[t][PMU_LANE_RS_OCC - PMU_NINT] = (uint8_t)(cy - 40 + t);
      x.in.ev_ext[t][PMU_LANE_L1D_PEND - PMU_NINT] = (uint8_t)(t + 1);
      n += (size_t)snprintf(want + n, sizeof want - n, "%u,%u,%u,%u,%u,%u,%u,%u\n", (unsigned)cy, t,
                            (unsigned)((cy + t) % 5u), (unsigned)((cy + 2 * t) % 5u),
                            (unsigned)((cy + 3 * t) % 5u), (unsigned)(cy - 20 + t),
                            (unsigned)(cy - 40 + t), t + 1);
    }
    check(resources_cycle(r, &x.c) == 0, "resources: cycle %u", (unsigned)cy);
  }
  check(kanata_cycle(r, &x.c) != 0, "resources: a resources writer passed to kanata_cycle rejected");
  check(resources_close(r) == 0, "resources: close");
  text = slurp(rp);
  check(text && !strcmp(text, want), "resources: every row as the inputs give it");
  free(text);
  if (!g_keep)
    remove(rp);

  printf("resource trace error tests: the writer's messages on stderr are expected\n");
  fflush(stdout);
  check(resources_open(scratch("no-such-dir/x.csv"), 0) == NULL && resources_close(NULL) != 0,
        "resources: unwritable path, close(NULL)");
  scpy(rp, sizeof rp, scratch("bad_resources.csv"));
  snprintf(t1, sizeof t1, "%s.tmp", rp);
  r = resources_open(rp, 10);
  k = kanata_open(scratch("good2.kanata"), 10);
  cyc_init(&x, 10);
  check(r && k && resources_cycle(k, &x.c) != 0, "resources: a writer of another kind rejected");
  check(kanata_close(k) == 0, "resources: the kanata writer is unharmed");
  if (!g_keep)
    remove(scratch("good2.kanata"));
  check(resources_cycle(r, &x.c) == 0 && resources_cycle(r, &x.c) != 0,
        "resources: repeated cycle rejected");
  check(resources_close(r) != 0 && !exists(rp) && !exists(t1),
        "resources: close reports the error and leaves no file");
  r = resources_open(rp, 10);
  cyc_init(&x, 11);
  x.c.pmu = NULL;
  check(r && resources_cycle(r, &x.c) != 0, "resources: a cycle without PMU inputs rejected");
  check(resources_close(r) != 0 && !exists(rp) && !exists(t1),
        "resources: ... and leaves no file");
}

int main(int argc, char **argv)
{
  if (argc == 3 && !strcmp(argv[1], "--keep")) {
    scpy(g_dir, sizeof g_dir, argv[2]);
    g_keep = 1;
  } else if (argc == 1) {
    const char *td = getenv("TMPDIR");
    snprintf(g_dir, sizeof g_dir, "%s/test_report.XXXXXX", td && *td ? td : "/tmp");
    if (!mkdtemp(g_dir)) {
      perror("mkdtemp");
      return 2;
    }
  } else {
    fprintf(stderr, "usage: %s [--keep DIR]\n", argv[0]);
    return 2;
  }

  test_report_text();
  test_report_csv();
  test_toplev();
  test_perf();
  test_catalog_names();
  test_traces();
  test_causes_vs_model();
  test_writer_errors();
  test_resources();
  random_stream(1u, 0, 0, 4000);
  random_stream(2u, 137, 1, 4000);
  random_stream(3u, 500, 0, 6000);

  if (!g_keep) {
    static const char *const files[] = {"report.csv", "demo.kanata", "demo.pipetrace",
                                        "causes.kanata", "causes.pipetrace"};
    unsigned i;
    for (i = 0; i < sizeof files / sizeof files[0]; i++)
      remove(scratch(files[i]));
    rmdir(g_dir);
  } else
    printf("scratch files kept in %s\n", g_dir);
  printf("%u passed, %u failed\n", n_pass, n_fail);
  return n_fail ? 1 : 0;
}

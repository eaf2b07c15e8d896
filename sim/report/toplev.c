/* toplev-compatible CSV (docs/reports.md, "toplev CSV"): the layout of pmu-tools' toplev with
 * `-x, -o FILE` (and `-I` for the interval mode), so that pmu-tools' plotting scripts
 * (tl-barplot.py, interval-plot.py, via tldata.py / csv_formats.py) read it.
 *
 *   [Timestamp,]CPUs,Area,Value,Unit,Description,Sample,Stddev,Multiplex,Bottleneck,Idle
 *
 * One row set per call of toplev_rows(): for each thread t (CPUs "C0-T<t>": core 0, hardware
 * thread t, toplev's per-thread title), the top-down level 1 nodes under toplev's names
 * (Frontend_Bound, Bad_Speculation, Backend_Bound, Retiring, in "% Slots", one decimal, the
 * largest marked "<==" in Bottleneck), the three CPI stacks as nodes of StallScope's own
 * (Dispatch_Stack.Base ... Commit_Stack.Other, "% Slots" of that stage's slots), and the metrics
 * CLKS, IPC and CPI ("Metric"). Every number comes from the counters of `s`, which the caller
 * gives as the counts of the interval (or of the whole window).
 *
 * The file is written to PATH.tmp and renamed to PATH by a successful toplev_close(); after any
 * error every later call returns -1 and close removes PATH.tmp.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_types.h"

#define I_SLOT(i)    (PMU_P + 3 + (i))
#define I_STK(s, c)  (PMU_P + 8 + (s) * 8 + (c))

struct toplev_writer {
  FILE *f;
  char *path, *tmp;
  int interval, err;
};

static const char *const stack_area[3] = {"Dispatch_Stack", "Issue_Stack", "Commit_Stack"};
static const char *const comp_area[8] = {"Base", "Icache", "Bpred", "Dcache",
                                         "Alu", "Depend", "Smt", "Other"};

static void tl_fail(toplev_writer_t *w, const char *what)
{
  if (!w->err)
    fprintf(stderr, "toplev: %s (%s)\n", what, w->tmp);
  w->err = 1;
}

toplev_writer_t *toplev_open(const char *path, int interval)
{
  toplev_writer_t *w;
  size_t n;
  if (!path)
    return NULL;
  n = strlen(path);
  w = calloc(1, sizeof *w);
  if (!w)
    return NULL;
  w->path = malloc(n + 1);
  w->tmp = malloc(n + 5);
  if (!w->path || !w->tmp) {
    free(w->path);
    free(w->tmp);
    free(w);
    return NULL;
  }
  memcpy(w->path, path, n + 1);
  memcpy(w->tmp, path, n);
  memcpy(w->tmp + n, ".tmp", 5);
  w->interval = interval != 0;
  w->f = fopen(w->tmp, "w");
  if (!w->f) {
    perror(w->tmp);
    free(w->path);
    free(w->tmp);
    free(w);
    return NULL;
  }
  if (fprintf(w->f, "%sCPUs,Area,Value,Unit,Description,Sample,Stddev,Multiplex,Bottleneck,Idle\n",
              w->interval ? "Timestamp," : "") < 0)
    tl_fail(w, "write failed");
  return w;
}

/* one row; value printed with one decimal (toplev's format), "nan" when undefined */
static void row(toplev_writer_t *w, double ts, unsigned t, const char *area, double v,
                const char *unit, const char *desc, int bottleneck)
{
  char val[48];
  if (v != v)
    snprintf(val, sizeof val, "nan");
  else
    snprintf(val, sizeof val, "%.1f", v);
  if (w->interval && fprintf(w->f, "%.9f,", ts) < 0)
    tl_fail(w, "write failed");
  if (fprintf(w->f, "C0-T%u,%s,%s,%s,%s,,,100.0,%s,\n", t, area, val, unit, desc,
              bottleneck ? "<==" : "") < 0)
    tl_fail(w, "write failed");
}

int toplev_rows(toplev_writer_t *w, const pmu_state_t *s, double ts)
{
  unsigned t, st, c;
  if (!w || w->err)
    return -1;
  for (t = 0; t < PMU_THREADS; t++) {
    const uint64_t T = s->cnt_q[pmu_cnt_idx(t, I_SLOT(0))], F = s->cnt_q[pmu_cnt_idx(t, I_SLOT(1))],
                   I = s->cnt_q[pmu_cnt_idx(t, I_SLOT(2))], R = s->cnt_q[pmu_cnt_idx(t, I_SLOT(3))];
    /* Sites' four-way split of the issue slots (docs/reports.md "Top-down level 1"); a
     * negative difference (counters written or wrapped) is shown as 0 */
    const uint64_t node[4] = {T > F ? T - F : 0, I > R ? I - R : 0, F > I ? F - I : 0, R};
    static const char *const name[4] = {"Frontend_Bound", "Bad_Speculation", "Backend_Bound",
                                        "Retiring"};
    static const char *const desc[4] = {
        "Issue slots with no instruction available to issue (T - F)",
        "Issue slots issued but never retired: wrong path (I - R)",
        "Issue slots with an instruction available but not issued (F - I)",
        "Issue slots that retired an instruction (R)"};
    const double cyc = (double)T / PMU_W;
    unsigned k, big = 0;
    for (k = 1; k < 4; k++)
      if (node[k] > node[big])
        big = k;
    for (k = 0; k < 4; k++)
      row(w, ts, t, name[k], T ? 100.0 * (double)node[k] / (double)T : NAN, "% Slots",
          desc[k], k == big && T);
    for (st = 0; st < 3; st++)
      for (c = 0; c < 8; c++) {
        const uint64_t v = s->cnt_q[pmu_cnt_idx(t, I_STK(st, c))];
        char area[48], d[96];
        snprintf(area, sizeof area, "%s.%s", stack_area[st], comp_area[c]);
        snprintf(d, sizeof d, "CPI-stack component %s of the %s stage (spec 4.6)", pmu_comp_names[c],
                 pmu_stage_names[st]);
        row(w, ts, t, area, T ? 100.0 * (double)v / (double)T : NAN, "% Slots", d, 0);
      }
    row(w, ts, t, "CLKS", cyc, "Metric", "Cycles (issue slots / W)", 0);
    row(w, ts, t, "IPC", cyc > 0 ? (double)R / cyc : NAN, "Metric",
        "Instructions retired per cycle", 0);
    row(w, ts, t, "CPI", R ? cyc / (double)R : NAN, "Metric", "Cycles per retired instruction",
        0);
  }
  if (!w->err && ferror(w->f))
    tl_fail(w, "write failed");
  return w->err ? -1 : 0;
}

int toplev_close(toplev_writer_t *w)
{
  int err;
  if (!w)
    return -1;
  if (fflush(w->f) != 0 || ferror(w->f))
    tl_fail(w, "write failed");
  if (fclose(w->f) != 0)
    tl_fail(w, "close failed");
  if (!w->err && rename(w->tmp, w->path) != 0)
    tl_fail(w, "rename failed");
  if (w->err)
    remove(w->tmp);
  err = w->err;
  free(w->path);
  free(w->tmp);
  free(w);
  return err ? -1 : 0;
}

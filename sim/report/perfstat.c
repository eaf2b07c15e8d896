/* The counter block as `perf stat -A -x SEP` writes it (docs/reports.md, "perf stat CSV"), one
 * line per counter and hardware thread (perf's logical CPU), in the field order of perf 6.1:
 *
 *   [timestamp SEP] CPU<t> SEP value SEP unit SEP event SEP run time SEP percentage SEP metric
 *   SEP metric unit
 *
 * timestamp (interval mode, perf -I): seconds since the window start, "%16.9f" as perf; value:
 * the count, or "<not counted>" when the counter was not enabled (EN, the gctrl bit, or USR and
 * OS all clear); unit: empty (perf's unit of a raw count); event: perf's name
 * (perf_event_name(), or cycles, instructions, ref-cycles for the fixed counters); run time:
 * the elapsed ns of the interval (slot counter 4; 0 when not counted); percentage: 100.00 (the
 * counters are not multiplexed; 0.00 when not counted); metric: "insn per cycle" on the
 * instructions line, as perf, else empty.
 *
 * Written to PATH.tmp and renamed by a successful perfstat_close(); after any error every later
 * call returns -1 and close removes PATH.tmp.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_types.h"

#define I_FIX(i)  (PMU_P + (i))
#define I_SLOT(i) (PMU_P + 3 + (i))

struct perfstat_writer {
  FILE *f;
  char *path, *tmp, *sep;
  int interval, err;
};

static char *dup_str(const char *s)
{
  const size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

perfstat_writer_t *perfstat_open(const char *path, const char *sep, int interval)
{
  perfstat_writer_t *w;
  if (!path || !sep || !*sep)
    return NULL;
  w = calloc(1, sizeof *w);
  if (!w)
    return NULL;
  w->path = dup_str(path);
  w->sep = dup_str(sep);
  w->tmp = malloc(strlen(path) + 5);
  if (!w->path || !w->sep || !w->tmp) {
    free(w->path);
    free(w->sep);
    free(w->tmp);
    free(w);
    return NULL;
  }
  snprintf(w->tmp, strlen(path) + 5, "%s.tmp", path);
  w->interval = interval != 0;
  w->f = fopen(w->tmp, "w");
  if (!w->f) {
    perror(w->tmp);
    free(w->path);
    free(w->sep);
    free(w->tmp);
    free(w);
    return NULL;
  }
  return w;
}

static void line(perfstat_writer_t *w, double ts, unsigned t, int counted, uint64_t v,
                 const char *event, uint64_t ns, const char *metric, const char *munit)
{
  const char *x = w->sep;
  int r = 0;
  if (w->interval)
    r |= fprintf(w->f, "%16.9f%s", ts, x) < 0;
  if (counted)
    r |= fprintf(w->f, "CPU%u%s%" PRIu64 "%s%s%s%s%" PRIu64 "%s100.00%s%s%s%s\n", t, x, v, x, x, event,
                 x, ns, x, x, metric, x, munit) < 0;
  else
    r |= fprintf(w->f, "CPU%u%s<not counted>%s%s%s%s0%s0.00%s%s\n", t, x, x, x, event, x, x, x,
                 x) < 0;
  if (r && !w->err) {
    fprintf(stderr, "perfstat: write failed (%s)\n", w->tmp);
    w->err = 1;
  }
}

int perfstat_rows(perfstat_writer_t *w, const pmu_state_t *s, const run_info_t *info, double ts)
{
  unsigned t, k, i;
  if (!w || !s || w->err)
    return -1;
  for (t = 0; t < PMU_THREADS; t++) {
    const uint64_t ns = s->cnt_q[pmu_cnt_idx(t, I_SLOT(4))];
    uint64_t fix[3];
    for (k = 0; k < PMU_P; k++) {
      const uint32_t es = info ? info->pmc[t][k].evtsel : s->evtsel_q[t][k];
      const uint32_t ext = info ? info->pmc[t][k].ext : s->ext_q[t][k];
      const uint64_t v = s->cnt_q[pmu_cnt_idx(t, k)];
      const int en = PMU_GET(es, PMU_EVTSEL_EN) && ((s->gctrl_q[t] >> (PMU_GCTRL_PMC_EN_LSB + k)) & 1u) &&
                     (PMU_GET(es, PMU_EVTSEL_USR) | PMU_GET(es, PMU_EVTSEL_OS));
      char name[64];
      if (!(info && ((info->pmc[t][k].name && *info->pmc[t][k].name) || es || ext)) &&
          !s->evtsel_q[t][k] && !s->ext_q[t][k] && !v)
        continue;                          /* not programmed (as in the text report) */
      perf_event_name(es, ext, name, sizeof name);
      line(w, ts, t, en, v, name, ns, "", "");
    }
    for (i = 0; i < 3; i++)
      fix[i] = s->cnt_q[pmu_cnt_idx(t, I_FIX(i))];
    for (i = 0; i < 3; i++) {
      const int en = ((s->gctrl_q[t] >> (PMU_GCTRL_FIX_EN_LSB + i)) & 1u) &&
                     FIXCTL_COUNTS(s->fixctl_q[t], i);
      char m[32] = "";
      if (i == 1 && fix[0])
        snprintf(m, sizeof m, "%.2f", (double)fix[1] / (double)fix[0]);
      line(w, ts, t, en, fix[i], perf_fixed_names[i], ns, m, m[0] ? "insn per cycle" : "");
    }
  }
  if (!w->err && ferror(w->f)) {
    fprintf(stderr, "perfstat: write failed (%s)\n", w->tmp);
    w->err = 1;
  }
  return w->err ? -1 : 0;
}

int perfstat_close(perfstat_writer_t *w)
{
  int err;
  if (!w)
    return -1;
  err = w->err;
  if (fflush(w->f) != 0 || ferror(w->f))
    err = 1;
  if (fclose(w->f) != 0)
    err = 1;
  if (!err && rename(w->tmp, w->path) != 0) {
    perror(w->path);
    err = 1;
  }
  if (err)
    remove(w->tmp);
  free(w->path);
  free(w->sep);
  free(w->tmp);
  free(w);
  return err ? -1 : 0;
}

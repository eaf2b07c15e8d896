/* pmuctl stat: counts in the perf stat layout, multiplexed when there are more events than
 * counters (docs/fpga.md "pmuctl stat").
 *
 *   pmuctl stat -e EV[,EV...] [-e ...] [-I MS] [-x SEP] [-A] [-t T] [--cycles N] [--slice N]
 *               [--warmup N] [--workload W | --prog FILE ...] [--knobs K] [--seed S]
 *
 * The core is reset with the workload, runs --warmup cycles uncounted, then --cycles board
 * cycles in slices. Events are
 * put in groups of at most P counters (a CHAIN or QUALIFY event stays in the group of the
 * event before it, on the next counter); with one group every event counts the whole run,
 * else the groups take turns, one slice each (--slice cycles, default 100000). Each event's
 * count is scaled by enabled/running cycles and printed with its running percentage, as perf
 * stat does with time. Between slices the core is stopped, so no event is lost or counted
 * twice; only events of a stopped core's cycles (cycles, unfilled slots, stall cycles) see the
 * few PMU cycles of each slice's counter set-up. -I MS prints every MS milliseconds of board
 * time (the run control's CLK_HZ); -x SEP gives perf's CSV fields; -A one line per thread. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmuctl.h"

enum { MAXEV = 64 };

typedef struct {
  int n;
  int ev[PMU_P];        /* event index on counter k */
} group_t;

static int make_groups(const pmu_event_t *ev, int n, unsigned p, group_t *g)
{
  int ng = 0, i;
  for (i = 0; i < n;) {
    int len = 1;
    while (i + len < n && (ev[i + len].ext & ((1u << PMU_EXT_CHAIN_LSB) | (1u << PMU_EXT_QUALIFY_LSB)))) len++;
    if ((unsigned)len > p) die("events %s .. %s: a CHAIN/QUALIFY run of %d events needs more than %u counters",
                               ev[i].text, ev[i + len - 1].text, len, p);
    if (ng == 0 || g[ng - 1].n + len > (int)p) {
      g[ng].n = 0;
      ng++;
    }
    while (len--) g[ng - 1].ev[g[ng - 1].n++] = i++;
  }
  return ng;
}

/* one count line: perf stat's layout, or its -x fields value,unit,event,runtime,percent,metric,unit */
static void emit(const char *sep, int counted, uint64_t sc, const char *text, uint64_t running, double pct, int mux)
{
  char buf[40];
  if (sep) {
    if (counted) snprintf(buf, sizeof buf, "%" PRIu64, sc);
    printf("%s%s%s%s%s%" PRIu64 "%s%.2f%s%s\n", counted ? buf : "<not counted>", sep, sep, text, sep, running, sep,
           pct, sep, sep);
    return;
  }
  printf("%18s      %-40s", counted ? commas(sc, buf, sizeof buf) : "<not counted>", text);
  if (mux) printf("  (%.2f%%)", pct);
  printf("\n");
}

int cmd_stat(int argc, char **argv)
{
  board_t *b;
  static char list[8192];
  pmu_event_t ev[MAXEV];
  group_t grp[MAXEV];
  workload_t wl;
  char err[1024], desc[256], buf[40];
  const char *sep = NULL;
  uint64_t cycles = 1000000, slice = 100000, interval_ms = 0, warmup = 0;
  int per_thread = 0, only_thread = -1, nev, ng, i, g;
  unsigned t, k;
  static uint64_t cnt[MAXEV][PMU_THREADS], run[MAXEV], icnt[MAXEV][PMU_THREADS], irun[MAXEV];
  uint64_t done = 0, enabled = 0, ienabled;
  int gcur = 0;
  wl_default(&wl);
  list[0] = '\0';
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (wl_option(&wl, argc, argv, &i)) continue;
    if ((a[1] == 'x' || a[1] == 'e' || a[1] == 'I') && a[0] == '-' && a[2]) {
      /* perf's attached forms: -x, -eEV -I100 */
      static char opt[3];
      opt[0] = '-';
      opt[1] = a[1];
      if (a[1] == 'x') sep = a + 2;
      else if (a[1] == 'I') interval_ms = opt_u64("-I", a + 2, 1, 3600000);
      else {
        if (strlen(list) + strlen(a + 2) + 2 > sizeof list) die("stat: -e lists too long");
        if (list[0]) strcat(list, ",");
        strcat(list, a + 2);
      }
      (void)opt;
      continue;
    }
    if ((strcmp(a, "-e") == 0 || strcmp(a, "-I") == 0 || strcmp(a, "-x") == 0 || strcmp(a, "-t") == 0 ||
         strcmp(a, "--cycles") == 0 || strcmp(a, "--slice") == 0 || strcmp(a, "--warmup") == 0) && i + 1 >= argc)
      die("stat: %s needs a value", a);
    if (strcmp(a, "-e") == 0) {
      if (strlen(list) + strlen(argv[i + 1]) + 2 > sizeof list) die("stat: -e lists too long");
      if (list[0]) strcat(list, ",");
      strcat(list, argv[++i]);
    } else if (strcmp(a, "-I") == 0) interval_ms = opt_u64("-I", argv[++i], 1, 3600000);
    else if (strcmp(a, "-x") == 0) {
      sep = argv[++i];
      if (!sep[0]) die("stat: -x needs a non-empty separator");
    } else if (strcmp(a, "-t") == 0) only_thread = (int)opt_u64("-t", argv[++i], 0, PMU_THREADS - 1);
    else if (strcmp(a, "-A") == 0) per_thread = 1;
    else if (strcmp(a, "--cycles") == 0) cycles = opt_u64("--cycles", argv[++i], 1, 1000000000000ull);
    else if (strcmp(a, "--warmup") == 0) warmup = opt_u64("--warmup", argv[++i], 0, 1000000000000ull);
    else if (strcmp(a, "--slice") == 0) slice = opt_u64("--slice", argv[++i], 100, 0xffffffffu);
    else die("stat: unknown option '%s'", a);
  }
  if (!list[0]) die("stat: no events (-e EV[,EV...]; pmuctl list prints the catalog)");
  nev = ev_parse_list(list, ev, MAXEV, err, sizeof err);
  if (nev < 0) die("%s", err);
  if (ev[0].ext & ((1u << PMU_EXT_CHAIN_LSB) | (1u << PMU_EXT_QUALIFY_LSB)))
    die("stat: event '%s': CHAIN and QUALIFY use the counter below, so they cannot come first", ev[0].text);
  ng = make_groups(ev, nev, PMU_P, grp);
  wl_check(&wl, PMU_THREADS, 1024);
  b = board_get();

  for (i = 0; i < nev; i++)
    if (!ev_lanes(&ev[i]))
      fprintf(stderr, "%s: warning: %s selects no lane of the catalog (its V is 0)\n", prog_name, ev[i].text);
  wl_setup(b, &wl);
  if (warmup) bd_run(b, warmup);
  for (t = 0; t < b->threads; t++) {
    uint32_t z[2] = {0, 0};
    wr32(b, treg(t, PMU_CTRL_OFF), 0);
    wr32(b, treg(t, PMU_FIXCTL_OFF), 0);
    wrn(b, treg(t, PMU_GCTRL_OFF), 2, z);
    wr64(b, treg(t, PMU_GSTATUS_OFF), ~0ull);
  }
  uint64_t ilen_cycles = interval_ms ? interval_ms * b->clk_hz / 1000 : cycles;
  if (ilen_cycles == 0) ilen_cycles = 1;
  /* perf stat -I: a header line in the text layout only; -x lines start with the timestamp */
  if (interval_ms && !sep) printf("#           time             counts unit events\n");
  memset(cnt, 0, sizeof cnt);
  memset(run, 0, sizeof run);
  while (done < cycles) {
    uint64_t ilen = cycles - done < ilen_cycles ? cycles - done : ilen_cycles;
    uint64_t nsl = 1, s, used = 0;
    if (ng > 1) {
      nsl = (ilen + slice - 1) / slice;
      if (nsl < (uint64_t)ng) nsl = (uint64_t)ng;
      nsl = (nsl + (uint64_t)ng - 1) / (uint64_t)ng * (uint64_t)ng;
    }
    memset(icnt, 0, sizeof icnt);
    memset(irun, 0, sizeof irun);
    for (s = 0; s < nsl; s++) {
      uint64_t len = (s == nsl - 1) ? ilen - used : ilen / nsl;
      uint32_t sel[PMU_P], ext[PMU_P], z[2 * PMU_P], v[2 * PMU_P];
      group_t *gr;
      g = gcur;
      gcur = (gcur + 1) % ng;
      gr = &grp[g];
      used += len;
      if (len == 0) continue;
      for (k = 0; k < (unsigned)gr->n; k++) {
        sel[k] = ev[gr->ev[k]].evtsel;
        ext[k] = ev[gr->ev[k]].ext;
      }
      memset(z, 0, sizeof z);
      for (t = 0; t < b->threads; t++) {
        if (only_thread >= 0 && (int)t != only_thread) continue;
        wrn(b, treg(t, PMU_EVTSEL_OFF), (unsigned)gr->n, sel);
        wrn(b, treg(t, PMU_EXT_OFF), (unsigned)gr->n, ext);
        wrn(b, treg(t, PMU_PMC_OFF), 2 * (unsigned)gr->n, z);
      }
      /* enabled and disabled back to back: 2 x THREADS stopped-core cycles per slice */
      for (t = 0; t < b->threads; t++)
        if (only_thread < 0 || (int)t == only_thread) wr32(b, treg(t, PMU_GCTRL_OFF), (1u << gr->n) - 1u);
      bd_run(b, len);
      for (t = 0; t < b->threads; t++)
        if (only_thread < 0 || (int)t == only_thread) wr32(b, treg(t, PMU_GCTRL_OFF), 0);
      for (t = 0; t < b->threads; t++) {
        if (only_thread >= 0 && (int)t != only_thread) continue;
        rdn(b, treg(t, PMU_PMC_OFF), 2 * (unsigned)gr->n, v);
        for (k = 0; k < (unsigned)gr->n; k++)
          icnt[gr->ev[k]][t] += ((uint64_t)v[2 * k] | ((uint64_t)v[2 * k + 1] << 32));
      }
      for (k = 0; k < (unsigned)gr->n; k++) irun[gr->ev[k]] += len;
    }
    ienabled = ilen;
    done += ilen;
    enabled += ienabled;
    for (i = 0; i < nev; i++) {
      for (t = 0; t < PMU_THREADS; t++) cnt[i][t] += icnt[i][t];
      run[i] += irun[i];
    }
    if (interval_ms) {
      double ts = (double)done / (double)b->clk_hz;
      for (i = 0; i < nev; i++) {
        for (t = 0; t < (per_thread ? b->threads : 1); t++) {
          uint64_t raw = 0;
          unsigned u;
          if (per_thread) raw = icnt[i][t];
          else for (u = 0; u < b->threads; u++) raw += icnt[i][u];
          if (per_thread && only_thread >= 0 && (int)t != only_thread) continue;
          double pct = irun[i] ? 100.0 * (double)irun[i] / (double)ienabled : 0;
          uint64_t sc = irun[i] ? (uint64_t)((double)raw * (double)ienabled / (double)irun[i] + 0.5) : 0;
          printf("%16.9f%s", ts, sep ? sep : " "); /* perf's "%6lu.%09lu" */
          if (per_thread && sep) printf("CPU%u%s", t, sep);
          else if (per_thread) printf("CPU%-4u", t);
          emit(sep, irun[i] != 0, sc, ev[i].text, irun[i], pct, ng > 1);
        }
      }
    }
  }
  if (interval_ms) return 0;
  /* totals */
  if (!sep) {
    printf("\n Performance counter stats for '%s' (%s%u):\n\n", wl_describe(&wl, desc, sizeof desc),
           only_thread >= 0 ? "thread " : "threads: ", only_thread >= 0 ? (unsigned)only_thread : b->threads);
  }
  for (i = 0; i < nev; i++) {
    for (t = 0; t < (per_thread ? b->threads : 1); t++) {
      uint64_t raw = 0;
      unsigned u;
      if (per_thread && only_thread >= 0 && (int)t != only_thread) continue;
      if (per_thread) raw = cnt[i][t];
      else for (u = 0; u < b->threads; u++) raw += cnt[i][u];
      double pct = run[i] ? 100.0 * (double)run[i] / (double)enabled : 0;
      uint64_t sc = run[i] ? (uint64_t)((double)raw * (double)enabled / (double)run[i] + 0.5) : 0;
      if (per_thread && sep) printf("CPU%u%s", t, sep);
          else if (per_thread) printf("CPU%-4u", t);
      emit(sep, run[i] != 0, sc, ev[i].text, run[i], pct, ng > 1);
    }
  }
  if (!sep)
    printf("\n%18.9f seconds time elapsed (board time: %s cycles at %.3f MHz)\n\n", (double)enabled / (double)b->clk_hz,
           commas(enabled, buf, sizeof buf), (double)b->clk_hz / 1e6);
  return 0;
}

/* End-of-run reports (docs/reports.md): the human-readable report (report_print) and the
 * toplev-like CSV (report_csv) that scripts/plot/plot_stacks.py reads.
 *
 * Every number comes from the counter bank of the model state (spec section 4):
 *   thread t, counter i at cnt_q[t*NCPT + i]; i = 0..P-1 programmable, P..P+2 fixed,
 *   P+3..P+7 issue slots (total, filled, issued, retired, elapsed ns),
 *   P+8 + stage*8 + component: CPI-stack slots.
 * CPI of a stack component = its slots / (W x retired instructions), where "retired" is the
 * always-counting slot counter R (the same window as the stacks; fixed counter 1 can be
 * disabled, filtered by privilege or frozen, so it is reported but not used as denominator).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_types.h"

#define I_FIX(i)     (PMU_P + (i))
#define I_SLOT(i)    (PMU_P + 3 + (i))
#define I_STK(s, c)  (PMU_P + 8 + (s) * 8 + (c))

enum { SL_TOTAL, SL_FILLED, SL_ISSUED, SL_RETIRED, SL_ELAPSED };
enum { TD_RETIRING, TD_BADSPEC, TD_FRONTEND, TD_BACKEND };

static const char *const stage_csv[3] = {"Dispatch", "Issue", "Commit"};
static const char *const comp_csv[8] = {"Base", "Icache", "Bpred", "Dcache",
                                        "Alu", "Depend", "Smt", "Other"};
static const char *const td_csv[4] = {"Retiring", "BadSpeculation", "FrontendBound",
                                      "BackendBound"};
static const char *const td_perf[4] = {"retiring", "bad speculation", "frontend bound",
                                       "backend bound"};

/* Everything derived for one thread. */
typedef struct {
  uint64_t stk[3][8];        /* raw stack slots */
  uint64_t stot[3];          /* sum of a stage's 8 components */
  uint64_t corr[2][8];       /* wrong-path corrected dispatch/issue stacks (wpvis == 0) */
  uint64_t wpx[2];           /* slots moved from base to bpred by the correction */
  int corr_neg[2];           /* dispatch/issue base below commit base: nothing moved */
  uint64_t slot[5];          /* total, filled, issued, retired, elapsed ns */
  uint64_t td[4];            /* top-down slots: retiring, bad spec, frontend, backend */
  int slot_incons;           /* some top-down difference was negative (clamped to 0) */
  uint64_t insns;            /* slot counter R */
  uint64_t cycles;           /* slot total / W */
  uint64_t fix[3];
} tstat_t;

static uint64_t cnt(const pmu_state_t *s, unsigned t, unsigned i)
{
  return s->cnt_q[pmu_cnt_idx(t, i)];
}

static uint64_t sub0(uint64_t a, uint64_t b, int *neg)
{
  if (a >= b)
    return a - b;
  *neg = 1;
  return 0;
}

static void thread_stats(const pmu_state_t *s, unsigned t, int wpvis, tstat_t *ts)
{
  unsigned st, c, i;
  memset(ts, 0, sizeof *ts);
  for (st = 0; st < 3; st++)
    for (c = 0; c < 8; c++) {
      ts->stk[st][c] = cnt(s, t, I_STK(st, c));
      ts->stot[st] += ts->stk[st][c];
    }
  for (i = 0; i < 5; i++)
    ts->slot[i] = cnt(s, t, I_SLOT(i));
  for (i = 0; i < 3; i++)
    ts->fix[i] = cnt(s, t, I_FIX(i));
  ts->insns = ts->slot[SL_RETIRED];
  ts->cycles = ts->slot[SL_TOTAL] / PMU_W;

  /* Sites' four-way split of the issue slots = top-down level 1 */
  ts->td[TD_FRONTEND] = sub0(ts->slot[SL_TOTAL], ts->slot[SL_FILLED], &ts->slot_incons);
  ts->td[TD_BACKEND] = sub0(ts->slot[SL_FILLED], ts->slot[SL_ISSUED], &ts->slot_incons);
  ts->td[TD_BADSPEC] = sub0(ts->slot[SL_ISSUED], ts->slot[SL_RETIRED], &ts->slot_incons);
  ts->td[TD_RETIRING] = ts->slot[SL_RETIRED];

  /* Eyerman et al. sec. 2: with wrong-path instructions invisible, dispatch/issue base holds
   * them; commit base is the true base, the excess belongs to bpred. */
  if (!wpvis)
    for (st = 0; st < 2; st++) {
      memcpy(ts->corr[st], ts->stk[st], sizeof ts->corr[st]);
      ts->wpx[st] = sub0(ts->stk[st][PMU_CMP_BASE], ts->stk[PMU_STG_COMMIT][PMU_CMP_BASE],
                         &ts->corr_neg[st]);
      ts->corr[st][PMU_CMP_BASE] -= ts->wpx[st];
      ts->corr[st][PMU_CMP_BPRED] += ts->wpx[st];
    }
}

/* CPI of a slot count; 0 when undefined (callers check insns) */
static double cpi_of(uint64_t slots, uint64_t insns)
{
  return insns ? (double)slots / ((double)PMU_W * (double)insns) : 0.0;
}

static double pct_of(uint64_t part, uint64_t whole)
{
  return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* "1,234,567" (locale-independent, like perf stat in an en_US locale) */
static const char *commas(uint64_t v, char *buf, size_t n)
{
  char tmp[32];
  size_t len, i, o = 0;
  snprintf(tmp, sizeof tmp, "%" PRIu64, v);
  len = strlen(tmp);
  for (i = 0; i < len && o + 2 < n; i++) {
    if (i && (len - i) % 3 == 0)
      buf[o++] = ',';
    buf[o++] = tmp[i];
  }
  buf[o] = '\0';
  return buf;
}

/* a CPI field of width 8, "n/a" when no instruction retired */
static void put_cpi(FILE *f, uint64_t slots, uint64_t insns)
{
  if (insns)
    fprintf(f, " %8.4f", cpi_of(slots, insns));
  else
    fprintf(f, " %8s", "n/a");
}

static void put_pct(FILE *f, uint64_t part, uint64_t whole)
{
  if (whole)
    fprintf(f, " %7.2f%%", pct_of(part, whole));
  else
    fprintf(f, " %8s", "n/a");
}

static const char *nz(const char *p) { return (p && *p) ? p : "-"; }

int pmu_catalog_name(uint32_t evtsel, char *buf, size_t n)
{
  const uint8_t ev = (uint8_t)PMU_GET(evtsel, PMU_EVTSEL_EVENT), um = (uint8_t)PMU_GET(evtsel, PMU_EVTSEL_UMASK);
  size_t len = 0, pre = 0;
  unsigned i, named = 0;
  if (n)
    buf[0] = '\0';
  if (!(pmu_ev_sup(ev, um) & 2u))
    return 0;
  for (i = 0; i < PMU_NEVENTS; i++) {
    const pmu_event_desc_t *e = &pmu_events[i];
    const char *name = e->name;
    if (e->event != ev || (um ? !(e->umask & um) : e->umask != 0))
      continue;
    if (named++ == 0) {
      const char *dot = strchr(name, '.');
      pre = dot ? (size_t)(dot - name) + 1 : 0;
    } else if (pre && strncmp(name, buf, pre) == 0) {
      name += pre;   /* the next sub-event without the event's name: UOPS.A|B */
    }
    len += (size_t)snprintf(buf + (len < n ? len : n), len < n ? n - len : 0, "%s%s", named > 1 ? "|" : "", name);
  }
  return 1;
}

void perf_event_name(uint32_t evtsel, uint32_t ext, char *buf, size_t n)
{
  const uint32_t raw = evtsel & PERF_RAW_MASK;
  const unsigned usr = (evtsel >> PMU_EVTSEL_USR_LSB) & 1u, os = (evtsel >> PMU_EVTSEL_OS_LSB) & 1u;
  const char *mod = usr && !os ? "u" : os && !usr ? "k" : "";
  if (ext)
    snprintf(buf, n, "cpu/config=0x%" PRIx32 ",config1=0x%" PRIx32 "/%s", raw, ext, mod);
  else
    snprintf(buf, n, "r%" PRIx32 "%s%s", raw, *mod ? ":" : "", mod);
}

/* evtsel, ext of programmable counter k of thread t, its perf name (perf_event_name) in buf,
 * and its label: the name given in run_info_t, else the catalog name of (event, umask), else
 * "(not in the catalog)" */
static const char *pmc_name(const pmu_state_t *s, const run_info_t *info, unsigned t, unsigned k,
                            uint32_t *evtsel, uint32_t *ext, char *buf, size_t n, char *lb, size_t ln)
{
  const char *label = NULL;
  if (info) {
    *evtsel = info->pmc[t][k].evtsel;
    *ext = info->pmc[t][k].ext;
    label = info->pmc[t][k].name;
  } else {
    *evtsel = s->evtsel_q[t][k];
    *ext = s->ext_q[t][k];
  }
  if (!label || !*label)
    label = pmu_catalog_name(*evtsel, lb, ln) ? lb : "(not in the catalog)";
  perf_event_name(*evtsel, *ext, buf, n);
  return label;
}

static int pmc_programmed(const pmu_state_t *s, const run_info_t *info, unsigned t, unsigned k)
{
  if (info && ((info->pmc[t][k].name && *info->pmc[t][k].name) || info->pmc[t][k].evtsel ||
               info->pmc[t][k].ext))
    return 1;
  return s->evtsel_q[t][k] || s->ext_q[t][k] || cnt(s, t, k);
}

static void print_stacks(FILE *f, const tstat_t *ts, int wpvis)
{
  unsigned st, c;
  const unsigned ncol = wpvis ? 3u : 5u;
  static const char *const hdr[5] = {"dispatch", "issue", "commit", "dispatch*", "issue*"};

  fprintf(f, "\nMulti-stage CPI stacks (CPI = component slots / (W x retired instructions);"
             " %% = share of the stage's slots)\n");
  fprintf(f, "%-9s", "");
  for (st = 0; st < ncol; st++)
    fprintf(f, " %17s", hdr[st]);
  fprintf(f, "\n%-9s", "component");
  for (st = 0; st < ncol; st++)
    fprintf(f, " %8s %8s", "CPI", "%");
  fputc('\n', f);
  for (c = 0; c < 8; c++) {
    fprintf(f, "%-9s", pmu_comp_names[c]);
    for (st = 0; st < ncol; st++) {
      uint64_t v = st < 3 ? ts->stk[st][c] : ts->corr[st - 3][c];
      uint64_t tot = ts->stot[st < 3 ? st : st - 3];
      put_cpi(f, v, ts->insns);
      put_pct(f, v, tot);
    }
    fputc('\n', f);
  }
  fprintf(f, "%-9s", "total");
  for (st = 0; st < ncol; st++) {
    uint64_t tot = ts->stot[st < 3 ? st : st - 3];
    put_cpi(f, tot, ts->insns);
    put_pct(f, tot, tot);
  }
  fputc('\n', f);
  if (!wpvis) {
    fprintf(f, "* wrong-path corrected (ctrl.wpvis = 0, so wrong-path work was counted as base at "
               "dispatch/issue):\n"
               "  base := commit base; bpred += dispatch/issue base - commit base "
               "(dispatch %" PRIu64 ", issue %" PRIu64 " slots moved)\n",
            ts->wpx[0], ts->wpx[1]);
    for (st = 0; st < 2; st++)
      if (ts->corr_neg[st])
        fprintf(f, "  note: %s base < commit base, nothing moved for %s\n",
                pmu_stage_names[st], pmu_stage_names[st]);
  }
  for (st = 0; st < 3; st++)
    if (ts->stot[st] != ts->slot[SL_TOTAL])
      fprintf(f, "  note: %s stack sums to %" PRIu64 " slots, slot counter total is %" PRIu64
                 " (a counter was written or wrapped)\n",
              pmu_stage_names[st], ts->stot[st], ts->slot[SL_TOTAL]);
}

static void print_slots(FILE *f, const tstat_t *ts)
{
  static const char *const label[4] = {
      "retired", "issued, not retired  (wasted speculation)",
      "not filled           (front-end stall)", "filled, not issued   (back-end stall)"};
  static const unsigned order[4] = {TD_FRONTEND, TD_BACKEND, TD_BADSPEC, TD_RETIRING};
  unsigned i;
  char b[40];

  fprintf(f, "\nIssue slots (four-way breakdown of the slot counters)\n");
  fprintf(f, "  %-42s %20s %9s\n", "category", "slots", "%");
  fprintf(f, "  %-42s %20s", "total (W per cycle)", commas(ts->slot[SL_TOTAL], b, sizeof b));
  put_pct(f, ts->slot[SL_TOTAL], ts->slot[SL_TOTAL]);
  fputc('\n', f);
  for (i = 0; i < 4; i++) {
    fprintf(f, "  %-42s %20s", label[order[i]], commas(ts->td[order[i]], b, sizeof b));
    put_pct(f, ts->td[order[i]], ts->slot[SL_TOTAL]);
    fputc('\n', f);
  }
  fprintf(f, "  %-42s %20s\n", "filled (slot1)", commas(ts->slot[SL_FILLED], b, sizeof b));
  fprintf(f, "  %-42s %20s\n", "issued (slot2)", commas(ts->slot[SL_ISSUED], b, sizeof b));
  fprintf(f, "  %-42s %20s ns\n", "elapsed (slot4)", commas(ts->slot[SL_ELAPSED], b, sizeof b));
  if (ts->slot_incons)
    fprintf(f, "  note: slot counters out of order (total >= filled >= issued >= retired does not "
               "hold; written or wrapped); negative categories shown as 0\n");
}

static void print_counters(FILE *f, const pmu_state_t *s, const run_info_t *info, unsigned t,
                           const tstat_t *ts)
{
  unsigned k, i, shown = 0;
  char b[40], nb[64], lb[128];
  static const char *const fixname[3] = {"fix0 core cycles", "fix1 instructions retired",
                                         "fix2 reference ticks"};

  fprintf(f, "\n Performance counter stats for thread %u (%s):\n\n", t,
          nz(info ? info->workload : NULL));
  for (k = 0; k < PMU_P; k++) {
    uint32_t evtsel, ext;
    const char *name;
    uint64_t v = cnt(s, t, k);
    int en;
    if (!pmc_programmed(s, info, t, k))
      continue;
    shown++;
    name = pmc_name(s, info, t, k, &evtsel, &ext, nb, sizeof nb, lb, sizeof lb);
    fprintf(f, "%18s      %-32s # pmc%u %s evtsel 0x%08" PRIx32, commas(v, b, sizeof b), nb, k,
            name, evtsel);
    if (ext)
      fprintf(f, " ext 0x%08" PRIx32, ext);
    if (ts->cycles)
      fprintf(f, ", %.4f per cycle", (double)v / (double)ts->cycles);
    en = PMU_GET(evtsel, PMU_EVTSEL_EN) && ((s->gctrl_q[t] >> (PMU_GCTRL_PMC_EN_LSB + k)) & 1u) &&
         (PMU_GET(evtsel, PMU_EVTSEL_USR) | PMU_GET(evtsel, PMU_EVTSEL_OS));
    if ((ext >> PMU_EXT_CHAIN_LSB) & 1u)
      fprintf(f, " (chain: counts wraps of pmc%u)", k ? k - 1 : 0);
    else if (!en)
      fprintf(f, " (not enabled)");
    if ((s->gstatus_q[t] >> (PMU_GSTATUS_PMC_OVF_LSB + k)) & 1u)
      fprintf(f, " (wrapped)");
    if (s->evtsel_q[t][k] != evtsel || s->ext_q[t][k] != ext)
      fprintf(f, " (registers now evtsel 0x%08" PRIx32 " ext 0x%08" PRIx32 ")",
              s->evtsel_q[t][k], s->ext_q[t][k]);
    fputc('\n', f);
  }
  if (!shown)
    fprintf(f, "%18s      %s\n", "", "(no programmable counter programmed)");

  fputc('\n', f);
  for (i = 0; i < 3; i++) {
    int en = ((s->gctrl_q[t] >> (PMU_GCTRL_FIX_EN_LSB + i)) & 1u) &&
             FIXCTL_COUNTS(s->fixctl_q[t], i);
    char cm[128];
    size_t o = 0;
    cm[0] = '\0';
    if (i == 1 && ts->fix[0])
      o += (size_t)snprintf(cm + o, sizeof cm - o, " %8.4f  insn per cycle",
                            (double)ts->fix[1] / (double)ts->fix[0]);
    if (i == 1 && ts->fix[1] && o < sizeof cm)
      o += (size_t)snprintf(cm + o, sizeof cm - o, " %8.4f  cycles per insn",
                            (double)ts->fix[0] / (double)ts->fix[1]);
    if (!en && o < sizeof cm)
      o += (size_t)snprintf(cm + o, sizeof cm - o, " (not enabled)");
    if (((s->gstatus_q[t] >> (PMU_GSTATUS_FIX_OVF_LSB + i)) & 1u) && o < sizeof cm)
      snprintf(cm + o, sizeof cm - o, " (wrapped)");
    fprintf(f, "%18s      %-32s # %s%s\n", commas(ts->fix[i], b, sizeof b), perf_fixed_names[i],
            fixname[i], cm);
  }
  fprintf(f, "%18s      %-32s #", commas(ts->insns, b, sizeof b), "instructions (slot3, always on)");
  if (ts->cycles)
    fprintf(f, " %8.4f  insn per cycle", (double)ts->insns / (double)ts->cycles);
  else
    fprintf(f, " %8s  insn per cycle", "n/a");
  fputc('\n', f);
  fprintf(f, "%18s      %-32s #", commas(ts->cycles, b, sizeof b), "cycles (slot0 / W)");
  if (ts->insns)
    fprintf(f, " %8.4f  CPI", (double)ts->cycles / (double)ts->insns);
  else
    fprintf(f, " %8s  CPI (no instruction retired)", "n/a");
  fputc('\n', f);
}

void report_print(FILE *f, const pmu_state_t *s, const run_info_t *info)
{
  unsigned t, i;
  const int wpvis = info ? (info->wpvis != 0) : 0;
  tstat_t ts[PMU_THREADS];

  if (!f || !s)
    return;
  fprintf(f, "StallScope PMU report\n");
  fprintf(f, "  workload : %s\n", nz(info ? info->workload : NULL));
  fprintf(f, "  config   : %s\n", nz(info ? info->config : NULL));
  if (info)
    fprintf(f, "  run      : %" PRIu64 " cycles, seed %" PRIu64 ", lockstep mismatches %" PRIu64
               "%s\n",
            info->cycles, info->seed, info->mismatches,
            info->mismatches ? "  <-- RTL and model DISAGREE" : "");
  fprintf(f, "  PMU      : THREADS=%d P=%d CW=%d W=%d; wrong path visible at dispatch/issue "
             "(ctrl.wpvis): %s\n",
          PMU_THREADS, PMU_P, PMU_CW, PMU_W, wpvis ? "yes" : "no");
  if (info && info->w && info->w != (unsigned)PMU_W)
    fprintf(f, "  note: run W=%u differs from the PMU's W=%d; stacks use the PMU's W\n", info->w,
            PMU_W);

  for (t = 0; t < PMU_THREADS; t++) {
    thread_stats(s, t, wpvis, &ts[t]);
    fprintf(f, "\n======================================== thread %u "
               "========================================\n", t);
    if (((s->ctrl_q[t] >> PMU_CTRL_WPVIS_LSB) & 1u) != (unsigned)wpvis)
      fprintf(f, "note: ctrl.wpvis of thread %u is now %u, the report uses the run's %d\n", t,
              (unsigned)((s->ctrl_q[t] >> PMU_CTRL_WPVIS_LSB) & 1u), wpvis);
    if (ts[t].insns)
      fprintf(f, "instructions %" PRIu64 ", cycles %" PRIu64 ", IPC %.4f, CPI %.4f\n",
              ts[t].insns, ts[t].cycles,
              ts[t].cycles ? (double)ts[t].insns / (double)ts[t].cycles : 0.0,
              (double)ts[t].cycles / (double)ts[t].insns);
    else
      fprintf(f, "instructions 0, cycles %" PRIu64 ", IPC 0, CPI n/a (no instruction retired)\n",
              ts[t].cycles);
    print_stacks(f, &ts[t], wpvis);
    print_slots(f, &ts[t]);
    print_counters(f, s, info, t, &ts[t]);
  }

  fprintf(f, "\nTop-down level 1 (perf stat --topdown layout; %% of issue slots, from the slot "
             "counters)\n\n");
  fprintf(f, "%18s", "");
  for (i = 0; i < 4; i++)
    fprintf(f, "%20s ", td_perf[i]);
  fputc('\n', f);
  for (t = 0; t < PMU_THREADS; t++) {
    char lab[16];
    snprintf(lab, sizeof lab, "T%u", t);
    fprintf(f, "%-18s", lab);
    for (i = 0; i < 4; i++) {
      char v[24];
      if (ts[t].slot[SL_TOTAL])
        snprintf(v, sizeof v, "%8.1f%%", pct_of(ts[t].td[i], ts[t].slot[SL_TOTAL]));
      else
        snprintf(v, sizeof v, "%9s", "n/a");
      fprintf(f, "%20s ", v);
    }
    fputc('\n', f);
  }
}

/* ---- CSV --------------------------------------------------------------------------------- */

typedef struct {
  FILE *f;
  int err;
} csv_t;

static void csv_desc(csv_t *c, const char *d)
{
  const char *p;
  int quote = 0;
  for (p = d; *p; p++)
    if (*p == ',' || *p == '"' || *p == '\n' || *p == '\r')
      quote = 1;
  if (!quote) {
    if (fputs(d, c->f) < 0)
      c->err = 1;
    return;
  }
  if (fputc('"', c->f) == EOF)
    c->err = 1;
  for (p = d; *p; p++) {
    if (*p == '"' && fputc('"', c->f) == EOF)
      c->err = 1;
    if (fputc(*p, c->f) == EOF)
      c->err = 1;
  }
  if (fputc('"', c->f) == EOF)
    c->err = 1;
}

static void csv_u(csv_t *c, const char *area, uint64_t v, const char *unit, const char *desc)
{
  if (fprintf(c->f, "%s,%" PRIu64 ",%s,", area, v, unit) < 0)
    c->err = 1;
  csv_desc(c, desc);
  if (fputc('\n', c->f) == EOF)
    c->err = 1;
}

/* ok == 0 writes "nan" (undefined, e.g. CPI with no instruction retired) */
static void csv_d(csv_t *c, const char *area, double v, int ok, const char *unit, const char *desc)
{
  int r = ok ? fprintf(c->f, "%s,%.6f,%s,", area, v, unit) : fprintf(c->f, "%s,nan,%s,", area, unit);
  if (r < 0)
    c->err = 1;
  csv_desc(c, desc);
  if (fputc('\n', c->f) == EOF)
    c->err = 1;
}

static void csv_stage(csv_t *c, unsigned t, const char *stage, const char *what,
                      const uint64_t comp[8], uint64_t tot, uint64_t insns)
{
  char area[64], desc[160];
  unsigned k;
  for (k = 0; k <= 8; k++) {
    const uint64_t v = k < 8 ? comp[k] : tot;
    const char *cn = k < 8 ? comp_csv[k] : "Total";
    snprintf(area, sizeof area, "T%u.%s.%s", t, stage, cn);
    snprintf(desc, sizeof desc, "%s stack, %s", what, k < 8 ? pmu_comp_names[k] : "all components");
    csv_u(c, area, v, "Slots", desc);
    csv_d(c, area, cpi_of(v, insns), insns != 0, "CPI", desc);
    csv_d(c, area, pct_of(v, tot), tot != 0, "%", desc);
  }
}

int report_csv(const char *path, const pmu_state_t *s, const run_info_t *info)
{
  csv_t c;
  char *tmp;
  size_t len;
  unsigned t, k, i;
  char area[64], desc[320], nb[64], lb[128];
  const int wpvis = info ? (info->wpvis != 0) : 0;
  static const char *const slotn[5] = {"Total", "Filled", "Issued", "Retired", "ElapsedNs"};
  static const char *const slotd[5] = {"issue-slot counter 0: W per cycle",
                                       "issue-slot counter 1: uops available to issue (F)",
                                       "issue-slot counter 2: uops issued (I)",
                                       "issue-slot counter 3: instructions retired (R)",
                                       "issue-slot counter 4: elapsed time"};
  static const char *const fixn[3] = {"CoreCycles", "InstRetired", "RefTicks"};
  static const char *const fixd[3] = {"fixed counter 0: core cycles (perf: cycles)",
                                      "fixed counter 1: instructions retired (perf: instructions)",
                                      "fixed counter 2: reference ticks (perf: ref-cycles)"};
  static const char *const tdd[4] = {
      "slots that retired an instruction (R)", "slots issued but not retired (I - R)",
      "slots not filled, front-end stall (total - F)", "slots filled but not issued, back-end stall (F - I)"};

  if (!path || !s)
    return -1;
  len = strlen(path);
  tmp = malloc(len + 5);
  if (!tmp)
    return -1;
  memcpy(tmp, path, len);
  memcpy(tmp + len, ".tmp", 5);
  c.f = fopen(tmp, "w");
  c.err = 0;
  if (!c.f) {
    free(tmp);
    return -1;
  }

  if (fputs("Area,Value,Unit,Description\n", c.f) < 0)
    c.err = 1;
  snprintf(desc, sizeof desc, "run length; workload %s; config %s",
           nz(info ? info->workload : NULL), nz(info ? info->config : NULL));
  csv_u(&c, "Run.Cycles", info ? info->cycles : 0, "Count", desc);
  csv_u(&c, "Run.Seed", info ? info->seed : 0, "Count", "random seed of the run");
  csv_u(&c, "Run.W", PMU_W, "Count", "PMU pipeline width W (slots per cycle per stage)");
  csv_u(&c, "Run.Threads", PMU_THREADS, "Count", "hardware threads");
  csv_u(&c, "Run.WPVis", (uint64_t)wpvis, "Count",
        "ctrl.wpvis of the run (0: dispatch/issue stacks count wrong path as base; corrected rows "
        "given)");
  csv_u(&c, "Run.Mismatches", info ? info->mismatches : 0, "Count", "lockstep RTL/model mismatches");

  for (t = 0; t < PMU_THREADS; t++) {
    tstat_t ts;
    thread_stats(s, t, wpvis, &ts);

    for (k = 0; k < PMU_P; k++) {
      uint32_t evtsel, ext;
      const char *name;
      if (!pmc_programmed(s, info, t, k))
        continue;
      name = pmc_name(s, info, t, k, &evtsel, &ext, nb, sizeof nb, lb, sizeof lb);
      snprintf(area, sizeof area, "T%u.PMC%u", t, k);
      snprintf(desc, sizeof desc, "%s (%s) evtsel=0x%08" PRIx32 " ext=0x%08" PRIx32, nb, name,
               evtsel, ext);
      csv_u(&c, area, cnt(s, t, k), "Count", desc);
    }
    for (i = 0; i < 3; i++) {
      snprintf(area, sizeof area, "T%u.Fixed.%s", t, fixn[i]);
      csv_u(&c, area, ts.fix[i], "Count", fixd[i]);
    }
    for (i = 0; i < 5; i++) {
      snprintf(area, sizeof area, "T%u.Slots.%s", t, slotn[i]);
      csv_u(&c, area, ts.slot[i], i == SL_ELAPSED ? "ns" : "Slots", slotd[i]);
    }
    for (i = 0; i < 3; i++) {
      snprintf(desc, sizeof desc, "%s", pmu_stage_names[i]);
      csv_stage(&c, t, stage_csv[i], desc, ts.stk[i], ts.stot[i], ts.insns);
    }
    if (!wpvis)
      for (i = 0; i < 2; i++) {
        char st[32];
        snprintf(st, sizeof st, "%sCorrected", stage_csv[i]);
        snprintf(desc, sizeof desc, "%s (wrong-path corrected: base := commit base, excess to bpred)",
                 pmu_stage_names[i]);
        csv_stage(&c, t, st, desc, ts.corr[i], ts.stot[i], ts.insns);
      }
    for (i = 0; i < 4; i++) {
      snprintf(area, sizeof area, "T%u.TopDown.%s", t, td_csv[i]);
      csv_u(&c, area, ts.td[i], "Slots", tdd[i]);
      csv_d(&c, area, pct_of(ts.td[i], ts.slot[SL_TOTAL]), ts.slot[SL_TOTAL] != 0, "%", tdd[i]);
    }
    snprintf(area, sizeof area, "T%u.Instructions", t);
    csv_u(&c, area, ts.insns, "Count", "instructions retired (slot counter 3)");
    snprintf(area, sizeof area, "T%u.Cycles", t);
    csv_u(&c, area, ts.cycles, "Count", "cycles (slot counter 0 / W)");
    snprintf(area, sizeof area, "T%u.CPI", t);
    csv_d(&c, area, ts.insns ? (double)ts.cycles / (double)ts.insns : 0.0, ts.insns != 0, "CPI",
          "cycles per instruction (slot counters)");
    snprintf(area, sizeof area, "T%u.IPC", t);
    csv_d(&c, area, ts.cycles ? (double)ts.insns / (double)ts.cycles : 0.0, ts.cycles != 0, "IPC",
          "instructions per cycle (slot counters)");
    snprintf(area, sizeof area, "T%u.IPC.Fixed", t);
    csv_d(&c, area, ts.fix[0] ? (double)ts.fix[1] / (double)ts.fix[0] : 0.0, ts.fix[0] != 0, "IPC",
          "instructions per cycle (fixed counters 1 / 0)");
  }

  if (fflush(c.f) != 0 || ferror(c.f))
    c.err = 1;
  if (fclose(c.f) != 0)
    c.err = 1;
  if (!c.err && rename(tmp, path) != 0)
    c.err = 1;
  if (c.err)
    remove(tmp);
  free(tmp);
  return c.err ? -1 : 0;
}

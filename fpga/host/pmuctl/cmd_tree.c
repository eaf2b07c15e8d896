/* pmuctl tree: a cycle-accounting tree in the spirit of Levinthal's "Cycle Accounting and
 * Gooda" (cycles = stalled + issuing; stalled cycles split by what was pending, measured with
 * QUALIFY so each branch is "stall cycles while X"; issuing cycles with their unused slots).
 *
 *   pmuctl tree [--cycles N] [WORKLOAD]
 *
 * Two runs of the same workload from the core's reset (the core is deterministic, so both
 * runs execute the same cycles), eight counters each, on every thread:
 *   run 1: stall = UOPS_ISSUED.ANY:c1:i1; L1D_PEND_MISS.PENDING:c1 + stall:q; RS_EVENTS.EMPTY_CYCLES
 *          + stall:q; RESOURCE_STALLS.ROB + stall:q; RESOURCE_STALLS.RS
 *   run 2: RESOURCE_STALLS.RS + stall:q; UOPS_ISSUED.ANY:c1; UOPS_ISSUED.ANY; INST_RETIRED.ANY_P;
 *          BR_MISP_RETIRED.ALL_BRANCHES; ICACHE.MISSES
 * The stall branches may overlap (a cycle can have a miss pending and the ROB full). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "pmuctl.h"

static const char *const run1[] = {"UOPS_ISSUED.ANY:c1:i1", "L1D_PEND_MISS.PENDING:c1", "UOPS_ISSUED.ANY:c1:i1:q",
                                   "RS_EVENTS.EMPTY_CYCLES", "UOPS_ISSUED.ANY:c1:i1:q", "RESOURCE_STALLS.ROB",
                                   "UOPS_ISSUED.ANY:c1:i1:q", "RESOURCE_STALLS.RS"};
static const char *const run2[] = {"RESOURCE_STALLS.RS", "UOPS_ISSUED.ANY:c1:i1:q", "UOPS_ISSUED.ANY:c1",
                                   "UOPS_ISSUED.ANY", "INST_RETIRED.ANY_P", "BR_MISP_RETIRED.ALL_BRANCHES",
                                   "ICACHE.MISSES"};

static void measure(board_t *b, const workload_t *wl, const char *const *names, unsigned n, uint64_t cycles,
                    uint64_t out[][8])
{
  uint32_t sel[8], ext[8], z[16], v[16];
  unsigned k, t;
  char err[512];
  for (k = 0; k < n; k++) {
    pmu_event_t e;
    if (!ev_parse(names[k], &e, err, sizeof err)) fail("tree: %s", err);
    sel[k] = e.evtsel;
    ext[k] = e.ext;
  }
  memset(z, 0, sizeof z);
  wl_setup(b, wl);
  for (t = 0; t < b->threads; t++) {
    wr32(b, treg(t, PMU_GCTRL_OFF), 0);
    wrn(b, treg(t, PMU_EVTSEL_OFF), n, sel);
    wrn(b, treg(t, PMU_EXT_OFF), n, ext);
    wrn(b, treg(t, PMU_PMC_OFF), 2 * n, z);
  }
  /* enable and disable back to back: each thread counts 2 x THREADS stopped-core cycles */
  for (t = 0; t < b->threads; t++) wr32(b, treg(t, PMU_GCTRL_OFF), (1u << n) - 1u);
  bd_run(b, cycles);
  for (t = 0; t < b->threads; t++) wr32(b, treg(t, PMU_GCTRL_OFF), 0);
  for (t = 0; t < b->threads; t++) {
    rdn(b, treg(t, PMU_PMC_OFF), 2 * n, v);
    for (k = 0; k < n; k++) out[t][k] = (uint64_t)v[2 * k] | ((uint64_t)v[2 * k + 1] << 32);
  }
}

static void line(const char *label, uint64_t v, uint64_t whole)
{
  char buf[40];
  printf("  %-58s %14s  %6.2f%%\n", label, commas(v, buf, sizeof buf), whole ? 100.0 * (double)v / (double)whole : 0.0);
}

int cmd_tree(int argc, char **argv)
{
  board_t *b;
  workload_t wl;
  uint64_t cycles = 1000000, r1[PMU_THREADS][8], r2[PMU_THREADS][8];
  unsigned t;
  int i;
  char desc[256], buf[40];
  if (PMU_P < 8) die("tree: needs 8 counters per thread (this PMU has P=%d)", PMU_P);
  wl_default(&wl);
  for (i = 1; i < argc; i++) {
    if (wl_option(&wl, argc, argv, &i)) continue;
    if (!strcmp(argv[i], "--cycles")) {
      if (i + 1 >= argc) die("tree: --cycles needs a value");
      cycles = opt_u64("--cycles", argv[++i], 1, 1000000000000ull);
    } else die("tree: unknown option '%s'", argv[i]);
  }
  wl_check(&wl, PMU_THREADS, 1024);
  b = board_get();
  measure(b, &wl, run1, 8, cycles, r1);
  measure(b, &wl, run2, 7, cycles, r2);
  printf("Cycle-accounting tree: %s, %s cycles per run (two runs from reset)\n", wl_describe(&wl, desc, sizeof desc),
         commas(cycles, buf, sizeof buf));
  for (t = 0; t < b->threads; t++) {
    /* the stall event also counts the 2 x THREADS stopped-core cycles around the run */
    uint64_t stall = r1[t][0] >= 2u * b->threads ? r1[t][0] - 2u * b->threads : 0;
    uint64_t under = (uint64_t)b->w * r2[t][2] > r2[t][3] ? ((uint64_t)b->w * r2[t][2] - r2[t][3]) / b->w : 0;
    printf("\nThread %u (IPC %.3f, %s instructions retired, %s mispredicted branches, %s Icache misses)\n", t,
           (double)r2[t][4] / (double)cycles, commas(r2[t][4], buf, sizeof buf), commas(r2[t][5], desc, sizeof desc),
           commas(r2[t][6], desc + 64, sizeof desc - 64));
    line("cycles", cycles, cycles);
    line("|- stalled: no uop issued (UOPS_ISSUED.ANY:c1:i1)", stall, cycles);
    line("|  |- with an L1D miss pending", r1[t][2], cycles);
    line("|  |- with the RS empty (instruction starvation)", r1[t][4], cycles);
    line("|  |- with the ROB full", r1[t][6], cycles);
    line("|  `- with the RS full", r2[t][1], cycles);
    line("`- issuing (UOPS_ISSUED.ANY:c1)", r2[t][2], cycles);
    line("   `- unused issue slots, in cycles (W*issuing - uops)/W", under, cycles);
    if (r2[t][2] + stall != cycles)
      printf("  note: stalled + issuing = %s, not the run's cycles\n", commas(r2[t][2] + stall, buf, sizeof buf));
  }
  return 0;
}

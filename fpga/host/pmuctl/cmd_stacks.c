/* pmuctl stacks: the three CPI stacks per thread (dispatch, issue, commit; Eyerman et al.,
 * docs/spec.md 4.6) with the paper's wrong-path correction, and top-down level 1 from the
 * issue-slot counters (docs/reports.md gives the formulas; sim/report/report.c prints the same
 * tables for the main run).
 *
 *   pmuctl stacks [--cycles N] [--warmup N] [--wpvis] [WORKLOAD]
 *
 * The core is reset with the workload, the stack and slot counters are zeroed, the core runs N
 * cycles, the counters are read. The PMU also ticks in the APB cycles of the zeroing and reading
 * (a stopped core: n = 0, fe/rs/rob empty, so those slots go to 'other' and to the slot total
 * only): 'other' is taken as W x N minus the other components, the slot total as W x N. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "pmuctl.h"

int cmd_stacks(int argc, char **argv)
{
  board_t *b;
  workload_t wl;
  uint64_t cycles = 1000000, warmup = 0;
  int wpvis = 0, i;
  unsigned t, s, c;
  char desc[256], buf[40];
  wl_default(&wl);
  for (i = 1; i < argc; i++) {
    if (wl_option(&wl, argc, argv, &i)) continue;
    if (!strcmp(argv[i], "--cycles")) {
      if (i + 1 >= argc) die("stacks: --cycles needs a value");
      cycles = opt_u64("--cycles", argv[++i], 1, 1000000000000ull);
    } else if (!strcmp(argv[i], "--warmup")) {
      if (i + 1 >= argc) die("stacks: --warmup needs a value");
      warmup = opt_u64("--warmup", argv[++i], 0, 1000000000000ull);
    } else if (!strcmp(argv[i], "--wpvis")) wpvis = 1;
    else die("stacks: unknown option '%s'", argv[i]);
  }
  wl_check(&wl, PMU_THREADS, 1024);
  b = board_get();
  wl_setup(b, &wl);
  if (warmup) bd_run(b, warmup);
  for (t = 0; t < b->threads; t++) {
    uint32_t z[48];
    memset(z, 0, sizeof z);
    wr32(b, treg(t, PMU_CTRL_OFF), wpvis ? 1u << PMU_CTRL_WPVIS_LSB : 0);
    wrn(b, treg(t, PMU_STK_OFF), 48, z);
    wrn(b, treg(t, PMU_SLOT_OFF), 10, z);
  }
  bd_run(b, cycles);
  printf("CPI stacks: %s, %s cycles, W %u, wrong path %s\n", wl_describe(&wl, desc, sizeof desc),
         commas(cycles, buf, sizeof buf), b->w, wpvis ? "visible (ctrl.wpvis=1)" : "corrected in software (ctrl.wpvis=0)");
  for (t = 0; t < b->threads; t++) {
    uint32_t v[48], sl[10];
    uint64_t stk[3][8], tot = (uint64_t)b->w * cycles, slot[5], sum, moved[2] = {0, 0}, td[4];
    uint64_t insns;
    int neg = 0;
    rdn(b, treg(t, PMU_STK_OFF), 48, v);
    rdn(b, treg(t, PMU_SLOT_OFF), 10, sl);
    for (s = 0; s < 3; s++) {
      sum = 0;
      for (c = 0; c < 8; c++) {
        stk[s][c] = (uint64_t)v[2 * (s * 8 + c)] | ((uint64_t)v[2 * (s * 8 + c) + 1] << 32);
        if (c != PMU_CMP_OTHER) sum += stk[s][c];
      }
      if (sum > tot) neg = 1;
      stk[s][PMU_CMP_OTHER] = sum > tot ? 0 : tot - sum;
    }
    for (i = 0; i < 5; i++) slot[i] = (uint64_t)sl[2 * i] | ((uint64_t)sl[2 * i + 1] << 32);
    insns = slot[3];
    if (!wpvis)
      for (s = 0; s < 2; s++) {
        moved[s] = stk[s][PMU_CMP_BASE] > stk[2][PMU_CMP_BASE] ? stk[s][PMU_CMP_BASE] - stk[2][PMU_CMP_BASE] : 0;
        stk[s][PMU_CMP_BASE] -= moved[s];
        stk[s][PMU_CMP_BPRED] += moved[s];
      }
    printf("\nThread %u: %s instructions retired, CPI %.4f\n", t, commas(insns, buf, sizeof buf),
           insns ? (double)cycles / (double)insns : 0.0);
    printf("               %s            issue%s            commit\n", wpvis ? "dispatch" : "dispatch*", wpvis ? " " : "*");
    printf("component      CPI        %%      CPI        %%      CPI        %%\n");
    for (c = 0; c < 8; c++) {
      printf("%-9s", pmu_comp_names[c]);
      for (s = 0; s < 3; s++)
        printf("  %7.4f  %6.2f%%", insns ? (double)stk[s][c] / ((double)b->w * (double)insns) : 0.0,
               100.0 * (double)stk[s][c] / (double)tot);
      printf("\n");
    }
    printf("%-9s", "total");
    for (s = 0; s < 3; s++) printf("  %7.4f  %6.2f%%", insns ? (double)tot / ((double)b->w * (double)insns) : 0.0, 100.0);
    printf("\n");
    if (!wpvis)
      printf("(* wrong-path correction: %s dispatch and %s issue slots moved from base to bpred)\n",
             commas(moved[0], buf, sizeof buf), commas(moved[1], desc, sizeof desc));
    if (neg) printf("note: a stack's components exceed W x cycles (a counter was written during the run)\n");
    td[0] = slot[3];                                                   /* retiring */
    td[1] = slot[2] > slot[3] ? slot[2] - slot[3] : 0;                 /* bad speculation */
    td[2] = tot > slot[1] ? tot - slot[1] : 0;                         /* frontend bound */
    td[3] = slot[1] > slot[2] ? slot[1] - slot[2] : 0;                 /* backend bound */
    printf("Top-down level 1 (%% of issue slots):  retiring %.1f%%  bad speculation %.1f%%  frontend bound %.1f%%"
           "  backend bound %.1f%%\n", 100.0 * (double)td[0] / (double)tot, 100.0 * (double)td[1] / (double)tot,
           100.0 * (double)td[2] / (double)tot, 100.0 * (double)td[3] / (double)tot);
  }
  printf("\ncheck: every stack (thread x stage) sums to W x cycles = %s\n", commas((uint64_t)b->w * cycles, buf, sizeof buf));
  return 0;
}

/* Unit tests of the time-proportional oracle and sampler replay (sim/report/tip_oracle.c,
 * docs/spec.md section 7), each profile worked out by hand from the rules:
 *  1. computing: cycles shared by the committing instructions (1/n each);
 *  2. stalled: cycles to the ROB head, the next instruction to commit;
 *  3. flushed: cycles after a mispredicted branch's commit to the branch, until the ROB refills;
 *     with the perfect-bpred knob the same cycles are drained and go to the next instruction;
 *  4. drained: cycles to the next instruction to enter the ROB, with its Icache-miss signature;
 *  5. the sampler at period 1: TIP against PEBS rule, the two slots, lost fires, the errors;
 *  6. the jittered period: fire cycles from the LFSR, worked out step by step;
 *  7. the dep bit from the dispatch and issue slots (wrong path ignored);
 *  8. program addresses wrap at the program length; the window; a trace/stk_n mismatch.
 * Ends with "N passed, N failed". Build: make build/test_tip (sim/report/report.mk). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tip_oracle.h"

static unsigned n_pass, n_fail;

static void check(int ok, const char *what) {
  if (ok) {
    n_pass++;
  } else {
    n_fail++;
    printf("FAIL %s\n", what);
  }
}

/* Test input: thread 0 only. */
static trc_cycle_t cyc;
static pmu_in_t in;
static uint32_t next_seq;

static void begin(uint64_t cycle, int rob_empty) {
  memset(&cyc, 0, sizeof cyc);
  memset(&in, 0, sizeof in);
  cyc.cycle = cycle;
  cyc.w = 4;
  cyc.pmu = &in;
  in.stk_flags[0] = (uint16_t)(rob_empty ? 1u << PMU_FLG_ROB_EMPTY : 0);
}

static void commit(uint16_t attr) {
  unsigned j = in.stk_n[0][2]++;
  cyc.commit[j].valid = 1;
  cyc.commit[j].attr = attr;
  cyc.commit[j].seq = next_seq++;
}

static tip_oracle_t *open_cfg(uint32_t len, unsigned knobs, uint32_t period, unsigned jit) {
  tip_cfg_t cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.threads = 1;
  cfg.prog_len[0] = len;
  cfg.knobs = knobs;
  cfg.period = period;
  cfg.jit = jit;
  next_seq = 0;
  return tip_open(&cfg);
}

/* the entry of (pc, sig) in thread 0, or all zero */
static tip_entry_t get(tip_oracle_t *o, unsigned pc, unsigned sig) {
  size_t n;
  const tip_entry_t *e = tip_entries(o, &n);
  tip_entry_t z;
  memset(&z, 0, sizeof z);
  for (size_t i = 0; i < n; i++)
    if (e[i].tid == 0 && e[i].pc == pc && e[i].sig == sig) return e[i];
  return z;
}

#define U TIP_UNIT

static void t_computing(void) {
  tip_oracle_t *o = open_cfg(0, 0, 1000, 0);
  begin(0, 0); commit(0); commit(0); tip_cycle(o, &cyc, 1);   /* pc 0, 1: half a cycle each */
  begin(1, 1); commit(0); tip_cycle(o, &cyc, 1);              /* pc 2: a whole cycle */
  check(get(o, 0, 0).oracle == U / 2 && get(o, 1, 0).oracle == U / 2, "computing: two share a cycle");
  check(get(o, 2, 0).oracle == U, "computing: one alone owns its cycle");
  tip_stats_t st;
  tip_stats(o, &st);
  check(st.cycles[TIP_COMPUTING] == 2 && st.unowned == 0, "computing: 2 computing cycles");
  tip_free(o);
}

static void t_stalled(void) {
  tip_oracle_t *o = open_cfg(0, 0, 1000, 0);
  for (uint64_t c = 0; c < 3; c++) {
    begin(c, 0);
    tip_cycle(o, &cyc, 1);
  }
  tip_stats_t st;
  tip_stats(o, &st);
  check(st.unowned == 3, "stalled: 3 cycles wait for the head to commit");
  begin(3, 0); commit(ATTR_CLASS_LOAD | ATTR_MISS); tip_cycle(o, &cyc, 1);
  check(get(o, 0, TIP_SIG_DC).oracle == 4 * U, "stalled: the missing load at the head owns 3 + 1 cycles");
  tip_stats(o, &st);
  check(st.cycles[TIP_STALLED] == 3 && st.unowned == 0, "stalled: 3 stalled cycles");
  tip_free(o);
}

static void flushed_case(unsigned knobs, uint64_t want0, uint64_t want1, unsigned sig0, uint64_t states_fl) {
  tip_oracle_t *o = open_cfg(0, knobs, 1000, 0);
  begin(0, 1); commit(ATTR_CLASS_BRANCH | ATTR_MISS); tip_cycle(o, &cyc, 1);
  begin(1, 1); tip_cycle(o, &cyc, 1);       /* ROB empty after the branch's flush */
  begin(2, 1); tip_cycle(o, &cyc, 1);
  begin(3, 0); tip_cycle(o, &cyc, 1);       /* the correct path has entered: stalled */
  begin(4, 0); commit(0); tip_cycle(o, &cyc, 1);
  check(get(o, 0, sig0).oracle == want0, knobs ? "flushed (perfect bpred): the branch owns its commit cycle"
                                               : "flushed: the branch owns its commit and the 2 empty cycles");
  check(get(o, 0, sig0).pebs_all == U && get(o, 1, 0).pebs_all == 4 * U,
        "flushed: every cycle under the PEBS rule goes to the next-committing instruction");
  check(fabs(tip_error(o, 2, 0) - (knobs ? 0.0 : 0.4)) < 1e-12, "error: PEBS rule over every cycle");
  check(get(o, 1, 0).oracle == want1, knobs ? "flushed (perfect bpred): drained cycles go to the next"
                                            : "flushed: the next instruction owns 1 stalled + 1 computing");
  tip_stats_t st;
  tip_stats(o, &st);
  check(st.cycles[TIP_FLUSHED] == states_fl && st.cycles[TIP_DRAINED] == 2 - states_fl, "flushed: state counts");
  tip_free(o);
}

static void t_drained(void) {
  tip_oracle_t *o = open_cfg(0, 0, 1000, 0);
  begin(0, 1); commit(0); tip_cycle(o, &cyc, 1);
  for (uint64_t c = 1; c < 4; c++) {
    begin(c, 1);                            /* front end delivers nothing (Icache miss) */
    tip_cycle(o, &cyc, 1);
  }
  begin(4, 1); commit(ATTR_ICMISS); tip_cycle(o, &cyc, 1);
  check(get(o, 0, 0).oracle == U, "drained: the last committed owns only its cycle");
  check(get(o, 1, TIP_SIG_IC).oracle == 4 * U, "drained: the next instruction (Icache miss) owns 3 + 1");
  tip_free(o);
  o = open_cfg(0, TIP_KNOB_PERF_IC, 1000, 0);
  begin(0, 1); commit(ATTR_ICMISS); tip_cycle(o, &cyc, 1);
  check(get(o, 0, 0).oracle == U, "drained: the perfect-Icache knob clears the ic bit");
  tip_free(o);
}

/* spec 7.10: every window cycle to its owner's component: 1 computing (base), 3 stalled on a
 * missing load (dcache, from its signature when it commits), the branch's commit (base) and 2
 * flushed cycles (bpred), 1 drained cycle before an instruction with an Icache miss (icache) and
 * its own commit (base) */
static void t_components(void) {
  tip_oracle_t *o = open_cfg(0, 0, 1000, 0);
  tip_stats_t st;
  begin(0, 0); commit(0); tip_cycle(o, &cyc, 1);
  for (uint64_t c = 1; c < 4; c++) {
    begin(c, 0);
    tip_cycle(o, &cyc, 1);
  }
  begin(4, 0); commit(ATTR_CLASS_LOAD | ATTR_MISS); commit(ATTR_CLASS_BRANCH | ATTR_MISS); tip_cycle(o, &cyc, 1);
  begin(5, 1); tip_cycle(o, &cyc, 1);
  begin(6, 1); tip_cycle(o, &cyc, 1);
  begin(7, 1); commit(0); tip_cycle(o, &cyc, 1);
  tip_stats(o, &st);
  check(st.comp[0] == 3 * U && st.comp[3] == 3 * U && st.comp[2] == 2 * U && st.comp[1] == 0,
        "components: base 3 (0, 4, 7), dcache 3 (stalled on the load), bpred 2 (flushed)");
  tip_free(o);
  o = open_cfg(0, 0, 1000, 0);
  begin(0, 1); commit(0); tip_cycle(o, &cyc, 1);
  begin(1, 1); tip_cycle(o, &cyc, 1);       /* drained: the next instruction missed the Icache */
  begin(2, 1); commit(ATTR_ICMISS); tip_cycle(o, &cyc, 1);
  tip_stats(o, &st);
  check(st.comp[0] == 2 * U && st.comp[1] == U, "components: drained before an Icache miss is icache");
  tip_free(o);
}

static void t_sampler_period1(void) {
  /* period 1, no jitter: a fire every cycle (cd_q is 0 every cycle) */
  tip_oracle_t *o = open_cfg(0, 0, 1, 0);
  begin(0, 1); commit(ATTR_CLASS_BRANCH | ATTR_MISS); tip_cycle(o, &cyc, 1); /* fire: complete, written */
  begin(1, 1); tip_cycle(o, &cyc, 1);       /* flushed: slot 0, TIP -> branch */
  begin(2, 1); tip_cycle(o, &cyc, 1);       /* flushed: slot 1, TIP -> branch */
  begin(3, 0); tip_cycle(o, &cyc, 1);       /* both slots in use: lost */
  begin(4, 0); commit(0); tip_cycle(o, &cyc, 1); /* lost again; slots complete, PEBS -> pc 1 */
  tip_entry_t b = get(o, 0, TIP_SIG_BR), x = get(o, 1, 0);
  check(b.tip == 3 * U && x.tip == 0, "sampler: TIP rule gives the flushed samples to the branch");
  check(b.pebs == U && x.pebs == 2 * U, "sampler: PEBS rule gives them to the next-committing instruction");
  tip_stats_t st;
  tip_stats(o, &st);
  check(st.fires == 5 && st.lost == 2 && st.samples == 3, "sampler: 5 fires, 2 lost (both slots in use), 3 samples");
  /* oracle: pc 0 3/5, pc 1 2/5; TIP 1, 0; PEBS 1/3, 2/3 */
  check(fabs(tip_error(o, 0, 0) - 0.4) < 1e-12, "error: TIP rule 0.4");
  check(fabs(tip_error(o, 1, 0) - (0.5 * (0.6 - 1.0 / 3) * 2)) < 1e-12, "error: PEBS rule 0.2667");
  check(fabs(tip_error(o, 1, 1)) < 1e-12, "error: folded onto one static instruction, 0");
  /* one more cycle: slot 1 written at the end of cycle 5, so a fire in 6 finds a free slot */
  begin(5, 0); tip_cycle(o, &cyc, 1);       /* fire: slot 0 was written at the end of 4 */
  tip_stats(o, &st);
  check(st.fires == 6 && st.lost == 2, "sampler: a slot is free again the cycle after its write");
  tip_free(o);
}

static void t_jitter(void) {
  /* period 4, jit 2: reload = 3 + (lfsr & 3); lfsr 0xACE1, 0xE270, 0x7138, 0x389C, 0x1C4E:
   * reloads 4, 3, 3, 3, 5 -> fires 4, 9, 13, 17, 21, 27 cycles after the window's first */
  check(tip_lfsr_step(0xACE1) == 0xE270 && tip_lfsr_step(0xE270) == 0x7138 &&
        tip_lfsr_step(0x389C) == 0x1C4E, "lfsr: steps of x^16+x^14+x^13+x^11+1");
  uint16_t x = 1;
  unsigned per = 0;
  do {
    x = tip_lfsr_step(x);
    per++;
  } while (x != 1 && per < 70000);
  check(per == 65535, "lfsr: maximal length 2^16 - 1");
  tip_oracle_t *o = open_cfg(0, 0, 4, 2);
  for (uint64_t c = 0; c < 32; c++) {       /* one commit per cycle: pc = cycle */
    begin(c, 0);
    commit(0);
    tip_cycle(o, &cyc, c >= 2);
  }
  static const unsigned want[] = {6, 11, 15, 19, 23, 29};
  int ok = 1;
  uint64_t tot = 0;
  for (unsigned pc = 0; pc < 32; pc++) {
    int is = 0;
    for (unsigned i = 0; i < 6; i++) is |= want[i] == pc;
    tip_entry_t e = get(o, pc, 0);
    if (e.tip != (is ? U : 0) || e.pebs != e.tip) ok = 0;
    tot += e.tip;
  }
  check(ok && tot == 6 * U, "jitter: fires at 4, 9, 13, 17, 21, 27 after the window start");
  tip_free(o);
}

static void t_dep(void) {
  tip_oracle_t *o = open_cfg(0, 0, 1000, 0);
  /* A (seq 0, long latency), B (seq 1, dep 1 -> A), a wrong-path instruction, C (seq 3, dep 1 -> B, dispatched in 6),
   * D (seq 4, dep 3 -> A): A issues in 1 with latency 6 (done 7), B issues in 7 (done 8).
   * E (seq 5, dep 1 -> D, dispatched in 9) and F (seq 6, dep 2 -> D, dispatched in 10): D issues
   * in 9 (done 10), so E could not issue in 10 (dep: its producer completes in d+1) and F could
   * issue in 11 (no dep: its producer completed in the cycle F dispatched). */
  trc_rec_t a = {1, 0, 0, ATTR_CLASS_LONG, 0}, b = {1, 0, 0, 1u << ATTR_DEP_SHIFT, 1};
  trc_rec_t wp = {1, 0, 1, 1u << ATTR_DEP_SHIFT, 2}, cc = {1, 0, 0, 1u << ATTR_DEP_SHIFT, 3};
  trc_rec_t d = {1, 0, 0, 3u << ATTR_DEP_SHIFT, 4};
  trc_rec_t e = {1, 0, 0, 1u << ATTR_DEP_SHIFT, 5}, f = {1, 0, 0, 2u << ATTR_DEP_SHIFT, 6};
  for (uint64_t c = 0; c < 14; c++) {
    begin(c, 0);
    in.stk_n[0][2] = 0;
    if (c == 0) { cyc.disp[0] = a; cyc.disp[1] = b; cyc.disp[2] = wp; }
    if (c == 1) { cyc.issue[0] = a; cyc.issue[0].attr = 6; }
    if (c == 6) cyc.disp[0] = cc;   /* B done in 8 = 6 + 2: C could not issue in 7 */
    if (c == 7) { cyc.issue[0] = b; cyc.issue[0].attr = 1; }
    if (c == 8) { cyc.issue[0] = cc; cyc.issue[0].attr = 1; cyc.disp[0] = d; }
    if (c == 9) { cyc.issue[0] = d; cyc.issue[0].attr = 1; cyc.disp[0] = e; }
    if (c == 10) cyc.disp[0] = f;
    if (c == 11) { cyc.issue[0] = e; cyc.issue[0].attr = 1; cyc.issue[1] = f; cyc.issue[1].attr = 1; }
    const trc_rec_t *cm = c == 7 ? &a : c == 8 ? &b : c == 9 ? &cc : c == 10 ? &d : c == 12 ? &e : c == 13 ? &f : NULL;
    if (cm) {
      cyc.commit[0] = *cm;
      in.stk_n[0][2] = 1;
    }
    tip_cycle(o, &cyc, 1);
  }
  /* pcs 0..3 = A, B, C, D (commit order) */
  check(get(o, 0, TIP_SIG_LL).oracle == 8 * U, "dep: A long latency, owns 7 stalled + 1");
  check(get(o, 1, TIP_SIG_DEP).oracle == U, "dep: B waited on A");
  check(get(o, 2, TIP_SIG_DEP).oracle == U, "dep: C waited on B (the wrong-path one is not in program order)");
  check(get(o, 3, 0).oracle == U, "dep: D's producer A was done in time");
  check(get(o, 4, TIP_SIG_DEP).oracle == 2 * U, "dep: E's producer D completed in the cycle after E dispatched");
  check(get(o, 5, 0).oracle == U, "dep: F's producer D completed in the cycle F dispatched");
  tip_free(o);
}

static void t_prog_window(void) {
  tip_oracle_t *o = open_cfg(3, 0, 1000, 0);
  for (uint64_t c = 0; c < 5; c++) {
    begin(c, 0);
    commit(0);
    tip_cycle(o, &cyc, c >= 1);             /* cycle 0 (pc 0) is before the window */
  }
  check(get(o, 0, 0).oracle == U && get(o, 1, 0).oracle == 2 * U && get(o, 2, 0).oracle == U,
        "program: pcs 1, 2, 0, 1 in the window (length 3), pc 0 once");
  begin(5, 0);
  in.stk_n[0][2] = 1;                       /* stk_n says one commit, the trace shows none */
  tip_cycle(o, &cyc, 1);
  tip_stats_t st;
  tip_stats(o, &st);
  check(st.trace_mismatch == 1, "trace: a commit slot missing against stk_n is counted");
  tip_free(o);
  tip_cfg_t bad;
  memset(&bad, 0, sizeof bad);
  bad.threads = 1;
  bad.jit = 16;
  check(tip_open(&bad) == NULL, "config: jit 16 rejected");
}

int main(void) {
  t_computing();
  t_stalled();
  flushed_case(0, 3 * U, 2 * U, TIP_SIG_BR, 2);
  flushed_case(TIP_KNOB_PERF_BP, U, 4 * U, 0, 0);
  t_drained();
  t_components();
  t_sampler_period1();
  t_jitter();
  t_dep();
  t_prog_window();
  printf("%u passed, %u failed\n", n_pass, n_fail);
  return n_fail ? 1 : 0;
}

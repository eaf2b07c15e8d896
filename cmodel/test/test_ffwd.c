/* Test of pmu_ffwd() (cmodel/src/pmu_ffwd.c): on random configurations it must leave exactly
 * the state that n single pmu_step() calls with the same inputs leave.
 *
 * A configuration: the random stimulus generator (verif/lockstep/pmu_rand.c) runs a few
 * thousand cycles (it programs counters, CHAIN/QUALIFY, EDGE, freeze on overflow, preloads
 * counters below the wrap), then some counters are set just below their wrap so that
 * overflow, freeze, interrupt and chain carry fall inside the n cycles; the inputs of one more
 * cycle, with the APB idle, are then held for n cycles.
 *
 *   test_ffwd [--seed S] [--cases N] [--bench]   (seed: the clock unless given; printed)
 * --bench prints cycles/s of pmu_ffwd for quanta of 1, 100 and 10,000 cycles (and of pmu_step), the
 * fastest of 3 rounds each, on the configuration of the seed.
 * Ends with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pmu_model.h"
#include "pmu_rand.h"

static double now_s(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* a random configuration and constant inputs */
static void config(pmu_rand_t *r, pmu_state_t *s, pmu_in_t *in)
{
  unsigned warm = 500u + (unsigned)(pmu_rand_u64(r) % 6000u), c, i;
  pmu_reset(s);
  for (c = 0; c < warm; c++) {
    pmu_rand_next(r, in);
    pmu_step(s, in);
  }
  for (i = 0; i < PMU_NCNT; i++)            /* a third of the counters close to the wrap */
    if (pmu_rand_u64(r) % 3u == 0u)
      s->cnt_q[i] = PMU_CW_MASK - pmu_rand_u64(r) % 20000u;
  pmu_rand_next(r, in);
  if (pmu_rand_u64(r) & 1u)
    in->psel = 0;
  else
    in->penable = 0;
}

static int same(const pmu_state_t *a, const pmu_state_t *b, char *why, size_t n)
{
  unsigned i;
  for (i = 0; i < PMU_NCNT; i++)
    if (a->cnt_q[i] != b->cnt_q[i]) {
      snprintf(why, n, "cnt_q[%u]: single steps 0x%" PRIx64 ", ffwd 0x%" PRIx64, i, a->cnt_q[i],
               b->cnt_q[i]);
      return 0;
    }
  for (i = 0; i < PMU_THREADS; i++)
    if (a->gstatus_q[i] != b->gstatus_q[i]) {
      snprintf(why, n, "gstatus_q[%u]: single steps 0x%" PRIx64 ", ffwd 0x%" PRIx64, i,
               a->gstatus_q[i], b->gstatus_q[i]);
      return 0;
    }
  if (memcmp(a, b, sizeof *a) != 0) {
    snprintf(why, n, "a state field other than cnt_q/gstatus_q (edge history, carries, read port)");
    return 0;
  }
  return 1;
}

/* seconds of the fastest of 3 rounds of `calls` calls from s0: pmu_ffwd(quantum), or pmu_step
 * when quantum is 0 */
static double best_of_3(const pmu_state_t *s0, const pmu_in_t *in, uint64_t calls, uint64_t quantum)
{
  double best = 1e30;
  int round;
  for (round = 0; round < 3; round++) {
    pmu_state_t s = *s0;
    uint64_t c;
    double t0 = now_s();
    for (c = 0; c < calls; c++) {
      if (quantum == 0)
        pmu_step(&s, in);
      else
        (void)pmu_ffwd(&s, in, quantum);
    }
    t0 = now_s() - t0;
    if (t0 < best)
      best = t0;
  }
  return best;
}

static void bench(uint64_t seed)
{
  static const uint64_t quanta[3] = {1, 100, 10000};
  pmu_rand_t r;
  pmu_state_t s0;
  pmu_in_t in;
  unsigned q;
  pmu_rand_init(&r, seed);
  config(&r, &s0, &in);
  printf("bench: pmu_step, constant inputs           : %14.0f cycles/s\n",
         2000000 / best_of_3(&s0, &in, 2000000, 0));
  for (q = 0; q < 3; q++) {
    const uint64_t calls = quanta[q] == 1 ? 2000000 : 200000;
    const double t = best_of_3(&s0, &in, calls, quanta[q]);
    printf("bench: pmu_ffwd, quantum %6" PRIu64 " cycles     : %14.0f cycles/s (%.0f calls/s)\n",
           quanta[q], (double)(calls * quanta[q]) / t, calls / t);
  }
}

int main(int argc, char **argv)
{
  uint64_t seed = (uint64_t)time(NULL) & 0xffffffffu;
  unsigned cases = 300, k;
  int do_bench = 0;
  unsigned pass = 0, fail = 0;
  int a;
  for (a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--seed") && a + 1 < argc)
      seed = strtoull(argv[++a], NULL, 0);
    else if (!strcmp(argv[a], "--cases") && a + 1 < argc)
      cases = (unsigned)strtoul(argv[++a], NULL, 0);
    else if (!strcmp(argv[a], "--bench"))
      do_bench = 1;
    else {
      fprintf(stderr, "usage: test_ffwd [--seed S] [--cases N] [--bench]\n");
      return 2;
    }
  }
  printf("test_ffwd: seed %" PRIu64 " (replay: %s --seed %" PRIu64 ")\n", seed, argv[0], seed);
  if (do_bench) {
    bench(seed);
    return 0;
  }
  {
    pmu_rand_t r;
    uint64_t wraps = 0;
    pmu_rand_init(&r, seed);
    for (k = 0; k < cases; k++) {
      pmu_state_t s, ref, ff;
      pmu_in_t in;
      uint64_t n, c;
      long single;
      char why[200];
      config(&r, &s, &in);
      n = (k % 10u == 0u) ? (uint64_t)(k / 10u % 3u) : 1u + pmu_rand_u64(&r) % 40000u;
      ref = s;
      ff = s;
      for (c = 0; c < n; c++)
        pmu_step(&ref, &in);
      single = pmu_ffwd(&ff, &in, n);
      for (c = 0; c < PMU_THREADS; c++)
        wraps += ref.gstatus_q[c] != s.gstatus_q[c];
      if (single < 0 || !same(&ref, &ff, why, sizeof why)) {
        printf("FAIL case %u: %" PRIu64 " cycles: %s (seed %" PRIu64 ")\n", k, n,
               single < 0 ? "pmu_ffwd refused idle inputs" : why, seed);
        fail++;
      } else {
        pass++;
      }
    }
    printf("test_ffwd: %u cases, status changed by a wrap inside the n cycles in %" PRIu64 "\n",
           cases, wraps);
    if (wraps == 0) {
      printf("FAIL no case had an overflow inside its cycles: the test would not see a late one\n");
      fail++;
    }
  }
  {
    /* time independent of n: 10^12 cycles with few single steps; an access phase refused */
    pmu_rand_t r;
    pmu_state_t s;
    pmu_in_t in;
    long single;
    double t0;
    pmu_rand_init(&r, seed ^ 0x5a5a);
    config(&r, &s, &in);
    t0 = now_s();
    single = pmu_ffwd(&s, &in, 1000000000000ull);
    t0 = now_s() - t0;
    if (single >= 0 && single < 5000 && t0 < 0.5) {
      printf("PASS 10^12 cycles in %.3f ms, %ld single steps\n", t0 * 1e3, single);
      pass++;
    } else {
      printf("FAIL 10^12 cycles took %.3f s and %ld single steps\n", t0, single);
      fail++;
    }
    in.psel = 1;
    in.penable = 1;
    if (pmu_ffwd(&s, &in, 5) == -1) {
      pass++;
    } else {
      printf("FAIL pmu_ffwd accepted inputs in an APB access phase\n");
      fail++;
    }
  }
  printf("%u passed, %u failed\n", pass, fail);
  return fail != 0;
}

/* pmuctl record: the PMU's time-proportional sampler (docs/spec.md section 7) over a run of the
 * core, its records drained into a sample file (sim/report/smp_file.h) for pmuctl report, the
 * way perf record fills perf.data.
 *
 *   pmuctl record -o FILE [--cycles N] [--slice N] [--period N] [--jit J] [WORKLOAD]
 *
 * The core is reset with the workload. Every running thread's sampler counts cycles with period
 * N and jitter 0..2^J-1 (smpper, smpctl.jit). The run goes in slices: the samplers are enabled,
 * the core runs a slice, the samplers are disabled and every record is read (smpdata0..7, then
 * smptail + 1, as perf consumes its ring). The samplers are off while the bus is busy, so the
 * samples are the core's run cycles only, and a session gives the same file on the board, the
 * virtual board and the model. A slice must not fill a thread's buffer (SMP_DEPTH records,
 * 256 by default): the default slice is 200 periods. After the last slice the core runs on
 * (samplers off) until no sample is pending. Lost samples (smplost) are reported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmuctl.h"
#include "smp_file.h"

/* every record now in thread t's buffer into the file; returns how many */
static uint64_t drain(board_t *b, unsigned t, uint32_t *tail, smp_writer_t *f, const char *path)
{
  uint32_t st = rd32(b, treg(t, PMU_SMPSTAT_OFF)), fill = PMU_GET(st, PMU_SMPSTAT_FILL), i;
  for (i = 0; i < fill; i++) {
    uint32_t w[PMU_SMP_RW];
    smp_rec_t r;
    const char *why;
    rdn(b, treg(t, PMU_SMPDATA_OFF), PMU_SMP_RW, w);
    if (smp_decode(w, &r, &why) != 0 || r.tid != t)
      fail("record: thread %u, record at tail %u: %s (spec 7.4)", t, *tail, why ? why : "another thread's tid");
    if (smp_put(f, w) != 0) fail("%s: cannot write", path);
    *tail = (*tail + 1u) & 0xffffu;   /* the PMU keeps the low bits (mod 2 x SMP_DEPTH) */
    wr32(b, treg(t, PMU_SMPTAIL_OFF), *tail);
  }
  return fill;
}

int cmd_record(int argc, char **argv)
{
  board_t *b;
  workload_t wl;
  const char *out = NULL;
  uint64_t cycles = 1000000, slice = 0, done = 0, per_t[8] = {0}, recs = 0, lost = 0;
  uint32_t period = 97, jit = 5, tail[8] = {0}, lost0[8] = {0}, v;
  unsigned t, running = 0;
  smp_writer_t *f;
  char desc[256], buf[40];
  int i, st, k;
  wl_default(&wl);
  for (i = 1; i < argc; i++) {
    if (wl_option(&wl, argc, argv, &i)) continue;
    if (!strcmp(argv[i], "-o") && i + 1 < argc) out = argv[++i];
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc) cycles = opt_u64("--cycles", argv[++i], 1, 1000000000000ull);
    else if (!strcmp(argv[i], "--slice") && i + 1 < argc) slice = opt_u64("--slice", argv[++i], 1, 1000000000ull);
    else if (!strcmp(argv[i], "--period") && i + 1 < argc) period = (uint32_t)opt_u64("--period", argv[++i], 1, 0xffffff);
    else if (!strcmp(argv[i], "--jit") && i + 1 < argc) jit = (uint32_t)opt_u64("--jit", argv[++i], 0, 15);
    else die("record: unknown option or missing value '%s' (pmuctl record -o FILE [--cycles N] [--slice N] "
             "[--period N] [--jit J] [WORKLOAD])", argv[i]);
  }
  if (!out) die("record: -o FILE is required (the sample file)");
  if (!slice) slice = 200ull * period;
  wl_check(&wl, PMU_THREADS, 1024);
  b = board_get();
  st = bd_read(b, treg(0, PMU_SMPPER_OFF), 1, 1, &v);
  if (st != ST_OK)
    fail("record: the PMU has no sampler (smpper: %s): the board was built with SAMPLER 0", status_name(st));
  for (t = 0; t < b->threads && t < 8; t++)
    if (wl.use_prog ? wl.prog[t] != NULL : !(wl.idle_mask >> t & 1u)) running |= 1u << t;
  if (!running) die("record: no thread runs (every thread idle or without a program)");
  wl_setup(b, &wl);
  for (t = 0; t < b->threads; t++) {
    wr32(b, treg(t, PMU_SMPCTL_OFF), 0);
    if (!(running >> t & 1u)) continue;
    wr32(b, treg(t, PMU_SMPPER_OFF), period);
    wr32(b, treg(t, PMU_SMPWM_OFF), 0);
    tail[t] = rd32(b, treg(t, PMU_SMPHEAD_OFF));    /* records of an earlier session are dropped */
    wr32(b, treg(t, PMU_SMPTAIL_OFF), tail[t]);
    lost0[t] = rd32(b, treg(t, PMU_SMPLOST_OFF));
  }
  f = smp_open(out, period, jit);
  if (!f) die("%s: cannot write", out);
  while (done < cycles) {
    uint64_t n = cycles - done < slice ? cycles - done : slice;
    for (t = 0; t < b->threads; t++)
      if (running >> t & 1u) wr32(b, treg(t, PMU_SMPCTL_OFF), PMU_PUT(PMU_SMPCTL_EN, 1) | PMU_PUT(PMU_SMPCTL_JIT, jit));
    bd_run(b, n);
    for (t = 0; t < b->threads; t++)
      if (running >> t & 1u) wr32(b, treg(t, PMU_SMPCTL_OFF), 0);
    for (t = 0; t < b->threads; t++)
      if (running >> t & 1u) per_t[t] += drain(b, t, &tail[t], f, out);
    done += n;
  }
  /* samples still pending (fired, waiting for a commit): the core runs on, the samplers off */
  for (k = 0; k < 64; k++) {
    unsigned pend = 0;
    for (t = 0; t < b->threads; t++)
      if (running >> t & 1u) pend |= PMU_GET(rd32(b, treg(t, PMU_SMPSTAT_OFF)), PMU_SMPSTAT_PEND);
    if (!pend) break;
    bd_run(b, 1000);
    for (t = 0; t < b->threads; t++)
      if (running >> t & 1u) per_t[t] += drain(b, t, &tail[t], f, out);
  }
  for (t = 0; t < b->threads; t++)
    if (running >> t & 1u) {
      recs += per_t[t];
      lost += rd32(b, treg(t, PMU_SMPLOST_OFF)) - lost0[t];
    }
  if (smp_close(f) != 0) die("%s: cannot write", out);
  printf("record: %s, %s cycles in slices of %llu, period %u + 0..%u: %llu records (", wl_describe(&wl, desc, sizeof desc),
         commas(cycles, buf, sizeof buf), (unsigned long long)slice, period, (1u << jit) - 1, (unsigned long long)recs);
  for (t = 0, k = 0; t < b->threads; t++)
    if (running >> t & 1u) printf("%st%u %llu", k++ ? ", " : "", t, (unsigned long long)per_t[t]);
  printf("), %llu lost -> %s\n", (unsigned long long)lost, out);
  if (lost) printf("record: samples were lost (a slice filled a buffer): a shorter --slice or a longer --period\n");
  return 0;
}

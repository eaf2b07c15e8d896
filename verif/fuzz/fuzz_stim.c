/* libFuzzer target for the stimulus parser and runner (verif/stim/pmu_stim.c, docs/stimulus.md),
 * built with ASan + UBSan by verif/fuzz/fuzz.mk.
 *
 * The input bytes are a .stim file. pmu_stim_parse_mem() either accepts them or rejects them
 * with one message "<fuzz>:LINE: rule" where LINE is a line of the input (1..lines); anything
 * else (a crash, a sanitizer report, a malformed message) aborts. An accepted program is then
 * run on the C model for at most MAX_CYCLES cycles (failed `expect` checks are fine; their
 * messages go to /dev/null), so the runner, the register name resolution and the model see
 * every combination the parser lets through.
 *
 * Replay a crash: build/fuzz/fuzz_stim CRASH_FILE, or build/pmu_cli CRASH_FILE to see the
 * parser's message.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_lines.h"
#include "pmu_model.h"
#include "pmu_stim.h"

enum { MAX_CYCLES = 4096 };

typedef struct {
  pmu_state_t s;
  uint64_t cycles;
} model_dut_t;

static int m_cycle(void *ctx, const pmu_in_t *in, pmu_out_t *out)
{
  model_dut_t *m = (model_dut_t *)ctx;
  if (m->cycles++ >= MAX_CYCLES) return 1; /* budget: abort the run */
  pmu_comb(&m->s, in, out);
  pmu_step(&m->s, in);
  return 0;
}

static void m_reset(void *ctx) { pmu_reset(&((model_dut_t *)ctx)->s); }
static const pmu_state_t *m_state(void *ctx) { return &((model_dut_t *)ctx)->s; }

static void check_message(const char *err, const uint8_t *d, size_t n)
{
  static const char prefix[] = "<fuzz>:";
  unsigned long line;
  char *end;
  if (strncmp(err, prefix, sizeof prefix - 1) != 0) {
    fprintf(stderr, "fuzz_stim: rejected input without a \"FILE:LINE: rule\" message: \"%s\"\n", err);
    abort();
  }
  line = strtoul(err + sizeof prefix - 1, &end, 10);
  if (end == err + sizeof prefix - 1 || end[0] != ':' || end[1] != ' ' || end[2] == '\0' || line < 1 ||
      line > fuzz_count_lines(d, n)) {
    fprintf(stderr, "fuzz_stim: bad line number or rule in \"%s\" (input has %lu lines)\n", err,
            fuzz_count_lines(d, n));
    abort();
  }
}

static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[512];
  pmu_stim_t *p;
  if (!devnull) devnull = fopen("/dev/null", "w");
  p = pmu_stim_parse_mem("<fuzz>", (const char *)data, size, err, sizeof err);
  if (!p) {
    check_message(err, data, size);
    return 0;
  }
  {
    static model_dut_t m;
    pmu_dut_t dut;
    uint64_t ncyc = 0;
    pmu_reset(&m.s);
    m.cycles = 0;
    dut.ctx = &m;
    dut.cycle = m_cycle;
    dut.reset = m_reset;
    dut.state = m_state;
    (void)pmu_stim_run(p, &dut, devnull, &ncyc);
  }
  pmu_stim_free(p);
  return 0;
}

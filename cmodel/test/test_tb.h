/* The unit tests' bench (cmodel/test/test_*.c): one model, its inputs and last outputs, the
 * cycle count, the running test's name; cycle(), and CHECK, which counts passes and failures and prints
 * each failure with its test, cycle and source line; TB_MAIN(test, ...), the program's main():
 * runs the tests in order and ends with "N passed, N failed". Each test program includes it once. */
#ifndef TEST_TB_H
#define TEST_TB_H

#include <stdio.h>
#include "pmu_model.h"

static unsigned n_pass, n_fail;

typedef struct {
  pmu_state_t s;
  pmu_in_t in;
  pmu_out_t out;       /* outputs of the last cycle run */
  unsigned long cyc;   /* cycles run since tb_init (= ts_q of the next cycle) */
  const char *test;
} tb_t;

#define CHECK(b, what, exp, act) \
  check((b), (what), (unsigned long long)(exp), (unsigned long long)(act), __LINE__)

static int check(tb_t *b, const char *what, unsigned long long exp, unsigned long long act,
                 int line)
{
  if (exp == act) {
    n_pass++;
    return 1;
  }
  n_fail++;
  printf("FAIL %s: %s: expected 0x%llx, got 0x%llx (cycle %lu, line %d)\n", b->test, what, exp,
         act, b->cyc, line);
  return 0;
}

/* one clock cycle: outputs of the current inputs, then the edge */
static void cycle(tb_t *b)
{
  pmu_comb(&b->s, &b->in, &b->out);
  pmu_step(&b->s, &b->in);
  b->cyc++;
}

typedef void (*tb_test_fn)(void);

/* main() of a test program: the tests in the order given, then the runner's last line */
#define TB_MAIN(...)                                                             \
  int main(void)                                                                 \
  {                                                                              \
    static const tb_test_fn tests_[] = {__VA_ARGS__};                            \
    for (unsigned i_ = 0; i_ < sizeof tests_ / sizeof tests_[0]; i_++)           \
      tests_[i_]();                                                              \
    printf("%u passed, %u failed\n", n_pass, n_fail);                            \
    return n_fail != 0;                                                          \
  }

#endif

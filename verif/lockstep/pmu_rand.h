/* Constrained-random stimulus for the PMU: one pmu_in_t per cycle from a seed.
 * Used by the lockstep harness and by the benchmarks, so every run replays exactly from its
 * seed. The generator never looks at the design's state. */
#ifndef PMU_RAND_H
#define PMU_RAND_H

#include <stdint.h>
#include "pmu_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint32_t addr, data;
  uint8_t write, strb, prot;
} pmu_xfer_t;

typedef struct {
  uint64_t s;                 /* xorshift64* state */
  pmu_xfer_t q[16];           /* queued transfers of a scenario, issued back to back */
  unsigned q_len, q_pos;
  pmu_in_t cur;               /* sticky inputs */
  int bus_phase;              /* 0 idle, 1 setup issued (next cycle is access), 2 access issued */
  uint8_t pready;             /* pready_o of the cycle run last: a master that sets it (the
                               * lockstep harness) holds an access phase while it is 0 (spec
                               * 5.1); left at 1 by pmu_rand_init, a transfer ends after one */
  unsigned bus_gap;           /* idle cycles left before the next transfer */
  /* knobs, in 1/256 units */
  unsigned p_lane_change;
  unsigned p_bus;
  unsigned p_priv_toggle;
} pmu_rand_t;

void pmu_rand_init(pmu_rand_t *r, uint64_t seed);
void pmu_rand_next(pmu_rand_t *r, pmu_in_t *in);
uint64_t pmu_rand_u64(pmu_rand_t *r);

#ifdef __cplusplus
}
#endif
#endif

/* Stimulus files (docs/stimulus.md): parser and runner, shared by the model CLI and the
 * lockstep harness. */
#ifndef PMU_STIM_H
#define PMU_STIM_H

#include <stdio.h>
#include <stddef.h>
#include "pmu_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pmu_stim pmu_stim_t;   /* opaque parsed program */

/* Parse a file ("-" = stdin). On error returns NULL and writes "FILE:LINE: rule" to err. */
pmu_stim_t *pmu_stim_parse(const char *path, char *err, size_t errlen);
/* The same for len bytes in memory (need not be NUL-terminated); NAME is the file name used in
 * messages ("<memory>" when NULL). The bytes are copied. */
pmu_stim_t *pmu_stim_parse_mem(const char *name, const char *data, size_t len, char *err, size_t errlen);
void pmu_stim_free(pmu_stim_t *p);

/* What the runner drives: one call = one cycle. cycle() gets this cycle's inputs, fills this
 * cycle's outputs (before the clock edge) and then clocks the design; it returns non-zero to
 * abort the run (e.g. a lockstep mismatch). reset() asserts reset for one cycle. state() gives
 * the state that expect lines check. */
typedef struct {
  void *ctx;
  int (*cycle)(void *ctx, const pmu_in_t *in, pmu_out_t *out);
  void (*reset)(void *ctx);
  const pmu_state_t *(*state)(void *ctx);
} pmu_dut_t;

/* Run the program. Returns the number of failed checks (0 = pass), or -1 when cycle() aborted.
 * Check failures are reported on err_out as "FILE:LINE: ...". *cycles receives the number of
 * cycles run (may be NULL). */
int pmu_stim_run(const pmu_stim_t *p, const pmu_dut_t *dut, FILE *err_out, uint64_t *cycles);

#ifdef __cplusplus
}
#endif
#endif

/* Sample files: the time-proportional sampler's records (docs/spec.md 7.4) as software drained
 * them from the buffer, written by the main run (Vsim_top --samples) and by pmuctl record, read
 * by pmuctl report and scripts/run/smp_profile.py (docs/sampling.md "Sample files").
 *
 * Layout, little-endian: a header of 24 bytes ("SSSAMPLE", u32 version 1, u32 words per record,
 * PMU_SMP_RW = 8, u32 smpper.period, u32 smpctl.jit of the run), then one record per PMU_SMP_RW
 * words of 32 bits, in the order they were read (per thread the order of the buffer; threads
 * interleaved). */
#ifndef SMP_FILE_H
#define SMP_FILE_H

#include <stdint.h>
#include <stdio.h>
#include "pmu_sampler.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SMP_FILE_MAGIC "SSSAMPLE"
#define SMP_FILE_VERSION 1u
#define SMP_FILE_HDR 24

/* One record, decoded (spec 7.4). Instruction i < ninst of the TIP rule is (pc[i], sig[i]): the
 * n committing instructions when computing (each owns 1/n of the sample), else instruction 0
 * alone (ninst = 1). */
typedef struct {
  unsigned tid, state, n, priv, lost, ninst;
  uint32_t ts;
  uint16_t pc[7];
  uint8_t sig[7];
  uint16_t pebs_pc;
  uint8_t pebs_sig, pebs_dly;
} smp_rec_t;

/* The CPI-stack component (pmu_comp_names, spec 4.6) a sample's time goes to (spec 7.10):
 * computing base; flushed bpred; drained icache when the next instruction's fetch missed, else
 * other; stalled by the head's signature: dcache, alu (long latency), depend, else other. */
unsigned smp_component(const smp_rec_t *r);
const char *smp_component_name(const smp_rec_t *r);

/* The mean cycles a sample of this sampler stands for: period + (2^jit - 1) / 2 (period 0 acts
 * as 1), in whole cycles (the half cycle of an odd jitter range dropped). */
uint32_t smp_interval(uint32_t period, uint32_t jit);

/* 0, or -1 when the record breaks spec 7.4 (valid 0, n > 7, n = 0 when computing, n != 0
 * otherwise): *why names the rule. */
int smp_decode(const uint32_t w[PMU_SMP_RW], smp_rec_t *r, const char **why);

typedef struct smp_writer smp_writer_t;
/* Writes PATH.tmp; smp_close renames it to PATH when everything was written (0), else removes it. */
smp_writer_t *smp_open(const char *path, uint32_t period, uint32_t jit);
int smp_put(smp_writer_t *f, const uint32_t w[PMU_SMP_RW]);
int smp_close(smp_writer_t *f);

/* Reads a whole sample file: the words of *n records into *w (malloc'd), 0; or -1 with a message
 * "PATH: ..." on stderr (bad magic, version or record size, a truncated record, a record that
 * breaks spec 7.4, named by its index). */
int smp_read(const char *path, uint32_t **w, size_t *n, uint32_t *period, uint32_t *jit);

#ifdef __cplusplus
}
#endif
#endif

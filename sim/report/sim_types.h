/* Types shared by the main run (sim/main/run.cpp), its reports and its trace writers.
 * The core stub's trace port (docs/core.md) is unpacked into trc_cycle_t once per cycle. */
#ifndef SIM_TYPES_H
#define SIM_TYPES_H

#include <stdint.h>
#include <stdio.h>
#include "pmu_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIM_W_MAX 8

/* One instruction event on the trace port (one 64-bit slot, docs/core.md). */
typedef struct {
  uint8_t valid;
  uint8_t tid;        /* thread */
  uint8_t wp;         /* wrong-path instruction */
  uint16_t attr;      /* fetch/dispatch/commit: instruction attributes; issue: latency */
  uint32_t seq;       /* per-thread sequence number, assigned at fetch */
} trc_rec_t;

/* Everything the trace writers see in one cycle. */
typedef struct {
  uint64_t cycle;
  unsigned w;                         /* slots per stage */
  trc_rec_t fetch[SIM_W_MAX];
  trc_rec_t disp[SIM_W_MAX];
  trc_rec_t issue[SIM_W_MAX];
  trc_rec_t commit[SIM_W_MAX];
  struct { uint8_t valid; uint32_t seq; } flush[PMU_THREADS]; /* younger than seq are flushed */
  const pmu_in_t *pmu;                /* the PMU inputs of this cycle (n, flags, lanes, slots) */
  uint8_t has_cmt;                    /* the core's commit ports below are filled */
  uint16_t cmt_pc[PMU_THREADS][SIM_W_MAX];  /* core_stub cmt_pc_o/cmt_sig_o (docs/spec.md 7.8): */
  uint8_t cmt_sig[PMU_THREADS][SIM_W_MAX];  /*   thread t's committing slot j, 0 beyond its n */
} trc_cycle_t;

/* Instruction attribute bits (docs/core.md, program file format). */
#define ATTR_CLASS_MASK   0x3u   /* 0 ALU 1-cycle, 1 ALU long latency, 2 load, 3 branch */
#define ATTR_CLASS_ALU    0u
#define ATTR_CLASS_LONG   1u
#define ATTR_CLASS_LOAD   2u
#define ATTR_CLASS_BRANCH 3u
#define ATTR_MISS         0x4u   /* load: Dcache miss; branch: mispredicted */
#define ATTR_ICMISS       0x8u   /* Icache miss when fetched */
#define ATTR_DEP_SHIFT    4      /* bits 7:4: depends on the instruction DEP older (0 = none) */
#define ATTR_DEP_MASK     0xf0u
#define ATTR_KERNEL       0x100u /* executes in kernel mode */

/* Pipetrace events word (docs/pipetrace.md): SimpleScalar's bits, then StallScope's. */
#define PT_EV_CACHEMISS   0x01u  /* Icache miss (IF) or Dcache miss (EX) */
#define PT_EV_TLBMISS     0x02u  /* (never: the core has no TLB) */
#define PT_EV_MPOCCURRED  0x04u  /* a mispredicted branch */
#define PT_EV_MPDETECT    0x08u  /* the misprediction is detected (EX: it resolves at issue) */
#define PT_EV_AGEN        0x10u  /* address generation (a load in EX) */
#define PT_EV_LONGLAT     0x20u  /* long-latency ALU op in EX */
#define PT_EV_WRONGPATH   0x40u  /* wrong-path instruction */
#define PT_EV_STALL_SHIFT 8      /* bits 10:8: stall component 1..7 (pmu_comp_names), 0 none */
#define PT_EV_STALL_MASK  0x700u
#define PT_EV_LAT_SHIFT   16     /* bits 23:16: latency given at issue (EX), capped at 255 */
#define PT_EV_LAT_MASK    0xff0000u

/* What the reports need besides the counter values (taken from the model state, which the
 * lockstep run has proved equal to the RTL's). */
typedef struct {
  const char *workload;               /* built-in workload or program file name */
  const char *config;                 /* e.g. "W=4 THREADS=2 ROB=32 RS=16 knobs=none" */
  uint64_t cycles;
  uint64_t seed;
  unsigned w;
  unsigned wpvis;                     /* ctrl.wpvis used for the run */
  struct {
    const char *name;                 /* catalog name, e.g. "UOPS_ISSUED.ANY" or "STALL_CYCLES" */
    uint32_t evtsel, ext;             /* raw encodings programmed */
  } pmc[PMU_THREADS][PMU_P];
  uint64_t mismatches;                /* lockstep result */
} run_info_t;

/* Reports (sim/report/report.c) */
void report_print(FILE *f, const pmu_state_t *s, const run_info_t *info);
int report_csv(const char *path, const pmu_state_t *s, const run_info_t *info); /* 0 = ok */

/* Trace writers (sim/report/trace_kanata.c, sim/report/pipetrace.c, sim/report/trace_o3.c): open, one call per cycle, close.
 * Each returns 0 on success; a writer writes to PATH.tmp and renames it on close, so a failed
 * run leaves no partial trace that looks valid. */
typedef struct trace_writer trace_writer_t;
trace_writer_t *kanata_open(const char *path, uint64_t first_cycle);
int kanata_cycle(trace_writer_t *w, const trc_cycle_t *c);
int kanata_close(trace_writer_t *w);
trace_writer_t *pipetrace_open(const char *path, uint64_t first_cycle);
int pipetrace_cycle(trace_writer_t *w, const trc_cycle_t *c);
int pipetrace_close(trace_writer_t *w);
/* perf's name of a programmable counter's encoding (docs/reports.md, "perf names"): the raw event
 * r<hex> of the bits perf's x86 raw config keeps (event, umask, edge, any, inv, cmask), ":u" or
 * ":k" when only USR or only OS is set; with a non-zero ext, cpu/config=0x..,config1=0x../.
 * perf's names of the fixed counters: perf_fixed_names. */
/* fixctl's OS or USR bit set for fixed counter i (fields osI, usrI; 4 bits per counter) */
#define PMU_FIXCTL_STEP (PMU_FIXCTL_OS1_LSB - PMU_FIXCTL_OS0_LSB)
#define FIXCTL_COUNTS(fc, i) ((((fc) >> (PMU_FIXCTL_OS0_LSB + (i) * PMU_FIXCTL_STEP)) & 1u) | \
                              (((fc) >> (PMU_FIXCTL_USR0_LSB + (i) * PMU_FIXCTL_STEP)) & 1u))
#define PERF_RAW_MASK (PMU_PUT(PMU_EVTSEL_EVENT, 0xff) | PMU_PUT(PMU_EVTSEL_UMASK, 0xff) | PMU_PUT(PMU_EVTSEL_EDGE, 1) | \
                       PMU_PUT(PMU_EVTSEL_ANY, 1) | PMU_PUT(PMU_EVTSEL_INV, 1) | PMU_PUT(PMU_EVTSEL_CMASK, 0xff))
void perf_event_name(uint32_t evtsel, uint32_t ext, char *buf, size_t n);
/* The catalog's name of an evtsel's (event, umask), by the rule of docs/spec.md 2.2 "Names": a
 * supported pair is named by the entries it selects, in catalog order, joined by '|', each after
 * the first without the event name they share (RESOURCE_STALLS.RS|ROB for 0xa2 umask 0x14); an
 * unsupported pair (it counts nothing) has no name. Returns 1 with the name in buf (cut to fit
 * n bytes), or 0 with "". The report and the main run's labels both use it. */
int pmu_catalog_name(uint32_t evtsel, char *buf, size_t n);
static const char *const perf_fixed_names[3] = {"cycles", "instructions", "ref-cycles"};

/* perf stat -x CSV of the counter block (sim/report/perfstat.c), in the layout of
 * `perf stat -A -x SEP` (and -I): [timestamp SEP] CPU<t> SEP value SEP unit SEP event SEP run time
 * SEP percentage SEP metric SEP metric unit. open (interval != 0: with the timestamp column), one
 * row set per call, close (PATH.tmp renamed to PATH; -1 after any error). */
typedef struct perfstat_writer perfstat_writer_t;
perfstat_writer_t *perfstat_open(const char *path, const char *sep, int interval);
int perfstat_rows(perfstat_writer_t *w, const pmu_state_t *s, const run_info_t *info, double ts);
int perfstat_close(perfstat_writer_t *w);

/* toplev-compatible CSV (sim/report/toplev.c): open (interval != 0: with a Timestamp column),
 * one row set per call with the counts of an interval (or of the window) and its end time in
 * seconds, close (PATH.tmp renamed to PATH; -1 after any error, and PATH.tmp removed). */
typedef struct toplev_writer toplev_writer_t;
toplev_writer_t *toplev_open(const char *path, int interval);
int toplev_rows(toplev_writer_t *w, const pmu_state_t *s, double ts);
int toplev_close(toplev_writer_t *w);
trace_writer_t *o3pipeview_open(const char *path, uint64_t first_cycle);
int o3pipeview_cycle(trace_writer_t *w, const trc_cycle_t *c);
int o3pipeview_close(trace_writer_t *w);
/* Resource trace (sim/report/trace_res.c): per cycle and thread the slot inputs R, I, F and the
 * lanes rob_occ, rs_occ, l1d_pend as CSV (cycle,thread,retired,issued,filled,rob_occ,rs_occ,
 * l1d_pend), for the HTML report's resource graph. Same calling rules as the other writers; a
 * cycle without PMU inputs (c->pmu NULL) is an error. */
trace_writer_t *resources_open(const char *path, uint64_t first_cycle);
int resources_cycle(trace_writer_t *w, const trc_cycle_t *c);
int resources_close(trace_writer_t *w);

#ifdef __cplusplus
}
#endif
#endif

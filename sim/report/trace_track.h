/* Internal to the trace writers (sim/report/trace_kanata.c, trace_o3.c, pipetrace.c): the
 * instruction tracking they share, their instruction labels, and their output file. Not part of the run's API (sim/report/sim_types.h).
 *
 * Tracking (docs/reports.md, "How instructions are followed"): one table of in-flight
 * instructions per thread, keyed by sequence number; stages
 *   F fetched, in the front-end queue | D dispatched, waiting in the RS | I the issue cycle |
 *   X the rest of the L execution cycles (L = latency given at issue; the core completes an
 *   instruction issued in c in c + L) | C completed, waiting to commit;
 * retire, flush (younger than a mispredicted branch, or the sequence number fetched again) and
 * the end of the window end an instruction. While an instruction waits in F, D or C its stall is
 * the CPI-stack component (spec 4.6) that got most of the slots its thread lost that cycle at
 * the stage it is waiting for (F -> dispatch stack, D -> issue stack, C -> commit stack).
 * Ids are allocated from 0 in order of first appearance. Instructions fetched before the
 * window are introduced when first seen ("pre").
 * Producer: an instruction with DEP = d depends on the d-th older instruction of its thread in
 * program order, which is the core's ROB order (rtl/core/core_dispatch.v: ROB entry slot - d).
 * Sequence numbers of flushed instructions are not reused, so after a flush program order skips
 * them: the producer is found by counting back d instructions among those that were not
 * flushed, not by seq - d. It is known when it was fetched in the window.
 *
 * track_cycle() turns one trc_cycle_t into a sequence of events, handed one at a time, in
 * output order, to the writer's sink, which formats them; the instruction an event names is
 * shown in its state just after the event and stays valid until the sink returns. No memory is
 * allocated beyond the per-thread tables, which grow (doubling) as instructions appear.
 */
#ifndef TRACE_TRACK_H
#define TRACE_TRACK_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "sim_types.h"

#if defined(__GNUC__)
#define TRACK_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TRACK_PRINTF(a, b)
#endif

/* ---- output file: PATH.tmp, renamed to PATH by a clean close ---- */

typedef struct {
  FILE *f;
  char *path, *tmp;
  const char *who;       /* writer name for messages on stderr, e.g. "kanata" */
  int err;               /* set by the first error; every later write is skipped */
} trace_out_t;

/* Record an error (the first one is reported on stderr with errno's text). */
void trace_out_fail(trace_out_t *o, const char *what);
void trace_out_printf(trace_out_t *o, const char *fmt, ...) TRACK_PRINTF(2, 3);
void trace_out_vprintf(trace_out_t *o, const char *fmt, va_list ap);
/* End of a writer call: -1 if anything failed so far (checks the stream), else 0. */
int trace_out_status(trace_out_t *o);

/* ---- instruction tracking ---- */

#define TRACK_NTID 8           /* the trace port's thread field is 3 bits */

enum { TRACK_F, TRACK_D, TRACK_I, TRACK_X, TRACK_C };   /* lane-0 stages */
extern const char *const track_stage_names[5];         /* "F" "D" "I" "X" "C" */

typedef struct {
  uint64_t id;
  uint64_t since;      /* cycle the current stage began */
  uint64_t t_x, t_c;   /* issued: cycles X and C begin */
  uint64_t at[5];      /* cycle each lane-0 stage was entered (valid where `reached` has its bit) */
  uint64_t prod;       /* id of the producer (valid when has_prod) */
  uint32_t seq;
  uint16_t attr;       /* instruction attributes (0 while unknown) */
  uint16_t lat;        /* latency given at issue */
  uint8_t tid, wp, stage, known, pre;
  uint8_t reached;     /* bit s: stage s was entered (TRACK_F ... TRACK_C) */
  uint8_t has_prod;    /* the producer that DEP names was fetched in the window */
  int8_t stall;        /* current stall component (pmu_comp_names index), -1 none */
} track_inst_t;

typedef struct {
  track_inst_t *v;     /* in flight, oldest appearance first */
  size_t n, cap;
} track_list_t;

enum {
  TRACK_CYCLE,         /* cycle `cyc` begins (also before the window-end TRACK_ENDs, if any) */
  TRACK_NEW,           /* p appears in p->stage; at issue after p->lat is set */
  TRACK_STAGE,         /* p went from stage_was to p->stage; its stall (stall_was) ended */
  TRACK_STALL,         /* p's stall went from stall_was to p->stall */
  TRACK_END            /* p leaves (`how`); stage and stall are still those it had */
};
enum { TRACK_RETIRED, TRACK_FLUSHED, TRACK_REPLACED, TRACK_WINDOW_END };

typedef struct {
  unsigned kind;
  uint64_t cyc;            /* cycle of the event (a late timed transition: the cycle it was due) */
  const track_inst_t *p;   /* NULL for TRACK_CYCLE */
  int stage_was;           /* TRACK_STAGE */
  int stall_was;           /* TRACK_STAGE, TRACK_STALL */
  unsigned how;            /* TRACK_END: TRACK_RETIRED, ... (REPLACED: its (thread, seq) was
                              fetched again; WINDOW_END: in flight when the trace closed) */
  uint32_t branch;         /* TRACK_END, TRACK_FLUSHED: sequence number of the branch */
} track_ev_t;

typedef void (*track_sink_fn)(void *ctx, const track_ev_t *e);

typedef struct {
  trace_out_t *out;        /* errors go here; nothing is tracked once out->err is set */
  track_sink_fn sink;
  void *ctx;
  int started;
  uint64_t first, cur;     /* first cycle; last cycle processed */
  uint64_t next_id;
  track_list_t th[TRACK_NTID];
  /* per thread: the instructions fetched in the window that were not flushed, in program order
   * (the core's ROB order), for the producer that DEP names: all those in flight (a flush may
   * remove any number of the youngest) and the 15 before them; older ones are dropped */
  struct track_prog { uint32_t seq; uint64_t id; } *prog[TRACK_NTID];
  size_t prog_n[TRACK_NTID], prog_cap[TRACK_NTID];
  uint8_t carry[PMU_THREADS][3];   /* the stack accounting's carry, per thread and stage */
} track_t;

void track_init(track_t *k, trace_out_t *out, uint64_t first_cycle, track_sink_fn sink,
                void *ctx);
/* One cycle. -1 (reported through out) if out already failed, the cycle is not after the
 * previous one (or before the first), or memory ran out; else 0. */
int track_cycle(track_t *k, const trc_cycle_t *c);
/* End of the window: unless out failed, TRACK_CYCLE (last cycle + 1) and a TRACK_END
 * (TRACK_WINDOW_END) for each instruction still in flight; none if nothing is. */
void track_close(track_t *k);
void track_free(track_t *k);

/* ---- a writer: its struct starts with a track_writer_t ---- */

typedef struct {
  uint32_t magic;          /* which writer; trace_writer_t is one opaque type for both */
  trace_out_t out;
  track_t trk;             /* its sink's ctx is the writer */
} track_writer_t;

/* A zeroed writer of `size` bytes with PATH.tmp open for writing and tracking from
 * first_cycle; NULL (nothing left open) on failure. */
void *track_writer_open(size_t size, uint32_t magic, const char *who, const char *path,
                        uint64_t first_cycle, track_sink_fn sink);
/* tw if it is a writer with this magic number, else NULL. */
void *track_writer_of(trace_writer_t *tw, uint32_t magic);
/* End of the window (track_close), close the file and rename it to PATH (or remove it after
 * an error), free the writer. -1 for NULL or after any error, else 0. */
int track_writer_close(track_writer_t *w);

/* ---- an instruction's label, shared by the three writers ---- */

/* How a format spells the words that differ between formats (the others are the same). */
typedef struct {
  const char *dmiss;   /* a load that missed the data cache: "miss" or "dmiss" */
  const char *dep;     /* before the dependency distance: "dep" ("dep3") or "dep=" ("dep=3") */
  const char *pre;     /* fetched before the window: "(pre)" or "pre" */
  int prod;            /* 1: also "prod=ID", the producer's id, when it is known */
} track_spell_t;

/* "T<tid> #<seq>" and the attribute words: the class (alu long load branch, "?" while unknown),
 * a data-cache miss or "misp" (a mispredicted branch), "icmiss", the dependency distance, the
 * producer, "kernel", "wp" (wrong path), fetched before the window. Written into B (N bytes,
 * always terminated; truncated if short). */
void track_label(const track_inst_t *p, const track_spell_t *s, char *b, size_t n);

#endif

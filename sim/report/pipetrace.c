/* Pipetrace writer after Weaver et al. (GPV): '@' cycle, '+' new instruction, '*' status change
 * with its events, '-' removal, '<name>value' statistics at the end of each cycle.
 * The exact grammar is docs/pipetrace.md.
 *
 * The instruction tracking is sim/report/trace_track.c (shared with sim/report/trace_kanata.c); this file only
 * formats its events. sim/report/test_report.c checks that both writers agree on every instruction:
 * stages F (front-end queue), D (in the RS), I (issue cycle), X (rest of the L cycles),
 * C (completed, waiting to commit); stall events while waiting in F, D, C name the CPI-stack
 * component of the dispatch, issue, commit stage respectively (spec 4.6).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "sim_types.h"
#include "trace_track.h"

#define PT_MAGIC 0x50697065u            /* "Pipe" */
#define PT_ROB_LANE (PMU_LANE_ROB_OCC - PMU_NINT)   /* ev_ext index of rob_occ */
#define PT_RS_LANE (PMU_LANE_RS_OCC - PMU_NINT)     /* ev_ext index of rs_occ */

/* '*' line: the instruction's full status (stage and the events occurring now) */
static void pt_status(trace_out_t *o, const track_inst_t *p)
{
  const unsigned cls = p->attr & ATTR_CLASS_MASK;
  trace_out_printf(o, "* %" PRIu64 " %s", p->id, track_stage_names[p->stage]);
  switch (p->stage) {
  case TRACK_F:
    if (p->known && (p->attr & ATTR_ICMISS) && !p->pre)
      trace_out_printf(o, " icache-miss");
    break;
  case TRACK_I:   /* the issue cycle is the first of the L execution cycles */
  case TRACK_X:
    if (p->stage == TRACK_I)
      trace_out_printf(o, " lat=%u", (unsigned)p->lat);
    if (p->known && (p->attr & ATTR_MISS) && cls == ATTR_CLASS_LOAD)
      trace_out_printf(o, " dcache-miss");
    else if (p->known && (p->attr & ATTR_MISS) && cls == ATTR_CLASS_BRANCH)
      trace_out_printf(o, " mispredict");
    else if (p->known && cls == ATTR_CLASS_LONG && p->lat > 1)
      trace_out_printf(o, " long-latency");
    break;
  default:
    break;
  }
  if (p->stall >= 0)
    trace_out_printf(o, " stall=%s", pmu_comp_names[(unsigned)p->stall]);
  if (p->wp)
    trace_out_printf(o, " wrong-path");
  trace_out_printf(o, "\n");
}

/* '+' line */
static void pt_new(trace_out_t *o, const track_inst_t *p)
{
  trace_out_printf(o, "+ %" PRIu64 " %u %" PRIu32, p->id, (unsigned)p->tid, p->seq);
  if (p->known) {
    const unsigned cls = p->attr & ATTR_CLASS_MASK;
    const unsigned dep = (p->attr & ATTR_DEP_MASK) >> ATTR_DEP_SHIFT;
    static const char *const cn[4] = {"alu", "long", "load", "branch"};
    trace_out_printf(o, " 0x%04x %s", (unsigned)p->attr, cn[cls]);
    if ((p->attr & ATTR_MISS) && cls == ATTR_CLASS_LOAD)
      trace_out_printf(o, " dmiss");
    if ((p->attr & ATTR_MISS) && cls == ATTR_CLASS_BRANCH)
      trace_out_printf(o, " misp");
    if (p->attr & ATTR_ICMISS)
      trace_out_printf(o, " icmiss");
    if (dep)
      trace_out_printf(o, " dep=%u", dep);
    if (p->attr & ATTR_KERNEL)
      trace_out_printf(o, " kernel");
  } else
    trace_out_printf(o, " - ?");
  if (p->wp)
    trace_out_printf(o, " wp");
  if (p->pre)
    trace_out_printf(o, " pre");
  trace_out_printf(o, "\n");
}

/* The tracker's sink: one event into pipetrace records. */
static void pt_event(void *ctx, const track_ev_t *e)
{
  trace_out_t *o = &((track_writer_t *)ctx)->out;
  switch (e->kind) {
  case TRACK_CYCLE:
    trace_out_printf(o, "@ %" PRIu64 "\n", e->cyc);
    break;
  case TRACK_NEW:
    pt_new(o, e->p);
    pt_status(o, e->p);
    break;
  case TRACK_STAGE:                        /* a late timed transition is written at this '@' */
  case TRACK_STALL:
    pt_status(o, e->p);
    break;
  case TRACK_END:
    trace_out_printf(o, "- %" PRIu64 " %s\n", e->p->id,
                     e->how == TRACK_RETIRED ? "retired"
                     : e->how == TRACK_WINDOW_END ? "end" : "flushed");
    break;
  default:
    break;
  }
}

/* statistics of this cycle */
static void pt_stats(track_writer_t *w, const trc_cycle_t *c)
{
  const unsigned nw = c->w < SIM_W_MAX ? c->w : SIM_W_MAX;
  unsigned i, t, ncommit = 0, ncommit_t[PMU_THREADS];
  memset(ncommit_t, 0, sizeof ncommit_t);
  for (i = 0; i < nw; i++)
    if (c->commit[i].valid) {
      ncommit++;
      if (c->commit[i].tid < PMU_THREADS)
        ncommit_t[c->commit[i].tid]++;
    }
  trace_out_printf(&w->out, "<IPC>%u\n", ncommit);
  for (t = 0; t < PMU_THREADS; t++) {
    const track_list_t *l = &w->trk.th[t];
    unsigned fq = 0, rs = 0, rob = 0;
    size_t k;
    for (k = 0; k < l->n; k++) {
      const unsigned st = l->v[k].stage;
      fq += st == TRACK_F;
      rs += st == TRACK_D;
      rob += st != TRACK_F;
    }
    if (c->pmu) {
      rob = c->pmu->ev_ext[t][PT_ROB_LANE];
      rs = c->pmu->ev_ext[t][PT_RS_LANE];
    }
    trace_out_printf(&w->out, "<IPC.T%u>%u\n<ROB.T%u>%u\n<RS.T%u>%u\n<FQ.T%u>%u\n", t,
                     ncommit_t[t], t, rob, t, rs, t, fq);
  }
}

trace_writer_t *pipetrace_open(const char *path, uint64_t first_cycle)
{
  track_writer_t *w = track_writer_open(sizeof *w, PT_MAGIC, "pipetrace", path, first_cycle,
                                        pt_event);
  if (!w)
    return NULL;
  trace_out_printf(&w->out, "# StallScope pipetrace 1 (grammar: docs/pipetrace.md)\n");
  trace_out_printf(&w->out, "# first_cycle %" PRIu64 " threads %d W %d\n", first_cycle,
                   PMU_THREADS, PMU_W);
  return (trace_writer_t *)(void *)w;
}

int pipetrace_cycle(trace_writer_t *tw, const trc_cycle_t *c)
{
  track_writer_t *w = track_writer_of(tw, PT_MAGIC);
  if (!w || track_cycle(&w->trk, c) != 0)
    return -1;
  pt_stats(w, c);
  return trace_out_status(&w->out);
}

/* what is still in flight leaves one cycle later */
int pipetrace_close(trace_writer_t *tw)
{
  return track_writer_close(track_writer_of(tw, PT_MAGIC));
}

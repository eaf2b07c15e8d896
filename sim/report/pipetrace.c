/* Pipetrace writer in SimpleScalar's ptrace grammar (what SimpleScalar's pipeview.pl and the GPV
 * viewer read; docs/pipetrace.md):
 *   @ cycle                       a new cycle
 *   + id 0xPC 0xADDR text         a new instruction
 *   * id STAGE 0xEVENTS           it enters STAGE (IF DA EX WB CT), or its events change
 *   - id                          it leaves (retired after a CT line, else squashed)
 * StallScope's facts go where the grammar has room: PC holds the thread's sequence number, ADDR
 * the attribute word, the text the thread, class and flags; the events word keeps SimpleScalar's
 * bits (cache miss, mispredict occurred and detected, address generation) and adds ours above
 * them: long latency, wrong path, the stall component (bits 10:8) and the latency (bits 23:16).
 *
 * The instruction tracking is sim/report/trace_track.c (shared with the other writers); this
 * file only formats its events. Stages: IF = F (front-end queue), DA = D (in the RS), EX = the L
 * execution cycles from issue (the tracker's I and X), WB = C (completed, waiting to commit), CT =
 * the commit cycle. sim/report/test_report.c checks that the writers agree.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "sim_types.h"
#include "trace_track.h"

#define PT_MAGIC 0x50697065u            /* "Pipe" */

typedef struct {
  track_writer_t b;             /* first: output file and tracker */
  uint64_t at;                  /* last '@' written */
  int any;                      /* an '@' was written */
} pt_t;

static const char *const pt_stage_names[5] = {"IF", "DA", "EX", "EX", "WB"};

/* the events word of p in its current stage (docs/pipetrace.md) */
static uint32_t pt_events(const track_inst_t *p)
{
  const unsigned cls = p->attr & ATTR_CLASS_MASK;
  uint32_t ev = 0;
  if (p->known && (p->attr & ATTR_MISS) && cls == ATTR_CLASS_BRANCH)
    ev |= PT_EV_MPOCCURRED;
  switch (p->stage) {
  case TRACK_F:
    if (p->known && (p->attr & ATTR_ICMISS) && !p->pre)
      ev |= PT_EV_CACHEMISS;
    break;
  case TRACK_I:
  case TRACK_X:
    if (p->known && (p->attr & ATTR_MISS) && cls == ATTR_CLASS_LOAD)
      ev |= PT_EV_CACHEMISS;
    if (p->known && (p->attr & ATTR_MISS) && cls == ATTR_CLASS_BRANCH)
      ev |= PT_EV_MPDETECT;
    if (p->known && cls == ATTR_CLASS_LOAD)
      ev |= PT_EV_AGEN;
    if (p->known && cls == ATTR_CLASS_LONG && p->lat > 1)
      ev |= PT_EV_LONGLAT;
    ev |= (uint32_t)(p->lat > 255 ? 255u : p->lat) << PT_EV_LAT_SHIFT;
    break;
  default:
    break;
  }
  if (p->wp)
    ev |= PT_EV_WRONGPATH;
  if (p->stall > 0)
    ev |= (uint32_t)p->stall << PT_EV_STALL_SHIFT;
  return ev;
}

static void pt_at(pt_t *w, uint64_t cyc)
{
  if (!w->any || cyc > w->at)
    trace_out_printf(&w->b.out, "@ %" PRIu64 "\n", cyc);
  w->at = cyc;
  w->any = 1;
}

static void pt_status(pt_t *w, const track_inst_t *p, const char *stage)
{
  trace_out_printf(&w->b.out, "* %" PRIu64 " %s 0x%08" PRIx32 "\n", p->id, stage, pt_events(p));
}

/* '+' line: PC = sequence number, ADDR = attributes, then the text */
static void pt_new(pt_t *w, const track_inst_t *p)
{
  static const track_spell_t spell = {"dmiss", "dep=", "pre", 1};
  char label[160];
  track_label(p, &spell, label, sizeof label);
  trace_out_printf(&w->b.out, "+ %" PRIu64 " 0x%08" PRIx32 " 0x%08x %s\n", p->id, p->seq,
                   (unsigned)p->attr, label);
}

/* The tracker's sink: one event into ptrace records. */
static void pt_event(void *ctx, const track_ev_t *e)
{
  pt_t *w = ctx;
  const track_inst_t *p = e->p;
  switch (e->kind) {
  case TRACK_CYCLE:
    pt_at(w, e->cyc);
    break;
  case TRACK_NEW:
    pt_new(w, p);
    pt_status(w, p, pt_stage_names[p->stage]);
    break;
  case TRACK_STAGE:                        /* a late timed transition is written at this '@' */
    if (e->stage_was == TRACK_I && p->stage == TRACK_X)
      break;                               /* both are EX, same events */
    pt_status(w, p, pt_stage_names[p->stage]);
    break;
  case TRACK_STALL:
    pt_status(w, p, pt_stage_names[p->stage]);
    break;
  case TRACK_END:
    if (e->how == TRACK_WINDOW_END)        /* still in flight: stays so */
      break;
    if (e->how == TRACK_RETIRED) {
      track_inst_t q = *p;
      q.stall = -1;
      pt_status(w, &q, "CT");
    }
    trace_out_printf(&w->b.out, "- %" PRIu64 "\n", p->id);
    break;
  default:
    break;
  }
}

trace_writer_t *pipetrace_open(const char *path, uint64_t first_cycle)
{
  pt_t *w = track_writer_open(sizeof *w, PT_MAGIC, "pipetrace", path, first_cycle, pt_event);
  return (trace_writer_t *)(void *)w;
}

int pipetrace_cycle(trace_writer_t *tw, const trc_cycle_t *c)
{
  pt_t *w = track_writer_of(tw, PT_MAGIC);
  if (!w || track_cycle(&w->b.trk, c) != 0)
    return -1;
  return trace_out_status(&w->b.out);
}

/* A last '@' one cycle after the last traced one, so that a reader that prints a cycle's
 * pipeline at the next '@' (pipeview.pl) shows the last cycle too. */
int pipetrace_close(trace_writer_t *tw)
{
  pt_t *w = track_writer_of(tw, PT_MAGIC);
  if (w && !w->b.out.err && w->b.trk.started)
    pt_at(w, w->b.trk.cur + 1);
  return track_writer_close(w ? &w->b : NULL);
}

/* Kanata 0004 pipeline log for the Konata viewer (docs/reports.md, "Pipeline traces").
 *
 * One call per cycle turns the core's trace port (trc_cycle_t) into Kanata commands:
 *   lane 0: F fetched, in the front-end queue | D dispatched, waiting in the RS | X the L
 *           execution cycles from issue (L = latency given at issue; the core completes an
 *           instruction issued in c in c + L; one cycle when L = 0) | C completed, waiting to
 *           commit; R ... 0 retire, R ... 1 flush. The execution stage is named X because
 *           Konata draws a dependency arrow only between stages whose name contains X: from
 *           the producer's last X cycle to the consumer's first.
 *   lane 1: while an instruction waits in F, D or C, a stall stage named after the CPI-stack
 *           component (spec 4.6) that got most of the slots its thread lost that cycle at the
 *           stage it is waiting for: F -> dispatch stack, D -> issue stack, C -> commit stack.
 * Ids are allocated from 0 in order of first appearance; retire ids from 0 in commit order.
 * Instructions fetched before the window are introduced when first seen. Instructions still in
 * flight when the window ends get no R: Konata shows them as in flight (not as flushed).
 * W (dependency): to the producer the tracker found (sim/report/trace_track.h), always an
 * instruction with a smaller id.
 *
 * The instruction tracking is sim/report/trace_track.c (shared with the other writers); this
 * file only formats its events. sim/report/test_report.c checks that the writers agree.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include "sim_types.h"
#include "trace_track.h"

#define KT_MAGIC 0x4b616e61u            /* "Kana" */

typedef struct {
  track_writer_t b;             /* first: output file and tracker */
  uint64_t at;                  /* cycle of the last time point written (C= / C) */
  uint64_t next_rid;
} kt_t;

/* lane-0 stage name: the issue cycle and the rest of the execution are one stage X */
static const char *kt_stage(unsigned st)
{
  return st == TRACK_I ? "X" : track_stage_names[st];
}

/* One command at cycle `cyc` (>= the last one): a C line first when time has advanced. */
static void kt_cmd(kt_t *w, uint64_t cyc, const char *fmt, ...) TRACK_PRINTF(3, 4);
static void kt_cmd(kt_t *w, uint64_t cyc, const char *fmt, ...)
{
  va_list ap;
  if (w->b.out.err)
    return;
  if (cyc > w->at) {
    trace_out_printf(&w->b.out, "C\t%" PRIu64 "\n", cyc - w->at);
    w->at = cyc;
  }
  va_start(ap, fmt);
  trace_out_vprintf(&w->b.out, fmt, ap);
  va_end(ap);
}

/* left-pane label, e.g. "T0 #123 load miss dep3" */
static void kt_label(const track_inst_t *p, char *b, size_t n)
{
  static const track_spell_t spell = {"miss", "dep", "(pre)", 0};
  track_label(p, &spell, b, n);
}

/* Close a lane-1 stall stage, if one was open. */
static void kt_unstall(kt_t *w, const track_inst_t *p, int stall, uint64_t cyc)
{
  if (stall >= 0)
    kt_cmd(w, cyc, "E\t%" PRIu64 "\t1\t%s\n", p->id, pmu_comp_names[(unsigned)stall]);
}

/* New instruction: I, both labels, its first stage. */
static void kt_new(kt_t *w, const track_inst_t *p, uint64_t cyc)
{
  const unsigned tid = p->tid;
  char lab[96];

  kt_label(p, lab, sizeof lab);
  kt_cmd(w, cyc, "I\t%" PRIu64 "\t%" PRIu32 "\t%u\n", p->id, p->seq, tid);
  kt_cmd(w, cyc, "L\t%" PRIu64 "\t0\t%s\n", p->id, lab);
  if (p->known)
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\tthread %u seq %" PRIu32 " attr 0x%04x%s; %s at cycle %" PRIu64
                   "\n", p->id, tid, p->seq, (unsigned)p->attr, p->wp ? " wrong path" : "",
           p->pre ? "first seen" : "fetched", cyc);
  else
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\tthread %u seq %" PRIu32 "%s; first seen at cycle %" PRIu64
                   "\n", p->id, tid, p->seq, p->wp ? " wrong path" : "", cyc);
  kt_cmd(w, cyc, "S\t%" PRIu64 "\t0\t%s\n", p->id, kt_stage(p->stage));
}

/* Issued in cycle cyc: the latency in the mouse-over text, the dependency arrow. */
static void kt_issued(kt_t *w, const track_inst_t *p, uint64_t cyc)
{
  kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\t\\nissued at cycle %" PRIu64 ", latency %u\n", p->id, cyc,
         (unsigned)p->lat);
  if (p->has_prod)
    kt_cmd(w, cyc, "W\t%" PRIu64 "\t%" PRIu64 "\t0\n", p->id, p->prod);
}

/* End an instruction: close its stages, the reason, R (type 0 retire, 1 flush). */
static void kt_end(kt_t *w, const track_ev_t *e)
{
  const track_inst_t *p = e->p;
  const uint64_t cyc = e->cyc;
  const int type = e->how == TRACK_RETIRED ? 0 : 1;
  if (e->how == TRACK_WINDOW_END) {        /* left in flight: no E, no R */
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\t\\nstill in flight when the trace ended (cycle %" PRIu64
                   ")\n", p->id, cyc);
    return;
  }
  kt_unstall(w, p, p->stall, cyc);
  kt_cmd(w, cyc, "E\t%" PRIu64 "\t0\t%s\n", p->id, kt_stage(p->stage));
  switch (e->how) {
  case TRACK_RETIRED:
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\t\\nretired at cycle %" PRIu64 "\n", p->id, cyc);
    break;
  case TRACK_FLUSHED:
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\t\\nflushed at cycle %" PRIu64 " (mispredicted branch #%"
                   PRIu32 ")\n", p->id, cyc, e->branch);
    break;
  case TRACK_REPLACED:
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\t\\nreplaced: its sequence number was fetched again\n",
           p->id);
    break;
  default:
    break;
  }
  kt_cmd(w, cyc, "R\t%" PRIu64 "\t%" PRIu64 "\t%d\n", p->id, w->next_rid, type);
  if (type == 0)
    w->next_rid++;
}

/* The tracker's sink: one event into Kanata commands. */
static void kt_event(void *ctx, const track_ev_t *e)
{
  kt_t *w = ctx;
  const track_inst_t *p = e->p;
  switch (e->kind) {
  case TRACK_NEW:
    kt_new(w, p, e->cyc);
    if (p->stage == TRACK_I)
      kt_issued(w, p, e->cyc);
    break;
  case TRACK_STAGE:
    kt_unstall(w, p, e->stall_was, e->cyc);
    if (e->stage_was == TRACK_I && p->stage == TRACK_X)
      break;                               /* both are the Kanata stage X */
    kt_cmd(w, e->cyc, "E\t%" PRIu64 "\t0\t%s\n", p->id, kt_stage((unsigned)e->stage_was));
    kt_cmd(w, e->cyc, "S\t%" PRIu64 "\t0\t%s\n", p->id, kt_stage(p->stage));
    if (p->stage == TRACK_I)
      kt_issued(w, p, e->cyc);
    break;
  case TRACK_STALL:
    kt_unstall(w, p, e->stall_was, e->cyc);
    if (p->stall >= 0)
      kt_cmd(w, e->cyc, "S\t%" PRIu64 "\t1\t%s\n", p->id, pmu_comp_names[(unsigned)p->stall]);
    break;
  case TRACK_END:
    kt_end(w, e);
    break;
  default:                                 /* TRACK_CYCLE: time is written with the commands */
    break;
  }
}

trace_writer_t *kanata_open(const char *path, uint64_t first_cycle)
{
  kt_t *w = track_writer_open(sizeof *w, KT_MAGIC, "kanata", path, first_cycle, kt_event);
  if (!w)
    return NULL;
  w->at = first_cycle;
  trace_out_printf(&w->b.out, "Kanata\t0004\nC=\t%" PRIu64 "\n", first_cycle);
  return (trace_writer_t *)(void *)w;
}

int kanata_cycle(trace_writer_t *tw, const trc_cycle_t *c)
{
  kt_t *w = track_writer_of(tw, KT_MAGIC);
  if (!w || track_cycle(&w->b.trk, c) != 0)
    return -1;
  return trace_out_status(&w->b.out);
}

/* what is still in flight stays in flight (its mouse-over text says so) */
int kanata_close(trace_writer_t *tw)
{
  return track_writer_close(track_writer_of(tw, KT_MAGIC));
}

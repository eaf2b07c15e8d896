/* gem5 O3PipeView pipeline trace (docs/reports.md, "O3PipeView"): the format gem5's O3 CPU
 * writes with --debug-flags=O3PipeView, read by gem5's util/o3-pipeview.py and by Konata.
 *
 * Like gem5, an instruction is written once, when it leaves the pipeline (retired or squashed),
 * as one block of colon-separated records:
 *   O3PipeView:fetch:TICK:0xPC:0:SEQNUM:TEXT
 *   O3PipeView:thread:TICK:TID          (newer gem5; Konata reads the thread from it)
 *   O3PipeView:decode:0                 (0 = did not happen: the core has no such stage)
 *   O3PipeView:rename:0
 *   O3PipeView:dispatch:TICK
 *   O3PipeView:issue:TICK
 *   O3PipeView:complete:TICK
 *   O3PipeView:retire:TICK:store:0      (retire tick 0: squashed)
 * TICK = cycle x O3_TICKS_PER_CYCLE (gem5's 1 GHz clock in picoseconds, o3-pipeview.py's default
 * --cycle-time); a stage not reached is 0. SEQNUM is the tracker's id (unique over all threads,
 * in order of appearance), PC the thread's sequence number, TEXT the instruction as in the
 * Kanata label (no colons). Instructions still in flight when the window ends are not written,
 * nor those fetched before the window (gem5 writes neither: an instruction without a fetch
 * tick has no block).
 *
 * The non-zero ticks of a block rise strictly, fetch < dispatch <= issue < complete < retire:
 * o3-pipeview.py draws each stage in a column of its own (dispatch = issue excepted) and shifts
 * the rest of the row when two share a cycle, and gem5's O3 CPU never commits in the cycle an
 * instruction completes. So complete is 0 when the instruction retired in the cycle it
 * completed (it never waited in C; the retire column stands for both).
 *
 * The instruction tracking is sim/report/trace_track.c (shared with the other writers).
 */
#include <inttypes.h>
#include <stdio.h>
#include "sim_types.h"
#include "trace_track.h"

#define O3_MAGIC 0x4f33505au            /* "O3PZ" */
#define O3_TICKS_PER_CYCLE 1000u

static uint64_t o3_tick(const track_inst_t *p, unsigned st)
{
  return (p->reached & (1u << st)) ? p->at[st] * O3_TICKS_PER_CYCLE : 0u;
}

static void o3_end(trace_out_t *o, const track_ev_t *e)
{
  const track_inst_t *p = e->p;
  static const track_spell_t spell = {"miss", "dep", "(pre)", 0};
  char label[160];
  const uint64_t fetch = o3_tick(p, TRACK_F);
  const uint64_t retire = e->how == TRACK_RETIRED ? e->cyc * O3_TICKS_PER_CYCLE : 0u;
  uint64_t complete = o3_tick(p, TRACK_C);

  if (e->how == TRACK_WINDOW_END || p->pre)
    return;                            /* in flight at the end, or fetched before the window */
  if (complete != 0 && complete == retire)
    complete = 0;                      /* retired in the cycle it completed */
  track_label(p, &spell, label, sizeof label);
  trace_out_printf(o, "O3PipeView:fetch:%" PRIu64 ":0x%08" PRIx32 ":0:%" PRIu64 ":%s",
                   fetch, p->seq, p->id, label);
  trace_out_printf(o, "\nO3PipeView:thread:%" PRIu64 ":%u\n", fetch, (unsigned)p->tid);
  trace_out_printf(o, "O3PipeView:decode:0\nO3PipeView:rename:0\n");
  trace_out_printf(o, "O3PipeView:dispatch:%" PRIu64 "\n", o3_tick(p, TRACK_D));
  trace_out_printf(o, "O3PipeView:issue:%" PRIu64 "\n", o3_tick(p, TRACK_I));
  trace_out_printf(o, "O3PipeView:complete:%" PRIu64 "\n", complete);
  trace_out_printf(o, "O3PipeView:retire:%" PRIu64 ":store:0\n", retire);
}

/* The tracker's sink */
static void o3_event(void *ctx, const track_ev_t *e)
{
  if (e->kind == TRACK_END)
    o3_end(&((track_writer_t *)ctx)->out, e);
}

trace_writer_t *o3pipeview_open(const char *path, uint64_t first_cycle)
{
  return track_writer_open(sizeof(track_writer_t), O3_MAGIC, "o3pipeview", path, first_cycle,
                           o3_event);
}

int o3pipeview_cycle(trace_writer_t *tw, const trc_cycle_t *c)
{
  track_writer_t *w = track_writer_of(tw, O3_MAGIC);
  if (!w || track_cycle(&w->trk, c) != 0)
    return -1;
  return trace_out_status(&w->out);
}

int o3pipeview_close(trace_writer_t *tw)
{
  return track_writer_close(track_writer_of(tw, O3_MAGIC));
}

/* Resource trace (docs/reports.md, "Resource trace"): per cycle of the trace window and per
 * thread, what the core reports to the PMU in that cycle, for the resource graph of the HTML
 * report (scripts/plot/html_report.py), on the same cycles as the pipeline traces:
 *
 *   cycle,thread,retired,issued,filled,rob_occ,rs_occ,l1d_pend
 *
 * retired, issued, filled: the slot inputs R, I, F of the cycle (pmu_in_t slot_retire,
 * slot_issue, slot_fill: what slot counters 3, 2, 1 add); rob_occ, rs_occ, l1d_pend: the event
 * lanes of those names (ROB and RS entries of the thread at the start of the cycle, Dcache misses
 * outstanding; docs/core.md). Nothing is derived: each field is an input the lockstep run gives
 * the PMU (and the C model) in that cycle.
 *
 * The writer shares the output file handling and the cycle-order check of the other trace
 * writers (sim/report/trace_track.c); it writes nothing for instruction events.
 */
#include <inttypes.h>
#include <stdio.h>
#include "sim_types.h"
#include "trace_track.h"

#define RES_MAGIC 0x52455354u            /* "REST" */
#define RES_EXT(lane) ((lane) - (PMU_NL - PMU_NEXT))   /* index in pmu_in_t.ev_ext */

static void res_event(void *ctx, const track_ev_t *e)
{
  (void)ctx, (void)e;
}

trace_writer_t *resources_open(const char *path, uint64_t first_cycle)
{
  track_writer_t *w = track_writer_open(sizeof(track_writer_t), RES_MAGIC, "resources", path,
                                        first_cycle, res_event);
  if (w)
    trace_out_printf(&w->out, "cycle,thread,retired,issued,filled,rob_occ,rs_occ,l1d_pend\n");
  return (trace_writer_t *)(void *)w;
}

int resources_cycle(trace_writer_t *tw, const trc_cycle_t *c)
{
  track_writer_t *w = track_writer_of(tw, RES_MAGIC);
  unsigned t;
  if (!w)
    return -1;
  if (c && !c->pmu && !w->out.err) {
    fprintf(stderr, "resources: cycle %" PRIu64 " has no PMU inputs\n", c->cycle);
    w->out.err = 1;
  }
  if (track_cycle(&w->trk, c) != 0)
    return -1;
  for (t = 0; t < PMU_THREADS; t++) {
    const pmu_in_t *in = c->pmu;
    trace_out_printf(&w->out, "%" PRIu64 ",%u,%u,%u,%u,%u,%u,%u\n", c->cycle, t,
                     (unsigned)in->slot_retire[t], (unsigned)in->slot_issue[t],
                     (unsigned)in->slot_fill[t],
                     (unsigned)in->ev_ext[t][RES_EXT(PMU_LANE_ROB_OCC)],
                     (unsigned)in->ev_ext[t][RES_EXT(PMU_LANE_RS_OCC)],
                     (unsigned)in->ev_ext[t][RES_EXT(PMU_LANE_L1D_PEND)]);
  }
  return trace_out_status(&w->out);
}

int resources_close(trace_writer_t *tw)
{
  return track_writer_close(track_writer_of(tw, RES_MAGIC));
}

/* pmuctl list: the event catalog (the generated pmu_events[] of pmu_map.h, from
 * rtl/pmu/data/pmu_params.json); pmuctl parse: event strings to evtsel/ext. */
#include <stdio.h>
#include <string.h>

#include "pmuctl.h"

int cmd_list(int argc, char **argv)
{
  int i;
  const struct ev_alias *a;
  if (argc > 1) die("list: unexpected argument '%s'", argv[1]);
  printf("StallScope event catalog (%d events; rtl/pmu/data/pmu_params.json)\n\n", PMU_NEVENTS);
  printf("  %-32s %-6s %-6s %-11s %s\n", "name", "event", "umask", "raw (u+k)", "lanes");
  for (i = 0; i < PMU_NEVENTS; i++) {
    uint32_t raw = (1u << PMU_EVTSEL_EN_LSB) | (1u << PMU_EVTSEL_USR_LSB) | (1u << PMU_EVTSEL_OS_LSB) |
                   ((uint32_t)pmu_events[i].umask << 8) | pmu_events[i].event;
    uint32_t sel = pmu_events[i].sel;
    int l, first = 1;
    printf("  %-32s 0x%02x   0x%02x   r%08x   ", pmu_events[i].name, pmu_events[i].event, pmu_events[i].umask,
           raw);
    for (l = 0; l < PMU_NL; l++) {           /* the entry's lanes (spec 2.2: one or several) */
      if ((sel >> l) & 1u) {
        printf("%s%s", first ? "" : "|", pmu_lane_names[l]);
        first = 0;
      }
    }
    printf("%s\n", pmu_events[i].core ? " (core)" : "");
  }
  printf("\nperf aliases:");
  for (a = ev_aliases; a->alias; a++) printf(" %s=%s", a->alias, a->name);
  printf("\n\nEvent strings (docs/fpga.md \"Event strings\"):\n"
         "  NAME[:MODS]                 catalog name (any case) or alias, e.g. uops_issued.any:c1:i1\n"
         "  rHEX[:MODS]                 raw evtsel (bits 31:0) and ext (bits 63:32), e.g. r01c3010e\n"
         "  cpu/TERMS/[u|k]             event= umask= cmask= inv edge any int usr os cmp=ge|lt|eq|ne\n"
         "                              cntv both chain qualify name=NAME\n"
         "  MODS: u k c<N> i e t(any) int ge lt eq ne v(count V) b(both edges) chain q(qualify)\n");
  return 0;
}

int cmd_parse(int argc, char **argv)
{
  pmu_event_t ev[64];
  char err[1024];
  int i, j, n;
  if (argc < 2) die("parse: no event string (pmuctl parse EVENT[,EVENT...] ...)");
  for (i = 1; i < argc; i++) {
    n = ev_parse_list(argv[i], ev, 64, err, sizeof err);
    if (n < 0) die("%s", err);
  }
  for (i = 1; i < argc; i++) {
    n = ev_parse_list(argv[i], ev, 64, err, sizeof err);
    for (j = 0; j < n; j++)
      printf("%-40s evtsel 0x%08x ext 0x%08x %s%s\n", ev[j].text, ev[j].evtsel, ev[j].ext,
             ev[j].cat >= 0 ? pmu_events[ev[j].cat].name : "(not in the catalog)",
             ev_lanes(&ev[j]) ? "" : ": selects no lane, counts 0 (or the threshold of V=0)");
  }
  return 0;
}

/* pmuctl: the StallScope bring-up host tool (docs/fpga.md "pmuctl").
 *
 *   pmuctl [-d DEV] COMMAND [ARGS]
 *   DEV: serial:PATH[@BAUD] (the board's USB-UART), pty:PATH (the virtual board), model[:RECORD]
 *        (the C model; RECORD: the virtual board's event record); default $PMUCTL_DEV.
 * Exit status: 0 success, 1 a failed check or access, 2 bad input or usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmuctl.h"

static const char *dev_spec;
static board_t board;
static int board_opened;

board_t *board_get(void)
{
  char err[512];
  transport_t *tr;
  if (board_opened) return &board;
  if (!dev_spec) dev_spec = getenv("PMUCTL_DEV");
  if (!dev_spec || !*dev_spec) die("no device: -d serial:PATH[@BAUD] | pty:PATH | model[:RECORD] (or PMUCTL_DEV)");
  tr = transport_open(dev_spec, err, sizeof err);
  if (!tr) die("%s", err);
  if (!bd_open(&board, tr, err, sizeof err)) fail("%s: %s", dev_spec, err);
  board_opened = 1;
  return &board;
}

static void usage(FILE *f)
{
  fprintf(f,
          "usage: pmuctl [-d DEV] COMMAND [ARGS]\n"
          "  DEV      serial:PATH[@BAUD] | pty:PATH | model[:RECORD]   (default $PMUCTL_DEV)\n"
          "commands:\n"
          "  list                                  the event catalog and the event-string syntax\n"
          "  parse EV[,EV...]                      event strings to evtsel/ext\n"
          "  stat -e EV[,EV...] [-I MS] [-x SEP] [-A] [-t T] [--cycles N] [--warmup N] [--slice N] [WORKLOAD]\n"
          "  stacks [--cycles N] [--warmup N] [--wpvis] [WORKLOAD]  CPI stacks per thread, top-down level 1\n"
          "  tree [--cycles N] [WORKLOAD]          cycle-accounting tree\n"
          "  selftest                              the bring-up checklist\n"
          "  record -o FILE [--cycles N] [--slice N] [--period N] [--jit J] [WORKLOAD]\n"
          "                                        the PMU's sampler over a run, into a sample file\n"
          "  report FILE [--top N] [--name T=NAME]... [--collapsed OUT] [--csv OUT]\n"
          "                                        a sample file: hottest instructions, TIP and PEBS\n"
          "                                        rule, their cycle stacks (no device needed)\n"
          "  info | read ADDR [N] [--user] | write ADDR VALUE [--user] [--strb S] | rc-read ADDR [N]\n"
          "  rc-write ADDR VALUE | run N | reset-core | reset-pmu | load [WORKLOAD] | frame HEX\n"
          "  WORKLOAD: --workload mixed|memory|branchy|longlat|depchain|icache | --prog FILE | --progT FILE\n"
          "            [--knobs perfect-icache,perfect-bpred,perfect-dcache,alu1] [--seed S] [--idle MASK]\n");
}

int main(int argc, char **argv)
{
  int i = 1;
  const char *cmd;
  int rc;
  while (i < argc && argv[i][0] == '-') {
    if (strcmp(argv[i], "-d") == 0) {
      if (i + 1 >= argc) die("-d needs a value");
      if (dev_spec) die("-d given twice");
      dev_spec = argv[i + 1];
      i += 2;
    } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      usage(stdout);
      return 0;
    } else {
      die("unknown option '%s' (pmuctl --help)", argv[i]);
    }
  }
  if (i >= argc) {
    usage(stderr);
    return 2;
  }
  cmd = argv[i];
  argc -= i;
  argv += i;
  if (strcmp(cmd, "list") == 0) rc = cmd_list(argc, argv);
  else if (strcmp(cmd, "parse") == 0) rc = cmd_parse(argc, argv);
  else if (strcmp(cmd, "stat") == 0) rc = cmd_stat(argc, argv);
  else if (strcmp(cmd, "stacks") == 0) rc = cmd_stacks(argc, argv);
  else if (strcmp(cmd, "tree") == 0) rc = cmd_tree(argc, argv);
  else if (strcmp(cmd, "selftest") == 0) rc = cmd_selftest(argc, argv);
  else if (strcmp(cmd, "report") == 0) rc = cmd_report(argc, argv);
  else if (strcmp(cmd, "record") == 0) rc = cmd_record(argc, argv);
  else if (!strcmp(cmd, "info") || !strcmp(cmd, "read") || !strcmp(cmd, "write") || !strcmp(cmd, "rc-read") ||
           !strcmp(cmd, "rc-write") || !strcmp(cmd, "run") || !strcmp(cmd, "reset-core") ||
           !strcmp(cmd, "reset-pmu") || !strcmp(cmd, "load") || !strcmp(cmd, "frame"))
    rc = cmd_low(cmd, argc, argv);
  else die("unknown command '%s' (pmuctl --help)", cmd);
  if (board_opened) board.tr->close(board.tr);
  return rc;
}

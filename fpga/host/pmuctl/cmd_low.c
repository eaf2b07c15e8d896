/* pmuctl: the low-level commands (docs/fpga.md "pmuctl"): info, read, write, rc-read,
 * rc-write, run, reset-core, reset-pmu, load, frame. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "pmuctl.h"

static uint32_t num32(const char *what, const char *s)
{
  return (uint32_t)opt_u64(what, s, 0, 0xffffffffu);
}

int cmd_low(const char *cmd, int argc, char **argv)
{
  board_t *b;
  int user = 0, i, pos = 0;
  unsigned strb = 0xf;
  const char *args[3] = {NULL, NULL, NULL};
  workload_t wl;
  wl_default(&wl);
  for (i = 1; i < argc; i++) {
    if (!strcmp(cmd, "load") && wl_option(&wl, argc, argv, &i)) continue;
    if (!strcmp(argv[i], "--user")) user = 1;
    else if (!strcmp(argv[i], "--strb")) {
      if (i + 1 >= argc) die("%s: --strb needs a value", cmd);
      strb = (unsigned)opt_u64("--strb", argv[++i], 0, 15);
    } else if (argv[i][0] == '-' && argv[i][1] == '-') die("%s: unknown option '%s'", cmd, argv[i]);
    else if (pos < 3) args[pos++] = argv[i];
    else die("%s: too many arguments", cmd);
  }
#define NEED(n, u) if (pos < (n)) die("%s: usage: pmuctl %s", cmd, u)
  if (!strcmp(cmd, "frame")) {
    uint8_t bytes[300];
    size_t n = 0, k;
    int st;
    NEED(1, "frame HEXBYTES (e.g. a500010000ffff)");
    for (k = 0; args[0][k]; k += 2) {
      unsigned v;
      if (!isxdigit((unsigned char)args[0][k]) || !isxdigit((unsigned char)args[0][k + 1]) || n == sizeof bytes ||
          sscanf(args[0] + k, "%2x", &v) != 1)
        die("frame: '%s' is not a string of hex bytes (at character %zu)", args[0], k + 1);
      bytes[n++] = (uint8_t)v;
    }
    b = board_get();
    b->tr->raw(b->tr, bytes, n, &st);
    printf("%s\n", status_name(st));
    return 0;
  }
  if (!strcmp(cmd, "read") || !strcmp(cmd, "rc-read")) {
    uint32_t a, v[MAXW];
    unsigned n = 1, k;
    int st;
    NEED(1, "read ADDR [N] [--user]");
    a = num32("ADDR", args[0]);
    if (args[1]) n = (unsigned)opt_u64("N", args[1], 1, MAXW);
    b = board_get();
    st = !strcmp(cmd, "read") ? bd_read(b, a, n, !user, v) : bd_rc_read(b, a, n, v);
    if (st != ST_OK) fail("%s 0x%04" PRIx32 ": %s", cmd, a, status_name(st));
    for (k = 0; k < n; k++) printf("0x%04" PRIx32 ": 0x%08" PRIx32 "\n", a + 4 * k, v[k]);
    return 0;
  }
  if (!strcmp(cmd, "write") || !strcmp(cmd, "rc-write")) {
    uint32_t a, v;
    int st;
    NEED(2, "write ADDR VALUE [--user] [--strb S]");
    a = num32("ADDR", args[0]);
    v = num32("VALUE", args[1]);
    b = board_get();
    st = !strcmp(cmd, "write") ? bd_write(b, a, 1, !user, strb, &v) : bd_rc_write(b, a, v);
    if (st != ST_OK) fail("%s 0x%04" PRIx32 ": %s", cmd, a, status_name(st));
    return 0;
  }
  if (!strcmp(cmd, "run")) {
    uint64_t n;
    NEED(1, "run CYCLES");
    n = opt_u64("CYCLES", args[0], 1, 1000000000000ull);
    b = board_get();
    bd_run(b, n);
    printf("run: %" PRIu64 " cycles; %" PRIu64 " run cycles since the core's reset\n", n, bd_cycles(b));
    return 0;
  }
  if (pos) die("%s: unexpected argument '%s'", cmd, args[0]);
  if (!strcmp(cmd, "load")) {
    wl_check(&wl, PMU_THREADS, 1024);
    b = board_get();
    wl_setup(b, &wl);
    return 0;
  }
  b = board_get();
  if (!strcmp(cmd, "reset-core")) rc_wr(b, RC_CTRL, RC_RESET);
  else if (!strcmp(cmd, "reset-pmu")) rc_wr(b, RC_CTRL, RC_PMU_RESET);
  else { /* info */
    uint32_t st = rc_rd(b, RC_STATUS);
    printf("device      %s\n", b->tr->name);
    printf("pmu         id 0x%08x, THREADS %u, P %u, W %u, CW %u, %u lanes\n", PMU_ID_VALUE, b->threads, b->p, b->w,
           b->cw, b->nl);
    printf("board       clock %.3f MHz, program memory %u words per thread, PMU PIPE %u\n", b->clk_hz / 1e6,
           b->prog_depth, b->pipe);
    printf("core        %s%s, %" PRIu64 " run cycles since its reset, cfg 0x%08" PRIx32 ", seed %" PRIu32 "\n",
           (st & 1) ? "started" : "stopped", (st & 4) ? " (in reset)" : "", bd_cycles(b), rc_rd(b, RC_CFG),
           rc_rd(b, RC_SEED));
    printf("irq         0x%02" PRIx32 "\n", (st >> 8) & 0xff);
  }
  return 0;
}

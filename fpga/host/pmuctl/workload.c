#define _POSIX_C_SOURCE 200809L
/* pmuctl: the core's set-up: generator workload, perfect-X knobs, seed, programs
 * (docs/core.md sections 2, 4 and 6; fpga/rtl/run_ctl.v CFG, SEED, PROG_PTR, PROG_DATA). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmuctl.h"
#include "core_cfg.h"

static const struct { const char *name; unsigned mix; } workloads[] = {
    {"mixed", 0}, {"memory", 1}, {"branchy", 2}, {"longlat", 3}, {"depchain", 4}, {"icache", 5}, {NULL, 0}};
/* the core's cfg_i bits (sim/report/core_cfg.h, generated from rtl/core/core_cfg.vh) */
enum { KNOB_PERF_IC = CORE_CFG_PERF_IC_MASK, KNOB_PERF_BP = CORE_CFG_PERF_BP_MASK,
       KNOB_PERF_DC = CORE_CFG_PERF_DC_MASK, KNOB_ALU1 = CORE_CFG_ALU1_MASK, CFG_PROG = CORE_CFG_PROG_MASK };

void wl_default(workload_t *w)
{
  memset(w, 0, sizeof *w);
  w->seed = 1;
}

static const char *value(int argc, char **argv, int *i, const char *opt)
{
  if (*i + 1 >= argc) die("%s needs a value", opt);
  return argv[++*i];
}

int wl_option(workload_t *w, int argc, char **argv, int *i)
{
  static unsigned given;
  const char *a = argv[*i], *v;
  unsigned bit;
  if (strcmp(a, "--workload") == 0) bit = 1;
  else if (strcmp(a, "--knobs") == 0) bit = 2;
  else if (strcmp(a, "--seed") == 0) bit = 4;
  else if (strcmp(a, "--idle") == 0) bit = 8;
  else if (strncmp(a, "--prog", 6) == 0) bit = 0;
  else return 0;
  if (bit && (given & bit)) die("%s given twice", a);
  given |= bit;
  v = value(argc, argv, i, a);
  w->have = 1;
  if (bit == 1) {
    int k;
    for (k = 0; workloads[k].name; k++)
      if (strcmp(v, workloads[k].name) == 0) break;
    if (!workloads[k].name) die("--workload: unknown workload '%s' (mixed memory branchy longlat depchain icache)", v);
    w->mix = workloads[k].mix;
    if (w->use_prog) die("--workload and --prog are exclusive (a program replaces the generator)");
  } else if (bit == 2) {
    char buf[256], *tok, *save = NULL;
    int none = 0, n = 0;
    snprintf(buf, sizeof buf, "%s", v);
    w->knobs = 0;
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save), n++) {
      if (strcmp(tok, "perfect-icache") == 0) w->knobs |= KNOB_PERF_IC;
      else if (strcmp(tok, "perfect-bpred") == 0) w->knobs |= KNOB_PERF_BP;
      else if (strcmp(tok, "perfect-dcache") == 0) w->knobs |= KNOB_PERF_DC;
      else if (strcmp(tok, "alu1") == 0) w->knobs |= KNOB_ALU1;
      else if (strcmp(tok, "none") == 0) none = 1;
      else die("--knobs: unknown knob '%s' (perfect-icache perfect-bpred perfect-dcache alu1 none)", tok);
    }
    if (n == 0) die("--knobs: empty list");
    if (none && n > 1) die("--knobs: 'none' cannot be combined with other knobs ('%s')", v);
  } else if (bit == 4) {
    w->seed = (uint32_t)opt_u64("--seed", v, 0, 0xffffffffu);
  } else if (bit == 8) {
    w->idle_mask = (unsigned)opt_u64("--idle", v, 0, (1u << PMU_THREADS) - 1);
  } else {
    const char *t = a + 6;
    unsigned k;
    if (w->mix || (given & 1)) die("--workload and --prog are exclusive (a program replaces the generator)");
    w->use_prog = 1;
    if (*t == '\0') {
      for (k = 0; k < PMU_THREADS; k++) {
        if (w->prog[k]) die("%s: thread %u has a program already", a, k);
        w->prog[k] = v;
      }
    } else {
      char *end;
      unsigned long tt = strtoul(t, &end, 10);
      if (*end || (t[0] == '0' && t[1]) || tt >= PMU_THREADS)
        die("unknown option '%s' (--prog or --progT with T below %u)", a, PMU_THREADS);
      if (w->prog[tt]) die("%s: thread %lu has a program already", a, tt);
      w->prog[tt] = v;
    }
  }
  return 1;
}

/* read a program file: exit 2 with FILE:LINE: rule; returns the word count */
static unsigned read_prog(const char *path, unsigned depth, uint16_t *words)
{
  FILE *f = fopen(path, "r");
  char line[1100];
  unsigned n = 0, ln = 0;
  int ended = 0, last_nl = 1;
  if (!f) die("%s:0: cannot open the program file", path);
  for (;;) {
    char *p = line, *c;
    size_t len = 0, i;
    unsigned long v;
    int ch, nul = 0;
    while ((ch = getc(f)) != EOF && ch != '\n') {
      if (ch == 0) nul = 1;
      if (len < sizeof line - 1) line[len++] = (char)ch;
    }
    if (ch == EOF && len == 0) break;
    line[len] = '\0';
    ln++;
    last_nl = (ch == '\n');
    if (nul) die("%s:%u: NUL byte", path, ln);
    if (len > 1024) die("%s:%u: line longer than 1024 characters", path, ln);
    c = strstr(p, "//");
    if (c) *c = '\0';
    if (strstr(p, "/*")) die("%s:%u: only // comments are allowed", path, ln);
    while (*p == ' ' || *p == '\t') p++;
    len = strlen(p);
    while (len && (p[len - 1] == '\n' || p[len - 1] == '\r' || p[len - 1] == ' ' || p[len - 1] == '\t')) p[--len] = '\0';
    if (!len) continue;
    if (p[0] == '@') die("%s:%u: no @address records", path, ln);
    for (i = 0; i < len; i++)
      if (!strchr("0123456789abcdefABCDEF", p[i])) die("%s:%u: '%s' is not a word of 1 to 4 hex digits", path, ln, p);
    if (len > 4) die("%s:%u: '%s' is not a word of 1 to 4 hex digits", path, ln, p);
    if (ended) die("%s:%u: a word after the end marker ffff", path, ln);
    v = strtoul(p, NULL, 16);
    if (v == 0xffff) { ended = 1; continue; }
    if (v & 0xfe00) die("%s:%u: reserved attribute bits 15:9 set in '%s'", path, ln, p);
    if (n + 1 >= depth) die("%s:%u: more than %u words (PROG_DEPTH-1)", path, ln, depth - 1);
    words[n++] = (uint16_t)v;
  }
  fclose(f);
  /* like the main run's loader: the line after the last one */
  if (n == 0 && !ended) die("%s:%u: no program words (an empty program is 'ffff')", path, ln + (last_nl ? 1 : 0));
  return n;
}

void wl_check(const workload_t *w, unsigned threads, unsigned depth)
{
  static uint16_t words[65536];
  unsigned t;
  for (t = 0; t < threads && t < 8; t++)
    if (w->prog[t]) read_prog(w->prog[t], depth, words);
}

void wl_setup(board_t *b, const workload_t *w)
{
  static uint16_t words[65536];
  static uint32_t data[65536];
  unsigned t, i, n;
  if (w->use_prog)
    for (t = 0; t < b->threads; t++) {
      n = w->prog[t] ? read_prog(w->prog[t], b->prog_depth, words) : 0;
      for (i = 0; i < n; i++) data[i] = words[i];
      data[n++] = 0xffff;
      rc_wr(b, RC_PROG_PTR, t << 16);
      for (i = 0; i < n; i += MAXW) {
        unsigned k = n - i > MAXW ? MAXW : n - i;
        int st = bd_rc_write_fixed(b, RC_PROG_DATA, k, data + i);
        if (st != ST_OK) fail("loading thread %u's program: %s", t, status_name(st));
      }
    }
  rc_wr(b, RC_CFG, w->knobs | (w->use_prog ? CFG_PROG : 0) | ((uint32_t)w->mix << CORE_CFG_MIX_LSB) |
                        ((uint32_t)w->idle_mask << CORE_CFG_IDLE_LSB));
  rc_wr(b, RC_SEED, w->seed);
  rc_wr(b, RC_CTRL, RC_RESET);
  while (rc_rd(b, RC_STATUS) & 4u) {}
}

const char *wl_describe(const workload_t *w, char *buf, size_t n)
{
  unsigned t;
  size_t o;
  if (w->use_prog) {
    o = (size_t)snprintf(buf, n, "program");
    for (t = 0; t < PMU_THREADS && o < n; t++)
      if (w->prog[t]) o += (size_t)snprintf(buf + o, n - o, " T%u=%s", t, w->prog[t]);
  } else {
    int k;
    for (k = 0; workloads[k].name && workloads[k].mix != w->mix; k++) {}
    o = (size_t)snprintf(buf, n, "workload %s, seed %u", workloads[k].name ? workloads[k].name : "?", w->seed);
  }
  if (w->knobs && o < n)
    snprintf(buf + o, n - o, ", knobs%s%s%s%s", (w->knobs & KNOB_PERF_IC) ? " perfect-icache" : "",
             (w->knobs & KNOB_PERF_BP) ? " perfect-bpred" : "", (w->knobs & KNOB_PERF_DC) ? " perfect-dcache" : "",
             (w->knobs & KNOB_ALU1) ? " alu1" : "");
  return buf;
}

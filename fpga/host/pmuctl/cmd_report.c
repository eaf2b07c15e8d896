/* pmuctl report: a sample file (sim/report/smp_file.h: written by pmuctl record or the main
 * run's --samples) as perf report shows a profile: the hottest instructions, each with its share
 * of the samples under the time-proportional (TIP) rule and under the next-committing (PEBS)
 * rule, and its cycle stack (its samples by CPI-stack component, spec 7.10). --collapsed writes
 * the same samples as collapsed stacks (NAME;INSTRUCTION;COMPONENT CYCLES) for FlameGraph,
 * speedscope and scripts/run/smp_pprof.py (docs/sampling.md "Sample files").
 *
 *   pmuctl report FILE [--top N] [--name T=NAME]... [--collapsed OUT] [--csv OUT]
 *
 * --csv writes every instruction, hottest first, with the numbers the table shows:
 * rank,instruction,tip_pct,pebs_pct,tip_cycles,pebs_cycles and its stack in % per component
 * (make run's samples.csv, the HTML report's per-instruction view).
 *
 * Weights: a sample stands for smp_interval() cycles; a computing sample's n instructions share
 * them (integer split, the remainder to the oldest), every other sample gives them whole to its
 * one instruction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmuctl.h"
#include "smp_file.h"

#define NCOMP 8

typedef struct {
  unsigned tid, pc;
  uint64_t tip, pebs;         /* cycles under each rule */
  uint64_t comp[NCOMP];       /* TIP cycles by component */
} inst_t;

typedef struct {
  inst_t *v;
  size_t n, cap;
} insts_t;

static inst_t *find(insts_t *s, unsigned tid, unsigned pc)
{
  size_t i;
  for (i = 0; i < s->n; i++)   /* a few thousand instructions at most: a linear scan per lookup */
    if (s->v[i].tid == tid && s->v[i].pc == pc) return &s->v[i];
  if (s->n == s->cap) {
    size_t nc = s->cap ? 2 * s->cap : 256;
    inst_t *nv = realloc(s->v, nc * sizeof *nv);
    if (!nv) die("out of memory");
    s->v = nv;
    s->cap = nc;
  }
  memset(&s->v[s->n], 0, sizeof s->v[0]);
  s->v[s->n].tid = tid;
  s->v[s->n].pc = pc;
  return &s->v[s->n++];
}

static int by_tip(const void *a, const void *b)
{
  const inst_t *x = a, *y = b;
  if (x->tip != y->tip) return x->tip < y->tip ? 1 : -1;
  if (x->tid != y->tid) return x->tid < y->tid ? -1 : 1;
  return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* An output file is written as PATH.tmp and renamed when complete (nothing half-written). */
static FILE *out_open(const char *path, char **tmp)
{
  size_t len = strlen(path);
  FILE *f;
  *tmp = malloc(len + 5);
  if (!*tmp) die("out of memory");
  memcpy(*tmp, path, len);
  memcpy(*tmp + len, ".tmp", 5);
  f = fopen(*tmp, "w");
  if (!f) die("%s: cannot write", path);
  return f;
}

static void out_close(FILE *f, char *tmp, const char *path)
{
  if (fclose(f) != 0 || rename(tmp, path) != 0) {
    remove(tmp);
    die("%s: cannot write", path);
  }
  free(tmp);
}

/* collapsed stacks: one line per (thread, pc, component) with cycles */
static void write_collapsed(const char *path, const insts_t *s, char names[][64])
{
  size_t i;
  unsigned c;
  char *tmp;
  FILE *f = out_open(path, &tmp);
  for (i = 0; i < s->n; i++)
    for (c = 0; c < NCOMP; c++)
      if (s->v[i].comp[c])
        fprintf(f, "%s;0x%04x;%s %llu\n", names[s->v[i].tid], s->v[i].pc, pmu_comp_names[c],
                (unsigned long long)s->v[i].comp[c]);
  out_close(f, tmp, path);
}

/* the per-instruction table as CSV (the numbers as the text table prints them) */
static void write_csv(const char *path, const insts_t *s, char names[][64], uint64_t tot_tip, uint64_t tot_pebs)
{
  size_t i;
  unsigned c;
  char *tmp;
  FILE *f = out_open(path, &tmp);
  fprintf(f, "rank,instruction,tip_pct,pebs_pct,tip_cycles,pebs_cycles");
  for (c = 0; c < NCOMP; c++) fprintf(f, ",%s", pmu_comp_names[c]);
  fprintf(f, "\n");
  for (i = 0; i < s->n; i++) {
    const inst_t *e = &s->v[i];
    fprintf(f, "%zu,%s 0x%04x,%.2f,%.2f,%llu,%llu", i + 1, names[e->tid], e->pc,
            tot_tip ? 100.0 * (double)e->tip / (double)tot_tip : 0.0,
            tot_pebs ? 100.0 * (double)e->pebs / (double)tot_pebs : 0.0, (unsigned long long)e->tip,
            (unsigned long long)e->pebs);
    for (c = 0; c < NCOMP; c++) fprintf(f, ",%.1f", e->tip ? 100.0 * (double)e->comp[c] / (double)e->tip : 0.0);
    fprintf(f, "\n");
  }
  out_close(f, tmp, path);
}

int cmd_report(int argc, char **argv)
{
  const char *file = NULL, *collapsed = NULL, *csv = NULL;
  uint64_t top = 20, tot_tip = 0, tot_pebs = 0, per_thread[8] = {0}, comp_tot[NCOMP] = {0};
  char names[8][64];
  uint32_t *w, period, jit, iv;
  size_t n, i;
  unsigned t, c;
  insts_t s = {NULL, 0, 0};
  int k;
  for (t = 0; t < 8; t++) snprintf(names[t], sizeof names[t], "t%u", t);
  for (k = 1; k < argc; k++) {
    if (strcmp(argv[k], "--top") == 0 && k + 1 < argc) {
      top = opt_u64("--top", argv[++k], 1, 1000000);
    } else if (strcmp(argv[k], "--collapsed") == 0 && k + 1 < argc) {
      collapsed = argv[++k];
    } else if (strcmp(argv[k], "--csv") == 0 && k + 1 < argc) {
      csv = argv[++k];
    } else if (strcmp(argv[k], "--name") == 0 && k + 1 < argc) {
      const char *v = argv[++k];
      const char *eq = strchr(v, '=');
      uint64_t tn;
      char num[16];
      if (!eq || eq == v || (size_t)(eq - v) >= sizeof num) die("--name %s: expected T=NAME", v);
      memcpy(num, v, (size_t)(eq - v));
      num[eq - v] = '\0';
      tn = opt_u64("--name", num, 0, 7);
      if (!eq[1] || strlen(eq + 1) >= sizeof names[0] || strpbrk(eq + 1, "; \t\n"))
        die("--name %s: NAME must be 1..63 characters without ';' or blanks (a collapsed-stack frame)", v);
      strcpy(names[tn], eq + 1);
    } else if (argv[k][0] == '-') {
      die("report: unknown option '%s' (pmuctl report FILE [--top N] [--name T=NAME]... [--collapsed OUT] [--csv OUT])", argv[k]);
    } else if (!file) {
      file = argv[k];
    } else {
      die("report: one sample file only ('%s')", argv[k]);
    }
  }
  if (!file) die("report: no sample file (pmuctl report FILE)");
  if (smp_read(file, &w, &n, &period, &jit) != 0) exit(2);
  iv = smp_interval(period, jit);
  for (i = 0; i < n; i++) {
    smp_rec_t r;
    const char *why;
    inst_t *e;
    unsigned comp;
    smp_decode(&w[i * PMU_SMP_RW], &r, &why);   /* smp_read checked every record */
    comp = smp_component(&r);
    for (t = 0; t < r.ninst; t++) {
      uint64_t share = iv / r.ninst + (t < iv % r.ninst ? 1u : 0u);
      e = find(&s, r.tid, r.pc[t]);
      e->tip += share;
      e->comp[comp] += share;
      comp_tot[comp] += share;
    }
    find(&s, r.tid, r.pebs_pc)->pebs += iv;
    tot_tip += iv;
    tot_pebs += iv;
    per_thread[r.tid & 7]++;
  }
  free(w);
  qsort(s.v, s.n, sizeof *s.v, by_tip);

  printf("# Samples: %zu (", n);
  for (t = 0, k = 0; t < 8; t++)
    if (per_thread[t]) printf("%s%s %llu", k++ ? ", " : "", names[t], (unsigned long long)per_thread[t]);
  printf("), one per %u cycles on average (smpper %u, jitter 0..%u); %zu instructions\n", iv, period,
         (1u << jit) - 1, s.n);
  printf("# TIP: time-proportional rule; PEBS: next-committing rule; the stack: this instruction's TIP cycles by component\n");
  printf("#\n#    TIP    PEBS  instruction          ");
  for (c = 0; c < NCOMP; c++) printf(" %7s", pmu_comp_names[c]);
  printf("\n");
  for (i = 0; i < s.n && i < top; i++) {
    const inst_t *e = &s.v[i];
    char where[96];
    snprintf(where, sizeof where, "%s 0x%04x", names[e->tid], e->pc);
    printf("%7.2f%% %6.2f%%  %-20s", tot_tip ? 100.0 * (double)e->tip / (double)tot_tip : 0.0,
           tot_pebs ? 100.0 * (double)e->pebs / (double)tot_pebs : 0.0, where);
    for (c = 0; c < NCOMP; c++) {
      if (e->comp[c])
        printf(" %6.1f%%", 100.0 * (double)e->comp[c] / (double)e->tip);
      else
        printf(" %7s", ".");
    }
    printf("\n");
  }
  printf("#\n# all samples by component:");
  for (c = 0; c < NCOMP; c++)
    printf(" %s %.1f%%", pmu_comp_names[c], tot_tip ? 100.0 * (double)comp_tot[c] / (double)tot_tip : 0.0);
  printf("\n");
  if (collapsed) write_collapsed(collapsed, &s, names);
  if (csv) write_csv(csv, &s, names, tot_tip, tot_pebs);
  free(s.v);
  return 0;
}

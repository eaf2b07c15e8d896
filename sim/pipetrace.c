/* Pipetrace writer after Weaver et al. (GPV): '@' cycle, '+' new instruction, '*' status change
 * with its events, '-' removal, '<name>value' statistics at the end of each cycle.
 * The exact grammar is docs/pipetrace.md.
 *
 * Instruction tracking is the same algorithm as sim/trace_kanata.c (each file is
 * self-contained); sim/test_report.c checks that both writers agree on every instruction:
 * stages F (front-end queue), D (in the RS), I (issue cycle), X (rest of the L cycles),
 * C (completed, waiting to commit); stall events while waiting in F, D, C name the CPI-stack
 * component of the dispatch, issue, commit stage respectively (spec 4.6).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_types.h"

#if defined(__GNUC__)
#define PT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PT_PRINTF(a, b)
#endif

#define PT_MAGIC 0x50697065u            /* "Pipe" */
#define PT_NTID 8                       /* the trace port's thread field is 3 bits */
#define PT_NW_MASK ((1u << PMU_NW) - 1u)
#define PT_CRW_MAX ((1u << PMU_CRW) - 1u)
#define PT_ROB_LANE (PMU_LANE_ROB_OCC - PMU_NINT)   /* ev_ext index of rob_occ */
#define PT_RS_LANE (PMU_LANE_RS_OCC - PMU_NINT)     /* ev_ext index of rs_occ */

enum { ST_F, ST_D, ST_I, ST_X, ST_C };
static const char *const pt_stage[5] = {"F", "D", "I", "X", "C"};

typedef struct {
  uint64_t id;
  uint64_t since;      /* cycle the current stage began */
  uint64_t t_x, t_c;   /* issued: cycles X and C begin */
  uint32_t seq;
  uint16_t attr, lat;
  uint8_t tid, wp, stage, known, pre;
  int8_t stall;        /* current stall component, -1 none */
} pt_inst_t;

typedef struct {
  pt_inst_t *v;
  size_t n, cap;
} pt_list_t;

typedef struct {
  uint32_t magic;
  FILE *f;
  char *path, *tmp;
  int err;
  int started;
  uint64_t first, cur;
  uint64_t next_id;
  pt_list_t th[PT_NTID];
  uint8_t carry[PMU_THREADS][3];
} pt_t;

static void pt_fail(pt_t *w, const char *what)
{
  if (!w->err)
    fprintf(stderr, "pipetrace: %s (%s): %s\n", what, w->tmp ? w->tmp : "?", strerror(errno));
  w->err = 1;
}

static void pt_out(pt_t *w, const char *fmt, ...) PT_PRINTF(2, 3);
static void pt_out(pt_t *w, const char *fmt, ...)
{
  va_list ap;
  if (w->err)
    return;
  va_start(ap, fmt);
  if (vfprintf(w->f, fmt, ap) < 0)
    pt_fail(w, "write failed");
  va_end(ap);
}

/* '*' line: the instruction's full status (stage and the events occurring now) */
static void pt_status(pt_t *w, const pt_inst_t *p)
{
  const unsigned cls = p->attr & ATTR_CLASS_MASK;
  pt_out(w, "* %" PRIu64 " %s", p->id, pt_stage[p->stage]);
  switch (p->stage) {
  case ST_F:
    if (p->known && (p->attr & ATTR_ICMISS) && !p->pre)
      pt_out(w, " icache-miss");
    break;
  case ST_I:   /* the issue cycle is the first of the L execution cycles */
  case ST_X:
    if (p->stage == ST_I)
      pt_out(w, " lat=%u", (unsigned)p->lat);
    if (p->known && (p->attr & ATTR_MISS) && cls == ATTR_CLASS_LOAD)
      pt_out(w, " dcache-miss");
    else if (p->known && (p->attr & ATTR_MISS) && cls == ATTR_CLASS_BRANCH)
      pt_out(w, " mispredict");
    else if (p->known && cls == ATTR_CLASS_LONG && p->lat > 1)
      pt_out(w, " long-latency");
    break;
  default:
    break;
  }
  if (p->stall >= 0)
    pt_out(w, " stall=%s", pmu_comp_names[(unsigned)p->stall]);
  if (p->wp)
    pt_out(w, " wrong-path");
  pt_out(w, "\n");
}

static pt_inst_t *pt_find(pt_t *w, unsigned tid, uint32_t seq, size_t *idx)
{
  pt_list_t *l = &w->th[tid];
  size_t i = l->n;
  while (i--)
    if (l->v[i].seq == seq) {
      if (idx)
        *idx = i;
      return &l->v[i];
    }
  return NULL;
}

static void pt_stage_to(pt_t *w, pt_inst_t *p, unsigned st, uint64_t cyc)
{
  p->stall = -1;
  p->stage = (uint8_t)st;
  p->since = cyc;
  pt_status(w, p);
}

static pt_inst_t *pt_new(pt_t *w, const trc_rec_t *r, int known, unsigned st, int pre,
                         uint64_t cyc)
{
  const unsigned tid = r->tid & (PT_NTID - 1u);
  pt_list_t *l = &w->th[tid];
  pt_inst_t *p;

  if (l->n == l->cap) {
    size_t nc = l->cap ? 2 * l->cap : 64;
    pt_inst_t *nv = realloc(l->v, nc * sizeof *nv);
    if (!nv) {
      pt_fail(w, "out of memory");
      return NULL;
    }
    l->v = nv;
    l->cap = nc;
  }
  p = &l->v[l->n++];
  memset(p, 0, sizeof *p);
  p->id = w->next_id++;
  p->seq = r->seq;
  p->tid = (uint8_t)tid;
  p->wp = r->wp ? 1 : 0;
  p->attr = known ? r->attr : 0;
  p->known = (uint8_t)(known != 0);
  p->pre = (uint8_t)(pre != 0);
  p->stage = (uint8_t)st;
  p->since = cyc;
  p->stall = -1;

  pt_out(w, "+ %" PRIu64 " %u %" PRIu32, p->id, tid, p->seq);
  if (known) {
    const unsigned cls = p->attr & ATTR_CLASS_MASK;
    const unsigned dep = (p->attr & ATTR_DEP_MASK) >> ATTR_DEP_SHIFT;
    static const char *const cn[4] = {"alu", "long", "load", "branch"};
    pt_out(w, " 0x%04x %s", (unsigned)p->attr, cn[cls]);
    if ((p->attr & ATTR_MISS) && cls == ATTR_CLASS_LOAD)
      pt_out(w, " dmiss");
    if ((p->attr & ATTR_MISS) && cls == ATTR_CLASS_BRANCH)
      pt_out(w, " misp");
    if (p->attr & ATTR_ICMISS)
      pt_out(w, " icmiss");
    if (dep)
      pt_out(w, " dep=%u", dep);
    if (p->attr & ATTR_KERNEL)
      pt_out(w, " kernel");
  } else
    pt_out(w, " - ?");
  if (p->wp)
    pt_out(w, " wp");
  if (pre)
    pt_out(w, " pre");
  pt_out(w, "\n");
  return p;
}

static void pt_end(pt_t *w, const pt_inst_t *p, const char *how)
{
  pt_out(w, "- %" PRIu64 " %s\n", p->id, how);
}

static void pt_remove(pt_t *w, unsigned tid, size_t i)
{
  pt_list_t *l = &w->th[tid];
  memmove(&l->v[i], &l->v[i + 1], (l->n - i - 1) * sizeof l->v[0]);
  l->n--;
}

/* Timed transitions I -> X -> C up to cycle cyc. The caller has written '@ cyc'; a transition
 * due in an earlier cycle (only when the caller skipped cycles) is written late, at cyc. */
static void pt_timed(pt_t *w, uint64_t cyc)
{
  for (;;) {
    uint64_t tmin = UINT64_MAX;
    unsigned t;
    size_t i;
    for (t = 0; t < PT_NTID; t++)
      for (i = 0; i < w->th[t].n; i++) {
        const pt_inst_t *p = &w->th[t].v[i];
        uint64_t tn = p->stage == ST_I ? p->t_x : p->stage == ST_X ? p->t_c : UINT64_MAX;
        if (tn <= cyc && tn < tmin)
          tmin = tn;
      }
    if (tmin == UINT64_MAX)
      return;
    for (t = 0; t < PT_NTID; t++)
      for (i = 0; i < w->th[t].n; i++) {
        pt_inst_t *p = &w->th[t].v[i];
        if (p->stage == ST_I && p->t_x == tmin)
          pt_stage_to(w, p, p->t_c > p->t_x ? ST_X : ST_C, tmin);
        else if (p->stage == ST_X && p->t_c == tmin)
          pt_stage_to(w, p, ST_C, tmin);
      }
  }
}

/* Same rule as sim/trace_kanata.c kt_causes(): per thread and stage, the component (1..7) that
 * received most of the slots lost this cycle (spec 4.6, wrong-path slots to bpred as with
 * ctrl.wpvis = 1, ties to the lower index), -1 when all W slots were used. */
static void pt_causes(const pmu_in_t *in, uint8_t carry[PMU_THREADS][3], int out[PMU_THREADS][3])
{
  unsigned t, s, c;
  uint32_t all[3] = {0, 0, 0};
  for (t = 0; t < PMU_THREADS; t++)
    for (s = 0; s < 3; s++)
      all[s] += (in->stk_n[t][s] & PT_NW_MASK) + (s < 2 ? (in->stk_wp[t][s] & PT_NW_MASK) : 0u);
  for (t = 0; t < PMU_THREADS; t++) {
    const uint32_t fl = in->stk_flags[t];
#define PF(b) ((fl >> PMU_FLG_##b) & 1u)
    const unsigned fe = PF(ICACHE_MISS) ? PMU_CMP_ICACHE : PF(BPRED_MISS) ? PMU_CMP_BPRED
                                                                          : PMU_CMP_OTHER;
    for (s = 0; s < 3; s++) {
      const uint32_t n = in->stk_n[t][s] & PT_NW_MASK;
      const uint32_t wp = s < 2 ? (in->stk_wp[t][s] & PT_NW_MASK) : 0u;
      uint32_t lost[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      uint32_t tot = n + carry[t][s], used = tot < PMU_W ? tot : PMU_W, u, x;
      unsigned cause;
      int best = -1;
      carry[t][s] = (uint8_t)(tot - used < PT_CRW_MAX ? tot - used : PT_CRW_MAX);
      u = PMU_W - used;
      x = s < 2 ? (wp < u ? wp : u) : 0u;
      lost[PMU_CMP_BPRED] += x;
      u -= x;
      x = all[s] - n - wp;
      x = x < u ? x : u;
      lost[PMU_CMP_SMT] += x;
      u -= x;
      if (s == PMU_STG_DISPATCH)
        cause = PF(FE_EMPTY) ? fe
              : (PF(ROB_FULL) || PF(RS_FULL))
                  ? (PF(HEAD_DMISS) ? PMU_CMP_DCACHE : PF(HEAD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND)
                  : PMU_CMP_OTHER;
      else if (s == PMU_STG_ISSUE)
        cause = PF(RS_EMPTY) ? fe
              : PF(PROD_VALID)
                  ? (PF(PROD_DMISS) ? PMU_CMP_DCACHE : PF(PROD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND)
                  : PMU_CMP_OTHER;
      else
        cause = PF(ROB_EMPTY) ? fe
              : !PF(HEAD_DONE)
                  ? (PF(HEAD_DMISS) ? PMU_CMP_DCACHE : PF(HEAD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND)
                  : PMU_CMP_OTHER;
      lost[cause] += u;
      for (c = 1; c < 8; c++)
        if (lost[c] && (best < 0 || lost[c] > lost[best]))
          best = (int)c;
      out[t][s] = best;
    }
#undef PF
  }
}

trace_writer_t *pipetrace_open(const char *path, uint64_t first_cycle)
{
  pt_t *w;
  size_t len;
  if (!path)
    return NULL;
  w = calloc(1, sizeof *w);
  if (!w)
    return NULL;
  len = strlen(path);
  w->magic = PT_MAGIC;
  w->path = malloc(len + 1);
  w->tmp = malloc(len + 5);
  if (!w->path || !w->tmp) {
    free(w->path);
    free(w->tmp);
    free(w);
    return NULL;
  }
  memcpy(w->path, path, len + 1);
  memcpy(w->tmp, path, len);
  memcpy(w->tmp + len, ".tmp", 5);
  w->f = fopen(w->tmp, "w");
  if (!w->f) {
    fprintf(stderr, "pipetrace: cannot open %s: %s\n", w->tmp, strerror(errno));
    free(w->path);
    free(w->tmp);
    free(w);
    return NULL;
  }
  w->first = first_cycle;
  pt_out(w, "# StallScope pipetrace 1 (grammar: docs/pipetrace.md)\n");
  pt_out(w, "# first_cycle %" PRIu64 " threads %d W %d\n", first_cycle, PMU_THREADS, PMU_W);
  return (trace_writer_t *)(void *)w;
}

static pt_t *pt_of(trace_writer_t *tw)
{
  pt_t *w = (pt_t *)(void *)tw;
  return (w && w->magic == PT_MAGIC) ? w : NULL;
}

int pipetrace_cycle(trace_writer_t *tw, const trc_cycle_t *c)
{
  pt_t *w = pt_of(tw);
  uint64_t cyc;
  unsigned i, t, nw, ncommit = 0, ncommit_t[PMU_THREADS];
  int cause[PMU_THREADS][3];

  if (!w || w->err)
    return -1;
  if (!c || (w->started ? c->cycle <= w->cur : c->cycle < w->first)) {
    fprintf(stderr, "pipetrace: cycles must increase from the first cycle\n");
    w->err = 1;
    return -1;
  }
  cyc = c->cycle;
  w->cur = cyc;
  w->started = 1;
  nw = c->w < SIM_W_MAX ? c->w : SIM_W_MAX;
  memset(ncommit_t, 0, sizeof ncommit_t);

  pt_out(w, "@ %" PRIu64 "\n", cyc);
  pt_timed(w, cyc);

  for (i = 0; i < nw; i++) {               /* fetch */
    const trc_rec_t *r = &c->fetch[i];
    size_t idx;
    pt_inst_t *p;
    if (!r->valid)
      continue;
    if ((p = pt_find(w, r->tid & 7u, r->seq, &idx)) != NULL) {
      pt_end(w, p, "flushed");
      pt_remove(w, r->tid & 7u, idx);
    }
    if ((p = pt_new(w, r, 1, ST_F, 0, cyc)) != NULL)
      pt_status(w, p);
  }
  for (i = 0; i < nw; i++) {               /* dispatch */
    const trc_rec_t *r = &c->disp[i];
    pt_inst_t *p;
    if (!r->valid)
      continue;
    if ((p = pt_find(w, r->tid & 7u, r->seq, NULL)) == NULL) {
      if ((p = pt_new(w, r, 1, ST_D, 1, cyc)) != NULL)
        pt_status(w, p);
      continue;
    }
    if (!p->known) {
      p->attr = r->attr;
      p->known = 1;
    }
    p->wp |= r->wp ? 1 : 0;
    pt_stage_to(w, p, ST_D, cyc);
  }
  for (i = 0; i < nw; i++) {               /* issue: attr is the latency */
    const trc_rec_t *r = &c->issue[i];
    pt_inst_t *p;
    if (!r->valid)
      continue;
    p = pt_find(w, r->tid & 7u, r->seq, NULL);
    if (!p && (p = pt_new(w, r, 0, ST_I, 1, cyc)) == NULL)
      continue;
    p->wp |= r->wp ? 1 : 0;
    p->lat = r->attr;
    p->t_x = cyc + 1;
    p->t_c = cyc + (r->attr ? r->attr : 1u);   /* issue cycle = first of the L */
    pt_stage_to(w, p, ST_I, cyc);
  }
  for (i = 0; i < nw; i++) {               /* commit */
    const trc_rec_t *r = &c->commit[i];
    size_t idx;
    pt_inst_t *p;
    if (!r->valid)
      continue;
    ncommit++;
    if (r->tid < PMU_THREADS)
      ncommit_t[r->tid]++;
    if ((p = pt_find(w, r->tid & 7u, r->seq, &idx)) == NULL) {
      if ((p = pt_new(w, r, 1, ST_C, 1, cyc)) == NULL)
        continue;
      pt_status(w, p);
      idx = w->th[r->tid & 7u].n - 1;
    }
    pt_end(w, p, "retired");
    pt_remove(w, r->tid & 7u, idx);
  }
  for (t = 0; t < PMU_THREADS; t++) {      /* flush: everything younger than the branch */
    pt_list_t *l = &w->th[t];
    size_t j = 0, k;
    if (!c->flush[t].valid)
      continue;
    for (k = 0; k < l->n; k++) {
      pt_inst_t *p = &l->v[k];
      if ((int32_t)(p->seq - c->flush[t].seq) > 0)
        pt_end(w, p, "flushed");
      else
        l->v[j++] = *p;
    }
    l->n = j;
  }

  for (t = 0; t < PMU_THREADS; t++)        /* stall events */
    cause[t][0] = cause[t][1] = cause[t][2] = -1;
  if (c->pmu)
    pt_causes(c->pmu, w->carry, cause);
  for (t = 0; t < PT_NTID; t++) {
    size_t k;
    for (k = 0; k < w->th[t].n; k++) {
      pt_inst_t *p = &w->th[t].v[k];
      int want = -1;
      if (t < PMU_THREADS) {
        if (p->stage == ST_F && p->since < cyc)
          want = cause[t][PMU_STG_DISPATCH];
        else if (p->stage == ST_D && p->since < cyc)
          want = cause[t][PMU_STG_ISSUE];
        else if (p->stage == ST_C)
          want = cause[t][PMU_STG_COMMIT];
      }
      if (want != p->stall) {
        p->stall = (int8_t)want;
        pt_status(w, p);
      }
    }
  }

  /* statistics of this cycle */
  pt_out(w, "<IPC>%u\n", ncommit);
  for (t = 0; t < PMU_THREADS; t++) {
    unsigned fq = 0, rs = 0, rob = 0;
    size_t k;
    for (k = 0; k < w->th[t].n; k++) {
      const unsigned st = w->th[t].v[k].stage;
      fq += st == ST_F;
      rs += st == ST_D;
      rob += st != ST_F;
    }
    if (c->pmu) {
      rob = c->pmu->ev_ext[t][PT_ROB_LANE];
      rs = c->pmu->ev_ext[t][PT_RS_LANE];
    }
    pt_out(w, "<IPC.T%u>%u\n<ROB.T%u>%u\n<RS.T%u>%u\n<FQ.T%u>%u\n", t, ncommit_t[t], t, rob, t,
           rs, t, fq);
  }
  if (!w->err && ferror(w->f))
    pt_fail(w, "write failed");
  return w->err ? -1 : 0;
}

int pipetrace_close(trace_writer_t *tw)
{
  pt_t *w = pt_of(tw);
  unsigned t;
  int err, any = 0;
  if (!w)
    return -1;
  if (!w->err && w->started) {            /* what is still in flight leaves one cycle later */
    for (t = 0; t < PT_NTID; t++) {
      size_t k;
      for (k = 0; k < w->th[t].n; k++) {
        if (!any)
          pt_out(w, "@ %" PRIu64 "\n", w->cur + 1);
        any = 1;
        pt_end(w, &w->th[t].v[k], "end");
      }
      w->th[t].n = 0;
    }
  }
  if (fflush(w->f) != 0 || ferror(w->f))
    pt_fail(w, "write failed");
  if (fclose(w->f) != 0)
    pt_fail(w, "close failed");
  if (!w->err && rename(w->tmp, w->path) != 0)
    pt_fail(w, "rename failed");
  if (w->err)
    remove(w->tmp);
  err = w->err;
  for (t = 0; t < PT_NTID; t++)
    free(w->th[t].v);
  free(w->path);
  free(w->tmp);
  w->magic = 0;
  free(w);
  return err ? -1 : 0;
}

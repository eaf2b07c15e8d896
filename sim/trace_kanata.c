/* Kanata 0004 pipeline log for the Konata viewer (docs/reports.md, "Pipeline traces").
 *
 * One call per cycle turns the core's trace port (trc_cycle_t) into Kanata commands:
 *   lane 0: F fetched, in the front-end queue | D dispatched, waiting in the RS | I the issue
 *           cycle | X the rest of the L execution cycles (L = latency given at issue; the core
 *           completes an instruction issued in c in c + L) | C completed, waiting to commit;
 *           R ... 0 retire, R ... 1 flush (wrong path, or still in flight when the trace ends).
 *   lane 1: while an instruction waits in F, D or C, a stall stage named after the CPI-stack
 *           component (spec 4.6) that got most of the slots its thread lost that cycle at the
 *           stage it is waiting for: F -> dispatch stack, D -> issue stack, C -> commit stack.
 * Ids are allocated from 0 in order of first appearance; retire ids from 0 in commit order.
 * Instructions fetched before the window are introduced when first seen.
 *
 * The instruction tracking here and in sim/pipetrace.c is the same algorithm (each file is
 * self-contained); sim/test_report.c checks that both writers agree on every instruction.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_types.h"

#if defined(__GNUC__)
#define KT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define KT_PRINTF(a, b)
#endif

#define KT_MAGIC 0x4b616e61u            /* "Kana" */
#define KT_NTID 8                       /* the trace port's thread field is 3 bits */
#define KT_NW_MASK ((1u << PMU_NW) - 1u)
#define KT_CRW_MAX ((1u << PMU_CRW) - 1u)

enum { ST_F, ST_D, ST_I, ST_X, ST_C };
static const char *const kt_stage[5] = {"F", "D", "I", "X", "C"};

typedef struct {
  uint64_t id;
  uint64_t since;      /* cycle the current lane-0 stage began */
  uint64_t t_x, t_c;   /* issued: cycles X and C begin */
  uint32_t seq;
  uint16_t attr;
  uint8_t tid, wp, stage, known, pre;
  int8_t stall;        /* open lane-1 stage (component index), -1 none */
} kt_inst_t;

typedef struct {
  kt_inst_t *v;
  size_t n, cap;
} kt_list_t;

typedef struct {
  uint32_t magic;
  FILE *f;
  char *path, *tmp;
  int err;
  int started;
  uint64_t first, cur;          /* first cycle; cycle being processed (last processed) */
  uint64_t at;                  /* cycle of the last time point written (C= / C) */
  uint64_t next_id, next_rid;
  kt_list_t th[KT_NTID];
  struct {
    uint32_t seq;
    uint64_t id;
    uint8_t valid;
  } recent[KT_NTID][16];        /* last ids by seq, for dependency arrows */
  uint8_t carry[PMU_THREADS][3];
} kt_t;

static void kt_fail(kt_t *w, const char *what)
{
  if (!w->err)
    fprintf(stderr, "kanata: %s (%s): %s\n", what, w->tmp ? w->tmp : "?", strerror(errno));
  w->err = 1;
}

/* One command at cycle `cyc` (>= the last one): a C line first when time has advanced. */
static void kt_cmd(kt_t *w, uint64_t cyc, const char *fmt, ...) KT_PRINTF(3, 4);
static void kt_cmd(kt_t *w, uint64_t cyc, const char *fmt, ...)
{
  va_list ap;
  if (w->err)
    return;
  if (cyc > w->at) {
    if (fprintf(w->f, "C\t%" PRIu64 "\n", cyc - w->at) < 0)
      kt_fail(w, "write failed");
    w->at = cyc;
  }
  va_start(ap, fmt);
  if (vfprintf(w->f, fmt, ap) < 0)
    kt_fail(w, "write failed");
  va_end(ap);
}

static const char *kt_class(uint16_t attr)
{
  static const char *const cls[4] = {"alu", "long", "load", "branch"};
  return cls[attr & ATTR_CLASS_MASK];
}

/* left-pane label, e.g. "T0 #123 load miss dep3" */
static void kt_label(const kt_inst_t *p, char *b, size_t n)
{
  size_t o = (size_t)snprintf(b, n, "T%u #%" PRIu32, (unsigned)p->tid, p->seq);
  if (o >= n)
    return;
  if (!p->known)
    o += (size_t)snprintf(b + o, n - o, " ?");
  else {
    const unsigned cls = p->attr & ATTR_CLASS_MASK;
    const unsigned dep = (p->attr & ATTR_DEP_MASK) >> ATTR_DEP_SHIFT;
    o += (size_t)snprintf(b + o, n - o, " %s", kt_class(p->attr));
    if (o < n && (p->attr & ATTR_MISS) && (cls == ATTR_CLASS_LOAD || cls == ATTR_CLASS_BRANCH))
      o += (size_t)snprintf(b + o, n - o, cls == ATTR_CLASS_LOAD ? " miss" : " misp");
    if (o < n && (p->attr & ATTR_ICMISS))
      o += (size_t)snprintf(b + o, n - o, " icmiss");
    if (o < n && dep)
      o += (size_t)snprintf(b + o, n - o, " dep%u", dep);
    if (o < n && (p->attr & ATTR_KERNEL))
      o += (size_t)snprintf(b + o, n - o, " kernel");
  }
  if (o < n && p->wp)
    o += (size_t)snprintf(b + o, n - o, " wp");
  if (o < n && p->pre)
    snprintf(b + o, n - o, " (pre)");
}

static kt_inst_t *kt_find(kt_t *w, unsigned tid, uint32_t seq, size_t *idx)
{
  kt_list_t *l = &w->th[tid];
  size_t i = l->n;
  while (i--)
    if (l->v[i].seq == seq) {
      if (idx)
        *idx = i;
      return &l->v[i];
    }
  return NULL;
}

/* Close the open lane-1 stall stage, if any. */
static void kt_unstall(kt_t *w, kt_inst_t *p, uint64_t cyc)
{
  if (p->stall >= 0)
    kt_cmd(w, cyc, "E\t%" PRIu64 "\t1\t%s\n", p->id, pmu_comp_names[(unsigned)p->stall]);
  p->stall = -1;
}

static void kt_stage_to(kt_t *w, kt_inst_t *p, unsigned st, uint64_t cyc)
{
  kt_unstall(w, p, cyc);
  kt_cmd(w, cyc, "E\t%" PRIu64 "\t0\t%s\n", p->id, kt_stage[p->stage]);
  p->stage = (uint8_t)st;
  p->since = cyc;
  kt_cmd(w, cyc, "S\t%" PRIu64 "\t0\t%s\n", p->id, kt_stage[st]);
}

/* New instruction in stage st. pre: first seen after fetch (in flight at trace start). */
static kt_inst_t *kt_new(kt_t *w, const trc_rec_t *r, int known, unsigned st, int pre,
                         uint64_t cyc)
{
  const unsigned tid = r->tid & (KT_NTID - 1u);
  kt_list_t *l = &w->th[tid];
  kt_inst_t *p;
  char lab[96];

  if (l->n == l->cap) {
    size_t nc = l->cap ? 2 * l->cap : 64;
    kt_inst_t *nv = realloc(l->v, nc * sizeof *nv);
    if (!nv) {
      kt_fail(w, "out of memory");
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
  w->recent[tid][r->seq & 15u].seq = r->seq;
  w->recent[tid][r->seq & 15u].id = p->id;
  w->recent[tid][r->seq & 15u].valid = 1;

  kt_label(p, lab, sizeof lab);
  kt_cmd(w, cyc, "I\t%" PRIu64 "\t%" PRIu32 "\t%u\n", p->id, p->seq, tid);
  kt_cmd(w, cyc, "L\t%" PRIu64 "\t0\t%s\n", p->id, lab);
  if (known)
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\tthread %u seq %" PRIu32 " attr 0x%04x%s; %s at cycle %" PRIu64
                   "\n", p->id, tid, p->seq, (unsigned)p->attr, p->wp ? " wrong path" : "",
           pre ? "first seen" : "fetched", cyc);
  else
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\tthread %u seq %" PRIu32 "%s; first seen at cycle %" PRIu64
                   "\n", p->id, tid, p->seq, p->wp ? " wrong path" : "", cyc);
  kt_cmd(w, cyc, "S\t%" PRIu64 "\t0\t%s\n", p->id, kt_stage[st]);
  return p;
}

/* End an instruction: close its stages, R, and drop it from the list (type 0 retire, 1 flush). */
static void kt_end(kt_t *w, kt_inst_t *p, int type, uint64_t cyc, const char *why)
{
  kt_unstall(w, p, cyc);
  kt_cmd(w, cyc, "E\t%" PRIu64 "\t0\t%s\n", p->id, kt_stage[p->stage]);
  kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\t\\n%s\n", p->id, why);
  kt_cmd(w, cyc, "R\t%" PRIu64 "\t%" PRIu64 "\t%d\n", p->id, w->next_rid, type);
  if (type == 0)
    w->next_rid++;
}

static void kt_remove(kt_t *w, unsigned tid, size_t i)
{
  kt_list_t *l = &w->th[tid];
  memmove(&l->v[i], &l->v[i + 1], (l->n - i - 1) * sizeof l->v[0]);
  l->n--;
}

/* Timed transitions I -> X -> C up to cycle cyc, in time order. */
static void kt_timed(kt_t *w, uint64_t cyc)
{
  for (;;) {
    uint64_t tmin = UINT64_MAX;
    unsigned t;
    size_t i;
    for (t = 0; t < KT_NTID; t++)
      for (i = 0; i < w->th[t].n; i++) {
        const kt_inst_t *p = &w->th[t].v[i];
        uint64_t tn = p->stage == ST_I ? p->t_x : p->stage == ST_X ? p->t_c : UINT64_MAX;
        if (tn <= cyc && tn < tmin)
          tmin = tn;
      }
    if (tmin == UINT64_MAX)
      return;
    for (t = 0; t < KT_NTID; t++)
      for (i = 0; i < w->th[t].n; i++) {
        kt_inst_t *p = &w->th[t].v[i];
        if (p->stage == ST_I && p->t_x == tmin)
          kt_stage_to(w, p, p->t_c > p->t_x ? ST_X : ST_C, tmin);
        else if (p->stage == ST_X && p->t_c == tmin)
          kt_stage_to(w, p, ST_C, tmin);
      }
  }
}

/* Per thread and stage, the component (1..7) that received most of the slots lost this cycle
 * (spec 4.6 with wrong-path slots going to bpred, i.e. as with ctrl.wpvis = 1; ties go to the
 * lower component index), or -1 when the stage used all W slots. Updates the carry copy. */
static void kt_causes(const pmu_in_t *in, uint8_t carry[PMU_THREADS][3], int out[PMU_THREADS][3])
{
  unsigned t, s, c;
  uint32_t all[3] = {0, 0, 0};
  for (t = 0; t < PMU_THREADS; t++)
    for (s = 0; s < 3; s++)
      all[s] += (in->stk_n[t][s] & KT_NW_MASK) + (s < 2 ? (in->stk_wp[t][s] & KT_NW_MASK) : 0u);
  for (t = 0; t < PMU_THREADS; t++) {
    const uint32_t fl = in->stk_flags[t];
#define KF(b) ((fl >> PMU_FLG_##b) & 1u)
    const unsigned fe = KF(ICACHE_MISS) ? PMU_CMP_ICACHE : KF(BPRED_MISS) ? PMU_CMP_BPRED
                                                                          : PMU_CMP_OTHER;
    for (s = 0; s < 3; s++) {
      const uint32_t n = in->stk_n[t][s] & KT_NW_MASK;
      const uint32_t wp = s < 2 ? (in->stk_wp[t][s] & KT_NW_MASK) : 0u;
      uint32_t lost[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      uint32_t tot = n + carry[t][s], used = tot < PMU_W ? tot : PMU_W, u, x;
      unsigned cause;
      int best = -1;
      carry[t][s] = (uint8_t)(tot - used < KT_CRW_MAX ? tot - used : KT_CRW_MAX);
      u = PMU_W - used;
      x = s < 2 ? (wp < u ? wp : u) : 0u;
      lost[PMU_CMP_BPRED] += x;
      u -= x;
      x = all[s] - n - wp;
      x = x < u ? x : u;
      lost[PMU_CMP_SMT] += x;
      u -= x;
      if (s == PMU_STG_DISPATCH)
        cause = KF(FE_EMPTY) ? fe
              : (KF(ROB_FULL) || KF(RS_FULL))
                  ? (KF(HEAD_DMISS) ? PMU_CMP_DCACHE : KF(HEAD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND)
                  : PMU_CMP_OTHER;
      else if (s == PMU_STG_ISSUE)
        cause = KF(RS_EMPTY) ? fe
              : KF(PROD_VALID)
                  ? (KF(PROD_DMISS) ? PMU_CMP_DCACHE : KF(PROD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND)
                  : PMU_CMP_OTHER;
      else
        cause = KF(ROB_EMPTY) ? fe
              : !KF(HEAD_DONE)
                  ? (KF(HEAD_DMISS) ? PMU_CMP_DCACHE : KF(HEAD_LONGLAT) ? PMU_CMP_ALU : PMU_CMP_DEPEND)
                  : PMU_CMP_OTHER;
      lost[cause] += u;
      for (c = 1; c < 8; c++)
        if (lost[c] && (best < 0 || lost[c] > lost[best]))
          best = (int)c;
      out[t][s] = best;
    }
#undef KF
  }
}

trace_writer_t *kanata_open(const char *path, uint64_t first_cycle)
{
  kt_t *w;
  size_t len;
  if (!path)
    return NULL;
  w = calloc(1, sizeof *w);
  if (!w)
    return NULL;
  len = strlen(path);
  w->magic = KT_MAGIC;
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
    fprintf(stderr, "kanata: cannot open %s: %s\n", w->tmp, strerror(errno));
    free(w->path);
    free(w->tmp);
    free(w);
    return NULL;
  }
  w->first = first_cycle;
  w->at = first_cycle;
  if (fprintf(w->f, "Kanata\t0004\nC=\t%" PRIu64 "\n", first_cycle) < 0)
    kt_fail(w, "write failed");
  return (trace_writer_t *)(void *)w;
}

static kt_t *kt_of(trace_writer_t *tw)
{
  kt_t *w = (kt_t *)(void *)tw;
  return (w && w->magic == KT_MAGIC) ? w : NULL;
}

int kanata_cycle(trace_writer_t *tw, const trc_cycle_t *c)
{
  kt_t *w = kt_of(tw);
  uint64_t cyc;
  unsigned i, t, nw;
  int cause[PMU_THREADS][3];

  if (!w || w->err)
    return -1;
  if (!c || (w->started ? c->cycle <= w->cur : c->cycle < w->first)) {
    fprintf(stderr, "kanata: cycles must increase from the first cycle\n");
    w->err = 1;
    return -1;
  }
  cyc = c->cycle;
  w->cur = cyc;
  w->started = 1;
  nw = c->w < SIM_W_MAX ? c->w : SIM_W_MAX;

  kt_timed(w, cyc);

  for (i = 0; i < nw; i++) {               /* fetch: new instructions */
    const trc_rec_t *r = &c->fetch[i];
    size_t idx;
    kt_inst_t *p;
    if (!r->valid)
      continue;
    if ((p = kt_find(w, r->tid & 7u, r->seq, &idx)) != NULL) {
      kt_end(w, p, 1, cyc, "replaced: its sequence number was fetched again");
      kt_remove(w, r->tid & 7u, idx);
    }
    kt_new(w, r, 1, ST_F, 0, cyc);
  }
  for (i = 0; i < nw; i++) {               /* dispatch: into ROB and RS */
    const trc_rec_t *r = &c->disp[i];
    kt_inst_t *p;
    if (!r->valid)
      continue;
    if ((p = kt_find(w, r->tid & 7u, r->seq, NULL)) == NULL) {
      kt_new(w, r, 1, ST_D, 1, cyc);
      continue;
    }
    if (!p->known) {
      p->attr = r->attr;
      p->known = 1;
    }
    p->wp |= r->wp ? 1 : 0;
    kt_stage_to(w, p, ST_D, cyc);
  }
  for (i = 0; i < nw; i++) {               /* issue: attr is the latency */
    const trc_rec_t *r = &c->issue[i];
    kt_inst_t *p;
    unsigned dep;
    if (!r->valid)
      continue;
    if ((p = kt_find(w, r->tid & 7u, r->seq, NULL)) == NULL) {
      if ((p = kt_new(w, r, 0, ST_I, 1, cyc)) == NULL)
        continue;
    } else
      kt_stage_to(w, p, ST_I, cyc);
    p->wp |= r->wp ? 1 : 0;
    p->t_x = cyc + 1;
    p->t_c = cyc + (r->attr ? r->attr : 1u);   /* issue cycle = first of the L */
    kt_cmd(w, cyc, "L\t%" PRIu64 "\t1\t\\nissued at cycle %" PRIu64 ", latency %u\n", p->id, cyc,
           (unsigned)r->attr);
    dep = p->known ? (p->attr & ATTR_DEP_MASK) >> ATTR_DEP_SHIFT : 0u;
    if (dep) {
      const uint32_t ps = p->seq - dep;
      const unsigned tid = p->tid;
      if (w->recent[tid][ps & 15u].valid && w->recent[tid][ps & 15u].seq == ps &&
          w->recent[tid][ps & 15u].id != p->id)
        kt_cmd(w, cyc, "W\t%" PRIu64 "\t%" PRIu64 "\t0\n", p->id, w->recent[tid][ps & 15u].id);
    }
  }
  for (i = 0; i < nw; i++) {               /* commit: retire in order */
    const trc_rec_t *r = &c->commit[i];
    size_t idx;
    kt_inst_t *p;
    char why[64];
    if (!r->valid)
      continue;
    if ((p = kt_find(w, r->tid & 7u, r->seq, &idx)) == NULL) {
      if ((p = kt_new(w, r, 1, ST_C, 1, cyc)) == NULL)
        continue;
      idx = w->th[r->tid & 7u].n - 1;
    }
    snprintf(why, sizeof why, "retired at cycle %" PRIu64, cyc);
    kt_end(w, p, 0, cyc, why);
    kt_remove(w, r->tid & 7u, idx);
  }
  for (t = 0; t < PMU_THREADS; t++) {      /* flush: everything younger than the branch */
    kt_list_t *l = &w->th[t];
    size_t j = 0, k;
    char why[96];
    if (!c->flush[t].valid)
      continue;
    snprintf(why, sizeof why, "flushed at cycle %" PRIu64 " (mispredicted branch #%" PRIu32 ")",
             cyc, c->flush[t].seq);
    for (k = 0; k < l->n; k++) {
      kt_inst_t *p = &l->v[k];
      if ((int32_t)(p->seq - c->flush[t].seq) > 0)
        kt_end(w, p, 1, cyc, why);
      else
        l->v[j++] = *p;
    }
    l->n = j;
  }

  for (t = 0; t < PMU_THREADS; t++)        /* stall lanes */
    cause[t][0] = cause[t][1] = cause[t][2] = -1;
  if (c->pmu)
    kt_causes(c->pmu, w->carry, cause);
  for (t = 0; t < KT_NTID; t++) {
    size_t k;
    for (k = 0; k < w->th[t].n; k++) {
      kt_inst_t *p = &w->th[t].v[k];
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
        kt_unstall(w, p, cyc);
        if (want >= 0)
          kt_cmd(w, cyc, "S\t%" PRIu64 "\t1\t%s\n", p->id, pmu_comp_names[want]);
        p->stall = (int8_t)want;
      }
    }
  }
  if (!w->err && ferror(w->f))
    kt_fail(w, "write failed");
  return w->err ? -1 : 0;
}

int kanata_close(trace_writer_t *tw)
{
  kt_t *w = kt_of(tw);
  unsigned t;
  int err;
  if (!w)
    return -1;
  if (!w->err && w->started) {            /* close what is still in flight, one cycle later */
    const uint64_t end = w->cur + 1;
    char why[96];
    snprintf(why, sizeof why, "still in flight when the trace ended (cycle %" PRIu64 ")", end);
    for (t = 0; t < KT_NTID; t++) {
      size_t k;
      for (k = 0; k < w->th[t].n; k++)
        kt_end(w, &w->th[t].v[k], 1, end, why);
      w->th[t].n = 0;
    }
  }
  if (fflush(w->f) != 0 || ferror(w->f))
    kt_fail(w, "write failed");
  if (fclose(w->f) != 0)
    kt_fail(w, "close failed");
  if (!w->err && rename(w->tmp, w->path) != 0)
    kt_fail(w, "rename failed");
  if (w->err)
    remove(w->tmp);
  err = w->err;
  for (t = 0; t < KT_NTID; t++)
    free(w->th[t].v);
  free(w->path);
  free(w->tmp);
  w->magic = 0;
  free(w);
  return err ? -1 : 0;
}

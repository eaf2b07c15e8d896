/* Instruction tracking and output file shared by the trace writers (see sim/report/trace_track.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "trace_track.h"

#define NW_MASK ((1u << PMU_NW) - 1u)
#define CRW_MAX ((1u << PMU_CRW) - 1u)

const char *const track_stage_names[5] = {"F", "D", "I", "X", "C"};

/* ---- output file ---- */

static int trace_out_open(trace_out_t *o, const char *who, const char *path)
{
  const size_t len = strlen(path);
  memset(o, 0, sizeof *o);
  o->who = who;
  o->path = malloc(len + 1);
  o->tmp = malloc(len + 5);
  if (!o->path || !o->tmp) {
    free(o->path);
    free(o->tmp);
    return -1;
  }
  memcpy(o->path, path, len + 1);
  memcpy(o->tmp, path, len);
  memcpy(o->tmp + len, ".tmp", 5);
  o->f = fopen(o->tmp, "w");
  if (!o->f) {
    fprintf(stderr, "%s: cannot open %s: %s\n", who, o->tmp, strerror(errno));
    free(o->path);
    free(o->tmp);
    return -1;
  }
  return 0;
}

void trace_out_fail(trace_out_t *o, const char *what)
{
  if (!o->err)
    fprintf(stderr, "%s: %s (%s): %s\n", o->who, what, o->tmp ? o->tmp : "?", strerror(errno));
  o->err = 1;
}

void trace_out_vprintf(trace_out_t *o, const char *fmt, va_list ap)
{
  if (!o->err && vfprintf(o->f, fmt, ap) < 0)
    trace_out_fail(o, "write failed");
}

void trace_out_printf(trace_out_t *o, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  trace_out_vprintf(o, fmt, ap);
  va_end(ap);
}

int trace_out_status(trace_out_t *o)
{
  if (!o->err && ferror(o->f))
    trace_out_fail(o, "write failed");
  return o->err ? -1 : 0;
}

static int trace_out_close(trace_out_t *o)
{
  if (fflush(o->f) != 0 || ferror(o->f))
    trace_out_fail(o, "write failed");
  if (fclose(o->f) != 0)
    trace_out_fail(o, "close failed");
  if (!o->err && rename(o->tmp, o->path) != 0)
    trace_out_fail(o, "rename failed");
  if (o->err)
    remove(o->tmp);
  free(o->path);
  free(o->tmp);
  o->f = NULL;
  o->path = o->tmp = NULL;
  return o->err ? -1 : 0;
}

/* ---- instruction tracking ---- */

void track_init(track_t *k, trace_out_t *out, uint64_t first_cycle, track_sink_fn sink,
                void *ctx)
{
  memset(k, 0, sizeof *k);
  k->out = out;
  k->sink = sink;
  k->ctx = ctx;
  k->first = first_cycle;
}

void track_free(track_t *k)
{
  unsigned t;
  for (t = 0; t < TRACK_NTID; t++) {
    free(k->th[t].v);
    k->th[t].v = NULL;
    k->th[t].n = k->th[t].cap = 0;
    free(k->prog[t]);
    k->prog[t] = NULL;
    k->prog_n[t] = k->prog_cap[t] = 0;
  }
}

/* An event of p at cycle cyc; the caller fills the kind's other fields. */
static track_ev_t ev_at(unsigned kind, uint64_t cyc, const track_inst_t *p)
{
  track_ev_t e;
  memset(&e, 0, sizeof e);
  e.kind = kind;
  e.cyc = cyc;
  e.p = p;
  return e;
}

static void emit(track_t *k, unsigned kind, uint64_t cyc, const track_inst_t *p)
{
  const track_ev_t e = ev_at(kind, cyc, p);
  k->sink(k->ctx, &e);
}

static void emit_end(track_t *k, const track_inst_t *p, unsigned how, uint32_t branch,
                     uint64_t cyc)
{
  track_ev_t e = ev_at(TRACK_END, cyc, p);
  e.how = how;
  e.branch = branch;
  k->sink(k->ctx, &e);
}

static track_inst_t *find(track_t *k, unsigned tid, uint32_t seq, size_t *idx)
{
  track_list_t *l = &k->th[tid];
  size_t i = l->n;
  while (i--)
    if (l->v[i].seq == seq) {
      if (idx)
        *idx = i;
      return &l->v[i];
    }
  return NULL;
}

static void remove_at(track_t *k, unsigned tid, size_t i)
{
  track_list_t *l = &k->th[tid];
  memmove(&l->v[i], &l->v[i + 1], (l->n - i - 1) * sizeof l->v[0]);
  l->n--;
}

/* Move to stage st: the open stall ends. */
static void stage_to(track_t *k, track_inst_t *p, unsigned st, uint64_t cyc)
{
  track_ev_t e = ev_at(TRACK_STAGE, cyc, p);
  e.stage_was = p->stage;
  e.stall_was = p->stall;
  p->stall = -1;
  p->stage = (uint8_t)st;
  p->since = cyc;
  p->at[st] = cyc;
  p->reached |= (uint8_t)(1u << st);
  k->sink(k->ctx, &e);
}

/* Program order (see trace_track.h): drop the newest entries of thread tid while they are
 * younger than seq (wrap-safe), or, with incl, not older than seq. */
static void prog_cut(track_t *k, unsigned tid, uint32_t seq, int incl)
{
  while (k->prog_n[tid]) {
    const int32_t d = (int32_t)(k->prog[tid][k->prog_n[tid] - 1].seq - seq);
    if (d < 0 || (d == 0 && !incl))
      break;
    k->prog_n[tid]--;
  }
}

/* p was just fetched: its producer, then p joins the program order. -1 (reported) when out of
 * memory. */
static int prog_fetch(track_t *k, track_inst_t *p)
{
  const unsigned tid = p->tid;
  const unsigned d = (p->attr & ATTR_DEP_MASK) >> ATTR_DEP_SHIFT;
  size_t n;
  prog_cut(k, tid, p->seq, 1);             /* a sequence number fetched again replaces */
  n = k->prog_n[tid];
  if (d && d <= n) {
    p->prod = k->prog[tid][n - d].id;
    p->has_prod = 1;
  }
  if (n == k->prog_cap[tid]) {
    /* keep what is in flight (at most th[tid].n, p included) and the 15 before it */
    const size_t keep = k->th[tid].n + 15u;
    if (n > keep) {
      memmove(k->prog[tid], k->prog[tid] + (n - keep), keep * sizeof k->prog[tid][0]);
      n = k->prog_n[tid] = keep;
    }
    if (n == k->prog_cap[tid]) {
      const size_t nc = n ? 2 * n : 64;
      struct track_prog *nv = realloc(k->prog[tid], nc * sizeof *nv);
      if (!nv) {
        trace_out_fail(k->out, "out of memory");
        return -1;
      }
      k->prog[tid] = nv;
      k->prog_cap[tid] = nc;
    }
  }
  k->prog[tid][n].seq = p->seq;
  k->prog[tid][n].id = p->id;
  k->prog_n[tid] = n + 1;
  return 0;
}

/* New instruction in stage st (pre: first seen after fetch). Not yet announced: the caller
 * emits TRACK_NEW. NULL (reported) when out of memory. */
static track_inst_t *add(track_t *k, const trc_rec_t *r, int known, unsigned st, int pre,
                         uint64_t cyc)
{
  const unsigned tid = r->tid & (TRACK_NTID - 1u);
  track_list_t *l = &k->th[tid];
  track_inst_t *p;

  if (l->n == l->cap) {
    size_t nc = l->cap ? 2 * l->cap : 64;
    track_inst_t *nv = realloc(l->v, nc * sizeof *nv);
    if (!nv) {
      trace_out_fail(k->out, "out of memory");
      return NULL;
    }
    l->v = nv;
    l->cap = nc;
  }
  p = &l->v[l->n++];
  memset(p, 0, sizeof *p);
  p->id = k->next_id++;
  p->seq = r->seq;
  p->tid = (uint8_t)tid;
  p->wp = r->wp ? 1 : 0;
  p->attr = known ? r->attr : 0;
  p->known = (uint8_t)(known != 0);
  p->pre = (uint8_t)(pre != 0);
  p->stage = (uint8_t)st;
  p->since = cyc;
  p->at[st] = cyc;
  p->reached = (uint8_t)(1u << st);
  p->stall = -1;
  return p;
}

/* Timed transitions I -> X -> C up to cycle cyc, in time order; one due in an earlier cycle
 * (only when the caller skipped cycles) carries the cycle it was due. */
static void timed(track_t *k, uint64_t cyc)
{
  for (;;) {
    uint64_t tmin = UINT64_MAX;
    unsigned t;
    size_t i;
    for (t = 0; t < TRACK_NTID; t++)
      for (i = 0; i < k->th[t].n; i++) {
        const track_inst_t *p = &k->th[t].v[i];
        uint64_t tn = p->stage == TRACK_I ? p->t_x : p->stage == TRACK_X ? p->t_c : UINT64_MAX;
        if (tn <= cyc && tn < tmin)
          tmin = tn;
      }
    if (tmin == UINT64_MAX)
      return;
    for (t = 0; t < TRACK_NTID; t++)
      for (i = 0; i < k->th[t].n; i++) {
        track_inst_t *p = &k->th[t].v[i];
        if (p->stage == TRACK_I && p->t_x == tmin)
          stage_to(k, p, p->t_c > p->t_x ? TRACK_X : TRACK_C, tmin);
        else if (p->stage == TRACK_X && p->t_c == tmin)
          stage_to(k, p, TRACK_C, tmin);
      }
  }
}

/* Per thread and stage, the component (1..7) that received most of the slots lost this cycle
 * (spec 4.6 with wrong-path slots going to bpred, i.e. as with ctrl.wpvis = 1; ties go to the
 * lower component index), or -1 when the stage used all W slots. Updates the carry copy. */
static void causes(const pmu_in_t *in, uint8_t carry[PMU_THREADS][3], int out[PMU_THREADS][3])
{
  unsigned t, s, c;
  uint32_t all[3] = {0, 0, 0};
  for (t = 0; t < PMU_THREADS; t++)
    for (s = 0; s < 3; s++)
      all[s] += (in->stk_n[t][s] & NW_MASK) + (s < 2 ? (in->stk_wp[t][s] & NW_MASK) : 0u);
  for (t = 0; t < PMU_THREADS; t++) {
    const uint32_t fl = in->stk_flags[t];
#define KF(b) ((fl >> PMU_FLG_##b) & 1u)
    const unsigned fe = KF(ICACHE_MISS) ? PMU_CMP_ICACHE : KF(BPRED_MISS) ? PMU_CMP_BPRED
                                                                          : PMU_CMP_OTHER;
    for (s = 0; s < 3; s++) {
      const uint32_t n = in->stk_n[t][s] & NW_MASK;
      const uint32_t wp = s < 2 ? (in->stk_wp[t][s] & NW_MASK) : 0u;
      uint32_t lost[8] = {0, 0, 0, 0, 0, 0, 0, 0};
      uint32_t tot = n + carry[t][s], used = tot < PMU_W ? tot : PMU_W, u, x;
      unsigned cause;
      int best = -1;
      carry[t][s] = (uint8_t)(tot - used < CRW_MAX ? tot - used : CRW_MAX);
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

/* Stall of every waiting instruction from this cycle's PMU inputs. */
static void stalls(track_t *k, const pmu_in_t *in, uint64_t cyc)
{
  int cause[PMU_THREADS][3];
  unsigned t;
  for (t = 0; t < PMU_THREADS; t++)
    cause[t][0] = cause[t][1] = cause[t][2] = -1;
  if (in)
    causes(in, k->carry, cause);
  for (t = 0; t < TRACK_NTID; t++) {
    size_t i;
    for (i = 0; i < k->th[t].n; i++) {
      track_inst_t *p = &k->th[t].v[i];
      int want = -1;
      if (t < PMU_THREADS) {
        if (p->stage == TRACK_F && p->since < cyc)
          want = cause[t][PMU_STG_DISPATCH];
        else if (p->stage == TRACK_D && p->since < cyc)
          want = cause[t][PMU_STG_ISSUE];
        else if (p->stage == TRACK_C)
          want = cause[t][PMU_STG_COMMIT];
      }
      if (want != p->stall) {
        track_ev_t e = ev_at(TRACK_STALL, cyc, p);
        e.stall_was = p->stall;
        p->stall = (int8_t)want;
        k->sink(k->ctx, &e);
      }
    }
  }
}

int track_cycle(track_t *k, const trc_cycle_t *c)
{
  uint64_t cyc;
  unsigned i, t, nw;

  if (k->out->err)
    return -1;
  if (!c || (k->started ? c->cycle <= k->cur : c->cycle < k->first)) {
    fprintf(stderr, "%s: cycles must increase from the first cycle\n", k->out->who);
    k->out->err = 1;
    return -1;
  }
  cyc = c->cycle;
  k->cur = cyc;
  k->started = 1;
  nw = c->w < SIM_W_MAX ? c->w : SIM_W_MAX;

  emit(k, TRACK_CYCLE, cyc, NULL);
  timed(k, cyc);

  for (i = 0; i < nw; i++) {               /* fetch: new instructions */
    const trc_rec_t *r = &c->fetch[i];
    size_t idx;
    track_inst_t *p;
    if (!r->valid)
      continue;
    if ((p = find(k, r->tid & 7u, r->seq, &idx)) != NULL) {
      emit_end(k, p, TRACK_REPLACED, 0, cyc);
      remove_at(k, r->tid & 7u, idx);
    }
    if ((p = add(k, r, 1, TRACK_F, 0, cyc)) == NULL)
      return -1;
    if (prog_fetch(k, p) != 0)
      return -1;
    emit(k, TRACK_NEW, cyc, p);
  }
  for (i = 0; i < nw; i++) {               /* dispatch: into ROB and RS */
    const trc_rec_t *r = &c->disp[i];
    track_inst_t *p;
    if (!r->valid)
      continue;
    if ((p = find(k, r->tid & 7u, r->seq, NULL)) == NULL) {
      if ((p = add(k, r, 1, TRACK_D, 1, cyc)) == NULL)
        return -1;
      emit(k, TRACK_NEW, cyc, p);
      continue;
    }
    if (!p->known) {
      p->attr = r->attr;
      p->known = 1;
    }
    p->wp |= r->wp ? 1 : 0;
    stage_to(k, p, TRACK_D, cyc);
  }
  for (i = 0; i < nw; i++) {               /* issue: attr is the latency */
    const trc_rec_t *r = &c->issue[i];
    track_inst_t *p;
    int fresh = 0;
    if (!r->valid)
      continue;
    if ((p = find(k, r->tid & 7u, r->seq, NULL)) == NULL) {
      if ((p = add(k, r, 0, TRACK_I, 1, cyc)) == NULL)
        return -1;
      fresh = 1;
    }
    p->wp |= r->wp ? 1 : 0;
    p->lat = r->attr;
    p->t_x = cyc + 1;
    p->t_c = cyc + (r->attr ? r->attr : 1u);   /* issue cycle = first of the L */
    if (fresh)
      emit(k, TRACK_NEW, cyc, p);
    else
      stage_to(k, p, TRACK_I, cyc);
  }
  for (i = 0; i < nw; i++) {               /* commit: retire in order */
    const trc_rec_t *r = &c->commit[i];
    size_t idx;
    track_inst_t *p;
    if (!r->valid)
      continue;
    if ((p = find(k, r->tid & 7u, r->seq, &idx)) == NULL) {
      if ((p = add(k, r, 1, TRACK_C, 1, cyc)) == NULL)
        return -1;
      emit(k, TRACK_NEW, cyc, p);
      idx = k->th[r->tid & 7u].n - 1;
    }
    emit_end(k, p, TRACK_RETIRED, 0, cyc);
    remove_at(k, r->tid & 7u, idx);
  }
  for (t = 0; t < PMU_THREADS; t++) {      /* flush: everything younger than the branch */
    track_list_t *l = &k->th[t];
    size_t j = 0, m;
    if (!c->flush[t].valid)
      continue;
    prog_cut(k, t, c->flush[t].seq, 0);
    for (m = 0; m < l->n; m++) {
      track_inst_t *p = &l->v[m];
      if ((int32_t)(p->seq - c->flush[t].seq) > 0)
        emit_end(k, p, TRACK_FLUSHED, c->flush[t].seq, cyc);
      else
        l->v[j++] = *p;
    }
    l->n = j;
  }
  stalls(k, c->pmu, cyc);
  return k->out->err ? -1 : 0;
}

void track_close(track_t *k)
{
  const uint64_t end = k->cur + 1;
  unsigned t;
  int any = 0;
  if (k->out->err || !k->started)
    return;
  for (t = 0; t < TRACK_NTID; t++) {
    size_t i;
    for (i = 0; i < k->th[t].n; i++) {
      if (!any)
        emit(k, TRACK_CYCLE, end, NULL);
      any = 1;
      emit_end(k, &k->th[t].v[i], TRACK_WINDOW_END, 0, end);
    }
    k->th[t].n = 0;
  }
}

/* ---- writer ---- */

void *track_writer_open(size_t size, uint32_t magic, const char *who, const char *path,
                        uint64_t first_cycle, track_sink_fn sink)
{
  track_writer_t *w;
  if (!path || size < sizeof *w)
    return NULL;
  w = calloc(1, size);
  if (!w)
    return NULL;
  if (trace_out_open(&w->out, who, path) != 0) {
    free(w);
    return NULL;
  }
  w->magic = magic;
  track_init(&w->trk, &w->out, first_cycle, sink, w);
  return w;
}

void *track_writer_of(trace_writer_t *tw, uint32_t magic)
{
  track_writer_t *w = (track_writer_t *)(void *)tw;
  return (w && w->magic == magic) ? w : NULL;
}

int track_writer_close(track_writer_t *w)
{
  int err;
  if (!w)
    return -1;
  track_close(&w->trk);
  err = trace_out_close(&w->out);
  track_free(&w->trk);
  w->magic = 0;
  free(w);
  return err;
}

/* ---- labels ---- */

/* Append to B (N bytes) at *O, never past its end. */
static void TRACK_PRINTF(4, 5) lab(char *b, size_t n, size_t *o, const char *fmt, ...)
{
  va_list ap;
  int r;
  if (*o >= n)
    return;
  va_start(ap, fmt);
  r = vsnprintf(b + *o, n - *o, fmt, ap);
  va_end(ap);
  if (r > 0)
    *o += (size_t)r;
}

void track_label(const track_inst_t *p, const track_spell_t *s, char *b, size_t n)
{
  static const char *const cls_name[4] = {"alu", "long", "load", "branch"};
  const unsigned cls = p->attr & ATTR_CLASS_MASK;
  const unsigned dep = (p->attr & ATTR_DEP_MASK) >> ATTR_DEP_SHIFT;
  size_t o = 0;

  if (n == 0)
    return;
  b[0] = 0;
  lab(b, n, &o, "T%u #%" PRIu32, (unsigned)p->tid, p->seq);
  if (!p->known) {
    lab(b, n, &o, " ?");
  } else {
    lab(b, n, &o, " %s", cls_name[cls]);
    if ((p->attr & ATTR_MISS) && cls == ATTR_CLASS_LOAD)
      lab(b, n, &o, " %s", s->dmiss);
    if ((p->attr & ATTR_MISS) && cls == ATTR_CLASS_BRANCH)
      lab(b, n, &o, " misp");
    if (p->attr & ATTR_ICMISS)
      lab(b, n, &o, " icmiss");
    if (dep)
      lab(b, n, &o, " %s%u", s->dep, dep);
    if (s->prod && p->has_prod)
      lab(b, n, &o, " prod=%" PRIu64, p->prod);
    if (p->attr & ATTR_KERNEL)
      lab(b, n, &o, " kernel");
  }
  if (p->wp)
    lab(b, n, &o, " wp");
  if (p->pre)
    lab(b, n, &o, " %s", s->pre);
}

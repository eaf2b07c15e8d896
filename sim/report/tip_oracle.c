/* Time-proportional profile oracle and sampler replay: see tip_oracle.h and docs/spec.md
 * section 7. Everything is integer arithmetic in 1/TIP_UNIT cycles, so the profiles are exact. */
#include "tip_oracle.h"
#include "smp_file.h"

#include <stdlib.h>
#include <string.h>

#define NIF 4096u                        /* in-flight instruction info, indexed by seq mod NIF */
#define NRING 16u                        /* correct-path dispatch order (DEP is at most 15) */

typedef struct {
  uint32_t seq, pseq;
  uint8_t valid, hasp;
  uint64_t disp, done;                   /* dispatch cycle; completion cycle (issue + latency) */
} ifl_t;

typedef struct {
  int use;                               /* 0 free, 1 pending (waits for a commit), 2 complete */
  int state;
  uint64_t fcycle;
  uint16_t fpc;                          /* flushed: the branch */
  uint8_t fsig;
} slot_t;

typedef struct {
  uint64_t k;                            /* instructions committed since reset */
  uint32_t ring[NRING];
  uint64_t rcount;                       /* correct-path instructions dispatched since reset */
  ifl_t ifl[NIF];
  int lastf;
  uint16_t lastpc;
  uint8_t lastsig;
  uint64_t pend;                         /* window cycles (stalled, drained) waiting for the next commit */
  uint64_t pend_st[2];                   /* ... of them stalled, drained (their component: 7.10) */
  uint64_t pend_pebs;                    /* window cycles waiting for the next commit (PEBS rule) */
  uint32_t cd;
  uint16_t lfsr;
  int started;
  int smp_on;                            /* tip_sampling(): the sampler is enabled */
  slot_t slot[TIP_PEND];
} thr_t;

struct tip_oracle {
  tip_cfg_t cfg;
  thr_t thr[PMU_THREADS];
  tip_entry_t *tab;                      /* open addressing on key; tab[i].pc/tid/sig; used[] */
  uint8_t *used;
  size_t cap, n;
  tip_stats_t st;
  tip_entry_t *sorted;
  int ext_smp;                           /* tip_sampling() called: fires follow smp_on, not the window */
};

static uint32_t key_of(unsigned tid, unsigned pc, unsigned sig) {
  return ((uint32_t)tid << 21) | ((uint32_t)pc << 5) | sig;
}

static size_t hslot(uint32_t key, size_t cap) {
  return (size_t)((key * 2654435761u) & (uint32_t)(cap - 1));
}

static int grow(tip_oracle_t *o) {
  size_t ncap = o->cap ? o->cap * 2 : 4096;
  tip_entry_t *nt = calloc(ncap, sizeof *nt);
  uint8_t *nu = calloc(ncap, 1);
  if (!nt || !nu) {
    free(nt);
    free(nu);
    return -1;
  }
  for (size_t i = 0; i < o->cap; i++) {
    if (!o->used[i]) continue;
    uint32_t key = key_of(o->tab[i].tid, o->tab[i].pc, o->tab[i].sig);
    size_t j = hslot(key, ncap);
    while (nu[j]) j = (j + 1) & (ncap - 1);
    nt[j] = o->tab[i];
    nu[j] = 1;
  }
  free(o->tab);
  free(o->used);
  o->tab = nt;
  o->used = nu;
  o->cap = ncap;
  return 0;
}

static tip_entry_t *entry(tip_oracle_t *o, unsigned tid, unsigned pc, unsigned sig) {
  if ((o->n + 1) * 2 > o->cap && grow(o) != 0) {
    fprintf(stderr, "tip-oracle: out of memory\n");
    exit(2);
  }
  uint32_t key = key_of(tid, pc, sig);
  size_t j = hslot(key, o->cap);
  while (o->used[j]) {
    tip_entry_t *e = &o->tab[j];
    if (e->tid == tid && e->pc == pc && e->sig == sig) return e;
    j = (j + 1) & (o->cap - 1);
  }
  o->used[j] = 1;
  o->n++;
  memset(&o->tab[j], 0, sizeof o->tab[j]);
  o->tab[j].tid = (uint8_t)tid;
  o->tab[j].pc = (uint16_t)pc;
  o->tab[j].sig = (uint8_t)sig;
  return &o->tab[j];
}

tip_oracle_t *tip_open(const tip_cfg_t *cfg) {
  if (cfg->threads < 1 || cfg->threads > PMU_THREADS || cfg->jit > 15 || cfg->period > 0xffffffu) return NULL;
  for (unsigned t = 0; t < cfg->threads; t++)
    if (cfg->prog_len[t] > 65536u) return NULL;
  tip_oracle_t *o = calloc(1, sizeof *o);
  if (!o) return NULL;
  o->cfg = *cfg;
  if (grow(o) != 0) {
    free(o);
    return NULL;
  }
  for (unsigned t = 0; t < PMU_THREADS; t++) o->thr[t].lfsr = (uint16_t)(PMU_SMP_LFSR_SEED ^ t);
  return o;
}

static uint32_t reload(const tip_oracle_t *o, uint16_t lfsr) {
  uint32_t per = o->cfg.period ? o->cfg.period : 1;
  return per - 1 + (lfsr & ((1u << o->cfg.jit) - 1));
}

static uint8_t signature(const tip_oracle_t *o, thr_t *h, const trc_rec_t *r) {
  unsigned a = r->attr, cls = a & ATTR_CLASS_MASK, k = o->cfg.knobs;
  uint8_t s = 0;
  if ((a & ATTR_ICMISS) && !(k & TIP_KNOB_PERF_IC)) s |= TIP_SIG_IC;
  if (cls == ATTR_CLASS_BRANCH && (a & ATTR_MISS) && !(k & TIP_KNOB_PERF_BP)) s |= TIP_SIG_BR;
  if (cls == ATTR_CLASS_LOAD && (a & ATTR_MISS) && !(k & TIP_KNOB_PERF_DC)) s |= TIP_SIG_DC;
  if (cls == ATTR_CLASS_LONG && !(k & TIP_KNOB_ALU1)) s |= TIP_SIG_LL;
  const ifl_t *e = &h->ifl[r->seq % NIF];
  if (e->valid && e->seq == r->seq && e->hasp) {
    const ifl_t *p = &h->ifl[e->pseq % NIF];
    if (p->valid && p->seq == e->pseq && p->done > e->disp) s |= TIP_SIG_DEP;
  }
  return s;
}

/* spec 7.10's component of a cycle of this state owned by an instruction of signature sig (the
 * one rule, smp_component() of smp_file.c) */
static unsigned comp_of(int state, unsigned sig) {
  smp_rec_t r;
  memset(&r, 0, sizeof r);
  r.state = (unsigned)state;
  r.sig[0] = (uint8_t)sig;
  return smp_component(&r);
}

void tip_cycle(tip_oracle_t *o, const trc_cycle_t *c, int in_window) {
  for (unsigned t = 0; t < o->cfg.threads; t++) {
    thr_t *h = &o->thr[t];
    /* dispatch (program order) and issue: what the dep bit needs */
    for (unsigned j = 0; j < c->w; j++) {
      const trc_rec_t *r = &c->disp[j];
      if (!r->valid || r->tid != t || r->wp) continue;
      ifl_t *e = &h->ifl[r->seq % NIF];
      unsigned dep = (r->attr & ATTR_DEP_MASK) >> ATTR_DEP_SHIFT;
      e->valid = 1;
      e->seq = r->seq;
      e->disp = c->cycle;
      e->done = UINT64_MAX;
      e->hasp = dep && h->rcount >= dep;
      e->pseq = e->hasp ? h->ring[(h->rcount - dep) % NRING] : 0;
      h->ring[h->rcount % NRING] = r->seq;
      h->rcount++;
    }
    for (unsigned j = 0; j < c->w; j++) {
      const trc_rec_t *r = &c->issue[j];
      if (!r->valid || r->tid != t || r->wp) continue;
      ifl_t *e = &h->ifl[r->seq % NIF];
      if (e->valid && e->seq == r->seq) e->done = c->cycle + r->attr;
    }
    /* this cycle's commits, oldest first */
    unsigned n = 0;
    uint16_t pc[SIM_W_MAX];
    uint8_t sg[SIM_W_MAX];
    for (unsigned j = 0; j < c->w; j++) {
      const trc_rec_t *r = &c->commit[j];
      if (!r->valid || r->tid != t) continue;
      uint32_t L = o->cfg.prog_len[t];
      pc[n] = (uint16_t)(L ? h->k % L : h->k & 0xffffu);
      sg[n] = signature(o, h, r);
      h->k++;
      n++;
    }
    if (c->pmu && c->pmu->stk_n[t][2] != n) o->st.trace_mismatch++;
    if (c->has_cmt)   /* the core's own ports must say what the trace implies (spec 7.8) */
      for (unsigned i = 0; i < c->w; i++)
        if (c->cmt_pc[t][i] != (i < n ? pc[i] : 0) || c->cmt_sig[t][i] != (i < n ? sg[i] : 0))
          o->st.port_mismatch++;
    int rob_empty = c->pmu ? (c->pmu->stk_flags[t] >> PMU_FLG_ROB_EMPTY) & 1 : 0;
    int state = n ? TIP_COMPUTING : !rob_empty ? TIP_STALLED : h->lastf ? TIP_FLUSHED : TIP_DRAINED;

    /* the sampler: a fire uses the slots as they are at the start of the cycle */
    if (o->ext_smp ? h->smp_on : in_window) {
      if (!h->started) {  /* enabled at the edge before: cd_q = reload, no step */
        h->cd = reload(o, h->lfsr);
        h->started = 1;
      }
      if (h->cd == 0) {
        o->st.fires++;
        int s = -1;
        for (int i = 0; i < TIP_PEND; i++)
          if (!h->slot[i].use) {
            s = i;
            break;
          }
        if (s < 0) {
          o->st.lost++;
        } else {
          slot_t *sl = &h->slot[s];
          sl->use = 1;
          sl->state = state;
          sl->fcycle = c->cycle;
          sl->fpc = h->lastpc;
          sl->fsig = h->lastsig;
          if (state == TIP_COMPUTING)   /* the TIP part is this cycle's group */
            for (unsigned i = 0; i < n; i++) entry(o, t, pc[i], sg[i])->tip += TIP_UNIT / n;
          else if (state == TIP_FLUSHED)
            entry(o, t, h->lastpc, h->lastsig)->tip += TIP_UNIT;
        }
        h->cd = reload(o, h->lfsr);
        h->lfsr = tip_lfsr_step(h->lfsr);
      } else {
        h->cd--;
      }
    }
    /* the oracle: every window cycle to its owner */
    if (in_window) {
      o->st.cycles[state]++;
      if (state == TIP_COMPUTING) {
        for (unsigned i = 0; i < n; i++) entry(o, t, pc[i], sg[i])->oracle += TIP_UNIT / n;
        o->st.comp[comp_of(state, 0)] += TIP_UNIT;
      } else if (state == TIP_FLUSHED) {
        entry(o, t, h->lastpc, h->lastsig)->oracle += TIP_UNIT;
        o->st.comp[comp_of(state, h->lastsig)] += TIP_UNIT;
      } else {
        h->pend++;
        h->pend_st[state == TIP_DRAINED]++;
      }
      if (state == TIP_COMPUTING)
        entry(o, t, pc[0], sg[0])->pebs_all += TIP_UNIT;
      else
        h->pend_pebs++;
    }
    if (n) {
      tip_entry_t *e0 = entry(o, t, pc[0], sg[0]);
      e0->oracle += (uint64_t)TIP_UNIT * h->pend;
      o->st.comp[comp_of(TIP_STALLED, sg[0])] += (uint64_t)TIP_UNIT * h->pend_st[0];
      o->st.comp[comp_of(TIP_DRAINED, sg[0])] += (uint64_t)TIP_UNIT * h->pend_st[1];
      h->pend_st[0] = h->pend_st[1] = 0;
      e0->pebs_all += (uint64_t)TIP_UNIT * h->pend_pebs;
      h->pend = h->pend_pebs = 0;
      for (int i = 0; i < TIP_PEND; i++) {   /* pending samples complete: cycle g */
        slot_t *sl = &h->slot[i];
        if (sl->use != 1) continue;
        sl->use = 2;
        o->st.samples++;
        e0->pebs += TIP_UNIT;
        if (sl->state == TIP_STALLED || sl->state == TIP_DRAINED) e0->tip += TIP_UNIT;
      }
      h->lastf = (sg[n - 1] & TIP_SIG_BR) != 0;
      h->lastpc = pc[n - 1];
      h->lastsig = sg[n - 1];
    }
    /* one record written per cycle, the oldest fire first: its slot is free from the next cycle */
    int w = -1;
    for (int i = 0; i < TIP_PEND; i++)
      if (h->slot[i].use == 2 && (w < 0 || h->slot[i].fcycle < h->slot[w].fcycle)) w = i;
    if (w >= 0) h->slot[w].use = 0;
  }
}

void tip_sampling(tip_oracle_t *o, unsigned t, int on) {
  o->ext_smp = 1;
  if (t >= PMU_THREADS) return;
  o->thr[t].smp_on = on;
  if (!on) o->thr[t].started = 0;
}

static int cmp_entry(const void *a, const void *b) {
  const tip_entry_t *x = a, *y = b;
  uint32_t kx = key_of(x->tid, x->pc, x->sig), ky = key_of(y->tid, y->pc, y->sig);
  return kx < ky ? -1 : kx > ky;
}

const tip_entry_t *tip_entries(tip_oracle_t *o, size_t *n) {
  free(o->sorted);
  o->sorted = malloc((o->n ? o->n : 1) * sizeof *o->sorted);
  if (!o->sorted) {
    *n = 0;
    return NULL;
  }
  size_t k = 0;
  for (size_t i = 0; i < o->cap; i++)
    if (o->used[i]) o->sorted[k++] = o->tab[i];
  qsort(o->sorted, k, sizeof *o->sorted, cmp_entry);
  *n = k;
  return o->sorted;
}

void tip_stats(const tip_oracle_t *o, tip_stats_t *st) {
  *st = o->st;
  st->unowned = 0;
  for (unsigned t = 0; t < o->cfg.threads; t++) st->unowned += o->thr[t].pend;
}

typedef struct {
  uint32_t key;
  uint64_t p, q;
} pq_t;

static int cmp_pq(const void *a, const void *b) {
  const pq_t *x = a, *y = b;
  return x->key < y->key ? -1 : x->key > y->key;
}

double tip_error(tip_oracle_t *o, int rule, uint32_t fold) {
  size_t n;
  const tip_entry_t *e = tip_entries(o, &n);
  if (!e || !n) return -1.0;
  pq_t *v = malloc(n * sizeof *v);
  if (!v) return -1.0;
  uint64_t sp = 0, sq = 0;
  for (size_t i = 0; i < n; i++) {
    v[i].key = ((uint32_t)e[i].tid << 16) | (fold ? e[i].pc % fold : e[i].pc);
    v[i].p = e[i].oracle;
    v[i].q = rule == 2 ? e[i].pebs_all : rule ? e[i].pebs : e[i].tip;
    sp += v[i].p;
    sq += v[i].q;
  }
  if (!sp || !sq) {
    free(v);
    return -1.0;
  }
  qsort(v, n, sizeof *v, cmp_pq);
  double err = 0;
  for (size_t i = 0; i < n;) {
    uint64_t p = 0, q = 0;
    size_t j = i;
    for (; j < n && v[j].key == v[i].key; j++) {
      p += v[j].p;
      q += v[j].q;
    }
    double d = (double)p / (double)sp - (double)q / (double)sq;
    err += d < 0 ? -d : d;
    i = j;
  }
  free(v);
  return err / 2;
}

int tip_write_csv(tip_oracle_t *o, const char *path) {
  size_t n;
  const tip_entry_t *e = tip_entries(o, &n);
  if (!e) return -1;
  size_t pl = strlen(path);
  char *tmp = malloc(pl + 5);
  if (!tmp) return -1;
  memcpy(tmp, path, pl);
  memcpy(tmp + pl, ".tmp", 5);
  FILE *f = fopen(tmp, "w");
  if (!f) {
    free(tmp);
    return -1;
  }
  fprintf(f, "tid,pc,sig,oracle_cycles,tip_samples,pebs_samples,pebs_cycles\n");
  for (size_t i = 0; i < n; i++)
    fprintf(f, "%u,%u,%u,%.6f,%.6f,%.6f,%.6f\n", e[i].tid, e[i].pc, e[i].sig, (double)e[i].oracle / TIP_UNIT,
            (double)e[i].tip / TIP_UNIT, (double)e[i].pebs / TIP_UNIT, (double)e[i].pebs_all / TIP_UNIT);
  int bad = ferror(f) != 0;
  if (fclose(f) != 0) bad = 1;
  if (bad || rename(tmp, path) != 0) {
    remove(tmp);
    free(tmp);
    return -1;
  }
  free(tmp);
  return 0;
}

void tip_free(tip_oracle_t *o) {
  if (!o) return;
  free(o->tab);
  free(o->used);
  free(o->sorted);
  free(o);
}

/* Sample files: see smp_file.h. */
#include "smp_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define FLD(w, F) (((w)[PMU_SMPREC_##F##_WORD] >> PMU_SMPREC_##F##_LSB) & (uint32_t)((1ull << PMU_SMPREC_##F##_W) - 1))

int smp_decode(const uint32_t w[PMU_SMP_RW], smp_rec_t *r, const char **why) {
  memset(r, 0, sizeof *r);
  r->tid = FLD(w, TID);
  r->state = FLD(w, STATE);
  r->n = FLD(w, N);
  r->priv = FLD(w, PRIV);
  r->lost = FLD(w, LOST);
  r->ts = FLD(w, TS);
  r->pebs_pc = (uint16_t)FLD(w, PEBS_PC);
  r->pebs_sig = (uint8_t)FLD(w, PEBS_SIG);
  r->pebs_dly = (uint8_t)FLD(w, PEBS_DLY);
  r->pc[0] = (uint16_t)FLD(w, PC0);
  r->sig[0] = (uint8_t)FLD(w, SIG0);
  *why = NULL;
  if (!FLD(w, VALID))
    *why = "valid is 0 (an empty buffer's word)";
  else if (r->state == PMU_SMP_COMPUTING && (r->n == 0 || r->n > 7))
    *why = "a computing sample needs n of 1..7";
  else if (r->state != PMU_SMP_COMPUTING && r->n != 0)
    *why = "n must be 0 unless computing";
  if (*why) return -1;
  r->ninst = r->n ? r->n : 1;
  for (unsigned i = 1; i < r->ninst; i++) {
    r->sig[i] = (uint8_t)((w[PMU_SMPREC_SIGS_WORD] >> (5 * (i - 1))) & 0x1fu);
    r->pc[i] = (uint16_t)(w[PMU_SMPREC_PCS_WORD + (i - 1) / 2] >> (16 * ((i - 1) % 2)));
  }
  return 0;
}

/* the index of a component in pmu_comp_names (generated from pmu_params.json) */
static unsigned comp(const char *name) {
  for (unsigned i = 0; i < sizeof pmu_comp_names / sizeof pmu_comp_names[0]; i++)
    if (strcmp(pmu_comp_names[i], name) == 0) return i;
  fprintf(stderr, "smp_file: component '%s' is not in pmu_comp_names\n", name);
  abort();
}

const char *smp_component_name(const smp_rec_t *r) {
  switch (r->state) {
  case PMU_SMP_COMPUTING: return "base";
  case PMU_SMP_FLUSHED: return "bpred";
  case PMU_SMP_DRAINED: return (r->sig[0] & PMU_SIG_IC) ? "icache" : "other";
  default:
    return (r->sig[0] & PMU_SIG_DC) ? "dcache" : (r->sig[0] & PMU_SIG_LL) ? "alu" : (r->sig[0] & PMU_SIG_DEP) ? "depend" : "other";
  }
}

unsigned smp_component(const smp_rec_t *r) { return comp(smp_component_name(r)); }

uint32_t smp_interval(uint32_t period, uint32_t jit) {
  return (period ? period : 1u) + ((1u << (jit & 15u)) - 1u) / 2u;
}

struct smp_writer {
  FILE *f;
  char *path, *tmp;
  int err;
};

static void put32(unsigned char *b, uint32_t v) {
  for (int i = 0; i < 4; i++) b[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *b) {
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

smp_writer_t *smp_open(const char *path, uint32_t period, uint32_t jit) {
  smp_writer_t *f = calloc(1, sizeof *f);
  if (!f) return NULL;
  size_t n = strlen(path);
  f->path = malloc(n + 1);
  f->tmp = malloc(n + 5);
  if (!f->path || !f->tmp) goto fail;
  memcpy(f->path, path, n + 1);
  memcpy(f->tmp, path, n);
  memcpy(f->tmp + n, ".tmp", 5);
  f->f = fopen(f->tmp, "wb");
  if (!f->f) goto fail;
  unsigned char h[SMP_FILE_HDR];
  memcpy(h, SMP_FILE_MAGIC, 8);
  put32(h + 8, SMP_FILE_VERSION);
  put32(h + 12, PMU_SMP_RW);
  put32(h + 16, period);
  put32(h + 20, jit);
  if (fwrite(h, 1, sizeof h, f->f) != sizeof h) f->err = 1;
  return f;
fail:
  free(f->path);
  free(f->tmp);
  free(f);
  return NULL;
}

int smp_put(smp_writer_t *f, const uint32_t w[PMU_SMP_RW]) {
  unsigned char b[4 * PMU_SMP_RW];
  for (int i = 0; i < PMU_SMP_RW; i++) put32(b + 4 * i, w[i]);
  if (fwrite(b, 1, sizeof b, f->f) != sizeof b) f->err = 1;
  return f->err ? -1 : 0;
}

int smp_close(smp_writer_t *f) {
  int err = f->err;
  if (fclose(f->f) != 0) err = 1;
  if (!err && rename(f->tmp, f->path) != 0) err = 1;
  if (err) remove(f->tmp);
  free(f->path);
  free(f->tmp);
  free(f);
  return err ? -1 : 0;
}

int smp_read(const char *path, uint32_t **w, size_t *n, uint32_t *period, uint32_t *jit) {
  *w = NULL;
  *n = 0;
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
    return -1;
  }
  unsigned char h[SMP_FILE_HDR];
  const char *err = NULL;
  size_t cap = 0, i = 0;
  uint32_t *v = NULL;
  if (fread(h, 1, sizeof h, f) != sizeof h || memcmp(h, SMP_FILE_MAGIC, 8) != 0)
    err = "not a sample file (no SSSAMPLE header)";
  else if (get32(h + 8) != SMP_FILE_VERSION)
    err = "unknown sample file version (this reader knows 1)";
  else if (get32(h + 12) != PMU_SMP_RW)
    err = "records of another size than 8 words";
  else if (get32(h + 16) > 0xffffffu || get32(h + 20) > 15u)
    err = "header: period above 2^24 - 1 or jitter above 15 (smpper, smpctl.jit)";
  if (!err) {
    *period = get32(h + 16);
    *jit = get32(h + 20);
  }
  while (!err) {
    unsigned char b[4 * PMU_SMP_RW];
    size_t got = fread(b, 1, sizeof b, f);
    if (got == 0) break;
    if (got != sizeof b) {
      fprintf(stderr, "%s: record %zu: truncated (%zu of %zu bytes)\n", path, i, got, sizeof b);
      err = "";
      break;
    }
    if (i == cap) {
      size_t nc = cap ? 2 * cap : 1024;
      uint32_t *nv = realloc(v, nc * PMU_SMP_RW * sizeof *nv);
      if (!nv) {
        err = "out of memory";
        break;
      }
      v = nv;
      cap = nc;
    }
    for (int k = 0; k < PMU_SMP_RW; k++) v[i * PMU_SMP_RW + k] = get32(b + 4 * k);
    smp_rec_t r;
    const char *why;
    if (smp_decode(&v[i * PMU_SMP_RW], &r, &why) != 0) {
      fprintf(stderr, "%s: record %zu: %s (spec 7.4)\n", path, i, why);
      err = "";
      break;
    }
    i++;
  }
  fclose(f);
  if (err) {
    if (*err) fprintf(stderr, "%s: %s\n", path, err);
    free(v);
    return -1;
  }
  *w = v;
  *n = i;
  return 0;
}

/* pmu_golden: turn a stimulus file into golden vectors for a plain Verilog testbench.
 *
 *   pmu_golden [--max-cycles N] FILE.stim OUTDIR
 *
 * Runs FILE.stim (docs/stimulus.md) on the C model, starting from reset, and writes
 *   OUTDIR/NAME.stim.hex  one line per cycle: every PMU input port of that cycle (+ reset)
 *   OUTDIR/NAME.exp.hex   one line per cycle: the outputs of that cycle before the clock edge and
 *                         the whole architectural state (docs/spec.md section 6) after the edge
 * where NAME is the file's base name without ".stim". Both files are $readmemh-loadable; each
 * starts with a "//" header naming the format version, parameters, cycle count, word width and
 * the bit range of every field. The formats are documented in docs/golden.md and replayed by
 * verif/golden/tb_golden.v.
 *
 * Files are written to NAME.*.hex.tmp and renamed only when both are complete, so an error leaves
 * no partial vector file behind. Exit status: 0 written, 1 a check of the stimulus failed on the
 * model (nothing written: the model disagrees with the hand-worked values), 2 usage, parse or
 * I/O error. Parse errors are "FILE:LINE: rule" as in pmu_cli.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu_model.h"
#include "pmu_stim.h"

#define GOLDEN_VERSION 1
#define MAXBITS 65536 /* enough for THREADS=8 P=16 CW=64 */

/* ---- bit buffer: fields appended LSB first ------------------------------------------------- */
typedef struct {
  uint64_t w[MAXBITS / 64];
  unsigned pos;
  FILE *hdr;          /* when non-NULL, field descriptions go here */
  unsigned fstart;
} bits_t;

static void bb_clear(bits_t *b)
{
  memset(b->w, 0, sizeof b->w);
  b->pos = 0;
}

static void bb_put(bits_t *b, uint64_t v, unsigned n)
{
  unsigned i;
  if (n < 64) v &= (1ull << n) - 1ull;
  for (i = 0; i < n; i++) {
    if (b->pos >= MAXBITS) {
      fprintf(stderr, "pmu_golden: vector word wider than %d bits\n", MAXBITS);
      exit(2);
    }
    if ((v >> i) & 1ull) b->w[b->pos / 64] |= 1ull << (b->pos % 64);
    b->pos++;
  }
}

static void fbegin(bits_t *b) { b->fstart = b->pos; }

static void fend(bits_t *b, const char *name, const char *layout)
{
  if (b->hdr)
    fprintf(b->hdr, "//   %-12s [%u:%u] %u bits: %s\n", name, b->pos - 1, b->fstart, b->pos - b->fstart, layout);
}

/* One field of one scalar. */
static void field(bits_t *b, const char *name, uint64_t v, unsigned n, const char *layout)
{
  fbegin(b);
  bb_put(b, v, n);
  fend(b, name, layout);
}

static int bb_write(const bits_t *b, FILE *f)
{
  int d = (int)((b->pos + 3) / 4), i;
  for (i = d - 1; i >= 0; i--) {
    unsigned bit = (unsigned)i * 4, nib = 0, k;
    for (k = 0; k < 4; k++)
      if (bit + k < b->pos && ((b->w[(bit + k) / 64] >> ((bit + k) % 64)) & 1ull)) nib |= 1u << k;
    if (fputc("0123456789abcdef"[nib], f) == EOF) return -1;
  }
  return fputc('\n', f) == EOF ? -1 : 0;
}

/* ---- packing ------------------------------------------------------------------------------- */
static void pack_in(bits_t *b, int rst, const pmu_in_t *in)
{
  unsigned t, j, s;
  field(b, "rst", (uint64_t)rst, 1, "1 = rst_ni low this cycle (synchronous reset)");
  field(b, "psel", in->psel, 1, "psel_i");
  field(b, "penable", in->penable, 1, "penable_i");
  field(b, "pwrite", in->pwrite, 1, "pwrite_i");
  field(b, "paddr", in->paddr, PMU_AW, "paddr_i (AW)");
  field(b, "pwdata", in->pwdata, 32, "pwdata_i");
  field(b, "pstrb", in->pstrb, 4, "pstrb_i");
  field(b, "pprot", in->pprot, 3, "pprot_i");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, in->priv[t], 1);
  fend(b, "priv", "priv_i, thread t at bit t");
  field(b, "ref_tick", in->ref_tick, 1, "ref_tick_i");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++)
    for (j = 0; j < PMU_NEXT; j++) bb_put(b, in->ev_ext[t][j], PMU_LW);
  fend(b, "ev_ext", "ev_ext_i, lane j of thread t at +(t*NEXT+j)*LW");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, in->slot_fill[t], PMU_NW);
  fend(b, "slot_fill", "slot_fill_i, thread t at +t*NW");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, in->slot_issue[t], PMU_NW);
  fend(b, "slot_issue", "slot_issue_i, thread t at +t*NW");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, in->slot_retire[t], PMU_NW);
  fend(b, "slot_retire", "slot_retire_i, thread t at +t*NW");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++)
    for (s = 0; s < 3; s++) bb_put(b, in->stk_n[t][s], PMU_NW);
  fend(b, "stk_n", "stk_n_i, stage s of thread t at +(t*3+s)*NW");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++)
    for (s = 0; s < 2; s++) bb_put(b, in->stk_wp[t][s], PMU_NW);
  fend(b, "stk_wp", "stk_wp_i, stage s of thread t at +(t*2+s)*NW");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, in->stk_flags[t], PMU_NFLAG);
  fend(b, "stk_flags", "stk_flags_i, thread t at +t*NFLAG");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, in->rdp_req[t], 1);
  fend(b, "rdp_req", "rdp_req_i, thread t at bit t");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, in->rdp_sel[t], 3);
  fend(b, "rdp_sel", "rdp_sel_i, thread t at +t*3");
}

static void pack_exp(bits_t *b, int chk, const pmu_out_t *o, const pmu_state_t *s)
{
  unsigned t, k, i;
  field(b, "chk_out", (uint64_t)chk, 1, "1 = compare the outputs below (0 in reset cycles)");
  field(b, "pready", o->pready, 1, "pready_o, before the edge");
  field(b, "prdata", o->prdata, 32, "prdata_o, before the edge");
  field(b, "pslverr", o->pslverr, 1, "pslverr_o, before the edge");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, o->irq[t], 1);
  fend(b, "irq", "irq_o, before the edge, thread t at bit t");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, o->rdp_valid[t], 1);
  fend(b, "rdp_valid", "rdp_valid_o, before the edge, thread t at bit t");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, o->rdp_data[t], 64);
  fend(b, "rdp_data", "rdp_data_o, before the edge, thread t at +t*64");
  /* State after the edge: spec section 6, same flat layouts as the RTL vectors. */
  fbegin(b);
  for (i = 0; i < PMU_NCNT; i++) bb_put(b, s->cnt_q[i], PMU_CW);
  fend(b, "cnt_q", "u_bank.cnt_q after the edge, counter i at +i*CW");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++)
    for (k = 0; k < PMU_P; k++) bb_put(b, s->evtsel_q[t][k], 32);
  fend(b, "evtsel_q", "u_regs.evtsel_q, +(t*P+k)*32");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++)
    for (k = 0; k < PMU_P; k++) bb_put(b, s->ext_q[t][k], 32);
  fend(b, "ext_q", "u_regs.ext_q, +(t*P+k)*32");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, s->fixctl_q[t], 32);
  fend(b, "fixctl_q", "u_regs.fixctl_q, +t*32");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, s->ctrl_q[t], 32);
  fend(b, "ctrl_q", "u_regs.ctrl_q, +t*32");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, s->gctrl_q[t], 64);
  fend(b, "gctrl_q", "u_regs.gctrl_q, +t*64");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, s->gstatus_q[t], 64);
  fend(b, "gstatus_q", "u_regs.gstatus_q, +t*64");
  field(b, "hi_latch_q", s->hi_latch_q, 32, "u_regs.hi_latch_q");
  field(b, "hi_addr_q", s->hi_addr_q, PMU_AW, "u_regs.hi_addr_q (AW)");
  field(b, "hi_vld_q", s->hi_vld_q, 1, "u_regs.hi_vld_q");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++)
    for (k = 0; k < PMU_P; k++) bb_put(b, s->cprev_q[t][k], 1);
  fend(b, "cprev_q", "u_evctl.cprev_q, bit t*P+k");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++)
    for (k = 0; k < PMU_P; k++) bb_put(b, s->carry_q[t][k], 1);
  fend(b, "carry_q", "u_evctl.carry_q, bit t*P+k");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++)
    for (k = 0; k < 3; k++) bb_put(b, s->stk_carry_q[t][k], PMU_CRW);
  fend(b, "stk_carry_q", "u_stack.carry_q, +(t*3+s)*CRW");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, s->rdp_data_q[t], 64);
  fend(b, "rdp_data_q", "u_rdp.data_q, +t*64");
  fbegin(b);
  for (t = 0; t < PMU_THREADS; t++) bb_put(b, s->rdp_valid_q[t], 1);
  fend(b, "rdp_valid_q", "u_rdp.valid_q, bit t");
}

/* ---- recording dut ------------------------------------------------------------------------- */
typedef struct {
  pmu_state_t s;
  uint64_t cyc;
  FILE *fs, *fe;   /* NULL: count only */
  int io_err;
  bits_t b;
} gold_t;

static void emit(gold_t *g, int rst, const pmu_in_t *in, const pmu_out_t *o)
{
  if (g->fs && !g->io_err) {
    bb_clear(&g->b);
    pack_in(&g->b, rst, in);
    if (bb_write(&g->b, g->fs)) g->io_err = 1;
    bb_clear(&g->b);
    pack_exp(&g->b, !rst, o, &g->s);
    if (bb_write(&g->b, g->fe)) g->io_err = 1;
  }
  g->cyc++;
}

static int g_cycle(void *ctx, const pmu_in_t *in, pmu_out_t *out)
{
  gold_t *g = (gold_t *)ctx;
  pmu_comb(&g->s, in, out);
  pmu_step(&g->s, in);
  emit(g, 0, in, out);
  return 0;
}

/* A reset cycle: the runner does not pass inputs; like the lockstep harness, all inputs are 0
 * and the outputs of that cycle are not compared. */
static void g_reset(void *ctx)
{
  gold_t *g = (gold_t *)ctx;
  pmu_in_t z;
  pmu_out_t o;
  memset(&z, 0, sizeof z);
  memset(&o, 0, sizeof o);
  pmu_reset(&g->s);
  emit(g, 1, &z, &o);
}

static const pmu_state_t *g_state(void *ctx) { return &((gold_t *)ctx)->s; }

/* ---- main ---------------------------------------------------------------------------------- */
static void header(FILE *f, const char *kind, const char *name, const char *src, uint64_t cycles,
                   int is_exp)
{
  static bits_t hb;
  pmu_in_t zi;
  pmu_out_t zo;
  pmu_state_t zs;
  memset(&zi, 0, sizeof zi);
  memset(&zo, 0, sizeof zo);
  memset(&zs, 0, sizeof zs);
  bb_clear(&hb);
  hb.hdr = NULL;
  if (is_exp) pack_exp(&hb, 0, &zo, &zs);
  else pack_in(&hb, 0, &zi);
  fprintf(f, "// stallscope-golden %s v%d\n", kind, GOLDEN_VERSION);
  fprintf(f, "// name %s\n", name);
  fprintf(f, "// source %s\n", src);
  fprintf(f, "// params THREADS=%d P=%d CW=%d W=%d LW=%d NW=%d CRW=%d AW=%d NS_PER_TICK=%d\n",
          PMU_THREADS, PMU_P, PMU_CW, PMU_W, PMU_LW, PMU_NW, PMU_CRW, PMU_AW, PMU_NS_PER_TICK);
  fprintf(f, "// cycles %" PRIu64 "\n", cycles);
  fprintf(f, "// width %u\n", hb.pos);
  fprintf(f, "// One line per cycle (line c = cycle c, 0-based, after an initial reset), %u hex digits,\n"
             "// bit 0 = LSB of the last digit. Fields: name [msb:lsb] width: layout:\n",
          (hb.pos + 3) / 4);
  bb_clear(&hb);
  hb.hdr = f;
  if (is_exp) pack_exp(&hb, 0, &zo, &zs);
  else pack_in(&hb, 0, &zi);
  hb.hdr = NULL;
  fprintf(f, "// end of header\n");
}

static int close_checked(FILE *f, const char *path)
{
  if (fflush(f) != 0 || ferror(f)) {
    fprintf(stderr, "%s:0: write error: %s\n", path, strerror(errno));
    fclose(f);
    return -1;
  }
  if (fclose(f) != 0) {
    fprintf(stderr, "%s:0: write error: %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

static void usage(FILE *f)
{
  fprintf(f,
          "usage: pmu_golden [--max-cycles N] FILE.stim OUTDIR\n"
          "Run FILE.stim on the C model and write OUTDIR/NAME.stim.hex (inputs per cycle) and\n"
          "OUTDIR/NAME.exp.hex (outputs before and state after each edge) for\n"
          "verif/golden/tb_golden.v (formats: docs/golden.md).\n"
          "  --max-cycles N   refuse stimuli longer than N cycles (default 4096, the TB's memory)\n"
          "Exit status: 0 written, 1 a check failed on the model, 2 usage/parse/I-O error.\n");
}

int main(int argc, char **argv)
{
  static gold_t g;
  const char *file = NULL, *outdir = NULL, *base, *src;
  char err[1024], name[256], ps[4096], pe[4096], ts[4200], te[4200];
  uint64_t cycles = 0, maxc = 4096;
  pmu_stim_t *p;
  pmu_dut_t dut;
  size_t n;
  int r, i;

  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return 0;
    } else if (strcmp(argv[i], "--max-cycles") == 0 && i + 1 < argc) {
      char *end;
      maxc = strtoull(argv[++i], &end, 10);
      if (*end || maxc == 0) {
        fprintf(stderr, "pmu_golden: --max-cycles needs a positive number\n");
        return 2;
      }
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "pmu_golden: unknown option '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    } else if (!file) {
      file = argv[i];
    } else if (!outdir) {
      outdir = argv[i];
    } else {
      usage(stderr);
      return 2;
    }
  }
  if (!file || !outdir) {
    usage(stderr);
    return 2;
  }

  /* NAME = base name without .stim. stdin cannot be used: the stimulus is run twice. */
  if (strcmp(file, "-") == 0) {
    fprintf(stderr, "pmu_golden: stdin is not supported (the stimulus is run twice)\n");
    return 2;
  }
  src = file;
  base = strrchr(file, '/');
  base = base ? base + 1 : file;
  n = strlen(base);
  if (n > 5 && strcmp(base + n - 5, ".stim") == 0) n -= 5;
  if (n == 0 || n >= sizeof name) {
    fprintf(stderr, "%s:0: cannot derive a vector name from the file name\n", file);
    return 2;
  }
  memcpy(name, base, n);
  name[n] = '\0';

  p = pmu_stim_parse(file, err, sizeof err);
  if (!p) {
    fprintf(stderr, "%s\n", err);
    return 2;
  }

  dut.ctx = &g;
  dut.cycle = g_cycle;
  dut.reset = g_reset;
  dut.state = g_state;

  /* Pass 1: count cycles and run the stimulus' own checks on the model. */
  pmu_reset(&g.s);
  g.cyc = 0;
  g.fs = g.fe = NULL;
  r = pmu_stim_run(p, &dut, stderr, &cycles);
  if (r != 0) {
    fprintf(stderr, "%s:0: %s on the model; no vectors written\n", file,
            r < 0 ? "run aborted" : "checks failed");
    pmu_stim_free(p);
    return 1;
  }
  if (cycles == 0 || cycles > maxc) {
    fprintf(stderr, "%s:0: %" PRIu64 " cycles; vectors need 1..%" PRIu64 " (--max-cycles)\n", file,
            cycles, maxc);
    pmu_stim_free(p);
    return 2;
  }

  /* Pass 2: write. */
  snprintf(ps, sizeof ps, "%s/%s.stim.hex", outdir, name);
  snprintf(pe, sizeof pe, "%s/%s.exp.hex", outdir, name);
  snprintf(ts, sizeof ts, "%s.tmp", ps);
  snprintf(te, sizeof te, "%s.tmp", pe);
  g.fs = fopen(ts, "w");
  if (!g.fs) {
    fprintf(stderr, "%s:0: cannot create: %s\n", ts, strerror(errno));
    pmu_stim_free(p);
    return 2;
  }
  g.fe = fopen(te, "w");
  if (!g.fe) {
    fprintf(stderr, "%s:0: cannot create: %s\n", te, strerror(errno));
    fclose(g.fs);
    remove(ts);
    pmu_stim_free(p);
    return 2;
  }
  header(g.fs, "stim", name, src, cycles, 0);
  header(g.fe, "exp", name, src, cycles, 1);
  pmu_reset(&g.s);
  g.cyc = 0;
  g.io_err = 0;
  {
    uint64_t c2 = 0;
    r = pmu_stim_run(p, &dut, stderr, &c2);
    if (r == 0 && c2 != cycles) r = -1;
  }
  pmu_stim_free(p);
  {
    int e1 = close_checked(g.fs, ts), e2 = close_checked(g.fe, te);
    if (r != 0 || g.io_err || e1 || e2) {
      if (r != 0) fprintf(stderr, "%s:0: second run differs from the first\n", file);
      else if (g.io_err) fprintf(stderr, "%s:0: write error\n", ts);
      remove(ts);
      remove(te);
      return 2;
    }
  }
  if (rename(ts, ps) != 0) {
    fprintf(stderr, "%s:0: cannot rename to %s: %s\n", ts, ps, strerror(errno));
    remove(ts);
    remove(te);
    return 2;
  }
  if (rename(te, pe) != 0) {
    fprintf(stderr, "%s:0: cannot rename to %s: %s\n", te, pe, strerror(errno));
    remove(ps);
    remove(te);
    return 2;
  }
  printf("pmu_golden %s: %" PRIu64 " cycles -> %s, %s\n", name, cycles, ps, pe);
  return 0;
}

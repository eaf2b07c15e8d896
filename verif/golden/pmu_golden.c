/* pmu_golden: turn a stimulus file into golden vectors for a plain Verilog testbench, and check
 * golden vector files.
 *
 *   pmu_golden [--max-cycles N] FILE.stim OUTDIR
 *   pmu_golden --check [--max-cycles N] PATH...
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
 * --check validates vector files (each PATH a directory of NAME.stim.hex/NAME.exp.hex pairs, or
 * one file of a pair) against the format of this build: version, every header line, the number
 * of data lines, their hex digits and widths, and the rules between the two files of a pair
 * (pmu_golden.h). Errors are "FILE:LINE: rule", one per bad pair.
 *
 * Files are written to NAME.*.hex.tmp, checked with the same checker, and renamed only when both
 * are complete; on any error both NAME.*.hex are removed from OUTDIR (also older ones), so OUTDIR
 * never holds vectors that disagree with FILE.stim. Exit status: 0 written (or all checked files
 * valid), 1 a check of the stimulus failed on the model (nothing written: the model disagrees with
 * the hand-worked values), 2 usage, parse, format or I/O error. Parse errors are "FILE:LINE: rule"
 * as in pmu_cli.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu_model.h"
#include "pmu_golden.h"

#define MAXBITS 65536 /* enough for THREADS=8 P=16 CW=64 */

/* ---- text buffer ------------------------------------------------------------------------- */
typedef struct {
  char *p;
  size_t n, cap;
  int over;           /* something did not fit */
} sbuf_t;

static void sb_init(sbuf_t *s, char *mem, size_t cap)
{
  s->p = mem;
  s->cap = cap;
  s->n = 0;
  s->over = 0;
  if (cap) mem[0] = '\0';
}

static void sb_printf(sbuf_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf_t *s, const char *fmt, ...)
{
  va_list ap;
  int r;
  if (s->over) return;
  va_start(ap, fmt);
  r = vsnprintf(s->p + s->n, s->cap - s->n, fmt, ap);
  va_end(ap);
  if (r < 0 || (size_t)r >= s->cap - s->n) {
    s->over = 1;
    s->p[s->n] = '\0';
    return;
  }
  s->n += (size_t)r;
}

/* ---- bit buffer: fields appended LSB first ------------------------------------------------- */
typedef struct {
  uint64_t w[MAXBITS / 64];
  unsigned pos;
  sbuf_t *hdr;        /* when non-NULL, field descriptions go here */
  unsigned fstart;
  int over;           /* more than MAXBITS bits */
} bits_t;

static void bb_clear(bits_t *b)
{
  memset(b->w, 0, sizeof b->w);
  b->pos = 0;
  b->over = 0;
}

static void bb_put(bits_t *b, uint64_t v, unsigned n)
{
  unsigned i;
  if (n < 64) v &= (1ull << n) - 1ull;
  for (i = 0; i < n; i++) {
    if (b->pos >= MAXBITS) {
      b->over = 1;
      return;
    }
    if ((v >> i) & 1ull) b->w[b->pos / 64] |= 1ull << (b->pos % 64);
    b->pos++;
  }
}

static void fbegin(bits_t *b) { b->fstart = b->pos; }

static void fend(bits_t *b, const char *name, const char *layout)
{
  if (b->hdr)
    sb_printf(b->hdr, "//   %-12s [%u:%u] %u bits: %s\n", name, b->pos - 1, b->fstart, b->pos - b->fstart,
              layout);
}

/* One field of one scalar. */
static void field(bits_t *b, const char *name, uint64_t v, unsigned n, const char *layout)
{
  fbegin(b);
  bb_put(b, v, n);
  fend(b, name, layout);
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

/* ---- the header: one function for the writer and the checker -------------------------------- */
static const char *const kind_names[2] = {"stim", "exp"};

/* A zero record of KIND through the packer: b->pos is the word width; with b->hdr set, the field
 * lines are appended there. */
static void pack_zero(bits_t *b, int kind)
{
  static pmu_in_t zi;
  static pmu_out_t zo;
  static pmu_state_t zs;
  if (kind == PMU_GOLDEN_EXP) pack_exp(b, 0, &zo, &zs);
  else pack_in(b, 0, &zi);
}

unsigned pmu_golden_width(int kind)
{
  static bits_t b;
  bb_clear(&b);
  b.hdr = NULL;
  pack_zero(&b, kind);
  return b.pos;
}

static void params_line(sbuf_t *s)
{
  /* PIPE only when not 0 (spec 4): the vectors of PIPE = 0, the shipped ones among them, keep
   * the line they had before the other pipeline settings got vectors */
  sb_printf(s, "// params THREADS=%d P=%d CW=%d W=%d LW=%d NW=%d CRW=%d AW=%d NS_PER_TICK=%d", PMU_THREADS,
            PMU_P, PMU_CW, PMU_W, PMU_LW, PMU_NW, PMU_CRW, PMU_AW, PMU_NS_PER_TICK);
  if (PMU_PIPE != 0) sb_printf(s, " PIPE=%d", PMU_PIPE);
  sb_printf(s, "\n");
}

/* The whole header of a KIND file (docs/golden.md), "\n" after every line. */
static void header_text(sbuf_t *s, int kind, const char *name, const char *src, uint64_t cycles)
{
  static bits_t hb;
  unsigned width = pmu_golden_width(kind);
  sb_printf(s, "// %s %s v%d\n", PMU_GOLDEN_MAGIC, kind_names[kind], PMU_GOLDEN_VERSION);
  sb_printf(s, "// name %s\n", name);
  sb_printf(s, "// source %s\n", src);
  params_line(s);
  sb_printf(s, "// cycles %" PRIu64 "\n", cycles);
  sb_printf(s, "// width %u\n", width);
  sb_printf(s, "// One line per cycle (line c = cycle c, 0-based, after an initial reset), %u hex digits,\n"
               "// bit 0 = LSB of the last digit. Fields: name [msb:lsb] width: layout:\n",
            (width + 3) / 4);
  bb_clear(&hb);
  hb.hdr = s;
  pack_zero(&hb, kind);
  hb.hdr = NULL;
  sb_printf(s, "// end of header\n");
}

/* ---- checker ------------------------------------------------------------------------------- */
typedef struct {
  const char *p;      /* line start */
  size_t n;           /* length without the newline */
  int nl;             /* ended by '\n' (0: last line of a file without a final newline) */
} line_t;

typedef struct {
  const char *path, *buf;
  size_t len, pos;
  unsigned long ln;   /* number of the last line read (1-based) */
  char *err;
  size_t errlen;
} rd_t;

static int next_line(rd_t *r, line_t *l)
{
  const char *nl;
  if (r->pos >= r->len) return 0;
  l->p = r->buf + r->pos;
  nl = memchr(l->p, '\n', r->len - r->pos);
  if (nl) {
    l->n = (size_t)(nl - l->p);
    l->nl = 1;
    r->pos += l->n + 1;
  } else {
    l->n = r->len - r->pos;
    l->nl = 0;
    r->pos = r->len;
  }
  r->ln++;
  return 1;
}

static int fail_at(rd_t *r, unsigned long ln, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail_at(rd_t *r, unsigned long ln, const char *fmt, ...)
{
  va_list ap;
  int k;
  if (!r->err || !r->errlen) return -1;
  k = snprintf(r->err, r->errlen, "%s:%lu: ", r->path, ln);
  if (k >= 0 && (size_t)k < r->errlen) {
    va_start(ap, fmt);
    vsnprintf(r->err + k, r->errlen - (size_t)k, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* A printable excerpt of a line for messages: at most 60 characters, others as '?'. */
static const char *excerpt(const char *p, size_t n)
{
  static char b[72];
  size_t i, m = n > 60 ? 60 : n;
  for (i = 0; i < m; i++) b[i] = (p[i] >= 0x20 && p[i] < 0x7f) ? p[i] : '?';
  if (n > m) {
    memcpy(b + m, "...", 3);
    m += 3;
  }
  b[m] = '\0';
  return b;
}

static int has_prefix(const line_t *l, const char *pre)
{
  size_t k = strlen(pre);
  return l->n >= k && memcmp(l->p, pre, k) == 0;
}

/* Rules every header line obeys: read it, a newline, no control characters, bounded length. */
static int header_line(rd_t *r, line_t *l, const char *what)
{
  size_t i;
  if (!next_line(r, l))
    return fail_at(r, r->ln + 1, "file ends in the header (before the %s line)", what);
  if (!l->nl) return fail_at(r, r->ln, "header line has no newline (file truncated?)");
  if (l->n > PMU_GOLDEN_MAX_HDR_LINE)
    return fail_at(r, r->ln, "header line longer than %d characters", PMU_GOLDEN_MAX_HDR_LINE);
  for (i = 0; i < l->n; i++) {
    unsigned char c = (unsigned char)l->p[i];
    if (c == '\r') return fail_at(r, r->ln, "carriage return in the header (DOS line ending?)");
    if (c < 0x20 || c == 0x7f) return fail_at(r, r->ln, "control character 0x%02x in the header", c);
  }
  return 0;
}

/* Parse a decimal number of at most 19 digits, the whole of [p, p+n). */
static int parse_dec(const char *p, size_t n, uint64_t *v)
{
  uint64_t x = 0;
  size_t i;
  if (n == 0 || n > 19) return -1;
  for (i = 0; i < n; i++) {
    if (p[i] < '0' || p[i] > '9') return -1;
    x = x * 10 + (uint64_t)(p[i] - '0');
  }
  *v = x;
  return 0;
}

static int hexval(unsigned char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Internal result of a file check, for the pair rules. */
typedef struct {
  pmu_golden_info_t info;
  size_t data_off;          /* byte offset of the first data line */
  unsigned long data_ln;    /* its line number */
  unsigned digits;          /* hex digits per data line */
} chk_t;

static int check_one(rd_t *r, int want_kind, uint64_t maxc, chk_t *out)
{
  static char hmem[32768];
  static char srcbuf[PMU_GOLDEN_MAX_HDR_LINE + 1];
  sbuf_t hs;
  line_t l, e;
  rd_t er;
  const char *q;
  size_t k, i;
  int kind;
  uint64_t ver, cycles, c;
  unsigned width, digits, topmax;
  char name[PMU_GOLDEN_MAX_NAME + 1];
  const char *pre = "// " PMU_GOLDEN_MAGIC " ";

  if (maxc == 0 || maxc > PMU_GOLDEN_MAX_CYCLES) maxc = PMU_GOLDEN_MAX_CYCLES;
  memset(out, 0, sizeof *out);

  /* line 1: "// stallscope-golden KIND vN" */
  if (r->len == 0)
    return fail_at(r, 1, "empty file (a golden vector file starts with '%sstim|exp v%d')", pre,
                   PMU_GOLDEN_VERSION);
  if (!next_line(r, &l) || !has_prefix(&l, pre)) {
    size_t z;
    for (z = 0; z < r->len && z < 256; z++)
      if (r->buf[z] == '\0')
        return fail_at(r, 1, "not a golden vector file (binary data; the first line must be '%sstim|exp v%d')",
                       pre, PMU_GOLDEN_VERSION);
    return fail_at(r, 1, "not a golden vector file: the first line must be '%sstim|exp v%d', found '%s'", pre,
                   PMU_GOLDEN_VERSION, excerpt(l.p, l.n));
  }
  r->pos = 0;
  r->ln = 0;
  if (header_line(r, &l, "format")) return -1;
  q = l.p + strlen(pre);
  k = l.n - strlen(pre);
  for (i = 0; i < k && q[i] != ' '; i++) {}
  if (i == 4 && memcmp(q, "stim", 4) == 0) kind = PMU_GOLDEN_STIM;
  else if (i == 3 && memcmp(q, "exp", 3) == 0) kind = PMU_GOLDEN_EXP;
  else return fail_at(r, 1, "unknown kind '%s' (stim or exp)", excerpt(q, i));
  if (i + 2 > k || q[i + 1] != 'v' || parse_dec(q + i + 2, k - i - 2, &ver) || (k - i - 2 > 1 && q[i + 2] == '0'))
    return fail_at(r, 1, "malformed format line: expected '%s%s vN', found '%s'", pre, kind_names[kind],
                   excerpt(l.p, l.n));
  if (ver != PMU_GOLDEN_VERSION)
    return fail_at(r, 1, "format version %" PRIu64 "; this tool reads version %d (regenerate the vectors)", ver,
                   PMU_GOLDEN_VERSION);
  if (want_kind != PMU_GOLDEN_ANY && kind != want_kind)
    return fail_at(r, 1, "kind '%s' where a '%s' file is expected", kind_names[kind], kind_names[want_kind]);

  /* line 2: "// name NAME" */
  if (header_line(r, &l, "name")) return -1;
  if (!has_prefix(&l, "// name ")) return fail_at(r, r->ln, "expected '// name NAME', found '%s'", excerpt(l.p, l.n));
  q = l.p + 8;
  k = l.n - 8;
  if (k == 0) return fail_at(r, r->ln, "empty vector name");
  if (k > PMU_GOLDEN_MAX_NAME) return fail_at(r, r->ln, "vector name longer than %d characters", PMU_GOLDEN_MAX_NAME);
  for (i = 0; i < k; i++)
    if (q[i] == ' ') return fail_at(r, r->ln, "vector name '%s' contains a space", excerpt(q, k));
  memcpy(name, q, k);
  name[k] = '\0';

  /* line 3: "// source TEXT" */
  if (header_line(r, &l, "source")) return -1;
  if (!has_prefix(&l, "// source ") || l.n == 10)
    return fail_at(r, r->ln, "expected '// source FILE.stim', found '%s'", excerpt(l.p, l.n));
  memcpy(srcbuf, l.p + 10, l.n - 10);
  srcbuf[l.n - 10] = '\0';

  /* line 4: parameters of this build */
  if (header_line(r, &l, "params")) return -1;
  {
    char pm[256];
    sbuf_t ps;
    sb_init(&ps, pm, sizeof pm);
    params_line(&ps);
    if (!has_prefix(&l, "// params "))
      return fail_at(r, r->ln, "expected '// params ...', found '%s'", excerpt(l.p, l.n));
    if (l.n != ps.n - 1 || memcmp(l.p, pm, l.n) != 0) {
      pm[ps.n - 1] = '\0';
      return fail_at(r, r->ln, "parameters differ from this build: file '%s', build '%s'",
                     excerpt(l.p + 10, l.n - 10), pm + 10);
    }
  }

  /* line 5: "// cycles N" */
  if (header_line(r, &l, "cycles")) return -1;
  if (!has_prefix(&l, "// cycles ") || parse_dec(l.p + 10, l.n - 10, &cycles) || (l.n > 11 && l.p[10] == '0'))
    return fail_at(r, r->ln, "expected '// cycles N' (N decimal), found '%s'", excerpt(l.p, l.n));
  if (cycles < 1 || cycles > maxc)
    return fail_at(r, r->ln, "cycles %" PRIu64 " out of range 1..%" PRIu64 " (--max-cycles)", cycles, maxc);

  /* lines 6..: exactly the writer's header for these values */
  width = pmu_golden_width(kind);
  sb_init(&hs, hmem, sizeof hmem);
  header_text(&hs, kind, name, srcbuf, cycles);
  if (hs.over) return fail_at(r, r->ln, "internal error: header text too long");
  er.path = "";
  er.buf = hs.p;
  er.len = hs.n;
  er.pos = 0;
  er.ln = 0;
  er.err = NULL;
  er.errlen = 0;
  for (i = 0; i < 5; i++) next_line(&er, &e);
  while (next_line(&er, &e)) {
    int is_end = e.n == 16 && memcmp(e.p, "// end of header", 16) == 0;
    if (header_line(r, &l, er.ln == 6 ? "width" : is_end ? "'// end of header'" : "field")) return -1;
    if (l.n == e.n && memcmp(l.p, e.p, l.n) == 0) continue;
    if (er.ln == 6) {
      uint64_t w;
      if (has_prefix(&l, "// width ") && !parse_dec(l.p + 9, l.n - 9, &w))
        return fail_at(r, r->ln, "width %" PRIu64 "; a %s word of this build has %u bits", w, kind_names[kind],
                       width);
      return fail_at(r, r->ln, "expected '// width %u', found '%s'", width, excerpt(l.p, l.n));
    }
    if (is_end)
      return fail_at(r, r->ln, "expected '// end of header', found '%s'", excerpt(l.p, l.n));
    if (er.ln <= 8)
      return fail_at(r, r->ln, "header line differs from the format: expected '%s'", excerpt(e.p, e.n));
    return fail_at(r, r->ln, "field layout differs from this build: expected '%s'", excerpt(e.p, e.n));
  }

  /* data: exactly CYCLES lines of DIGITS hex digits */
  digits = (width + 3) / 4;
  topmax = (width % 4) ? (1u << (width % 4)) - 1u : 15u;
  out->data_off = r->pos;
  out->data_ln = r->ln + 1;
  for (c = 0; c < cycles; c++) {
    if (!next_line(r, &l))
      return fail_at(r, r->ln + 1, "file ends after %" PRIu64 " data line%s; the header says cycles %" PRIu64, c,
                     c == 1 ? "" : "s", cycles);
    if (l.n == 0) return fail_at(r, r->ln, "empty line (one data line per cycle)");
    if (l.n >= 2 && l.p[0] == '/' && l.p[1] == '/') return fail_at(r, r->ln, "comment line among the data lines");
    for (i = 0; i < l.n; i++) {
      unsigned char ch = (unsigned char)l.p[i];
      if (hexval(ch) >= 0) continue;
      if (ch == '\r') return fail_at(r, r->ln, "carriage return (DOS line ending?)");
      if (ch >= 0x21 && ch < 0x7f)
        return fail_at(r, r->ln, "'%c' at column %lu is not a hex digit", ch, (unsigned long)i + 1);
      return fail_at(r, r->ln, "byte 0x%02x at column %lu is not a hex digit", ch, (unsigned long)i + 1);
    }
    if (l.n != digits)
      return fail_at(r, r->ln, "%lu hex digits; a %u-bit word has exactly %u", (unsigned long)l.n, width, digits);
    if ((unsigned)hexval((unsigned char)l.p[0]) > topmax)
      return fail_at(r, r->ln, "bits above the %u-bit word are set (first digit '%c')", width, l.p[0]);
    if (!l.nl) return fail_at(r, r->ln, "last line has no newline (file truncated?)");
    if (kind == PMU_GOLDEN_STIM && (hexval((unsigned char)l.p[digits - 1]) & 1)) {
      if ((hexval((unsigned char)l.p[digits - 1]) & 14) != 0) goto rst_bad;
      for (i = 0; i + 1 < digits; i++)
        if (l.p[i] != '0') goto rst_bad;
    }
    continue;
  rst_bad:
    return fail_at(r, r->ln, "reset line (rst = 1) with other inputs set; a reset cycle drives all inputs 0");
  }
  if (next_line(r, &l))
    return fail_at(r, r->ln, "more data lines than the header's cycles %" PRIu64, cycles);

  out->info.kind = kind;
  memcpy(out->info.name, name, strlen(name) + 1);
  out->info.cycles = cycles;
  out->info.width = width;
  out->digits = digits;
  return 0;
}

static void rd_init(rd_t *r, const char *path, const char *buf, size_t len, char *err, size_t errlen)
{
  r->path = path ? path : "<buffer>";
  r->buf = buf;
  r->len = buf ? len : 0;
  r->pos = 0;
  r->ln = 0;
  r->err = err;
  r->errlen = errlen;
  if (err && errlen) err[0] = '\0';
}

int pmu_golden_check_buf(const char *path, const char *buf, size_t len, int kind, uint64_t max_cycles,
                         pmu_golden_info_t *info, char *err, size_t errlen)
{
  rd_t r;
  chk_t c;
  if (kind != PMU_GOLDEN_STIM && kind != PMU_GOLDEN_EXP) kind = PMU_GOLDEN_ANY;
  rd_init(&r, path, buf, len, err, errlen);
  if (check_one(&r, kind, max_cycles, &c)) return -1;
  if (info) *info = c.info;
  return 0;
}

int pmu_golden_check_pair_buf(const char *stim_path, const char *sbuf, size_t slen,
                              const char *exp_path, const char *ebuf, size_t elen,
                              uint64_t max_cycles, pmu_golden_info_t *info, char *err, size_t errlen)
{
  rd_t rs, re;
  chk_t cs, ce;
  uint64_t c;
  rd_init(&rs, stim_path, sbuf, slen, err, errlen);
  rd_init(&re, exp_path, ebuf, elen, err, errlen);
  if (check_one(&rs, PMU_GOLDEN_STIM, max_cycles, &cs)) return -1;
  if (check_one(&re, PMU_GOLDEN_EXP, max_cycles, &ce)) return -1;
  if (strcmp(cs.info.name, ce.info.name) != 0)
    return fail_at(&re, 2, "name '%s' differs from the stimulus file's '%s' (%s)", ce.info.name, cs.info.name,
                   rs.path);
  if (cs.info.cycles != ce.info.cycles)
    return fail_at(&re, 5, "cycles %" PRIu64 " differ from the stimulus file's %" PRIu64 " (%s)", ce.info.cycles,
                   cs.info.cycles, rs.path);
  for (c = 0; c < cs.info.cycles; c++) {
    /* both files were checked: line c is DIGITS hex digits and a newline */
    int rst = hexval((unsigned char)sbuf[cs.data_off + c * (cs.digits + 1) + cs.digits - 1]) & 1;
    int chk = hexval((unsigned char)ebuf[ce.data_off + c * (ce.digits + 1) + ce.digits - 1]) & 1;
    if (chk == rst)
      return fail_at(&re, ce.data_ln + (unsigned long)c, "chk_out is %d but %s:%lu is %sa reset line (chk_out = 0 exactly in reset cycles)",
                     chk, rs.path, cs.data_ln + (unsigned long)c, rst ? "" : "not ");
  }
  if (info) *info = cs.info;
  return 0;
}

/* Read a whole file; NULL with "PATH:0: ..." in err on failure. */
static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
  FILE *f = fopen(path, "rb");
  char *b = NULL, *nb;
  size_t n = 0, cap = 0, got;
  if (!f) {
    if (err && errlen) snprintf(err, errlen, "%s:0: cannot open: %s", path, strerror(errno));
    return NULL;
  }
  for (;;) {
    if (n == cap) {
      if (cap >= ((size_t)1 << 31)) {
        if (err && errlen) snprintf(err, errlen, "%s:0: file larger than 2 GiB", path);
        goto fail;
      }
      cap = cap ? cap * 2 : 65536;
      nb = realloc(b, cap);
      if (!nb) {
        if (err && errlen) snprintf(err, errlen, "%s:0: out of memory", path);
        goto fail;
      }
      b = nb;
    }
    got = fread(b + n, 1, cap - n, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    if (err && errlen) snprintf(err, errlen, "%s:0: cannot read: %s", path, errno ? strerror(errno) : "I/O error");
    goto fail;
  }
  fclose(f);
  *len = n;
  return b;
fail:
  fclose(f);
  free(b);
  return NULL;
}

static int ends_with(const char *s, const char *suf)
{
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && strcmp(s + a - b, suf) == 0;
}

int pmu_golden_check_pair(const char *stim_path, const char *exp_path, uint64_t max_cycles,
                          pmu_golden_info_t *info, char *err, size_t errlen)
{
  size_t sl = 0, el = 0;
  char *sb, *eb;
  pmu_golden_info_t in;
  int r;
  sb = read_file(stim_path, &sl, err, errlen);
  if (!sb) return -1;
  eb = read_file(exp_path, &el, err, errlen);
  if (!eb) {
    free(sb);
    return -1;
  }
  r = pmu_golden_check_pair_buf(stim_path, sb, sl, exp_path, eb, el, max_cycles, &in, err, errlen);
  free(sb);
  free(eb);
  if (r) return -1;
  /* NAME.stim.hex must hold the vectors named NAME */
  if (ends_with(stim_path, ".stim.hex")) {
    const char *base = strrchr(stim_path, '/');
    size_t n;
    base = base ? base + 1 : stim_path;
    n = strlen(base) - 9;
    if (strlen(in.name) != n || strncmp(in.name, base, n) != 0) {
      if (err && errlen)
        snprintf(err, errlen, "%s:2: name '%s' differs from the file name (%.*s.stim.hex)", stim_path, in.name,
                 (int)(n > 200 ? 200 : n), base);
      return -1;
    }
  }
  if (info) *info = in;
  return 0;
}

#ifndef PMU_GOLDEN_NO_MAIN
/* ---- the writer ---------------------------------------------------------------------------- */
#include <dirent.h>
#include <sys/stat.h>

#include "pmu_stim.h"

/* ---- recording dut ------------------------------------------------------------------------- */
typedef struct {
  pmu_state_t s;
  uint64_t cyc;
  FILE *fs, *fe;   /* NULL: count only */
  int io_err;
  bits_t b;
} gold_t;

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

static void emit(gold_t *g, int rst, const pmu_in_t *in, const pmu_out_t *o)
{
  if (g->fs && !g->io_err) {
    bb_clear(&g->b);
    pack_in(&g->b, rst, in);
    if (g->b.over || bb_write(&g->b, g->fs)) g->io_err = 1;
    bb_clear(&g->b);
    pack_exp(&g->b, !rst, o, &g->s);
    if (g->b.over || bb_write(&g->b, g->fe)) g->io_err = 1;
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

static int write_header(FILE *f, int kind, const char *name, const char *src, uint64_t cycles)
{
  static char mem[32768];
  sbuf_t s;
  sb_init(&s, mem, sizeof mem);
  header_text(&s, kind, name, src, cycles);
  if (s.over) return -1;
  return fputs(s.p, f) < 0 ? -1 : 0;
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
          "       pmu_golden --check [--max-cycles N] PATH...\n"
          "Run FILE.stim on the C model and write OUTDIR/NAME.stim.hex (inputs per cycle) and\n"
          "OUTDIR/NAME.exp.hex (outputs before and state after each edge) for\n"
          "verif/golden/tb_golden.v (formats: docs/golden.md). With --check, validate vector files\n"
          "instead: each PATH is a directory of NAME.stim.hex/NAME.exp.hex pairs or one file of a pair.\n"
          "  --max-cycles N   refuse more than N cycles (1..%u; default 4096, the TB's memory)\n"
          "  --check          check vector files against this build's format (FILE:LINE: rule)\n"
          "Exit status: 0 written/valid, 1 a check failed on the model, 2 usage, parse, format or\n"
          "I/O error.\n",
          PMU_GOLDEN_MAX_CYCLES);
}

static int usage_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_err(const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, "pmu_golden: ");
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n(pmu_golden --help for usage)\n");
  return 2;
}

/* Strict decimal option value: digits only, no sign, no leading blanks. */
static int opt_count(const char *opt, const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
  uint64_t x;
  if (!v) {
    usage_err("%s needs a value (%" PRIu64 "..%" PRIu64 ")", opt, lo, hi);
    return -1;
  }
  if (parse_dec(v, strlen(v), &x)) {
    usage_err("%s: '%s' is not a decimal number", opt, v);
    return -1;
  }
  if (x < lo || x > hi) {
    usage_err("%s: %s is out of range (%" PRIu64 "..%" PRIu64 ")", opt, v, lo, hi);
    return -1;
  }
  *out = x;
  return 0;
}

/* ---- --check ------------------------------------------------------------------------------ */
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Check the pair STIM/EXP; prints the error. Returns 0 ok, 1 bad. */
static int check_pair_report(const char *stim, const char *exp, uint64_t maxc, unsigned *npairs)
{
  char err[1024];
  pmu_golden_info_t in;
  (*npairs)++;
  if (pmu_golden_check_pair(stim, exp, maxc, &in, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  return 0;
}

static char *join(const char *dir, const char *name)
{
  size_t a = strlen(dir), b = strlen(name);
  char *p = malloc(a + b + 2);
  if (!p) {
    fprintf(stderr, "pmu_golden: out of memory\n");
    exit(2);
  }
  memcpy(p, dir, a);
  p[a] = '/';
  memcpy(p + a + 1, name, b + 1);
  return p;
}

/* PATH NAME.stim.hex or NAME.exp.hex -> the other file's path (malloc'd), or NULL. */
static char *partner(const char *path)
{
  size_t n = strlen(path);
  char *p;
  if (ends_with(path, ".stim.hex")) {
    p = malloc(n);
    if (!p) return NULL;
    memcpy(p, path, n - 9);
    strcpy(p + n - 9, ".exp.hex");
    return p;
  }
  if (ends_with(path, ".exp.hex")) {
    p = malloc(n + 2);
    if (!p) return NULL;
    memcpy(p, path, n - 8);
    strcpy(p + n - 8, ".stim.hex");
    return p;
  }
  return NULL;
}

static int exists(const char *p)
{
  struct stat st;
  return stat(p, &st) == 0;
}

static int check_path(const char *path, uint64_t maxc, unsigned *npairs)
{
  struct stat st;
  int bad = 0;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "%s:0: cannot open: %s\n", path, strerror(errno));
    return 1;
  }
  if (S_ISDIR(st.st_mode)) {
    DIR *d = opendir(path);
    struct dirent *de;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    unsigned found = 0;
    if (!d) {
      fprintf(stderr, "%s:0: cannot open: %s\n", path, strerror(errno));
      return 1;
    }
    while ((de = readdir(d)) != NULL) {
      if (!ends_with(de->d_name, ".stim.hex") && !ends_with(de->d_name, ".exp.hex")) continue;
      if (n == cap) {
        char **nn = realloc(names, (cap = cap ? cap * 2 : 32) * sizeof *names);
        if (!nn) {
          fprintf(stderr, "pmu_golden: out of memory\n");
          exit(2);
        }
        names = nn;
      }
      names[n++] = join(path, de->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_str);
    for (i = 0; i < n; i++) {
      char *o = partner(names[i]);
      if (!o) {
        fprintf(stderr, "pmu_golden: out of memory\n");
        exit(2);
      }
      if (!exists(o)) {
        fprintf(stderr, "%s:0: no partner file %s (vectors come in NAME.stim.hex/NAME.exp.hex pairs)\n", names[i], o);
        bad = 1;
      } else if (ends_with(names[i], ".stim.hex")) {
        found++;
        bad |= check_pair_report(names[i], o, maxc, npairs);
      }
      free(o);
      free(names[i]);
    }
    free(names);
    if (!found && !bad) {
      fprintf(stderr, "%s:0: no golden vector files (NAME.stim.hex with NAME.exp.hex) in this directory\n", path);
      bad = 1;
    }
    return bad;
  }
  {
    char *o = partner(path);
    int r;
    if (!o) {
      fprintf(stderr, "%s:0: not a golden vector file name (NAME.stim.hex or NAME.exp.hex)\n", path);
      return 1;
    }
    r = ends_with(path, ".stim.hex") ? check_pair_report(path, o, maxc, npairs)
                                      : check_pair_report(o, path, maxc, npairs);
    free(o);
    return r;
  }
}

/* ---- main ---------------------------------------------------------------------------------- */
static void discard(const char *ps, const char *pe, const char *ts, const char *te)
{
  remove(ts);
  remove(te);
  remove(ps);
  remove(pe);
}

int main(int argc, char **argv)
{
  static gold_t g;
  const char *pos[2] = {NULL, NULL};
  const char *file, *outdir, *base;
  char err[1024], name[PMU_GOLDEN_MAX_NAME + 1], ps[4096], pe[4096], ts[4200], te[4200];
  uint64_t cycles = 0, maxc = 4096;
  int have_maxc = 0, check = 0, opts_done = 0, npos = 0, r, i;
  pmu_stim_t *p;
  pmu_dut_t dut;
  struct stat st;
  size_t n;

  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!opts_done && strcmp(a, "--") == 0) {
      opts_done = 1;
    } else if (!opts_done && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
      usage(stdout);
      return 0;
    } else if (!opts_done && strcmp(a, "--check") == 0) {
      if (check) return usage_err("--check given twice");
      check = 1;
    } else if (!opts_done && (strcmp(a, "--max-cycles") == 0 || strncmp(a, "--max-cycles=", 13) == 0)) {
      const char *v = a[12] == '=' ? a + 13 : (i + 1 < argc ? argv[++i] : NULL);
      if (have_maxc) return usage_err("--max-cycles given twice");
      if (opt_count("--max-cycles", v, 1, PMU_GOLDEN_MAX_CYCLES, &maxc)) return 2;
      have_maxc = 1;
    } else if (!opts_done && a[0] == '-' && a[1] != '\0') {
      return usage_err("unknown option '%s'", a);
    } else if (check) {
      npos++;
    } else {
      if (npos < 2) pos[npos] = a;
      npos++;
    }
  }

  if (check) {
    unsigned npairs = 0;
    int bad = 0;
    if (npos == 0) return usage_err("--check needs at least one directory or vector file");
    opts_done = 0;
    for (i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (!opts_done && strcmp(a, "--") == 0) opts_done = 1;
      else if (!opts_done && strcmp(a, "--max-cycles") == 0) i++;
      else if (!opts_done && a[0] == '-' && a[1] != '\0') continue;
      else bad |= check_path(a, maxc, &npairs);
    }
    if (bad) return 2;
    printf("pmu_golden --check: %u vector pair%s valid\n", npairs, npairs == 1 ? "" : "s");
    return fflush(stdout) == 0 ? 0 : 2;
  }

  if (npos != 2) return usage_err("expected FILE.stim OUTDIR, got %d argument%s", npos, npos == 1 ? "" : "s");
  file = pos[0];
  outdir = pos[1];

  /* NAME = base name without .stim. stdin cannot be used: the stimulus is run twice. */
  if (strcmp(file, "-") == 0) return usage_err("stdin is not supported (the stimulus is run twice)");
  for (base = file; *base; base++)
    if ((unsigned char)*base < 0x20 || *base == 0x7f) {
      fprintf(stderr, "pmu_golden: the file name contains control characters (it goes into the header)\n");
      return 2;
    }
  base = strrchr(file, '/');
  base = base ? base + 1 : file;
  n = strlen(base);
  if (n > 5 && strcmp(base + n - 5, ".stim") == 0) n -= 5;
  if (n == 0 || n > PMU_GOLDEN_MAX_NAME) {
    fprintf(stderr, "%s:0: cannot derive a vector name (1..%d characters) from the file name\n", file,
            PMU_GOLDEN_MAX_NAME);
    return 2;
  }
  memcpy(name, base, n);
  name[n] = '\0';
  if (strchr(name, ' ')) {
    fprintf(stderr, "%s:0: the vector name '%s' contains a space (testbenches read it as one word)\n", file, name);
    return 2;
  }
  if (stat(outdir, &st) != 0) {
    fprintf(stderr, "%s:0: output directory: %s\n", outdir, strerror(errno));
    return 2;
  }
  if (!S_ISDIR(st.st_mode)) {
    fprintf(stderr, "%s:0: output directory: not a directory\n", outdir);
    return 2;
  }
  if ((size_t)snprintf(ps, sizeof ps, "%s/%s.stim.hex", outdir, name) >= sizeof ps ||
      (size_t)snprintf(pe, sizeof pe, "%s/%s.exp.hex", outdir, name) >= sizeof pe) {
    fprintf(stderr, "%s:0: output path too long\n", outdir);
    return 2;
  }
  snprintf(ts, sizeof ts, "%s.tmp", ps);
  snprintf(te, sizeof te, "%s.tmp", pe);

  /* From here on every failure removes OUTDIR/NAME.*.hex: no vectors that disagree with FILE. */
  p = pmu_stim_parse(file, err, sizeof err);
  if (!p) {
    fprintf(stderr, "%s\n", err);
    discard(ps, pe, ts, te);
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
    discard(ps, pe, ts, te);
    return 1;
  }
  if (cycles == 0 || cycles > maxc) {
    fprintf(stderr, "%s:0: %" PRIu64 " cycles; vectors need 1..%" PRIu64 " (--max-cycles)\n", file, cycles, maxc);
    pmu_stim_free(p);
    discard(ps, pe, ts, te);
    return 2;
  }

  /* Pass 2: write. */
  g.fs = fopen(ts, "w");
  if (!g.fs) {
    fprintf(stderr, "%s:0: cannot create: %s\n", ts, strerror(errno));
    pmu_stim_free(p);
    discard(ps, pe, ts, te);
    return 2;
  }
  g.fe = fopen(te, "w");
  if (!g.fe) {
    fprintf(stderr, "%s:0: cannot create: %s\n", te, strerror(errno));
    fclose(g.fs);
    pmu_stim_free(p);
    discard(ps, pe, ts, te);
    return 2;
  }
  g.io_err = write_header(g.fs, PMU_GOLDEN_STIM, name, file, cycles) != 0 ||
             write_header(g.fe, PMU_GOLDEN_EXP, name, file, cycles) != 0;
  pmu_reset(&g.s);
  g.cyc = 0;
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
      discard(ps, pe, ts, te);
      return 2;
    }
  }
  /* The writer's output must pass the reader: both use header_text(), this catches the rest. */
  if (pmu_golden_check_pair(ts, te, maxc, NULL, err, sizeof err)) {
    fprintf(stderr, "pmu_golden: internal error: the written vectors fail the check: %s\n", err);
    discard(ps, pe, ts, te);
    return 2;
  }
  if (rename(ts, ps) != 0) {
    fprintf(stderr, "%s:0: cannot rename to %s: %s\n", ts, ps, strerror(errno));
    discard(ps, pe, ts, te);
    return 2;
  }
  if (rename(te, pe) != 0) {
    fprintf(stderr, "%s:0: cannot rename to %s: %s\n", te, pe, strerror(errno));
    discard(ps, pe, ts, te);
    return 2;
  }
  printf("pmu_golden %s: %" PRIu64 " cycles -> %s, %s\n", name, cycles, ps, pe);
  return 0;
}
#endif /* PMU_GOLDEN_NO_MAIN */

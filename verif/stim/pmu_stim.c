/* Stimulus files (docs/stimulus.md): parser and runner, shared by the model CLI and the
 * lockstep harness.
 *
 * The parser reads the whole file into memory, checks every line and turns it into an array
 * of operations; any malformed line makes pmu_stim_parse() fail with "FILE:LINE: rule" before
 * a single cycle runs. The runner then replays the operations against a pmu_dut_t.
 *
 * Conventions chosen where docs/stimulus.md is silent (see also the comments at each rule):
 * - All inputs start at 0 (thread in user mode, no tick, no lanes/slots/flags, idle bus).
 *   The DUT is expected to be in its reset state when pmu_stim_run() starts; the runner does
 *   not reset it.
 * - The idle bus is psel=penable=pwrite=0, paddr=pwdata=0, pstrb=0, pprot=0. A transfer drives
 *   pprot=1 (privileged; 0 with `user`), pstrb=S (default 0xf) for writes and 0 for reads.
 * - `reset` counts as one cycle. `rdp` restores rdp_req=0 and rdp_sel=0 after its cycle.
 * - "(cycle C)" in a failure message is the 0-based index of the cycle whose values were
 *   checked: for rd/wr the access cycle; for expect the next cycle to run (= cycles run so far).
 * - Each failed comparison is one failed check (a rd line can fail twice: pslverr and prdata;
 *   `expect rdp` does not compare data when valid is 0).
 * - Sticky inputs survive `reset` (it resets the DUT's state, not the stimulus).
 * - wr/rd options may come in any order, each at most once; for rd, "= VALUE" (or "=VALUE")
 *   comes last. `.lo` is accepted in wr/rd too (same as no suffix).
 * - `flags T 0` accepts only 0, as documented; set flags one by one with `flag`.
 * - Value widths: wr data, rd "= VALUE" and word expects 32 bits; lane LW; slot/stk NW;
 *   rdp SEL 3 bits; strb 4 bits; raw addresses AW bits (any expression, bits [1:0] kept);
 *   expect of a whole 64-bit counter CW bits (it compares cnt_q), of gctrl/gstatus 64 bits
 *   (pmu_peek() of both words); expect rdp 64 bits; stacksum CYCLES such that W*CYCLES fits
 *   64 bits. A value never wraps silently.
 * - An `expect` on an address that pmu_peek() does not map is a failed check, not a parse
 *   error (only the model knows the map of raw addresses).
 * - A line holds at most 16 tokens (the longest valid line has 6).
 * - File-level errors (cannot open/read the file) are reported as "FILE:0: ...".
 * - Reading from stdin ("-") reports the file as "<stdin>".
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu_stim.h"

/* ------------------------------------------------------------------------------------------ */
/* Program representation                                                                     */

enum {
  OP_STEP,      /* val = N */
  OP_LANE,      /* t, a = ev_ext index, b = value */
  OP_PRIV,      /* t, a = 0 user / 1 os */
  OP_TICK,      /* a = 0/1 */
  OP_SLOT,      /* t, a = F, b = I, c = R */
  OP_STK,       /* t, a = stage, b = n, c = wp */
  OP_FLAG,      /* t, a = flag bit, b = 0/1 */
  OP_FLAGS,     /* t: clear all flags */
  OP_WR,        /* addr, val = data, a = strb, opt */
  OP_RD,        /* addr, val = expected data (if OPT_VAL), opt */
  OP_RDP,       /* t, a = sel */
  OP_RESET,
  OP_EXP_WORD,  /* addr, val: 32-bit word through pmu_peek() */
  OP_EXP_WIDE,  /* addr = low word, val: 64-bit non-counter register (lo|hi via pmu_peek()) */
  OP_EXP_CNT,   /* idx = bank index, val: whole counter from cnt_q */
  OP_EXP_IRQ,   /* t, val */
  OP_EXP_RDP,   /* t, val */
  OP_EXP_STKSUM, /* t, a = stage, val = CYCLES */
  OP_CMT        /* t, a = slot, b = signature, addr = program address (SAMPLER builds) */
};

#define OPT_USER 1u
#define OPT_ERR 2u
#define OPT_VAL 4u

typedef struct {
  uint8_t kind, t, a, b, c, opt;
  uint32_t addr;
  uint32_t idx;
  unsigned long line;
  uint64_t val;
  const char *name; /* register name as written (points into the file buffer) */
} op_t;

struct pmu_stim {
  char *path;  /* name used in messages */
  char *text;  /* file contents; tokens are NUL-terminated in place */
  op_t *ops;
  size_t nops, cap;
};

/* ------------------------------------------------------------------------------------------ */
/* Parser state and error reporting                                                           */

typedef struct {
  pmu_stim_t *p;
  unsigned long line;
  char *err;
  size_t errlen;
} parser_t;

static void perr(parser_t *ps, const char *fmt, ...)
{
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (ps->err && ps->errlen)
    snprintf(ps->err, ps->errlen, "%s:%lu: %s", ps->p->path, ps->line, msg);
}

static char *dupstr(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = (char *)malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

/* ------------------------------------------------------------------------------------------ */
/* Values: decimal, 0x hex or 2^N terms joined by + and - (no spaces). Evaluated with a
 * 128-bit accumulator (hi:lo, two's complement) so that e.g. 2^64-1 is accepted. A term may
 * also be NAME or N*NAME (decimal N), NAME a number of cycles that depends on the build
 * (docs/stimulus.md "Values"), so that one directed test holds for every build:
 *   WS     the wait states of one access to a counter in block RAM (spec 5.1): 1 with
 *          STORAGE=1, else 0;
 *   LAG    the cycles by which a count lags its event (spec 4, "Event path pipeline"): PIPE;
 *   EARLY  how many cycles earlier the events are that the enables, freeze and the privilege
 *          filter act on: PIPE-1 with PIPE >= 2, else 0;
 *   LATE   the cycles by which a write of evtsel or ext takes effect later than other
 *          writes: 1 with PIPE >= 2, else 0.                                                 */
typedef struct {
  const char *name;
  unsigned val;
} term_t;

static const term_t stim_terms[] = {
  {"WS", (PMU_STORAGE) != 0 ? 1u : 0u},
  {"LAG", (unsigned)(PMU_PIPE)},
  {"EARLY", (PMU_PIPE) >= 2 ? (unsigned)(PMU_PIPE) - 1u : 0u},
  {"LATE", (PMU_PIPE) >= 2 ? 1u : 0u},
};
#define STIM_NTERMS (sizeof stim_terms / sizeof stim_terms[0])
#define STIM_TERM_LIST "WS, LAG, EARLY, LATE"

enum { V_OK, V_SYNTAX, V_BIG, V_NEG, V_TERM };

/* The value of the term name starting at *q (upper-case letters); advances *q past it.
 * V_TERM for a name that is not a term. */
static int term_value(const char **q, uint64_t *out)
{
  const char *s = *q;
  size_t n = 0, i;
  while (isupper((unsigned char)s[n]) || (n && isdigit((unsigned char)s[n]))) n++;
  for (i = 0; i < STIM_NTERMS; i++)
    if (strlen(stim_terms[i].name) == n && strncmp(stim_terms[i].name, s, n) == 0) {
      *out = stim_terms[i].val;
      *q = s + n;
      return V_OK;
    }
  return V_TERM;
}

static int parse_value(const char *s, uint64_t *out)
{
  uint64_t lo = 0, hi = 0;
  int neg = 0;           /* sign of the term being added */
  const char *q = s;
  if (!*q) return V_SYNTAX;
  for (;;) {
    uint64_t tl = 0, th = 0;
    if (isupper((unsigned char)q[0])) {
      if (term_value(&q, &tl) != V_OK) return V_TERM;
    } else if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
      int nd = 0;
      q += 2;
      if (!isxdigit((unsigned char)*q)) return V_SYNTAX;
      while (isxdigit((unsigned char)*q)) {
        int d = isdigit((unsigned char)*q) ? *q - '0' : (tolower((unsigned char)*q) - 'a' + 10);
        if (nd || d) nd++;
        if (nd > 16) return V_BIG;
        tl = (tl << 4) | (uint64_t)d;
        q++;
      }
    } else if (isdigit((unsigned char)*q)) {
      const char *start = q;
      while (isdigit((unsigned char)*q)) {
        unsigned d = (unsigned)(*q - '0');
        if (tl > (UINT64_MAX - d) / 10u) return V_BIG;
        tl = tl * 10u + d;
        q++;
      }
      if (*q == '^') {
        unsigned n = 0;
        if (q - start != 1 || *start != '2') return V_SYNTAX; /* only 2^N */
        q++;
        if (!isdigit((unsigned char)*q)) return V_SYNTAX;
        while (isdigit((unsigned char)*q)) {
          n = n * 10u + (unsigned)(*q - '0');
          if (n > 1000u) return V_BIG;
          q++;
        }
        if (n > 64) return V_BIG;
        if (n == 64) { th = 1; tl = 0; } else { th = 0; tl = 1ull << n; }
      } else if (q[0] == '*' && isupper((unsigned char)q[1])) {
        uint64_t f;
        q++;
        if (term_value(&q, &f) != V_OK) return V_TERM;
        if (tl > 0xffffffffull) return V_BIG;
        tl *= f;
      }
    } else {
      return V_SYNTAX;
    }
    if (!neg) {
      lo += tl;
      hi += th + (lo < tl);
    } else {
      uint64_t borrow = lo < tl;
      lo -= tl;
      hi -= th + borrow;
    }
    /* keep the accumulator far from 128-bit wrap-around: |value| < 2^(64+32) */
    if (hi > 0xffffffffull && hi < 0xffffffff00000000ull) return V_BIG;
    if (*q == '\0') break;
    if (*q == '+') neg = 0;
    else if (*q == '-') neg = 1;
    else return V_SYNTAX;
    q++;
  }
  if (hi >> 63) return V_NEG;
  if (hi) return V_BIG;
  *out = lo;
  return V_OK;
}

/* Describe token tok for an error message: itself, plus its hex value when it is an
 * expression (contains +, - or ^) that fits 64 bits. */
static void describe(char *buf, size_t n, const char *tok)
{
  uint64_t v;
  if (strpbrk(tok, "+-^*ABCDEFGHIJKLMNOPQRSTUVWXYZ") && parse_value(tok, &v) == V_OK)
    snprintf(buf, n, "%s (= 0x%" PRIx64 ")", tok, v);
  else
    snprintf(buf, n, "%s", tok);
}

/* Parse tok as a value of at most `bits` bits. what: optional context for the message. */
static int get_value(parser_t *ps, const char *tok, unsigned bits, const char *what, uint64_t *out)
{
  char d[128];
  uint64_t v = 0;
  int r = parse_value(tok, &v);
  if (r == V_SYNTAX) {
    perr(ps, "bad number '%s' (expected decimal, 0x hex, 2^N, or a sum/difference of them)", tok);
    return -1;
  }
  if (r == V_TERM) {
    perr(ps, "unknown term in '%s' (a named term is one of " STIM_TERM_LIST ", alone or as N*NAME)", tok);
    return -1;
  }
  describe(d, sizeof d, tok);
  if (r == V_NEG) {
    perr(ps, "value %s is negative", d);
    return -1;
  }
  if (r == V_BIG || (bits < 64 && (v >> bits) != 0)) {
    perr(ps, "value %s does not fit %u bits%s%s", d, bits, what ? " " : "", what ? what : "");
    return -1;
  }
  *out = v;
  return 0;
}

static int get_bit(parser_t *ps, const char *tok, unsigned *out)
{
  if (strcmp(tok, "0") == 0) *out = 0;
  else if (strcmp(tok, "1") == 0) *out = 1;
  else {
    perr(ps, "expected 0 or 1, got '%s'", tok);
    return -1;
  }
  return 0;
}

static int get_thread(parser_t *ps, const char *tok, unsigned *out)
{
  uint64_t v;
  int r = parse_value(tok, &v);
  if (r == V_SYNTAX) {
    perr(ps, "bad thread number '%s'", tok);
    return -1;
  }
  if (r != V_OK || v >= (uint64_t)PMU_THREADS) {
    perr(ps, "thread %s out of range (THREADS=%d)", tok, PMU_THREADS);
    return -1;
  }
  *out = (unsigned)v;
  return 0;
}

static int find_name(const char *const *names, unsigned n, const char *tok)
{
  unsigned i;
  for (i = 0; i < n; i++)
    if (strcmp(names[i], tok) == 0) return (int)i;
  return -1;
}

static void join_names(char *buf, size_t n, const char *const *names, unsigned cnt)
{
  unsigned i;
  size_t len = 0;
  buf[0] = '\0';
  for (i = 0; i < cnt && len < n; i++) {
    int w = snprintf(buf + len, n - len, "%s%s", i ? ", " : "", names[i]);
    if (w < 0) break;
    len += (size_t)w;
  }
}

static int get_stage(parser_t *ps, const char *tok, unsigned *out)
{
  int s = find_name(pmu_stage_names, 3, tok);
  if (s < 0) {
    perr(ps, "unknown stage '%s' (dispatch, issue, commit)", tok);
    return -1;
  }
  *out = (unsigned)s;
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Register names (docs/stimulus.md "Names", docs/spec.md section 3)                          */

enum { SEL_NONE, SEL_LO, SEL_HI };

typedef struct {
  uint32_t addr;  /* byte address of the (low) word */
  int is64;       /* 64-bit register */
  int is_cnt;     /* counter (CW bits, in the bank) */
  uint32_t idx;   /* bank index when is_cnt */
  int sel;        /* SEL_NONE, SEL_LO, SEL_HI */
} reg_t;

static const char *const slot_names[PMU_NSLOT] = {"total", "filled", "issued", "retired", "elapsed"};

/* Parse a decimal index that makes up the whole of s; -1 when s is not one. */
static long parse_index(const char *s)
{
  long v = 0;
  if (!isdigit((unsigned char)*s)) return -1;
  while (isdigit((unsigned char)*s)) {
    if (v > 100000000L) return 100000000L; /* out of every range; keeps the message simple */
    v = v * 10 + (*s - '0');
    s++;
  }
  return *s ? -1 : v;
}

/* A 32-bit word of a thread block named in the generated window table (pmu_map.h: pmu_win):
 * NAME for a one-word register, NAMEk for word k of a wider window (smpdata0..7). 0 and its
 * offset in the block, or -1. */
static int win_word(const char *body, uint32_t *off)
{
  unsigned i;
  for (i = 0; i < PMU_NWIN; i++) {
    size_t n = strlen(pmu_win[i].name);
    long k;
    if (!pmu_win[i].thread || strncmp(body, pmu_win[i].name, n) != 0) continue;
    if (body[n] == '\0' && pmu_win[i].bytes == 4u) {
      *off = pmu_win[i].off;
      return 0;
    }
    k = body[n] ? parse_index(body + n) : -1;
    if (k >= 0 && pmu_win[i].bytes > 8u && (uint32_t)k < pmu_win[i].bytes / 4u) {
      *off = pmu_win[i].off + 4u * (uint32_t)k;
      return 0;
    }
  }
  return -1;
}

static int resolve_reg(parser_t *ps, const char *tok, reg_t *r)
{
  char buf[256];
  char *body, *dot;
  size_t len = strlen(tok);
  long t, k;
  memset(r, 0, sizeof *r);

  if (isdigit((unsigned char)tok[0])) { /* raw byte address */
    uint64_t a;
    int v = parse_value(tok, &a);
    if (v == V_SYNTAX) {
      perr(ps, "bad address '%s'", tok);
      return -1;
    }
    if (get_value(ps, tok, PMU_AW, "(address width AW)", &a)) return -1;
    r->addr = (uint32_t)a;
    return 0;
  }
  if (strcmp(tok, "id") == 0) { r->addr = PMU_ID_OFF; return 0; }
  if (strcmp(tok, "cfg") == 0) { r->addr = PMU_CFG_OFF; return 0; }
  if (len >= sizeof buf || tok[0] != 't' || !isdigit((unsigned char)tok[1])) goto unknown;
  memcpy(buf, tok, len + 1);

  /* word selector suffix */
  if (len > 3 && (strcmp(buf + len - 3, ".lo") == 0 || strcmp(buf + len - 3, ".hi") == 0)) {
    r->sel = buf[len - 2] == 'l' ? SEL_LO : SEL_HI;
    buf[len - 3] = '\0';
  }
  dot = strchr(buf, '.');
  if (!dot) goto unknown;
  *dot = '\0';
  body = dot + 1;
  t = parse_index(buf + 1);
  if (t < 0) goto unknown;
  if (t >= PMU_THREADS) {
    perr(ps, "%s: thread %s out of range (THREADS=%d)", tok, buf + 1, PMU_THREADS);
    return -1;
  }

  if (strcmp(body, "fixctl") == 0) {
    r->addr = PMU_FIXCTL_OFF;
  } else if (strcmp(body, "ctrl") == 0) {
    r->addr = PMU_CTRL_OFF;
  } else if (strcmp(body, "gctrl") == 0) {
    r->addr = PMU_GCTRL_OFF;
    r->is64 = 1;
  } else if (strcmp(body, "gstatus") == 0) {
    r->addr = PMU_GSTATUS_OFF;
    r->is64 = 1;
  } else if (strcmp(body, "evstat") == 0) {
    r->addr = PMU_EVSTAT_OFF;
  } else if (strncmp(body, "evtsel", 6) == 0 && (k = parse_index(body + 6)) >= 0) {
    if (k >= PMU_P) goto pmc_range;
    r->addr = PMU_EVTSEL_OFF + (uint32_t)k * PMU_EVTSEL_STRIDE;
  } else if (strncmp(body, "ext", 3) == 0 && (k = parse_index(body + 3)) >= 0) {
    if (k >= PMU_P) goto pmc_range;
    r->addr = PMU_EXT_OFF + (uint32_t)k * PMU_EXT_STRIDE;
  } else if (strncmp(body, "pmc", 3) == 0 && (k = parse_index(body + 3)) >= 0) {
    if (k >= PMU_P) goto pmc_range;
    r->addr = PMU_PMC_OFF + (uint32_t)k * PMU_PMC_STRIDE;
    r->is64 = r->is_cnt = 1;
    r->idx = pmu_cnt_idx((unsigned)t, (unsigned)k);
  } else if (strncmp(body, "fix", 3) == 0 && (k = parse_index(body + 3)) >= 0) {
    if (k >= PMU_NFIX) {
      perr(ps, "%s: fixed counter %ld out of range (0..%d)", tok, k, PMU_NFIX - 1);
      return -1;
    }
    r->addr = PMU_FIX_OFF + (uint32_t)k * PMU_FIX_STRIDE;
    r->is64 = r->is_cnt = 1;
    r->idx = pmu_cnt_idx((unsigned)t, (unsigned)(PMU_P + k));
  } else if (strncmp(body, "slot", 4) == 0 && (body[4] == '.' || isdigit((unsigned char)body[4]))) {
    if (body[4] == '.') {
      k = find_name(slot_names, PMU_NSLOT, body + 5);
      if (k < 0) {
        char names[128];
        join_names(names, sizeof names, slot_names, PMU_NSLOT);
        perr(ps, "%s: unknown slot counter '%s' (%s)", tok, body + 5, names);
        return -1;
      }
    } else {
      k = parse_index(body + 4);
      if (k < 0) goto unknown;
      if (k >= PMU_NSLOT) {
        perr(ps, "%s: slot counter %ld out of range (0..%d)", tok, k, PMU_NSLOT - 1);
        return -1;
      }
    }
    r->addr = PMU_SLOT_OFF + (uint32_t)k * PMU_SLOT_STRIDE;
    r->is64 = r->is_cnt = 1;
    r->idx = pmu_cnt_idx((unsigned)t, (unsigned)(PMU_P + 3 + k));
  } else if (strncmp(body, "stk", 3) == 0 && (body[3] == '.' || isdigit((unsigned char)body[3]))) {
    if (body[3] == '.') {
      char *stage = body + 4, *comp = strchr(stage, '.');
      int s, c;
      if (!comp) {
        perr(ps, "%s: expected tT.stk.STAGE.COMPONENT", tok);
        return -1;
      }
      *comp++ = '\0';
      s = find_name(pmu_stage_names, 3, stage);
      if (s < 0) {
        perr(ps, "%s: unknown stage '%s' (dispatch, issue, commit)", tok, stage);
        return -1;
      }
      c = find_name(pmu_comp_names, 8, comp);
      if (c < 0) {
        char names[128];
        join_names(names, sizeof names, pmu_comp_names, 8);
        perr(ps, "%s: unknown component '%s' (%s)", tok, comp, names);
        return -1;
      }
      k = s * 8 + c;
    } else {
      k = parse_index(body + 3);
      if (k < 0) goto unknown;
      if (k >= PMU_NSTK) {
        perr(ps, "%s: stack counter %ld out of range (0..%d)", tok, k, PMU_NSTK - 1);
        return -1;
      }
    }
    r->addr = PMU_STK_OFF + (uint32_t)k * PMU_STK_STRIDE;
    r->is64 = r->is_cnt = 1;
    r->idx = pmu_cnt_idx((unsigned)t, (unsigned)(PMU_P + 8 + k));
  } else if (win_word(body, &r->addr) == 0) {
    /* a word of the generated window table (pmu_win): the sampler's registers, smpdataK */
  } else {
    goto unknown;
  }
  if (r->sel != SEL_NONE && !r->is64) {
    perr(ps, "%s: '.%s' applies only to 64-bit registers", tok, r->sel == SEL_LO ? "lo" : "hi");
    return -1;
  }
  r->addr += pmu_treg((unsigned)t, 0);
  return 0;

pmc_range:
  perr(ps, "%s: counter %ld out of range (P=%d)", tok, k, PMU_P);
  return -1;
unknown:
  perr(ps, "unknown register name '%s'", tok);
  return -1;
}

/* ------------------------------------------------------------------------------------------ */
/* Lines                                                                                      */

#define MAXTOK 16

static op_t *new_op(parser_t *ps, unsigned kind)
{
  pmu_stim_t *p = ps->p;
  op_t *o;
  if (p->nops == p->cap) {
    size_t ncap = p->cap ? p->cap * 2 : 256;
    op_t *n = (op_t *)realloc(p->ops, ncap * sizeof *n);
    if (!n) {
      perr(ps, "out of memory");
      return NULL;
    }
    p->ops = n;
    p->cap = ncap;
  }
  o = &p->ops[p->nops++];
  memset(o, 0, sizeof *o);
  o->kind = (uint8_t)kind;
  o->line = ps->line;
  return o;
}

static int usage_err(parser_t *ps, const char *usage)
{
  perr(ps, "wrong number of arguments (usage: %s)", usage);
  return -1;
}

#define U_STEP "step [N]"
#define U_LANE "lane T NAME VALUE"
#define U_PRIV "priv T user|os"
#define U_TICK "tick 0|1"
#define U_SLOT "slot T F I R"
#define U_STK "stk T STAGE N [WP]"
#define U_FLAG "flag T NAME 0|1"
#define U_CMT "cmt T I PC SIG"
#define U_FLAGS "flags T 0"
#define U_WR "wr REG VALUE [user] [strb=S] [err]"
#define U_RD "rd REG [user] [err] [= VALUE]"
#define U_RDP "rdp T SEL"
#define U_EXPECT "expect REG VALUE | expect irq T 0|1 | expect rdp T VALUE | expect stacksum T STAGE CYCLES"
#define U_RESET "reset"

static int parse_line(parser_t *ps, char **tk, int nt)
{
  const char *cmd = tk[0];
  op_t *o;
  unsigned t, u;
  uint64_t v;

  if (strcmp(cmd, "step") == 0) {
    v = 1;
    if (nt > 2) return usage_err(ps, U_STEP);
    if (nt == 2) {
      int r = parse_value(tk[1], &v);
      if (r == V_SYNTAX) {
        perr(ps, "bad number '%s' (expected decimal, 0x hex, 2^N, or a sum/difference of them)", tk[1]);
        return -1;
      }
      if (r == V_TERM) {
        perr(ps, "unknown term in '%s' (a named term is one of " STIM_TERM_LIST ", alone or as N*NAME)", tk[1]);
        return -1;
      }
      if (r != V_OK || v < 1 || v > 1000000000ull) {
        perr(ps, "step count must be 1..1e9, got %s", tk[1]);
        return -1;
      }
    }
    if (!(o = new_op(ps, OP_STEP))) return -1;
    o->val = v;
  } else if (strcmp(cmd, "lane") == 0) {
    int l;
    if (nt != 4) return usage_err(ps, U_LANE);
    if (get_thread(ps, tk[1], &t)) return -1;
    l = find_name(pmu_lane_names, PMU_NL, tk[2]);
    if (l < 0) {
      perr(ps, "unknown lane '%s'", tk[2]);
      return -1;
    }
    if (l < PMU_NINT) {
      perr(ps, "lane '%s' is formed inside the PMU; only external lanes (%s..%s) can be set",
           tk[2], pmu_lane_names[PMU_NINT], pmu_lane_names[PMU_NL - 1]);
      return -1;
    }
    if (get_value(ps, tk[3], PMU_LW, "(lane width LW)", &v)) return -1;
    if (!(o = new_op(ps, OP_LANE))) return -1;
    o->t = (uint8_t)t;
    o->a = (uint8_t)(l - PMU_NINT);
    o->b = (uint8_t)v;
  } else if (strcmp(cmd, "priv") == 0) {
    if (nt != 3) return usage_err(ps, U_PRIV);
    if (get_thread(ps, tk[1], &t)) return -1;
    if (strcmp(tk[2], "user") == 0) u = 0;
    else if (strcmp(tk[2], "os") == 0) u = 1;
    else {
      perr(ps, "expected 'user' or 'os', got '%s'", tk[2]);
      return -1;
    }
    if (!(o = new_op(ps, OP_PRIV))) return -1;
    o->t = (uint8_t)t;
    o->a = (uint8_t)u;
  } else if (strcmp(cmd, "tick") == 0) {
    if (nt != 2) return usage_err(ps, U_TICK);
    if (get_bit(ps, tk[1], &u)) return -1;
    if (!(o = new_op(ps, OP_TICK))) return -1;
    o->a = (uint8_t)u;
  } else if (strcmp(cmd, "slot") == 0) {
    uint64_t f, i, r;
    if (nt != 5) return usage_err(ps, U_SLOT);
    if (get_thread(ps, tk[1], &t)) return -1;
    if (get_value(ps, tk[2], PMU_NW, "(F, width NW)", &f)) return -1;
    if (get_value(ps, tk[3], PMU_NW, "(I, width NW)", &i)) return -1;
    if (get_value(ps, tk[4], PMU_NW, "(R, width NW)", &r)) return -1;
    if (!(o = new_op(ps, OP_SLOT))) return -1;
    o->t = (uint8_t)t;
    o->a = (uint8_t)f;
    o->b = (uint8_t)i;
    o->c = (uint8_t)r;
  } else if (strcmp(cmd, "stk") == 0) {
    uint64_t n, wp = 0;
    if (nt != 4 && nt != 5) return usage_err(ps, U_STK);
    if (get_thread(ps, tk[1], &t)) return -1;
    if (get_stage(ps, tk[2], &u)) return -1;
    if (get_value(ps, tk[3], PMU_NW, "(N, width NW)", &n)) return -1;
    if (nt == 5) {
      if (u == PMU_STG_COMMIT) {
        perr(ps, "wrong-path count WP not allowed for commit (usage: stk T commit N)");
        return -1;
      }
      if (get_value(ps, tk[4], PMU_NW, "(WP, width NW)", &wp)) return -1;
    }
    if (!(o = new_op(ps, OP_STK))) return -1;
    o->t = (uint8_t)t;
    o->a = (uint8_t)u;
    o->b = (uint8_t)n;
    o->c = (uint8_t)wp;
  } else if (strcmp(cmd, "flag") == 0) {
    int f;
    if (nt != 4) return usage_err(ps, U_FLAG);
    if (get_thread(ps, tk[1], &t)) return -1;
    f = find_name(pmu_flag_names, PMU_NFLAG, tk[2]);
    if (f < 0) {
      perr(ps, "unknown flag '%s'", tk[2]);
      return -1;
    }
    if (get_bit(ps, tk[3], &u)) return -1;
    if (!(o = new_op(ps, OP_FLAG))) return -1;
    o->t = (uint8_t)t;
    o->a = (uint8_t)f;
    o->b = (uint8_t)u;
  } else if (strcmp(cmd, "cmt") == 0) {
    uint64_t i, pc, sig;
    if (nt != 5) return usage_err(ps, U_CMT);
#if !PMU_SAMPLER
    perr(ps, "cmt: the sampler's commit ports exist only with SAMPLER=1 (this build has SAMPLER 0)");
    return -1;
#endif
    if (get_thread(ps, tk[1], &t)) return -1;
    if (get_value(ps, tk[2], 3, "(I, a commit slot)", &i)) return -1;
    if (i >= PMU_W) {
      perr(ps, "cmt: slot %llu out of range (W=%d)", (unsigned long long)i, PMU_W);
      return -1;
    }
    if (get_value(ps, tk[3], 16, "(PC, 16 bits)", &pc)) return -1;
    if (get_value(ps, tk[4], 5, "(SIG, 5 bits)", &sig)) return -1;
    if (!(o = new_op(ps, OP_CMT))) return -1;
    o->t = (uint8_t)t;
    o->a = (uint8_t)i;
    o->b = (uint8_t)sig;
    o->addr = (uint32_t)pc;
  } else if (strcmp(cmd, "flags") == 0) {
    if (nt != 3) return usage_err(ps, U_FLAGS);
    if (get_thread(ps, tk[1], &t)) return -1;
    if (strcmp(tk[2], "0") != 0) {
      perr(ps, "expected 0, got '%s' ('flags T 0' clears all flags; set flags one by one with 'flag')",
           tk[2]);
      return -1;
    }
    if (!(o = new_op(ps, OP_FLAGS))) return -1;
    o->t = (uint8_t)t;
  } else if (strcmp(cmd, "wr") == 0) {
    reg_t r;
    uint64_t strb = 0xf;
    unsigned opt = 0, have_strb = 0;
    int i;
    char hint[300];
    if (nt < 3 || nt > 6) return usage_err(ps, U_WR);
    if (resolve_reg(ps, tk[1], &r)) return -1;
    hint[0] = '\0';
    if (r.is64 && r.sel == SEL_NONE)
      snprintf(hint, sizeof hint, "(wr writes one word; %s.hi is the high word)", tk[1]);
    if (get_value(ps, tk[2], 32, hint[0] ? hint : NULL, &v)) return -1;
    for (i = 3; i < nt; i++) {
      const char *a = tk[i];
      if (strcmp(a, "user") == 0 && !(opt & OPT_USER)) opt |= OPT_USER;
      else if (strcmp(a, "err") == 0 && !(opt & OPT_ERR)) opt |= OPT_ERR;
      else if (strncmp(a, "strb=", 5) == 0 && !have_strb) {
        have_strb = 1;
        if (get_value(ps, a + 5, 4, "(strb)", &strb)) return -1;
      } else if (strcmp(a, "user") == 0 || strcmp(a, "err") == 0 || strncmp(a, "strb=", 5) == 0) {
        perr(ps, "option '%s' given twice", a);
        return -1;
      } else {
        perr(ps, "unknown option '%s' for wr (user, strb=S, err)", a);
        return -1;
      }
    }
    if (!(o = new_op(ps, OP_WR))) return -1;
    o->addr = r.addr + (r.sel == SEL_HI ? 4u : 0u);
    o->val = v;
    o->a = (uint8_t)strb;
    o->opt = (uint8_t)opt;
    o->name = tk[1];
  } else if (strcmp(cmd, "rd") == 0) {
    reg_t r;
    unsigned opt = 0;
    int i;
    v = 0;
    if (nt < 2 || nt > 6) return usage_err(ps, U_RD);
    if (resolve_reg(ps, tk[1], &r)) return -1;
    for (i = 2; i < nt; i++) {
      const char *a = tk[i];
      if (strcmp(a, "user") == 0 && !(opt & (OPT_USER | OPT_VAL))) opt |= OPT_USER;
      else if (strcmp(a, "err") == 0 && !(opt & (OPT_ERR | OPT_VAL))) opt |= OPT_ERR;
      else if (a[0] == '=' && !(opt & OPT_VAL)) {
        const char *val = a[1] ? a + 1 : (i + 1 < nt ? tk[++i] : NULL);
        if (!val) {
          perr(ps, "missing value after '=' (usage: " U_RD ")");
          return -1;
        }
        if (get_value(ps, val, 32, r.is64 && r.sel == SEL_NONE ? "(rd reads one word)" : NULL, &v))
          return -1;
        opt |= OPT_VAL;
      } else if (opt & OPT_VAL) {
        perr(ps, "unexpected '%s' after '= VALUE' (usage: " U_RD ")", a);
        return -1;
      } else if (strcmp(a, "user") == 0 || strcmp(a, "err") == 0) {
        perr(ps, "option '%s' given twice", a);
        return -1;
      } else {
        perr(ps, "unknown option '%s' for rd (user, err, = VALUE)", a);
        return -1;
      }
    }
    if (!(o = new_op(ps, OP_RD))) return -1;
    o->addr = r.addr + (r.sel == SEL_HI ? 4u : 0u);
    o->val = v;
    o->opt = (uint8_t)opt;
    o->name = tk[1];
  } else if (strcmp(cmd, "rdp") == 0) {
    if (nt != 3) return usage_err(ps, U_RDP);
    if (get_thread(ps, tk[1], &t)) return -1;
    if (get_value(ps, tk[2], 3, "(rdp_sel)", &v)) return -1;
    if (!(o = new_op(ps, OP_RDP))) return -1;
    o->t = (uint8_t)t;
    o->a = (uint8_t)v;
  } else if (strcmp(cmd, "expect") == 0) {
    if (nt < 2) return usage_err(ps, U_EXPECT);
    if (strcmp(tk[1], "irq") == 0) {
      if (nt != 4) return usage_err(ps, "expect irq T 0|1");
      if (get_thread(ps, tk[2], &t)) return -1;
      if (get_bit(ps, tk[3], &u)) return -1;
      if (!(o = new_op(ps, OP_EXP_IRQ))) return -1;
      o->t = (uint8_t)t;
      o->val = u;
    } else if (strcmp(tk[1], "rdp") == 0) {
      if (nt != 4) return usage_err(ps, "expect rdp T VALUE");
      if (get_thread(ps, tk[2], &t)) return -1;
      if (get_value(ps, tk[3], 64, NULL, &v)) return -1;
      if (!(o = new_op(ps, OP_EXP_RDP))) return -1;
      o->t = (uint8_t)t;
      o->val = v;
    } else if (strcmp(tk[1], "stacksum") == 0) {
      if (nt != 5) return usage_err(ps, "expect stacksum T STAGE CYCLES");
      if (get_thread(ps, tk[2], &t)) return -1;
      if (get_stage(ps, tk[3], &u)) return -1;
      if (get_value(ps, tk[4], 64, NULL, &v)) return -1;
      if (v > UINT64_MAX / (uint64_t)PMU_W) {
        perr(ps, "W*CYCLES does not fit 64 bits (CYCLES = %s)", tk[4]);
        return -1;
      }
      if (!(o = new_op(ps, OP_EXP_STKSUM))) return -1;
      o->t = (uint8_t)t;
      o->a = (uint8_t)u;
      o->val = v;
    } else {
      reg_t r;
      unsigned bits;
      const char *what = NULL;
      char ctx[64];
      if (nt != 3) return usage_err(ps, U_EXPECT);
      if (resolve_reg(ps, tk[1], &r)) return -1;
      if (!r.is64 || r.sel != SEL_NONE) bits = 32;
      else if (r.is_cnt) {
        bits = PMU_CW;
        snprintf(ctx, sizeof ctx, "(counter width CW=%d)", PMU_CW);
        what = ctx;
      } else bits = 64;
      if (get_value(ps, tk[2], bits, what, &v)) return -1;
      if (r.is64 && r.sel == SEL_NONE) {
        if (!(o = new_op(ps, r.is_cnt ? OP_EXP_CNT : OP_EXP_WIDE))) return -1;
        o->addr = r.addr;
        o->idx = r.idx;
      } else {
        if (!(o = new_op(ps, OP_EXP_WORD))) return -1;
        o->addr = r.addr + (r.sel == SEL_HI ? 4u : 0u);
      }
      o->val = v;
      o->name = tk[1];
    }
  } else if (strcmp(cmd, "reset") == 0) {
    if (nt != 1) return usage_err(ps, U_RESET);
    if (!new_op(ps, OP_RESET)) return -1;
  } else {
    perr(ps, "unknown command '%s'", cmd);
    return -1;
  }
  return 0;
}

/* Read the whole stream into a NUL-terminated buffer. */
static char *slurp(FILE *f, size_t *len)
{
  size_t cap = 1 << 16, n = 0;
  char *buf = (char *)malloc(cap + 1);
  if (!buf) return NULL;
  for (;;) {
    size_t got;
    if (n == cap) {
      char *nb;
      cap *= 2;
      nb = (char *)realloc(buf, cap + 1);
      if (!nb) {
        free(buf);
        return NULL;
      }
      buf = nb;
    }
    got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

static int is_space(char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Allocate an empty program named for messages; NULL (err filled in) when out of memory. */
static pmu_stim_t *new_prog(const char *name, char *err, size_t errlen)
{
  pmu_stim_t *p;
  if (err && errlen) err[0] = '\0';
  p = (pmu_stim_t *)calloc(1, sizeof *p);
  if (p) p->path = dupstr(name);
  if (!p || !p->path) {
    if (err && errlen) snprintf(err, errlen, "%s:0: out of memory", name);
    free(p);
    return NULL;
  }
  return p;
}

/* Check every line of p->text (len bytes plus a NUL) and turn it into operations; returns p,
 * or NULL after freeing p with "FILE:LINE: rule" in err. */
static pmu_stim_t *parse_text(pmu_stim_t *p, size_t len, char *err, size_t errlen)
{
  parser_t ps;
  char *s = p->text, *end = p->text + len;

  ps.p = p;
  ps.line = 0;
  ps.err = err;
  ps.errlen = errlen;
  while (s < end) {
    char *nl = (char *)memchr(s, '\n', (size_t)(end - s));
    char *le = nl ? nl : end;
    char *tk[MAXTOK + 1];
    int nt = 0;
    char *c;
    ps.line++;
    if (memchr(s, '\0', (size_t)(le - s))) {
      perr(&ps, "NUL byte in line (not a text file?)");
      goto fail;
    }
    *le = '\0';
    c = strchr(s, '#');
    if (c) *c = '\0';
    c = s;
    for (;;) {
      while (is_space(*c)) c++;
      if (!*c) break;
      if (nt == MAXTOK + 1) break;
      tk[nt++] = c;
      while (*c && !is_space(*c)) c++;
      if (*c) *c++ = '\0';
    }
    if (nt > MAXTOK) {
      perr(&ps, "too many tokens on one line");
      goto fail;
    }
    if (nt && parse_line(&ps, tk, nt)) goto fail;
    s = le + 1;
  }
  return p;

fail:
  pmu_stim_free(p);
  return NULL;
}

pmu_stim_t *pmu_stim_parse(const char *path, char *err, size_t errlen)
{
  parser_t ps;
  pmu_stim_t *p;
  FILE *f;
  size_t len = 0;
  int use_stdin = path && strcmp(path, "-") == 0;

  p = new_prog(path == NULL ? "(null)" : use_stdin ? "<stdin>" : path, err, errlen);
  if (!p) return NULL;
  ps.p = p;
  ps.line = 0;
  ps.err = err;
  ps.errlen = errlen;
  if (!path) {
    perr(&ps, "no file name");
    goto fail;
  }

  errno = 0;
  f = use_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    perr(&ps, "cannot open: %s", errno ? strerror(errno) : "unknown error");
    goto fail;
  }
  p->text = slurp(f, &len);
  if (!p->text) {
    int e = errno;
    if (!use_stdin) fclose(f);
    perr(&ps, "cannot read: %s", e ? strerror(e) : "out of memory");
    goto fail;
  }
  if (!use_stdin) fclose(f);
  return parse_text(p, len, err, errlen);

fail:
  pmu_stim_free(p);
  return NULL;
}

pmu_stim_t *pmu_stim_parse_mem(const char *name, const char *data, size_t len, char *err, size_t errlen)
{
  pmu_stim_t *p = new_prog(name ? name : "<memory>", err, errlen);
  if (!p) return NULL;
  p->text = (char *)malloc(len + 1);
  if (!p->text) {
    if (err && errlen) snprintf(err, errlen, "%s:0: out of memory", p->path);
    pmu_stim_free(p);
    return NULL;
  }
  if (len) memcpy(p->text, data, len);
  p->text[len] = '\0';
  return parse_text(p, len, err, errlen);
}

void pmu_stim_free(pmu_stim_t *p)
{
  if (!p) return;
  free(p->path);
  free(p->text);
  free(p->ops);
  free(p);
}

/* ------------------------------------------------------------------------------------------ */
/* Runner                                                                                     */

static void fmt_val(char *buf, size_t n, uint64_t v)
{
  if (v < 10) snprintf(buf, n, "%" PRIu64, v);
  else snprintf(buf, n, "0x%" PRIx64 " (%" PRIu64 ")", v, v);
}

static void report(const pmu_stim_t *p, FILE *f, const op_t *o, uint64_t cyc, const char *what,
                   const char *exp, const char *got)
{
  if (!f) return;
  fprintf(f, "%s:%lu: expected %s = %s, got %s (cycle %" PRIu64 ")\n", p->path, o->line, what, exp,
          got, cyc);
}

static void report_val(const pmu_stim_t *p, FILE *f, const op_t *o, uint64_t cyc, const char *what,
                       uint64_t exp, uint64_t got)
{
  char e[48], g[48];
  fmt_val(e, sizeof e, exp);
  fmt_val(g, sizeof g, got);
  report(p, f, o, cyc, what, e, g);
}

/* the longest access phase a transfer waits for (spec 5.1: one wait state at most) */
#define PMU_STIM_MAX_WAIT 4u

static void bus_idle(pmu_in_t *in)
{
  in->psel = in->penable = in->pwrite = 0;
  in->paddr = 0;
  in->pwdata = 0;
  in->pstrb = 0;
  in->pprot = 0;
}

int pmu_stim_run(const pmu_stim_t *p, const pmu_dut_t *dut, FILE *err_out, uint64_t *cycles)
{
  pmu_in_t in;
  pmu_out_t out;
  uint64_t cyc = 0;
  int fails = 0, aborted = 0;
  size_t i;
  void *ctx = dut->ctx;
  int (*cycle)(void *, const pmu_in_t *, pmu_out_t *) = dut->cycle;

  memset(&in, 0, sizeof in);
  memset(&out, 0, sizeof out);

#define FAIL() do { if (fails < 0x7fffffff) fails++; } while (0)
#define RUN1() do { cyc++; if (cycle(ctx, &in, &out)) { aborted = 1; goto done; } } while (0)

  for (i = 0; i < p->nops; i++) {
    const op_t *o = &p->ops[i];
    switch (o->kind) {
    case OP_STEP: {
      uint64_t n = o->val;
      while (n--) RUN1();
      break;
    }
    case OP_LANE: in.ev_ext[o->t][o->a] = o->b; break;
    case OP_PRIV: in.priv[o->t] = o->a; break;
    case OP_TICK: in.ref_tick = o->a; break;
    case OP_SLOT:
      in.slot_fill[o->t] = o->a;
      in.slot_issue[o->t] = o->b;
      in.slot_retire[o->t] = o->c;
      break;
    case OP_STK:
      in.stk_n[o->t][o->a] = o->b;
      if (o->a < 2) in.stk_wp[o->t][o->a] = o->c;
      break;
    case OP_FLAG:
      if (o->b) in.stk_flags[o->t] = (uint16_t)(in.stk_flags[o->t] | (1u << o->a));
      else in.stk_flags[o->t] = (uint16_t)(in.stk_flags[o->t] & ~(1u << o->a));
      break;
    case OP_FLAGS: in.stk_flags[o->t] = 0; break;
    case OP_CMT:
#if PMU_SAMPLER
      in.cmt_pc[o->t][o->a] = (uint16_t)o->addr;
      in.cmt_sig[o->t][o->a] = o->b;
#endif
      break;
    case OP_WR:
    case OP_RD: {
      int wr = o->kind == OP_WR;
      uint64_t acc;
      char what[300];
      in.psel = 1;
      in.penable = 0;
      in.pwrite = (uint8_t)wr;
      in.paddr = o->addr;
      in.pwdata = wr ? (uint32_t)o->val : 0u;
      in.pstrb = wr ? o->a : 0u;
      in.pprot = (o->opt & OPT_USER) ? 0u : 1u;
      RUN1();
      in.penable = 1;
      {
        unsigned waits = 0;
        for (;;) {                        /* the access phase lasts while pready is 0 (5.1) */
          acc = cyc;
          RUN1();
          if (out.pready || ++waits > PMU_STIM_MAX_WAIT)
            break;
        }
        if (!out.pready) {
          snprintf(what, sizeof what, "%s %s pready", wr ? "wr" : "rd", o->name);
          report_val(p, err_out, o, acc, what, 1u, out.pready);
          FAIL();
        }
      }
      bus_idle(&in);
      if (out.pslverr != ((o->opt & OPT_ERR) ? 1 : 0)) {
        snprintf(what, sizeof what, "%s %s pslverr", wr ? "wr" : "rd", o->name);
        report_val(p, err_out, o, acc, what, (o->opt & OPT_ERR) ? 1u : 0u, out.pslverr);
        FAIL();
      }
      if (!wr && (o->opt & OPT_VAL) && out.prdata != (uint32_t)o->val) {
        snprintf(what, sizeof what, "rd %s prdata", o->name);
        report_val(p, err_out, o, acc, what, o->val, out.prdata);
        FAIL();
      }
      break;
    }
    case OP_RDP:
      in.rdp_req[o->t] = 1;
      in.rdp_sel[o->t] = o->a;
      RUN1();
      in.rdp_req[o->t] = 0;
      in.rdp_sel[o->t] = 0;
      break;
    case OP_RESET:
      cyc++;
      dut->reset(ctx);
      break;
    case OP_EXP_WORD:
    case OP_EXP_WIDE:
    case OP_EXP_CNT: {
      const pmu_state_t *st = dut->state(ctx);
      uint64_t got = 0;
      int ok = 1;
      if (o->kind == OP_EXP_CNT) {
        got = st->cnt_q[o->idx];
      } else {
        uint32_t lo = 0, hi = 0;
        if (pmu_peek(st, o->addr, &lo) != 0) ok = 0;
        if (o->kind == OP_EXP_WIDE && pmu_peek(st, o->addr + 4u, &hi) != 0) ok = 0;
        got = ((uint64_t)hi << 32) | lo;
      }
      if (!ok) {
        char e[48];
        fmt_val(e, sizeof e, o->val);
        report(p, err_out, o, cyc, o->name, e, "unmapped address (pmu_peek failed)");
        FAIL();
      } else if (got != o->val) {
        report_val(p, err_out, o, cyc, o->name, o->val, got);
        FAIL();
      }
      break;
    }
    case OP_EXP_IRQ:
    case OP_EXP_RDP: {
      char what[48];
      pmu_out_t co;
      memset(&co, 0, sizeof co);
      pmu_comb(dut->state(ctx), &in, &co);
      if (o->kind == OP_EXP_IRQ) {
        if (co.irq[o->t] != o->val) {
          snprintf(what, sizeof what, "irq[%u]", (unsigned)o->t);
          report_val(p, err_out, o, cyc, what, o->val, co.irq[o->t]);
          FAIL();
        }
      } else if (co.rdp_valid[o->t] != 1) {
        snprintf(what, sizeof what, "rdp_valid[%u]", (unsigned)o->t);
        report_val(p, err_out, o, cyc, what, 1, co.rdp_valid[o->t]);
        FAIL();
      } else if (co.rdp_data[o->t] != o->val) {
        snprintf(what, sizeof what, "rdp_data[%u]", (unsigned)o->t);
        report_val(p, err_out, o, cyc, what, o->val, co.rdp_data[o->t]);
        FAIL();
      }
      break;
    }
    case OP_EXP_STKSUM: {
      const pmu_state_t *st = dut->state(ctx);
      uint64_t sum = 0, want = (uint64_t)PMU_W * o->val;
      unsigned c;
      for (c = 0; c < 8; c++)
        sum += st->cnt_q[pmu_cnt_idx(o->t, (unsigned)(PMU_P + 8 + o->a * 8 + c))];
      if (sum != want) {
        char what[64], e[96], g[48];
        snprintf(what, sizeof what, "stacksum t%u %s", (unsigned)o->t, pmu_stage_names[o->a]);
        fmt_val(g, sizeof g, want);
        snprintf(e, sizeof e, "%s (W*%" PRIu64 ")", g, o->val);
        fmt_val(g, sizeof g, sum);
        report(p, err_out, o, cyc, what, e, g);
        FAIL();
      }
      break;
    }
    default: break;
    }
  }
#undef RUN1
#undef FAIL

done:
  if (cycles) *cycles = cyc;
  if (err_out) fflush(err_out);
  return aborted ? -1 : fails;
}

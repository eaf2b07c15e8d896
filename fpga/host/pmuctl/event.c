/* pmuctl: perf-style event strings (docs/fpga.md "Event strings").
 *
 *   cpu/event=0x0e,umask=0x01,cmask=1,inv=1/[u|k]   terms: event umask cmask inv edge any int
 *                                                   usr os cmp=ge|lt|eq|ne cntv both chain
 *                                                   qualify name=NAME
 *   r01c3010e[:MODS]                                raw: evtsel in bits 31:0, ext in 63:32
 *   uops_issued.any:c1:i1:e1[:MODS]                 catalog name (any case) or perf alias
 *   MODS: u k c<N> i[0|1] e[0|1] t[0|1] (any) int ge lt eq ne v (count V) b (both edges)
 *         chain q (qualify)
 * The catalog is the generated pmu_events[] of pmu_map.h (from rtl/pmu/data/pmu_params.json).
 * Every error names the rule and points at the offending term with a caret line. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "pmuctl.h"

const struct ev_alias ev_aliases[] = {
    {"cycles", "CPU_CLK_UNHALTED.THREAD"},
    {"cpu-cycles", "CPU_CLK_UNHALTED.THREAD"},
    {"instructions", "INST_RETIRED.ANY_P"},
    {"ref-cycles", "CPU_CLK_UNHALTED.REF_XCLK"},
    {"branches", "BR_INST_RETIRED.ALL_BRANCHES"},
    {"branch-instructions", "BR_INST_RETIRED.ALL_BRANCHES"},
    {"branch-misses", "BR_MISP_RETIRED.ALL_BRANCHES"},
    {NULL, NULL},
};

#define B_EN (1u << PMU_EVTSEL_EN_LSB)
#define B_USR (1u << PMU_EVTSEL_USR_LSB)
#define B_OS (1u << PMU_EVTSEL_OS_LSB)
#define B_EDGE (1u << PMU_EVTSEL_EDGE_LSB)
#define B_INT (1u << PMU_EVTSEL_INT_LSB)
#define B_ANY (1u << PMU_EVTSEL_ANY_LSB)
#define B_INV (1u << PMU_EVTSEL_INV_LSB)
#define X_CNTV (1u << PMU_EXT_CNTV_LSB)
#define X_BOTH (1u << PMU_EXT_BOTH_LSB)
#define X_CHAIN (1u << PMU_EXT_CHAIN_LSB)
#define X_QUAL (1u << PMU_EXT_QUALIFY_LSB)

typedef struct {
  const char *full;   /* the whole argument, for the caret line */
  char *err;
  size_t errn;
} ctx_t;

/* "event 'FULL': RULE" + the argument + a caret under [pos, pos+len) */
static int bad(const ctx_t *c, size_t pos, size_t len, const char *fmt, ...)
{
  char rule[256], mark[256];
  va_list ap;
  size_t i, o = 0;
  va_start(ap, fmt);
  vsnprintf(rule, sizeof rule, fmt, ap);
  va_end(ap);
  if (len == 0) len = 1;
  for (i = 0; i < pos && o + 2 < sizeof mark; i++) mark[o++] = ' ';
  for (i = 0; i < len && o + 2 < sizeof mark; i++) mark[o++] = i ? '~' : '^';
  mark[o] = '\0';
  snprintf(c->err, c->errn, "bad event string: %s\n  %s\n  %s", rule, c->full, mark);
  return 0;
}

static int flag_value(const char *v, size_t n, unsigned *out)
{
  if (n == 0) { *out = 1; return 1; }
  if (n == 1 && (v[0] == '0' || v[0] == '1')) { *out = (unsigned)(v[0] - '0'); return 1; }
  return 0;
}

/* a number 0..max (decimal or 0x hex) from v[0..n) */
static int num_value(const char *v, size_t n, uint64_t max, uint64_t *out)
{
  char buf[32];
  if (n == 0 || n >= sizeof buf) return 0;
  memcpy(buf, v, n);
  buf[n] = '\0';
  return parse_u64(buf, out) && *out <= max;
}

static int cmp_value(const char *v, size_t n, unsigned *out)
{
  static const char *const names[4] = {"ge", "lt", "eq", "ne"};
  unsigned i;
  for (i = 0; i < 4; i++)
    if (n == 2 && strncasecmp(v, names[i], 2) == 0) { *out = i; return 1; }
  if (n == 1 && v[0] >= '0' && v[0] <= '3') { *out = (unsigned)(v[0] - '0'); return 1; }
  return 0;
}

typedef struct {
  uint32_t sel, ext;
  int priv_set;          /* u/k modifiers (or usr/os terms) given: they decide USR/OS */
  int mod_priv;          /* a u/k modifier was seen (it replaces the raw code's USR/OS) */
  uint32_t priv;
  size_t pos_both;       /* where BOTH was set (for the rule "both needs edge") */
  size_t len_both;
} acc_t;

/* one modifier of a name or raw code (after ':'), m[0..n) at pos */
static int modifier(const ctx_t *c, acc_t *a, const char *m, size_t n, size_t pos)
{
  unsigned f;
  uint64_t v;
  if (n == 0) return bad(c, pos, 1, "empty modifier (two ':' in a row or a trailing ':')");
  if ((n == 1 || n == 2) && strspn(m, "uk") >= n) {
    size_t i;
    if (!a->mod_priv) a->priv = 0;
    a->mod_priv = 1;
    a->priv_set = 1;
    for (i = 0; i < n; i++) a->priv |= m[i] == 'u' ? B_USR : B_OS;
    return 1;
  }
  if (n == 5 && strncmp(m, "chain", 5) == 0) { a->ext |= X_CHAIN; return 1; }
  if (n == 4 && strncmp(m, "cntv", 4) == 0) { a->ext |= X_CNTV; return 1; }
  if (m[0] == 'c' && n > 1) {
    size_t o = (m[1] == '=') ? 2 : 1;
    if (!num_value(m + o, n - o, 0xff, &v))
      return bad(c, pos, n, "cmask '%.*s' is not a number 0..255", (int)(n - o), m + o);
    a->sel = (a->sel & ~(0xffu << PMU_EVTSEL_CMASK_LSB)) | ((uint32_t)v << PMU_EVTSEL_CMASK_LSB);
    return 1;
  }
  if ((m[0] == 'i' || m[0] == 'e' || m[0] == 't') && n <= 2 && flag_value(m + 1, n - 1, &f)) {
    uint32_t b = m[0] == 'i' ? B_INV : m[0] == 'e' ? B_EDGE : B_ANY;
    a->sel = f ? (a->sel | b) : (a->sel & ~b);
    return 1;
  }
  if (n == 3 && strncmp(m, "inv", 3) == 0) { a->sel |= B_INV; return 1; }
  if (n == 4 && strncmp(m, "edge", 4) == 0) { a->sel |= B_EDGE; return 1; }
  if (n == 3 && strncmp(m, "any", 3) == 0) { a->sel |= B_ANY; return 1; }
  if (n == 3 && strncmp(m, "int", 3) == 0) { a->sel |= B_INT; return 1; }
  if (n == 2 && cmp_value(m, n, &f)) {
    a->ext = (a->ext & ~3u) | f;
    return 1;
  }
  if (n == 1 && m[0] == 'v') { a->ext |= X_CNTV; return 1; }
  if ((n == 1 && m[0] == 'b') || (n == 4 && strncmp(m, "both", 4) == 0)) {
    a->ext |= X_BOTH;
    a->pos_both = pos;
    a->len_both = n;
    return 1;
  }
  if ((n == 1 && m[0] == 'q') || (n == 7 && strncmp(m, "qualify", 7) == 0)) { a->ext |= X_QUAL; return 1; }
  return bad(c, pos, n,
             "unknown modifier '%.*s' (u k c<N> i e t int ge lt eq ne v b chain q)", (int)n, m);
}

/* ':'-separated modifiers in s[from..end) */
static int modifiers(const ctx_t *c, acc_t *a, size_t from, size_t end)
{
  size_t p = from;
  while (p < end) {
    size_t q = p;
    while (q < end && c->full[q] != ':') q++;
    if (!modifier(c, a, c->full + p, q - p, p)) return 0;
    if (q < end && q + 1 == end) return bad(c, q, 1, "empty modifier (a trailing ':')");
    p = q + 1;
  }
  return 1;
}

/* the cpu/.../ form: s[start..close) are the terms */
static int cpu_terms(const ctx_t *c, acc_t *a, size_t start, size_t close, char *name, size_t namen)
{
  static const char *const keys[] = {"event", "umask", "cmask", "inv", "edge", "any", "int", "usr", "os",
                                     "cmp", "cntv", "both", "chain", "qualify", "name", NULL};
  unsigned seen = 0, k;
  size_t p = start;
  if (start == close) return bad(c, start, 1, "no terms between the slashes (event= is required)");
  while (p <= close) {
    size_t q = p, eq, kl, vl;
    const char *key, *val;
    uint64_t v;
    unsigned f;
    while (q < close && c->full[q] != ',') q++;
    if (q == p) return bad(c, p, 1, "empty term");
    key = c->full + p;
    for (eq = p; eq < q && c->full[eq] != '='; eq++) {}
    kl = eq - p;
    val = c->full + eq + 1;
    vl = eq < q ? q - eq - 1 : 0;
    for (k = 0; keys[k]; k++)
      if (strlen(keys[k]) == kl && strncmp(key, keys[k], kl) == 0) break;
    if (!keys[k])
      return bad(c, p, kl ? kl : 1,
                 "unknown term '%.*s' (event umask cmask inv edge any int usr os cmp cntv both chain qualify name)",
                 (int)kl, key);
    if (seen & (1u << k)) return bad(c, p, q - p, "term '%s' given twice", keys[k]);
    seen |= 1u << k;
    if (eq < q && vl == 0) return bad(c, eq, 1, "term '%s' has an empty value", keys[k]);
    switch (k) {
    case 0: case 1: case 2:
      if (eq == q) return bad(c, p, kl, "term '%s' needs a value (%s=0x..)", keys[k], keys[k]);
      if (!num_value(val, vl, 0xff, &v))
        return bad(c, eq + 1, vl, "%s '%.*s' is not a number 0..255", keys[k], (int)vl, val);
      {
        unsigned sh = k == 0 ? PMU_EVTSEL_EVENT_LSB : k == 1 ? PMU_EVTSEL_UMASK_LSB : PMU_EVTSEL_CMASK_LSB;
        a->sel = (a->sel & ~(0xffu << sh)) | ((uint32_t)v << sh);
      }
      break;
    case 9:
      if (!cmp_value(val, vl, &f)) return bad(c, eq + 1, vl ? vl : 1, "cmp must be ge, lt, eq or ne (or 0..3)");
      a->ext = (a->ext & ~3u) | f;
      break;
    case 14:
      if (eq == q) return bad(c, p, kl, "term 'name' needs a value");
      snprintf(name, namen, "%.*s", (int)vl, val);
      break;
    default: {
      static const uint32_t selbit[] = {0, 0, 0, B_INV, B_EDGE, B_ANY, B_INT, B_USR, B_OS};
      static const uint32_t extbit[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, X_CNTV, X_BOTH, X_CHAIN, X_QUAL};
      if (!flag_value(val, vl, &f))
        return bad(c, eq + 1, vl, "term '%s' takes 0 or 1, not '%.*s'", keys[k], (int)vl, val);
      if (k <= 8) {
        a->sel = f ? (a->sel | selbit[k]) : (a->sel & ~selbit[k]);
        if (k == 7 || k == 8) a->priv |= f ? selbit[k] : 0;
      } else {
        a->ext = f ? (a->ext | extbit[k]) : (a->ext & ~extbit[k]);
        if (k == 11) { a->pos_both = p; a->len_both = q - p; }
      }
    }
    }
    p = q + 1;
  }
  if (!(seen & 1u)) return bad(c, start, close - start, "no event= term");
  if (seen & ((1u << 7) | (1u << 8))) a->priv_set = 1;
  return 1;
}

static int find_catalog(const char *name, size_t n)
{
  int i;
  const struct ev_alias *al;
  for (i = 0; i < PMU_NEVENTS; i++)
    if (strlen(pmu_events[i].name) == n && strncasecmp(pmu_events[i].name, name, n) == 0) return i;
  for (al = ev_aliases; al->alias; al++)
    if (strlen(al->alias) == n && strncmp(al->alias, name, n) == 0) {
      for (i = 0; i < PMU_NEVENTS; i++)
        if (strcmp(pmu_events[i].name, al->name) == 0) return i;
    }
  return -1;
}

/* parse full[off..off+len) */
static int parse_at(const char *full, size_t off, size_t len, pmu_event_t *e, char *err, size_t errn)
{
  ctx_t c;
  acc_t a;
  size_t end = off + len, i;
  char name[96] = "";
  int k;
  c.full = full;
  c.err = err;
  c.errn = errn;
  memset(&a, 0, sizeof a);
  memset(e, 0, sizeof *e);
  e->cat = -1;
  if (len == 0) return bad(&c, off, 1, "empty event (two ',' in a row or a trailing ',')");
  if (len >= sizeof e->text) return bad(&c, off, len, "event longer than %zu characters", sizeof e->text - 1);
  if (len >= 4 && strncmp(full + off, "cpu/", 4) == 0) {
    size_t close = off + 4;
    while (close < end && full[close] != '/') close++;
    if (close == end) return bad(&c, end - 1, 1, "missing the closing '/' of cpu/.../");
    if (!cpu_terms(&c, &a, off + 4, close, name, sizeof name)) return 0;
    i = close + 1;
    if (i < end && full[i] == ':') i++;
    for (; i < end; i++) {
      if (full[i] == 'u' || full[i] == 'k') {
        if (!a.priv_set) a.priv = 0;
        a.priv_set = 1;
        a.priv |= full[i] == 'u' ? B_USR : B_OS;
      } else {
        return bad(&c, i, end - i, "unknown modifier '%.*s' after cpu/.../ (u or k)", (int)(end - i), full + i);
      }
    }
  } else {
    size_t colon = off;
    while (colon < end && full[colon] != ':') colon++;
    if (full[off] == 'r' && colon > off + 1) {
      size_t h = off + 1;
      while (h < colon && isxdigit((unsigned char)full[h])) h++;
      if (h == colon) {
        uint64_t v = 0;
        if (colon - off - 1 > 16) return bad(&c, off, colon - off, "raw code longer than 16 hex digits");
        for (h = off + 1; h < colon; h++) {
          int d = full[h];
          v = (v << 4) | (uint64_t)(isdigit(d) ? d - '0' : (tolower(d) - 'a' + 10));
        }
        a.sel = (uint32_t)v;
        a.ext = (uint32_t)(v >> 32);
        if (a.sel & ~PMU_EVTSEL_MASK)
          return bad(&c, off, colon - off, "raw code sets reserved evtsel bits 0x%08x", a.sel & ~PMU_EVTSEL_MASK);
        if (a.ext & ~PMU_EXT_MASK)
          return bad(&c, off, colon - off, "raw code sets reserved ext bits (63:32) 0x%08x", a.ext & ~PMU_EXT_MASK);
        a.priv = a.sel & (B_USR | B_OS);
        a.priv_set = a.priv != 0;
        if (colon < end && !modifiers(&c, &a, colon + 1, end)) return 0;
        if (colon + 1 == end) return bad(&c, colon, 1, "empty modifier (a trailing ':')");
        goto done;
      }
    }
    k = find_catalog(full + off, colon - off);
    if (k < 0)
      return bad(&c, off, colon - off, "unknown event '%.*s' (pmuctl list prints the catalog)", (int)(colon - off),
                 full + off);
    a.sel = ((uint32_t)pmu_events[k].event << PMU_EVTSEL_EVENT_LSB) |
            ((uint32_t)pmu_events[k].umask << PMU_EVTSEL_UMASK_LSB);
    if (colon + 1 == end) return bad(&c, colon, 1, "empty modifier (a trailing ':')");
    if (colon < end && !modifiers(&c, &a, colon + 1, end)) return 0;
  }
done:
  if ((a.ext & X_BOTH) && !(a.sel & B_EDGE))
    return bad(&c, a.pos_both ? a.pos_both : off, a.len_both ? a.len_both : len,
               "both edges (b) needs edge counting (e)");
  a.sel &= ~(B_USR | B_OS);
  a.sel |= B_EN | (a.priv_set && a.priv ? a.priv : (B_USR | B_OS));
  if (a.priv_set && !a.priv) a.sel &= ~(B_USR | B_OS);
  e->evtsel = a.sel;
  e->ext = a.ext;
  for (k = 0; k < PMU_NEVENTS; k++)
    if (pmu_events[k].event == PMU_GET(a.sel, PMU_EVTSEL_EVENT) && pmu_events[k].umask == PMU_GET(a.sel, PMU_EVTSEL_UMASK))
      e->cat = k;
  if (name[0]) snprintf(e->text, sizeof e->text, "%s", name);
  else snprintf(e->text, sizeof e->text, "%.*s", (int)len, full + off);
  return 1;
}

int ev_parse(const char *s, pmu_event_t *e, char *err, size_t errn)
{
  return parse_at(s, 0, strlen(s), e, err, errn);
}

int ev_parse_list(const char *list, pmu_event_t *ev, int max, char *err, size_t errn)
{
  size_t n = strlen(list), p = 0;
  int cnt = 0;
  for (;;) {
    size_t q = p;
    if (n - p >= 4 && strncmp(list + p, "cpu/", 4) == 0) {
      q = p + 4;
      while (q < n && list[q] != '/') q++;
      if (q < n) q++;
    }
    while (q < n && list[q] != ',') q++;
    if (cnt == max) {
      ctx_t c = {list, err, errn};
      return bad(&c, p, q - p, "more than %d events", max) - 1;
    }
    if (!parse_at(list, p, q - p, &ev[cnt], err, errn)) return -1;
    cnt++;
    if (q >= n) break;
    p = q + 1;
    if (p == n) {
      ctx_t c = {list, err, errn};
      return bad(&c, q, 1, "empty event (a trailing ',')") - 1;
    }
  }
  return cnt;
}

int ev_lanes(const pmu_event_t *e)
{
  uint32_t s = pmu_lane_sel((uint8_t)PMU_GET(e->evtsel, PMU_EVTSEL_EVENT), (uint8_t)PMU_GET(e->evtsel, PMU_EVTSEL_UMASK));
  int n = 0;
  while (s) {
    n += (int)(s & 1);
    s >>= 1;
  }
  return n;
}

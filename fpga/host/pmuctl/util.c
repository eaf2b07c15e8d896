/* pmuctl: messages and number parsing. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmuctl.h"

const char *prog_name = "pmuctl";

/* "pmuctl: MESSAGE" on stderr, then exit with status code */
static void vquit(int code, const char *fmt, va_list ap) __attribute__((noreturn));
static void vquit(int code, const char *fmt, va_list ap)
{
  fflush(stdout);
  fprintf(stderr, "%s: ", prog_name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  exit(code);
}

void die(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vquit(2, fmt, ap);
}

void fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vquit(1, fmt, ap);
}

int parse_u64(const char *s, uint64_t *v)
{
  uint64_t x = 0;
  int base = 10, any = 0;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
  }
  for (; *s; s++) {
    unsigned d;
    if (*s >= '0' && *s <= '9') d = (unsigned)(*s - '0');
    else if (base == 16 && *s >= 'a' && *s <= 'f') d = (unsigned)(*s - 'a' + 10);
    else if (base == 16 && *s >= 'A' && *s <= 'F') d = (unsigned)(*s - 'A' + 10);
    else return 0;
    if (x > (UINT64_MAX - d) / (uint64_t)base) return 0;
    x = x * (uint64_t)base + d;
    any = 1;
  }
  *v = x;
  return any;
}

uint64_t opt_u64(const char *opt, const char *s, uint64_t lo, uint64_t hi)
{
  uint64_t v;
  if (!parse_u64(s, &v)) die("%s: '%s' is not a number (decimal or 0x hex)", opt, s);
  if (v < lo || v > hi) die("%s: %s is out of range (%" PRIu64 "..%" PRIu64 ")", opt, s, lo, hi);
  return v;
}

const char *commas(uint64_t v, char *buf, size_t n)
{
  char tmp[32];
  size_t len, i, o = 0;
  snprintf(tmp, sizeof tmp, "%" PRIu64, v);
  len = strlen(tmp);
  for (i = 0; i < len && o + 2 < n; i++) {
    if (i && (len - i) % 3 == 0) buf[o++] = ',';
    buf[o++] = tmp[i];
  }
  buf[o] = '\0';
  return buf;
}

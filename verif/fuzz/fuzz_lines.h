/* Lines of a fuzz input as the parsers number them: one per '\n', plus an unterminated last
 * line. The parser fuzzers use it to check that a reported FILE:LINE is a line of the input. */
#ifndef FUZZ_LINES_H
#define FUZZ_LINES_H

#include <stddef.h>

static inline unsigned long fuzz_count_lines(const void *data, size_t n)
{
  const unsigned char *d = (const unsigned char *)data;
  unsigned long l = 0;
  size_t i;
  for (i = 0; i < n; i++) l += d[i] == '\n';
  if (n && d[n - 1] != '\n') l++;
  return l;
}

#endif

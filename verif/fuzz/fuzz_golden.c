/* libFuzzer target for the golden-vector reader/checker (verif/golden/pmu_golden.c, docs/golden.md),
 * built with ASan + UBSan and -DPMU_GOLDEN_NO_MAIN by verif/fuzz/fuzz.mk.
 *
 * Input: byte 0 selects the mode.
 *   byte0 & 1 = 0: one file = bytes 1.., checked as kind (byte0 >> 1) & 3: 0 stim, 1 exp,
 *                  2 and 3 either (what its first line says).
 *   byte0 & 1 = 1: a stimulus/expected pair: bytes 1-2 = N (little endian), the stimulus file is
 *                  the next min(N, rest) bytes and the expected file the remainder.
 * Oracle: a rejected input gives one message "PATH:LINE: rule" naming one of the files and a
 * line 1..lines+1 of it (the line after the last newline for end-of-file errors); an accepted
 * file has kind stim or exp, 1..4096 cycles, the width of its kind and a non-empty name without
 * blanks or control characters; an accepted pair is two files each accepted alone, with the same
 * cycle count. Replay a crash: build/fuzz/fuzz_golden CRASH_FILE.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_lines.h"
#include "pmu_golden.h"

static const char S_PATH[] = "<stim>", E_PATH[] = "<exp>", F_PATH[] = "<fuzz>";

static void fail(const char *what, const char *err)
{
  fprintf(stderr, "fuzz_golden: %s: \"%s\"\n", what, err ? err : "");
  abort();
}

/* err names PATH (one of the given files) and a line 1..lines+1 of it. */
static void check_err(const char *err, const char *p1, const char *b1, size_t n1, const char *p2, const char *b2,
                      size_t n2)
{
  const char *p = NULL, *b = NULL;
  size_t n = 0, pl;
  unsigned long line;
  char *end;
  if (strncmp(err, p1, strlen(p1)) == 0 && err[strlen(p1)] == ':') {
    p = p1; b = b1; n = n1;
  } else if (p2 && strncmp(err, p2, strlen(p2)) == 0 && err[strlen(p2)] == ':') {
    p = p2; b = b2; n = n2;
  } else {
    fail("rejected without a PATH:LINE: message", err);
  }
  pl = strlen(p) + 1;
  line = strtoul(err + pl, &end, 10);
  if (end == err + pl || end[0] != ':' || end[1] != ' ' || end[2] == '\0') fail("message is not PATH:LINE: rule", err);
  if (line < 1 || line > fuzz_count_lines(b, n) + 1) fail("LINE is not a line of the file", err);
  if (strchr(err, '\n')) fail("message spans several lines", err);
}

static void check_info(const pmu_golden_info_t *in, int kind)
{
  size_t i, l = strlen(in->name);
  if (in->kind != PMU_GOLDEN_STIM && in->kind != PMU_GOLDEN_EXP) fail("accepted with a bad kind", in->name);
  if (kind != PMU_GOLDEN_ANY && in->kind != kind) fail("accepted a file of the other kind", in->name);
  if (in->cycles < 1 || in->cycles > PMU_GOLDEN_MAX_CYCLES) fail("accepted a bad cycle count", in->name);
  if (in->width != pmu_golden_width(in->kind)) fail("accepted a width other than this build's", in->name);
  if (l < 1 || l > PMU_GOLDEN_MAX_NAME) fail("accepted a bad name length", in->name);
  for (i = 0; i < l; i++)
    if ((unsigned char)in->name[i] <= ' ' || in->name[i] == 0x7f) fail("accepted a name with a blank or control character", in->name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024];
  pmu_golden_info_t info;
  if (size < 1) return 0;
  err[0] = '\0';
  if (!(data[0] & 1)) {
    int kind = (data[0] >> 1 & 3) == 0 ? PMU_GOLDEN_STIM : (data[0] >> 1 & 3) == 1 ? PMU_GOLDEN_EXP : PMU_GOLDEN_ANY;
    const char *b = (const char *)data + 1;
    size_t n = size - 1;
    if (pmu_golden_check_buf(F_PATH, b, n, kind, 0, &info, err, sizeof err) == 0) check_info(&info, kind);
    else check_err(err, F_PATH, b, n, NULL, NULL, 0);
    return 0;
  }
  if (size < 3) return 0;
  {
    size_t want = (size_t)data[1] | (size_t)data[2] << 8, rest = size - 3;
    size_t ns = want < rest ? want : rest;
    const char *sb = (const char *)data + 3, *eb = sb + ns;
    size_t ne = rest - ns;
    if (pmu_golden_check_pair_buf(S_PATH, sb, ns, E_PATH, eb, ne, 0, &info, err, sizeof err) == 0) {
      pmu_golden_info_t si, ei;
      char e2[1024];
      check_info(&info, PMU_GOLDEN_ANY);
      if (pmu_golden_check_buf(S_PATH, sb, ns, PMU_GOLDEN_STIM, 0, &si, e2, sizeof e2) != 0)
        fail("pair accepted but its stimulus file alone is rejected", e2);
      if (pmu_golden_check_buf(E_PATH, eb, ne, PMU_GOLDEN_EXP, 0, &ei, e2, sizeof e2) != 0)
        fail("pair accepted but its expected file alone is rejected", e2);
      if (si.cycles != ei.cycles || strcmp(si.name, ei.name) != 0) fail("pair accepted with different names or cycle counts", si.name);
    } else {
      check_err(err, S_PATH, sb, ns, E_PATH, eb, ne);
    }
  }
  return 0;
}

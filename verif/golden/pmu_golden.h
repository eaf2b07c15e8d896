/* Golden vectors (docs/golden.md): the format's constants and its reader/checker.
 *
 * The writer (pmu_golden FILE.stim OUTDIR) and the checker (pmu_golden --check, and the functions
 * below) live in verif/golden/pmu_golden.c and build every header line with the same code, so a file
 * the writer produces always passes the checker (the writer checks its own output before it
 * renames it into place) and the checker accepts nothing else. Both are compiled for one
 * parameter set (-DPMU_THREADS=... as for the model): vectors of another parameter set are
 * reported as a params mismatch, as the testbench does.
 *
 * The check functions are safe on arbitrary bytes (fuzzing): they never exit, never read outside
 * [buf, buf+len), need no NUL terminator, and (the _buf forms) never allocate. They use static
 * scratch space and are not reentrant. To link them without the writer's main() (e.g. into a
 * fuzz harness), compile verif/golden/pmu_golden.c with -DPMU_GOLDEN_NO_MAIN; only the model's header
 * (cmodel/include/pmu_model.h, for the field widths) is needed then, no model sources.
 */
#ifndef PMU_GOLDEN_H
#define PMU_GOLDEN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PMU_GOLDEN_VERSION 1            /* bump on any change of layout, order or meaning */
#define PMU_GOLDEN_MAGIC "stallscope-golden"
#define PMU_GOLDEN_MAX_CYCLES 1000000u  /* largest --max-cycles accepted */
#define PMU_GOLDEN_MAX_NAME 255         /* longest vector name */
#define PMU_GOLDEN_MAX_HDR_LINE 4096    /* longest header line, newline excluded */

typedef enum { PMU_GOLDEN_STIM = 0, PMU_GOLDEN_EXP = 1, PMU_GOLDEN_ANY = -1 } pmu_golden_kind_t;

/* What the header of a valid file says. */
typedef struct {
  int kind;                           /* PMU_GOLDEN_STIM or PMU_GOLDEN_EXP */
  char name[PMU_GOLDEN_MAX_NAME + 1];
  uint64_t cycles;                    /* = number of data lines */
  unsigned width;                     /* bits per data line */
} pmu_golden_info_t;

/* Bits per data line of KIND (PMU_GOLDEN_STIM or PMU_GOLDEN_EXP) for this build's parameters. */
unsigned pmu_golden_width(int kind);

/* Check one vector file held in memory: BUF, LEN bytes (any bytes; no NUL terminator needed).
 * PATH is only used in messages. KIND: what the file must be (PMU_GOLDEN_ANY: either, as its first
 * line says). MAX_CYCLES: the largest cycle count accepted (0: PMU_GOLDEN_MAX_CYCLES).
 * Returns 0 when the file is valid (INFO filled when non-NULL), else -1 with the first error as
 * "PATH:LINE: rule" in ERR (ERR may be NULL). */
int pmu_golden_check_buf(const char *path, const char *buf, size_t len, int kind, uint64_t max_cycles,
                         pmu_golden_info_t *info, char *err, size_t errlen);

/* A stimulus/expected pair in memory: each file as above, then the rules between them: the same
 * name and cycle count, and the expected file's chk_out bit is 0 exactly on the stimulus' reset
 * lines. Returns 0 or -1 as above. */
int pmu_golden_check_pair_buf(const char *stim_path, const char *sbuf, size_t slen,
                              const char *exp_path, const char *ebuf, size_t elen,
                              uint64_t max_cycles, pmu_golden_info_t *info, char *err, size_t errlen);

/* The same for files on disk: reads STIM_PATH and EXP_PATH whole (I/O errors: "PATH:0: ...").
 * When the names end in NAME.stim.hex / NAME.exp.hex, the header's name must be NAME. */
int pmu_golden_check_pair(const char *stim_path, const char *exp_path, uint64_t max_cycles,
                          pmu_golden_info_t *info, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif

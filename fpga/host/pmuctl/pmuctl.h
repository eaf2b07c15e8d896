/* pmuctl: the StallScope bring-up host tool (docs/fpga.md "pmuctl").
 *
 * Layers, one file each:
 *   frame.c              the UART frame protocol: CRC-16/CCITT-FALSE, encode, decode
 *   transport_serial.c   a serial port or the virtual board's pty (termios)
 *   transport_model.c    the C model of the PMU behind an emulated bridge and run control
 *   board.c              PMU and run-control accesses, runs, program load (over a transport)
 *   event.c              perf-style event strings -> evtsel/ext
 *   workload.c           --workload/--knobs/--seed/--prog: the core's set-up
 *   cmd_*.c              the commands
 */
#ifndef PMUCTL_H
#define PMUCTL_H

#include <stddef.h>
#include <stdint.h>

#include "pmu_map.h"

/* ---- protocol (frame.c; the board side is fpga/rtl/uart_apb_bridge.v) ---- */
enum { SYNC_REQ = 0xA5, SYNC_RSP = 0x5A };
enum { CMD_PING = 0x00, CMD_READ = 0x01, CMD_WRITE = 0x02, CMD_RC_READ = 0x11, CMD_RC_WRITE = 0x12 };
enum { ST_OK = 0, ST_BAD_CRC = 1, ST_BAD_LEN = 2, ST_BAD_CMD = 3, ST_TIMEOUT = 4, ST_SLVERR = 5,
       ST_BAD_ARG = 6, ST_NO_REPLY = 0x100, ST_BAD_REPLY = 0x101 };
enum { FL_PRIV = 1, FL_FIXED = 2 };
enum { MAXW = 16, MAXPAY = 4 + 4 * MAXW, MAXFRAME = MAXPAY + 6 };

uint16_t crc16_ccitt(uint16_t crc, const uint8_t *p, size_t n);
size_t frame_encode(uint8_t *out, uint8_t cmd, uint8_t seq, const uint8_t *pay, size_t n);
const char *status_name(int st);

/* ---- transports ---- */
typedef struct transport transport_t;
struct transport {
  /* one request, one reply: *status and the reply payload (at most MAXPAY bytes) */
  int (*request)(transport_t *t, uint8_t cmd, const uint8_t *pay, size_t n, int *status,
                 uint8_t *rpay, size_t *rn);
  /* raw bytes out, then the reply's status (or ST_NO_REPLY); serial transports only */
  int (*raw)(transport_t *t, const uint8_t *bytes, size_t n, int *status);
  void (*close)(transport_t *t);
  const char *name;
};
transport_t *transport_open(const char *spec, char *err, size_t errn);
transport_t *serial_open(const char *path, unsigned baud, char *err, size_t errn);
transport_t *model_open(const char *record, char *err, size_t errn);

/* ---- board (board.c) ---- */
/* run-control registers (fpga/rtl/run_ctl.v) */
enum { RC_ID = 0x00, RC_CLK_HZ = 0x04, RC_CFG = 0x08, RC_SEED = 0x0c, RC_CTRL = 0x10,
       RC_STATUS = 0x14, RC_RUNLEN = 0x18, RC_CYC_LO = 0x1c, RC_CYC_HI = 0x20, RC_PROG_PTR = 0x24,
       RC_PROG_DATA = 0x28, RC_INFO = 0x2c };
enum { RC_START = 1, RC_STOP = 2, RC_RESET = 4, RC_RUN = 8, RC_PMU_RESET = 16 };
#define RC_ID_VALUE 0x52430002u
/* INFO's fields (fpga/rtl/run_ctl.v): THREADS 7:0, W 11:8, the PMU's PIPE 14:12 and STORAGE 15,
 * PROG_DEPTH 31:16 */
enum { RC_INFO_THREADS_LSB = 0, RC_INFO_W_LSB = 8, RC_INFO_PIPE_LSB = 12, RC_INFO_STORAGE_LSB = 15,
       RC_INFO_PD_LSB = 16 };

typedef struct {
  transport_t *tr;
  unsigned threads, p, w, cw, nl;   /* from the PMU's cfg register */
  uint32_t clk_hz;
  unsigned prog_depth;
  unsigned pipe;                    /* the PMU's event path pipeline, from run control's INFO */
  unsigned storage;                 /* the PMU's counter storage (1: block RAM, whose counters'
                                     * APB accesses have a wait state), from INFO */
  int verbose;
} board_t;

int bd_open(board_t *b, transport_t *tr, char *err, size_t errn);
int bd_read(board_t *b, uint32_t addr, unsigned n, int priv, uint32_t *out);   /* status */
int bd_write(board_t *b, uint32_t addr, unsigned n, int priv, unsigned strb, const uint32_t *v);
int bd_rc_read(board_t *b, uint32_t addr, unsigned n, uint32_t *out);
int bd_rc_write(board_t *b, uint32_t addr, uint32_t v);
int bd_rc_write_fixed(board_t *b, uint32_t addr, unsigned n, const uint32_t *v);
/* die on a failed access (exit 1 with the access and status) */
uint32_t rd32(board_t *b, uint32_t addr);
uint64_t rd64(board_t *b, uint32_t addr);
void rdn(board_t *b, uint32_t addr, unsigned n, uint32_t *out);
void wr32(board_t *b, uint32_t addr, uint32_t v);
void wrn(board_t *b, uint32_t addr, unsigned n, const uint32_t *v);
void wr64(board_t *b, uint32_t addr, uint64_t v);
uint32_t rc_rd(board_t *b, uint32_t addr);
void rc_wr(board_t *b, uint32_t addr, uint32_t v);
void bd_run(board_t *b, uint64_t cycles);             /* RUN and wait for its end */
uint64_t bd_cycles(board_t *b);                       /* run cycles since the core's reset */
uint32_t treg(unsigned t, uint32_t off);
uint64_t cw_mask(const board_t *b);

/* ---- event strings (event.c) ---- */
typedef struct {
  char text[160];     /* as written (the name perf stat shows) */
  uint32_t evtsel;    /* EN and USR/OS set */
  uint32_t ext;
  int cat;            /* catalog index (pmu_events) or -1 */
} pmu_event_t;
/* parse one event; on error: 0 and a message (with a caret line under the offending term) */
int ev_parse(const char *s, pmu_event_t *e, char *err, size_t errn);
/* split a -e list at the commas between events (commas inside cpu/.../ stay); returns the count
 * or -1 with err */
int ev_parse_list(const char *list, pmu_event_t *ev, int max, char *err, size_t errn);
int ev_lanes(const pmu_event_t *e);   /* lanes selected (0: the code selects nothing) */
extern const struct ev_alias { const char *alias, *name; } ev_aliases[];

/* ---- workload (workload.c) ---- */
typedef struct {
  int have;              /* any option given */
  unsigned mix;          /* generator mix */
  unsigned knobs;
  uint32_t seed;
  const char *prog[8];   /* program file per thread (NULL: none) */
  int use_prog;
  unsigned idle_mask;
} workload_t;
/* options --workload --knobs --seed --prog --progT --idle: consumes argv[*i] (and its value);
 * 1 if it was one of them, 0 if not, exits 2 on a bad value */
int wl_option(workload_t *w, int argc, char **argv, int *i);
void wl_default(workload_t *w);
/* program files checked (FILE:LINE: rule, exit 2) before anything touches the board */
void wl_check(const workload_t *w, unsigned threads, unsigned depth);
void wl_setup(board_t *b, const workload_t *w);   /* load programs, CFG, SEED, core reset */
const char *wl_describe(const workload_t *w, char *buf, size_t n);

/* ---- helpers (util.c) ---- */
extern const char *prog_name;
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));        /* exit 2 */
void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));       /* exit 1 */
int parse_u64(const char *s, uint64_t *v);   /* decimal or 0x hex; 0 on syntax error */
uint64_t opt_u64(const char *opt, const char *s, uint64_t lo, uint64_t hi);
const char *commas(uint64_t v, char *buf, size_t n);

/* ---- commands ---- */
board_t *board_get(void);   /* main.c: the board of -d, opened on first use (exit 1 if none) */
int cmd_list(int argc, char **argv);
int cmd_parse(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_stacks(int argc, char **argv);
int cmd_tree(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
int cmd_report(int argc, char **argv);    /* a sample file (no device) */
int cmd_record(int argc, char **argv);    /* the sampler over a run, into a sample file */
int cmd_low(const char *cmd, int argc, char **argv);  /* info read write rc-read rc-write run
                                                         reset-core reset-pmu load frame */

#endif

/* pmuctl: PMU and run-control accesses over a transport (docs/fpga.md "Protocol"). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "pmuctl.h"

static void put32(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *p)
{
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static int do_read(board_t *b, uint8_t cmd, uint32_t addr, unsigned n, unsigned flags, uint32_t *out)
{
  uint8_t pay[4], r[MAXPAY];
  size_t rn = 0;
  int st;
  unsigned i;
  pay[0] = (uint8_t)addr;
  pay[1] = (uint8_t)(addr >> 8);
  pay[2] = (uint8_t)flags;
  pay[3] = (uint8_t)n;
  b->tr->request(b->tr, cmd, pay, 4, &st, r, &rn);
  if (st == ST_OK && rn != 4 * n) st = ST_BAD_REPLY;
  if (st == ST_OK)
    for (i = 0; i < n; i++) out[i] = get32(r + 4 * i);
  return st;
}

static int do_write(board_t *b, uint8_t cmd, uint32_t addr, unsigned n, unsigned flags, unsigned strb,
                    const uint32_t *v)
{
  uint8_t pay[MAXPAY], r[MAXPAY];
  size_t rn = 0;
  int st;
  unsigned i;
  pay[0] = (uint8_t)addr;
  pay[1] = (uint8_t)(addr >> 8);
  pay[2] = (uint8_t)flags;
  pay[3] = (uint8_t)strb;
  for (i = 0; i < n; i++) put32(pay + 4 + 4 * i, v[i]);
  b->tr->request(b->tr, cmd, pay, 4 + 4 * n, &st, r, &rn);
  return st;
}

int bd_read(board_t *b, uint32_t addr, unsigned n, int priv, uint32_t *out)
{
  return do_read(b, CMD_READ, addr, n, priv ? FL_PRIV : 0, out);
}
int bd_write(board_t *b, uint32_t addr, unsigned n, int priv, unsigned strb, const uint32_t *v)
{
  return do_write(b, CMD_WRITE, addr, n, priv ? FL_PRIV : 0, strb, v);
}
int bd_rc_read(board_t *b, uint32_t addr, unsigned n, uint32_t *out)
{
  return do_read(b, CMD_RC_READ, addr, n, 0, out);
}
int bd_rc_write(board_t *b, uint32_t addr, uint32_t v)
{
  return do_write(b, CMD_RC_WRITE, addr, 1, 0, 0xf, &v);
}
int bd_rc_write_fixed(board_t *b, uint32_t addr, unsigned n, const uint32_t *v)
{
  return do_write(b, CMD_RC_WRITE, addr, n, FL_FIXED, 0xf, v);
}

static void check(int st, const char *what, uint32_t addr)
{
  if (st != ST_OK) fail("%s 0x%04" PRIx32 ": %s", what, addr, status_name(st));
}

uint32_t rd32(board_t *b, uint32_t addr)
{
  uint32_t v = 0;
  check(bd_read(b, addr, 1, 1, &v), "READ", addr);
  return v;
}
void rdn(board_t *b, uint32_t addr, unsigned n, uint32_t *out)
{
  while (n) {
    unsigned k = n > MAXW ? MAXW : n;
    check(bd_read(b, addr, k, 1, out), "READ", addr);
    addr += 4 * k;
    out += k;
    n -= k;
  }
}
uint64_t rd64(board_t *b, uint32_t addr)
{
  uint32_t v[2];
  rdn(b, addr, 2, v); /* low then high: the PMU's torn-free pair */
  return (uint64_t)v[0] | ((uint64_t)v[1] << 32);
}
void wr32(board_t *b, uint32_t addr, uint32_t v)
{
  check(bd_write(b, addr, 1, 1, 0xf, &v), "WRITE", addr);
}
void wrn(board_t *b, uint32_t addr, unsigned n, const uint32_t *v)
{
  while (n) {
    unsigned k = n > MAXW ? MAXW : n;
    check(bd_write(b, addr, k, 1, 0xf, v), "WRITE", addr);
    addr += 4 * k;
    v += k;
    n -= k;
  }
}
void wr64(board_t *b, uint32_t addr, uint64_t v)
{
  uint32_t w[2];
  w[0] = (uint32_t)v;
  w[1] = (uint32_t)(v >> 32);
  wrn(b, addr, 2, w);
}
uint32_t rc_rd(board_t *b, uint32_t addr)
{
  uint32_t v = 0;
  check(bd_rc_read(b, addr, 1, &v), "RC_READ", addr);
  return v;
}
void rc_wr(board_t *b, uint32_t addr, uint32_t v)
{
  check(bd_rc_write(b, addr, v), "RC_WRITE", addr);
}

void bd_run(board_t *b, uint64_t cycles)
{
  while (cycles) {
    uint32_t k = cycles > 0xffffffffu ? 0xffffffffu : (uint32_t)cycles;
    unsigned polls = 0;
    rc_wr(b, RC_RUNLEN, k);
    rc_wr(b, RC_CTRL, RC_RUN);
    while (rc_rd(b, RC_STATUS) & 2u)
      if (++polls > 100000000u) fail("RUN of %" PRIu32 " cycles does not end", k);
    cycles -= k;
  }
}

uint64_t bd_cycles(board_t *b)
{
  uint64_t lo = rc_rd(b, RC_CYC_LO);
  return lo | ((uint64_t)rc_rd(b, RC_CYC_HI) << 32);
}

uint32_t treg(unsigned t, uint32_t off)
{
  return PMU_THREAD_BASE + t * PMU_THREAD_STRIDE + off;
}

uint64_t cw_mask(const board_t *b)
{
  return b->cw >= 64 ? ~0ull : ((1ull << b->cw) - 1);
}

/* PING, the PMU's id and cfg, the run control's id and info */
int bd_open(board_t *b, transport_t *tr, char *err, size_t errn)
{
  uint8_t r[MAXPAY];
  size_t rn = 0;
  int st;
  uint32_t v[2], info;
  memset(b, 0, sizeof *b);
  b->tr = tr;
  tr->request(tr, CMD_PING, NULL, 0, &st, r, &rn);
  if (st != ST_OK || rn != 4 || r[0] != 'S' || r[1] != 'B') {
    snprintf(err, errn, "no StallScope board answers on %s (PING: %s)", tr->name, status_name(st));
    return 0;
  }
  st = bd_read(b, PMU_ID_OFF, 2, 1, v);
  if (st != ST_OK || v[0] != PMU_ID_VALUE) {
    snprintf(err, errn, "the PMU's id register reads 0x%08" PRIx32 " (%s), not 0x%08" PRIx32, v[0],
             status_name(st), (uint32_t)PMU_ID_VALUE);
    return 0;
  }
  b->p = v[1] & 0xff;
  b->threads = (v[1] >> 8) & 0xf;
  b->w = (v[1] >> 12) & 0xf;
  b->cw = (v[1] >> 16) & 0xff;
  b->nl = v[1] >> 24;
  if (b->p != PMU_P || b->threads != PMU_THREADS || b->cw != PMU_CW || b->w != PMU_W) {
    snprintf(err, errn, "the PMU has P=%u THREADS=%u W=%u CW=%u, pmuctl was built for P=%u THREADS=%u W=%u CW=%u",
             b->p, b->threads, b->w, b->cw, PMU_P, PMU_THREADS, PMU_W, PMU_CW);
    return 0;
  }
  if (bd_rc_read(b, RC_ID, 1, v) != ST_OK || v[0] != RC_ID_VALUE) {
    snprintf(err, errn, "the run control's id register does not read 0x%08x", RC_ID_VALUE);
    return 0;
  }
  b->clk_hz = rc_rd(b, RC_CLK_HZ);
  info = rc_rd(b, RC_INFO);
  b->pipe = (info >> RC_INFO_PIPE_LSB) & 0x7;
  b->storage = (info >> RC_INFO_STORAGE_LSB) & 0x1;
  b->prog_depth = info >> RC_INFO_PD_LSB;
  return 1;
}

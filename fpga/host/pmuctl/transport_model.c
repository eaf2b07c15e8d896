/* pmuctl: the C model transport. The PMU is the bit-accurate C model (cmodel/, libpmu_model.a)
 * behind an emulation of the board's bridge and run control, with the same PMU timeline as the
 * board (fpga/rtl/board_top.v): every APB access is two PMU cycles (setup, access), a RUN of N
 * cycles is N PMU cycles, nothing else clocks the PMU. The model has no core: in run cycles it
 * takes the PMU's event inputs from a record written by the virtual board (Vboard_top --record,
 * docs/fpga.md "Event records"), cycle by cycle in the order they were recorded; without a
 * record (or past its end) the core is idle. Outside run cycles the inputs are the board top's
 * idle pattern. So the same session on the virtual board and here gives the same counts.
 * A board keeps its state between two pmuctl runs; so does this transport when it has a record:
 * it saves the PMU state, the run-control registers and its place in the record to
 * RECORD.state when it closes and takes them up again when it opens (delete the file to start
 * from reset, as a power cycle would). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu_model.h"
#include "pmuctl.h"

/* what a board keeps between two pmuctl runs (RECORD.state) */
typedef struct {
  char magic[8];
  uint32_t size;
  pmu_state_t st;
  uint64_t replayed, cyc;
  uint32_t cfg, seed, runlen, cychi, ptr;
  int started;
} persist_t;

typedef struct {
  transport_t base;
  FILE *rec;
  char state_name[1024];
  int warned;
  persist_t p;
} model_t;

enum { REC_BYTES = 1 + PMU_THREADS * (11 + PMU_NEXT + 3 * PMU_W) };

static void idle_inputs(pmu_in_t *in)
{
  int t;
  memset(in, 0, sizeof *in);
  for (t = 0; t < PMU_THREADS; t++) in->stk_flags[t] = 0x7; /* fe/rs/rob empty */
}

/* the next run cycle's event inputs (APB fields left 0) */
static void run_inputs(model_t *m, pmu_in_t *in)
{
  uint8_t r[REC_BYTES];
  int k = 0, t, j;
  idle_inputs(in);
  if (!m->rec || fread(r, 1, REC_BYTES, m->rec) != REC_BYTES) {
    if (!m->warned)
      fprintf(stderr, "%s: model: %s; the core is idle from run cycle %llu on\n", prog_name,
              m->rec ? "the event record ends" : "no event record (model:FILE)", (unsigned long long)m->p.replayed);
    m->warned = 1;
    return;
  }
  m->p.replayed++;
  in->ref_tick = r[k++];
  for (t = 0; t < PMU_THREADS; t++) {
    in->priv[t] = r[k++];
    in->slot_fill[t] = r[k++];
    in->slot_issue[t] = r[k++];
    in->slot_retire[t] = r[k++];
    for (j = 0; j < 3; j++) in->stk_n[t][j] = r[k++];
    for (j = 0; j < 2; j++) in->stk_wp[t][j] = r[k++];
    in->stk_flags[t] = (uint16_t)(r[k] | (r[k + 1] << 8));
    k += 2;
    for (j = 0; j < PMU_NEXT; j++) in->ev_ext[t][j] = r[k++];
    for (j = 0; j < PMU_W; j++) {   /* the sampler's commit ports (spec 7.8) */
#if PMU_SAMPLER
      in->cmt_pc[t][j] = (uint16_t)(r[k] | (r[k + 1] << 8));
      in->cmt_sig[t][j] = r[k + 2];
#endif
      k += 3;
    }
  }
}

/* one PMU cycle: events of a run cycle (a started core) or the idle pattern */
static void cycle_inputs(model_t *m, pmu_in_t *in)
{
  if (m->p.started) {
    run_inputs(m, in);
    m->p.cyc++;
  } else {
    idle_inputs(in);
  }
}

/* one APB transfer: setup and access cycle, the access phase held while pready is 0 (the
 * wait state of a counter in block RAM, spec 5.1, as the board's bridge does); returns pslverr */
static int apb(model_t *m, uint32_t addr, int write, uint32_t wdata, unsigned strb, int priv, uint32_t *rdata)
{
  pmu_in_t in;
  pmu_out_t out;
  cycle_inputs(m, &in);
  in.psel = 1;
  in.pwrite = (uint8_t)write;
  in.paddr = addr & 0xffffu;
  in.pwdata = write ? wdata : 0;
  in.pstrb = (uint8_t)(write ? strb : 0);
  in.pprot = (uint8_t)(priv ? 1 : 0);
  pmu_step(&m->p.st, &in);
  do {
    cycle_inputs(m, &in);
    in.psel = 1;
    in.penable = 1;
    in.pwrite = (uint8_t)write;
    in.paddr = addr & 0xffffu;
    in.pwdata = write ? wdata : 0;
    in.pstrb = (uint8_t)(write ? strb : 0);
    in.pprot = (uint8_t)(priv ? 1 : 0);
    pmu_comb(&m->p.st, &in, &out);
    pmu_step(&m->p.st, &in);
  } while (!out.pready);
  if (rdata) *rdata = out.prdata;
  return out.pslverr;
}

static void run_cycles(model_t *m, uint64_t n)
{
  pmu_in_t in;
  uint64_t i;
  for (i = 0; i < n; i++) {
    run_inputs(m, &in);
    pmu_step(&m->p.st, &in);
    m->p.cyc++;
  }
}

/* run-control registers (fpga/rtl/run_ctl.v); returns 1 on an access error */
static int rc_access(model_t *m, uint32_t a, int write, uint32_t v, uint32_t *rdata)
{
  uint32_t r = 0;
  pmu_in_t in;
  pmu_out_t out;
  int t;
  switch (a) {
  case RC_ID: if (write) return 1; r = RC_ID_VALUE; break;
  case RC_CLK_HZ: if (write) return 1; r = BOARD_CLK_HZ;  /* board_top's CLK_HZ (fpga/fpga.mk) */ break;
  case RC_CFG: if (write) m->p.cfg = v; r = m->p.cfg; break;
  case RC_SEED: if (write) m->p.seed = v; r = m->p.seed; break;
  case RC_CTRL:
    if (!write) return 1;
    if (v & RC_PMU_RESET) pmu_reset(&m->p.st);
    if (v & RC_RESET) { m->p.started = 0; m->p.cyc = 0; }
    else if (v & RC_STOP) m->p.started = 0;
    else if (v & RC_RUN) run_cycles(m, m->p.runlen);
    else if (v & RC_START) m->p.started = 1;
    break;
  case RC_STATUS:
    if (write) return 1;
    idle_inputs(&in);
    pmu_comb(&m->p.st, &in, &out);
    r = (uint32_t)m->p.started;
    for (t = 0; t < PMU_THREADS; t++) r |= (uint32_t)(out.irq[t] & 1) << (8 + t);
    break;
  case RC_RUNLEN: if (write) m->p.runlen = v; r = m->p.runlen; break;
  case RC_CYC_LO: if (write) return 1; r = (uint32_t)m->p.cyc; m->p.cychi = (uint32_t)(m->p.cyc >> 32); break;
  case RC_CYC_HI: if (write) return 1; r = m->p.cychi; break;
  case RC_PROG_PTR: if (write) m->p.ptr = v & 0x7ffffu; r = m->p.ptr; break;
  case RC_PROG_DATA:
    if (!write) return 1;
    m->p.ptr = (m->p.ptr & 0x70000u) | ((m->p.ptr + 1) & 0xffffu);
    m->p.started = 0;
    break;
  case RC_INFO:
    if (write) return 1;
    r = ((uint32_t)PMU_THREADS << RC_INFO_THREADS_LSB) | ((uint32_t)PMU_W << RC_INFO_W_LSB)
        | ((uint32_t)PMU_PIPE << RC_INFO_PIPE_LSB) | ((uint32_t)PMU_STORAGE << RC_INFO_STORAGE_LSB)
        | (1024u << RC_INFO_PD_LSB);
    break;
  default: return 1;
  }
  if (rdata) *rdata = write ? 0 : r;
  return 0;
}

static int model_request(transport_t *t, uint8_t cmd, const uint8_t *pay, size_t n, int *status,
                         uint8_t *rpay, size_t *rn)
{
  model_t *m = (model_t *)t;
  uint32_t addr, flags, arg, nw, i, v;
  *rn = 0;
  if (cmd == CMD_PING) {
    if (n != 0) { *status = ST_BAD_LEN; return 0; }
    rpay[0] = 'S'; rpay[1] = 'B'; rpay[2] = 1; rpay[3] = MAXW;
    *rn = 4;
    *status = ST_OK;
    return 0;
  }
  if (cmd != CMD_READ && cmd != CMD_WRITE && cmd != CMD_RC_READ && cmd != CMD_RC_WRITE) {
    *status = ST_BAD_CMD;
    return 0;
  }
  int rd = (cmd == CMD_READ || cmd == CMD_RC_READ);
  if (rd ? n != 4 : (n < 8 || n > MAXPAY || (n & 3))) { *status = ST_BAD_LEN; return 0; }
  addr = (uint32_t)pay[0] | ((uint32_t)pay[1] << 8);
  flags = pay[2];
  arg = pay[3];
  if ((flags & 0xfc) || (rd && (arg == 0 || arg > MAXW)) || (cmd == CMD_WRITE && arg > 0xf) ||
      (cmd == CMD_RC_WRITE && arg != 0xf)) {
    *status = ST_BAD_ARG;
    return 0;
  }
  nw = rd ? arg : (uint32_t)(n - 4) / 4;
  for (i = 0; i < nw; i++) {
    uint32_t a = (flags & FL_FIXED) ? addr : ((addr + 4 * i) & 0xffffu);
    int err;
    v = rd ? 0 : (uint32_t)pay[4 + 4 * i] | ((uint32_t)pay[5 + 4 * i] << 8) |
                 ((uint32_t)pay[6 + 4 * i] << 16) | ((uint32_t)pay[7 + 4 * i] << 24);
    if (cmd == CMD_READ || cmd == CMD_WRITE) err = apb(m, a, !rd, v, arg, flags & FL_PRIV, &v);
    else err = rc_access(m, a & 0xffu, !rd, v, &v);
    if (err) {
      *status = ST_SLVERR;
      rpay[0] = (uint8_t)i;
      *rn = 1;
      return 0;
    }
    if (rd) {
      rpay[4 * i] = (uint8_t)v;
      rpay[4 * i + 1] = (uint8_t)(v >> 8);
      rpay[4 * i + 2] = (uint8_t)(v >> 16);
      rpay[4 * i + 3] = (uint8_t)(v >> 24);
    }
  }
  *rn = rd ? 4 * nw : 0;
  *status = ST_OK;
  return 0;
}

static int model_raw(transport_t *t, const uint8_t *bytes, size_t n, int *status)
{
  (void)t; (void)bytes; (void)n;
  *status = ST_NO_REPLY;
  return -1;
}

static void model_close(transport_t *t)
{
  model_t *m = (model_t *)t;
  if (m->state_name[0]) {
    FILE *f = fopen(m->state_name, "wb");
    if (!f || fwrite(&m->p, sizeof m->p, 1, f) != 1)
      fprintf(stderr, "%s: model: cannot write %s\n", prog_name, m->state_name);
    if (f) fclose(f);
  }
  if (getenv("PMUCTL_MODEL_STATS"))
    fprintf(stderr, "%s: model: %llu run cycles replayed from the record\n", prog_name, (unsigned long long)m->p.replayed);
  if (m->rec) fclose(m->rec);
  free(m);
}

transport_t *model_open(const char *record, char *err, size_t errn)
{
  model_t *m = calloc(1, sizeof *m);
  uint8_t h[8];
  if (!m) {
    snprintf(err, errn, "out of memory");
    return NULL;
  }
  pmu_reset(&m->p.st);
  m->p.seed = 1;
  if (record) {
    m->rec = fopen(record, "rb");
    if (!m->rec) {
      snprintf(err, errn, "%s:0: cannot open the event record", record);
      free(m);
      return NULL;
    }
    if (fread(h, 1, 8, m->rec) != 8 || memcmp(h, "SSEV", 4) != 0 || h[4] != 2) {
      snprintf(err, errn, "%s:0: not an event record (header 'SSEV' version 2)", record);
      fclose(m->rec);
      free(m);
      return NULL;
    }
    if (h[5] != PMU_THREADS || h[6] != PMU_NEXT || h[7] != PMU_W) {
      snprintf(err, errn, "%s:0: recorded with THREADS %u, %u lanes and W %u, this model has %u, %u and %u", record,
               h[5], h[6], h[7], PMU_THREADS, PMU_NEXT, PMU_W);
      fclose(m->rec);
      free(m);
      return NULL;
    }
  }
  memcpy(m->p.magic, "SSMODEL", 8);
  m->p.size = (uint32_t)sizeof m->p;
  if (record) {
    FILE *f;
    persist_t q;
    snprintf(m->state_name, sizeof m->state_name, "%s.state", record);
    f = fopen(m->state_name, "rb");
    if (f) {
      if (fread(&q, sizeof q, 1, f) == 1 && memcmp(q.magic, "SSMODEL", 8) == 0 && q.size == sizeof q &&
          fseek(m->rec, (long)(8 + q.replayed * REC_BYTES), SEEK_SET) == 0)
        m->p = q;
      else
        fprintf(stderr, "%s: model: %s is not this model's state file, starting from reset\n", prog_name,
                m->state_name);
      fclose(f);
    }
  }
  m->base.request = model_request;
  m->base.raw = model_raw;
  m->base.close = model_close;
  m->base.name = "model";
  return &m->base;
}

/* pmu_pins: the model's inputs and outputs as pmu_top's port bit vectors (pmu_pins.h). */
#include <string.h>
#include "pmu_pins.h"

/* bits [lsb + width - 1 : lsb] of the word array w (width <= 32) */
static void put(uint32_t *w, unsigned lsb, unsigned width, uint32_t v)
{
  const uint64_t m = ((1ull << width) - 1u) << (lsb & 31u);
  const uint64_t x = ((uint64_t)v << (lsb & 31u)) & m;
  w[lsb >> 5] = (w[lsb >> 5] & ~(uint32_t)m) | (uint32_t)x;
  if ((m >> 32) != 0u)
    w[(lsb >> 5) + 1] = (w[(lsb >> 5) + 1] & ~(uint32_t)(m >> 32)) | (uint32_t)(x >> 32);
}

static uint32_t get(const uint32_t *w, unsigned lsb, unsigned width)
{
  uint64_t x = w[lsb >> 5] >> (lsb & 31u);
  if ((lsb & 31u) + width > 32u)
    x |= (uint64_t)w[(lsb >> 5) + 1] << (32u - (lsb & 31u));
  return (uint32_t)(x & ((1ull << width) - 1u));
}


/* the per-thread fields: one loop for both directions (pack: v -> words, unpack: words -> v) */
#define PER_THREAD(DO)                                                                       \
  for (t = 0; t < PMU_THREADS; t++) {                                                        \
    DO(priv, t, 1, in->priv[t]);                                                             \
    DO(rdp_req, t, 1, in->rdp_req[t]);                                                       \
    DO(rdp_sel, t * 3u, 3, in->rdp_sel[t]);                                                  \
    DO(slot_fill, t * PMU_NW, PMU_NW, in->slot_fill[t]);                                     \
    DO(slot_issue, t * PMU_NW, PMU_NW, in->slot_issue[t]);                                   \
    DO(slot_retire, t * PMU_NW, PMU_NW, in->slot_retire[t]);                                 \
    DO(stk_flags, t * PMU_NFLAG, PMU_NFLAG, in->stk_flags[t]);                               \
    for (j = 0; j < PMU_NEXT; j++)                                                           \
      DO(ev_ext, (t * PMU_NEXT + j) * PMU_LW, PMU_LW, in->ev_ext[t][j]);                     \
    for (j = 0; j < 3; j++)                                                                  \
      DO(stk_n, (t * 3u + j) * PMU_NW, PMU_NW, in->stk_n[t][j]);                             \
    for (j = 0; j < 2; j++)                                                                  \
      DO(stk_wp, (t * 2u + j) * PMU_NW, PMU_NW, in->stk_wp[t][j]);                           \
    CMT_PORTS(DO)                                                                            \
  }
#if PMU_SAMPLER
#define CMT_PORTS(DO)                                                                        \
  for (j = 0; j < PMU_W; j++) {                                                              \
    DO(cmt_pc, (t * PMU_W + j) * 16u, 16, in->cmt_pc[t][j]);                                 \
    DO(cmt_sig, (t * PMU_W + j) * 5u, 5, in->cmt_sig[t][j]);                                 \
  }
#else
#define CMT_PORTS(DO)
#endif
#define PACK(f, lsb, width, v) put(p->f, (lsb), (width), (uint32_t)(v))
#define UNPACK(f, lsb, width, v) (v) = get(p->f, (lsb), (width))

void pmu_pins_pack_in(const pmu_in_t *in, pmu_pins_in_t *p)
{
  unsigned t, j;
  memset(p, 0, sizeof *p);
  p->psel = in->psel & 1u;
  p->penable = in->penable & 1u;
  p->pwrite = in->pwrite & 1u;
  p->paddr = in->paddr & (uint32_t)((1ull << PMU_AW) - 1u);
  p->pwdata = in->pwdata;
  p->pstrb = in->pstrb & 0xfu;
  p->pprot = in->pprot & 7u;
  p->ref_tick = in->ref_tick & 1u;
  PER_THREAD(PACK)
}

void pmu_pins_unpack_in(const pmu_pins_in_t *p, pmu_in_t *in)
{
  unsigned t, j;
  memset(in, 0, sizeof *in);
  in->psel = (uint8_t)(p->psel & 1u);
  in->penable = (uint8_t)(p->penable & 1u);
  in->pwrite = (uint8_t)(p->pwrite & 1u);
  in->paddr = p->paddr & (uint32_t)((1ull << PMU_AW) - 1u);
  in->pwdata = p->pwdata;
  in->pstrb = (uint8_t)(p->pstrb & 0xfu);
  in->pprot = (uint8_t)(p->pprot & 7u);
  in->ref_tick = (uint8_t)(p->ref_tick & 1u);
  PER_THREAD(UNPACK)
}

void pmu_pins_pack_out(const pmu_out_t *o, pmu_pins_out_t *p)
{
  unsigned t;
  memset(p, 0, sizeof *p);
  p->pready = o->pready & 1u;
  p->prdata = o->prdata;
  p->pslverr = o->pslverr & 1u;
  for (t = 0; t < PMU_THREADS; t++) {
    put(p->irq, t, 1, o->irq[t]);
    put(p->rdp_valid, t, 1, o->rdp_valid[t]);
    p->rdp_data[2u * t] = (uint32_t)o->rdp_data[t];
    p->rdp_data[2u * t + 1u] = (uint32_t)(o->rdp_data[t] >> 32);
  }
}

void pmu_pins_unpack_out(const pmu_pins_out_t *p, pmu_out_t *o)
{
  unsigned t;
  memset(o, 0, sizeof *o);
  o->pready = (uint8_t)(p->pready & 1u);
  o->prdata = p->prdata;
  o->pslverr = (uint8_t)(p->pslverr & 1u);
  for (t = 0; t < PMU_THREADS; t++) {
    o->irq[t] = (uint8_t)get(p->irq, t, 1);
    o->rdp_valid[t] = (uint8_t)get(p->rdp_valid, t, 1);
    o->rdp_data[t] = p->rdp_data[2u * t] | ((uint64_t)p->rdp_data[2u * t + 1u] << 32);
  }
}

/* The DPI-C layer of the C model (pmu_dpi.h): unpacks the port vectors with pmu_pins.h and
 * calls the model (cmodel/include/pmu_model.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu_dpi.h"
#include "pmu_model.h"
#include "pmu_pins.h"

static void words(uint32_t *dst, const svBitVecVal *src, unsigned bits)
{
  memcpy(dst, src, PMU_PIN_WORDS(bits) * sizeof *dst);
}

static void unpack(pmu_in_t *in, PMU_DPI_IN_ARGS)
{
  pmu_pins_in_t p;
  memset(&p, 0, sizeof p);
  p.psel = psel;
  p.penable = penable;
  p.pwrite = pwrite;
  p.paddr = paddr[0];
  p.pwdata = pwdata[0];
  p.pstrb = pstrb[0];
  p.pprot = pprot[0];
  p.ref_tick = ref_tick;
  words(p.priv, priv, PMU_THREADS);
  words(p.ev_ext, ev_ext, PMU_PIN_EV_EXT_W);
  words(p.slot_fill, slot_fill, PMU_PIN_SLOT_W);
  words(p.slot_issue, slot_issue, PMU_PIN_SLOT_W);
  words(p.slot_retire, slot_retire, PMU_PIN_SLOT_W);
  words(p.stk_n, stk_n, PMU_PIN_STK_N_W);
  words(p.stk_wp, stk_wp, PMU_PIN_STK_WP_W);
  words(p.stk_flags, stk_flags, PMU_PIN_STK_FLAGS_W);
  words(p.rdp_req, rdp_req, PMU_THREADS);
  words(p.rdp_sel, rdp_sel, PMU_PIN_RDP_SEL_W);
  pmu_pins_unpack_in(&p, in);
}

#define IN_NAMES                                                                             \
  psel, penable, pwrite, paddr, pwdata, pstrb, pprot, priv, ref_tick, ev_ext, slot_fill,     \
      slot_issue, slot_retire, stk_n, stk_wp, stk_flags, rdp_req, rdp_sel

void *pmu_dpi_new(int threads, int p, int cw, int w, int lw, int nw, int aw)
{
  pmu_state_t *s;
  if (threads != PMU_THREADS || p != PMU_P || cw != PMU_CW || w != PMU_W || lw != PMU_LW ||
      nw != PMU_NW || aw != PMU_AW) {
    fflush(stdout);
    fprintf(stderr,
            "pmu_dpi_new: the SystemVerilog parameters THREADS=%d P=%d CW=%d W=%d LW=%d NW=%d AW=%d "
            "differ from the C model's THREADS=%d P=%d CW=%d W=%d LW=%d NW=%d AW=%d (compile "
            "pmu_dpi.c with the matching -DPMU_<KEY>=...)\n",
            threads, p, cw, w, lw, nw, aw, PMU_THREADS, PMU_P, PMU_CW, PMU_W, PMU_LW, PMU_NW, PMU_AW);
    return NULL;
  }
  s = (pmu_state_t *)malloc(sizeof *s);
  if (s)
    pmu_reset(s);
  return s;
}

void pmu_dpi_free(void *m) { free(m); }

void pmu_dpi_reset(void *m) { pmu_reset((pmu_state_t *)m); }

void pmu_dpi_comb(void *m, PMU_DPI_IN_ARGS, svBit *pready, svBitVecVal *prdata, svBit *pslverr,
                  svBitVecVal *rdp_valid, svBitVecVal *rdp_data, svBitVecVal *irq)
{
  pmu_in_t in;
  pmu_out_t out;
  pmu_pins_out_t p;
  unpack(&in, IN_NAMES);
  pmu_comb((const pmu_state_t *)m, &in, &out);
  pmu_pins_pack_out(&out, &p);
  *pready = (svBit)p.pready;
  prdata[0] = p.prdata;
  *pslverr = (svBit)p.pslverr;
  memcpy(rdp_valid, p.rdp_valid, sizeof p.rdp_valid);
  memcpy(rdp_data, p.rdp_data, sizeof p.rdp_data);
  memcpy(irq, p.irq, sizeof p.irq);
}

void pmu_dpi_step(void *m, PMU_DPI_IN_ARGS)
{
  pmu_in_t in;
  unpack(&in, IN_NAMES);
  pmu_step((pmu_state_t *)m, &in);
}

long long pmu_dpi_ffwd(void *m, PMU_DPI_IN_ARGS, unsigned long long n)
{
  pmu_in_t in;
  unpack(&in, IN_NAMES);
  return pmu_ffwd((pmu_state_t *)m, &in, n);
}

unsigned long long pmu_dpi_counter(void *m, unsigned i)
{
  return i < PMU_NCNT ? ((const pmu_state_t *)m)->cnt_q[i] : 0u;
}

unsigned long long pmu_dpi_gstatus(void *m, unsigned t)
{
  return t < PMU_THREADS ? ((const pmu_state_t *)m)->gstatus_q[t] : 0u;
}

int pmu_dpi_peek(void *m, unsigned addr, unsigned *data)
{
  uint32_t v = 0;
  int r = pmu_peek((const pmu_state_t *)m, addr, &v);
  *data = v;
  return r;
}

/* The C side of the scoreboard testbench pmu_dpi_tb.sv (not of the model's DPI API): the random
 * stimulus generator of the lockstep harness (verif/lockstep/pmu_rand.c), the same seed giving
 * the same inputs as Vpmu_lockstep --seed, and the exit with a status. Outputs the port vectors of pmu_top (cmodel/include/pmu_pins.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "svdpi.h"
#include "pmu_pins.h"
#include "pmu_rand.h"

void *pmu_dpi_rand_new(unsigned long long seed);
void pmu_dpi_tb_exit(int status);
void pmu_dpi_rand_next(void *r, svBit *psel, svBit *penable, svBit *pwrite, svBitVecVal *paddr,
                       svBitVecVal *pwdata, svBitVecVal *pstrb, svBitVecVal *pprot,
                       svBitVecVal *priv, svBit *ref_tick, svBitVecVal *ev_ext,
                       svBitVecVal *slot_fill, svBitVecVal *slot_issue, svBitVecVal *slot_retire,
                       svBitVecVal *stk_n, svBitVecVal *stk_wp, svBitVecVal *stk_flags,
                       svBitVecVal *rdp_req, svBitVecVal *rdp_sel);

/* end the simulation with this exit status (after the testbench's summary line) */
void pmu_dpi_tb_exit(int status)
{
  fflush(stdout);
  fflush(stderr);
  exit(status);
}

void *pmu_dpi_rand_new(unsigned long long seed)
{
  pmu_rand_t *r = (pmu_rand_t *)malloc(sizeof *r);
  if (r)
    pmu_rand_init(r, seed);
  return r;
}

#define OUT(f, bits) memcpy(f, p.f, PMU_PIN_WORDS(bits) * sizeof p.f[0])

void pmu_dpi_rand_next(void *r, svBit *psel, svBit *penable, svBit *pwrite, svBitVecVal *paddr,
                       svBitVecVal *pwdata, svBitVecVal *pstrb, svBitVecVal *pprot,
                       svBitVecVal *priv, svBit *ref_tick, svBitVecVal *ev_ext,
                       svBitVecVal *slot_fill, svBitVecVal *slot_issue, svBitVecVal *slot_retire,
                       svBitVecVal *stk_n, svBitVecVal *stk_wp, svBitVecVal *stk_flags,
                       svBitVecVal *rdp_req, svBitVecVal *rdp_sel)
{
  pmu_in_t in;
  pmu_pins_in_t p;
  pmu_rand_next((pmu_rand_t *)r, &in);
  pmu_pins_pack_in(&in, &p);
  *psel = (svBit)p.psel;
  *penable = (svBit)p.penable;
  *pwrite = (svBit)p.pwrite;
  paddr[0] = p.paddr;
  pwdata[0] = p.pwdata;
  pstrb[0] = p.pstrb;
  pprot[0] = p.pprot;
  *ref_tick = (svBit)p.ref_tick;
  OUT(priv, PMU_THREADS);
  OUT(ev_ext, PMU_PIN_EV_EXT_W);
  OUT(slot_fill, PMU_PIN_SLOT_W);
  OUT(slot_issue, PMU_PIN_SLOT_W);
  OUT(slot_retire, PMU_PIN_SLOT_W);
  OUT(stk_n, PMU_PIN_STK_N_W);
  OUT(stk_wp, PMU_PIN_STK_WP_W);
  OUT(stk_flags, PMU_PIN_STK_FLAGS_W);
  OUT(rdp_req, PMU_THREADS);
  OUT(rdp_sel, PMU_PIN_RDP_SEL_W);
}

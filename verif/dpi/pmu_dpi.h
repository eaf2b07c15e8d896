/* The C reference model through DPI-C (IEEE 1800 section 35 and annex H): the C side of the
 * SystemVerilog package verif/dpi/pmu_dpi_pkg.sv, for any simulator with DPI-C (docs/
 * integration.md). Port vectors are passed as svBitVecVal words, least significant first, with
 * the widths and bit layout of rtl/pmu/pmu_top.v's ports (cmodel/include/pmu_pins.h). A model
 * is a chandle; any number of models may live side by side.
 *
 *   pmu_dpi_new(params...)   a model after reset; NULL (and a message) when the SV side's
 *                            parameters differ from the ones this C side was compiled with
 *   pmu_dpi_reset(m)         synchronous reset (rst_ni low at an edge)
 *   pmu_dpi_comb(m, in..., out...)  this cycle's outputs for these inputs (no state change)
 *   pmu_dpi_step(m, in...)   one rising clock edge with these inputs
 *   pmu_dpi_ffwd(m, in..., n)  n edges with the same inputs (APB idle), time independent of n;
 *                            -1 when the inputs are in an APB access phase
 *   pmu_dpi_counter(m, i)    counter i of the bank (t * (P + 32) + index, docs/spec.md 4)
 *   pmu_dpi_gstatus(m, t)    thread t's gstatus register (overflow, freeze)
 *   pmu_dpi_peek(m, addr, data)  the register word at addr as a privileged read would return
 *                            it, without side effects; 0 when mapped, -1 when not
 */
#ifndef PMU_DPI_H
#define PMU_DPI_H

#include "svdpi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the inputs of one cycle, in pmu_top's port order (after clk_i, rst_ni) */
#define PMU_DPI_IN_ARGS                                                                      \
  svBit psel, svBit penable, svBit pwrite, const svBitVecVal *paddr, const svBitVecVal *pwdata, \
      const svBitVecVal *pstrb, const svBitVecVal *pprot, const svBitVecVal *priv,            \
      svBit ref_tick, const svBitVecVal *ev_ext, const svBitVecVal *slot_fill,                \
      const svBitVecVal *slot_issue, const svBitVecVal *slot_retire, const svBitVecVal *stk_n, \
      const svBitVecVal *stk_wp, const svBitVecVal *stk_flags, const svBitVecVal *rdp_req,    \
      const svBitVecVal *rdp_sel

void *pmu_dpi_new(int threads, int p, int cw, int w, int lw, int nw, int aw);
void pmu_dpi_free(void *m);
void pmu_dpi_reset(void *m);
void pmu_dpi_comb(void *m, PMU_DPI_IN_ARGS, svBit *pready, svBitVecVal *prdata, svBit *pslverr,
                  svBitVecVal *rdp_valid, svBitVecVal *rdp_data, svBitVecVal *irq);
void pmu_dpi_step(void *m, PMU_DPI_IN_ARGS);
long long pmu_dpi_ffwd(void *m, PMU_DPI_IN_ARGS, unsigned long long n);
unsigned long long pmu_dpi_counter(void *m, unsigned i);
unsigned long long pmu_dpi_gstatus(void *m, unsigned t);
int pmu_dpi_peek(void *m, unsigned addr, unsigned *data);

#ifdef __cplusplus
}
#endif
#endif

/* The C model at pin level: pmu_in_t / pmu_out_t to and from the bit vectors of the ports of
 * rtl/pmu/pmu_top.v, as 32-bit words, least significant first (the layout of a SystemVerilog
 * DPI-C svBitVecVal array and of Verilator's wide ports). Port p_i of pmu_top is field p here;
 * a per-thread field of thread t (and lane or stage j) sits at bit (t * N + j) * width, as in
 * the RTL. Packing truncates every field to its port width, as real ports do.
 * Used by the SystemC wrapper of the model (sim/systemc/) and the DPI-C layer (verif/dpi/).
 */
#ifndef PMU_PINS_H
#define PMU_PINS_H

#include <stdint.h>
#include "pmu_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* widths of the vector ports (bits) and their size in 32-bit words */
#define PMU_PIN_EV_EXT_W   ((PMU_THREADS) * (PMU_NEXT) * (PMU_LW))
#define PMU_PIN_SLOT_W     ((PMU_THREADS) * (PMU_NW))           /* slot_fill/issue/retire */
#define PMU_PIN_STK_N_W    ((PMU_THREADS) * 3 * (PMU_NW))
#define PMU_PIN_STK_WP_W   ((PMU_THREADS) * 2 * (PMU_NW))
#define PMU_PIN_STK_FLAGS_W ((PMU_THREADS) * (PMU_NFLAG))
#define PMU_PIN_RDP_SEL_W  ((PMU_THREADS) * 3)
#define PMU_PIN_RDP_DATA_W ((PMU_THREADS) * 64)
#define PMU_PIN_CMT_PC_W   ((PMU_THREADS) * (PMU_W) * 16)      /* cmt_pc (spec 7.8) */
#define PMU_PIN_CMT_SIG_W  ((PMU_THREADS) * (PMU_W) * 5)       /* cmt_sig */
#define PMU_PIN_WORDS(bits) (((bits) + 31) / 32)

typedef struct {
  uint32_t psel, penable, pwrite, paddr, pwdata, pstrb, pprot, ref_tick;
  uint32_t priv[PMU_PIN_WORDS(PMU_THREADS)];
  uint32_t ev_ext[PMU_PIN_WORDS(PMU_PIN_EV_EXT_W)];
  uint32_t slot_fill[PMU_PIN_WORDS(PMU_PIN_SLOT_W)];
  uint32_t slot_issue[PMU_PIN_WORDS(PMU_PIN_SLOT_W)];
  uint32_t slot_retire[PMU_PIN_WORDS(PMU_PIN_SLOT_W)];
  uint32_t stk_n[PMU_PIN_WORDS(PMU_PIN_STK_N_W)];
  uint32_t stk_wp[PMU_PIN_WORDS(PMU_PIN_STK_WP_W)];
  uint32_t stk_flags[PMU_PIN_WORDS(PMU_PIN_STK_FLAGS_W)];
  uint32_t cmt_pc[PMU_PIN_WORDS(PMU_PIN_CMT_PC_W)];     /* used with PMU_SAMPLER, else 0 */
  uint32_t cmt_sig[PMU_PIN_WORDS(PMU_PIN_CMT_SIG_W)];
  uint32_t rdp_req[PMU_PIN_WORDS(PMU_THREADS)];
  uint32_t rdp_sel[PMU_PIN_WORDS(PMU_PIN_RDP_SEL_W)];
} pmu_pins_in_t;

typedef struct {
  uint32_t pready, prdata, pslverr;
  uint32_t irq[PMU_PIN_WORDS(PMU_THREADS)];
  uint32_t rdp_valid[PMU_PIN_WORDS(PMU_THREADS)];
  uint32_t rdp_data[PMU_PIN_WORDS(PMU_PIN_RDP_DATA_W)];
} pmu_pins_out_t;

void pmu_pins_pack_in(const pmu_in_t *in, pmu_pins_in_t *p);
void pmu_pins_unpack_in(const pmu_pins_in_t *p, pmu_in_t *in);
void pmu_pins_pack_out(const pmu_out_t *o, pmu_pins_out_t *p);
void pmu_pins_unpack_out(const pmu_pins_out_t *p, pmu_out_t *o);

#ifdef __cplusplus
}
#endif
#endif

/* StallScope PMU C model: private interface between the blocks (not part of the public API).
 *
 * One C file per RTL block, same names as rtl/: pmu_regs.c, pmu_evctl.c, pmu_fixslot.c,
 * pmu_stack.c, pmu_cnt_bank.c, pmu_rdp.c; pmu_model.c is pmu_top. Each block has
 *   pmu_<blk>_compute(): reads the current state s (the _q flops) and this cycle's inputs,
 *                        writes its own next-state fields into d (the _d values) and/or the
 *                        signals it drives to other blocks;
 *   pmu_<blk>_commit():  copies its own fields d -> s (the always_ff); where the RTL evaluates
 *                        a term at the flop, so does the commit (gstatus_next() from the wraps,
 *                        the edge history cleared by an evtsel/ext write).
 * Every compute function assigns every one of its _d fields that its commit copies (d is not
 * pre-initialised). Simulation speed-ups, invisible in results: the configuration registers
 * (enable flops) go through d only when written, the others hold in s; the counter bank has
 * no compute/commit pair but pmu_cnt_bank_update(), which writes cnt_d straight into cnt_q,
 * so pmu_step() calls it after every other block that reads cnt_q (docs/cmodel.md).
 */
#ifndef PMU_BLOCKS_H
#define PMU_BLOCKS_H

#include <stdint.h>
#include "pmu_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Parameter sanity (the public structs fix some widths) ---------------------------- */
#if (PMU_P) < 1 || (PMU_P) > 16
#error "PMU_P must be 1..16"
#endif
#if (PMU_CW) < 33 || (PMU_CW) > 64
#error "PMU_CW must be 33..64"
#endif
#if (PMU_W) < 1 || (PMU_W) > 7
#error "PMU_W must be 1..7"
#endif
#if (PMU_THREADS) < 1 || (PMU_THREADS) > 8
#error "PMU_THREADS must be 1..8"
#endif
#if (PMU_LW) < 1 || (PMU_LW) > 8
#error "PMU_LW must be 1..8 (pmu_in_t.ev_ext is uint8_t)"
#endif
#if (PMU_NW) < 1 || (PMU_NW) > 8
#error "PMU_NW must be 1..8 (pmu_in_t slot/stack counts are uint8_t)"
#endif
#if (PMU_CRW) < 1 || (PMU_CRW) > 8
#error "PMU_CRW must be 1..8 (pmu_state_t.stk_carry_q is uint8_t)"
#endif
#if (PMU_AW) < 11 || (PMU_AW) > 32
#error "PMU_AW must be 11..32 (thread 0 starts at 0x400)"
#endif

/* ---- Widths and masks ------------------------------------------------------------------ */
#define PMU_LW_MASK   ((uint32_t)((1u << (PMU_LW)) - 1u))
#define PMU_NW_MASK   ((uint32_t)((1u << (PMU_NW)) - 1u))
#define PMU_VW_MASK   ((uint32_t)((1u << (PMU_VW)) - 1u))
#define PMU_CRW_MAX   ((uint32_t)((1u << (PMU_CRW)) - 1u))   /* saturation value, = CRW mask */
#define PMU_AW_MASK   ((uint32_t)((1ull << (PMU_AW)) - 1ull))
#define PMU_FLAG_MASK ((uint32_t)((1u << (PMU_NFLAG)) - 1u))
#define PMU_P_MASK    ((uint32_t)((1u << (PMU_P)) - 1u))     /* P <= 16 */
#define PMU_HI_MASK   ((uint32_t)((PMU_CW_MASK) >> 32))      /* cnt[CW-1:32], CW-32 bits */
#define PMU_LO_MASK64 0x00000000ffffffffull

/* index of the lowest set bit of a non-zero word */
static inline unsigned pmu_lsb_idx(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
  return (unsigned)__builtin_ctz(x);
#else
  unsigned n = 0;
  while (!(x & 1u)) {
    x >>= 1;
    n++;
  }
  return n;
#endif
}

/* Storage of a per-host-thread memo (the evctl decode memo, the stack's stall-cause table): one
 * per host thread, so models stepped in parallel host threads share nothing */
#if defined(__GNUC__) || defined(__clang__)
#define PMU_THREAD_LOCAL __thread
#else
#define PMU_THREAD_LOCAL   /* no __thread: step models in one host thread only */
#endif

/* Three fixctl bits at b0, b1, b2 as a vector, bit i = fixed counter i (as the RTL's per-counter
 * gathers of fixctl: pmu_regs' fix_os_o/fix_usr_o and the PMI terms of irq) */
static inline uint32_t pmu_fixctl_bits(uint32_t fc, unsigned b0, unsigned b1, unsigned b2)
{
  return ((fc >> b0) & 1u) | (((fc >> b1) & 1u) << 1) | (((fc >> b2) & 1u) << 2);
}

/* ---- Counter bank layout (spec section 4): PMU_CI_PMC/FIX/SLOT/STK in pmu_map.h ------- */
#define PMU_SLOT_TOTAL   0u
#define PMU_SLOT_FILLED  1u
#define PMU_SLOT_ISSUED  2u
#define PMU_SLOT_RETIRED 3u
#define PMU_SLOT_ELAPSED 4u

/* ---- APB decode (pmu_regs.c; register kinds PMU_RK_* in pmu_regs_gen.h) ------------- */
/* What a (word) address is: pure function of the address. */
typedef struct {
  uint8_t kind;   /* PMU_RK_* */
  uint8_t t;      /* thread of a thread register */
  uint8_t k;      /* index in a register array (evtselK, extK, pmcK, fixI, slotI, stkI) */
  uint8_t hi;     /* high word (+4) of a 64-bit register */
  uint8_t cnt;    /* it is a counter word */
  uint16_t ci;    /* counters: bank index t*NCPT + i */
} pmu_dec_t;

/* This cycle's APB transfer and the write strobes the register block sends to the others. */
typedef struct {
  pmu_dec_t dec;
  uint32_t addr;    /* paddr[AW-1:2], 2'b00 */
  uint8_t acc;      /* access phase: psel & penable */
  uint8_t err;      /* pslverr_o */
  uint8_t we;       /* successful write (takes effect at this edge) */
  uint8_t re;       /* successful read */
  uint32_t wdata;   /* pwdata */
  uint32_t bm;      /* byte mask expanded from pstrb */
  uint8_t cnt_we;   /* a counter word is written: dec.ci, dec.hi, wdata, bm */
  uint8_t sel_we;   /* evtsel[sel_k] or ext[sel_k] of thread sel_t loads (clears cprev): the
                     * write of this cycle, with PIPE >= 2 the one of the cycle before (spec 4) */
  uint8_t sel_t;
  uint8_t sel_k;
} pmu_apb_t;

/* The generated decode table (from rtl/pmu/data/pmu.rdl): register kinds PMU_RK_*, the address
 * decode, unprivileged-read and read-only rules, live register words, writes, reset values */
#include "pmu_regs_gen.h"


/* pmu_regs.c */
void pmu_regs_reset(pmu_state_t *s);
void pmu_regs_map(uint32_t addr, pmu_dec_t *m);
void pmu_regs_decode(const pmu_state_t *s, const pmu_in_t *in, pmu_apb_t *a);
#if PMU_PIPE >= 2
void pmu_regs_sel_load(const pmu_state_t *s, pmu_apb_t *a);   /* the element loading (spec 4) */
#endif
#if PMU_STORAGE
uint8_t pmu_regs_wait_next(const pmu_in_t *in);   /* wt_q's next value (5.1) */
#endif
uint32_t pmu_regs_word(const pmu_state_t *s, const pmu_dec_t *m);   /* live value */
uint32_t pmu_regs_prdata(const pmu_state_t *s, const pmu_apb_t *a);
uint8_t pmu_regs_irq(const pmu_state_t *s, unsigned t);
void pmu_regs_compute(const pmu_state_t *s, const pmu_apb_t *a, pmu_state_t *d);
void pmu_regs_commit(pmu_state_t *s, const pmu_state_t *d, const pmu_apb_t *a,
                     const uint64_t wrap[PMU_THREADS]);       /* gstatus from the wraps */

/* pmu_evctl.c: increments of the programmable counters; cprev; carry */
void pmu_evctl_compute(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT],
                       pmu_state_t *d);
void pmu_evctl_carry(const uint64_t wrap[PMU_THREADS], pmu_state_t *d);
void pmu_evctl_commit(pmu_state_t *s, const pmu_state_t *d, const pmu_apb_t *a);

/* pmu_fixslot.c: increments of the fixed and issue-slot counters (no flops) */
void pmu_fixslot_compute(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT]);

/* pmu_stack.c: increments of the CPI-stack counters; stack carry */
void pmu_stack_compute(const pmu_state_t *s, const pmu_in_t *in, uint32_t inc[PMU_NCNT],
                       pmu_state_t *d);
void pmu_stack_commit(pmu_state_t *s, const pmu_state_t *d);

/* pmu_cnt_bank.c: cnt_q <= cnt_d (from cnt_q, inc and the write strobe) in place, compute and
 * commit in one (a speed-up: call it after every other reader of cnt_q); wrap[t] bit i =
 * counter t*NCPT+i wrapped this cycle */
void pmu_cnt_bank_update(pmu_state_t *s, const uint32_t inc[PMU_NCNT], const pmu_apb_t *a,
                         uint64_t wrap[PMU_THREADS]);

/* pmu_rdp.c */
void pmu_rdp_compute(const pmu_state_t *s, const pmu_in_t *in, pmu_state_t *d);
void pmu_rdp_out(const pmu_state_t *s, pmu_out_t *out);
void pmu_rdp_commit(pmu_state_t *s, const pmu_state_t *d);

#if PMU_SAMPLER
/* pmu_smp.c: the time-proportional sampler (spec 7); compute and commit in one (in place) */
void pmu_smp_reset(pmu_state_t *s);
uint32_t pmu_smp_word(const pmu_state_t *s, const pmu_dec_t *m);
uint32_t pmu_smp_wr_bad(const pmu_state_t *s, const pmu_dec_t *m, uint32_t wword);
uint8_t pmu_smp_irq(const pmu_state_t *s, unsigned t);
void pmu_smp_update(pmu_state_t *s, const pmu_in_t *in, const uint32_t inc[PMU_NCNT],
                    const pmu_apb_t *a);
#endif

#ifdef __cplusplus
}
#endif
#endif

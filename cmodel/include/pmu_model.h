/* StallScope PMU bit-accurate reference model: the one public header.
 *
 * The model mirrors rtl/pmu/pmu_top.v block for block (docs/spec.md). One call of pmu_comb()
 * gives the outputs of the current cycle (combinational, like the RTL's assigns); one call of
 * pmu_step() is one rising clock edge: it computes the next state from the current state and
 * the inputs, then commits it. Parameters are compile-time macros from pmu_map.h (generated);
 * override them with -DPMU_P=... together with the RTL's -GP=....
 * The time-proportional sampler (spec 7, pmu_sampler.h) is in the model only with
 * -DPMU_SAMPLER=1 (pmu_params.json's SAMPLER, default 0: its registers are then unmapped words,
 * as in the RTL); the lockstep set smp and build/test_sampler build it with 1.
 */
#ifndef PMU_MODEL_H
#define PMU_MODEL_H

#include <stdint.h>
#include "pmu_map.h"
#include "pmu_sampler.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One cycle of inputs (names follow the RTL ports without the _i suffix). */
typedef struct {
  uint8_t psel, penable, pwrite;
  uint32_t paddr;                                /* AW bits used */
  uint32_t pwdata;
  uint8_t pstrb;                                 /* 4 bits */
  uint8_t pprot;                                 /* 3 bits, bit 0 = privileged */
  uint8_t priv[PMU_THREADS];                     /* 1 = kernel (OS), 0 = user */
  uint8_t ref_tick;
  uint8_t ev_ext[PMU_THREADS][PMU_NEXT];         /* LW bits each */
  uint8_t slot_fill[PMU_THREADS];                /* NW bits each */
  uint8_t slot_issue[PMU_THREADS];
  uint8_t slot_retire[PMU_THREADS];
  uint8_t stk_n[PMU_THREADS][3];                 /* NW bits, stage 0 dispatch, 1 issue, 2 commit */
  uint8_t stk_wp[PMU_THREADS][2];                /* NW bits, stage 0 dispatch, 1 issue */
  uint16_t stk_flags[PMU_THREADS];               /* NFLAG bits, bit i = PMU_FLG_* */
  uint8_t rdp_req[PMU_THREADS];
  uint8_t rdp_sel[PMU_THREADS];                  /* 3 bits */
#if PMU_SAMPLER
  uint16_t cmt_pc[PMU_THREADS][PMU_W];           /* spec 7.8: program address of committing slot i */
  uint8_t cmt_sig[PMU_THREADS][PMU_W];           /* spec 7.8: its event signature (5 bits) */
#endif
} pmu_in_t;

/* Outputs of the current cycle. */
typedef struct {
  uint8_t pready;
  uint32_t prdata;
  uint8_t pslverr;
  uint8_t irq[PMU_THREADS];
  uint8_t rdp_valid[PMU_THREADS];
  uint64_t rdp_data[PMU_THREADS];
} pmu_out_t;

#if PMU_PIPE >= 2
/* The event inputs of the cycle before (PIPE = 2, spec 4: the RTL's pmu_top g_in_q; the stack
 * counts in pmu_stack g_sum_q, registered after their sums), the fields of pmu_in_t of the same
 * names; the increments of a cycle count these. */
typedef struct {
  uint8_t priv[PMU_THREADS];
  uint8_t ref_tick;
  uint8_t slot_fill[PMU_THREADS];
  uint8_t slot_issue[PMU_THREADS];
  uint8_t slot_retire[PMU_THREADS];
  uint8_t stk_n[PMU_THREADS][3];
  uint8_t stk_wp[PMU_THREADS][2];
  uint16_t stk_flags[PMU_THREADS];
} pmu_in_q_t;
#endif

#if PMU_PIPE >= 3
/* The event inputs of the cycle before at the ports (PIPE = 3, spec 4: the RTL's pmu_top
 * g_ev_q), the fields of pmu_in_t of the same names; the rest of the PMU sees these as PIPE = 2
 * sees its ports. */
typedef struct {
  uint8_t priv[PMU_THREADS];
  uint8_t ref_tick;
  uint8_t ev_ext[PMU_THREADS][PMU_NEXT];
  uint8_t slot_fill[PMU_THREADS];
  uint8_t slot_issue[PMU_THREADS];
  uint8_t slot_retire[PMU_THREADS];
  uint8_t stk_n[PMU_THREADS][3];
  uint8_t stk_wp[PMU_THREADS][2];
  uint16_t stk_flags[PMU_THREADS];
#if PMU_SAMPLER
  uint16_t cmt_pc[PMU_THREADS][PMU_W];
  uint8_t cmt_sig[PMU_THREADS][PMU_W];
#endif
} pmu_ev_q_t;
#endif

/* Architectural state: the same names and layout as the RTL flops (docs/spec.md section 6). */
typedef struct {
  uint64_t cnt_q[PMU_NCNT];                      /* CW bits each */
#if PMU_PIPE
  uint32_t inc_q[PMU_NCNT];                      /* increments in flight (PIPE >= 1, spec 4), IW bits each */
#endif
#if PMU_PIPE >= 2
  uint32_t v_q[PMU_THREADS * PMU_P];             /* event values V in flight (PIPE = 2), counter k of thread t at t*P+k */
  pmu_in_q_t in_q;                               /* the event inputs of the cycle before (PIPE = 2) */
  /* an evtsel/ext write in flight (PIPE >= 2, spec 4): loaded one cycle after its access cycle */
  uint8_t sw_evtsel_q;                           /* an evtsel write */
  uint8_t sw_ext_q;                              /* an ext write */
  uint32_t sw_idx_q;                             /* its element t*P+k (held between writes) */
  uint32_t sw_word_q;                            /* its word: strobed bytes over the old (held) */
#endif
#if PMU_PIPE >= 3
  pmu_ev_q_t ev_q;                               /* the event input ports of the cycle before (PIPE = 3) */
#endif
  PMU_REG_STATE                                  /* evtsel_q ... gstatus_q: the registers of pmu.rdl (pmu_map.h) */
  uint32_t hi_latch_q;
  uint32_t hi_addr_q;                            /* AW bits */
  uint8_t hi_vld_q;
#if PMU_STORAGE
  uint8_t wt_q;                                  /* the access phase is a wait state (STORAGE = 1, spec 5.1) */
#endif
  uint8_t cprev_q[PMU_THREADS][PMU_P];
  uint8_t carry_q[PMU_THREADS][PMU_P];
  uint8_t stk_carry_q[PMU_THREADS][3];           /* CRW bits each */
  uint64_t rdp_data_q[PMU_THREADS];
  uint8_t rdp_valid_q[PMU_THREADS];
#if PMU_SAMPLER
  uint32_t ts_q;                                 /* spec 7.5: cycles since reset (wraps) */
  pmu_smp_thr_t smp[PMU_THREADS];                /* spec 7.7 */
#endif
} pmu_state_t;

/* Synchronous reset: every state element to its reset value. */
void pmu_reset(pmu_state_t *s);

/* Outputs of the current cycle from the current state and inputs; no state change. */
void pmu_comb(const pmu_state_t *s, const pmu_in_t *in, pmu_out_t *out);

/* One rising clock edge: s <= next(s, in). */
void pmu_step(pmu_state_t *s, const pmu_in_t *in);

/* Fast-forward: n rising clock edges with the same inputs *in every cycle, the same state as n
 * calls of pmu_step(s, in), in time that does not grow with n (cmodel/src/pmu_ffwd.c). The
 * inputs must not be in an APB access phase (psel & penable): returns -1 and leaves s as it was.
 * Else returns how many of the n cycles were single steps (settling, counter wraps). */
long pmu_ffwd(pmu_state_t *s, const pmu_in_t *in, uint64_t n);

/* Side-effect-free privileged read of the 32-bit register word at byte address addr, as an APB
 * read would return it (without the high-word latch). Returns 0 when mapped, -1 when not. */
int pmu_peek(const pmu_state_t *s, uint32_t addr, uint32_t *data);

/* Bank index of counter i (0..NCPT-1) of thread t, and the byte address of a thread register. */
static inline unsigned pmu_cnt_idx(unsigned t, unsigned i) { return t * PMU_NCPT + i; }
static inline uint32_t pmu_treg(unsigned t, uint32_t off) { return PMU_THREAD_BASE + t * PMU_THREAD_STRIDE + off; }

#define PMU_CW_MASK ((PMU_CW) == 64 ? ~0ull : ((1ull << (PMU_CW)) - 1ull))

#ifdef __cplusplus
}
#endif
#endif

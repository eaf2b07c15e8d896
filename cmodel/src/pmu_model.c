/* pmu_model: top of the StallScope PMU C model, the counterpart of rtl/pmu/pmu_top.v.
 * Wires the blocks (docs/spec.md): pmu_regs (APB, registers), pmu_evctl (programmable counter
 * increments), pmu_fixslot (fixed and issue-slot increments), pmu_stack (CPI stacks),
 * pmu_cnt_bank (counters), pmu_rdp (read port); with PMU_SAMPLER = 1 also pmu_smp (the
 * time-proportional sampler of spec 7, rtl/pmu/pmu_smp.v).
 * pmu_step() is one rising edge: every block computes its _d fields from the current state
 * and inputs into one local next-state d, then every block commits its own flops (the counter
 * bank, a speed-up, updates cnt_q in place once every other reader of cnt_q has run).
 */
#include <string.h>
#include "pmu_blocks.h"

void pmu_reset(pmu_state_t *s)
{
  memset(s, 0, sizeof *s);                 /* every state element resets to 0, */
  pmu_regs_reset(s);                       /* the registers to their reset values (pmu.rdl) */
}

void pmu_comb(const pmu_state_t *s, const pmu_in_t *in, pmu_out_t *out)
{
  pmu_apb_t a;
  unsigned t;

  pmu_regs_decode(s, in, &a);
  out->pready = 1;
  out->prdata = pmu_regs_prdata(s, &a);  /* 0 outside a successful access-phase read */
  out->pslverr = a.err;                  /* 0 outside the access phase */
  for (t = 0; t < PMU_THREADS; t++) {
    out->irq[t] = pmu_regs_irq(s, t);
#if PMU_SAMPLER
    out->irq[t] |= pmu_smp_irq(s, t);    /* the sampler's watermark (spec 7.5) */
#endif
  }
  pmu_rdp_out(s, out);
}

void pmu_step(pmu_state_t *s, const pmu_in_t *in)
{
  pmu_state_t d;                         /* next state; each block writes the fields it loads */
  pmu_apb_t a;
  uint32_t inc[PMU_NCNT];
  uint64_t wrap[PMU_THREADS];

  pmu_regs_decode(s, in, &a);                /* APB transfer, errors, write strobes */
  pmu_evctl_compute(s, in, inc, &d);         /* programmable increments, cprev_d */
  pmu_fixslot_compute(s, in, inc);           /* fixed and issue-slot increments */
  pmu_stack_compute(s, in, inc, &d);         /* stack increments, stack carry_d */
  pmu_regs_compute(s, &a, &d);               /* registers, high-word latch */
  pmu_rdp_compute(s, in, &d);                /* read port */
#if PMU_SAMPLER
  pmu_smp_update(s, in, inc, &a);            /* sampler (spec 7): in place, nothing below reads it */
#endif
  /* the counters: cnt_q <= cnt_d in place, compute and commit in one (a speed-up); every block
   * that reads cnt_q has run above, and no block below reads it */
  pmu_cnt_bank_update(s, inc, &a, wrap);     /* cnt_q (with PIPE = 1 also inc_q), wraps */
  pmu_evctl_carry(wrap, &d);                 /* chain carry_d */

  /* clock edge (the counters: above) */
  pmu_regs_commit(s, &d, &a, wrap);          /* gstatus_next at the flop */
  pmu_evctl_commit(s, &d, &a);               /* a written counter's cprev cleared here */
  pmu_stack_commit(s, &d);
  pmu_rdp_commit(s, &d);
}

int pmu_peek(const pmu_state_t *s, uint32_t addr, uint32_t *data)
{
  pmu_dec_t m;
  pmu_regs_map(addr, &m);
  if (m.kind == PMU_RK_NONE) {
    *data = 0;
    return -1;
  }
  *data = pmu_regs_word(s, &m);
  return 0;
}

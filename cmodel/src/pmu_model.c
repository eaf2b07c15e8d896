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
#if PMU_STORAGE
  out->pready = (uint8_t)!((in->psel & in->penable & 1u) && s->wt_q);   /* 5.1 */
#else
  out->pready = 1;
#endif
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

#if PMU_PIPE >= 3
/* The event fields of pmu_in_t between the ports and the register ev_q (PIPE = 3). */
#define PMU_EV_FIELDS(X) X(priv) X(ref_tick) X(ev_ext) X(slot_fill) X(slot_issue) X(slot_retire) X(stk_n) \
  X(stk_wp) X(stk_flags) PMU_EV_SMP_FIELDS(X)
#if PMU_SAMPLER
#define PMU_EV_SMP_FIELDS(X) X(cmt_pc) X(cmt_sig)
#else
#define PMU_EV_SMP_FIELDS(X)
#endif
#endif

void pmu_step(pmu_state_t *s, const pmu_in_t *port)
{
  pmu_state_t d;                         /* next state; each block writes the fields it loads */
  pmu_apb_t a;
  uint32_t inc[PMU_NCNT];
  uint64_t wrap[PMU_THREADS];
#if PMU_PIPE >= 3
  /* the inputs as the PMU behind ev_q sees them: the bus and the read port of this cycle, the
   * events of the cycle before (spec 4) */
  pmu_in_t xin;
  const pmu_in_t *in = &xin;
  memcpy(&xin, port, sizeof xin);
#define PMU_EV_LOAD(f) memcpy(&xin.f, &s->ev_q.f, sizeof xin.f);
  PMU_EV_FIELDS(PMU_EV_LOAD)
#undef PMU_EV_LOAD
#else
  const pmu_in_t *in = port;
#endif

#if PMU_PIPE >= 2
  /* the event inputs whose events the increments count: the cycle before's (in_q, spec 4);
   * V (pmu_evctl) reads this cycle's lanes and priv into v_q */
  pmu_in_t ein;
  memcpy(&ein, in, sizeof ein);
  memcpy(ein.priv, s->in_q.priv, sizeof ein.priv);
  ein.ref_tick = s->in_q.ref_tick;
  memcpy(ein.slot_fill, s->in_q.slot_fill, sizeof ein.slot_fill);
  memcpy(ein.slot_issue, s->in_q.slot_issue, sizeof ein.slot_issue);
  memcpy(ein.slot_retire, s->in_q.slot_retire, sizeof ein.slot_retire);
  memcpy(ein.stk_n, s->in_q.stk_n, sizeof ein.stk_n);
  memcpy(ein.stk_wp, s->in_q.stk_wp, sizeof ein.stk_wp);
  memcpy(ein.stk_flags, s->in_q.stk_flags, sizeof ein.stk_flags);
#define EV_IN (&ein)
#else
#define EV_IN in
#endif

  pmu_regs_decode(s, in, &a);                /* APB transfer, errors, write strobes */
  pmu_evctl_compute(s, in, inc, &d);         /* programmable increments, cprev_d (PIPE = 2: v_q's d) */
  pmu_fixslot_compute(s, EV_IN, inc);        /* fixed and issue-slot increments */
  pmu_stack_compute(s, EV_IN, inc, &d);      /* stack increments, stack carry_d */
#undef EV_IN
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
#if PMU_STORAGE
  s->wt_q = pmu_regs_wait_next(in);
#endif
#if PMU_PIPE >= 2
  memcpy(s->in_q.priv, in->priv, sizeof s->in_q.priv);
  s->in_q.ref_tick = in->ref_tick;
  memcpy(s->in_q.slot_fill, in->slot_fill, sizeof s->in_q.slot_fill);
  memcpy(s->in_q.slot_issue, in->slot_issue, sizeof s->in_q.slot_issue);
  memcpy(s->in_q.slot_retire, in->slot_retire, sizeof s->in_q.slot_retire);
  memcpy(s->in_q.stk_n, in->stk_n, sizeof s->in_q.stk_n);
  memcpy(s->in_q.stk_wp, in->stk_wp, sizeof s->in_q.stk_wp);
  memcpy(s->in_q.stk_flags, in->stk_flags, sizeof s->in_q.stk_flags);
#endif
#if PMU_PIPE >= 3
#define PMU_EV_STORE(f) memcpy(&s->ev_q.f, &port->f, sizeof s->ev_q.f);
  PMU_EV_FIELDS(PMU_EV_STORE)
#undef PMU_EV_STORE
#endif
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

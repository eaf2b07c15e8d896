/* pmu_rdp: direct read port of the issue-slot counters (docs/spec.md section 4.5).
 * Mirrors rtl/pmu/pmu_rdp.v. Flops: rdp_data_q (u_rdp.data_q), rdp_valid_q (u_rdp.valid_q).
 * A request in cycle t returns slot counter rdp_sel (value before that cycle's increment),
 * zero-extended to 64 bits, with valid in cycle t+1; select 5..7 returns 0; without a request
 * the data holds and valid drops.
 */
#include "pmu_blocks.h"

void pmu_rdp_compute(const pmu_state_t *s, const pmu_in_t *in, pmu_state_t *d)
{
  unsigned t;
  for (t = 0; t < PMU_THREADS; t++) {
    const uint32_t req = (uint32_t)in->rdp_req[t] & 1u;
    const uint32_t sel = (uint32_t)in->rdp_sel[t] & 7u;
    if (req) {
      d->rdp_data_q[t] = sel < PMU_NSLOT ? s->cnt_q[t * PMU_NCPT + PMU_CI_SLOT + sel] : 0u;
      d->rdp_valid_q[t] = 1;
    } else {
      d->rdp_data_q[t] = s->rdp_data_q[t];
      d->rdp_valid_q[t] = 0;
    }
  }
}

void pmu_rdp_out(const pmu_state_t *s, pmu_out_t *out)
{
  unsigned t;
  for (t = 0; t < PMU_THREADS; t++) {
    out->rdp_valid[t] = s->rdp_valid_q[t];
    out->rdp_data[t] = s->rdp_data_q[t];
  }
}

void pmu_rdp_commit(pmu_state_t *s, const pmu_state_t *d)
{
  unsigned t;
  for (t = 0; t < PMU_THREADS; t++) {
    s->rdp_data_q[t] = d->rdp_data_q[t];
    s->rdp_valid_q[t] = d->rdp_valid_q[t];
  }
}

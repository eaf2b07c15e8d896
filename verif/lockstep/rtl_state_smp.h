// The time-proportional sampler's state (docs/spec.md 7.6, 7.7), compared with the model after
// every clock edge in the builds with SAMPLER=1 (the lockstep set smp, the main run run_smp):
// ts_q, and per thread the registers (smpctl, smpper, smpwm), the countdown and generator, the
// last committed instruction, the two pending slots (in use, completed, which fired first, and the
// record of a slot in use), the pointers, the lost flag and count, and every buffer entry between the tail and
// the head (the others are not state: the block RAM is never reset and a read returns 0 there).
// The RTL flops are read through their /*verilator public_flat_rd*/ names in pmu_smp.v and
// pmu_smp_thr.v (instance g_smp.u_smp.g_thr[t].u_thr). Included by rtl_state.h (RTL_SIG defined).
#ifndef RTL_STATE_SMP_H
#define RTL_STATE_SMP_H

#if PMU_SAMPLER

#define SMP_SIG(t, name) RTL_SIG(g_smp__DOT__u_smp__DOT__g_thr__BRA__##t##__KET____DOT__u_thr__DOT__##name)

// Compare thread T; on a difference write it to why and return false.
#define SMP_CHK(cond, ...)                             \
  do {                                                 \
    if (cond) {                                        \
      if (why) snprintf(why, whyn, __VA_ARGS__);       \
      return false;                                    \
    }                                                  \
  } while (0)

#define SMP_THREAD_SAME(T)                                                                          \
  template <typename Root>                                                                        \
  static bool smp_thread_same_##T(Root *r, const pmu_smp_thr_t *m, char *why, size_t whyn) {      \
    const uint32_t scal[][2] = {                                                                  \
        {(uint32_t)r->SMP_SIG(T, ctl_q), m->ctl_q},     {(uint32_t)r->SMP_SIG(T, per_q), m->per_q},   \
        {(uint32_t)r->SMP_SIG(T, wm_q), m->wm_q},       {(uint32_t)r->SMP_SIG(T, cd_q), m->cd_q},     \
        {(uint32_t)r->SMP_SIG(T, lfsr_q), m->lfsr_q},   {(uint32_t)r->SMP_SIG(T, lastf_q), m->lastf_q}, \
        {(uint32_t)r->SMP_SIG(T, lastpc_q), m->lastpc_q}, {(uint32_t)r->SMP_SIG(T, lastsig_q), m->lastsig_q}, \
        {(uint32_t)r->SMP_SIG(T, head_q), m->head_q},   {(uint32_t)r->SMP_SIG(T, tail_q), m->tail_q}, \
        {(uint32_t)r->SMP_SIG(T, lost_q), m->lost_q},   {(uint32_t)r->SMP_SIG(T, lcnt_q), m->lost_cnt_q}, \
        {(uint32_t)r->SMP_SIG(T, old_q), m->old_q},     {(uint32_t)r->SMP_SIG(T, pinc_q), m->pinc_q}}; \
    static const char *const names[] = {"ctl_q", "per_q", "wm_q", "cd_q", "lfsr_q", "lastf_q",      \
                                        "lastpc_q", "lastsig_q", "head_q", "tail_q", "lost_q", "lcnt_q", "old_q", \
                                        "pinc_q"};                                                  \
    for (size_t i = 0; i < sizeof scal / sizeof scal[0]; i++)                                     \
      SMP_CHK(scal[i][0] != scal[i][1], "u_smp.g_thr[%d].u_thr.%s: expected 0x%x, actual 0x%x", T, \
              names[i], scal[i][1], scal[i][0]);                                                  \
    for (int s = 0; s < PMU_SMP_PEND; s++) {                                                      \
      const unsigned sv = (r->SMP_SIG(T, sv_q) >> s) & 1u, sd = (r->SMP_SIG(T, sd_q) >> s) & 1u;    \
      SMP_CHK(sv != m->slot_q[s].valid || sd != m->slot_q[s].done,                               \
              "u_smp.g_thr[%d].u_thr slot %d: expected in use %u completed %u, actual %u %u", T, s, \
              m->slot_q[s].valid, m->slot_q[s].done, sv, sd);                                     \
      if (!sv) continue;                                                                          \
      for (int k = 0; k < 7; k++)                                                                 \
        SMP_CHK(r->SMP_SIG(T, rec_q)[s][k] != m->slot_q[s].rec[k],                               \
                "u_smp.g_thr[%d].u_thr.rec_q[%d] word %d: expected 0x%08x, actual 0x%08x", T, s, k, \
                m->slot_q[s].rec[k], (uint32_t)r->SMP_SIG(T, rec_q)[s][k]);                       \
    }                                                                                             \
    for (uint32_t p = m->tail_q; p != m->head_q; p = (p + 1u) & (2u * PMU_SMP_DEPTH - 1u)) {       \
      const uint32_t e = p & (PMU_SMP_DEPTH - 1u);                                                \
      for (int k = 0; k < PMU_SMP_RW; k++)                                                       \
        SMP_CHK(r->SMP_SIG(T, mem)[e][k] != m->buf_q[e][k],                                       \
                "u_smp.g_thr[%d].u_thr.mem[%u] word %d: expected 0x%08x, actual 0x%08x", T, e, k, \
                m->buf_q[e][k], (uint32_t)r->SMP_SIG(T, mem)[e][k]);                              \
    }                                                                                             \
    return true;                                                                                  \
  }

// The model takes thread T's sampler state from the RTL (bench rounds run the RTL alone, then
// the model continues from the RTL's state: Lockstep::model_from_rtl).
#define SMP_THREAD_COPY(T)                                                                          \
  template <typename Root> static void smp_thread_copy_##T(Root *r, pmu_smp_thr_t *m) {            \
    m->ctl_q = r->SMP_SIG(T, ctl_q);                                                              \
    m->per_q = r->SMP_SIG(T, per_q);                                                              \
    m->wm_q = r->SMP_SIG(T, wm_q);                                                                \
    m->cd_q = r->SMP_SIG(T, cd_q);                                                                \
    m->lfsr_q = (uint16_t)r->SMP_SIG(T, lfsr_q);                                                  \
    m->lastf_q = (uint8_t)r->SMP_SIG(T, lastf_q);                                                 \
    m->lastpc_q = (uint16_t)r->SMP_SIG(T, lastpc_q);                                              \
    m->lastsig_q = (uint8_t)r->SMP_SIG(T, lastsig_q);                                             \
    m->head_q = r->SMP_SIG(T, head_q);                                                            \
    m->tail_q = r->SMP_SIG(T, tail_q);                                                            \
    m->lost_q = (uint8_t)r->SMP_SIG(T, lost_q);                                                   \
    m->lost_cnt_q = r->SMP_SIG(T, lcnt_q);                                                        \
    m->old_q = (uint8_t)r->SMP_SIG(T, old_q);                                                     \
    m->pinc_q = r->SMP_SIG(T, pinc_q);                                                            \
    for (int s = 0; s < PMU_SMP_PEND; s++) {                                                      \
      m->slot_q[s].valid = (uint8_t)((r->SMP_SIG(T, sv_q) >> s) & 1u);                            \
      m->slot_q[s].done = (uint8_t)((r->SMP_SIG(T, sd_q) >> s) & 1u);                             \
      for (int k = 0; k < 7; k++) m->slot_q[s].rec[k] = r->SMP_SIG(T, rec_q)[s][k];               \
      m->slot_q[s].rec[7] = 0;                                                                    \
    }                                                                                             \
    for (int e = 0; e < PMU_SMP_DEPTH; e++)                                                       \
      for (int k = 0; k < PMU_SMP_RW; k++) m->buf_q[e][k] = r->SMP_SIG(T, mem)[e][k];             \
  }

SMP_THREAD_COPY(0)
#if PMU_THREADS > 1
SMP_THREAD_COPY(1)
#endif
#if PMU_THREADS > 2
SMP_THREAD_COPY(2)
#endif
#if PMU_THREADS > 3
SMP_THREAD_COPY(3)
#endif

template <typename Root> static void smp_state_from_rtl(Root *r, pmu_state_t *m) {
  m->ts_q = r->RTL_SIG(g_smp__DOT__u_smp__DOT__ts_q);
  smp_thread_copy_0(r, &m->smp[0]);
#if PMU_THREADS > 1
  smp_thread_copy_1(r, &m->smp[1]);
#endif
#if PMU_THREADS > 2
  smp_thread_copy_2(r, &m->smp[2]);
#endif
#if PMU_THREADS > 3
  smp_thread_copy_3(r, &m->smp[3]);
#endif
}

SMP_THREAD_SAME(0)
#if PMU_THREADS > 1
SMP_THREAD_SAME(1)
#endif
#if PMU_THREADS > 2
SMP_THREAD_SAME(2)
#endif
#if PMU_THREADS > 3
SMP_THREAD_SAME(3)
#endif
#if PMU_THREADS > 4
#error "rtl_state_smp.h compares up to 4 threads: add SMP_THREAD_SAME(4..)"
#endif

// True when the RTL's sampler state equals the model's; else false with the first difference
// in why (when given).
template <typename Root> static bool smp_state_same(Root *r, const pmu_state_t *m, char *why, size_t whyn) {
  SMP_CHK((uint32_t)r->RTL_SIG(g_smp__DOT__u_smp__DOT__ts_q) != m->ts_q, "u_smp.ts_q: expected 0x%x, actual 0x%x", m->ts_q,
          (uint32_t)r->RTL_SIG(g_smp__DOT__u_smp__DOT__ts_q));
  if (!smp_thread_same_0(r, &m->smp[0], why, whyn)) return false;
#if PMU_THREADS > 1
  if (!smp_thread_same_1(r, &m->smp[1], why, whyn)) return false;
#endif
#if PMU_THREADS > 2
  if (!smp_thread_same_2(r, &m->smp[2], why, whyn)) return false;
#endif
#if PMU_THREADS > 3
  if (!smp_thread_same_3(r, &m->smp[3], why, whyn)) return false;
#endif
  return true;
}

#undef SMP_THREAD_SAME
#undef SMP_THREAD_COPY
#endif  // PMU_SAMPLER
#endif

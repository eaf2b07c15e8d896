// The sampler's RTL (rtl/pmu/pmu_smp.v) against the C model's sampler (cmodel/src/pmu_smp.c),
// cycle by cycle, on random inputs (docs/spec.md section 7). Built with SMP_DEPTH = 8 and the
// model variant smp (-DPMU_SAMPLER=1 -DPMU_SMP_DEPTH=8) so that full buffers and lost samples
// come often (verif/smp/smp.mk).
//
// Every cycle, before the clock edge: every word of every thread's sampler block (smpctl ..
// smpts, the record at the tail included) is read from both and compared, and so is each
// thread's interrupt; then the cycle's inputs are applied to both: the commit stage of every
// thread (n, addresses, signatures, rob_empty, priv), the programmable counters' increments and
// CHAIN bits, and now and then a software write (merged with strobes as the register block
// merges it; a write the model refuses, a read pointer passing the write pointer, must be refused
// by the RTL too). Periods are short and the buffer small, so fires, pending slots, full buffers
// and lost samples are frequent.
//
//   tb_smp [+seed=N] [+cycles=N]     prints its seed; ends with "N passed, N failed"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include "Vpmu_smp.h"
#include "verilated.h"

extern "C" {
#include "pmu_model.h"
#include "pmu_blocks.h"
}

#if !PMU_SAMPLER || PMU_SMP_DEPTH != 8
#error "tb_smp: build with -DPMU_SAMPLER=1 -DPMU_SMP_DEPTH=8"
#endif

static const unsigned NK = (PMU_SMPTS_OFF - PMU_SMPCTL_OFF) / 4 + 1;   // words of the block
static const unsigned IW = PMU_IW;   // pmu_smp's IW (its default, `PMU_DEF_IW, from the same formula)

static uint64_t rng_s;
static uint32_t rnd() {  // xorshift64*
  rng_s ^= rng_s >> 12;
  rng_s ^= rng_s << 25;
  rng_s ^= rng_s >> 27;
  return (uint32_t)((rng_s * 0x2545F4914F6CDD1Dull) >> 32);
}
static uint32_t rn(uint32_t n) { return n ? rnd() % n : 0; }

template <typename T> static void put(T &v, int lsb, int w, uint64_t x) {
  for (int i = 0; i < w; i++) {
    int b = lsb + i;
    uint32_t bit = (uint32_t)(x >> i) & 1u;
    v[b / 32] = (v[b / 32] & ~(1u << (b % 32))) | (bit << (b % 32));
  }
}
static void put_s(uint32_t &v, int lsb, int w, uint64_t x) {
  uint32_t m = (w >= 32) ? 0xffffffffu : ((1u << w) - 1u);
  v = (v & ~(m << lsb)) | (((uint32_t)x & m) << lsb);
}
static void put_q(uint64_t &v, int lsb, int w, uint64_t x) {
  uint64_t m = (w >= 64) ? ~0ull : ((1ull << w) - 1ull);
  v = (v & ~(m << lsb)) | ((x & m) << lsb);
}
// Verilator's port types: CData/SData/IData (scalar), QData, or VlWide
template <typename P> static void setf(P &p, int lsb, int w, uint64_t x);
template <> void setf(CData &p, int lsb, int w, uint64_t x) { uint32_t v = p; put_s(v, lsb, w, x); p = (CData)v; }
template <> void setf(SData &p, int lsb, int w, uint64_t x) { uint32_t v = p; put_s(v, lsb, w, x); p = (SData)v; }
template <> void setf(IData &p, int lsb, int w, uint64_t x) { put_s(p, lsb, w, x); }
template <> void setf(QData &p, int lsb, int w, uint64_t x) { put_q(p, lsb, w, x); }
template <std::size_t N> static void setf(VlWide<N> &p, int lsb, int w, uint64_t x) { put(p, lsb, w, x); }

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  uint64_t seed = 1, cycles = 100000;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a.rfind("+seed=", 0) == 0) seed = strtoull(a.c_str() + 6, nullptr, 0);
    else if (a.rfind("+cycles=", 0) == 0) cycles = strtoull(a.c_str() + 8, nullptr, 0);
  }
  printf("tb_smp: seed %" PRIu64 ", %" PRIu64 " cycles (replay: +seed=%" PRIu64 ")\n", seed, cycles, seed);
  rng_s = seed * 0x9E3779B97F4A7C15ull + 1;

  Vpmu_smp *r = new Vpmu_smp;
  static pmu_state_t s;
  pmu_reset(&s);
  r->clk_i = 0;
  r->rst_ni = 0;
  r->eval();
  r->clk_i = 1;
  r->eval();
  r->clk_i = 0;
  r->rst_ni = 1;
  r->eval();

  uint64_t checks = 0, bad = 0, writes = 0, refused = 0, records = 0, lost_seen = 0;
  uint32_t last_head[PMU_THREADS] = {0};
  uint32_t stall[PMU_THREADS] = {0};   // cycles left of a run without commits (long pending samples)
  for (uint64_t cyc = 0; cyc < cycles && bad < 10; cyc++) {
    // ---- before the edge: every word, every thread, and the interrupts ----
    r->we_i = 0;
    for (unsigned t = 0; t < PMU_THREADS; t++) {
      for (unsigned k = 0; k < NK; k++) {
        pmu_dec_t d;
        pmu_regs_map(PMU_THREAD_BASE + t * PMU_THREAD_STRIDE + PMU_SMPCTL_OFF + 4 * k, &d);
        r->t_i = t;
        r->k_i = k;
        r->eval();
        uint32_t want = pmu_smp_word(&s, &d), got = r->rdata_o;
        checks++;
        if (want != got) {
          printf("MISMATCH cycle %" PRIu64 " thread %u word %u (+0x%03x): RTL 0x%08x, model 0x%08x\n", cyc, t, k,
                 PMU_SMPCTL_OFF + 4 * k, got, want);
          bad++;
        }
      }
      uint32_t irq = (r->irq_o >> t) & 1u;
      checks++;
      if (irq != pmu_smp_irq(&s, t)) {
        printf("MISMATCH cycle %" PRIu64 " thread %u irq: RTL %u, model %u\n", cyc, t, irq, pmu_smp_irq(&s, t));
        bad++;
      }
      uint32_t h = s.smp[t].head_q;
      if (h != last_head[t]) records++;
      last_head[t] = h;
    }

    // ---- the cycle's inputs ----
    static pmu_in_t in;
    memset(&in, 0, sizeof in);
    uint32_t inc[PMU_NCNT];
    memset(inc, 0, sizeof inc);
    for (unsigned t = 0; t < PMU_THREADS; t++) {
      unsigned n = rn(4) == 0 ? 0 : rn(PMU_W + 3);   // some n above W (clamped), often 0
      if (rn(3) == 0) n = 0;
      if (stall[t] == 0 && rn(200) == 0) stall[t] = rn(2) ? rn(40) : 200 + rn(400);
      if (stall[t]) {
        stall[t]--;
        n = 0;
      }
      in.stk_n[t][2] = (uint8_t)(n & PMU_NW_MASK);
      unsigned nc = n < PMU_W ? n : PMU_W;
      if (rn(2)) in.stk_flags[t] |= (uint16_t)(1u << PMU_FLG_ROB_EMPTY);
      in.priv[t] = (uint8_t)rn(2);
      for (unsigned i = 0; i < nc; i++) {
        in.cmt_pc[t][i] = (uint16_t)rnd();
        in.cmt_sig[t][i] = (uint8_t)(rnd() & PMU_SIG_MASK);
      }
      for (unsigned k = 0; k < PMU_P; k++) {
        inc[t * PMU_NCPT + PMU_CI_PMC + k] = rn(4) ? rn(3) : rn(1u << IW);
        if (rn(64) == 0) s.ext_q[t][k] ^= 1u << PMU_EXT_CHAIN_LSB;
      }
    }
    // the RTL's inputs
    for (unsigned t = 0; t < PMU_THREADS; t++) {
      setf(r->stk_n_i, (t * 3 + 2) * PMU_NW, PMU_NW, in.stk_n[t][2]);
      setf(r->stk_flags_i, t * PMU_NFLAG, PMU_NFLAG, in.stk_flags[t]);
      setf(r->priv_i, t, 1, in.priv[t]);
      for (unsigned i = 0; i < PMU_W; i++) {
        setf(r->cmt_pc_i, (t * PMU_W + i) * 16, 16, in.cmt_pc[t][i]);
        setf(r->cmt_sig_i, (t * PMU_W + i) * 5, 5, in.cmt_sig[t][i]);
      }
      for (unsigned k = 0; k < PMU_P; k++) {
        setf(r->pinc_i, (t * PMU_P + k) * IW, IW, inc[t * PMU_NCPT + PMU_CI_PMC + k]);
        setf(r->chain_i, t * PMU_P + k, 1, (s.ext_q[t][k] >> PMU_EXT_CHAIN_LSB) & 1u);
      }
    }

    // now and then a software write (as the register block merges and checks it)
    pmu_apb_t a;
    memset(&a, 0, sizeof a);
    r->we_i = 0;
    if (rn(16) == 0) {
      unsigned t = rn(PMU_THREADS);
      const unsigned ks[] = {0, 1, 2, 3, 5, 5, 5, 7};
      unsigned k = ks[rn(8)];
      uint32_t wd = rnd();
      const pmu_smp_thr_t *x = &s.smp[t];
      if (k == 0) wd = (rn(8) ? 1u : 0u) | (rn(2) << 1) | (rn(17) << 2) | (rn(rn(2) ? 4 : 16) << 8) | (rn(2) << 12);
      if (k == 1) wd = rn(4) ? 1 + rn(24) : rn(2) ? rnd() : rn(3);
      if (k == 3) wd = rn(10);
      if (k == 7) wd = rn(2) ? 0xffffffffu - rn(3) : rnd();   // smplost near saturation
      if (k == 5) wd = x->tail_q + rn(4);                       // may pass the head: refused
      uint32_t strb = rn(4) ? 0xf : rn(16);
      pmu_regs_map(PMU_THREAD_BASE + t * PMU_THREAD_STRIDE + PMU_SMPCTL_OFF + 4 * k, &a.dec);
      a.bm = ((strb & 1) ? 0xffu : 0) | ((strb & 2) ? 0xff00u : 0) | ((strb & 4) ? 0xff0000u : 0) | ((strb & 8) ? 0xff000000u : 0);
      a.wdata = wd;
      uint32_t w = (pmu_smp_word(&s, &a.dec) & ~a.bm) | (wd & a.bm);
      uint32_t berr = pmu_smp_wr_bad(&s, &a.dec, w);
      r->t_i = t;
      r->k_i = k;
      r->wword_i = w;
      r->eval();
      checks++;
      if (r->werr_o != berr) {
        printf("MISMATCH cycle %" PRIu64 " thread %u word %u write 0x%08x: RTL refuses %u, model %u\n", cyc, t, k, w,
               r->werr_o, berr);
        bad++;
      }
      if (!berr) {
        a.we = 1;
        r->we_i = 1;
        writes++;
      } else {
        refused++;
      }
    }

    // ---- the edge ----
    pmu_smp_update(&s, &in, inc, &a);
    r->clk_i = 1;
    r->eval();
    r->clk_i = 0;
    r->eval();
    for (unsigned t = 0; t < PMU_THREADS; t++) lost_seen += s.smp[t].lost_cnt_q != 0;
  }
  printf("tb_smp: %" PRIu64 " comparisons, %" PRIu64 " writes (%" PRIu64 " refused), %" PRIu64
         " cycles with a new record, %" PRIu64 " thread-cycles with smplost > 0\n",
         checks, writes, refused, records, lost_seen);
  r->final();
  delete r;
  bool cover = records > 0 && lost_seen > 0 && refused > 0;
  if (!cover) printf("FAIL the run did not write records, lose samples and refuse a write\n");
  printf("%d passed, %d failed\n", bad == 0 && cover ? 1 : 0, bad == 0 && cover ? 0 : 1);
  return bad == 0 && cover ? 0 : 1;
}

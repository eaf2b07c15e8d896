// Differential fuzzing of the PMU (libFuzzer): fuzzer bytes -> per-cycle PMU inputs, run on the
// Verilated RTL and the C model in lockstep (the lockstep engine, verif/lockstep/lockstep_engine.h with
// pmu_top_ports.h: the same drive, compare and mismatch report as Vpmu_lockstep and the main run),
// abort() on the first divergence. C++ only as Verilator glue.
//
// Built by verif/fuzz/fuzz.mk with small parameters (FUZZ_CFG: THREADS=2 P=4 CW=33 W=4; the RTL
// gets -G, the model -DPMU_): CW=33 is the smallest legal width, so a counter preloaded just below
// 2^33 wraps within a few cycles of a short input. Replay a crash: `build/fuzz/fuzz_lockstep FILE`
// (FUZZ_TRACE=1 also prints every decoded command). docs/fuzzing.md has the figures.
//
// ---- input encoding --------------------------------------------------------------------------
// Every input starts from reset with all inputs 0 (user mode, idle bus). The bytes are read as
// commands: an opcode byte OP (high nibble = command, low nibble X), then its operand bytes. A
// command whose operands run past the end of the input is dropped. Event lanes, privilege, tick,
// slot, stack and flag inputs are sticky (they keep their value until changed, as in .stim
// files); the bus is idle outside transfers. A thread field t is taken modulo THREADS, a counter
// field k modulo P. After the last command 2 idle cycles run (a status set in the last cycle
// reaches irq_o), and an input stops at MAX_CYCLES (20000) cycles.
//
//   0x0X              step X+1 cycles
//   0x1X L [V]        external lane L%NEXT of thread X&1 = value by m=X>>1: m=0: 0, 1: 1, 2: 2,
//                     3: L>>4, 4..7: the operand byte V
//   0x2X              priv of thread t = bit (t&1) of X, ref_tick = X>>2&1; X&8: then one cycle
//   0x3X [V]          inputs of thread X&1 by s=X>>1 (values above W and wrong-path included):
//                     0: slot F=V&15, I=V>>4    1: slot R=V&15, n.dispatch=V>>4
//                     2: n.issue=V&15, n.commit=V>>4    3: wp.dispatch=V&15, wp.issue=V>>4
//                     4: flags[7:0]=V    5: flags[12:8]=V&31    6: toggle flag V%NFLAG
//                     7: slot, n, wp and flags all 0 (no operand)
//   0x4X..0x7X R V..  APB write (setup + access cycle) of a mapped register. OP bits [2:0] kind,
//                     [3] thread, [5:4] value mode. R selects the register of the kind:
//                       0 evtsel R%P    1 ext R%P    2 pmc R%P low word    3 pmc R%P high word
//                       4 gctrl, word R&1    5 gstatus (W1C), word R&1
//                       6 by R%8: 0 fixctl, 1 ctrl, 2..7 fix (R%8-2)/2 word (R%8-2)&1
//                       7 slot/stk counter c=(R>>1)%29 (c<5 slot c, else stk c-5), word R&1
//                     value modes: 0 smart value (below), 1 raw 32-bit value from 4 operand bytes
//                     (little endian), 2 smart value written unprivileged (pprot=0: PSLVERR),
//                     3 smart value with PSTRB = S&15 from one more operand byte S.
//                     Smart values from operand V: evtsel: evtsel_value(V, F) with a second
//                     operand F (below); ext, ctrl: V; fixctl: 0xbbb & (V|V<<4|V<<8); gctrl and
//                     gstatus: all ones if V&0x80, else V; counter low word: V&0x7f if V&0x80,
//                     else 0xffffffff-(V&63) (at most 63 below the wrap); counter high word: all
//                     ones (CW-32 bits kept) if V&0x80, else V.
//                     evtsel_value(V, F): catalog event V%NEVENTS (event code and umask), EN=1,
//                     USR=F&1, OS=F>>1&1, EDGE=F>>2&1, INT=F>>3&1, ANY=F>>4&1, INV=F>>5&1,
//                     CMASK = 0, 1, 2 or V>>5 for F>>6 = 0..3.
//   0x8X, 0x9X R      APB read of register (kind OP&7, thread OP>>3&1, R as above); unprivileged
//                     (pprot=0) if OP&0x10
//   0xAX A0 [A1] F [D0 D1 D2 D3]  raw APB transfer. Address: with X&1 the 16-bit A1<<8|A0 (any
//                     alignment, any hole); else word (A0&0x7f) + (X&2 ? 0x80 : 0) of the block of
//                     thread A0>>7. F: bit 0 write, bit 1 privileged, bits [5:2] PSTRB, bit 6 no
//                     setup cycle, bit 7 hold the access phase two cycles (two transfers);
//                     D0..D3: write data (writes only)
//   0xBX              one cycle with rdp_req of thread X&1 = 1, rdp_sel = X>>1
//   0xCX V F E        arm counter k=X>>1 of thread X&1 (10 cycles): evtsel = evtsel_value(V, F)
//                     with INT also set by F&0x80, ext = E, pmc low = 0xffffffff-(F&31), pmc high
//                     all ones, gctrl low all ones
//   0xDX V            arm the fixed counters of thread X&1 (10 cycles): fixctl = 0xbbb&(V|V<<4|V<<8),
//                     ctrl = X>>1&7, fix V%3 low = 0xffffffff-(V>>3&15), its high all ones, gctrl
//                     high all ones
//   0xEX              X=15: reset (one cycle, both sides; sticky inputs kept); else step (X+1)*16
//   0xFX              write of thread X&1 by s=X>>1 (2 cycles): 0 gstatus low W1C all ones,
//                     1 gstatus high W1C all ones, 2 ctrl=FRZ_ON_OVF|UREN, 3 ctrl=0, 4 gctrl low=0,
//                     5 gctrl low all ones, 6 gctrl high=0, 7 gctrl high all ones
#include <cinttypes>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include "pmu_top_ports.h"

namespace {

enum { MAX_CYCLES = 20000, TAIL_CYCLES = 2 };

PmuLockstep *g_pair;
bool g_trace;
pmu_cov_t g_cov;          // functional coverage (verif/coverage/pmu_cov.c) over the whole session

// Functional coverage as libFuzzer feedback: the bins this input hit (hit counts, saturated),
// in libFuzzer's extra-counters section, which it clears before and reads after every input like
// its own edge counters. Bins such as "a counter counted event 0xd1" come from data flow that no
// code edge tells apart, so without these the fuzzer would not keep an input for reaching them.
__attribute__((used, section("__libfuzzer_extra_counters"))) uint8_t g_bin_counters[COV_NBINS];
uint64_t g_inputs, g_cycles, g_resets, g_wraps, g_irq_rises, g_errors;
double g_t0;
bool g_is_mutant;
// 1 in the build of the mutant RTL (a one-line object of its own, verif/fuzz/fuzz.mk)
extern "C" int fuzz_is_mutant;
std::string g_argv0;

// fixctl with the 4-bit group V for every fixed counter, reserved bits cleared
uint32_t fixctl_all(uint32_t V) {
  const unsigned step = PMU_FIXCTL_OS1_LSB - PMU_FIXCTL_OS0_LSB;   // bits per fixed counter
  uint32_t v = 0;
  for (unsigned i = 0; i < PMU_NFIX; i++) v |= V << (PMU_FIXCTL_OS0_LSB + i * step);
  return v & PMU_FIXCTL_MASK;
}

double now_s() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// The byte reader: every operand read checks the end; a command that runs out is dropped.
struct Reader {
  const uint8_t *d;
  size_t n, i = 0;
  bool more() const { return i < n; }
  bool get(uint8_t *b) {
    if (i >= n) return false;
    *b = d[i++];
    return true;
  }
};

// One fuzz input being run: the sticky inputs, the cycle count, and a stop flag (budget).
struct Run {
  pmu_in_t in;
  pmu_out_t out;
  uint8_t irq[PMU_THREADS] = {};
  uint64_t cycles = 0;
  bool stop = false;
};

unsigned thr(unsigned x) { return x % PMU_THREADS; }

void trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void trace(const char *fmt, ...) {
  if (!g_trace) return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "  [%6" PRIu64 "] ", g_pair->cycle);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
}

void bus_idle(pmu_in_t *in) {
  in->psel = in->penable = in->pwrite = 0;
  in->paddr = in->pwdata = 0;
  in->pstrb = in->pprot = 0;
}

// One cycle on both sides; a mismatch has been reported by the engine: stop the fuzzer.
void cycle(Run *r) {
  if (r->cycles >= MAX_CYCLES) {
    r->stop = true;
    return;
  }
  uint64_t st[PMU_THREADS];
  for (int t = 0; t < PMU_THREADS; t++) st[t] = g_pair->ms.gstatus_q[t];
  if (g_pair->step(&r->in, &r->out)) {
    fprintf(stderr, "fuzz_lockstep: first divergence at cycle %" PRIu64 " of this input (%s); replay: %s FILE, "
            "with FUZZ_TRACE=1 to print the decoded commands\n",
            g_pair->cycle, g_is_mutant ? "mutant RTL" : "RTL vs model", g_argv0.c_str());
    abort();
  }
  r->cycles++;
  g_cycles++;
  // what the input reached (from the model, which has just been proved equal to the RTL)
  g_errors += r->out.pslverr;
  for (int t = 0; t < PMU_THREADS; t++) {
    uint64_t set = g_pair->ms.gstatus_q[t] & ~st[t];
    g_wraps += (uint64_t)__builtin_popcountll(set & ((1ull << (PMU_GSTATUS_FIX_OVF_LSB + 3)) - 1));
    g_irq_rises += r->out.irq[t] && !r->irq[t];
    r->irq[t] = r->out.irq[t];
  }
}

void steps(Run *r, unsigned n) {
  for (unsigned i = 0; i < n && !r->stop; i++) cycle(r);
}

// A 2-cycle APB transfer (setup, access) with the sticky inputs unchanged.
void apb(Run *r, bool wr, uint32_t addr, uint32_t data, unsigned strb, bool priv) {
  trace("%s 0x%04x data=0x%08x strb=%x%s", wr ? "wr" : "rd", addr, wr ? data : 0u, wr ? strb : 0u,
        priv ? "" : " user");
  r->in.psel = 1;
  r->in.penable = 0;
  r->in.pwrite = wr;
  r->in.paddr = addr;
  r->in.pwdata = wr ? data : 0;
  r->in.pstrb = wr ? (uint8_t)(strb & 0xf) : 0;
  r->in.pprot = priv ? 1 : 0;
  cycle(r);
  r->in.penable = 1;
  if (!r->stop) cycle(r);
  bus_idle(&r->in);
}

// Byte address of register (kind, thread, selector R) of the table at the top of the file.
uint32_t reg_addr(unsigned kind, unsigned t, uint8_t R) {
  unsigned k = R % PMU_P;
  switch (kind) {
  case 0: return pmu_treg(t, PMU_EVTSEL_OFF + k * PMU_EVTSEL_STRIDE);
  case 1: return pmu_treg(t, PMU_EXT_OFF + k * PMU_EXT_STRIDE);
  case 2: return pmu_treg(t, PMU_PMC_OFF + k * PMU_PMC_STRIDE);
  case 3: return pmu_treg(t, PMU_PMC_OFF + k * PMU_PMC_STRIDE + 4);
  case 4: return pmu_treg(t, PMU_GCTRL_OFF + (R & 1) * 4);
  case 5: return pmu_treg(t, PMU_GSTATUS_OFF + (R & 1) * 4);
  case 6: {
    unsigned s = R % 8;
    if (s == 0) return pmu_treg(t, PMU_FIXCTL_OFF);
    if (s == 1) return pmu_treg(t, PMU_CTRL_OFF);
    return pmu_treg(t, PMU_FIX_OFF + ((s - 2) / 2) * PMU_FIX_STRIDE + ((s - 2) & 1) * 4);
  }
  default: {
    unsigned c = (R >> 1) % (PMU_NSLOT + PMU_NSTK);
    uint32_t off = c < PMU_NSLOT ? PMU_SLOT_OFF + c * PMU_SLOT_STRIDE : PMU_STK_OFF + (c - PMU_NSLOT) * PMU_STK_STRIDE;
    return pmu_treg(t, off + (R & 1) * 4);
  }
  }
}

// evtsel from catalog entry V and modifier byte F (EN always set).
uint32_t evtsel_value(uint8_t V, uint8_t F) {
  const pmu_event_desc_t *e = &pmu_events[V % PMU_NEVENTS];
  static const uint8_t cm[4] = {0, 1, 2, 0};
  uint32_t cmask = (F >> 6) == 3 ? (uint32_t)(V >> 5) : cm[F >> 6];
  return (uint32_t)e->event | (uint32_t)e->umask << PMU_EVTSEL_UMASK_LSB | (1u << PMU_EVTSEL_EN_LSB) |
         (uint32_t)(F & 1) << PMU_EVTSEL_USR_LSB | (uint32_t)(F >> 1 & 1) << PMU_EVTSEL_OS_LSB |
         (uint32_t)(F >> 2 & 1) << PMU_EVTSEL_EDGE_LSB | (uint32_t)(F >> 3 & 1) << PMU_EVTSEL_INT_LSB |
         (uint32_t)(F >> 4 & 1) << PMU_EVTSEL_ANY_LSB | (uint32_t)(F >> 5 & 1) << PMU_EVTSEL_INV_LSB |
         cmask << PMU_EVTSEL_CMASK_LSB;
}

// "Smart" value for a write of the given kind/selector: biased towards configured counters that
// are about to wrap. Reads 1 operand (2 for evtsel); false when the input ran out.
bool smart_value(Reader *rd, unsigned kind, uint8_t R, uint32_t *v) {
  uint8_t V, F;
  if (!rd->get(&V)) return false;
  bool hiword = false;
  switch (kind) {
  case 0:
    if (!rd->get(&F)) return false;
    *v = evtsel_value(V, F);
    return true;
  case 1: *v = V; return true;                           // CMP, CNTV, BOTH, CHAIN, QUALIFY (+reserved)
  case 2: break;
  case 3: hiword = true; break;
  case 4:
  case 5: *v = (V & 0x80) ? 0xffffffffu : V; return true;  // gctrl enables, gstatus W1C
  case 6: {
    unsigned s = R % 8;
    if (s == 0) { *v = fixctl_all(V); return true; }
    if (s == 1) { *v = V; return true; }
    hiword = (s - 2) & 1;
    break;
  }
  default: hiword = R & 1; break;
  }
  if (hiword) *v = (V & 0x80) ? 0xffffffffu : V;         // high word: all ones (CW-33 bits) or small
  else *v = (V & 0x80) ? V & 0x7f : 0xffffffffu - (V & 63);  // low word: just below the wrap, or small
  return true;
}

void cmd_write(Run *r, Reader *rd, uint8_t op) {
  unsigned kind = op & 7, t = thr(op >> 3 & 1), mode = op >> 4 & 3;
  uint8_t R, S = 0xf, b[4];
  uint32_t v;
  if (!rd->get(&R)) return;
  if (mode == 1) {
    for (int i = 0; i < 4; i++)
      if (!rd->get(&b[i])) return;
    v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
  } else if (!smart_value(rd, kind, R, &v)) {
    return;
  }
  if (mode == 3 && !rd->get(&S)) return;
  apb(r, true, reg_addr(kind, t, R), v, S, mode != 2);
}

void cmd_read(Run *r, Reader *rd, uint8_t op) {
  uint8_t R;
  if (!rd->get(&R)) return;
  apb(r, false, reg_addr(op & 7, thr(op >> 3 & 1), R), 0, 0, !(op & 16));
}

// Raw transfer: odd protocol too (no setup cycle, an access phase held for two cycles).
void cmd_raw(Run *r, Reader *rd, uint8_t op) {
  uint8_t a0, a1 = 0, F, b[4] = {0, 0, 0, 0};
  if (!rd->get(&a0)) return;
  if ((op & 1) && !rd->get(&a1)) return;
  if (!rd->get(&F)) return;
  bool wr = F & 1;
  if (wr)
    for (int i = 0; i < 4; i++)
      if (!rd->get(&b[i])) return;
  // X&1: any 16-bit address; else a word of thread block (a0>>7)&1 at offset (a0&0x7f)*4 plus the
  // high bit from bit 1 of X (offsets 0x000..0x3fc).
  uint32_t addr = (op & 1) ? (uint32_t)a1 << 8 | a0
                           : pmu_treg(thr(a0 >> 7), ((uint32_t)(a0 & 0x7f) << 2) | ((op & 2) ? 0x200u : 0u));
  trace("raw %s 0x%04x flags=0x%02x", wr ? "wr" : "rd", addr, F);
  r->in.psel = 1;
  r->in.pwrite = wr;
  r->in.paddr = addr;
  r->in.pwdata = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
  r->in.pstrb = F >> 2 & 0xf;
  r->in.pprot = F >> 1 & 1;
  if (!(F & 0x40)) {
    r->in.penable = 0;
    cycle(r);
  }
  r->in.penable = 1;
  steps(r, (F & 0x80) ? 2 : 1);
  bus_idle(&r->in);
}

void cmd_arm_pmc(Run *r, Reader *rd, uint8_t op) {
  uint8_t V, F, E;
  if (!rd->get(&V) || !rd->get(&F) || !rd->get(&E)) return;
  unsigned t = thr(op & 1), k = (op >> 1) % PMU_P;
  trace("arm t%u.pmc%u", t, k);
  apb(r, true, pmu_treg(t, PMU_EVTSEL_OFF + k * PMU_EVTSEL_STRIDE), evtsel_value(V, F) | (uint32_t)(F >> 7) << PMU_EVTSEL_INT_LSB, 0xf, true);
  apb(r, true, pmu_treg(t, PMU_EXT_OFF + k * PMU_EXT_STRIDE), E, 0xf, true);
  apb(r, true, pmu_treg(t, PMU_PMC_OFF + k * PMU_PMC_STRIDE), 0xffffffffu - (F & 31), 0xf, true);
  apb(r, true, pmu_treg(t, PMU_PMC_OFF + k * PMU_PMC_STRIDE + 4), 0xffffffffu, 0xf, true);
  apb(r, true, pmu_treg(t, PMU_GCTRL_OFF), 0xffffffffu, 0xf, true);
}

void cmd_arm_fix(Run *r, Reader *rd, uint8_t op) {
  uint8_t V;
  if (!rd->get(&V)) return;
  unsigned t = thr(op & 1), i = V % 3;
  trace("arm t%u.fix%u", t, i);
  apb(r, true, pmu_treg(t, PMU_FIXCTL_OFF), fixctl_all(V), 0xf, true);
  apb(r, true, pmu_treg(t, PMU_CTRL_OFF), op >> 1 & 7, 0xf, true);
  apb(r, true, pmu_treg(t, PMU_FIX_OFF + i * PMU_FIX_STRIDE), 0xffffffffu - (V >> 3 & 15), 0xf, true);
  apb(r, true, pmu_treg(t, PMU_FIX_OFF + i * PMU_FIX_STRIDE + 4), 0xffffffffu, 0xf, true);
  apb(r, true, pmu_treg(t, PMU_GCTRL_OFF + 4), 0xffffffffu, 0xf, true);
}

void cmd_misc(Run *r, uint8_t op) {
  unsigned t = thr(op & 1), s = op >> 1 & 7;
  static const uint32_t off[8] = {PMU_GSTATUS_OFF, PMU_GSTATUS_OFF + 4, PMU_CTRL_OFF, PMU_CTRL_OFF,
                                  PMU_GCTRL_OFF, PMU_GCTRL_OFF, PMU_GCTRL_OFF + 4, PMU_GCTRL_OFF + 4};
  static const uint32_t val[8] = {0xffffffffu, 0xffffffffu,
                                  (1u << PMU_CTRL_FRZ_ON_OVF_LSB) | (1u << PMU_CTRL_UREN_LSB), 0,
                                  0, 0xffffffffu, 0, 0xffffffffu};
  apb(r, true, pmu_treg(t, off[s]), val[s], 0xf, true);
}

void cmd_inputs(Run *r, Reader *rd, uint8_t op) {
  unsigned t = thr(op & 1), s = op >> 1 & 7;
  pmu_in_t *in = &r->in;
  if (s == 7) {
    in->slot_fill[t] = in->slot_issue[t] = in->slot_retire[t] = 0;
    memset(in->stk_n[t], 0, sizeof in->stk_n[t]);
    memset(in->stk_wp[t], 0, sizeof in->stk_wp[t]);
    in->stk_flags[t] = 0;
    trace("t%u slot/stk/flags = 0", t);
    return;
  }
  uint8_t V;
  if (!rd->get(&V)) return;
  uint8_t lo = V & 15, hi = V >> 4;
  switch (s) {
  case 0: in->slot_fill[t] = lo; in->slot_issue[t] = hi; break;
  case 1: in->slot_retire[t] = lo; in->stk_n[t][0] = hi; break;
  case 2: in->stk_n[t][1] = lo; in->stk_n[t][2] = hi; break;
  case 3: in->stk_wp[t][0] = lo; in->stk_wp[t][1] = hi; break;
  case 4: in->stk_flags[t] = (uint16_t)((in->stk_flags[t] & 0xff00u) | V); break;
  case 5: in->stk_flags[t] = (uint16_t)((in->stk_flags[t] & 0x00ffu) | (uint16_t)(V & 0x1f) << 8); break;
  default: in->stk_flags[t] = (uint16_t)(in->stk_flags[t] ^ (1u << (V % PMU_NFLAG))); break;
  }
  trace("t%u inputs s=%u V=0x%02x", t, s, V);
}

void run_input(const uint8_t *data, size_t size) {
  static uint64_t before[COV_NBINS];
  memcpy(before, g_cov.hits, sizeof before);
  Run r;
  memset(&r.in, 0, sizeof r.in);
  memset(&r.out, 0, sizeof r.out);
  Reader rd{data, size};
  g_pair->reset();
  g_pair->cycle = 0;
  while (rd.more() && !r.stop) {
    uint8_t op = 0, L, V;
    rd.get(&op);
    unsigned x = op & 15;
    switch (op >> 4) {
    case 0x0:
      trace("step %u", x + 1);
      steps(&r, x + 1);
      break;
    case 0x1: {
      if (!rd.get(&L)) break;
      unsigned m = x >> 1, t = thr(x & 1);
      if (m >= 4) {
        if (!rd.get(&V)) break;
      } else {
        V = m == 3 ? L >> 4 : (uint8_t)m;
      }
      r.in.ev_ext[t][L % PMU_NEXT] = V;
      trace("lane t%u %s = %u", t, pmu_lane_names[PMU_NINT + L % PMU_NEXT], V);
      break;
    }
    case 0x2:
      for (int t = 0; t < PMU_THREADS; t++) r.in.priv[t] = x >> (t & 1) & 1;
      r.in.ref_tick = x >> 2 & 1;
      trace("priv 0x%x tick %u", x & 3, r.in.ref_tick);
      if (x & 8) cycle(&r);
      break;
    case 0x3: cmd_inputs(&r, &rd, op); break;
    case 0x4: case 0x5: case 0x6: case 0x7: cmd_write(&r, &rd, op); break;
    case 0x8: case 0x9: cmd_read(&r, &rd, op); break;
    case 0xA: cmd_raw(&r, &rd, op); break;
    case 0xB: {
      unsigned t = thr(x & 1);
      trace("rdp t%u sel %u", t, x >> 1);
      r.in.rdp_req[t] = 1;
      r.in.rdp_sel[t] = (uint8_t)(x >> 1);
      cycle(&r);
      r.in.rdp_req[t] = 0;
      r.in.rdp_sel[t] = 0;
      break;
    }
    case 0xC: cmd_arm_pmc(&r, &rd, op); break;
    case 0xD: cmd_arm_fix(&r, &rd, op); break;
    case 0xE:
      if (x == 15) {
        trace("reset");
        g_pair->reset();  // one cycle with reset asserted on both sides
        g_resets++;
      } else {
        trace("step %u", (x + 1) * 16);
        steps(&r, (x + 1) * 16);
      }
      break;
    default: cmd_misc(&r, op); break;
    }
  }
  r.stop = false;
  bus_idle(&r.in);
  steps(&r, TAIL_CYCLES);
  g_inputs++;
  for (int i = 0; i < COV_NBINS; i++) {
    uint64_t d = g_cov.hits[i] - before[i];
    g_bin_counters[i] = (uint8_t)(d > 255 ? 255 : d);
  }
}

void print_stats() {
  double t = now_s() - g_t0;
  int hit = 0;
  for (int i = 0; i < COV_NBINS; i++) hit += g_cov.hits[i] != 0;
  fprintf(stderr,
          "fuzz_lockstep: %" PRIu64 " inputs, %" PRIu64 " lockstep cycles (%.0f per input) in %.1f s: "
          "%.0f inputs/s, %.0f cycles/s\n",
          g_inputs, g_cycles, g_inputs ? (double)g_cycles / g_inputs : 0.0, t, t > 0 ? g_inputs / t : 0.0,
          t > 0 ? g_cycles / t : 0.0);
  fprintf(stderr,
          "fuzz_lockstep: reached %" PRIu64 " overflow-status bits set, %" PRIu64 " irq rises, %" PRIu64 " PSLVERR cycles, %" PRIu64 " resets; functional coverage %d/%d bins\n",
          g_wraps, g_irq_rises, g_errors, g_resets, hit, (int)COV_NBINS);
  if (getenv("FUZZ_COV") && atoi(getenv("FUZZ_COV"))) pmu_cov_report(&g_cov, stderr, 1);
  const char *out = getenv("FUZZ_COV_OUT");
  if (out) {
    FILE *cf = fopen(out, "w");
    if (!cf || pmu_cov_write(&g_cov, cf) != 0 || fclose(cf) != 0) fprintf(stderr, "fuzz_lockstep: cannot write %s\n", out);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  g_pair = new PmuLockstep();
  g_pair->io.top = new Vpmu_top;
  g_pair->history = 8;
  g_pair->cross_check = true;  // as Vpmu_lockstep
  sample_coverage(g_pair, &g_cov);
  g_pair->replay = std::string((*argc > 0) ? (*argv)[0] : "fuzz_lockstep") + " FILE (the crash file libFuzzer wrote)";
  g_argv0 = (*argc > 0) ? (*argv)[0] : "fuzz_lockstep";
  g_trace = getenv("FUZZ_TRACE") && atoi(getenv("FUZZ_TRACE"));
  g_is_mutant = fuzz_is_mutant != 0;
  g_t0 = now_s();
  atexit(print_stats);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  run_input(data, size);
  return 0;
}

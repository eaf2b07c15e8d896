// StallScope virtual board: fpga/rtl/board_top.v under Verilator (the vendor primitives
// replaced by fpga/sim/board_prim.v), its UART pins bridged bit by bit to a pseudo-terminal.
// A host tool opens the pty's slave side like a serial port (docs/fpga.md "Virtual board").
//
//   Vboard_top [--link PATH] [--record FILE] [--max-seconds S] [--quiet]
//
// Every simulated cycle: the bit of the byte being sent to the board is driven on uart_rx_i
// (BAUD_DIV cycles per bit, 8N1, bytes back to back as the host wrote them), and uart_tx_o is
// sampled by a UART receiver whose bytes go to the pty. When nothing happens (no byte on
// either line for QUIET cycles and the core stopped) the simulation waits for the host instead
// of spinning; a host that stops in mid-frame therefore still sees the bridge's timeout.
// --record FILE writes the PMU's event inputs of every run cycle (format in docs/fpga.md
// "Event records"), which pmuctl's model transport replays. --link PATH makes PATH a symlink to
// the pty's slave. SIGINT/SIGTERM end the run (the record is flushed).
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <string>

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include "Vboard_top.h"
#include "Vboard_top___024root.h"
#include "verilated.h"

extern "C" {
#include "pmu_map.h"
}

#ifndef BAUD_DIV
#define BAUD_DIV 8
#endif
#ifndef VB_TIMEOUT
#define VB_TIMEOUT 20000
#endif
static const uint64_t QUIET = 3ull * VB_TIMEOUT;

static volatile sig_atomic_t g_stop = 0;
static void on_signal(int) { g_stop = 1; }

static void die(const char *fmt, const char *arg) {
  fprintf(stderr, "vboard: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  exit(2);
}

// ---- bits of Verilator signals --------------------------------------------------------------
template <typename T> static void words(const T &p, uint32_t *w) {
  uint64_t v = (uint64_t)p;
  w[0] = (uint32_t)v;
  w[1] = (uint32_t)(v >> 32);
}
template <std::size_t N> static void words(const VlWide<N> &p, uint32_t *w) {
  for (std::size_t i = 0; i < N; i++) w[i] = p[i];
}
static unsigned bits(const uint32_t *w, int lsb, int width) {
  uint64_t v = w[lsb >> 5];
  if (((lsb & 31) + width) > 32) v |= (uint64_t)w[(lsb >> 5) + 1] << 32;
  return (unsigned)((v >> (lsb & 31)) & ((1ull << width) - 1));
}
enum { NWORDS = (PMU_THREADS * PMU_NEXT * PMU_LW > PMU_THREADS * PMU_W * 16 ? PMU_THREADS * PMU_NEXT * PMU_LW
                                                                           : PMU_THREADS * PMU_W * 16) / 32 + 3 };

// One run cycle's PMU event inputs: ref_tick, then per thread priv, fill, issue, retire,
// n[0..2], wp[0..1], flags (low, high byte), ev_ext[0..NEXT-1], and the W commit slots' program
// address (low, high byte) and signature (spec 7.8).
static void record_cycle(Vboard_top___024root *r, FILE *f) {
  uint8_t rec[1 + PMU_THREADS * (11 + PMU_NEXT + 3 * PMU_W)];
  uint32_t pv[NWORDS] = {}, fl[NWORDS] = {}, is[NWORDS] = {}, re[NWORDS] = {}, sn[NWORDS] = {},
           sw[NWORDS] = {}, fg[NWORDS] = {}, ex[NWORDS] = {}, cp[NWORDS] = {}, cs[NWORDS] = {};
  words(r->board_top__DOT__e_priv, pv);
  words(r->board_top__DOT__e_fill, fl);
  words(r->board_top__DOT__e_issue, is);
  words(r->board_top__DOT__e_retire, re);
  words(r->board_top__DOT__e_stk_n, sn);
  words(r->board_top__DOT__e_stk_wp, sw);
  words(r->board_top__DOT__e_flags, fg);
  words(r->board_top__DOT__e_ext, ex);
  words(r->board_top__DOT__e_cmt_pc, cp);
  words(r->board_top__DOT__e_cmt_sig, cs);
  int k = 0;
  rec[k++] = r->board_top__DOT__e_ref & 1;
  for (int t = 0; t < PMU_THREADS; t++) {
    rec[k++] = (uint8_t)bits(pv, t, 1);
    rec[k++] = (uint8_t)bits(fl, t * PMU_NW, PMU_NW);
    rec[k++] = (uint8_t)bits(is, t * PMU_NW, PMU_NW);
    rec[k++] = (uint8_t)bits(re, t * PMU_NW, PMU_NW);
    for (int s = 0; s < 3; s++) rec[k++] = (uint8_t)bits(sn, (t * 3 + s) * PMU_NW, PMU_NW);
    for (int s = 0; s < 2; s++) rec[k++] = (uint8_t)bits(sw, (t * 2 + s) * PMU_NW, PMU_NW);
    unsigned flags = bits(fg, t * PMU_NFLAG, PMU_NFLAG);
    rec[k++] = (uint8_t)flags;
    rec[k++] = (uint8_t)(flags >> 8);
    for (int j = 0; j < PMU_NEXT; j++) rec[k++] = (uint8_t)bits(ex, (t * PMU_NEXT + j) * PMU_LW, PMU_LW);
    for (int j = 0; j < PMU_W; j++) {
      unsigned pc = bits(cp, (t * PMU_W + j) * 16, 16);
      rec[k++] = (uint8_t)pc;
      rec[k++] = (uint8_t)(pc >> 8);
      rec[k++] = (uint8_t)bits(cs, (t * PMU_W + j) * 5, 5);
    }
  }
  fwrite(rec, 1, (size_t)k, f);
}

int main(int argc, char **argv) {
  Verilated::commandArgs(argc, argv);
  std::string link, record;
  double max_seconds = 600;
  bool quiet = false;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto need = [&]() -> const char * {
      if (i + 1 >= argc) die("%s needs a value", a.c_str());
      return argv[++i];
    };
    if (a == "--link") link = need();
    else if (a == "--record") record = need();
    else if (a == "--max-seconds") max_seconds = atof(need());
    else if (a == "--quiet") quiet = true;
    else if (a == "--help" || a == "-h") {
      printf("usage: Vboard_top [--link PATH] [--record FILE] [--max-seconds S] [--quiet]\n");
      return 0;
    } else if (a.rfind("+verilator", 0) == 0) {
    } else die("unknown option '%s' (see --help)", a.c_str());
  }

  // the pseudo-terminal: the host opens the slave; we keep the slave open too, so the master
  // never sees a hang-up between two host sessions
  int mfd = posix_openpt(O_RDWR | O_NOCTTY);
  if (mfd < 0 || grantpt(mfd) || unlockpt(mfd)) die("posix_openpt: %s", strerror(errno));
  const char *sname = ptsname(mfd);
  if (!sname) die("ptsname: %s", strerror(errno));
  std::string slave = sname;
  int sfd = open(slave.c_str(), O_RDWR | O_NOCTTY);
  if (sfd < 0) die("open slave: %s", strerror(errno));
  struct termios tio;
  tcgetattr(sfd, &tio);
  cfmakeraw(&tio);
  tcsetattr(sfd, TCSANOW, &tio);
  fcntl(mfd, F_SETFL, fcntl(mfd, F_GETFL) | O_NONBLOCK);
  if (!link.empty()) {
    unlink(link.c_str());
    if (symlink(slave.c_str(), link.c_str())) die("symlink: %s", strerror(errno));
  }
  FILE *rf = nullptr;
  if (!record.empty()) {
    rf = fopen(record.c_str(), "wb");
    if (!rf) die("cannot write the record file '%s'", record.c_str());
    uint8_t hdr[8] = {'S', 'S', 'E', 'V', 2, PMU_THREADS, PMU_NEXT, PMU_W};
    fwrite(hdr, 1, sizeof hdr, rf);
  }
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  printf("vboard: pty %s%s%s (BAUD_DIV %d, THREADS %d)\n", slave.c_str(), link.empty() ? "" : " linked as ",
         link.c_str(), BAUD_DIV, PMU_THREADS);
  fflush(stdout);

  Vboard_top top;
  Vboard_top___024root *r = top.rootp;
  top.rst_btn_ni = 1;
  top.uart_rx_i = 1;
  top.clk_i = 0;
  top.eval();

  std::deque<uint8_t> to_board;      // bytes from the host not yet on the wire
  int rx_bit = -1;                   // bit of the byte on uart_rx_i: -1 idle, 0 start .. 9 stop
  unsigned rx_byte = 0, rx_cnt = 0;
  int tx_state = -1;                 // board -> host receiver: -1 idle, 0 start .. 9 stop
  unsigned tx_cnt = 0, tx_byte = 0;
  uint64_t cycle = 0, idle = 0, run_cycles = 0, bytes_in = 0, bytes_out = 0;
  time_t t0 = time(nullptr);

  while (!g_stop) {
    // ---- host input: poll the pty now and then, block when everything is quiet; not before
    // cycle 256, so that a byte the host wrote before the model was built does not reach the UART
    // while the design is still in reset (its start bit lost, the frame unanswered) ----
    if (rx_bit < 0 && to_board.empty() && (cycle & 255) == 0 && cycle != 0) {
      int running = r->board_top__DOT__run;
      int timeout = (idle > QUIET && !running) ? 50 : 0;
      struct pollfd p = {mfd, POLLIN, 0};
      if (poll(&p, 1, timeout) > 0 && (p.revents & POLLIN)) {
        uint8_t buf[256];
        ssize_t n = read(mfd, buf, sizeof buf);
        for (ssize_t i = 0; i < n; i++) to_board.push_back(buf[i]);
        if (n > 0) bytes_in += (uint64_t)n;
      }
      if (difftime(time(nullptr), t0) > max_seconds) {
        fprintf(stderr, "vboard: --max-seconds %.0f reached, stopping\n", max_seconds);
        break;
      }
    }
    // ---- drive uart_rx_i ----
    if (rx_bit < 0 && !to_board.empty()) {
      rx_byte = to_board.front();
      to_board.pop_front();
      rx_bit = 0;
      rx_cnt = 0;
    }
    if (rx_bit >= 0) {
      top.uart_rx_i = rx_bit == 0 ? 0 : rx_bit == 9 ? 1 : (rx_byte >> (rx_bit - 1)) & 1;
      if (++rx_cnt == BAUD_DIV) {
        rx_cnt = 0;
        if (++rx_bit == 10) rx_bit = -1;
      }
      idle = 0;
    } else {
      top.uart_rx_i = 1;
    }
    // ---- one cycle: falling edge, sample this cycle's values, rising edge ----
    top.clk_i = 0;
    top.eval();
    if (r->board_top__DOT__run) {
      run_cycles++;
      if (rf) record_cycle(r, rf);
      idle = 0;
    }
    unsigned tx = top.uart_tx_o & 1;
    top.clk_i = 1;
    top.eval();
    cycle++;
    idle++;
    // ---- sample uart_tx_o: start bit edge, then the middle of every bit ----
    if (tx_state < 0) {
      if (!tx) { tx_state = 0; tx_cnt = BAUD_DIV / 2; }
    } else if (tx_cnt == 0) {
      if (tx_state == 0 && tx) tx_state = -1;            // glitch
      else if (tx_state >= 1 && tx_state <= 8) tx_byte = (tx_byte >> 1) | (tx << 7);
      if (tx_state == 9) {
        uint8_t b = (uint8_t)tx_byte;
        ssize_t w = write(mfd, &b, 1);
        (void)w;
        bytes_out++;
        tx_state = -1;
      } else if (tx_state >= 0) {
        tx_state++;
        tx_cnt = BAUD_DIV - 1;
      }
    } else {
      tx_cnt--;
    }
    if (tx_state >= 0) idle = 0;
  }
  if (rf) fclose(rf);
  if (!link.empty()) unlink(link.c_str());
  if (!quiet)
    printf("vboard: %llu cycles, %llu run cycles, %llu bytes in, %llu bytes out\n", (unsigned long long)cycle,
           (unsigned long long)run_cycles, (unsigned long long)bytes_in, (unsigned long long)bytes_out);
  top.final();
  close(sfd);
  close(mfd);
  return 0;
}

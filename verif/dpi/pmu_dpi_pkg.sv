// The C reference model through DPI-C: the SystemVerilog side (the C side: pmu_dpi.h, pmu_dpi.c).
// Import this package into a testbench or scoreboard, create a model with
// pmu_dpi_new(THREADS, P, CW, W, LW, NW, AW) and call it once per cycle with the same port
// vectors the RTL gets (docs/integration.md has a complete example; verif/dpi/pmu_dpi_tb.sv is
// the scoreboard that runs in make test). Widths: the parameter defaults of rtl/pmu/pmu_map.vh;
// pmu_dpi_new returns null when the C side was compiled with other parameters.
// Plain DPI-C (no open arrays, no classes): any simulator with DPI-C; checked under Verilator 5.006.
`include "pmu_map.vh"

package pmu_dpi_pkg;
  localparam int THREADS = `PMU_DEF_THREADS;
  localparam int P = `PMU_DEF_P;
  localparam int CW = `PMU_DEF_CW;
  localparam int W = `PMU_DEF_W;
  localparam int LW = `PMU_DEF_LW;
  localparam int NW = `PMU_DEF_NW;
  localparam int AW = `PMU_DEF_AW;
  localparam int NCNT = THREADS * (P + 32);          // counters in the bank (docs/spec.md 4)
  // port widths of pmu_top
  localparam int EV_W = THREADS * `PMU_NEXT * LW;
  localparam int SLOT_W = THREADS * NW;
  localparam int STK_N_W = THREADS * 3 * NW;
  localparam int STK_WP_W = THREADS * 2 * NW;
  localparam int FLAGS_W = THREADS * `PMU_NFLAG;
  localparam int RDP_SEL_W = THREADS * 3;
  localparam int RDP_DATA_W = THREADS * 64;

  // a model after reset; null when the C side's parameters differ
  import "DPI-C" function chandle pmu_dpi_new(input int threads, input int p, input int cw, input int w,
                                              input int lw, input int nw, input int aw);
  import "DPI-C" function void pmu_dpi_free(input chandle m);
  // synchronous reset (rst_ni low at an edge)
  import "DPI-C" function void pmu_dpi_reset(input chandle m);
  // this cycle's outputs for these inputs, no state change
  import "DPI-C" function void pmu_dpi_comb(input chandle m,
    input bit psel, input bit penable, input bit pwrite, input bit [AW-1:0] paddr,
    input bit [31:0] pwdata, input bit [3:0] pstrb, input bit [2:0] pprot,
    input bit [THREADS-1:0] priv, input bit ref_tick, input bit [EV_W-1:0] ev_ext,
    input bit [SLOT_W-1:0] slot_fill, input bit [SLOT_W-1:0] slot_issue,
    input bit [SLOT_W-1:0] slot_retire, input bit [STK_N_W-1:0] stk_n,
    input bit [STK_WP_W-1:0] stk_wp, input bit [FLAGS_W-1:0] stk_flags,
    input bit [THREADS-1:0] rdp_req, input bit [RDP_SEL_W-1:0] rdp_sel,
    output bit pready, output bit [31:0] prdata, output bit pslverr,
    output bit [THREADS-1:0] rdp_valid, output bit [RDP_DATA_W-1:0] rdp_data,
    output bit [THREADS-1:0] irq);
  // one rising clock edge with these inputs
  import "DPI-C" function void pmu_dpi_step(input chandle m,
    input bit psel, input bit penable, input bit pwrite, input bit [AW-1:0] paddr,
    input bit [31:0] pwdata, input bit [3:0] pstrb, input bit [2:0] pprot,
    input bit [THREADS-1:0] priv, input bit ref_tick, input bit [EV_W-1:0] ev_ext,
    input bit [SLOT_W-1:0] slot_fill, input bit [SLOT_W-1:0] slot_issue,
    input bit [SLOT_W-1:0] slot_retire, input bit [STK_N_W-1:0] stk_n,
    input bit [STK_WP_W-1:0] stk_wp, input bit [FLAGS_W-1:0] stk_flags,
    input bit [THREADS-1:0] rdp_req, input bit [RDP_SEL_W-1:0] rdp_sel);
  // n edges with the same inputs (APB idle) in time independent of n; -1: access phase
  import "DPI-C" function longint pmu_dpi_ffwd(input chandle m,
    input bit psel, input bit penable, input bit pwrite, input bit [AW-1:0] paddr,
    input bit [31:0] pwdata, input bit [3:0] pstrb, input bit [2:0] pprot,
    input bit [THREADS-1:0] priv, input bit ref_tick, input bit [EV_W-1:0] ev_ext,
    input bit [SLOT_W-1:0] slot_fill, input bit [SLOT_W-1:0] slot_issue,
    input bit [SLOT_W-1:0] slot_retire, input bit [STK_N_W-1:0] stk_n,
    input bit [STK_WP_W-1:0] stk_wp, input bit [FLAGS_W-1:0] stk_flags,
    input bit [THREADS-1:0] rdp_req, input bit [RDP_SEL_W-1:0] rdp_sel,
    input longint unsigned n);
  // state: counter i of the bank, thread t's gstatus, any register word (privileged, no side effect)
  import "DPI-C" function longint unsigned pmu_dpi_counter(input chandle m, input int unsigned i);
  import "DPI-C" function longint unsigned pmu_dpi_gstatus(input chandle m, input int unsigned t);
  import "DPI-C" function int pmu_dpi_peek(input chandle m, input int unsigned addr,
                                           output int unsigned data);
endpackage

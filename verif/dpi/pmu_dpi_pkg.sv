// The C reference model through DPI-C: the SystemVerilog side (the C side: pmu_dpi.h, pmu_dpi.c).
// Import this package into a testbench or scoreboard, create a model with
// pmu_dpi_new(THREADS, P, CW, W, LW, NW, AW) and call it once per cycle with the same port
// vectors the RTL gets (docs/integration.md has a complete example; verif/dpi/pmu_dpi_tb.sv is
// the scoreboard that runs in make test). Widths: the parameter defaults of rtl/pmu/pmu_map.vh;
// pmu_dpi_new returns null when the C side was compiled with other parameters.
// Plain DPI-C (no open arrays, no classes): any simulator with DPI-C; checked under Verilator 5.006.
`include "pmu_map.vh"

// pmu_top's inputs after clk_i and rst_ni, in port order, as DPI arguments of direction dir
// (input for the model's functions; output for a stimulus generator, as pmu_dpi_tb.sv's)
`define PMU_DPI_PORTS(dir) \
    dir bit psel, dir bit penable, dir bit pwrite, dir bit [AW-1:0] paddr, \
    dir bit [31:0] pwdata, dir bit [3:0] pstrb, dir bit [2:0] pprot, \
    dir bit [THREADS-1:0] priv, dir bit ref_tick, dir bit [EV_W-1:0] ev_ext, \
    dir bit [SLOT_W-1:0] slot_fill, dir bit [SLOT_W-1:0] slot_issue, \
    dir bit [SLOT_W-1:0] slot_retire, dir bit [STK_N_W-1:0] stk_n, \
    dir bit [STK_WP_W-1:0] stk_wp, dir bit [FLAGS_W-1:0] stk_flags, \
    dir bit [THREADS-1:0] rdp_req, dir bit [RDP_SEL_W-1:0] rdp_sel

package pmu_dpi_pkg;
  localparam int THREADS = `PMU_DEF_THREADS;
  localparam int P = `PMU_DEF_P;
  localparam int CW = `PMU_DEF_CW;
  localparam int W = `PMU_DEF_W;
  localparam int LW = `PMU_DEF_LW;
  localparam int NW = `PMU_DEF_NW;
  localparam int AW = `PMU_DEF_AW;
  // pmu_top's other parameters, at the defaults the C side is compiled with (pmu_top_inst.vh
  // passes every parameter of pmu_top by name)
  localparam int CRW = `PMU_DEF_CRW;
  localparam int NS_PER_TICK = `PMU_DEF_NS_PER_TICK;
  localparam int STORAGE = `PMU_DEF_STORAGE;
  localparam int PIPE = `PMU_DEF_PIPE;
  localparam int SAMPLER = `PMU_DEF_SAMPLER;
  localparam int SMP_DEPTH = `PMU_DEF_SMP_DEPTH;
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
    `PMU_DPI_PORTS(input),
    output bit pready, output bit [31:0] prdata, output bit pslverr,
    output bit [THREADS-1:0] rdp_valid, output bit [RDP_DATA_W-1:0] rdp_data,
    output bit [THREADS-1:0] irq);
  // one rising clock edge with these inputs
  import "DPI-C" function void pmu_dpi_step(input chandle m,
    `PMU_DPI_PORTS(input));
  // n edges with the same inputs (APB idle) in time independent of n; -1: access phase
  import "DPI-C" function longint pmu_dpi_ffwd(input chandle m,
    `PMU_DPI_PORTS(input),
    input longint unsigned n);
  // state: counter i of the bank, thread t's gstatus, any register word (privileged, no side effect)
  import "DPI-C" function longint unsigned pmu_dpi_counter(input chandle m, input int unsigned i);
  import "DPI-C" function longint unsigned pmu_dpi_gstatus(input chandle m, input int unsigned t);
  import "DPI-C" function int pmu_dpi_peek(input chandle m, input int unsigned addr,
                                           output int unsigned data);
endpackage

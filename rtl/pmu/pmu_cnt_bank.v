// StallScope PMU: counter bank (spec section 4).
//
// NCNT counters of CW bits behind one interface: a per-counter increment vector, one software
// write port, asynchronous read ports, a pre-read port and a wrap vector out. Nothing outside this
// module depends on how the values are stored, and nothing outside reads a counter except through
// a read port. STORAGE selects the storage (spec 4, "Counter storage"):
//   0  a flip-flop array (here; the pre-read port is not used);
//   1  block RAM behind flip-flop prefix counters (pmu_cnt_ram); a read or write of counter i
//      in cycle n needs pre_i with pidx_i = i in cycle n-2, cycle n-1 being the access's APB
//      wait state (wait_o, spec 5.1: no pre-read, read or write in it), or for a DIRECT counter
//      in cycle n-1 (no wait state).
// Both behave the same at every port in every cycle. PIPE selects when an increment is added
// (spec 4, "Event path pipeline"):
//   0  inc_i in the cycle it arrives (the event path, lane pick to counter carry, is one cycle);
//   1  inc_i one cycle later, from the register inc_q (reset 0); a write to counter i drops the
//      increment that inc_q holds for it, as it drops inc_i with PIPE = 0.
//
// Per counter i and cycle:
//   write to counter i: cnt_d = the written value (the increment is dropped, no wrap);
//   otherwise:          {wrap, cnt_d} = cnt_q + inc (CW+1 bits, the remainder is kept).
// Only counters with WRAP_EN[i] set report a wrap; the others wrap silently (wrap_o[i] = 0).
// A write replaces the bytes of the addressed 32-bit word selected by wstrb_i (spec 5.3); the
// high word covers cnt[CW-1:32], so bits of wdata_i above CW-33 are dropped.
// Read ports return a counter as stored (before this cycle's update):
//   the read port:        counter ridx_i while re_i (an index at or above NCNT reads 0), else 0;
//   window read port w:   counter WBASE + w*WSTRIDE + wnd_idx_i[w] (0 for wnd_idx_i[w] >=
//                         WSPAN), read while wnd_re_i[w]; with WND_REG = 0 (flip-flop storage
//                         only) combinational, 0 while wnd_re_i[w] is clear; with WND_REG = 1
//                         registered: a read in cycle t gives the counter's value of cycle t on
//                         wnd_data_o[w] from cycle t+1 until the port's next read, 0 after reset
//                         (e.g. one thread's issue-slot counters for the direct read port; with
//                         block RAM they must be DIRECT counters).

`include "pmu_map.vh"

module pmu_cnt_bank #(
  parameter NCNT = `PMU_DEF_THREADS * (`PMU_DEF_P + 32),
  parameter CW   = `PMU_DEF_CW,
  parameter IW   = 13,
  parameter CIW  = $clog2(NCNT),
  // counters that report a wrap on wrap_o (bit i: counter i)
  parameter [NCNT-1:0] WRAP_EN = {NCNT{1'b1}},
  // storage (0 flip-flops, 1 block RAM)
  parameter STORAGE = 0,
  // event path pipeline: 1 adds each increment one cycle after it arrives (inc_q)
  parameter PIPE = 0,
  // with block RAM, the counters accessed without a wait state (every counter the window read
  // ports read must be one)
  parameter [NCNT-1:0] DIRECT  = {NCNT{1'b0}},
  // with block RAM, the counters whose increments are below 2^NIW (a shorter prefix)
  parameter [NCNT-1:0] NARROW = {NCNT{1'b0}},
  parameter NIW = IW,
  // ... the counters whose increments are below 2^SIW (SIW <= NIW; e.g. the stack counters),
  // at most SMAX (1 <= SMAX < 2^SIW)
  parameter [NCNT-1:0] SMALL = {NCNT{1'b0}},
  parameter SIW = NIW,
  parameter SMAX = (1 << SIW) - 1,
  // ... and the other (wide) counters' largest increment (2^NIW - 1 <= WMAX < 2^IW)
  parameter WMAX = (1 << IW) - 1,
  // block RAM storage: drained counters (pmu_cnt_drn; DSPAN = 0: none), thread t's DSPAN counters
  // from index t*DSTRIDE + DBASE on (silent, SMALL)
  parameter DBASE   = 0,
  parameter DSPAN   = 0,
  parameter DSTRIDE = 1,
  parameter DTHR    = 1,
  // ... and their prefix width (0: pmu_cnt_drn's rule)
  parameter PWD     = 0,
  // ... and the prefix widths (pmu_cnt_ram: its sizing rule by default)
  parameter PWW = $clog2(WMAX * (2 * (NCNT - DTHR * DSPAN) + 10)),
  parameter PWN = NIW + $clog2(2 * (NCNT - DTHR * DSPAN) + 10),
  parameter PWS = $clog2(SMAX * (2 * (NCNT - DTHR * DSPAN) + 10)),
  // window read ports (WND_REG: registered; block RAM storage needs 1)
  parameter WND_REG = 0,
  parameter NWND    = 1,
  parameter WIW     = 1,
  parameter WBASE   = 0,
  parameter WSTRIDE = 1,
  parameter WSPAN   = 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // increments: counter i at [i*IW +: IW]
  input  wire [NCNT*IW-1:0]  inc_i,
  // pre-read (block RAM storage): counter pidx_i is read or written next cycle
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire                pre_i,
  input  wire [CIW-1:0]      pidx_i,
  /* verilator lint_on UNUSEDSIGNAL */
  // the cycle after the pre-read of a counter in block RAM: the access's wait state (always 0
  // with flip-flop storage)
  output wire                wait_o,
  // software write port: counter widx_i, word whi_i (0 low, 1 high), bytes wstrb_i
  input  wire                we_i,
  input  wire [CIW-1:0]      widx_i,
  input  wire                whi_i,
  input  wire [31:0]         wdata_i,
  input  wire [3:0]          wstrb_i,
  // read port (rdata_o is 0 while re_i is clear)
  input  wire                re_i,
  input  wire [CIW-1:0]      ridx_i,
  output wire [CW-1:0]       rdata_o,
  // window read ports: port w at [w*WIW +: WIW] / [w*CW +: CW] (registered, see above)
  input  wire [NWND-1:0]     wnd_re_i,
  input  wire [NWND*WIW-1:0] wnd_idx_i,
  output wire [NWND*CW-1:0]  wnd_data_o,
  // counter i wrapped this cycle
  output wire [NCNT-1:0]     wrap_o,
  // the same in two parts: wrap_o = carry_o & ~wsel_o. carry_o: the carry out of each reporting
  // counter's adder, a function of the counters and increments alone (for a counter written
  // this cycle either its carry or 0); wsel_o: the counter written this cycle (one-hot, 0
  // without a write), a function of the write port alone. A user that takes the two apart keeps
  // the adders' carry vector off the paths from the write port (pmu_top).
  output wire [NCNT-1:0]     carry_o,
  output wire [NCNT-1:0]     wsel_o
);

  // The counters as software sees them: with flip-flop storage the registers themselves; with
  // block RAM a simulation-only view of pmu_cnt_ram's state (the lockstep harness and the golden
  // replay read u_bank.cnt_q in both).
  (* mem2reg *) reg [CW-1:0] cnt_q [0:NCNT-1] /*verilator public_flat_rd*/;

  // -----------------------------------------------------------------------------------------------
  // Write port (spec 5.3), for both storages
  // -----------------------------------------------------------------------------------------------
  // New value of the written counter: the strobed bytes of the addressed word (low: bits 31:0,
  // high: bits CW-1:32) of the write data over its stored value wold (g_ff, g_ram).
  // Evaluated only on a write (0 otherwise: the write port's terms do not toggle on other
  // cycles); wnew is the value the written counter loads.
  wire [CW-1:0] wold;
  reg  [31:0]   bm;
  // (bits 63:CW of the 64-bit forms are unused when CW < 64)
  /* verilator lint_off UNUSEDSIGNAL */
  reg  [63:0]   wm64;
  reg  [63:0]   wd64;
  /* verilator lint_on UNUSEDSIGNAL */
  reg  [CW-1:0] wnew;
  always @* begin
    bm      = 32'd0;
    wm64    = 64'd0;
    wd64    = 64'd0;
    wnew    = {CW{1'b0}};
    if (we_i) begin
      bm      = {{8{wstrb_i[3]}}, {8{wstrb_i[2]}}, {8{wstrb_i[1]}}, {8{wstrb_i[0]}}};
      wm64    = whi_i ? {bm, 32'd0} : {32'd0, bm};
      wd64    = {wdata_i, wdata_i};
      wnew    = (wold & ~wm64[CW-1:0]) | (wd64[CW-1:0] & wm64[CW-1:0]);
    end
  end

  genvar gi;

  // -----------------------------------------------------------------------------------------------
  // Increments as the storage adds them: inc_i, or with PIPE = 1 those of the cycle before
  // -----------------------------------------------------------------------------------------------
  wire [NCNT*IW-1:0] inc;
  generate
    if (PIPE != 0) begin : g_pipe
      (* mem2reg *) reg [IW-1:0] inc_q [0:NCNT-1] /*verilator public_flat_rd*/;
      for (gi = 0; gi < NCNT; gi = gi + 1) begin : g_inc
        // reset clears it: nothing in flight
        always @(posedge clk_i) begin
          if (!rst_ni) begin
            inc_q[gi] <= {IW{1'b0}};
          end else begin
            inc_q[gi] <= inc_i[gi*IW +: IW];
          end
        end
        assign inc[gi*IW +: IW] = inc_q[gi];
      end
    end else begin : g_comb
      assign inc = inc_i;
    end
  endgenerate

  generate
    if (STORAGE == 0) begin : g_ff
      reg [CW-1:0]      rdata;       // read port
      assign rdata_o    = rdata;
      assign wait_o     = 1'b0;

      assign wold    = cnt_q[widx_i];

      // Written counter, one-hot: the address decoder (no bit set without a write or for an index at
      // or above NCNT).
      reg [NCNT-1:0] wsel;
      always @* begin
        wsel = {{(NCNT - 1){1'b0}}, we_i} << widx_i;
      end

      // -----------------------------------------------------------------------------------------
      // Per counter: next value, carry out and the register
      // -----------------------------------------------------------------------------------------
      wire [NCNT-1:0] carry;   // carry out of each counter's adder

        for (gi = 0; gi < NCNT; gi = gi + 1) begin : g_cnt
          // stored value plus increment, with the carry out at bit CW
          wire [CW:0]   sum   = {1'b0, cnt_q[gi]} + {{(CW + 1 - IW){1'b0}}, inc[gi*IW +: IW]};
          assign carry[gi] = sum[CW];

          // the register; reset clears it; a write wins: the increment is dropped
          always @(posedge clk_i) begin
            if (!rst_ni) begin
              cnt_q[gi] <= {CW{1'b0}};
            end else if (wsel[gi]) begin
              cnt_q[gi] <= wnew;
            end else begin
              cnt_q[gi] <= sum[CW-1:0];
            end
          end
        end

      // Wrap: the carry out, except in a write cycle and for a silent counter (WRAP_EN clear).
      assign carry_o = carry & WRAP_EN;
      assign wsel_o  = wsel;
      assign wrap_o  = carry_o & ~wsel_o;

      // -----------------------------------------------------------------------------------------
      // Read ports
      // -----------------------------------------------------------------------------------------
      localparam [31:0]  NCNT32 = NCNT;
      localparam [CIW:0] NCNT_C = NCNT32[CIW:0];
      always @* begin
        if (re_i && ({1'b0, ridx_i} < NCNT_C)) begin
          rdata = cnt_q[ridx_i];
        end else begin
          rdata = {CW{1'b0}};
        end
      end

      // Window read ports: a WSPAN-way mux over each window's counters (pmu_cnt_wnd), with
      // WND_REG into a register loaded by the port's read (reset 0).
      wire [NWND*WSPAN*CW-1:0] wnd_cnt;
      wire [NWND*CW-1:0]       wnd_d;
      genvar gw;
      genvar gs;
      for (gw = 0; gw < NWND; gw = gw + 1) begin : g_wnd
        for (gs = 0; gs < WSPAN; gs = gs + 1) begin : g_span
          assign wnd_cnt[(gw*WSPAN+gs)*CW +: CW] = cnt_q[WBASE+gw*WSTRIDE+gs];
        end
      end

      pmu_cnt_wnd #(
        .CW    (CW),
        .NWND  (NWND),
        .WIW   (WIW),
        .WSPAN (WSPAN)
      ) u_wnd (
        .cnt_i      (wnd_cnt),
        .wnd_re_i   (wnd_re_i),
        .wnd_idx_i  (wnd_idx_i),
        .wnd_data_o (wnd_d)
      );
      if (WND_REG != 0) begin : g_wreg
        reg [NWND*CW-1:0] wnd_q;
        for (gw = 0; gw < NWND; gw = gw + 1) begin : g_wq
          always @(posedge clk_i) begin
            if (!rst_ni) begin
              wnd_q[gw*CW +: CW] <= {CW{1'b0}};
            end else if (wnd_re_i[gw]) begin
              wnd_q[gw*CW +: CW] <= wnd_d[gw*CW +: CW];
            end
          end
        end
        assign wnd_data_o = wnd_q;
      end else begin : g_wcomb
        assign wnd_data_o = wnd_d;
      end
    end else begin : g_ram
      pmu_cnt_ram #(
        .NCNT    (NCNT),
        .CW      (CW),
        .IW      (IW),
        .CIW     (CIW),
        .WRAP_EN (WRAP_EN),
        .DIRECT  (DIRECT),
        .NARROW  (NARROW),
        .NIW     (NIW),
        .SMALL   (SMALL),
        .SIW     (SIW),
        .SMAX    (SMAX),
        .WMAX    (WMAX),
        .PWW     (PWW),
        .PWN     (PWN),
        .PWS     (PWS),
        .NWND    (NWND),
        .WIW     (WIW),
        .WBASE   (WBASE),
        .WSTRIDE (WSTRIDE),
        .WSPAN   (WSPAN),
        .DBASE   (DBASE),
        .DSPAN   (DSPAN),
        .DSTRIDE (DSTRIDE),
        .DTHR    (DTHR),
        .PWD     (PWD)
      ) u_ram (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .inc_i      (inc),
        .pre_i      (pre_i),
        .pidx_i     (pidx_i),
        .wait_o     (wait_o),
        .we_i       (we_i),
        .widx_i     (widx_i),
        .wold_o     (wold),
        .wval_i     (wnew),
        .wmask_i    (wm64[CW-1:0]),
        .wdata_i    (wd64[CW-1:0]),
        .re_i       (re_i),
        .ridx_i     (ridx_i),
        .rdata_o    (rdata_o),
        .wnd_re_i   (wnd_re_i),
        .wnd_idx_i  (wnd_idx_i),
        .wnd_data_o (wnd_data_o),
        .wrap_o     (wrap_o)
      );
      // (pmu_cnt_ram's wrap_o already leaves the written counter out)
      assign carry_o = wrap_o;
      assign wsel_o  = {{(NCNT - 1){1'b0}}, we_i} << widx_i;
`ifndef SYNTHESIS
      integer vi;
      always @* begin
        for (vi = 0; vi < NCNT; vi = vi + 1) begin
          cnt_q[vi] = u_ram.view[vi];
        end
      end
`endif
    end
  endgenerate

endmodule

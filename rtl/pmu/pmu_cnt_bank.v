// StallScope PMU: counter bank (spec section 4).
//
// NCNT counters of CW bits behind one interface: a per-counter increment vector, one software
// write port, asynchronous read ports and a wrap vector out. Nothing outside this module depends
// on how the values are stored (a flip-flop array here; block RAM behind small prefix counters
// later), and nothing outside reads a counter except through a read port.
//
// Per counter i and cycle:
//   write to counter i: cnt_d = the written value (the increment is dropped, no wrap);
//   otherwise:          {wrap, cnt_d} = cnt_q + inc (CW+1 bits, the remainder is kept).
// Only counters with WRAP_EN[i] set report a wrap; the others wrap silently (wrap_o[i] = 0).
// A write replaces the bytes of the addressed 32-bit word selected by wstrb_i (spec 5.3); the
// high word covers cnt[CW-1:32], so bits of wdata_i above CW-33 are dropped.
// Read ports return a counter as stored (before this cycle's update):
//   the read port:        counter ridx_i while re_i (an index at or above NCNT reads 0), else 0;
//   window read port w:   counter WBASE + w*WSTRIDE + wnd_idx_i[w] while wnd_re_i[w] and
//                         wnd_idx_i[w] < WSPAN, else 0
//                         (a small mux over WSPAN counters, e.g. one thread's issue-slot
//                         counters for the direct read port).

`include "pmu_map.vh"

module pmu_cnt_bank #(
  parameter NCNT = `PMU_DEF_THREADS * (`PMU_DEF_P + 32),
  parameter CW   = `PMU_DEF_CW,
  parameter IW   = 13,
  parameter CIW  = $clog2(NCNT),
  // counters that report a wrap on wrap_o (bit i: counter i)
  parameter [NCNT-1:0] WRAP_EN = {NCNT{1'b1}},
  // window read ports
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
  // software write port: counter widx_i, word whi_i (0 low, 1 high), bytes wstrb_i
  input  wire                we_i,
  input  wire [CIW-1:0]      widx_i,
  input  wire                whi_i,
  input  wire [31:0]         wdata_i,
  input  wire [3:0]          wstrb_i,
  // read port (rdata_o is 0 while re_i is clear)
  input  wire                re_i,
  input  wire [CIW-1:0]      ridx_i,
  output reg  [CW-1:0]       rdata_o,
  // window read ports: port w at [w*WIW +: WIW] / [w*CW +: CW] (0 while wnd_re_i[w] is clear)
  input  wire [NWND-1:0]     wnd_re_i,
  input  wire [NWND*WIW-1:0] wnd_idx_i,
  output reg  [NWND*CW-1:0]  wnd_data_o,
  // counter i wrapped this cycle
  output wire [NCNT-1:0]     wrap_o
);

  // (* mem2reg *): flip-flops, one register per counter (yosys would otherwise say so in a warning)
  (* mem2reg *) reg [CW-1:0] cnt_q [0:NCNT-1] /*verilator public_flat_rd*/;

  // New value of the written counter: the strobed bytes of the addressed word (low: bits 31:0,
  // high: bits CW-1:32) of the write data over its stored value. One shared merge, evaluated
  // only on a write (a simulator skips it otherwise).
  reg [31:0]    bm;
  // (bits 63:CW of the 64-bit forms are unused when CW < 64)
  /* verilator lint_off UNUSEDSIGNAL */
  reg [63:0]    wm64;
  reg [63:0]    wd64;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [CW-1:0]  wval;
  always @* begin
    bm   = 32'd0;
    wm64 = 64'd0;
    wd64 = 64'd0;
    wval = {CW{1'b0}};
    if (we_i) begin
      bm   = {{8{wstrb_i[3]}}, {8{wstrb_i[2]}}, {8{wstrb_i[1]}}, {8{wstrb_i[0]}}};
      wm64 = whi_i ? {bm, 32'd0} : {32'd0, bm};
      wd64 = {wdata_i, wdata_i};
      wval = (cnt_q[widx_i] & ~wm64[CW-1:0]) | (wd64[CW-1:0] & wm64[CW-1:0]);
    end
  end

  // Written counter, one-hot (a decoder; a simulator skips it on cycles without a write).
  reg [NCNT-1:0] wsel;
  always @* begin
    wsel = {NCNT{1'b0}};
    if (we_i) begin
      wsel = {{(NCNT - 1){1'b0}}, 1'b1} << widx_i;
    end
  end

  // One block per counter, all indices constant. The sum depends on the stored value and the
  // increment only (not on the write port), so a simulator evaluates it once per clock.
  // (public: a simulator then keeps it as a variable computed once per clock instead of
  // re-deriving it from the sums inside wrap_o, which depends on the write port's APB inputs)
  wire [NCNT-1:0] carry /*verilator public_flat_rd*/;
  genvar gi;
  generate
    for (gi = 0; gi < NCNT; gi = gi + 1) begin : g_cnt
      /* verilator lint_off UNUSEDSIGNAL */  // sum[CW] of a silent counter
      wire [CW:0] sum = {1'b0, cnt_q[gi]} + {{(CW + 1 - IW){1'b0}}, inc_i[gi*IW +: IW]};
      /* verilator lint_on UNUSEDSIGNAL */
      if (WRAP_EN[gi]) begin : g_wrap
        assign carry[gi] = sum[CW];
      end else begin : g_silent
        assign carry[gi] = 1'b0;     // (sum[CW] unused)
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          cnt_q[gi] <= {CW{1'b0}};
        end else if (wsel[gi]) begin
          cnt_q[gi] <= wval;
        end else begin
          cnt_q[gi] <= sum[CW-1:0];
        end
      end
    end
  endgenerate

  // A written counter does not wrap (its increment is dropped).
  assign wrap_o = carry & ~wsel;

  // Read port.
  localparam [31:0]  NCNT32 = NCNT;
  localparam [CIW:0] NCNT_C = NCNT32[CIW:0];
  always @* begin
    if (re_i && ({1'b0, ridx_i} < NCNT_C)) begin
      rdata_o = cnt_q[ridx_i];
    end else begin
      rdata_o = {CW{1'b0}};
    end
  end

  // Window read ports (constant indices only; the mux is behind the read enable, so a simulator
  // skips it on cycles without a read).
  integer w;
  integer i;
  always @* begin
    wnd_data_o = {(NWND * CW){1'b0}};
    for (w = 0; w < NWND; w = w + 1) begin
      if (wnd_re_i[w]) begin
        for (i = 0; i < WSPAN; i = i + 1) begin
          if (wnd_idx_i[w*WIW +: WIW] == i[WIW-1:0]) begin
            wnd_data_o[w*CW +: CW] = cnt_q[WBASE+w*WSTRIDE+i];
          end
        end
      end
    end
  end

endmodule

// StallScope PMU: counter bank (spec section 4).
//
// NCNT counters of CW bits behind one interface: a per-counter increment vector, one software
// write port and a flat value vector out. Nothing outside this module depends on how the values
// are stored (flip-flops here; block RAM behind small prefix counters later).
//
// Per counter i and cycle:
//   write to counter i: cnt_d = the written value (the increment is dropped, no wrap);
//   otherwise:          {wrap, cnt_d} = cnt_q + inc (CW+1 bits, the remainder is kept).
// A write replaces the bytes of the addressed 32-bit word selected by wstrb_i (spec 5.3); the
// high word covers cnt[CW-1:32], so bits of wdata_i above CW-33 are dropped.

`include "pmu_map.vh"

module pmu_cnt_bank #(
  parameter NCNT = `PMU_DEF_THREADS * (`PMU_DEF_P + 32),
  parameter CW   = `PMU_DEF_CW,
  parameter IW   = 13,
  parameter CIW  = $clog2(NCNT)
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  // increments: counter i at [i*IW +: IW]
  input  wire [NCNT*IW-1:0] inc_i,
  // software write port: counter widx_i, word whi_i (0 low, 1 high), bytes wstrb_i
  input  wire               we_i,
  input  wire [CIW-1:0]     widx_i,
  input  wire               whi_i,
  input  wire [31:0]        wdata_i,
  input  wire [3:0]         wstrb_i,
  // values: counter i at [i*CW +: CW]
  output wire [NCNT*CW-1:0] cnt_o,
  // counter i wrapped this cycle
  output wire [NCNT-1:0]    wrap_o
);

  reg [NCNT*CW-1:0] cnt_q /*verilator public_flat_rd*/;

  // Write mask: bit b of the written counter is replaced by write data when its byte is strobed.
  reg [CW-1:0] wmask;
  reg [CW-1:0] wdata;
  integer      b;
  always @* begin
    for (b = 0; b < CW; b = b + 1) begin
      wmask[b] = wstrb_i[(b / 8) % 4] & (whi_i == (b >= 32));
      wdata[b] = wdata_i[b % 32];
    end
  end

  // New value of the written counter: the strobed bytes of the write data over its stored value.
  wire [CW-1:0] wval = (cnt_q[widx_i*CW +: CW] & ~wmask) | (wdata & wmask);

  // One block per counter, all indices constant. The sum depends on the stored value and the
  // increment only (not on the write port), so a simulator evaluates it once per clock.
  genvar gi;
  generate
    for (gi = 0; gi < NCNT; gi = gi + 1) begin : g_cnt
      localparam [31:0]    GI32 = gi;
      localparam [CIW-1:0] GI   = GI32[CIW-1:0];
      wire [CW:0] sum  = {1'b0, cnt_q[gi*CW +: CW]} + {{(CW + 1 - IW){1'b0}}, inc_i[gi*IW +: IW]};
      wire        wsel = we_i && (widx_i == GI);
      // A written counter does not wrap (its increment is dropped).
      assign wrap_o[gi] = sum[CW] && !wsel;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          cnt_q[gi*CW +: CW] <= {CW{1'b0}};
        end else if (wsel) begin
          cnt_q[gi*CW +: CW] <= wval;
        end else begin
          cnt_q[gi*CW +: CW] <= sum[CW-1:0];
        end
      end
    end
  endgenerate

  assign cnt_o = cnt_q;

endmodule

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
  output reg  [NCNT-1:0]    wrap_o
);

  reg [NCNT*CW-1:0] cnt_q /*verilator public_flat_rd*/;
  reg [NCNT*CW-1:0] cnt_d;

  // Write mask: bit b of a counter is replaced by write data when its byte is strobed.
  reg [CW-1:0] wmask;
  reg [CW-1:0] wdata;
  integer b;
  always @* begin
    for (b = 0; b < CW; b = b + 1) begin
      wmask[b] = wstrb_i[(b / 8) % 4] & (whi_i == (b >= 32));
      wdata[b] = wdata_i[b % 32];
    end
  end

  // Next value and wrap.
  reg [CW:0] sum;
  reg        wsel;
  integer    i;
  integer    j;
  always @* begin
    cnt_d  = cnt_q;
    wrap_o = {NCNT{1'b0}};
    sum    = {(CW + 1){1'b0}};
    wsel   = 1'b0;
    for (i = 0; i < NCNT; i = i + 1) begin
      sum  = {1'b0, cnt_q[i*CW +: CW]} + {{(CW + 1 - IW){1'b0}}, inc_i[i*IW +: IW]};
      wsel = we_i && (widx_i == i[CIW-1:0]);
      if (wsel) begin
        for (j = 0; j < CW; j = j + 1) begin
          cnt_d[i*CW + j] = wmask[j] ? wdata[j] : cnt_q[i*CW + j];
        end
      end else begin
        cnt_d[i*CW +: CW] = sum[CW-1:0];
        wrap_o[i]         = sum[CW];
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q <= {NCNT{{CW{1'b0}}}};
    end else begin
      cnt_q <= cnt_d;
    end
  end

  assign cnt_o = cnt_q;

endmodule

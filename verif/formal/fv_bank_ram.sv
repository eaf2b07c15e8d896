// Formal miter of the counter bank's two storages (docs/spec.md section 4, "Counter storage"):
// pmu_cnt_bank with flip-flops and with block RAM (STORAGE=1) side by side on the same free
// inputs, under the bank's access protocol as pmu_regs drives it over APB: a read or write of a
// counter in cycle t follows a pre-read of that counter in cycle t-1, and a pre-read cycle is
// neither an access cycle nor followed by another pre-read. Reset is assumed in the first cycle.
//
// Property (h), bounded (BMC): every cycle the read port (while re), the wrap vector and every
// counter's value (the RAM bank's simulation view) are equal:
//   h.read_same   h.wrap_same   h.value_same
// Small parameters reach every corner within the depth: two counters, increments 0..1 (IW=1)
// and a 3-bit prefix, which carries every 8 cycles at most while a fold completes within 6
// (the pointer moves at least every other cycle over 2 counters), so the sizing rule of the
// RAM bank holds; a 5-bit upper part wraps after a write of a near-maximal value.

module fv_bank_ram #(
  parameter NCNT = 2,
  parameter CW   = 8,
  parameter IW   = 1
) (
  input wire                       clk_i,
  input wire                       rst_ni,
  input wire [NCNT*IW-1:0]         inc_i,
  input wire                       pre_i,
  input wire [$clog2(NCNT)-1:0]    pidx_i,
  input wire                       we_i,
  input wire                       re_i,
  input wire [$clog2(NCNT)-1:0]    idx_i,
  input wire                       whi_i,
  input wire [31:0]                wdata_i,
  input wire [3:0]                 wstrb_i
);
  localparam CIW = $clog2(NCNT);

  wire [CW-1:0]   rd_f;
  wire [CW-1:0]   rd_r;
  wire [NCNT-1:0] wrap_f;
  wire [NCNT-1:0] wrap_r;

  pmu_cnt_bank #(.NCNT(NCNT), .CW(CW), .IW(IW), .CIW(CIW), .STORAGE(0)) u_ff (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_i), .pre_i (pre_i), .pidx_i (pidx_i),
    .we_i (we_i), .widx_i (idx_i), .whi_i (whi_i), .wdata_i (wdata_i), .wstrb_i (wstrb_i),
    .re_i (re_i), .ridx_i (idx_i), .rdata_o (rd_f), .wnd_re_i (1'b0), .wnd_idx_i (1'b0),
    .wnd_data_o (), .wrap_o (wrap_f)
  );

  pmu_cnt_bank #(.NCNT(NCNT), .CW(CW), .IW(IW), .CIW(CIW), .STORAGE(1), .FF_MASK({NCNT{1'b0}}),
                 .PWW(3), .PWN(3)) u_ram (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_i), .pre_i (pre_i), .pidx_i (pidx_i),
    .we_i (we_i), .widx_i (idx_i), .whi_i (whi_i), .wdata_i (wdata_i), .wstrb_i (wstrb_i),
    .re_i (re_i), .ridx_i (idx_i), .rdata_o (rd_r), .wnd_re_i (1'b0), .wnd_idx_i (1'b0),
    .wnd_data_o (), .wrap_o (wrap_r)
  );

  `include "fv_common.vh"

  // the access protocol (pmu_regs over APB)
  reg           p_pre;
  reg [CIW-1:0] p_pidx;
  always @(posedge clk_i) begin
    p_pre  <= pre_i && rst_ni;
    p_pidx <= pidx_i;
  end
  always @* begin
    if (!past_valid) assume (!rst_ni);
    if (re_i || we_i) assume (p_pre && (p_pidx == idx_i));
    if (pre_i) assume (!re_i && !we_i && !p_pre);
    assume (!(re_i && we_i));
  end

  integer i;
  always @* begin
    if (past_valid && rst_ni) begin
      if (re_i) assert (rd_f == rd_r);                                    // [h.read_same]
      assert (wrap_f == wrap_r);                                          // [h.wrap_same]
      for (i = 0; i < NCNT; i = i + 1) begin
        assert (u_ff.cnt_q[i] == u_ram.cnt_q[i]);                         // [h.value_same]
      end
    end
  end

endmodule

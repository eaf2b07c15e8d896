// Formal properties of the counter bank (docs/spec.md section 4, write rule 5.3), bound to the
// ports of pmu_cnt_bank only. Every input is free each cycle; reset is assumed in the first cycle.
//
// Property (a), bank level: per counter i and cycle t (reset inactive in t),
//   write to i in t:  cnt(t+1) = the spec 5.3 merge of the written word into cnt(t), wrap(t) = 0
//   otherwise:        cnt(t+1) = (cnt(t) + inc(t)) mod 2^CW,  wrap(t) = carry out of that sum
// and a reset cycle clears every counter; the read port returns counter ridx while re (0 for an
// index past NCNT or without re). All of it is 1-step inductive (the counter values are the
// bank's outputs: one window read port per counter).

module fv_bank #(
  parameter NCNT = 3,
  parameter CW   = 40,   // >= 33 so that high-word writes change bits
  parameter IW   = 6
) (
  input wire                       clk_i,
  input wire                       rst_ni,
  input wire [NCNT*IW-1:0]         inc_i,
  input wire                       we_i,
  input wire [$clog2(NCNT)-1:0]    widx_i,
  input wire                       whi_i,
  input wire [31:0]                wdata_i,
  input wire [3:0]                 wstrb_i,
  input wire                       re_i,
  input wire [$clog2(NCNT)-1:0]    ridx_i
);
  localparam CIW = $clog2(NCNT);

  wire [NCNT*CW-1:0] cnt;
  wire [NCNT-1:0]    wrap;
  wire [CW-1:0]      rdata;

  // One window read port per counter (window w = counter w alone): every value is observable.
  pmu_cnt_bank #(.NCNT(NCNT), .CW(CW), .IW(IW), .CIW(CIW), .NWND(NCNT), .WIW(1), .WBASE(0),
                 .WSTRIDE(1), .WSPAN(1)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_i), .we_i (we_i), .widx_i (widx_i),
    .whi_i (whi_i), .wdata_i (wdata_i), .wstrb_i (wstrb_i), .re_i (re_i), .ridx_i (ridx_i),
    .rdata_o (rdata), .wnd_re_i ({NCNT{1'b1}}), .wnd_idx_i ({NCNT{1'b0}}), .wnd_data_o (cnt),
    .wrap_o (wrap)
  );

  `include "fv_common.vh"

  // previous cycle
  reg                 p_rst;
  reg [NCNT*CW-1:0]   p_cnt;
  reg [NCNT*IW-1:0]   p_inc;
  reg                 p_we;
  reg [CIW-1:0]       p_widx;
  reg                 p_whi;
  reg [31:0]          p_wdata;
  reg [3:0]           p_wstrb;
  always @(posedge clk_i) begin
    p_rst   <= rst_ni;
    p_cnt   <= cnt;
    p_inc   <= inc_i;
    p_we    <= we_i;
    p_widx  <= widx_i;
    p_whi   <= whi_i;
    p_wdata <= wdata_i;
    p_wstrb <= wstrb_i;
  end

  // the read port (NCNT=3 leaves index 3 past the end)
  always @* begin
    if (rst_ni) begin
      assert (rdata == ((re_i && ridx_i < NCNT) ? cnt[ridx_i*CW +: CW] : {CW{1'b0}}));  // [a.read_port]
    end
  end

  genvar g;
  generate
    for (g = 0; g < NCNT; g = g + 1) begin : g_cnt
      wire [CW:0] sum  = {1'b0, cnt[g*CW +: CW]} + {{(CW + 1 - IW){1'b0}}, inc_i[g*IW +: IW]};
      wire [CW:0] psum = {1'b0, p_cnt[g*CW +: CW]} + {{(CW + 1 - IW){1'b0}}, p_inc[g*IW +: IW]};
      wire        wr   = we_i && (widx_i == g);
      wire        pwr  = p_we && (p_widx == g);
      always @* begin
        if (past_valid && !p_rst) begin
          assert (cnt[g*CW +: CW] == {CW{1'b0}});                      // [a.reset]
        end
        if (past_valid && p_rst && pwr) begin
          assert (cnt[g*CW +: CW] ==                                    // [a.write_wins]
                  spec_write(p_cnt[g*CW +: CW], p_whi, p_wdata, p_wstrb));
        end
        if (past_valid && p_rst && !pwr) begin
          assert (cnt[g*CW +: CW] == psum[CW-1:0]);                    // [a.next_is_sum]
        end
        if (rst_ni) begin
          assert (wrap[g] == (!wr && sum[CW]));                        // [b.wrap_iff_carry]
        end
      end
    end
  endgenerate

endmodule

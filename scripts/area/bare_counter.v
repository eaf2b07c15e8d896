// The area flow's floor reference (docs/area.md), not part of the PMU: N plain CW-bit counters
// the way an Ibex-style mhpmcounter bank is built, each incremented by its own IW-bit input,
// with one 32-bit software write port (low/high word) and one read port (a mux over the
// counters, registered so the read path is timed). Synthesized by scripts/area/ only.

module bare_counter #(
  parameter N  = 8,
  parameter CW = 48,
  parameter IW = 1
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire [N*IW-1:0]        inc_i,
  input  wire                   we_i,
  input  wire [$clog2(N)-1:0]   widx_i,
  input  wire                   whi_i,
  input  wire [31:0]            wdata_i,
  input  wire [$clog2(N)-1:0]   ridx_i,
  input  wire                   rhi_i,
  output reg  [31:0]            rdata_o
);

  reg [CW-1:0] cnt_q [0:N-1];
  // (bits 63:CW of the 64-bit read form are unused when CW < 64)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] rword = {{(64 - CW){1'b0}}, cnt_q[ridx_i]};
  /* verilator lint_on UNUSEDSIGNAL */

  genvar gi;
  generate
    for (gi = 0; gi < N; gi = gi + 1) begin : g_cnt
      wire          wr    = we_i && (widx_i == gi);
      wire [CW-1:0] wlo   = {cnt_q[gi][CW-1:32], wdata_i};
      wire [CW-1:0] whi   = {wdata_i[CW-33:0], cnt_q[gi][31:0]};
      wire [CW-1:0] cnt_d = wr ? (whi_i ? whi : wlo)
                               : cnt_q[gi] + {{(CW - IW){1'b0}}, inc_i[gi*IW +: IW]};
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          cnt_q[gi] <= {CW{1'b0}};
        end else begin
          cnt_q[gi] <= cnt_d;
        end
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rdata_o <= 32'd0;
    end else begin
      rdata_o <= rhi_i ? rword[63:32] : rword[31:0];
    end
  end

endmodule

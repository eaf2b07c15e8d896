// StallScope PMU: direct read port of the issue-slot counters (spec 4.5).
//
// A request in cycle t returns in cycle t+1 the value that slot counter sel had in cycle t
// (before that cycle's increment), zero-extended to 64 bits; select values 5..7 return 0.
// Without a request the data holds and valid drops. Thread t reads its issue-slot counters
// through window read port t of the counter bank (read enable = the request, index = sel),
// which registers the value and holds it (the bank returns 0 for a select past the slot
// counters).

`include "pmu_map.vh"

module pmu_rdp #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter CW      = `PMU_DEF_CW
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // counter bank window read ports, one per thread
  output wire [THREADS-1:0]    re_o,
  output wire [THREADS*3-1:0]  ridx_o,
  input  wire [THREADS*CW-1:0] rdata_i,
  input  wire [THREADS-1:0]    req_i,
  input  wire [THREADS*3-1:0]  sel_i,
  output wire [THREADS-1:0]    valid_o,
  output wire [THREADS*64-1:0] data_o
);

  // Read data and valid of thread t at [t*64 +: 64] and bit t. The data is the window port's,
  // which registers the counter read and holds it until the next request (0 after reset);
  // reset clears valid.
  wire [THREADS*64-1:0] data_q /*verilator public_flat_rd*/;
  reg  [THREADS-1:0]    valid_q /*verilator public_flat_rd*/;

  // Thread t reads counter sel through window read port t of the bank while it requests.
  assign re_o   = req_i;
  assign ridx_o = sel_i;

  // The selected counter zero-extended to 64 bits. Valid follows the request.
  genvar gv;
  generate
    for (gv = 0; gv < THREADS; gv = gv + 1) begin : g_data
      if (CW < 64) begin : g_ext
        assign data_q[gv*64 +: 64] = {{(64 - CW){1'b0}}, rdata_i[gv*CW +: CW]};
      end else begin : g_full
        assign data_q[gv*64 +: 64] = rdata_i[gv*CW +: CW];
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= {THREADS{1'b0}};
    end else begin
      valid_q <= req_i;
    end
  end

  assign data_o  = data_q;
  assign valid_o = valid_q;

endmodule

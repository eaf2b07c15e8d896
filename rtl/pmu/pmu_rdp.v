// StallScope PMU: direct read port of the issue-slot counters (spec 4.5).
//
// A request in cycle t returns in cycle t+1 the value that slot counter sel had in cycle t
// (before that cycle's increment), zero-extended to 64 bits; select values 5..7 return 0.
// Without a request the data holds and valid drops. Thread t reads its issue-slot counters
// through window read port t of the counter bank (read enable = the request, index = sel;
// the bank returns 0 for a select past the slot counters).

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

  reg [THREADS*64-1:0] data_q /*verilator public_flat_rd*/;
  reg [THREADS-1:0]    valid_q /*verilator public_flat_rd*/;

  assign re_o   = req_i;
  assign ridx_o = sel_i;

  // The selected counter zero-extended to 64 bits.
  reg [THREADS*64-1:0] rd64;
  integer              v;
  always @* begin
    rd64 = {(THREADS * 64){1'b0}};
    for (v = 0; v < THREADS; v = v + 1) begin
      rd64[v*64 +: CW] = rdata_i[v*CW +: CW];
    end
  end

  // On a request, sample it; otherwise hold data and drop valid.
  integer u;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      data_q  <= {(THREADS * 64){1'b0}};
      valid_q <= {THREADS{1'b0}};
    end else begin
      valid_q <= req_i;
      for (u = 0; u < THREADS; u = u + 1) begin
        if (req_i[u]) begin
          data_q[u*64 +: 64] <= rd64[u*64 +: 64];
        end
      end
    end
  end

  assign data_o  = data_q;
  assign valid_o = valid_q;

endmodule

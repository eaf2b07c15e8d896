// StallScope PMU: direct read port of the issue-slot counters (spec 4.5).
//
// A request in cycle t returns in cycle t+1 the value that slot counter sel had in cycle t
// (before that cycle's increment), zero-extended to 64 bits; select values 5..7 return 0.
// Without a request the data holds and valid drops.

`include "pmu_map.vh"

module pmu_rdp #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter CW      = `PMU_DEF_CW
) (
  input  wire                             clk_i,
  input  wire                             rst_ni,
  // slot counter i of thread t at [(t*NSLOT+i)*CW +: CW]
  input  wire [THREADS*`PMU_NSLOT*CW-1:0] slot_cnt_i,
  input  wire [THREADS-1:0]               req_i,
  input  wire [THREADS*3-1:0]             sel_i,
  output wire [THREADS-1:0]               valid_o,
  output wire [THREADS*64-1:0]            data_o
);

  localparam NSLOT = `PMU_NSLOT;

  reg [THREADS*64-1:0] data_q /*verilator public_flat_rd*/;
  reg [THREADS-1:0]    valid_q /*verilator public_flat_rd*/;
  reg [THREADS*64-1:0] data_d;
  reg [THREADS-1:0]    valid_d;

  // Next state: on a request, sample the selected counter; otherwise hold data, drop valid.
  integer t;
  integer i;
  always @* begin
    data_d  = data_q;
    valid_d = req_i;
    for (t = 0; t < THREADS; t = t + 1) begin
      if (req_i[t]) begin
        data_d[t*64 +: 64] = 64'd0;
        for (i = 0; i < NSLOT; i = i + 1) begin
          if (sel_i[t*3 +: 3] == i[2:0]) begin
            data_d[t*64 +: CW] = slot_cnt_i[(t*NSLOT+i)*CW +: CW];
          end
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      data_q  <= {(THREADS * 64){1'b0}};
      valid_q <= {THREADS{1'b0}};
    end else begin
      data_q  <= data_d;
      valid_q <= valid_d;
    end
  end

  assign data_o  = data_q;
  assign valid_o = valid_q;

endmodule

// StallScope FPGA board: simulation model of the vendor primitives (fpga/ulx3s/board_prim.v and
// fpga/tang20k/board_prim.v are the real ones; the virtual board and the lint use this file
// instead, nothing else changes).
//
// PLL: passes the board clock through (the model's time unit is one cycle of the target clock)
// and reports lock at once. Clock gates: the usual latch-free model of a glitch-free gate, the
// enable taken at the falling edge, so en_i of cycle c decides whether the rising edge that ends
// c reaches the gated clock.

module board_prim (
  input  wire clk_ext_i,   // board oscillator
  output wire clk_o,       // PLL output: the design clock
  output wire locked_o,
  input  wire core_en_i,   // core stub clock enable (for the edge ending this cycle)
  output wire core_clk_o,
  input  wire pmu_en_i,    // PMU clock enable
  output wire pmu_clk_o
);

  reg core_en_q;
  reg pmu_en_q;

  assign clk_o    = clk_ext_i;
  assign locked_o = 1'b1;

  always @(negedge clk_o) begin
    core_en_q <= core_en_i;
    pmu_en_q  <= pmu_en_i;
  end

  assign core_clk_o = clk_o & core_en_q;
  assign pmu_clk_o  = clk_o & pmu_en_q;

endmodule

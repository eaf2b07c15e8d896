// StallScope FPGA board: the vendor primitives, Gowin GW2A (Tang Primer 20K), in one module.
// fpga/sim/board_prim.v is its simulation model with the same ports (docs/fpga.md "Clocks").
//
// rPLL: 27 MHz in, CLK_HZ out (FBDIV/IDIV/ODIV below give 27 MHz, VCO 864 MHz; change them
// together with the board top's CLK_HZ). DQCE: glitch-free clock gates on the global clock
// network (the enable is taken on the falling edge inside the primitive), one for the core stub
// and one for the PMU. Not yet run on hardware: `make fpga BOARD=tang20k` is the first user (docs/fpga.md).

module board_prim (
  input  wire clk_ext_i,
  output wire clk_o,
  output wire locked_o,
  input  wire core_en_i,
  output wire core_clk_o,
  input  wire pmu_en_i,
  output wire pmu_clk_o
);

  wire clkoutp, clkoutd, clkoutd3;

  rPLL #(
    .FCLKIN         ("27"),
    .IDIV_SEL       (0),
    .FBDIV_SEL      (0),
    .ODIV_SEL       (32),
    .DEVICE         ("GW2A-18C")
  ) u_pll (
    .CLKIN    (clk_ext_i),
    .CLKFB    (1'b0),
    .RESET    (1'b0),
    .RESET_P  (1'b0),
    .FBDSEL   (6'd0),
    .IDSEL    (6'd0),
    .ODSEL    (6'd0),
    .PSDA     (4'd0),
    .DUTYDA   (4'd0),
    .FDLY     (4'd0),
    .CLKOUT   (clk_o),
    .LOCK     (locked_o),
    .CLKOUTP  (clkoutp),
    .CLKOUTD  (clkoutd),
    .CLKOUTD3 (clkoutd3)
  );

  DQCE u_core_gate (.CLKIN (clk_o), .CE (core_en_i), .CLKOUT (core_clk_o));
  DQCE u_pmu_gate  (.CLKIN (clk_o), .CE (pmu_en_i),  .CLKOUT (pmu_clk_o));

endmodule

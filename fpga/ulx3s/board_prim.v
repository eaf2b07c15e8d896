// StallScope FPGA board: the vendor primitives, Lattice ECP5 (ULX3S, LFE5U-85F), in one module.
// fpga/sim/board_prim.v is its simulation model with the same ports (docs/fpga.md section 2).
//
// EHXPLLL: the board's 25 MHz oscillator in, the design clock out: CLKI_DIV 1 (25 MHz at the
// phase detector), CLKFB_DIV 2, CLKOP_DIV 12 give 50 MHz with the VCO at 600 MHz (its range is
// 400-800 MHz; the values are what `yowasp-ecppll -i 25 -o 50` computes; CLKOP_CPHASE is
// (CLKOP_DIV - 1) / 2). 50 MHz because the board top at its defaults routes at about 51 MHz,
// its slowest path the core stub's own clock (docs/fpga.md section 1). Another clock: change
// the dividers and FREQUENCY_PIN_CLKOP (`yowasp-ecppll -i 25 -o MHZ`) together with the board
// top's CLK_HZ (make fpga-lint checks that the two agree).
// DCCA: the ECP5's clock buffer with enable onto the primary clock network, one for the core stub
// and one for the PMU. Its enable is taken at the falling edge of the design clock by a flop in
// the fabric, as in the model, so it only changes while the clock is low: the gated clock has no
// glitch whatever the DCCA does with an enable that changes in mid-cycle, and en_i of cycle c
// decides whether the rising edge that ends c reaches the gated clock. Not yet run on hardware:
// `make fpga` places, routes and packs it (docs/fpga.md section 9).

module board_prim (
  input  wire clk_ext_i,   // 25 MHz oscillator (clk_25mhz)
  output wire clk_o,       // PLL output: the design clock
  output wire locked_o,
  input  wire core_en_i,   // core stub clock enable (for the edge ending this cycle)
  output wire core_clk_o,
  input  wire pmu_en_i,    // PMU clock enable
  output wire pmu_clk_o
);

  (* FREQUENCY_PIN_CLKI = "25" *)
  (* FREQUENCY_PIN_CLKOP = "50" *)
  (* ICP_CURRENT = "12" *) (* LPF_RESISTOR = "8" *)
  (* MFG_ENABLE_FILTEROPAMP = "1" *) (* MFG_GMCREF_SEL = "2" *)
  EHXPLLL #(
    .PLLRST_ENA       ("DISABLED"),
    .INTFB_WAKE       ("DISABLED"),
    .STDBY_ENABLE     ("DISABLED"),
    .DPHASE_SOURCE    ("DISABLED"),
    .OUTDIVIDER_MUXA  ("DIVA"),
    .OUTDIVIDER_MUXB  ("DIVB"),
    .OUTDIVIDER_MUXC  ("DIVC"),
    .OUTDIVIDER_MUXD  ("DIVD"),
    .CLKI_DIV         (1),
    .CLKFB_DIV        (2),
    .CLKOP_ENABLE     ("ENABLED"),
    .CLKOP_DIV        (12),
    .CLKOP_CPHASE     (5),
    .CLKOP_FPHASE     (0),
    .FEEDBK_PATH      ("CLKOP")
  ) u_pll (
    .RST          (1'b0),
    .STDBY        (1'b0),
    .CLKI         (clk_ext_i),
    .CLKOP        (clk_o),
    .CLKFB        (clk_o),
    .CLKINTFB     (),
    .PHASESEL0    (1'b0),
    .PHASESEL1    (1'b0),
    .PHASEDIR     (1'b1),
    .PHASESTEP    (1'b1),
    .PHASELOADREG (1'b1),
    .PLLWAKESYNC  (1'b0),
    .ENCLKOP      (1'b0),
    .LOCK         (locked_o)
  );

  // the gates' enables, taken at the falling edge (no reset: board_clk forces both enables on
  // during the design reset, so they are 1 from the second cycle of reset on)
  reg core_en_q;
  reg pmu_en_q;
  always @(negedge clk_o) begin
    core_en_q <= core_en_i;
    pmu_en_q  <= pmu_en_i;
  end

  DCCA u_core_gate (.CLKI (clk_o), .CE (core_en_q), .CLKO (core_clk_o));
  DCCA u_pmu_gate  (.CLKI (clk_o), .CE (pmu_en_q),  .CLKO (pmu_clk_o));

endmodule

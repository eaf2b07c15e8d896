// StallScope FPGA board: clocks and reset (docs/fpga.md "Clocks").
//
// board_prim holds every vendor primitive (PLL, clock gates); this wrapper adds the reset
// synchroniser: the design reset rst_no is 0 until the PLL is locked and the reset button
// (rst_btn_ni, active low) is released, then 1 after RSYNC more rising edges of clk_o. The
// synchroniser's flops rely on their configuration value 0 (FPGA flops start at 0 after
// configuration; the simulators' flops start at 0 too), so the design starts in reset.

module board_clk #(
  parameter RSYNC = 4
) (
  input  wire clk_ext_i,
  input  wire rst_btn_ni,
  output wire clk_o,
  output wire rst_no,
  input  wire core_en_i,
  output wire core_clk_o,
  input  wire pmu_en_i,
  output wire pmu_clk_o
);

  wire locked;

  board_prim u_prim (
    .clk_ext_i  (clk_ext_i),
    .clk_o      (clk_o),
    .locked_o   (locked),
    .core_en_i  (core_en_i),
    .core_clk_o (core_clk_o),
    .pmu_en_i   (pmu_en_i),
    .pmu_clk_o  (pmu_clk_o)
  );

  // reset synchroniser: asynchronous assert (button or lock lost), synchronous release
  reg  [RSYNC-1:0] sync_q;
  wire             arst = !rst_btn_ni || !locked;
  always @(posedge clk_o or posedge arst) begin
    if (arst) sync_q <= {RSYNC{1'b0}};
    else      sync_q <= {sync_q[RSYNC-2:0], 1'b1};
  end
  assign rst_no = sync_q[RSYNC-1];

endmodule

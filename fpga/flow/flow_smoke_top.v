// StallScope FPGA board: the smallest design through the make fpga flow (fpga/flow/flow.sh
// FPGA_TOP=flow_smoke_top, the pr test fpga-flow-smoke; docs/fpga.md section 9). The ports and
// pins of board_top, its clocks and reset (board_clk: the board's PLL and both clock gates), its
// UART receiver and transmitter as an echo (each byte received is sent back plus 1) and a
// heartbeat LED; no core and no PMU. It keeps the tools, the pin constraints and the vendor
// primitives of the board build working in a minute, where the full build takes most of an hour.
// LEDs (lit on 1, or on 0 with LED_LOW): 0 a byte went out, 1 a framing error, 2 in reset,
// 3 heartbeat.

module flow_smoke_top #(
  parameter CLK_HZ   = 50000000,   // the ULX3S's PLL output (fpga/ulx3s/board_prim.v)
  parameter BAUD_DIV = CLK_HZ / 115200,
  parameter LED_LOW  = 0
) (
  input  wire       clk_i,
  input  wire       rst_btn_ni,
  input  wire       uart_rx_i,
  output wire       uart_tx_o,
  output wire [3:0] led_o
);

  wire clk, rst_n, core_clk, pmu_clk;
  board_clk u_clk (
    .clk_ext_i  (clk_i),
    .rst_btn_ni (rst_btn_ni),
    .clk_o      (clk),
    .rst_no     (rst_n),
    .core_en_i  (1'b1),
    .core_clk_o (core_clk),
    .pmu_en_i   (1'b1),
    .pmu_clk_o  (pmu_clk)
  );

  wire [7:0] rx_data;
  wire       rx_valid, rx_ferr, tx_ready;
  uart_rx #(.DIV (BAUD_DIV)) u_rx (
    .clk_i (clk), .rst_ni (rst_n), .rx_i (uart_rx_i),
    .data_o (rx_data), .valid_o (rx_valid), .ferr_o (rx_ferr)
  );
  uart_tx #(.DIV (BAUD_DIV)) u_tx (
    .clk_i (clk), .rst_ni (rst_n), .data_i (rx_data + 8'd1), .valid_i (rx_valid),
    .ready_o (tx_ready), .tx_o (uart_tx_o)
  );

  // the gated clocks each drive a counter, so both DQCE gates stay in the design (no reset: FPGA
  // flops start at 0 after configuration)
  reg  [24:0] hb_q, core_q, pmu_q;
  reg         sent_q, ferr_q;
  always @(posedge clk) begin
    if (!rst_n) begin
      hb_q   <= 25'd0;
      sent_q <= 1'b0;
      ferr_q <= 1'b0;
    end else begin
      hb_q   <= hb_q + 25'd1;
      sent_q <= sent_q | (rx_valid & tx_ready);
      ferr_q <= ferr_q | rx_ferr;
    end
  end
  always @(posedge core_clk) core_q <= core_q + 25'd1;
  always @(posedge pmu_clk)  pmu_q  <= pmu_q + 25'd1;
  wire [3:0] led = {hb_q[24] ^ core_q[24] ^ pmu_q[24], !rst_n, ferr_q, sent_q};
  assign led_o = (LED_LOW != 0) ? ~led : led;

endmodule

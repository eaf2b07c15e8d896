// StallScope FPGA board: UART transmitter, 8N1, LSB first (docs/fpga.md).
//
// ready_o is 1 while idle; a cycle with valid_i and ready_o takes data_i and sends start bit,
// 8 data bits and stop bit, DIV cycles each. tx_o is registered and idles at 1.
// Synchronous active-low reset rst_ni.

module uart_tx #(
  parameter DIV = 234          // clock cycles per bit (>= 2)
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire [7:0] data_i,
  input  wire       valid_i,
  output wire       ready_o,
  output wire       tx_o
);

  localparam CNTW = $clog2(DIV + 1);
  localparam [31:0]     FULL32 = DIV - 1;
  localparam [CNTW-1:0] FULL = FULL32[CNTW-1:0];

  reg [9:0]      sh_q, sh_d;       // {stop, data, start}, shifted out LSB first
  reg [3:0]      left_q, left_d;   // bits left to send (0: idle)
  reg [CNTW-1:0] cnt_q, cnt_d;

  assign ready_o = (left_q == 4'd0);
  assign tx_o    = (left_q == 4'd0) ? 1'b1 : sh_q[0];

  always @* begin
    sh_d   = sh_q;
    left_d = left_q;
    cnt_d  = cnt_q;
    if (left_q == 4'd0) begin
      if (valid_i) begin
        sh_d   = {1'b1, data_i, 1'b0};
        left_d = 4'd10;
        cnt_d  = FULL;
      end
    end else if (cnt_q != 0) begin
      cnt_d = cnt_q - 1'b1;
    end else begin
      sh_d   = {1'b1, sh_q[9:1]};
      left_d = left_q - 1'b1;
      cnt_d  = FULL;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sh_q   <= 10'h3ff;
      left_q <= 4'd0;
      cnt_q  <= {CNTW{1'b0}};
    end else begin
      sh_q   <= sh_d;
      left_q <= left_d;
      cnt_q  <= cnt_d;
    end
  end

endmodule

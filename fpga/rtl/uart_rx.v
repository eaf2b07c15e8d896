// StallScope FPGA board: UART receiver, 8 data bits, no parity, 1 stop bit (docs/fpga.md).
//
// rx_i passes a two-flop synchroniser (reset value 1, the idle line level). A falling edge starts
// a byte: the start bit is checked at its middle (DIV/2 cycles later; a glitch shorter than that
// returns to idle), then each data bit (LSB first) and the stop bit are sampled DIV cycles apart.
// A good stop bit gives valid_o for one cycle with data_o; a stop bit of 0 gives ferr_o for one
// cycle instead (the byte is dropped). Synchronous active-low reset rst_ni.

module uart_rx #(
  parameter DIV = 234          // clock cycles per bit (>= 4): clk / baud
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       rx_i,
  output wire [7:0] data_o,
  output wire       valid_o,
  output wire       ferr_o
);

  localparam CNTW = $clog2(DIV + 1);
  localparam [31:0]     FULL32 = DIV - 1;
  localparam [31:0]     HALF32 = DIV / 2;
  localparam [CNTW-1:0] FULL = FULL32[CNTW-1:0];
  localparam [CNTW-1:0] HALF = HALF32[CNTW-1:0];

  localparam [1:0] S_IDLE = 2'd0, S_START = 2'd1, S_DATA = 2'd2, S_STOP = 2'd3;

  reg            s1_q, s2_q;       // synchroniser
  reg [1:0]      st_q, st_d;
  reg [CNTW-1:0] cnt_q, cnt_d;     // cycles to the next sample
  reg [2:0]      bit_q, bit_d;     // data bit being received
  reg [7:0]      sh_q, sh_d;       // shift register, LSB first
  reg            vld_q, vld_d;
  reg            ferr_q, ferr_d;

  assign data_o  = sh_q;
  assign valid_o = vld_q;
  assign ferr_o  = ferr_q;

  // ---- next state -----------------------------------------------------------------------------
  always @* begin
    st_d   = st_q;
    cnt_d  = cnt_q;
    bit_d  = bit_q;
    sh_d   = sh_q;
    vld_d  = 1'b0;
    ferr_d = 1'b0;
    if (st_q != S_IDLE && cnt_q != 0) begin
      cnt_d = cnt_q - 1'b1;
    end else begin
      case (st_q)
        S_IDLE: if (!s2_q) begin
          st_d  = S_START;
          cnt_d = HALF;
        end
        S_START: if (!s2_q) begin
          st_d  = S_DATA;
          cnt_d = FULL;
          bit_d = 3'd0;
        end else begin
          st_d = S_IDLE;
        end
        S_DATA: begin
          sh_d  = {s2_q, sh_q[7:1]};
          cnt_d = FULL;
          bit_d = bit_q + 1'b1;
          if (bit_q == 3'd7) st_d = S_STOP;
        end
        default: begin  // S_STOP
          st_d   = S_IDLE;
          vld_d  = s2_q;
          ferr_d = !s2_q;
        end
      endcase
    end
  end

  // ---- flops ----------------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      s1_q   <= 1'b1;
      s2_q   <= 1'b1;
      st_q   <= S_IDLE;
      cnt_q  <= {CNTW{1'b0}};
      bit_q  <= 3'd0;
      sh_q   <= 8'd0;
      vld_q  <= 1'b0;
      ferr_q <= 1'b0;
    end else begin
      s1_q   <= rx_i;
      s2_q   <= s1_q;
      st_q   <= st_d;
      cnt_q  <= cnt_d;
      bit_q  <= bit_d;
      sh_q   <= sh_d;
      vld_q  <= vld_d;
      ferr_q <= ferr_d;
    end
  end

endmodule

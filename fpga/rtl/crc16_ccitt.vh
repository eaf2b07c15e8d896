// CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, MSB first, no reflection, no final XOR; check
// value 0x29B1 for "123456789"): one byte into the running CRC. Used by uart_apb_bridge.v; the
// host side is fpga/host/pmuctl/frame.c. Appending the CRC high byte first makes the CRC over
// the whole frame 0.
function [15:0] crc16_byte;
  input [15:0] crc;
  input [7:0]  b;
  integer      i;
  reg   [15:0] c;
  begin
    c = crc ^ {b, 8'h00};
    for (i = 0; i < 8; i = i + 1) begin
      c = c[15] ? ({c[14:0], 1'b0} ^ 16'h1021) : {c[14:0], 1'b0};
    end
    crc16_byte = c;
  end
endfunction

// fpga/tang20k/cmp_map_check.v: compares for the check of fpga/tang20k/cmp_map.v (make
// fpga-cmp-map-check: a SAT miter against yosys's own $lt $le $gt $ge): unsigned and signed,
// mixed widths, constant operands on either side, one bit.
module cmp_map_check (
  input  wire [4:0]        a,
  input  wire [2:0]        b,
  input  wire signed [3:0] sa,
  input  wire signed [5:0] sb,
  output wire [15:0]       y
);
  assign y[0]  = a < b;
  assign y[1]  = a <= b;
  assign y[2]  = a > b;
  assign y[3]  = a >= b;
  assign y[4]  = sa < sb;
  assign y[5]  = sa <= sb;
  assign y[6]  = sa > sb;
  assign y[7]  = sa >= sb;
  assign y[8]  = a < 5'd7;
  assign y[9]  = a >= 5'd19;
  assign y[10] = sa < -4'sd3;
  assign y[11] = 6'd9 < a;
  assign y[12] = b > a;
  assign y[13] = sb >= sa;
  assign y[14] = a[0] < b[0];
  assign y[15] = sa[3:1] > 3'd2;
endmodule

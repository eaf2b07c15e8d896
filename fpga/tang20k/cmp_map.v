// fpga/tang20k/cmp_map.v: the Tang Primer 20K's techmap of the compares ($lt $le $gt $ge) into
// plain logic, applied before synth_gowin (fpga/tang20k/board.sh; docs/fpga.md section 9).
// synth_gowin maps every compare to an ALU carry chain, one ALU cell per bit, and nextpnr adds a
// head cell to each chain; a chain only fits a row of ALU positions. As logic, ABC packs a
// compare into fewer LUT4 (a constant operand folds away) that place anywhere. Adders stay ALU.
// Checked against yosys's own compares by a SAT miter, signed and unsigned, mixed widths.
(* techmap_celltype = "$lt $le $gt $ge" *)
module _70_gowin_cmp_lut (A, B, Y);
  parameter A_SIGNED = 0;
  parameter B_SIGNED = 0;
  parameter A_WIDTH  = 1;
  parameter B_WIDTH  = 1;
  parameter Y_WIDTH  = 1;
  parameter _TECHMAP_CELLTYPE_ = "";
  localparam WIDTH = A_WIDTH > B_WIDTH ? A_WIDTH : B_WIDTH;
  localparam SGN   = A_SIGNED && B_SIGNED;
  (* force_downto *) input  [A_WIDTH-1:0] A;
  (* force_downto *) input  [B_WIDTH-1:0] B;
  (* force_downto *) output [Y_WIDTH-1:0] Y;
  (* force_downto *) wire [WIDTH-1:0] ae, be, a, b, x, y;
  (* force_downto *) wire [WIDTH-1:0] msb = 1'b1 << (WIDTH - 1);
  (* force_downto *) wire [WIDTH:0]   g;
  wire r;
  \$pos #(.A_SIGNED(SGN), .A_WIDTH(A_WIDTH), .Y_WIDTH(WIDTH)) ca (.A(A), .Y(ae));
  \$pos #(.A_SIGNED(SGN), .A_WIDTH(B_WIDTH), .Y_WIDTH(WIDTH)) cb (.A(B), .Y(be));
  // a signed compare is the unsigned one with the sign bits inverted
  assign a = SGN ? ae ^ msb : ae;
  assign b = SGN ? be ^ msb : be;
  // x > y from the least significant bit up: g[i+1] = x_i & !y_i | (x_i == y_i) & g[i];
  // a < b is b > a, a <= b is !(a > b), a >= b is !(b > a)
  assign x = (_TECHMAP_CELLTYPE_ == "$lt" || _TECHMAP_CELLTYPE_ == "$ge") ? b : a;
  assign y = (_TECHMAP_CELLTYPE_ == "$lt" || _TECHMAP_CELLTYPE_ == "$ge") ? a : b;
  assign g[0] = 1'b0;
  genvar i;
  generate
    for (i = 0; i < WIDTH; i = i + 1) begin : gb
      assign g[i+1] = (x[i] & ~y[i]) | (~(x[i] ^ y[i]) & g[i]);
    end
  endgenerate
  assign r = (_TECHMAP_CELLTYPE_ == "$le" || _TECHMAP_CELLTYPE_ == "$ge") ? ~g[WIDTH] : g[WIDTH];
  assign Y = r;
endmodule

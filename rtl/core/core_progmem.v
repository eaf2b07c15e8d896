// StallScope core stub: program memory of one thread (docs/core.md "Program files").
//
// PROG_DEPTH 16-bit attribute words stored as rows of W words (a row is one aligned fetch
// block). Written one word at a time through the load port (the harness does this during
// reset) when the write is for this thread (tid_i == thr_i; the select and the address split are
// evaluated at the clock edge only, so no logic depends combinationally on the load port); read
// a whole row at a time: row_i for the fetch unit and row 0 for the restart after
// the end marker. No reset: the contents survive it.
//
// Simulation only (`ifndef SYNTHESIS): when PROG_FILE is not empty the memory starts with that
// $readmemh file; every word the file does not set holds the end marker ffff.

module core_progmem #(
  parameter W          = 4,
  parameter PROG_DEPTH = 1024,
  parameter PAW        = 10,   // word address width
  parameter RAW        = 8,    // row address width
  parameter PROG_FILE  = ""
) (
  input  wire            clk_i,
  input  wire [2:0]      thr_i,      // the thread whose writes this memory takes
  input  wire            we_i,
  input  wire [2:0]      tid_i,
  input  wire [PAW-1:0]  waddr_i,
  input  wire [15:0]     wdata_i,
  input  wire [RAW-1:0]  row_i,
  output wire [W*16-1:0] row_o,
  output wire [W*16-1:0] row0_o
);

  localparam ROWS = (PROG_DEPTH + W - 1) / W;
  localparam [31:0]    W32 = W;
  localparam [PAW-1:0] WA  = W32[PAW-1:0];

  reg [W*16-1:0] mem_q [0:ROWS-1];

  // Write port: word waddr_i is column waddr_i % W of row waddr_i / W (a row index needs fewer
  // bits than a word address: the quotient's top bits are 0).
  function [RAW-1:0] wrow;
    input [PAW-1:0] wa;
    /* verilator lint_off UNUSEDSIGNAL */  // the quotient's top bits are 0
    reg   [PAW-1:0] q;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      q    = wa / WA;
      wrow = q[RAW-1:0];
    end
  endfunction
  function [31:0] wcol;          // the column's first bit in the row
    input [PAW-1:0] wa;
    reg   [PAW-1:0] r;
    begin
      r    = wa % WA;
      wcol = {{(32 - PAW){1'b0}}, r} * 16;
    end
  endfunction
  always @(posedge clk_i) begin
    if (we_i && tid_i == thr_i) begin
      mem_q[wrow(waddr_i)][wcol(waddr_i) +: 16] <= wdata_i;
    end
  end

  assign row_o  = mem_q[row_i];
  assign row0_o = mem_q[0];

`ifndef SYNTHESIS
  // Simulation-only initial contents.
  reg [15:0] init_words [0:ROWS*W-1];
  integer    r;
  integer    i;
  initial begin
    for (i = 0; i < ROWS * W; i = i + 1) begin
      init_words[i] = 16'hffff;
    end
    if (PROG_FILE != "") begin
      $readmemh(PROG_FILE, init_words);
    end
    for (r = 0; r < ROWS; r = r + 1) begin
      for (i = 0; i < W; i = i + 1) begin
        mem_q[r][i*16 +: 16] = init_words[r*W+i];
      end
    end
  end
`endif

endmodule

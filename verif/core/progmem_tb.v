// Check of core_progmem (verif/core/core_xsim.sh): its block-RAM form (a read-first synchronous
// read and a bypass of the word written at the edge that reads its row) against a combinational
// read of the registered row, as docs/core.md section 4 states it: random writes of both
// threads and random rows over a few rows, so a write and a read of the same row at one edge
// come often. Prints "progmem: N cycles, N mismatches".
`timescale 1ns / 1ps
module progmem_tb;
  localparam W = 4, PROG_DEPTH = 16, PAW = 4, RAW = 2, ROWS = PROG_DEPTH / W;
  localparam CYCLES = 20000;
  reg            clk = 1'b0;
  reg            we;
  reg  [2:0]     tid;
  reg  [PAW-1:0] waddr;
  reg  [15:0]    wdata;
  reg  [RAW-1:0] row_nx;
  wire [W*16-1:0] row, row0;

  core_progmem #(.W(W), .PROG_DEPTH(PROG_DEPTH), .PAW(PAW), .RAW(RAW)) dut (
    .clk_i (clk), .thr_i (3'd1), .we_i (we), .tid_i (tid), .waddr_i (waddr), .wdata_i (wdata),
    .row_nx_i (row_nx), .row_o (row), .row0_o (row0));

  // the reference: words written at the edge, the row register, a combinational read
  reg [15:0]     mem [0:PROG_DEPTH-1];
  reg [RAW-1:0]  ra;
  reg [W*16-1:0] exp_row, exp_row0;
  integer        i, c, bad, seed;
  always @(posedge clk) begin
    if (we && tid == 3'd1) mem[waddr] <= wdata;
    ra <= row_nx;
  end
  always @* begin
    for (i = 0; i < W; i = i + 1) begin
      exp_row[i*16 +: 16]  = mem[ra*W + i];
      exp_row0[i*16 +: 16] = mem[i];
    end
  end

  initial begin
    for (i = 0; i < PROG_DEPTH; i = i + 1) mem[i] = 16'hffff;
    bad = 0; seed = 1;
    we = 1'b0; tid = 3'd0; waddr = 0; wdata = 0; row_nx = 0;
    for (c = 0; c < CYCLES; c = c + 1) begin
      #5 clk = 1'b1;
      #1;
      if (c > 0 && (row !== exp_row || row0 !== exp_row0)) begin
        bad = bad + 1;
        if (bad <= 5) $display("progmem: cycle %0d row %h expected %h, row0 %h expected %h",
                               c, row, exp_row, row0, exp_row0);
      end
      we     = $random(seed);
      tid    = {2'b00, $random(seed)} & 3'd1;
      waddr  = $random(seed);
      wdata  = $random(seed);
      row_nx = $random(seed);
      #4 clk = 1'b0;
    end
    $display("progmem: %0d cycles, %0d mismatches", CYCLES, bad);
    $finish;
  end
endmodule

// Check of core_progmem (verif/core/core_xsim.sh): its block-RAM form (a read-first synchronous
// read and a bypass of the word written at the edge that reads its row) against a combinational
// read of the registered row, and its current row's buffer (kept, or loaded with the row read,
// row 0 or row 1; row 0 in reset) against a combinational read of the row it holds, its
// end-marker flags included, as docs/core.md section 4 states it: random writes of both threads, random rows
// and choices over a few rows, so a write and a read of the same row at one edge come often.
// Prints "progmem: N cycles, N mismatches".
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
  reg  [1:0]     cur_sel;
  reg            rst_n;          // in reset the buffer takes row 0
  reg  [RAW-1:0] crow;           // the row the buffer holds (the reference's register)
  wire [W*16-1:0] row, row0, cur;
  wire [W-1:0]   cur_end;

  core_progmem #(.W(W), .PROG_DEPTH(PROG_DEPTH), .PAW(PAW), .RAW(RAW)) dut (
    .clk_i (clk), .rst_ni (rst_n), .thr_i (3'd1), .we_i (we), .tid_i (tid), .waddr_i (waddr), .wdata_i (wdata),
    .row_nx_i (row_nx), .row_o (row), .row0_o (row0), .cur_sel_i (cur_sel), .cur_row_i (crow),
    .cur_o (cur), .cur_end_o (cur_end));

  // the reference: words written at the edge, the row register, a combinational read
  reg [15:0]     mem [0:PROG_DEPTH-1];
  reg [RAW-1:0]  ra;
  reg [W*16-1:0] exp_row, exp_row0, exp_cur;
  reg [W-1:0]    exp_end;
  integer        i, c, bad, seed;
  always @(posedge clk) begin
    if (we && tid == 3'd1) mem[waddr] <= wdata;
    ra <= row_nx;
    if (!rst_n) crow <= 0;
    else case (cur_sel)
      2'd0:    crow <= crow;
      2'd1:    crow <= ra;
      2'd2:    crow <= 0;
      default: crow <= 1;
    endcase
  end
  always @* begin
    for (i = 0; i < W; i = i + 1) begin
      exp_row[i*16 +: 16]  = mem[ra*W + i];
      exp_row0[i*16 +: 16] = mem[i];
      exp_cur[i*16 +: 16]  = mem[crow*W + i];
      exp_end[i]           = mem[crow*W + i] == 16'hffff;
    end
  end

  initial begin
    for (i = 0; i < PROG_DEPTH; i = i + 1) mem[i] = 16'hffff;
    bad = 0; seed = 1;
    we = 1'b0; tid = 3'd0; waddr = 0; wdata = 0; row_nx = 0; cur_sel = 2'd2; crow = 0; rst_n = 1'b0;
    for (c = 0; c < CYCLES; c = c + 1) begin
      #5 clk = 1'b1;
      #1;
      if (c > 0 && (row !== exp_row || row0 !== exp_row0 || cur !== exp_cur ||
                    cur_end !== exp_end)) begin
        bad = bad + 1;
        if (bad <= 5) $display("progmem: cycle %0d row %h expected %h, row0 %h expected %h, cur %h expected %h, end %b expected %b",
                               c, row, exp_row, row0, exp_row0, cur, exp_cur, cur_end, exp_end);
      end
      we     = $random(seed);
      tid    = {2'b00, $random(seed)} & 3'd1;
      waddr  = $random(seed);
      wdata  = $random(seed);
      row_nx = $random(seed);
      cur_sel = $random(seed);
      rst_n   = ($random(seed) & 7) != 0;
      if (cur_sel == 2'd3 && ($random(seed) & 1)) cur_sel = 2'd0;   // keep more often
      #4 clk = 1'b0;
    end
    $display("progmem: %0d cycles, %0d mismatches", CYCLES, bad);
    $finish;
  end
endmodule

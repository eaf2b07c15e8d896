// StallScope core stub: program memory of one thread (docs/core.md "Program files").
//
// PROG_DEPTH 16-bit attribute words stored as rows of W words (a row is one aligned fetch
// block). Written one word at a time through the load port (the harness does this during
// reset) when the write is for this thread (tid_i == thr_i). No reset: the contents survive it.
//
// Block RAM (docs/core.md section 4): one memory of ROWS x 16 bits per column, each with one
// write port and one synchronous read port. The fetch unit reads its words from the current
// row's buffer (cur_o, a register: the words of the row at its row register, cur_row_i, and
// their end-marker bits), not from the block RAM: the block RAM reads the row after the one
// the fetch moves to (row_nx_i), so row_o is the next row, written data included (a word
// written at the edge that reads it bypasses the read, compared from registers after the edge;
// the memory is marked no_rw_check, so synthesis adds no collision logic after row_nx_i). At
// each edge the buffer keeps its row or takes the row read, row 0 or row 1 (cur_sel_i; rows 0
// and 1, for the restart after the end marker, are also kept in flip-flops), each candidate
// with the word written at that edge when it is to its row, so cur_o is exactly a
// combinational read of the fetch's row register. Synthesis maps the memory (a synchronous
// read) to ECP5 DP16KD, Gowin BSRAM or iCE40 SB_RAM.
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
  input  wire            rst_ni,     // the buffer takes row 0 (the fetch's row register resets
                                     //   to 0)
  input  wire [2:0]      thr_i,      // the thread whose writes this memory takes
  input  wire            we_i,
  input  wire [2:0]      tid_i,
  input  wire [PAW-1:0]  waddr_i,
  input  wire [15:0]     wdata_i,
  input  wire [RAW-1:0]  row_nx_i,   // the row to read for the next cycle
  output wire [W*16-1:0] row_o,      // the words of the row row_nx_i named a cycle ago
  output wire [W*16-1:0] row0_o,
  // the current row's buffer: cur_o holds the words of one row, written data included; at the
  // edge it keeps its row (cur_sel_i 0: cur_row_i names that row), takes row_o's row (1), row 0
  // (2) or row 1 (3)
  input  wire [1:0]      cur_sel_i,
  input  wire [RAW-1:0]  cur_row_i,
  output wire [W*16-1:0] cur_o,
  output wire [W-1:0]    cur_end_o   // word c of cur_o is the end marker ffff
);

  localparam ROWS = (PROG_DEPTH + W - 1) / W;
  localparam [31:0]    W32 = W;
  localparam [PAW-1:0] WA  = W32[PAW-1:0];

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
  function [31:0] wcol;
    input [PAW-1:0] wa;
    reg   [PAW-1:0] r;
    begin
      r    = wa % WA;
      wcol = {{(32 - PAW){1'b0}}, r};
    end
  endfunction

  // The row read (no reset: the fetch unit's row register resets to 0 and gives row_nx_i = 0
  // during reset) and the write of the same edge (wv_q: one for this thread): each column's
  // block RAM reads before it writes, so a word written at the edge that reads its row is taken
  // from wd_q instead. The comparison is of registers, after the edge, so nothing after the
  // fetch's next row (row_nx_i) but the block RAM's own read address.
  reg [RAW-1:0]  ra_q;
  reg            wv_q;
  reg [RAW-1:0]  wrow_q;
  reg [W*16-1:0] wm_q;          // the column written: its 16 bits set
  reg [W*16-1:0] wd_q;          // the word written, in every column
  integer        n;
  always @(posedge clk_i) begin
    ra_q <= row_nx_i;
    wv_q <= we_i && tid_i == thr_i;
    if (we_i && tid_i == thr_i) begin
      wrow_q <= wrow(waddr_i);
      wd_q   <= {W{wdata_i}};
      for (n = 0; n < W; n = n + 1) begin
        wm_q[n*16 +: 16] <= {16{wcol(waddr_i) == n}};
      end
    end
  end
  wire           byp = wv_q && wrow_q == ra_q;
  wire [W*16-1:0] rd_row;       // the block RAMs' read data
  assign row_o = byp ? ((rd_row & ~wm_q) | (wd_q & wm_q)) : rd_row;

  // Rows 0 and 1 in flip-flops (the restart after the end marker: row 0, and row 1 after a
  // full row 0), each with its end-marker bits
  localparam [31:0]    ROW132 = (ROWS > 1) ? 1 : 0;
  localparam [RAW-1:0] ROW1   = ROW132[RAW-1:0];
  reg [W*16-1:0] row0_q;
  reg [W*16-1:0] row1_q;
  reg [W-1:0]    r0e_q;
  reg [W-1:0]    r1e_q;
  integer        k;
  always @(posedge clk_i) begin
    if (we_i && tid_i == thr_i) begin
      for (k = 0; k < W; k = k + 1) begin
        if (wcol(waddr_i) == k && wrow(waddr_i) == {RAW{1'b0}}) begin
          row0_q[k*16 +: 16] <= wdata_i;
          r0e_q[k]           <= wdata_i == 16'hffff;
        end
        if (wcol(waddr_i) == k && wrow(waddr_i) == ROW1) begin
          row1_q[k*16 +: 16] <= wdata_i;
          r1e_q[k]           <= wdata_i == 16'hffff;
        end
      end
    end
  end
  assign row0_o = row0_q;

  // The current row's buffer: at the edge it takes the candidate cur_sel_i names (registers and
  // the row read; the end-marker bits are registers but for the row read's), and the word
  // written at that edge when the write is to that candidate's row (the write's row compared
  // with the kept row and the row read, at the edge only, as every use of the load port).
  reg [W*16-1:0] cur_q;
  reg [W-1:0]    cend_q;
  reg [W*16-1:0] cur_d;
  reg [W-1:0]    cend_d;
  integer        m;
  always @* begin
    m = 0;  // loop variable: assigned on every path (no latch)
    case (cur_sel_i)
      2'd0: begin
        cur_d  = cur_q;
        cend_d = cend_q;
      end
      2'd1: begin
        cur_d = row_o;
        for (m = 0; m < W; m = m + 1) begin
          cend_d[m] = row_o[m*16 +: 16] == 16'hffff;
        end
      end
      2'd2: begin
        cur_d  = row0_q;
        cend_d = r0e_q;
      end
      default: begin
        cur_d  = row1_q;
        cend_d = r1e_q;
      end
    endcase
  end
  integer n2;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cur_q  <= row0_q;
      cend_q <= r0e_q;
    end else begin
      cur_q  <= cur_d;
      cend_q <= cend_d;
    end
    if (we_i && tid_i == thr_i) begin
      if ((!rst_ni && wrow(waddr_i) == {RAW{1'b0}}) ||
          (rst_ni && cur_sel_i == 2'd0 && wrow(waddr_i) == cur_row_i) ||
          (rst_ni && cur_sel_i == 2'd1 && wrow(waddr_i) == ra_q) ||
          (rst_ni && cur_sel_i == 2'd2 && wrow(waddr_i) == {RAW{1'b0}}) ||
          (rst_ni && cur_sel_i == 2'd3 && wrow(waddr_i) == ROW1)) begin
        for (n2 = 0; n2 < W; n2 = n2 + 1) begin
          if (wcol(waddr_i) == n2) begin
            cur_q[n2*16 +: 16] <= wdata_i;
            cend_q[n2]         <= wdata_i == 16'hffff;
          end
        end
      end
    end
  end
  assign cur_o     = cur_q;
  assign cur_end_o = cend_q;

  // One memory per column
  genvar c;
  generate
    for (c = 0; c < W; c = c + 1) begin : g_col
      // no_rw_check: what the block RAM reads at an edge that writes the same word does not
      // matter (byp takes the word written instead), so yosys adds no logic of its own for it
      (* no_rw_check *) reg [15:0] mem_q [0:ROWS-1];
      reg [15:0] rd_q;
      always @(posedge clk_i) begin
        if (we_i && tid_i == thr_i) begin
          if (wcol(waddr_i) == c) mem_q[wrow(waddr_i)] <= wdata_i;
        end
      end
      always @(posedge clk_i) begin
        rd_q <= mem_q[row_nx_i];
      end
      assign rd_row[c*16 +: 16] = rd_q;
`ifndef SYNTHESIS
      // Simulation-only initial contents of the column.
      // (not traced: the waveform shows mem_q, which these words fill at time 0)
      /*verilator tracing_off*/
      reg [15:0] init_words [0:ROWS*W-1];
      integer    r;
      /*verilator tracing_on*/
      initial begin
        for (r = 0; r < ROWS * W; r = r + 1) begin
          init_words[r] = 16'hffff;
        end
        if (PROG_FILE != "") begin
          $readmemh(PROG_FILE, init_words);
        end
        for (r = 0; r < ROWS; r = r + 1) begin
          mem_q[r] = init_words[r*W+c];
        end
      end
`endif
    end
  endgenerate

`ifndef SYNTHESIS
  // Simulation-only initial contents of row 0.
  /*verilator tracing_off*/
  reg [15:0] init0 [0:ROWS*W-1];
  integer    i;
  /*verilator tracing_on*/
  initial begin
    for (i = 0; i < ROWS * W; i = i + 1) begin
      init0[i] = 16'hffff;
    end
    if (PROG_FILE != "") begin
      $readmemh(PROG_FILE, init0);
    end
    for (i = 0; i < W; i = i + 1) begin
      row0_q[i*16 +: 16] = init0[i];
      row1_q[i*16 +: 16] = init0[ROW1*W+i];
      r0e_q[i]           = init0[i] == 16'hffff;
      r1e_q[i]           = init0[ROW1*W+i] == 16'hffff;
    end
  end
`endif

endmodule

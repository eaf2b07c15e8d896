// StallScope core stub: fetch of one thread (docs/core.md section 5, "Fetch and the front-end
// queue").
//
// Each cycle the thread tells the arbiter whether it could fetch (fetch_able_o, from registers
// only); when granted (fetch_go_i) it forms the block from its program source and hands it to
// the front-end queue (push_*). State: the program position (row, column), the Icache miss in
// flight, the redirect after a flush, the wrong-path mode and the sequence number of the next
// fetched instruction.

module core_fetch #(
  parameter W          = 4,
  parameter WW         = 3,      // width of a count 0..W
  parameter EW         = 11,     // FQ entry: {program address 0, wrong path, attr[8:0]}
  parameter IC_LAT     = 10,
  parameter BR_PEN     = 3,
  parameter PROG_DEPTH = 1024,
  parameter RAW        = 8       // program row address width
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            perf_ic_i,      // knobs: perfect Icache, perfect branch prediction
  input  wire            perf_bp_i,
  input  wire            use_prog_i,     // program memory (else the generator)
  input  wire            idle_i,         // the thread never fetches
  input  wire            fq_room_i,      // the FQ has W free entries
  output reg             fetch_able_o,
  input  wire            fetch_go_i,
  input  wire            flush_i,        // a mispredicted branch issues this cycle
  // program source
  output wire [RAW-1:0]  row_nx_o,       // program memory row to read for the next cycle: the
                                         //   row after the next value of row_q
  output reg  [1:0]      cur_sel_o,      //   the current row's buffer at the edge: keep (0),
                                         //   the row read (1), row 0 (2), row 1 (3)
  output wire [RAW-1:0]  cur_row_o,      //   the row it holds (row_q)
  input  wire [W*16-1:0] pm_row_i,       //   the words of the current row (row_q), a register
  input  wire [W-1:0]    pm_end_i,       //   its words that are the end marker
  input  wire [W*16-1:0] pm_row0_i,      //   row 0 (restart after the end marker)
  input  wire            gen_valid_i,    // generator: its words are ready (not in the first
                                         //   cycle after reset)
  input  wire [W*16-1:0] gen_attr_i,     //   the next W correct-path words
  input  wire [W*16-1:0] gen_wp_attr_i,  //   the next W wrong-path words
  input  wire [WW-1:0]   gen_kcr_i,      //   of the correct-path words, a block's count but
                                         //   word 0's Icache cut (a register)
  output reg             gen_go_o,       //   a correct-path block is fetched: it consumes
  output reg  [WW-1:0]   gen_kc_o,       //   this many words (from registers, valid whether
                                         //   fetched or not; 0 on a miss)
  output reg             gen_adv_wp_o,   //   wrong-path block consumed
  // the block, to the FQ (written when fetch_go_i; a flush in the same cycle discards it)
  output reg  [WW-1:0]   push_n_o,
  output reg  [W*EW-1:0] push_e_o,
  // PMU signals
  output reg             ic_start_o,     // an Icache miss starts (lane ic_miss)
  output wire            ic_flag_o,      // an Icache miss is in flight (flag icache_miss)
  output wire            bpm_o,          // a mispredict is being resolved (flag bpred_miss)
  output wire [31:0]     fseq_o          // sequence number of the next fetched instruction
);

  localparam ROWS = (PROG_DEPTH + W - 1) / W;
  localparam ICW  = (IC_LAT > 2) ? $clog2(IC_LAT) : 1;     // holds IC_LAT - 1
  localparam PENW = (BR_PEN > 1) ? $clog2(BR_PEN + 1) : 1;

  localparam [1:0]      CLS_BR  = 2'd3;
  localparam [31:0]     W32     = W;
  localparam [31:0]     ICM1    = IC_LAT - 1;
  localparam [31:0]     PEN32   = BR_PEN;
  localparam [ICW-1:0]  IC_WAIT = ICM1[ICW-1:0];
  localparam [PENW-1:0] PEN     = PEN32[PENW-1:0];
  localparam [31:0]     ROWL32  = ROWS - 1;
  localparam [RAW-1:0]  ROWL    = ROWL32[RAW-1:0];          // the last row
  localparam [31:0]     ROW132  = (ROWS > 1) ? 1 : 0;
  localparam [RAW-1:0]  ROW1    = ROW132[RAW-1:0];         // the row after row 0

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  reg [RAW-1:0]  row_q;          // program memory: next fetch row and column
  reg [RAW-1:0]  row_d;
  reg [WW-1:0]   col_q;
  reg [WW-1:0]   col_d;
  reg [ICW-1:0]  ic_wait_q;      // Icache miss: cycles left before fetch may retry
  reg [ICW-1:0]  ic_wait_d;
  reg            ic_flag_q;      // Icache miss in flight
  reg            ic_flag_d;
  reg            ic_srv_q;       // the next block's miss has been serviced: it hits
  reg            ic_srv_d;
  reg [PENW-1:0] pen_q;          // redirect cycles left after a flush
  reg [PENW-1:0] pen_d;
  reg            wpath_q;        // fetch is on the wrong path
  reg            wpath_d;
  reg            bpm_q;          // branch mispredict being resolved
  reg            bpm_d;
  reg [31:0]     fseq_q;         // sequence number of the next fetched instruction
  reg [31:0]     fseq_d;

  reg [RAW-1:0]  pf_d;           // the row after row_d
  assign row_nx_o  = rst_ni ? pf_d : ROW1;   // in reset row_q takes 0
  assign cur_row_o = row_q;
  assign ic_flag_o = ic_flag_q;
  assign bpm_o     = bpm_q;
  assign fseq_o    = fseq_q;

  // ---------------------------------------------------------------------------------------------
  // The thread can fetch this cycle (from registers only).
  // ---------------------------------------------------------------------------------------------
  always @* begin
    fetch_able_o = !idle_i && (use_prog_i ? pm_row0_i[15:0] != 16'hffff : gen_valid_i) &&
                   (ic_wait_q == {ICW{1'b0}}) && (pen_q == {PENW{1'b0}}) && fq_room_i;
  end

  // ---------------------------------------------------------------------------------------------
  // The block (only formed when the thread has the fetch slot). Correct path: from the current
  // position to the end of the aligned row (program memory) or W words (generator), cut before
  // the end marker and before an Icache-miss word that is not the first; an Icache miss on the
  // first word delivers nothing and starts the miss; the words after a mispredicted branch are
  // wrong path. Wrong path: W generated words. A correct-path word at program address 0 (the
  // start of the program, again after every end marker; in generator mode a word the generator
  // marks as its loop's position 0, its bit 9) carries bit 10, from which commit counts the
  // program addresses of the committed instructions (core_commit, docs/spec.md 7.8).
  // ---------------------------------------------------------------------------------------------
  // From registers only: the words of the block that lie in the row (col_q + j < W, or every
  // word when the block restarts at row 0: at_end puts eff_col at 0), and the row after the
  // current one; so no adder or comparison follows the program memory's read.
  wire [W-1:0]   col_in  = {W{1'b1}} >> col_q;   // bit j: col_q + j < W
  wire [RAW-1:0] row_inc = (row_q == ROWL) ? {RAW{1'b0}} : row_q + 1'b1;   // 0 after the last row
  wire [RAW-1:0] row_inc2 = (row_inc == ROWL) ? {RAW{1'b0}} : row_inc + 1'b1;
  localparam [31:0]    ROW232 = (ROWS > 2) ? 2 : 0;
  localparam [RAW-1:0] ROW2   = ROW232[RAW-1:0];           // the row after row 1

  reg            at_end;         // the word at the current position is the end marker
  reg            at0;            // the block starts at program address 0 (program memory)
  reg [RAW-1:0]  eff_row;        // the position the block starts at
  reg [WW-1:0]   eff_col;
  reg [W*16-1:0] blk;            // program memory words from that position on
  reg [W-1:0]    in_row;         // word j of the block lies in the row
  /* verilator lint_off UNUSEDSIGNAL */  // a word's flags come from b_* in program-memory mode
  reg [15:0]     fw;
  /* verilator lint_on UNUSEDSIGNAL */
  reg            hit_end;
  reg            av;             // the word is in the row and before the end marker
  reg            icm;            // the word misses the Icache
  reg            stop;
  reg            fb_wpm;         // a mispredicted branch is in the block
  reg            fb_miss;        // the block starts an Icache miss
  // Program memory: each word's flags (end marker, Icache-miss bit, mispredicted branch) formed
  // from the row as read and from row 0 (registers), before the shift by the column and the
  // restart's choice, so the comparisons with the end marker follow the block RAM's read
  // directly and only the flags (3 bits a word) pass through those multiplexers.
  reg [W-1:0]    r_end;          // the row as read
  reg [W-1:0]    r_icm;
  reg [W-1:0]    r_mbr;
  reg [W-1:0]    z_end;          // row 0
  reg [W-1:0]    z_icm;
  reg [W-1:0]    z_mbr;
  reg [W-1:0]    b_end;          // the block's words from the position on
  reg [W-1:0]    b_icm;
  reg [W-1:0]    b_mbr;
  reg            r_at_end;       // the word at the position is the end marker
  integer        j;
  always @* begin
    j = 0;  // loop variable: assigned on every path (no latch)
    r_end = {W{1'b0}};
    r_icm = {W{1'b0}};
    r_mbr = {W{1'b0}};
    z_end = {W{1'b0}};
    z_icm = {W{1'b0}};
    z_mbr = {W{1'b0}};
    b_end = {W{1'b0}};
    b_icm = {W{1'b0}};
    b_mbr = {W{1'b0}};
    r_at_end = 1'b0;
    if (fetch_go_i && use_prog_i) begin
      for (j = 0; j < W; j = j + 1) begin
        r_end[j] = pm_end_i[j];
        r_icm[j] = pm_row_i[j*16+3];
        r_mbr[j] = pm_row_i[j*16 +: 3] == {1'b1, CLS_BR};
        z_end[j] = pm_row0_i[j*16 +: 16] == 16'hffff;
        z_icm[j] = pm_row0_i[j*16+3];
        z_mbr[j] = pm_row0_i[j*16 +: 3] == {1'b1, CLS_BR};
      end
      b_end    = r_end >> col_q;
      r_at_end = b_end[0];
      b_icm    = r_at_end ? z_icm : (r_icm >> col_q);
      b_mbr    = r_at_end ? z_mbr : (r_mbr >> col_q);
      b_end    = r_at_end ? z_end : b_end;
    end
  end

  always @* begin
    j = 0;  // loop variable: assigned on every path (no latch)
    at_end   = 1'b0;
    at0      = 1'b0;
    eff_row  = row_q;
    eff_col  = col_q;
    blk      = {(W * 16){1'b0}};
    fw       = 16'd0;
    hit_end  = 1'b0;
    av       = 1'b0;
    icm      = 1'b0;
    stop     = 1'b0;
    fb_wpm   = 1'b0;
    fb_miss  = 1'b0;
    push_n_o = {WW{1'b0}};
    push_e_o = {(W * EW){1'b0}};
    in_row   = {W{1'b0}};
    if (fetch_go_i) begin
      if (use_prog_i) begin
        at_end  = r_at_end;
        eff_row = at_end ? {RAW{1'b0}} : row_q;
        eff_col = at_end ? {WW{1'b0}} : col_q;
        blk     = at_end ? pm_row0_i : (pm_row_i >> (col_q * 16));
        in_row  = at_end ? {W{1'b1}} : col_in;
        at0     = at_end || (row_q == {RAW{1'b0}} && col_q == {WW{1'b0}});
      end
      for (j = 0; j < W; j = j + 1) begin
        fw      = use_prog_i ? blk[j*16 +: 16] : gen_attr_i[j*16 +: 16];
        hit_end = hit_end || (use_prog_i && b_end[j]);
        av      = !hit_end && (!use_prog_i || in_row[j]);
        icm     = (use_prog_i ? b_icm[j] : fw[3]) && !perf_ic_i;
        if (wpath_q || fb_wpm) begin
          push_e_o[j*EW +: EW] = {2'b01, gen_wp_attr_i[j*16 +: 9]};
          push_n_o             = push_n_o + 1'b1;
        end else if (!stop && av && !(icm && (j != 0 || !ic_srv_q))) begin
          push_e_o[j*EW +: EW] = {use_prog_i ? (at0 && j == 0) : fw[9], 1'b0, fw[8:0]};
          push_n_o             = push_n_o + 1'b1;
          fb_wpm               = (use_prog_i ? b_mbr[j] : (fw[2:0] == {1'b1, CLS_BR})) &&
                                 !perf_bp_i;
        end else begin
          if (j == 0 && av && icm) begin
            fb_miss = 1'b1;
          end
          stop = 1'b1;
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Program-memory mode: the block's correct-path words counted from the program words alone
  // (the loop above with use_prog_i 1), for the program position; in generator mode the
  // position does not move, so no generator word lies on the way to the program memory's read
  // address.
  // ---------------------------------------------------------------------------------------------
  reg [WW-1:0]   p_kc;           // correct-path words of a program-memory block
  reg            p_end;
  reg            p_av;
  reg            p_icm;
  reg            p_stop;
  reg            p_wpm;
  integer        p;
  always @* begin
    p = 0;  // loop variable: assigned on every path (no latch)
    p_kc   = {WW{1'b0}};
    p_end  = 1'b0;
    p_av   = 1'b0;
    p_icm  = 1'b0;
    p_stop = 1'b0;
    p_wpm  = 1'b0;
    if (fetch_go_i && use_prog_i && !wpath_q) begin
      for (p = 0; p < W; p = p + 1) begin
        p_end = p_end || b_end[p];
        p_av  = !p_end && in_row[p];
        p_icm = b_icm[p] && !perf_ic_i;
        if (!p_wpm && !p_stop && p_av && !(p_icm && (p != 0 || !ic_srv_q))) begin
          p_kc  = p_kc + 1'b1;
          p_wpm = b_mbr[p] && !perf_bp_i;
        end else begin
          p_stop = 1'b1;
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Generator mode: the block's correct-path words counted from the generator's registers alone
  // (the same cut as above: before an Icache-miss word that is not the first or whose miss has
  // not been serviced, after a mispredicted branch), so no program-memory read lies on the way
  // to the generator's shift. The generator keeps the count but word 0's Icache cut as a
  // register loaded with its words (gen_kcr_i: formed when a fetch changes them, not in every
  // cycle the thread could fetch); word 0's cut, which depends on whether its miss has been
  // serviced, is applied here. Valid whether the thread fetches or not (whether it does, the
  // fetch slot, only tells the generator to take it, gen_go_o), so no path runs from the fetch
  // condition (the program's row 0, the arbiter) through the generator's next state.
  // ---------------------------------------------------------------------------------------------
  reg [WW-1:0] g_kc;             // correct-path words of a generator block (if fetched)
  always @* begin
    g_kc = (gen_attr_i[3] && !perf_ic_i && !ic_srv_q) ? {WW{1'b0}} : gen_kcr_i;
  end

  // ---------------------------------------------------------------------------------------------
  // What the fetch does: the block enters the FQ unless a flush discards it; the program source
  // moves past its correct-path words. A flush only comes while fetch is on the wrong path (the
  // mispredicted branch that flushes put it there when it was fetched, cycles before it can
  // issue), so what a correct-path fetch does to the program position, the generator and the
  // miss and mispredict state does not wait for this cycle's issue selection.
  // ---------------------------------------------------------------------------------------------
  reg [WW:0] col_n;              // column after the block
  always @* begin
    ic_start_o   = fetch_go_i && !wpath_q && fb_miss;
    gen_adv_wp_o = fetch_go_i && !flush_i && (wpath_q || fb_wpm);
    gen_go_o     = fetch_go_i && !wpath_q && !use_prog_i;
    gen_kc_o     = g_kc;         // 0 on a miss
    col_n        = {1'b0, eff_col} + {1'b0, p_kc};
  end

  // ---------------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------------
  always @* begin
    row_d     = row_q;
    col_d     = col_q;
    pf_d      = row_inc;
    cur_sel_o = 2'd0;
    ic_wait_d = (ic_wait_q != {ICW{1'b0}}) ? ic_wait_q - 1'b1 : ic_wait_q;
    ic_flag_d = ic_flag_q;
    ic_srv_d  = ic_srv_q;
    pen_d     = (pen_q != {PENW{1'b0}}) ? pen_q - 1'b1 : pen_q;
    wpath_d   = wpath_q;
    bpm_d     = bpm_q;
    fseq_d    = fetch_go_i ? fseq_q + {{(32 - WW){1'b0}}, push_n_o} : fseq_q;
    if (fetch_go_i && !wpath_q) begin
      bpm_d = fb_wpm;            // the first correct-path fetch after a redirect ends bpred_miss
      if (fb_miss) begin
        ic_wait_d = IC_WAIT;
        ic_flag_d = 1'b1;
        ic_srv_d  = 1'b1;
      end else begin
        ic_flag_d = 1'b0;
        ic_srv_d  = 1'b0;
        wpath_d   = fb_wpm;
        if (use_prog_i) begin
          if (col_n == W32[WW:0]) begin
            row_d     = at_end ? ROW1 : row_inc;
            pf_d      = at_end ? ROW2 : row_inc2;
            cur_sel_o = at_end ? 2'd3 : 2'd1;
            col_d     = {WW{1'b0}};
          end else begin
            row_d     = eff_row;
            pf_d      = at_end ? ROW1 : row_inc;
            cur_sel_o = at_end ? 2'd2 : 2'd0;
            col_d     = col_n[WW-1:0];
          end
        end
      end
    end
    if (flush_i) begin
      wpath_d = 1'b0;
      pen_d   = PEN;
    end
  end

  // Reset: program position 0, no miss, no redirect, correct path, sequence number 0.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      row_q     <= {RAW{1'b0}};
      col_q     <= {WW{1'b0}};
      ic_wait_q <= {ICW{1'b0}};
      ic_flag_q <= 1'b0;
      ic_srv_q  <= 1'b0;
      pen_q     <= {PENW{1'b0}};
      wpath_q   <= 1'b0;
      bpm_q     <= 1'b0;
      fseq_q    <= 32'd0;
    end else begin
      row_q     <= row_d;
      col_q     <= col_d;
      ic_wait_q <= ic_wait_d;
      ic_flag_q <= ic_flag_d;
      ic_srv_q  <= ic_srv_d;
      pen_q     <= pen_d;
      wpath_q   <= wpath_d;
      bpm_q     <= bpm_d;
      fseq_q    <= fseq_d;
    end
  end

endmodule

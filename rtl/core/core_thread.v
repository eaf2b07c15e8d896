// StallScope core stub: the pipeline of one SMT thread (docs/core.md).
//
// front end  program source (core_progmem or core_gen), fetch with Icache-miss and redirect
//            state, front-end queue FQ (circular, FQ entries)
// back end   reorder buffer (circular, ROB entries); an entry dispatched and not yet issued is
//            in the thread's reservation stations, whose capacity RS is a limit on that count
// The width W is shared with the other threads outside this module (core_arb): the thread tells
// what it could do this cycle (fetch_able_o, *_avail_o, from registers only) and does what it
// is granted (fetch_go_i, *_n_i) in the same cycle.
//
// Timing (docs/core.md section 5): an instruction fetched in cycle c can dispatch in c+1, issue
// in c+2 and, with latency L, complete and commit in c+2+L. A consumer can issue in the cycle
// its producer completes. A mispredicted branch flushes the younger instructions of the thread
// at the end of the cycle it issues in.
//
// The ROB keeps each instruction's attributes, sequence number and producer entry in one array
// word and everything the per-cycle logic looks at as bit vectors (entry i at bit i: issued,
// completed, producer completed, Dcache miss, latency above 1, wrong path, flushing branch), set
// at dispatch; age order comes from rotating a vector by the head. Completion times are per-entry
// countdowns kept bit-sliced (plane k holds bit k of every entry's count), so that counting down
// is a few operations on ROB-bit vectors. The FQ keeps no sequence numbers (they are consecutive
// from the head).
//
// Written for simulation speed under Verilator as well as size: internal values are at most 64
// bits wide (except the countdown planes, one CDB x ROB vector used a plane at a time, and the
// ports), counts are adder trees rather than per-bit loops (and the RS occupancy and outstanding
// misses are counters), work that only matters when a stage does something (fetch, dispatch,
// issue, commit, a producer lookup, the trace) sits behind an `if` on that condition, and
// registers are written only in the cycles that can change them (pend_q excepted). The vector
// and index helpers (rob_add, fq_add, rotr, popc, ctz, rotl, lowmask) are called, except in
// five places that write one out because the call measured dearer there: the waiting search's
// head mask, the issue selection's rotations, the dispatch and commit loops' index sums and
// the flush mask. (Verilator 5.006 passes a call's arguments and result through variables of
// their own, in the clocked evaluation member variables. What that costs was measured, with
// callgrind, main run --workload mixed --cycles 20000, clang -O3, about 188M host
// instructions in all; each place gives its number. The cost is not the call's alone: the
// total moves in steps of 3-4M with small changes anywhere in the one generated evaluation
// function, the PMU's code included, so a call that measured cheap can turn dear after an
// unrelated change; measure the total after any change here.)
//
// Every per-cycle PMU signal is computed here from the state at the start of the cycle and
// this cycle's grants; the stack flags describe the thread after this cycle's instructions
// have left each stage (e.g. fe_empty: nothing left in the FQ after dispatch; docs/core.md
// section 7).

`include "pmu_map.vh"

module core_thread #(
  parameter W          = 4,
  parameter FQ         = 16,
  parameter ROB        = 32,
  parameter RS         = 16,
  parameter LONG_LAT   = 6,
  parameter MISS_LAT   = 20,
  parameter IC_LAT     = 10,
  parameter BR_PEN     = 3,
  parameter PROG_DEPTH = 1024,
  parameter PROG_FILE  = "",
  parameter NW         = 4,
  parameter LW         = 8,
  parameter WW         = 3,    // width of a count 0..W
  parameter PAW        = 10    // program word address width
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire [2:0]               tid_i,         // this thread's number
  input  wire [15:0]              cfg_i,         // cfg bits 15:0 (core_stub's cfg_q)
  input  wire                     idle_i,        // the thread never fetches
  input  wire [31:0]              seed_i,
  input  wire                     prog_we_i,     // a program word write for thread prog_tid_i
  input  wire [2:0]               prog_tid_i,
  input  wire [PAW-1:0]           prog_addr_i,
  input  wire [15:0]              prog_data_i,
  // width arbitration
  output reg                      fetch_able_o,
  input  wire                     fetch_go_i,
  output reg  [WW-1:0]            disp_avail_o,
  input  wire [WW-1:0]            disp_n_i,
  output reg  [WW-1:0]            iss_avail_o,
  input  wire [WW-1:0]            iss_n_i,
  output reg  [WW-1:0]            com_avail_o,
  input  wire [WW-1:0]            com_n_i,
  // PMU event inputs of this thread
  output wire                     priv_o,
  output reg  [NW-1:0]            fill_o,
  output reg  [NW-1:0]            alloc_o,       // I: dispatched, wrong path included
  output reg  [NW-1:0]            retire_o,      // R
  output reg  [3*NW-1:0]          stk_n_o,       // n: dispatch, issue, commit
  output reg  [2*NW-1:0]          stk_wp_o,      // wrong path: dispatch, issue
  output reg  [`PMU_NFLAG-1:0]    flags_o,
  output reg  [`PMU_NEXT*LW-1:0]  ext_o,
  // trace (core_stub packs the slots): slot j = the j-th instruction of this thread in the
  // stage this cycle. trc_en_i is core_stub's registered trace enable; while it is 0 the
  // dispatch, issue and commit fields below are 0 (nothing is gathered for them).
  input  wire                     trc_en_i,
  output wire [31:0]              trc_fseq_o,    // fetch: sequence number of word 0
  output wire [WW-1:0]            trc_fn_o,      //   words fetched (when fetch_go_i)
  output wire [W*10-1:0]          trc_fe_o,      //   word j: {wrong path, attr[8:0]}
  output wire [31:0]              trc_dseq_o,    // dispatch: sequence number of slot 0
  output reg  [W*10-1:0]          trc_de_o,      //   slot j: {wrong path, attr[8:0]}
  output reg  [W*32-1:0]          trc_iseq_o,    // issue: slot j's sequence number
  output reg  [W*16-1:0]          trc_iat_o,     //   slot j: {wrong path, latency[14:0]}
  output reg  [W*32-1:0]          trc_cseq_o,    // commit: slot j's sequence number
  output reg  [W*9-1:0]           trc_cat_o,     //   slot j: attr[8:0] (never wrong path)
  output wire                     trc_fl_o,      // flush: a mispredicted branch issues
  output reg  [31:0]              trc_flseq_o    //   its sequence number
);

  // ---------------------------------------------------------------------------------------------
  // Constants
  // ---------------------------------------------------------------------------------------------
  localparam NINT = `PMU_NL - `PMU_NEXT;       // PMU-internal lanes before the external ones
  localparam L_EXECUTED = `PMU_LANE_EXECUTED - NINT;
  localparam L_RS_FULL  = `PMU_LANE_RS_FULL - NINT;
  localparam L_ROB_FULL = `PMU_LANE_ROB_FULL - NINT;
  localparam L_BR_RET   = `PMU_LANE_BR_RET - NINT;
  localparam L_BR_MISP  = `PMU_LANE_BR_MISP - NINT;
  localparam L_IC_MISS  = `PMU_LANE_IC_MISS - NINT;
  localparam L_LD_HIT   = `PMU_LANE_LD_HIT - NINT;
  localparam L_LD_MISS  = `PMU_LANE_LD_MISS - NINT;
  localparam L_L1D_PEND = `PMU_LANE_L1D_PEND - NINT;
  localparam L_ROB_OCC  = `PMU_LANE_ROB_OCC - NINT;
  localparam L_RS_OCC   = `PMU_LANE_RS_OCC - NINT;
  localparam L_RS_EMPTY = `PMU_LANE_RS_EMPTY - NINT;

  localparam EW   = 10;                               // entry: attr[8:0], bit 9 wrong path
  localparam FQI  = (FQ > 1) ? $clog2(FQ) : 1;        // FQ index
  // count widths: at least one bit wider than a count 0..W and than the ROB index
  localparam FQC0 = $clog2(FQ + 1);
  localparam FQC  = (FQC0 > WW) ? FQC0 : WW + 1;      // FQ count
  localparam ROBI = (ROB > 1) ? $clog2(ROB) : 1;      // ROB index
  localparam ROBC0 = $clog2(ROB + 1);
  localparam ROBC1 = (ROBC0 > ROBI) ? ROBC0 : ROBI + 1;
  localparam ROBC = (ROBC1 > WW) ? ROBC1 : WW + 1;    // ROB count
  localparam RSC0 = $clog2(RS + 1);
  localparam RSC  = (RSC0 > WW) ? RSC0 : WW + 1;      // RS count
  localparam LMAX = (LONG_LAT > MISS_LAT) ? LONG_LAT : MISS_LAT;
  localparam LATW = (LMAX > 2) ? $clog2(LMAX) : 1;    // latency - 1 fits LATW bits
  localparam SCH  = (LMAX > 2) ? LMAX - 1 : 1;        // completion countdown: counts 0..SCH-1
  localparam ICW  = (IC_LAT > 2) ? $clog2(IC_LAT) : 1; // holds IC_LAT - 1
  localparam PENW = (BR_PEN > 1) ? $clog2(BR_PEN + 1) : 1;
  localparam ROWS = (PROG_DEPTH + W - 1) / W;
  localparam RAW  = (ROWS > 1) ? $clog2(ROWS) : 1;
  localparam CLW  = $clog2(W + 1);                    // column 0..W

  localparam [1:0] CLS_LONG = 2'd1;
  localparam [1:0] CLS_LOAD = 2'd2;
  localparam [1:0] CLS_BR   = 2'd3;

  localparam [31:0] W32      = W;
  localparam [31:0] FQ32     = FQ;
  localparam [31:0] ROB32    = ROB;
  localparam [31:0] RS32     = RS;
  localparam [31:0] LONG32   = LONG_LAT;
  localparam [31:0] MISS32   = MISS_LAT;
  localparam [31:0] ICM1     = IC_LAT - 1;
  localparam [31:0] PEN32    = BR_PEN;
  localparam [31:0] ROWS32   = ROWS;
  localparam [FQC-1:0]  FQ_FETCH = FQ32[FQC-1:0] - W32[FQC-1:0];  // fetch needs W free entries
  localparam [ROBC-1:0] ROBN     = ROB32[ROBC-1:0];
  localparam [RSC-1:0]  RSN      = RS32[RSC-1:0];
  localparam [LATW:0]   LONG_L   = LONG32[LATW:0];
  localparam [LATW:0]   MISS_L   = MISS32[LATW:0];
  localparam [ICW-1:0]  IC_WAIT  = ICM1[ICW-1:0];
  localparam [PENW-1:0] PEN      = PEN32[PENW-1:0];

  // ---------------------------------------------------------------------------------------------
  // Knobs (static during a run)
  // ---------------------------------------------------------------------------------------------
  wire       perf_ic  = cfg_i[0];
  wire       perf_bp  = cfg_i[1];
  wire       perf_dc  = cfg_i[2];
  wire       alu1     = cfg_i[3];
  wire       use_prog = cfg_i[4];
  wire [7:0] mix      = cfg_i[15:8];
  // cfg_i[7:5] are reserved
  /* verilator lint_off UNUSEDSIGNAL */
  wire [2:0] cfg_rsvd = cfg_i[7:5];
  /* verilator lint_on UNUSEDSIGNAL */

  // Properties of an entry after the knobs, decided once at dispatch and kept as ROB-entry bits
  // (rob_dm_q, rob_ll_q, rob_mbr_q), which issue, commit, the flags and the trace read (fetch
  // applies the mispredict rule to the block it fetches, which is not in the ROB yet):
  //   Dcache miss:          a load with bit 2 (not with the perfect-Dcache knob);
  //   latency (lat):        LONG_LAT for a long-latency ALU op (not with the 1-cycle-ALU knob),
  //                         MISS_LAT for a Dcache miss, else 1; "latency above 1" is lat != 1;
  //   mispredicted branch:  a correct-path branch with bit 2 (not with perfect prediction); it
  //                         flushes when it issues.

  // Modular index arithmetic; with a power-of-two size the wrap is the carry that falls off.
  localparam ROB_P2 = ((ROB & (ROB - 1)) == 0);
  localparam FQ_P2  = ((FQ & (FQ - 1)) == 0);

  function [ROBI-1:0] rob_add;   // (a + b) mod ROB, a < ROB, b <= ROB
    input [ROBI-1:0] a;
    input integer    b;
    integer          s;
    begin
      s = {{(32 - ROBI){1'b0}}, a} + b;
      if (!ROB_P2 && s >= ROB) s = s - ROB;
      rob_add = s[ROBI-1:0];
    end
  endfunction

  function [FQI-1:0] fq_add;     // (a + b) mod FQ, a < FQ, b <= FQ
    input [FQI-1:0] a;
    input integer   b;
    integer         s;
    begin
      s = {{(32 - FQI){1'b0}}, a} + b;
      if (!FQ_P2 && s >= FQ) s = s - FQ;
      fq_add = s[FQI-1:0];
    end
  endfunction

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  // front end
  reg [RAW-1:0]  row_q;          // program memory: next fetch row and column
  reg [CLW-1:0]  col_q;
  reg [ICW-1:0]  ic_wait_q;      // Icache miss: cycles left before fetch may retry
  reg            ic_flag_q;      // Icache miss in flight (flag icache_miss)
  reg            ic_srv_q;       // the next block's miss has been serviced: it hits
  reg [PENW-1:0] pen_q;          // redirect cycles left after a flush
  reg            wpath_q;        // fetch is on the wrong path
  reg            bpm_q;          // branch mispredict being resolved (flag bpred_miss)
  reg [31:0]     fseq_q;         // sequence number of the next fetched instruction
  reg            priv_q;         // kernel bit of the last committed instruction
  reg            priv_d;
  // front-end queue: the entries are the fq_cnt_q words fetched last (a flush empties it), so
  // the entry k places from the head has sequence number fseq_q - fq_cnt_q + k
  reg [EW-1:0]   fq_e_q   [0:FQ-1];
  reg [FQI-1:0]  fq_head_q;
  reg [FQI-1:0]  fq_head_d;
  reg [FQC-1:0]  fq_cnt_q;
  reg [FQC-1:0]  fq_cnt_d;
  // reorder buffer (+ reservation stations): one word per entry, {producer, seq, attr}; the
  // producer is the entry the instruction depends on (used while pdone is 0)
  localparam RBW = ROBI + 32 + EW;
  reg [RBW-1:0]  rob_q [0:ROB-1];
  // per-entry bits, entry i at bit i (properties after the knobs, set at dispatch)
  reg [ROB-1:0]  rob_iss_q;      // issued
  reg [ROB-1:0]  rob_iss_d;
  reg [ROB-1:0]  rob_done_q;     // completed (latency elapsed)
  reg [ROB-1:0]  rob_done_d;
  reg [ROB-1:0]  rob_pdone_q;    // the producer has completed or there is none (of entries in
  reg [ROB-1:0]  rob_pdone_d;    //   the RS; other entries' bits are stale and never used)
  reg [ROB-1:0]  rob_dm_q;       // Dcache-miss load
  reg [ROB-1:0]  rob_ll_q;       // latency above 1
  reg [ROB-1:0]  rob_wp_q;       // wrong path
  reg [ROB-1:0]  rob_mbr_q;      // the mispredicted branch (flushes when it issues)
  // completion countdown (below)
  reg [ROBI-1:0] rob_head_q;
  reg [ROBI-1:0] rob_head_d;
  reg [ROBC-1:0] rob_cnt_q;
  reg [ROBC-1:0] rob_cnt_d;
  reg [RSC-1:0]  rs_cnt_q;       // entries in the RS (dispatched, not issued)
  reg [RSC-1:0]  rs_cnt_d;
  reg [ROBC-1:0] pend_q;         // Dcache misses outstanding (issued earlier, not complete)
  reg [ROBC-1:0] pend_d;

  assign priv_o = priv_q;

  // ---------------------------------------------------------------------------------------------
  // Program source
  // ---------------------------------------------------------------------------------------------
  wire [W*16-1:0] pm_row;
  wire [W*16-1:0] pm_row0;
  wire [W*16-1:0] gen_attr;
  wire [W*16-1:0] gen_wp_attr;
  reg  [WW-1:0]   gen_adv;
  reg             gen_adv_wp;

  core_progmem #(
    .W          (W),
    .PROG_DEPTH (PROG_DEPTH),
    .PAW        (PAW),
    .RAW        (RAW),
    .PROG_FILE  (PROG_FILE)
  ) u_pm (
    .clk_i   (clk_i),
    .thr_i   (tid_i),
    .we_i    (prog_we_i),
    .tid_i   (prog_tid_i),
    .waddr_i (prog_addr_i),
    .wdata_i (prog_data_i),
    .row_i   (row_q),
    .row_o   (pm_row),
    .row0_o  (pm_row0)
  );

  core_gen #(
    .W   (W),
    .WW  (WW)
  ) u_gen (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .tid_i     (tid_i),
    .seed_i    (seed_i),
    .mix_i     (mix),
    .adv_i     (gen_adv),
    .adv_wp_i  (gen_adv_wp),
    .attr_o    (gen_attr),
    .wp_attr_o (gen_wp_attr)
  );

  // ---------------------------------------------------------------------------------------------
  // Fetch (from registers only): the thread can fetch this cycle.
  // ---------------------------------------------------------------------------------------------
  reg prog_empty;
  always @* begin
    prog_empty   = (pm_row0[15:0] == 16'hffff);
    fetch_able_o = !idle_i && (!use_prog || !prog_empty) && (ic_wait_q == {ICW{1'b0}}) &&
                   (pen_q == {PENW{1'b0}}) && (fq_cnt_q <= FQ_FETCH);
  end

  // Fetch block: the instructions this thread fetches this cycle (only computed when it has the
  // fetch slot; every use is qualified by fetch_go_i). Correct path: from the current position
  // to the end of the aligned row (program memory) or W words (generator), cut before the end
  // marker and before an Icache-miss word that is not the first; an Icache miss on the first word
  // delivers nothing and starts the miss; the words after a mispredicted branch are wrong path.
  // Wrong path: W generated words.
  reg [15:0]      first_word;
  reg             at_end;        // the word at the current position is the end marker
  reg [RAW-1:0]   eff_row;
  reg [CLW-1:0]   eff_col;
  reg [W*16-1:0]  blk;
  reg [15:0]      fw;
  reg             hit_end;
  reg             av;
  reg             icm;
  reg             stop;
  reg             fb_wpm;        // a mispredicted branch is in the block
  reg             fb_miss;       // the block starts an Icache miss
  reg [WW-1:0]    fb_kc;         // correct-path words in the block
  reg [WW-1:0]    fb_nf;         // all words in the block
  reg [W*EW-1:0]  fb_e;          // word j as an FQ entry
  integer         j;
  always @* begin
    first_word = 16'd0;
    at_end     = 1'b0;
    eff_row    = row_q;
    eff_col    = col_q;
    blk        = {(W * 16){1'b0}};
    hit_end    = 1'b0;
    av         = 1'b0;
    icm        = 1'b0;
    stop       = 1'b0;
    fb_wpm     = 1'b0;
    fb_miss    = 1'b0;
    fb_kc      = {WW{1'b0}};
    fb_nf      = {WW{1'b0}};
    fb_e       = {(W * EW){1'b0}};
    fw         = 16'd0;
    if (fetch_go_i) begin
      if (use_prog) begin
        first_word = pm_row[col_q*16 +: 16];
        at_end     = (first_word == 16'hffff);
        eff_row    = at_end ? {RAW{1'b0}} : row_q;
        eff_col    = at_end ? {CLW{1'b0}} : col_q;
        blk        = (at_end ? pm_row0 : pm_row) >> (eff_col * 16);
      end
      for (j = 0; j < W; j = j + 1) begin
        fw      = use_prog ? blk[j*16 +: 16] : gen_attr[j*16 +: 16];
        hit_end = hit_end || (use_prog && fw == 16'hffff);
        av      = !hit_end && (!use_prog || ({{(32 - CLW){1'b0}}, eff_col} + j < W));
        icm     = fw[3] && !perf_ic;
        if (wpath_q || fb_wpm) begin
          fb_e[j*EW +: EW] = {1'b1, gen_wp_attr[j*16 +: 9]};
          fb_nf            = fb_nf + 1'b1;
        end else if (!stop && av && !(icm && (j != 0 || !ic_srv_q))) begin
          fb_e[j*EW +: EW] = {1'b0, fw[8:0]};
          fb_kc            = fb_kc + 1'b1;
          fb_nf            = fb_nf + 1'b1;
          fb_wpm           = (fw[1:0] == CLS_BR) && fw[2] && !perf_bp;
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
  // ROB state as bit vectors (from registers only): entry i at bit i. Age order is recovered by
  // rotating a vector right by the head (bit k = the entry k places from the head).
  // ---------------------------------------------------------------------------------------------
  function [ROB-1:0] rotr;       // rotate right by h < ROB
    input [ROB-1:0]  v;
    input [ROBI-1:0] h;
    /* verilator lint_off UNUSEDSIGNAL */  // the upper copy only feeds the shift
    reg   [2*ROB-1:0] x;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      x    = {v, v} >> h;
      rotr = x[ROB-1:0];
    end
  endfunction

  // Number of set bits: a SWAR adder tree per 32-bit chunk (no per-bit loop).
  localparam PCN = (ROB + 31) / 32;
  function [31:0] popc;
    input [ROB-1:0]   v;
    reg   [PCN*32-1:0] x;
    reg   [31:0]       y;
    integer            n;
    begin
      x          = {(PCN * 32){1'b0}};
      x[ROB-1:0] = v;
      popc       = 32'd0;
      for (n = 0; n < PCN; n = n + 1) begin
        y    = x[n*32 +: 32];
        y    = y - ((y >> 1) & 32'h55555555);                 // 2-bit sums
        y    = (y & 32'h33333333) + ((y >> 2) & 32'h33333333); // 4-bit sums
        y    = (y + (y >> 4)) & 32'h0f0f0f0f;                 // byte sums
        y    = y + (y >> 8);
        y    = y + (y >> 16);
        popc = popc + {26'd0, y[5:0]};
      end
    end
  endfunction

  function [ROBI-1:0] ctz;       // index of the lowest set bit (x != 0): the bits below it
    input [ROB-1:0] x;
    /* verilator lint_off UNUSEDSIGNAL */  // the count is below ROB
    reg   [31:0]    n;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      n   = popc((x & (~x + 1'b1)) - 1'b1);
      ctz = n[ROBI-1:0];
    end
  endfunction

  function [LW-1:0] lane;        // an event lane from a count (zero-extended or truncated)
    /* verilator lint_off UNUSEDSIGNAL */
    input [31:0] v;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      lane = v[LW-1:0];
    end
  endfunction

  function [ROB-1:0] rotl;       // rotate left by h < ROB
    input [ROB-1:0]  v;
    input [ROBI-1:0] h;
    /* verilator lint_off UNUSEDSIGNAL */  // the lower copy only feeds the shift
    reg   [2*ROB-1:0] x;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      x    = {v, v} << h;
      rotl = x[2*ROB-1:ROB];
    end
  endfunction

  function [ROB-1:0] lowmask;    // the n lowest bits set, n <= ROB
    input [ROBC-1:0] n;
    /* verilator lint_off UNUSEDSIGNAL */  // bit ROB only carries the shift
    reg   [ROB:0]    x;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      x       = ({{ROB{1'b0}}, 1'b1} << n) - 1'b1;
      lowmask = x[ROB-1:0];
    end
  endfunction

  // Entries holding an instruction; those in the RS, and of these the ready ones (the producer
  // has completed, or there is none) and the waiting ones. Only entries in the RS whose pdone
  // bit is 0 look their producer up.
  reg [ROB-1:0]  valid;
  reg [ROB-1:0]  rsv;            // in the RS: dispatched, not issued
  reg [ROB-1:0]  need;           // in the RS, producer not known to have completed
  reg [ROB-1:0]  pready;         // the producer has completed (this cycle's view; RS entries)
  reg [ROB-1:0]  ready;
  reg [ROB-1:0]  waiting;
  localparam NG = (ROB + 7) / 8;  // groups of 8 entries: a group without lookups is skipped
  reg [NG*8-1:0] need_g;
  integer        g;
  integer        i;
  always @* begin
    valid  = rotl(lowmask(rob_cnt_q), rob_head_q);
    rsv    = valid & ~rob_iss_q;
    need   = rsv & ~rob_pdone_q;
    need_g = {(NG * 8){1'b0}};
    need_g[ROB-1:0] = need;
    pready = rob_pdone_q;
    if (need != {ROB{1'b0}}) begin
      for (g = 0; g < NG; g = g + 1) begin
        if (need_g[g*8 +: 8] != 8'd0) begin
          for (i = g * 8; i < g * 8 + 8 && i < ROB; i = i + 1) begin
            if (need[i]) pready[i] = rob_done_q[rob_q[i][RBW-1 -: ROBI]];
          end
        end
      end
    end
    ready   = rsv & pready;
    waiting = rsv & ~pready;
  end

  // The oldest waiting instruction and its producer (flags prod_*); ready entries (up to W);
  // done entries in a row from the head (what commit could take). RS occupancy and outstanding
  // Dcache misses are counters (below).
  reg            found;
  reg            prod_dmiss;
  reg            prod_ll;
  reg [ROB-1:0]  wq;
  reg [ROBI-1:0] widx;
  reg [ROBI-1:0] pidx;
  reg [ROB-1:0]  dq;
  reg [WW-1:0]   ncd;
  reg            run;
  reg [31:0]     rdy_pop;
  /* verilator lint_off UNUSEDSIGNAL */  // bit ROB only carries the shift
  reg [ROB:0]    slm;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [31:0]     da;
  integer        m;
  always @* begin
    found      = waiting != {ROB{1'b0}};
    prod_dmiss = 1'b0;
    prod_ll    = 1'b0;
    wq         = {ROB{1'b0}};
    widx       = {ROBI{1'b0}};
    pidx       = {ROBI{1'b0}};
    slm        = {(ROB + 1){1'b0}};
    if (found) begin
      // the oldest: the lowest waiting entry at or above the head, else the lowest one (the
      // ROB wraps below the head); lowmask(rob_head_q) written out: calling it here measured
      // +0.5M, and +3.3M with the PMU RTL of a few commits later
      slm        = ({{ROB{1'b0}}, 1'b1} << rob_head_q) - 1'b1;
      wq         = waiting & ~slm[ROB-1:0];
      if (wq == {ROB{1'b0}}) wq = waiting;
      widx       = ctz(wq);
      pidx       = rob_q[widx][RBW-1 -: ROBI];
      prod_dmiss = rob_dm_q[pidx];
      prod_ll    = rob_ll_q[pidx];
    end
    // issue: ready entries, up to W
    rdy_pop     = popc(ready);
    iss_avail_o = (rdy_pop > W32) ? W32[WW-1:0] : rdy_pop[WW-1:0];
    // commit: done entries in a row from the head
    dq  = rotr(rob_done_q & valid, rob_head_q);
    ncd = {WW{1'b0}};
    run = 1'b1;
    for (m = 0; m < W; m = m + 1) begin
      run = run && (m < ROB) && dq[m % ROB];
      ncd = ncd + {{(WW - 1){1'b0}}, run};
    end
    com_avail_o = ncd;
    // dispatch: min(FQ occupancy, W, free ROB entries, free RS entries)
    da = {{(32 - FQC){1'b0}}, fq_cnt_q};
    if (da > W32) da = W32;
    if ({{(32 - ROBC){1'b0}}, ROBN - rob_cnt_q} < da) da = {{(32 - ROBC){1'b0}}, ROBN - rob_cnt_q};
    if ({{(32 - RSC){1'b0}}, RSN - rs_cnt_q} < da) da = {{(32 - RSC){1'b0}}, RSN - rs_cnt_q};
    disp_avail_o = da[WW-1:0];
  end

  // ---------------------------------------------------------------------------------------------
  // Granted work of this cycle: dispatch, issue, commit.
  // ---------------------------------------------------------------------------------------------
  // Dispatch: the first disp_n_i FQ entries go to the entries from the tail on (slot tail + j
  // gets FQ entry j). An entry's producer is DEP places older in program order: none, an
  // instruction already committed (older than everything in the ROB), one dispatched in this
  // same group (not completed), or one in the ROB. The group's properties are set directly as
  // ROB-entry bits (bit tail + j), with the knob rules above applied in the loop.
  reg [WW-1:0]     dn_c;         // correct path
  reg [WW-1:0]     dn_wp;        // wrong path
  reg [ROB-1:0]    v_al;         // the dispatch group's entries and their properties
  reg [ROB-1:0]    v_dm;
  reg [ROB-1:0]    v_ll;
  reg [ROB-1:0]    v_wp;
  reg [ROB-1:0]    v_mbr;
  reg [ROB-1:0]    v_pd;
  reg [ROB-1:0]    oh;           // entry tslot
  // (mem2reg: per-slot signals of combinational logic, not memories)
  (* mem2reg *) reg [RBW-1:0]  a_w    [0:W-1];  // ROB word of dispatch slot j
  (* mem2reg *) reg [ROBI-1:0] a_slot [0:W-1];  // ROB entry of dispatch slot j
  reg [ROBI-1:0]   tail;
  reg [ROBI-1:0]   tslot;
  reg [ROBI-1:0]   pslot;
  reg [EW-1:0]     ae;
  reg              adm;          // ae is a Dcache-miss load (after the knob)
  reg [31:0]       fq_seq0;      // sequence number of the FQ head
  integer          fi;           // FQ index of slot j
  integer          ti;           // ROB entry of slot j
  integer          pi;           // its producer's entry
  integer          a;
  always @* begin
    dn_c    = {WW{1'b0}};
    dn_wp   = {WW{1'b0}};
    v_al    = {ROB{1'b0}};
    v_dm    = {ROB{1'b0}};
    v_ll    = {ROB{1'b0}};
    v_wp    = {ROB{1'b0}};
    v_mbr   = {ROB{1'b0}};
    v_pd    = {ROB{1'b0}};
    oh      = {ROB{1'b0}};
    ti      = {{(32 - ROBI){1'b0}}, rob_head_q} + {{(32 - ROBC){1'b0}}, rob_cnt_q};
    if (!ROB_P2 && ti >= ROB) ti = ti - ROB;
    tail    = ti[ROBI-1:0];                          // rob_add(rob_head_q, rob_cnt_q)
    tslot   = {ROBI{1'b0}};
    pslot   = {ROBI{1'b0}};
    ae      = {EW{1'b0}};
    adm     = 1'b0;
    fq_seq0 = fseq_q - {{(32 - FQC){1'b0}}, fq_cnt_q};
    fi      = 0;
    pi      = 0;
    for (a = 0; a < W; a = a + 1) begin
      a_w[a]    = {RBW{1'b0}};
      a_slot[a] = {ROBI{1'b0}};
    end
    if (disp_n_i != {WW{1'b0}}) begin
      for (a = 0; a < W; a = a + 1) begin
        if (a[WW-1:0] < disp_n_i) begin
          // fq_add(fq_head_q, a), rob_add(tail, a) and (tslot - DEP) mod ROB written out (with
          // a DEP beyond the entry's age, an unused index); calling fq_add and rob_add here and
          // for the tail measured +4.1M (about 205 per cycle)
          fi = {{(32 - FQI){1'b0}}, fq_head_q} + a;
          if (!FQ_P2 && fi >= FQ) fi = fi - FQ;
          ae = fq_e_q[fi[FQI-1:0]];
          ti = {{(32 - ROBI){1'b0}}, tail} + a;
          if (!ROB_P2 && ti >= ROB) ti = ti - ROB;
          tslot = ti[ROBI-1:0];
          pi = ti - {28'd0, ae[7:4]};
          if (!ROB_P2) begin
            if (pi < 0) pi = pi + ROB;
            if (pi < 0) pi = 0;
          end
          pslot     = pi[ROBI-1:0];
          dn_wp     = dn_wp + {{(WW - 1){1'b0}}, ae[9]};
          a_slot[a] = tslot;
          a_w[a]    = {pslot, fq_seq0 + a, ae};
          // the properties after the knobs (above): Dcache miss, latency above 1, mispredict
          adm = (ae[1:0] == CLS_LOAD) && ae[2] && !perf_dc;
          oh  = {{(ROB - 1){1'b0}}, 1'b1} << tslot;
          v_al = v_al | oh;
          if (adm) v_dm = v_dm | oh;
          if ((ae[1:0] == CLS_LONG && !alu1 && LONG_LAT != 1) || (adm && MISS_LAT != 1)) begin
            v_ll = v_ll | oh;
          end
          if (ae[9]) v_wp = v_wp | oh;
          if (ae[1:0] == CLS_BR && ae[2] && !ae[9] && !perf_bp) v_mbr = v_mbr | oh;
          if (ae[7:4] == 4'd0 ||
              {28'd0, ae[7:4]} > {{(32 - ROBC){1'b0}}, rob_cnt_q} + a) begin
            v_pd = v_pd | oh;                        // no producer in the ROB
          end else if ({28'd0, ae[7:4]} > a && rob_done_q[pslot]) begin
            v_pd = v_pd | oh;                        // (a producer in this group is not done)
          end
        end
      end
    end
    dn_c = disp_n_i - dn_wp;
  end

  // Issue: the iss_n_i oldest ready entries, i.e. the lowest iss_n_i set bits of the ready vector
  // rotated by the head (age order), taken off one at a time. A mispredicted branch among them
  // flushes; there is at most one correct-path mispredicted branch in the ROB (the words fetched
  // after it are wrong path until it resolves).
  reg [ROB-1:0]  iss_vec;
  reg [WW-1:0]   in_c;
  reg [WW-1:0]   in_wp;
  reg [WW-1:0]   in_dmiss;
  reg            flush;
  reg [ROBC-1:0] flush_age;
  reg [ROB-1:0]  rq;
  reg [ROB-1:0]  sel;            // the issued entries in age order (bit k: k places from the head)
  reg [ROB-1:0]  lowb;
  reg [ROB-1:0]  iv;
  /* verilator lint_off UNUSEDSIGNAL */  // counts below W; shift carries
  reg [31:0]     icnt;
  reg [2*ROB-1:0] irot;
  /* verilator lint_on UNUSEDSIGNAL */
  integer        b;
  always @* begin
    iss_vec   = {ROB{1'b0}};
    in_c      = {WW{1'b0}};
    in_wp     = {WW{1'b0}};
    in_dmiss  = {WW{1'b0}};
    flush     = 1'b0;
    flush_age = {ROBC{1'b0}};
    rq        = {ROB{1'b0}};
    sel       = {ROB{1'b0}};
    lowb      = {ROB{1'b0}};
    iv        = {ROB{1'b0}};
    icnt      = 32'd0;
    irot      = {(2 * ROB){1'b0}};
    if (iss_n_i != {WW{1'b0}}) begin
      // rotr and rotl written out: calling them here measured +4.5M (about 220 per cycle)
      irot = {ready, ready} >> rob_head_q;              // rotr(ready, rob_head_q)
      rq   = irot[ROB-1:0];
      for (b = 0; b < W; b = b + 1) begin
        if (b[WW-1:0] < iss_n_i) begin
          lowb = rq & (~rq + 1'b1);
          sel  = sel | lowb;
          rq   = rq ^ lowb;
        end
      end
      irot    = {sel, sel} << rob_head_q;               // rotl(sel, rob_head_q)
      iss_vec = irot[2*ROB-1:ROB];
      iv      = iss_vec & rob_wp_q;
      if (iv != {ROB{1'b0}}) begin
        icnt  = popc(iv);
        in_wp = icnt[WW-1:0];
      end
      in_c = iss_n_i - in_wp;
      iv   = iss_vec & rob_dm_q;
      if (iv != {ROB{1'b0}}) begin
        icnt     = popc(iv);
        in_dmiss = icnt[WW-1:0];
      end
      iv = iss_vec & rob_mbr_q;
      if (iv != {ROB{1'b0}}) begin
        flush     = 1'b1;
        flush_age = {{(ROBC - ROBI){1'b0}}, ctz(sel & rotr(rob_mbr_q, rob_head_q))};
      end
    end
  end
  assign trc_fl_o = flush;

  // Commit: the com_n_i oldest entries (all done); then the new head describes the stall.
  reg [WW-1:0]   br_ret;
  reg [WW-1:0]   br_misp;
  reg [WW-1:0]   ld_hit;
  reg [WW-1:0]   ld_miss;
  reg            last_kern;
  reg [ROBI-1:0] hidx;
  /* verilator lint_off UNUSEDSIGNAL */  // only the class and kernel bits are used here
  reg [EW-1:0]   ce;
  /* verilator lint_on UNUSEDSIGNAL */
  integer        hi;
  reg            head_done;
  reg            head_dmiss;
  reg            head_ll;
  integer        c;
  always @* begin
    br_ret       = {WW{1'b0}};
    br_misp      = {WW{1'b0}};
    ld_hit       = {WW{1'b0}};
    ld_miss      = {WW{1'b0}};
    last_kern    = priv_q;
    hidx         = rob_head_q;
    ce           = {EW{1'b0}};
    hi           = 0;
    if (com_n_i != {WW{1'b0}}) begin
      for (c = 0; c < W; c = c + 1) begin
        if (c[WW-1:0] < com_n_i) begin
          ce = rob_q[hidx][EW-1:0];
          if (ce[1:0] == CLS_BR) begin
            br_ret = br_ret + 1'b1;
            if (rob_mbr_q[hidx]) br_misp = br_misp + 1'b1;  // mispredicted
          end
          if (ce[1:0] == CLS_LOAD) begin
            if (rob_dm_q[hidx]) ld_miss = ld_miss + 1'b1;   // a Dcache miss
            else                ld_hit  = ld_hit + 1'b1;
          end
          last_kern = ce[8];
          // rob_add(hidx, 1) written out: calling it measured +4.0M (about 200 per cycle)
          hi = {{(32 - ROBI){1'b0}}, hidx} + 1;
          if (!ROB_P2 && hi >= ROB) hi = 0;
          hidx = hi[ROBI-1:0];
        end
      end
    end
    // hidx is now the first entry not committed this cycle
    head_done  = 1'b0;
    head_dmiss = 1'b0;
    head_ll    = 1'b0;
    if ({{(ROBC - WW){1'b0}}, com_n_i} < rob_cnt_q) begin
      head_done  = rob_done_q[hidx];
      head_dmiss = rob_dm_q[hidx];
      head_ll    = rob_ll_q[hidx];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // PMU event inputs
  // ---------------------------------------------------------------------------------------------
  reg [31:0] fill32;
  reg        ic_start;
  reg        f_fe;               // the flags computed here
  reg        f_rse;
  reg        f_robe;
  reg        f_robf;
  reg        f_rsf;
  localparam NFL = `PMU_NFLAG;
  always @* begin
    fill32   = {{(32 - FQC){1'b0}}, fq_cnt_q};
    if (fill32 > W32) fill32 = W32;
    fill_o   = fill32[NW-1:0];
    alloc_o  = {{(NW - WW){1'b0}}, disp_n_i};
    retire_o = {{(NW - WW){1'b0}}, com_n_i};
    stk_n_o  = {{(NW - WW){1'b0}}, com_n_i, {(NW - WW){1'b0}}, in_c,
                {(NW - WW){1'b0}}, dn_c};
    stk_wp_o = {{(NW - WW){1'b0}}, in_wp, {(NW - WW){1'b0}}, dn_wp};
    ic_start = fetch_go_i && !wpath_q && fb_miss;

    f_fe   = fq_cnt_q == {{(FQC - WW){1'b0}}, disp_n_i};
    f_rse  = rs_cnt_q == {{(RSC - WW){1'b0}}, iss_n_i};
    f_robe = rob_cnt_q == {{(ROBC - WW){1'b0}}, com_n_i};
    f_robf = rob_cnt_q + {{(ROBC - WW){1'b0}}, disp_n_i} == ROBN;
    f_rsf  = rs_cnt_q + {{(RSC - WW){1'b0}}, disp_n_i} == RSN;
    // one expression (not a read-modify-write of the output per flag)
    flags_o = ({{(NFL - 1){1'b0}}, f_fe}       << `PMU_FLG_FE_EMPTY) |
              ({{(NFL - 1){1'b0}}, f_rse}      << `PMU_FLG_RS_EMPTY) |
              ({{(NFL - 1){1'b0}}, f_robe}     << `PMU_FLG_ROB_EMPTY) |
              ({{(NFL - 1){1'b0}}, f_robf}     << `PMU_FLG_ROB_FULL) |
              ({{(NFL - 1){1'b0}}, f_rsf}      << `PMU_FLG_RS_FULL) |
              ({{(NFL - 1){1'b0}}, ic_flag_q}  << `PMU_FLG_ICACHE_MISS) |
              ({{(NFL - 1){1'b0}}, bpm_q}      << `PMU_FLG_BPRED_MISS) |
              ({{(NFL - 1){1'b0}}, head_done}  << `PMU_FLG_HEAD_DONE) |
              ({{(NFL - 1){1'b0}}, head_dmiss} << `PMU_FLG_HEAD_DMISS) |
              ({{(NFL - 1){1'b0}}, head_ll}    << `PMU_FLG_HEAD_LONGLAT) |
              ({{(NFL - 1){1'b0}}, found}      << `PMU_FLG_PROD_VALID) |
              ({{(NFL - 1){1'b0}}, prod_dmiss} << `PMU_FLG_PROD_DMISS) |
              ({{(NFL - 1){1'b0}}, prod_ll}    << `PMU_FLG_PROD_LONGLAT);

    ext_o = {(`PMU_NEXT * LW){1'b0}};
    ext_o[L_EXECUTED*LW +: LW] = lane({{(32 - WW){1'b0}}, in_c} + {{(32 - WW){1'b0}}, in_wp});
    ext_o[L_RS_FULL*LW +: LW]  = lane({31'd0, f_rsf});
    ext_o[L_ROB_FULL*LW +: LW] = lane({31'd0, f_robf});
    ext_o[L_BR_RET*LW +: LW]   = lane({{(32 - WW){1'b0}}, br_ret});
    ext_o[L_BR_MISP*LW +: LW]  = lane({{(32 - WW){1'b0}}, br_misp});
    ext_o[L_IC_MISS*LW +: LW]  = lane({31'd0, ic_start});
    ext_o[L_LD_HIT*LW +: LW]   = lane({{(32 - WW){1'b0}}, ld_hit});
    ext_o[L_LD_MISS*LW +: LW]  = lane({{(32 - WW){1'b0}}, ld_miss});
    ext_o[L_L1D_PEND*LW +: LW] = lane({{(32 - ROBC){1'b0}}, pend_q} + {{(32 - WW){1'b0}}, in_dmiss});
    ext_o[L_ROB_OCC*LW +: LW]  = lane({{(32 - ROBC){1'b0}}, rob_cnt_q});
    ext_o[L_RS_OCC*LW +: LW]   = lane({{(32 - RSC){1'b0}}, rs_cnt_q});
    ext_o[L_RS_EMPTY*LW +: LW] = lane({31'd0, f_rse});
  end

  // ---------------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------------
  // front end: what the fetch does to the program source; the registers change below
  reg            fetch_wr;       // the fetched block goes into the FQ
  reg [CLW:0]    col_n;
  always @* begin
    fetch_wr   = fetch_go_i && !flush;
    gen_adv    = {WW{1'b0}};
    gen_adv_wp = fetch_wr && (wpath_q || fb_wpm);
    col_n      = {1'b0, eff_col} + {{(CLW + 1 - WW){1'b0}}, fb_kc};
    if (fetch_wr && !wpath_q && !fb_miss && !use_prog) gen_adv = fb_kc;
  end

  // Front-end state: each register is written only when it changes (in simulation a cycle
  // without a fetch, a flush or a count running costs nothing here).
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      row_q     <= {RAW{1'b0}};
      col_q     <= {CLW{1'b0}};
      ic_wait_q <= {ICW{1'b0}};
      ic_flag_q <= 1'b0;
      ic_srv_q  <= 1'b0;
      pen_q     <= {PENW{1'b0}};
      wpath_q   <= 1'b0;
      bpm_q     <= 1'b0;
      fseq_q    <= 32'd0;
    end else begin
      if (ic_wait_q != {ICW{1'b0}}) ic_wait_q <= ic_wait_q - 1'b1;
      if (pen_q != {PENW{1'b0}})    pen_q     <= pen_q - 1'b1;
      if (fetch_go_i) fseq_q <= fseq_q + {{(32 - WW){1'b0}}, fb_nf};
      if (fetch_wr && !wpath_q) begin
        bpm_q <= fb_wpm;  // the first correct-path fetch after a redirect ends bpred_miss
        if (fb_miss) begin
          ic_wait_q <= IC_WAIT;
          ic_flag_q <= 1'b1;
          ic_srv_q  <= 1'b1;
        end else begin
          ic_flag_q <= 1'b0;
          ic_srv_q  <= 1'b0;
          wpath_q   <= fb_wpm;
          if (use_prog) begin
            if (col_n == W32[CLW:0]) begin
              row_q <= ({{(32 - RAW){1'b0}}, eff_row} + 1 == ROWS32) ? {RAW{1'b0}} : eff_row + 1'b1;
              col_q <= {CLW{1'b0}};
            end else begin
              row_q <= eff_row;
              col_q <= col_n[CLW-1:0];
            end
          end
        end
      end
      if (flush) begin
        wpath_q <= 1'b0;
        pen_q   <= PEN;
      end
    end
  end

  // queues; RS occupancy: dispatched minus issued, recounted after a flush (the entries older
  // than the branch not issued yet; those dispatched in this cycle are younger); outstanding
  // Dcache misses: the missing loads with a pending completion (a miss has latency MISS_LAT, so
  // with MISS_LAT > 1 every issued miss waits in the countdown until it completes): plus the
  // ones issued now, minus the ones completing now, recounted after a flush.
  reg [WW-1:0]   fq_push;
  reg [ROB-1:0]  cv;
  /* verilator lint_off UNUSEDSIGNAL */  // counts below ROB
  reg [31:0]     qcnt;
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    cv   = {ROB{1'b0}};
    qcnt = 32'd0;
    if (flush) begin
      qcnt     = popc(rsv & ~iss_vec & keep);
      rs_cnt_d = qcnt[RSC-1:0];
      qcnt     = popc(cd_act_d & rob_dm_q);
      pend_d   = qcnt[ROBC-1:0];
    end else begin
      rs_cnt_d = rs_cnt_q + {{(RSC - WW){1'b0}}, disp_n_i} - {{(RSC - WW){1'b0}}, iss_n_i};
      pend_d   = pend_q;
      if (MISS_LAT > 1) pend_d = pend_d + {{(ROBC - WW){1'b0}}, in_dmiss};
      cv = sch_now & rob_dm_q;
      if (cv != {ROB{1'b0}}) begin
        qcnt   = popc(cv);
        pend_d = pend_d - qcnt[ROBC-1:0];
      end
    end
    fq_push   = fetch_wr ? fb_nf : {WW{1'b0}};
    fq_head_d = fq_add(fq_head_q, {{(32 - WW){1'b0}}, disp_n_i});
    fq_cnt_d  = flush ? {FQC{1'b0}} :
                fq_cnt_q - {{(FQC - WW){1'b0}}, disp_n_i} + {{(FQC - WW){1'b0}}, fq_push};
    rob_head_d = rob_add(rob_head_q, {{(32 - WW){1'b0}}, com_n_i});
    rob_cnt_d  = flush ? flush_age + 1'b1 - {{(ROBC - WW){1'b0}}, com_n_i} :
                 rob_cnt_q + {{(ROBC - WW){1'b0}}, disp_n_i} - {{(ROBC - WW){1'b0}}, com_n_i};
    priv_d     = last_kern;
  end

  // Per-entry bits: the dispatch group goes to the entries from the tail on. (The properties
  // set at dispatch are written below only in a cycle with a dispatch.)
  reg [ROB-1:0] alloc;
  reg [ROB-1:0] keep;            // entries that survive a flush
  /* verilator lint_off UNUSEDSIGNAL */  // shift carries
  reg [ROB:0]     klm;
  reg [2*ROB-1:0] krot;
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    alloc       = {ROB{1'b0}};
    rob_pdone_d = pready;
    if (disp_n_i != {WW{1'b0}}) begin
      alloc       = v_al;
      rob_pdone_d = (pready & ~alloc) | v_pd;
    end
    rob_iss_d  = (rob_iss_q | iss_vec) & ~alloc;
    // completion: 1-cycle instructions at once, the others through the countdown
    rob_done_d = (rob_done_q | sch_now | (iss_vec & ~rob_ll_q)) & ~alloc;
    // a flush drops the younger entries' pending completions
    keep       = {ROB{1'b1}};
    klm        = {(ROB + 1){1'b0}};
    krot       = {(2 * ROB){1'b0}};
    // rotl(lowmask(flush_age + 1), rob_head_q) written out: although it only runs after a
    // flush, calling the two functions here measured +3.6M (about 180 per cycle)
    if (flush) begin
      klm  = ({{ROB{1'b0}}, 1'b1} << (flush_age + 1'b1)) - 1'b1;
      krot = {klm[ROB-1:0], klm[ROB-1:0]} << rob_head_q;
      keep = krot[2*ROB-1:ROB];
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rob_dm_q  <= {ROB{1'b0}};
      rob_ll_q  <= {ROB{1'b0}};
      rob_wp_q  <= {ROB{1'b0}};
      rob_mbr_q <= {ROB{1'b0}};
    end else if (disp_n_i != {WW{1'b0}}) begin
      rob_dm_q  <= (rob_dm_q & ~alloc) | v_dm;
      rob_ll_q  <= (rob_ll_q & ~alloc) | v_ll;
      rob_wp_q  <= (rob_wp_q & ~alloc) | v_wp;
      rob_mbr_q <= (rob_mbr_q & ~alloc) | v_mbr;
    end
  end

  // Completion countdown, bit-sliced: entry i has a pending completion while cd_act_q[i] is 1,
  // and its count (the clock edges left before it completes, minus 1) has bit k at plane k of
  // cd_q, bit i. Every cycle the pending entries whose count is 0 complete (sch_now, which feeds
  // rob_done_d above), the others count down, and the entries issued now with latency L > 1
  // start at L - 2. A flush drops the younger entries' pending completions. (The count of an
  // entry with nothing pending is not looked at.)
  localparam LROW = (LONG_LAT > 1) ? LONG_LAT - 2 : 0;
  localparam MROW = (MISS_LAT > 1) ? MISS_LAT - 2 : 0;
  localparam CDB  = (SCH > 1) ? $clog2(SCH) : 1;  // bits of a count 0..SCH-1
  localparam [31:0] LROW32 = LROW;
  localparam [31:0] MROW32 = MROW;
  reg [ROB-1:0]     cd_act_q;
  reg [ROB-1:0]     cd_act_d;
  reg [CDB*ROB-1:0] cd_q;
  reg [CDB*ROB-1:0] cd_d;
  reg [ROB-1:0]     ins_l;       // issued now with latency LONG_LAT > 1
  reg [ROB-1:0]     ins_m;       // issued now with latency MISS_LAT > 1
  reg [ROB-1:0]     ins;
  reg [ROB-1:0]     sch_now;
  reg [ROB-1:0]     cd_nz;       // count not 0
  reg [ROB-1:0]     cd_bw;       // borrow into plane k
  integer           p;
  always @* begin
    ins_l = iss_vec & rob_ll_q & ~rob_dm_q;
    ins_m = iss_vec & rob_ll_q & rob_dm_q;
    ins   = ins_l | ins_m;
    cd_nz = {ROB{1'b0}};
    for (p = 0; p < CDB; p = p + 1) begin
      cd_nz = cd_nz | cd_q[p*ROB +: ROB];
    end
    sch_now  = cd_act_q & ~cd_nz;
    cd_act_d = ((cd_act_q & ~sch_now) | ins) & keep;
    cd_bw    = {ROB{1'b1}};
    for (p = 0; p < CDB; p = p + 1) begin
      cd_d[p*ROB +: ROB] = ((cd_q[p*ROB +: ROB] ^ cd_bw) & ~ins) |
                           (LROW32[p] ? ins_l : {ROB{1'b0}}) | (MROW32[p] ? ins_m : {ROB{1'b0}});
      cd_bw              = cd_bw & ~cd_q[p*ROB +: ROB];
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cd_act_q <= {ROB{1'b0}};
      cd_q     <= {(CDB * ROB){1'b0}};
    end else if ((cd_act_q | ins) != {ROB{1'b0}}) begin
      cd_act_q <= cd_act_d;
      cd_q     <= cd_d;
    end
  end

  // Entry writes (array ports).
  integer f;
  always @(posedge clk_i) begin
    // a fetch writes all W entries from the tail (fetch_go_i needs W free entries; the words
    // after the block are not valid entries and are written again by the next fetch)
    if (fetch_wr) begin
      for (f = 0; f < W; f = f + 1) begin
        fq_e_q[fq_add(fq_head_q, {{(32 - FQC){1'b0}}, fq_cnt_q} + f)] <= fb_e[f*EW +: EW];
      end
    end
    for (f = 0; f < W; f = f + 1) begin
      if (f[WW-1:0] < disp_n_i) begin
        rob_q[a_slot[f]] <= a_w[f];
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      priv_q      <= 1'b0;
      fq_head_q   <= {FQI{1'b0}};
      fq_cnt_q    <= {FQC{1'b0}};
      rob_iss_q   <= {ROB{1'b0}};
      rob_done_q  <= {ROB{1'b0}};
      rob_pdone_q <= {ROB{1'b0}};
      rob_head_q  <= {ROBI{1'b0}};
      rob_cnt_q   <= {ROBC{1'b0}};
      rs_cnt_q    <= {RSC{1'b0}};
      pend_q      <= {ROBC{1'b0}};
    end else begin
      // (written only in the cycles that can change them)
      if (com_n_i != {WW{1'b0}}) begin
        priv_q     <= priv_d;
        rob_head_q <= rob_head_d;
      end
      if (disp_n_i != {WW{1'b0}}) fq_head_q <= fq_head_d;
      if (fetch_wr || disp_n_i != {WW{1'b0}} || flush) fq_cnt_q <= fq_cnt_d;
      if (iss_n_i != {WW{1'b0}} || disp_n_i != {WW{1'b0}}) rob_iss_q <= rob_iss_d;
      if (sch_now != {ROB{1'b0}} || iss_n_i != {WW{1'b0}} || disp_n_i != {WW{1'b0}}) begin
        rob_done_q <= rob_done_d;
      end
      if (need != {ROB{1'b0}} || disp_n_i != {WW{1'b0}}) rob_pdone_q <= rob_pdone_d;
      if (disp_n_i != {WW{1'b0}} || com_n_i != {WW{1'b0}} || flush) rob_cnt_q <= rob_cnt_d;
      if (disp_n_i != {WW{1'b0}} || iss_n_i != {WW{1'b0}} || flush) rs_cnt_q <= rs_cnt_d;
      pend_q <= pend_d;  // every cycle: writing it only when it changes measured +2.6M
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Trace fields (core_stub builds the slots, docs/core.md section 8). Fetch: the block as
  // fetched (also one a flush discards in the same cycle). Dispatch, issue, commit and the flush
  // sequence number are gathered only while the trace is enabled (they are 0 otherwise); issue
  // takes the same entries as the issue logic above, oldest first.
  // ---------------------------------------------------------------------------------------------
  assign trc_fseq_o = fseq_q;
  assign trc_fn_o   = fb_nf;
  assign trc_fe_o   = fb_e;
  assign trc_dseq_o = fq_seq0;

  reg [ROB-1:0]  tq;
  reg [ROBI-1:0] tidx;
  /* verilator lint_off UNUSEDSIGNAL */  // the producer field is not used here
  reg [RBW-1:0]  tw;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [LATW:0]   tlat;
  integer        tj;
  always @* begin
    trc_de_o    = {(W * EW){1'b0}};
    trc_iseq_o  = {(W * 32){1'b0}};
    trc_iat_o   = {(W * 16){1'b0}};
    trc_cseq_o  = {(W * 32){1'b0}};
    trc_cat_o   = {(W * 9){1'b0}};
    trc_flseq_o = 32'd0;
    tq          = {ROB{1'b0}};
    tidx        = {ROBI{1'b0}};
    tw          = {RBW{1'b0}};
    tlat        = {(LATW + 1){1'b0}};
    if (trc_en_i) begin
      tq = sel;
      for (tj = 0; tj < W; tj = tj + 1) begin
        if (tj[WW-1:0] < disp_n_i) begin
          trc_de_o[tj*EW +: EW] = fq_e_q[fq_add(fq_head_q, tj)];
        end
        if (tj[WW-1:0] < iss_n_i) begin
          tidx = rob_add(rob_head_q, {{(32 - ROBI){1'b0}}, ctz(tq)});
          tq   = tq & (tq - 1'b1);
          tw   = rob_q[tidx];
          // the latency from the entry's bits: LONG_LAT or MISS_LAT exactly when it is above 1,
          // MISS_LAT exactly for a Dcache miss
          tlat = !rob_ll_q[tidx] ? {{LATW{1'b0}}, 1'b1} : rob_dm_q[tidx] ? MISS_L : LONG_L;
          trc_iseq_o[tj*32 +: 32] = tw[EW +: 32];
          trc_iat_o[tj*16 +: 16]  = {tw[9], {(14 - LATW){1'b0}}, tlat};
          if (rob_mbr_q[tidx]) trc_flseq_o = tw[EW +: 32];
        end
        if (tj[WW-1:0] < com_n_i) begin
          tw = rob_q[rob_add(rob_head_q, tj)];
          trc_cseq_o[tj*32 +: 32] = tw[EW +: 32];
          trc_cat_o[tj*9 +: 9]    = tw[8:0];
        end
      end
    end
  end

endmodule

// StallScope core stub: a small out-of-order SMT core that drives the PMU (docs/core.md).
//
// It runs synthetic programs (streams of instruction attributes), not an ISA:
//   u_arb        shares the width W among the threads: the fetch slot and the dispatch and
//                commit shares decided in the cycle before, rotating priority (core_arb)
//   g_thr[t]     one thread: front end, back end and its PMU event inputs (core_thread); the
//                threads' buses are the PMU's event inputs (docs/spec.md section 2)
//   u_trc        the per-stage trace slots (core_trace, docs/core.md "Trace port")
// Here: the configuration register, the registered trace enable, the reference tick and the
// output registers. Every top-level input is registered before any logic uses it (cfg_i,
// trc_en_i) or only written into registers (seed_i and the load port), so nothing depends
// combinationally on an input; every output is a register (the PMU event inputs and the trace
// port show in cycle t+1 what the core did in cycle t), so nothing outside depends
// combinationally on the core's logic.

`include "pmu_map.vh"

module core_stub #(
  parameter THREADS    = 2,
  parameter W          = 4,
  parameter FQ         = 16,
  parameter ROB        = 32,
  parameter RS         = 16,
  parameter LONG_LAT   = 6,
  parameter MISS_LAT   = 20,
  parameter IC_LAT     = 10,
  parameter BR_PEN     = 3,
  parameter PROG_DEPTH = 1024,
  parameter REF_DIV    = 4,     // ref_tick_o is 1 every REF_DIV-th cycle
  parameter PROG_FILE  = "",    // simulation only: initial program of every thread
  parameter NW         = 4,     // PMU: width of the per-stage counts
  parameter LW         = 8,     // PMU: width of one event lane
  parameter SAMPLER    = 1      // PMU: it has the sampler (spec 7): 1 drives cmt_pc_o/cmt_sig_o;
                                //   0 holds them at 0, with no logic for them
) (
  input  wire                              clk_i,
  input  wire                              rst_ni,
  input  wire [31:0]                       cfg_i,
  input  wire [31:0]                       seed_i,
  // program load port (used during reset)
  input  wire                              prog_we_i,
  input  wire [2:0]                        prog_tid_i,
  input  wire [15:0]                       prog_addr_i,
  input  wire [15:0]                       prog_data_i,
  // PMU event inputs (docs/spec.md section 2)
  // PMU event inputs (docs/spec.md section 2), registered: cycle t+1 shows the core's cycle t
  // (docs/core.md section 2), the cycle after reset an empty core
  output reg  [THREADS-1:0]                priv_o,
  output reg                               ref_tick_o,
  output reg  [THREADS*`PMU_NEXT*LW-1:0]   ev_ext_o,
  output reg  [THREADS*NW-1:0]             slot_fill_o,
  output reg  [THREADS*NW-1:0]             slot_issue_o,
  output reg  [THREADS*NW-1:0]             slot_retire_o,
  output reg  [THREADS*3*NW-1:0]           stk_n_o,
  output reg  [THREADS*2*NW-1:0]           stk_wp_o,
  output reg  [THREADS*`PMU_NFLAG-1:0]     stk_flags_o,
  // the committed instructions for the PMU's sampler (docs/spec.md 7.8): thread t's slot j
  // (j < its count of stk_n_o's commit stage, else 0) at (t*W+j)*16 and (t*W+j)*5
  output reg  [THREADS*W*16-1:0]           cmt_pc_o,     // program address
  output reg  [THREADS*W*5-1:0]            cmt_sig_o,    // event signature
  // trace port, registered like the events (cycle t+1 shows the core's cycle t, the cycle after
  // reset no slot); trc_en_i is registered too: the slots shown in cycle t are filled when
  // trc_en_i was 1 in cycle t-2, else they are all 0
  input  wire                              trc_en_i,
  output reg  [W*64-1:0]                   trc_fetch_o,
  output reg  [W*64-1:0]                   trc_disp_o,
  output reg  [W*64-1:0]                   trc_issue_o,
  output reg  [W*64-1:0]                   trc_commit_o,
  output reg  [THREADS*64-1:0]             trc_flush_o
);

  localparam WW   = $clog2(W + 1);
  localparam PAW  = (PROG_DEPTH > 1) ? $clog2(PROG_DEPTH) : 1;
  localparam NEXT = `PMU_NEXT;
  localparam NFL  = `PMU_NFLAG;
  localparam RDW  = (REF_DIV > 1) ? $clog2(REF_DIV) : 1;
  localparam [31:0] RDM1 = REF_DIV - 1;
  localparam NINT = `PMU_NL - `PMU_NEXT;       // PMU-internal lanes before the external ones

  // What the outputs show in the cycle after reset: a thread without instructions (flags
  // fe_empty, rs_empty, rob_empty; lane rs_empty 1; every count 0), as in the core's cycle 0.
  localparam [NFL-1:0]     FL_EMPTY = ({{(NFL - 1){1'b0}}, 1'b1} << `PMU_FLG_FE_EMPTY) |
                                      ({{(NFL - 1){1'b0}}, 1'b1} << `PMU_FLG_RS_EMPTY) |
                                      ({{(NFL - 1){1'b0}}, 1'b1} << `PMU_FLG_ROB_EMPTY);
  localparam [NEXT*LW-1:0] EXT_EMPTY = {{(NEXT * LW - 1){1'b0}}, 1'b1} <<
                                       ((`PMU_LANE_RS_EMPTY - NINT) * LW);

  // the outputs' next values (the threads' event buses, the reference tick, the trace slots)
  wire [THREADS-1:0]         priv_c;
  wire                       ref_tick_c;
  wire [THREADS*NEXT*LW-1:0] ext_c;
  wire [THREADS*NW-1:0]      fill_c;
  wire [THREADS*NW-1:0]      issue_c;
  wire [THREADS*NW-1:0]      retire_c;
  wire [THREADS*3*NW-1:0]    stk_n_c;
  wire [THREADS*2*NW-1:0]    stk_wp_c;
  wire [THREADS*NFL-1:0]     flags_c;
  wire [THREADS*W*16-1:0]    cmt_pc_c;
  wire [THREADS*W*5-1:0]     cmt_sig_c;
  wire [W*64-1:0]            trc_fetch_c;
  wire [W*64-1:0]            trc_disp_c;
  wire [W*64-1:0]            trc_issue_c;
  wire [W*64-1:0]            trc_commit_c;
  wire [THREADS*64-1:0]      trc_flush_c;

  // Only PAW bits of the program address are used.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [15:0] addr_all = prog_addr_i;
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------------------------
  // Configuration: loaded from cfg_i at every clock edge in reset, held afterwards (loaded at the
  // edge, so no logic depends combinationally on cfg_i). Its fields: core_cfg.vh. The reserved
  // bits and the idle bits of threads >= THREADS are read by nothing (synthesis drops them).
  // ---------------------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDPARAM */
  `include "core_cfg.vh"
  /* verilator lint_on UNUSEDPARAM */
  /* verilator lint_off UNUSEDSIGNAL */
  reg  [31:0] cfg_q;
  /* verilator lint_on UNUSEDSIGNAL */
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_q <= cfg_i;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Trace enable: registered (the slots of cycle t show when trc_en_i was 1 in cycle t-1);
  // sampled at every clock edge, also in reset.
  // ---------------------------------------------------------------------------------------------
  reg trc_en_q;
  always @(posedge clk_i) begin
    trc_en_q <= trc_en_i;
  end

  // ---------------------------------------------------------------------------------------------
  // Reference tick
  // ---------------------------------------------------------------------------------------------
  reg [RDW-1:0] ref_q;
  reg [RDW-1:0] ref_d;
  assign ref_tick_c = (ref_q == RDM1[RDW-1:0]);
  always @* begin
    ref_d = ref_tick_c ? {RDW{1'b0}} : ref_q + 1'b1;
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ref_q <= {RDW{1'b0}};
    end else begin
      ref_q <= ref_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Width arbitration
  // ---------------------------------------------------------------------------------------------
  wire [THREADS-1:0]    fetch_able;
  wire [THREADS-1:0]    fetch_go;
  wire [THREADS*WW-1:0] disp_avail;
  wire [THREADS*W-1:0]  disp_fill;
  wire [THREADS*W-1:0]  disp_g;
  wire [THREADS*W-1:0]  com_fill;
  wire [THREADS*W-1:0]  com_g;
  wire [THREADS*WW-1:0] iss_avail;
  wire [THREADS*W-1:0]  iss_fill;
  wire [THREADS*W-1:0]  iss_g;
  wire [THREADS*WW-1:0] com_avail;
  wire [THREADS*WW-1:0] disp_n;
  wire [THREADS*WW-1:0] iss_n;
  wire [THREADS*WW-1:0] com_n;
  wire [THREADS*WW-1:0] disp_off;
  wire [THREADS*WW-1:0] iss_off;
  wire [THREADS*WW-1:0] com_off;

  core_arb #(
    .THREADS (THREADS),
    .W       (W),
    .WW      (WW)
  ) u_arb (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .fetch_able_i (fetch_able),
    .fetch_go_o   (fetch_go),
    .disp_avail_i (disp_avail),
    .disp_fill_i  (disp_fill),
    .iss_avail_i  (iss_avail),
    .iss_fill_i   (iss_fill),
    .com_avail_i  (com_avail),
    .com_fill_i   (com_fill),
    .disp_n_o     (disp_n),
    .disp_g_o     (disp_g),
    .iss_n_o      (iss_n),
    .iss_g_o      (iss_g),
    .com_n_o      (com_n),
    .com_g_o      (com_g),
    .disp_off_o   (disp_off),
    .iss_off_o    (iss_off),
    .com_off_o    (com_off)
  );

  // ---------------------------------------------------------------------------------------------
  // Threads
  // ---------------------------------------------------------------------------------------------
  // trace fields of the threads (core_thread ports trc_*)
  wire [THREADS*32-1:0]       t_fseq;
  wire [THREADS*WW-1:0]       t_fn;
  wire [THREADS*W*10-1:0]     t_fe;
  wire [THREADS*32-1:0]       t_dseq;
  wire [THREADS*W*10-1:0]     t_de;
  wire [THREADS*W*32-1:0]     t_iseq;
  wire [THREADS*W*16-1:0]     t_iat;
  wire [THREADS*W*32-1:0]     t_cseq;
  wire [THREADS*W*9-1:0]      t_cat;
  wire [THREADS-1:0]          t_fl;
  wire [THREADS*32-1:0]       t_flseq;

  genvar gt;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_thr
      core_thread #(
        .W          (W),
        .FQ         (FQ),
        .ROB        (ROB),
        .RS         (RS),
        .LONG_LAT   (LONG_LAT),
        .MISS_LAT   (MISS_LAT),
        .IC_LAT     (IC_LAT),
        .BR_PEN     (BR_PEN),
        .PROG_DEPTH (PROG_DEPTH),
        .PROG_FILE  (PROG_FILE),
        .NW         (NW),
        .LW         (LW),
        .SAMPLER    (SAMPLER),
        .WW         (WW),
        .PAW        (PAW)
      ) u_thr (
        .clk_i        (clk_i),
        .rst_ni       (rst_ni),
        .tid_i        (gt[2:0]),
        .cfg_i        (cfg_q),
        .idle_i       (cfg_q[CFG_IDLE_LSB+gt]),
        .seed_i       (seed_i),
        .prog_we_i    (prog_we_i),
        .prog_tid_i   (prog_tid_i),
        .prog_addr_i  (prog_addr_i[PAW-1:0]),
        .prog_data_i  (prog_data_i),
        .fetch_able_o (fetch_able[gt]),
        .fetch_go_i   (fetch_go[gt]),
        .disp_avail_o (disp_avail[gt*WW +: WW]),
        .disp_fill_o  (disp_fill[gt*W +: W]),
        .disp_n_i     (disp_n[gt*WW +: WW]),
        .disp_g_i     (disp_g[gt*W +: W]),
        .iss_avail_o  (iss_avail[gt*WW +: WW]),
        .iss_fill_o   (iss_fill[gt*W +: W]),
        .iss_n_i      (iss_n[gt*WW +: WW]),
        .iss_g_i      (iss_g[gt*W +: W]),
        .com_avail_o  (com_avail[gt*WW +: WW]),
        .com_fill_o   (com_fill[gt*W +: W]),
        .com_n_i      (com_n[gt*WW +: WW]),
        .com_g_i      (com_g[gt*W +: W]),
        .priv_o       (priv_c[gt]),
        .fill_o       (fill_c[gt*NW +: NW]),
        .alloc_o      (issue_c[gt*NW +: NW]),
        .retire_o     (retire_c[gt*NW +: NW]),
        .stk_n_o      (stk_n_c[gt*3*NW +: 3*NW]),
        .stk_wp_o     (stk_wp_c[gt*2*NW +: 2*NW]),
        .flags_o      (flags_c[gt*NFL +: NFL]),
        .ext_o        (ext_c[gt*NEXT*LW +: NEXT*LW]),
        .trc_en_i     (trc_en_q),
        .trc_fseq_o   (t_fseq[gt*32 +: 32]),
        .trc_fn_o     (t_fn[gt*WW +: WW]),
        .trc_fe_o     (t_fe[gt*W*10 +: W*10]),
        .trc_dseq_o   (t_dseq[gt*32 +: 32]),
        .trc_de_o     (t_de[gt*W*10 +: W*10]),
        .trc_iseq_o   (t_iseq[gt*W*32 +: W*32]),
        .trc_iat_o    (t_iat[gt*W*16 +: W*16]),
        .trc_cseq_o   (t_cseq[gt*W*32 +: W*32]),
        .trc_cat_o    (t_cat[gt*W*9 +: W*9]),
        .trc_fl_o     (t_fl[gt]),
        .trc_flseq_o  (t_flseq[gt*32 +: 32]),
        .cmt_pc_o     (cmt_pc_c[gt*W*16 +: W*16]),
        .cmt_sig_o    (cmt_sig_c[gt*W*5 +: W*5])
      );
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // Trace port (docs/core.md section 8)
  // ---------------------------------------------------------------------------------------------
  core_trace #(
    .THREADS (THREADS),
    .W       (W),
    .WW      (WW)
  ) u_trc (
    .en_i       (trc_en_q),
    .fetch_go_i (fetch_go),
    .fseq_i     (t_fseq),
    .fn_i       (t_fn),
    .fe_i       (t_fe),
    .dseq_i     (t_dseq),
    .de_i       (t_de),
    .iseq_i     (t_iseq),
    .iat_i      (t_iat),
    .cseq_i     (t_cseq),
    .cat_i      (t_cat),
    .fl_i       (t_fl),
    .flseq_i    (t_flseq),
    .disp_n_i   (disp_n),
    .disp_off_i (disp_off),
    .iss_n_i    (iss_n),
    .iss_off_i  (iss_off),
    .com_n_i    (com_n),
    .com_off_i  (com_off),
    .fetch_o    (trc_fetch_c),
    .disp_o     (trc_disp_c),
    .issue_o    (trc_issue_c),
    .commit_o   (trc_commit_c),
    .flush_o    (trc_flush_c)
  );

  // ---------------------------------------------------------------------------------------------
  // Output registers (docs/core.md section 2): the PMU sees every event one cycle later.
  // ---------------------------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      priv_o        <= {THREADS{1'b0}};
      ref_tick_o    <= 1'b0;
      ev_ext_o      <= {THREADS{EXT_EMPTY}};
      slot_fill_o   <= {(THREADS * NW){1'b0}};
      slot_issue_o  <= {(THREADS * NW){1'b0}};
      slot_retire_o <= {(THREADS * NW){1'b0}};
      stk_n_o       <= {(THREADS * 3 * NW){1'b0}};
      stk_wp_o      <= {(THREADS * 2 * NW){1'b0}};
      stk_flags_o   <= {THREADS{FL_EMPTY}};
      cmt_pc_o      <= {(THREADS * W * 16){1'b0}};
      cmt_sig_o     <= {(THREADS * W * 5){1'b0}};
      trc_fetch_o   <= {(W * 64){1'b0}};
      trc_disp_o    <= {(W * 64){1'b0}};
      trc_issue_o   <= {(W * 64){1'b0}};
      trc_commit_o  <= {(W * 64){1'b0}};
      trc_flush_o   <= {(THREADS * 64){1'b0}};
    end else begin
      priv_o        <= priv_c;
      ref_tick_o    <= ref_tick_c;
      ev_ext_o      <= ext_c;
      slot_fill_o   <= fill_c;
      slot_issue_o  <= issue_c;
      slot_retire_o <= retire_c;
      stk_n_o       <= stk_n_c;
      stk_wp_o      <= stk_wp_c;
      stk_flags_o   <= flags_c;
      cmt_pc_o      <= cmt_pc_c;
      cmt_sig_o     <= cmt_sig_c;
      trc_fetch_o   <= trc_fetch_c;
      trc_disp_o    <= trc_disp_c;
      trc_issue_o   <= trc_issue_c;
      trc_commit_o  <= trc_commit_c;
      trc_flush_o   <= trc_flush_c;
    end
  end

endmodule

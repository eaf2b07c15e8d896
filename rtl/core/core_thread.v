// StallScope core stub: one SMT thread (docs/core.md section 5).
//
//   u_fe   front end: program source, fetch, front-end queue (core_frontend)
//   u_be   back end: dispatch, reorder buffer, reservation stations and issue, execution,
//          commit (core_backend)
//   u_ev   the thread's PMU event inputs (core_events)
//
// The width W is shared with the other threads outside this module (core_arb): the thread tells
// what it could do this cycle (fetch_able_o, *_avail_o, from registers only) and does what it is
// granted (fetch_go_i, *_n_i) in the same cycle; fetch, dispatch and commit are granted within
// registers of core_arb decided in the cycle before (docs/core.md section 5). An instruction fetched in cycle c can dispatch
// in c+1, be selected in c+2, issue in c+3 and, with latency L, complete and commit in c+3+L. A
// consumer can be selected in the cycle after its producer completes and issue in the next. A
// mispredicted branch flushes the younger instructions of the thread at the end of the cycle it
// issues in.

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
  parameter SAMPLER    = 1,    // cmt_pc_o/cmt_sig_o driven (1) or held at 0 (core_stub)
  parameter WW         = 3,    // width of a count 0..W
  parameter PAW        = 10    // program word address width
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire [2:0]               tid_i,         // this thread's number
  input  wire [31:0]              cfg_i,         // core_stub's cfg_q (fields: core_cfg.vh)
  input  wire                     idle_i,        // the thread never fetches
  input  wire [31:0]              seed_i,
  input  wire                     prog_we_i,     // a program word write for thread prog_tid_i
  input  wire [2:0]               prog_tid_i,
  input  wire [PAW-1:0]           prog_addr_i,
  input  wire [15:0]              prog_data_i,
  // width arbitration
  output wire                     fetch_able_o,
  input  wire                     fetch_go_i,
  output wire [WW-1:0]            disp_avail_o,
  output wire [W-1:0]             disp_fill_o,   // the same as bits (k < disp_avail_o)
  input  wire [WW-1:0]            disp_n_i,
  input  wire [W-1:0]             disp_g_i,      // the same as bits (slot k granted)
  output wire [WW-1:0]            iss_avail_o,
  output wire [W-1:0]             iss_fill_o,    // the same as bits (slot k filled)
  input  wire [WW-1:0]            iss_n_i,
  input  wire [W-1:0]             iss_g_i,       // the same as bits (slot k granted)
  output wire [WW-1:0]            com_avail_o,
  output wire [W-1:0]             com_fill_o,    // the same as bits (k < com_avail_o)
  input  wire [WW-1:0]            com_n_i,
  input  wire [W-1:0]             com_g_i,       // the same as bits (slot k granted)
  // PMU event inputs of this thread
  output wire                     priv_o,
  output wire [NW-1:0]            fill_o,
  output wire [NW-1:0]            alloc_o,       // I: dispatched, wrong path included
  output wire [NW-1:0]            retire_o,      // R
  output wire [3*NW-1:0]          stk_n_o,       // n: dispatch, issue, commit
  output wire [2*NW-1:0]          stk_wp_o,      // wrong path: dispatch, issue
  output wire [`PMU_NFLAG-1:0]    flags_o,
  output wire [`PMU_NEXT*LW-1:0]  ext_o,
  // trace (core_trace packs the slots): slot j = the j-th instruction of this thread in the
  // stage this cycle. trc_en_i is core_stub's registered trace enable; while it is 0 the
  // dispatch, issue and commit fields below are 0 (nothing is gathered for them).
  input  wire                     trc_en_i,
  output wire [31:0]              trc_fseq_o,    // fetch: sequence number of word 0
  output wire [WW-1:0]            trc_fn_o,      //   words fetched (when fetch_go_i)
  output wire [W*10-1:0]          trc_fe_o,      //   word j: {wrong path, attr[8:0]}
  output wire [31:0]              trc_dseq_o,    // dispatch: sequence number of slot 0
  output wire [W*10-1:0]          trc_de_o,      //   slot j: {wrong path, attr[8:0]}
  output wire [W*32-1:0]          trc_iseq_o,    // issue: slot j's sequence number
  output wire [W*16-1:0]          trc_iat_o,     //   slot j: {wrong path, latency[14:0]}
  output wire [W*32-1:0]          trc_cseq_o,    // commit: slot j's sequence number
  output wire [W*9-1:0]           trc_cat_o,     //   slot j: attr[8:0] (never wrong path)
  output wire                     trc_fl_o,      // flush: a mispredicted branch issues
  output wire [31:0]              trc_flseq_o,   //   its sequence number
  // the committed instructions for the sampler (docs/spec.md 7.8): slot j < com_n_i, else 0
  output wire [W*16-1:0]          cmt_pc_o,      //   slot j: program address
  output wire [W*5-1:0]           cmt_sig_o      //   slot j: event signature
);

  // Widths. A count is at least one bit wider than a count 0..W and than the ROB index.
  localparam EW    = 11;                              // FQ entry: {program address 0, wrong path, attr[8:0]}
  localparam FQC0  = $clog2(FQ + 1);
  localparam FQC   = (FQC0 > WW) ? FQC0 : WW + 1;
  localparam ROBI  = (ROB > 1) ? $clog2(ROB) : 1;
  localparam ROBC0 = $clog2(ROB + 1);
  localparam ROBC1 = (ROBC0 > ROBI) ? ROBC0 : ROBI + 1;
  localparam ROBC  = (ROBC1 > WW) ? ROBC1 : WW + 1;
  localparam RSC0  = $clog2(RS + 1);
  localparam RSC   = (RSC0 > WW) ? RSC0 : WW + 1;

  // the configuration word's fields (cfg_i); the idle bits and the reserved ones are not read here
  /* verilator lint_off UNUSEDPARAM */
  `include "core_cfg.vh"
  /* verilator lint_on UNUSEDPARAM */

  // ---------------------------------------------------------------------------------------------
  // Front end
  // ---------------------------------------------------------------------------------------------
  wire [W*EW-1:0] fq_e;
  /* verilator lint_off UNUSEDSIGNAL */  // the trace takes bits 9:0 of a fetched word
  wire [W*EW-1:0] fetch_e;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [FQC-1:0]  fq_cnt;
  wire [31:0]     fseq;
  wire            flush;
  wire            ic_start;
  wire            ic_flag;
  wire            bpm;

  core_frontend #(
    .W          (W),
    .WW         (WW),
    .EW         (EW),
    .FQ         (FQ),
    .FQC        (FQC),
    .IC_LAT     (IC_LAT),
    .BR_PEN     (BR_PEN),
    .PROG_DEPTH (PROG_DEPTH),
    .PROG_FILE  (PROG_FILE),
    .PAW        (PAW)
  ) u_fe (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .tid_i        (tid_i),
    .perf_ic_i    (cfg_i[CFG_PERF_IC_LSB]),
    .perf_bp_i    (cfg_i[CFG_PERF_BP_LSB]),
    .use_prog_i   (cfg_i[CFG_PROG_LSB]),
    .mix_i        (cfg_i[CFG_MIX_LSB +: CFG_MIX_W]),
    .loop_i       (cfg_i[CFG_LOOP_LSB +: CFG_LOOP_W]),
    .idle_i       (idle_i),
    .seed_i       (seed_i),
    .prog_we_i    (prog_we_i),
    .prog_tid_i   (prog_tid_i),
    .prog_addr_i  (prog_addr_i),
    .prog_data_i  (prog_data_i),
    .fetch_able_o (fetch_able_o),
    .fetch_go_i   (fetch_go_i),
    .fetch_n_o    (trc_fn_o),
    .fetch_e_o    (fetch_e),
    .fseq_o       (fseq),
    .flush_i      (flush),
    .disp_n_i     (disp_n_i),
    .disp_e_o     (fq_e),
    .fq_cnt_o     (fq_cnt),
    .ic_start_o   (ic_start),
    .ic_flag_o    (ic_flag),
    .bpm_o        (bpm)
  );

  // ---------------------------------------------------------------------------------------------
  // Back end
  // ---------------------------------------------------------------------------------------------
  wire [WW-1:0]   d_c_n;
  wire [WW-1:0]   d_wp_n;
  wire [WW-1:0]   i_c_n;
  wire [WW-1:0]   i_wp_n;
  wire [WW-1:0]   i_dm_n;
  wire [WW-1:0]   br_ret;
  wire [WW-1:0]   br_misp;
  wire [WW-1:0]   ld_hit;
  wire [WW-1:0]   ld_miss;
  wire [ROBC-1:0] rob_cnt;
  wire [RSC-1:0]  rs_cnt;
  wire [ROBC-1:0] pend;
  wire            head_done;
  wire            head_dm;
  wire            head_ll;
  wire            prod_valid;
  wire            prod_dm;
  wire            prod_ll;

  core_backend #(
    .W        (W),
    .WW       (WW),
    .EW       (EW),
    .FQC      (FQC),
    .ROB      (ROB),
    .ROBI     (ROBI),
    .ROBC     (ROBC),
    .RS       (RS),
    .RSC      (RSC),
    .LONG_LAT (LONG_LAT),
    .MISS_LAT (MISS_LAT),
    .SAMPLER  (SAMPLER)
  ) u_be (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .perf_ic_i    (cfg_i[CFG_PERF_IC_LSB]),
    .perf_dc_i    (cfg_i[CFG_PERF_DC_LSB]),
    .perf_bp_i    (cfg_i[CFG_PERF_BP_LSB]),
    .alu1_i       (cfg_i[CFG_ALU1_LSB]),
    .disp_avail_o (disp_avail_o),
    .disp_fill_o  (disp_fill_o),
    .disp_n_i     (disp_n_i),
    .disp_g_i     (disp_g_i),
    .fq_e_i       (fq_e),
    .fq_cnt_i     (fq_cnt),
    .fseq_i       (fseq),
    .disp_c_o     (d_c_n),
    .disp_wp_o    (d_wp_n),
    .iss_avail_o  (iss_avail_o),
    .iss_fill_o   (iss_fill_o),
    .iss_n_i      (iss_n_i),
    .iss_g_i      (iss_g_i),
    .iss_c_o      (i_c_n),
    .iss_wp_o     (i_wp_n),
    .iss_dm_o     (i_dm_n),
    .flush_o      (flush),
    .com_avail_o  (com_avail_o),
    .com_fill_o   (com_fill_o),
    .com_n_i      (com_n_i),
    .com_g_i      (com_g_i),
    .priv_o       (priv_o),
    .br_ret_o     (br_ret),
    .br_misp_o    (br_misp),
    .ld_hit_o     (ld_hit),
    .ld_miss_o    (ld_miss),
    .rob_cnt_o    (rob_cnt),
    .rs_cnt_o     (rs_cnt),
    .pend_o       (pend),
    .head_done_o  (head_done),
    .head_dm_o    (head_dm),
    .head_ll_o    (head_ll),
    .prod_valid_o (prod_valid),
    .prod_dm_o    (prod_dm),
    .prod_ll_o    (prod_ll),
    .trc_en_i     (trc_en_i),
    .trc_dseq_o   (trc_dseq_o),
    .trc_iseq_o   (trc_iseq_o),
    .trc_iat_o    (trc_iat_o),
    .trc_flseq_o  (trc_flseq_o),
    .trc_cseq_o   (trc_cseq_o),
    .trc_cat_o    (trc_cat_o),
    .cmt_pc_o     (cmt_pc_o),
    .cmt_sig_o    (cmt_sig_o)
  );

  // ---------------------------------------------------------------------------------------------
  // PMU event inputs
  // ---------------------------------------------------------------------------------------------
  core_events #(
    .W    (W),
    .WW   (WW),
    .NW   (NW),
    .LW   (LW),
    .FQC  (FQC),
    .ROB  (ROB),
    .ROBC (ROBC),
    .RS   (RS),
    .RSC  (RSC)
  ) u_ev (
    .fq_cnt_i     (fq_cnt),
    .rob_cnt_i    (rob_cnt),
    .rs_cnt_i     (rs_cnt),
    .pend_i       (pend),
    .disp_n_i     (disp_n_i),
    .disp_c_i     (d_c_n),
    .disp_wp_i    (d_wp_n),
    .iss_n_i      (iss_n_i),
    .iss_c_i      (i_c_n),
    .iss_wp_i     (i_wp_n),
    .iss_dm_i     (i_dm_n),
    .com_n_i      (com_n_i),
    .com_g_i      (com_g_i),
    .br_ret_i     (br_ret),
    .br_misp_i    (br_misp),
    .ld_hit_i     (ld_hit),
    .ld_miss_i    (ld_miss),
    .ic_start_i   (ic_start),
    .ic_flag_i    (ic_flag),
    .bpm_i        (bpm),
    .head_done_i  (head_done),
    .head_dm_i    (head_dm),
    .head_ll_i    (head_ll),
    .prod_valid_i (prod_valid),
    .prod_dm_i    (prod_dm),
    .prod_ll_i    (prod_ll),
    .fill_o       (fill_o),
    .alloc_o      (alloc_o),
    .retire_o     (retire_o),
    .stk_n_o      (stk_n_o),
    .stk_wp_o     (stk_wp_o),
    .flags_o      (flags_o),
    .ext_o        (ext_o)
  );

  // ---------------------------------------------------------------------------------------------
  // Trace fields (core_trace builds the slots, docs/core.md section 8). Fetch: the block as
  // fetched (also one a flush discards in the same cycle); dispatch, issue and commit: only while
  // the trace is enabled.
  // ---------------------------------------------------------------------------------------------
  // The trace's words are {wrong path, attr[8:0]}: the FQ entry without its bit 10.
  genvar gj;
  generate
    for (gj = 0; gj < W; gj = gj + 1) begin : g_tw
      assign trc_fe_o[gj*10 +: 10] = fetch_e[gj*EW +: 10];
      assign trc_de_o[gj*10 +: 10] = trc_en_i ? fq_e[gj*EW +: 10] : 10'd0;
    end
  endgenerate
  assign trc_fseq_o = fseq;
  assign trc_fl_o   = flush;

endmodule

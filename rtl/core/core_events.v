// StallScope core stub: the PMU event inputs of one thread (docs/core.md section 7; the PMU's
// inputs: docs/spec.md section 2).
//
// Combinational: every value comes from the thread's state at the start of the cycle and this
// cycle's grants. The stack flags describe the thread after this cycle's instructions have left
// each stage (e.g. fe_empty: nothing left in the FQ after dispatch).

`include "pmu_map.vh"

module core_events #(
  parameter W    = 4,
  parameter WW   = 3,            // width of a count 0..W
  parameter NW   = 4,            // PMU: width of the per-stage counts
  parameter LW   = 8,            // PMU: width of one event lane
  parameter FQC  = 5,            // FQ, ROB and RS count widths
  parameter ROB  = 32,
  parameter ROBC = 6,
  parameter RS   = 16,
  parameter RSC  = 5
) (
  // occupancy at the start of the cycle
  input  wire [FQC-1:0]           fq_cnt_i,
  input  wire [ROBC-1:0]          rob_cnt_i,
  input  wire [RSC-1:0]           rs_cnt_i,
  input  wire [ROBC-1:0]          pend_i,        // Dcache misses outstanding from earlier cycles
  // this cycle's stages
  input  wire [WW-1:0]            disp_n_i,      // dispatched,
  input  wire [WW-1:0]            disp_c_i,      //   correct path,
  input  wire [WW-1:0]            disp_wp_i,     //   wrong path
  input  wire [WW-1:0]            iss_n_i,       // issued, ...
  input  wire [WW-1:0]            iss_c_i,
  input  wire [WW-1:0]            iss_wp_i,
  input  wire [WW-1:0]            iss_dm_i,      //   Dcache-miss loads
  input  wire [WW-1:0]            com_n_i,       // committed
  input  wire [W-1:0]             com_g_i,       //   the same as bits (slot k committed)
  input  wire [WW-1:0]            br_ret_i,      // commit events (core_commit)
  input  wire [WW-1:0]            br_misp_i,
  input  wire [WW-1:0]            ld_hit_i,
  input  wire [WW-1:0]            ld_miss_i,
  input  wire                     ic_start_i,    // front end (core_fetch)
  input  wire                     ic_flag_i,
  input  wire                     bpm_i,
  input  wire                     head_done_i,   // commit stall (core_commit)
  input  wire                     head_dm_i,
  input  wire                     head_ll_i,
  input  wire                     prod_valid_i,  // issue stall (core_rs)
  input  wire                     prod_dm_i,
  input  wire                     prod_ll_i,
  // PMU event inputs of the thread
  output reg  [NW-1:0]            fill_o,        // slot_fill: FQ entries, up to W
  output reg  [NW-1:0]            alloc_o,       // slot_issue: dispatched, wrong path included
  output reg  [NW-1:0]            retire_o,      // slot_retire: committed
  output reg  [3*NW-1:0]          stk_n_o,       // n: dispatch, issue, commit
  output reg  [2*NW-1:0]          stk_wp_o,      // wrong path: dispatch, issue
  output reg  [`PMU_NFLAG-1:0]    flags_o,
  output reg  [`PMU_NEXT*LW-1:0]  ext_o
);

  localparam NFL  = `PMU_NFLAG;
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

  localparam [31:0]     W32   = W;
  localparam [31:0]     ROB32 = ROB;
  localparam [31:0]     RS32  = RS;
  localparam [ROBC-1:0] ROBN  = ROB32[ROBC-1:0];
  localparam [RSC-1:0]  RSN   = RS32[RSC-1:0];

  function [LW-1:0] lane;        // an event lane from a count (zero-extended or truncated)
    /* verilator lint_off UNUSEDSIGNAL */
    input [31:0] v;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      lane = v[LW-1:0];
    end
  endfunction

  reg [31:0] fill32;
  reg        fe_empty;
  reg        rs_empty;
  reg        rob_empty;
  reg        rob_full;
  reg        rs_full;
  reg [W:0]  ce;
  always @* begin
    fill32   = {{(32 - FQC){1'b0}}, fq_cnt_i};
    if (fill32 > W32) fill32 = W32;
    fill_o   = fill32[NW-1:0];
    alloc_o  = {{(NW - WW){1'b0}}, disp_n_i};
    retire_o = {{(NW - WW){1'b0}}, com_n_i};
    stk_n_o  = {{(NW - WW){1'b0}}, com_n_i, {(NW - WW){1'b0}}, iss_c_i,
                {(NW - WW){1'b0}}, disp_c_i};
    stk_wp_o = {{(NW - WW){1'b0}}, iss_wp_i, {(NW - WW){1'b0}}, disp_wp_i};

    fe_empty  = fq_cnt_i == {{(FQC - WW){1'b0}}, disp_n_i};
    rs_empty  = rs_cnt_i == {{(RSC - WW){1'b0}}, iss_n_i};
    // ce bit n: n entries committed (one-hot, from the grant's bits: no count of the grant
    // before the compare with the ROB count)
    ce        = {com_g_i, 1'b1} & ~{1'b0, com_g_i};
    rob_empty = (ce & ({{W{1'b0}}, 1'b1} << rob_cnt_i)) != {(W + 1){1'b0}};
    rob_full  = rob_cnt_i + {{(ROBC - WW){1'b0}}, disp_n_i} == ROBN;
    rs_full   = rs_cnt_i + {{(RSC - WW){1'b0}}, disp_n_i} == RSN;
    flags_o = ({{(NFL - 1){1'b0}}, fe_empty}     << `PMU_FLG_FE_EMPTY) |
              ({{(NFL - 1){1'b0}}, rs_empty}     << `PMU_FLG_RS_EMPTY) |
              ({{(NFL - 1){1'b0}}, rob_empty}    << `PMU_FLG_ROB_EMPTY) |
              ({{(NFL - 1){1'b0}}, rob_full}     << `PMU_FLG_ROB_FULL) |
              ({{(NFL - 1){1'b0}}, rs_full}      << `PMU_FLG_RS_FULL) |
              ({{(NFL - 1){1'b0}}, ic_flag_i}    << `PMU_FLG_ICACHE_MISS) |
              ({{(NFL - 1){1'b0}}, bpm_i}        << `PMU_FLG_BPRED_MISS) |
              ({{(NFL - 1){1'b0}}, head_done_i}  << `PMU_FLG_HEAD_DONE) |
              ({{(NFL - 1){1'b0}}, head_dm_i}    << `PMU_FLG_HEAD_DMISS) |
              ({{(NFL - 1){1'b0}}, head_ll_i}    << `PMU_FLG_HEAD_LONGLAT) |
              ({{(NFL - 1){1'b0}}, prod_valid_i} << `PMU_FLG_PROD_VALID) |
              ({{(NFL - 1){1'b0}}, prod_dm_i}    << `PMU_FLG_PROD_DMISS) |
              ({{(NFL - 1){1'b0}}, prod_ll_i}    << `PMU_FLG_PROD_LONGLAT);

    ext_o = {(`PMU_NEXT * LW){1'b0}};
    ext_o[L_EXECUTED*LW +: LW] = lane({{(32 - WW){1'b0}}, iss_c_i} + {{(32 - WW){1'b0}}, iss_wp_i});
    ext_o[L_RS_FULL*LW +: LW]  = lane({31'd0, rs_full});
    ext_o[L_ROB_FULL*LW +: LW] = lane({31'd0, rob_full});
    ext_o[L_BR_RET*LW +: LW]   = lane({{(32 - WW){1'b0}}, br_ret_i});
    ext_o[L_BR_MISP*LW +: LW]  = lane({{(32 - WW){1'b0}}, br_misp_i});
    ext_o[L_IC_MISS*LW +: LW]  = lane({31'd0, ic_start_i});
    ext_o[L_LD_HIT*LW +: LW]   = lane({{(32 - WW){1'b0}}, ld_hit_i});
    ext_o[L_LD_MISS*LW +: LW]  = lane({{(32 - WW){1'b0}}, ld_miss_i});
    ext_o[L_L1D_PEND*LW +: LW] = lane({{(32 - ROBC){1'b0}}, pend_i} +
                                      {{(32 - WW){1'b0}}, iss_dm_i});
    ext_o[L_ROB_OCC*LW +: LW]  = lane({{(32 - ROBC){1'b0}}, rob_cnt_i});
    ext_o[L_RS_OCC*LW +: LW]   = lane({{(32 - RSC){1'b0}}, rs_cnt_i});
    ext_o[L_RS_EMPTY*LW +: LW] = lane({31'd0, rs_empty});
  end

endmodule

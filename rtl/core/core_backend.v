// StallScope core stub: back end of one thread (docs/core.md section 5).
//
//   u_disp    dispatch: FQ entries to ROB and RS entries (core_dispatch)
//   u_rob     reorder buffer (core_rob)
//   u_rs      reservation stations and issue, flushes (core_rs)
//   u_exec    execution latencies, outstanding Dcache misses (core_exec)
//   u_commit  commit (core_commit)

module core_backend #(
  parameter W        = 4,
  parameter WW       = 3,        // width of a count 0..W
  parameter EW       = 11,       // FQ entry: {program address 0, wrong path, attr[8:0]}
  parameter FQC      = 5,        // FQ count width
  parameter ROB      = 32,
  parameter ROBI     = 5,        // ROB index width
  parameter ROBC     = 6,        // ROB count width
  parameter RS       = 16,
  parameter RSC      = 5,        // RS count width
  parameter LONG_LAT = 6,
  parameter MISS_LAT = 20,
  parameter SAMPLER  = 1         // cmt_pc_o/cmt_sig_o driven (1) or held at 0 (core_commit)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              perf_ic_i,     // knobs: perfect Icache, perfect Dcache, perfect
  input  wire              perf_dc_i,     //   branch prediction, 1-cycle ALU
  input  wire              perf_bp_i,
  input  wire              alu1_i,
  // dispatch
  output wire [WW-1:0]     disp_avail_o,
  output wire [W-1:0]      disp_fill_o,   // the same as bits (k < disp_avail_o)
  input  wire [WW-1:0]     disp_n_i,
  input  wire [W-1:0]      disp_g_i,      // the same as bits (slot k granted)
  input  wire [W*EW-1:0]   fq_e_i,        // the W oldest FQ entries (core_frontend)
  input  wire [FQC-1:0]    fq_cnt_i,
  input  wire [31:0]       fseq_i,        // sequence number of the next fetched instruction
  output wire [WW-1:0]     disp_c_o,      // dispatched: correct path, wrong path
  output wire [WW-1:0]     disp_wp_o,
  // issue
  output wire [WW-1:0]     iss_avail_o,
  output wire [W-1:0]      iss_fill_o,    // the same as bits (slot k filled)
  input  wire [WW-1:0]     iss_n_i,
  input  wire [W-1:0]      iss_g_i,       // the same as bits (slot k granted)
  output wire [WW-1:0]     iss_c_o,       // issued: correct path, wrong path, Dcache misses
  output wire [WW-1:0]     iss_wp_o,
  output wire [WW-1:0]     iss_dm_o,
  output wire              flush_o,       // a mispredicted branch issues
  // commit
  output wire [WW-1:0]     com_avail_o,
  output wire [W-1:0]      com_fill_o,    // the same as bits (k < com_avail_o)
  input  wire [WW-1:0]     com_n_i,
  input  wire [W-1:0]      com_g_i,       // the same as bits (slot k granted)
  output wire              priv_o,        // kernel bit of the last committed instruction
  output wire [WW-1:0]     br_ret_o,      // committed: branches, mispredicted branches,
  output wire [WW-1:0]     br_misp_o,     //   loads that hit and that missed the Dcache
  output wire [WW-1:0]     ld_hit_o,
  output wire [WW-1:0]     ld_miss_o,
  // stall signals
  output wire [ROBC-1:0]   rob_cnt_o,     // ROB and RS entries at the start of the cycle
  output wire [RSC-1:0]    rs_cnt_o,
  output wire [ROBC-1:0]   pend_o,        // Dcache misses outstanding from earlier cycles
  output wire              head_done_o,   // commit stall (core_commit)
  output wire              head_dm_o,
  output wire              head_ll_o,
  output wire              prod_valid_o,  // issue stall (core_rs)
  output wire              prod_dm_o,
  output wire              prod_ll_o,
  // trace fields (docs/core.md section 8); issue, commit and flush: 0 unless trc_en_i
  input  wire              trc_en_i,
  output wire [31:0]       trc_dseq_o,    // dispatch: sequence number of slot 0
  output wire [W*32-1:0]   trc_iseq_o,    // issue: slot j's sequence number
  output wire [W*16-1:0]   trc_iat_o,     //   slot j: {wrong path, latency[14:0]}
  output wire [31:0]       trc_flseq_o,   //   the mispredicted branch's sequence number
  output wire [W*32-1:0]   trc_cseq_o,    // commit: slot j's sequence number
  output wire [W*9-1:0]    trc_cat_o,     //   slot j: attr[8:0]
  // the committed instructions for the sampler (core_commit): slot j < com_n_i, else 0
  output wire [W*16-1:0]   cmt_pc_o,      //   slot j: program address
  output wire [W*5-1:0]    cmt_sig_o      //   slot j: event signature
);

  wire [W*ROBI-1:0] d_slot;
  wire [W*4-1:0]    d_dist;
  wire [ROB-1:0]    d_al;
  wire [ROB-1:0]    d_dm;
  wire [ROB-1:0]    d_ll;
  wire [ROB-1:0]    d_wp;
  wire [ROB-1:0]    d_mbr;
  wire [ROB-1:0]    d_pd;
  wire [W-1:0]      d_mbs;
  wire [ROBI-1:0]   rob_head;
  wire [ROB-1:0]    rob_ge_d;
  wire [ROB-1:0]    rob_done;
  wire [ROBI-1:0]   rob_tail;
  wire [ROB-1:0]    rob_dm;
  wire [ROB-1:0]    rob_ll;
  wire [ROB-1:0]    rob_wp;
  wire [ROB-1:0]    rob_mbr;
  wire [W*9-1:0]    com_at;
  wire [W-1:0]      com_dm;
  wire [W-1:0]      com_mbr;
  wire [W-1:0]      com_p0;
  wire [W-1:0]      com_dep;
  wire [ROB-1:0]    iss_vec;
  wire [ROBC-1:0]   flush_age;
  wire [ROB-1:0]    keep;
  wire [ROB-1:0]    fin;

  core_dispatch #(
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
    .MISS_LAT (MISS_LAT)
  ) u_disp (
    .perf_dc_i  (perf_dc_i),
    .perf_bp_i  (perf_bp_i),
    .alu1_i     (alu1_i),
    .disp_n_i   (disp_n_i),
    .disp_g_i   (disp_g_i),
    .e_i        (fq_e_i),
    .fseq_i     (fseq_i),
    .fq_cnt_i   (fq_cnt_i),
    .rob_cnt_i  (rob_cnt_o),
    .rob_tail_i (rob_tail),
    .rob_done_i (rob_done),
    .rs_cnt_i   (rs_cnt_o),
    .avail_o    (disp_avail_o),
    .fill_o     (disp_fill_o),
    .seq0_o     (trc_dseq_o),
    .slot_o     (d_slot),
    .dist_o     (d_dist),
    .al_o       (d_al),
    .dm_o       (d_dm),
    .ll_o       (d_ll),
    .wp_o       (d_wp),
    .mbr_o      (d_mbr),
    .pd_o       (d_pd),
    .mbs_o      (d_mbs),
    .c_n_o      (disp_c_o),
    .wp_n_o     (disp_wp_o)
  );

  core_rob #(
    .W        (W),
    .WW       (WW),
    .EW       (EW),
    .ROB      (ROB),
    .ROBI     (ROBI),
    .ROBC     (ROBC),
    .LONG_LAT (LONG_LAT),
    .MISS_LAT (MISS_LAT)
  ) u_rob (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .disp_n_i    (disp_n_i),
    .disp_g_i    (disp_g_i),
    .disp_e_i    (fq_e_i),
    .disp_seq0_i (trc_dseq_o),
    .disp_slot_i (d_slot),
    .disp_al_i   (d_al),
    .disp_dm_i   (d_dm),
    .disp_ll_i   (d_ll),
    .disp_wp_i   (d_wp),
    .disp_mbr_i  (d_mbr),
    .disp_pd_i   (d_pd),
    .iss_vec_i   (iss_vec),
    .fin_i       (fin),
    .flush_i     (flush_o),
    .flush_age_i (flush_age),
    .com_n_i     (com_n_i),
    .com_g_i     (com_g_i),
    .com_at_o    (com_at),
    .com_dm_o    (com_dm),
    .com_mbr_o   (com_mbr),
    .com_p0_o    (com_p0),
    .com_dep_o   (com_dep),
    .head_o      (rob_head),
    .ge_d_o      (rob_ge_d),
    .cnt_o       (rob_cnt_o),
    .tail_o      (rob_tail),
    .done_o      (rob_done),
    .dm_o        (rob_dm),
    .ll_o        (rob_ll),
    .wp_o        (rob_wp),
    .mbr_o       (rob_mbr),
    .trc_en_i    (trc_en_i),
    .iss_n_i     (iss_n_i),
    .trc_iseq_o  (trc_iseq_o),
    .trc_iat_o   (trc_iat_o),
    .trc_flseq_o (trc_flseq_o),
    .trc_cseq_o  (trc_cseq_o)
  );

  core_rs #(
    .W    (W),
    .WW   (WW),
    .ROB  (ROB),
    .ROBI (ROBI),
    .ROBC (ROBC),
    .RSC  (RSC)
  ) u_rs (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .disp_n_i    (disp_n_i),
    .disp_g_i    (disp_g_i),
    .disp_slot_i (d_slot),
    .disp_dist_i (d_dist),
    .disp_al_i   (d_al),
    .disp_pd_i   (d_pd),
    .disp_mbs_i  (d_mbs),
    .rob_head_i  (rob_head),
    .rob_ge_d_i  (rob_ge_d),
    .rob_done_i  (rob_done),
    .rob_dm_i    (rob_dm),
    .rob_ll_i    (rob_ll),
    .rob_wp_i    (rob_wp),
    .rob_mbr_i   (rob_mbr),
    .iss_avail_o (iss_avail_o),
    .iss_fill_o  (iss_fill_o),
    .iss_n_i     (iss_n_i),
    .iss_g_i     (iss_g_i),
    .iss_vec_o   (iss_vec),
    .c_n_o       (iss_c_o),
    .wp_n_o      (iss_wp_o),
    .dm_n_o      (iss_dm_o),
    .flush_o     (flush_o),
    .flush_age_o (flush_age),
    .keep_o      (keep),
    .cnt_o       (rs_cnt_o),
    .found_o     (prod_valid_o),
    .prod_dm_o   (prod_dm_o),
    .prod_ll_o   (prod_ll_o)
  );

  core_exec #(
    .ROB      (ROB),
    .ROBC     (ROBC),
    .LONG_LAT (LONG_LAT),
    .MISS_LAT (MISS_LAT)
  ) u_exec (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .iss_vec_i (iss_vec),
    .rob_dm_i  (rob_dm),
    .rob_ll_i  (rob_ll),
    .keep_i    (keep),
    .fin_o     (fin),
    .pend_o    (pend_o)
  );


  core_commit #(
    .W       (W),
    .WW      (WW),
    .ROB     (ROB),
    .ROBI    (ROBI),
    .ROBC    (ROBC),
    .SAMPLER (SAMPLER)
  ) u_commit (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .rob_head_i   (rob_head),
    .rob_cnt_i    (rob_cnt_o),
    .rob_done_i   (rob_done),
    .rob_dm_i     (rob_dm),
    .rob_ll_i     (rob_ll),
    .com_avail_o  (com_avail_o),
    .com_fill_o   (com_fill_o),
    .com_g_i      (com_g_i),
    .com_at_i     (com_at),
    .com_dm_i     (com_dm),
    .com_mbr_i    (com_mbr),
    .com_p0_i     (com_p0),
    .com_dep_i    (com_dep),
    .perf_ic_i    (perf_ic_i),
    .alu1_i       (alu1_i),
    .priv_o       (priv_o),
    .br_ret_o     (br_ret_o),
    .br_misp_o    (br_misp_o),
    .ld_hit_o     (ld_hit_o),
    .ld_miss_o    (ld_miss_o),
    .head_done_o  (head_done_o),
    .head_dm_o    (head_dm_o),
    .head_ll_o    (head_ll_o),
    .cmt_pc_o     (cmt_pc_o),
    .cmt_sig_o    (cmt_sig_o)
  );

  assign trc_cat_o = trc_en_i ? com_at : {(W * 9){1'b0}};

endmodule

// StallScope simulation top: the core stub driving the PMU (docs/core.md "sim_top").
//
// The core's event outputs feed pmu_top and are also brought out (the run harness gives the
// same values to the C model every cycle). The PMU's APB slave, direct read port and interrupt
// and the core's configuration, seed, program-load and trace ports are top-level ports.

`include "pmu_map.vh"

module sim_top #(
  // the core stub's parameters but those the PMU has (generated from its header)
  `include "core_stub_params.vh"
  // pmu_top's parameters and defaults (generated from its header)
  `include "pmu_top_params.vh"
) (
  input  wire                                  clk_i,
  input  wire                                  rst_ni,
  // core configuration and program load
  input  wire [31:0]                           cfg_i,
  input  wire [31:0]                           seed_i,
  input  wire                                  prog_we_i,
  input  wire [2:0]                            prog_tid_i,
  input  wire [15:0]                           prog_addr_i,
  input  wire [15:0]                           prog_data_i,
  // PMU APB4 slave
  input  wire                                  psel_i,
  input  wire                                  penable_i,
  input  wire                                  pwrite_i,
  input  wire [AW-1:0]                         paddr_i,
  input  wire [31:0]                           pwdata_i,
  input  wire [3:0]                            pstrb_i,
  input  wire [2:0]                            pprot_i,
  output wire                                  pready_o,
  output wire [31:0]                           prdata_o,
  output wire                                  pslverr_o,
  // PMU direct read port and interrupt
  input  wire [THREADS-1:0]                    rdp_req_i,
  input  wire [THREADS*3-1:0]                  rdp_sel_i,
  output wire [THREADS-1:0]                    rdp_valid_o,
  output wire [THREADS*64-1:0]                 rdp_data_o,
  output wire [THREADS-1:0]                    irq_o,
  // the PMU's event inputs, as driven by the core
  output wire [THREADS-1:0]                    priv_o,
  output wire                                  ref_tick_o,
  output wire [THREADS*`PMU_NEXT*LW-1:0]       ev_ext_o,
  output wire [THREADS*NW-1:0]                slot_fill_o,
  output wire [THREADS*NW-1:0]                slot_issue_o,
  output wire [THREADS*NW-1:0]                slot_retire_o,
  output wire [THREADS*3*NW-1:0]              stk_n_o,
  output wire [THREADS*2*NW-1:0]              stk_wp_o,
  output wire [THREADS*`PMU_NFLAG-1:0]         stk_flags_o,
  output wire [THREADS*W*16-1:0]               cmt_pc_o,
  output wire [THREADS*W*5-1:0]                cmt_sig_o,
  // core trace port; trc_en_i: the slots of cycle t are filled when trc_en_i was 1 in cycle
  // t-1 (sampled at the clock edge that starts cycle t), else they are 0 (docs/core.md section 8)
  input  wire                                  trc_en_i,
  output wire [W*64-1:0]                       trc_fetch_o,
  output wire [W*64-1:0]                       trc_disp_o,
  output wire [W*64-1:0]                       trc_issue_o,
  output wire [W*64-1:0]                       trc_commit_o,
  output wire [THREADS*64-1:0]                 trc_flush_o
);

  core_stub #(
  `include "core_stub_pass.vh"
  ) u_core (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .cfg_i         (cfg_i),
    .seed_i        (seed_i),
    .prog_we_i     (prog_we_i),
    .prog_tid_i    (prog_tid_i),
    .prog_addr_i   (prog_addr_i),
    .prog_data_i   (prog_data_i),
    .priv_o        (priv_o),
    .ref_tick_o    (ref_tick_o),
    .ev_ext_o      (ev_ext_o),
    .slot_fill_o   (slot_fill_o),
    .slot_issue_o  (slot_issue_o),
    .slot_retire_o (slot_retire_o),
    .stk_n_o       (stk_n_o),
    .stk_wp_o      (stk_wp_o),
    .stk_flags_o   (stk_flags_o),
    .cmt_pc_o      (cmt_pc_o),
    .cmt_sig_o     (cmt_sig_o),
    .trc_en_i      (trc_en_i),
    .trc_fetch_o   (trc_fetch_o),
    .trc_disp_o    (trc_disp_o),
    .trc_issue_o   (trc_issue_o),
    .trc_commit_o  (trc_commit_o),
    .trc_flush_o   (trc_flush_o)
  );

  // the PMU (pmu_top as u_pmu, its ports on the nets pmu_<port>: generated from its header)
  `include "pmu_top_inst.vh"
  assign pmu_clk_i         = clk_i;
  assign pmu_rst_ni        = rst_ni;
  assign pmu_psel_i        = psel_i;
  assign pmu_penable_i     = penable_i;
  assign pmu_pwrite_i      = pwrite_i;
  assign pmu_paddr_i       = paddr_i;
  assign pmu_pwdata_i      = pwdata_i;
  assign pmu_pstrb_i       = pstrb_i;
  assign pmu_pprot_i       = pprot_i;
  assign pready_o          = pmu_pready_o;
  assign prdata_o          = pmu_prdata_o;
  assign pslverr_o         = pmu_pslverr_o;
  assign pmu_priv_i        = priv_o;
  assign pmu_ref_tick_i    = ref_tick_o;
  assign pmu_ev_ext_i      = ev_ext_o;
  assign pmu_slot_fill_i   = slot_fill_o;
  assign pmu_slot_issue_i  = slot_issue_o;
  assign pmu_slot_retire_i = slot_retire_o;
  assign pmu_stk_n_i       = stk_n_o;
  assign pmu_stk_wp_i      = stk_wp_o;
  assign pmu_stk_flags_i   = stk_flags_o;
  assign pmu_cmt_pc_i      = cmt_pc_o;
  assign pmu_cmt_sig_i     = cmt_sig_o;
  assign pmu_rdp_req_i     = rdp_req_i;
  assign pmu_rdp_sel_i     = rdp_sel_i;
  assign rdp_valid_o       = pmu_rdp_valid_o;
  assign rdp_data_o        = pmu_rdp_data_o;
  assign irq_o             = pmu_irq_o;

endmodule

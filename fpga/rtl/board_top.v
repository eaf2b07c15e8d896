// StallScope FPGA board top (docs/fpga.md): the core stub and the PMU behind a UART-to-APB
// bridge and a run-control block, for the ULX3S 85F (fpga/ulx3s/; the Tang Primer 20K in fpga/tang20k/
// for reduced configurations) and, with the vendor primitives replaced by fpga/sim/board_prim.v,
// the virtual board (fpga/sim/vboard.cpp).
//
// Clock domains, all edges of the one design clock clk (board_clk):
//   clk       UART, bridge, run control
//   core_clk  the core stub: clk gated by run control (run, core reset and program-load cycles)
//   pmu_clk   the PMU: clk gated by run control (run cycles and the bridge's APB cycles)
// The PMU's event inputs carry the core's outputs in run cycles and an idle pattern otherwise
// (no events, priv 0, flags fe_empty, rs_empty and rob_empty: a stopped core), so the PMU counts
// only what the core did in its run cycles; its internal lanes (cycles, unfilled slots) and the
// CPI stacks also see the APB cycles, two per access, as cycles of a stopped core.
// LEDs (lit on 1, or on 0 with LED_LOW): 0 core running, 1 irq of any thread, 2 core in reset,
// 3 heartbeat.

`include "pmu_map.vh"

module board_top #(
  parameter THREADS    = `PMU_DEF_THREADS,
  parameter W          = `PMU_DEF_W,
  parameter P          = `PMU_DEF_P,
  parameter CW         = `PMU_DEF_CW,
  // the core stub's parameters but those the PMU has (generated from its header; docs/core.md
  // section 2)
  `include "core_stub_params.vh"
  parameter STORAGE    = 1,       // PMU counter storage: block RAM (docs/spec.md section 4)
  parameter SAMPLER    = 0,       // the PMU's time-proportional sampler (spec 7; pmuctl record):
                                  // the virtual board has it; on the ULX3S its paths do not meet
                                  // 25 MHz yet (docs/fpga.md section 1)
  parameter SMP_DEPTH  = `PMU_DEF_SMP_DEPTH,  // its records per thread (block RAM)
  parameter CLK_HZ     = 50000000,   // the design clock: the board's PLL output (ULX3S: 50 MHz)
  parameter BAUD_DIV   = CLK_HZ / 115200, // clock cycles per UART bit (115200 baud)
  parameter TIMEOUT    = 40 * BAUD_DIV,   // a frame's bytes are at most 4 byte times apart
  parameter LED_LOW    = 0,               // 1: the LEDs light on 0 (Tang Primer 20K Dock)
  // the PMU's event path pipeline (spec 4): 3 puts the event inputs (gated by run below), then
  // the lane picks and V, then the increments each at a register, so the gate and the event
  // logic meet the ULX3S's 50 MHz apart; a board at a slower clock may take fewer (its board.sh
  // sets it in BOARD_PARAMS). The run control's INFO register gives it to the host (pmuctl);
  // fpga/fpga.mk reads this default for pmuctl's model
  parameter PIPE       = 3
) (
  input  wire       clk_i,        // board oscillator
  input  wire       rst_btn_ni,   // reset button, active low
  input  wire       uart_rx_i,
  output wire       uart_tx_o,
  output wire [3:0] led_o
);

  localparam NEXT  = `PMU_NEXT;
  localparam NFLAG = `PMU_NFLAG;
  // the rest of pmu_top's parameters (pmu_top_inst.vh passes them all): its defaults
  localparam LW          = `PMU_DEF_LW;
  localparam NW          = `PMU_DEF_NW;
  localparam CRW         = `PMU_DEF_CRW;
  localparam NS_PER_TICK = `PMU_DEF_NS_PER_TICK;
  localparam AW          = 16;    // the bridge's paddr

  // ---- clocks and reset -----------------------------------------------------------------------
  wire clk, rst_n, core_clk, pmu_clk;
  wire core_ce, pmu_ce;
  board_clk u_clk (
    .clk_ext_i  (clk_i),
    .rst_btn_ni (rst_btn_ni),
    .clk_o      (clk),
    .rst_no     (rst_n),
    .core_en_i  (core_ce || !rst_n),
    .core_clk_o (core_clk),
    .pmu_en_i   (pmu_ce || !rst_n),
    .pmu_clk_o  (pmu_clk)
  );

  // ---- UART and bridge ------------------------------------------------------------------------
  wire [7:0]  rx_data, tx_data;
  wire        rx_valid, tx_valid, tx_ready;
  /* verilator lint_off UNUSEDSIGNAL */
  wire        rx_ferr;   // a byte with a bad stop bit is dropped (the frame then fails)
  /* verilator lint_on UNUSEDSIGNAL */
  wire        psel, penable, pwrite, pready, pslverr, apb_ce;
  wire [15:0] paddr;
  wire [31:0] pwdata, prdata;
  wire [3:0]  pstrb;
  wire [2:0]  pprot;
  wire        rc_req, rc_we, rc_err;
  wire [7:0]  rc_addr;
  wire [31:0] rc_wdata, rc_rdata;

  uart_rx #(.DIV (BAUD_DIV)) u_rx (
    .clk_i (clk), .rst_ni (rst_n), .rx_i (uart_rx_i),
    .data_o (rx_data), .valid_o (rx_valid), .ferr_o (rx_ferr)
  );
  uart_tx #(.DIV (BAUD_DIV)) u_tx (
    .clk_i (clk), .rst_ni (rst_n), .data_i (tx_data), .valid_i (tx_valid),
    .ready_o (tx_ready), .tx_o (uart_tx_o)
  );

  uart_apb_bridge #(.TIMEOUT (TIMEOUT)) u_bridge (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .rx_data_i  (rx_data),
    .rx_valid_i (rx_valid),
    .tx_data_o  (tx_data),
    .tx_valid_o (tx_valid),
    .tx_ready_i (tx_ready),
    .psel_o     (psel),
    .penable_o  (penable),
    .pwrite_o   (pwrite),
    .paddr_o    (paddr),
    .pwdata_o   (pwdata),
    .pstrb_o    (pstrb),
    .pprot_o    (pprot),
    .pready_i   (pready),
    .prdata_i   (prdata),
    .pslverr_i  (pslverr),
    .pmu_ce_o   (apb_ce),
    .rc_req_o   (rc_req),
    .rc_we_o    (rc_we),
    .rc_addr_o  (rc_addr),
    .rc_wdata_o (rc_wdata),
    .rc_rdata_i (rc_rdata),
    .rc_err_i   (rc_err)
  );

  // ---- run control ----------------------------------------------------------------------------
  wire               run /*verilator public_flat_rd*/;
  wire               core_rst_n, pmu_rst_n, prog_we;
  wire [31:0]        cfg, seed;
  wire [2:0]         prog_tid;
  wire [15:0]        prog_addr, prog_data;
  wire [THREADS-1:0] irq;

  run_ctl #(
    .THREADS    (THREADS),
    .W          (W),
    .PROG_DEPTH (PROG_DEPTH),
    .CLK_HZ     (CLK_HZ),
    .PIPE       (PIPE),
    .STORAGE    (STORAGE)
  ) u_rc (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .rc_req_i    (rc_req),
    .rc_we_i     (rc_we),
    .rc_addr_i   (rc_addr),
    .rc_wdata_i  (rc_wdata),
    .rc_rdata_o  (rc_rdata),
    .rc_err_o    (rc_err),
    .apb_ce_i    (apb_ce),
    .irq_i       (irq),
    .core_ce_o   (core_ce),
    .pmu_ce_o    (pmu_ce),
    .run_o       (run),
    .core_rst_no (core_rst_n),
    .pmu_rst_no  (pmu_rst_n),
    .cfg_o       (cfg),
    .seed_o      (seed),
    .prog_we_o   (prog_we),
    .prog_tid_o  (prog_tid),
    .prog_addr_o (prog_addr),
    .prog_data_o (prog_data)
  );

  // ---- core stub ------------------------------------------------------------------------------
  wire [THREADS-1:0]            c_priv;
  wire                          c_ref_tick;
  wire [THREADS*NEXT*LW-1:0]    c_ev_ext;
  wire [THREADS*NW-1:0]         c_fill, c_issue, c_retire;
  wire [THREADS*3*NW-1:0]       c_stk_n;
  wire [THREADS*2*NW-1:0]       c_stk_wp;
  wire [THREADS*NFLAG-1:0]      c_flags;
  /* verilator lint_off UNUSEDSIGNAL */  // the trace port is for the simulation harnesses
  wire [W*64-1:0]               trc_fetch, trc_disp, trc_issue, trc_commit;
  wire [THREADS*64-1:0]         trc_flush;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [THREADS*W*16-1:0]       c_cmt_pc;   // for the PMU's sampler (docs/spec.md 7.8)
  wire [THREADS*W*5-1:0]        c_cmt_sig;

  core_stub #(
  `include "core_stub_pass.vh"
  ) u_core (
    .clk_i         (core_clk),
    .rst_ni        (core_rst_n && rst_n),
    .cfg_i         (cfg),
    .seed_i        (seed),
    .prog_we_i     (prog_we),
    .prog_tid_i    (prog_tid),
    .prog_addr_i   (prog_addr),
    .prog_data_i   (prog_data),
    .priv_o        (c_priv),
    .ref_tick_o    (c_ref_tick),
    .ev_ext_o      (c_ev_ext),
    .slot_fill_o   (c_fill),
    .slot_issue_o  (c_issue),
    .slot_retire_o (c_retire),
    .stk_n_o       (c_stk_n),
    .stk_wp_o      (c_stk_wp),
    .stk_flags_o   (c_flags),
    .cmt_pc_o      (c_cmt_pc),
    .cmt_sig_o     (c_cmt_sig),
    .trc_en_i      (1'b0),
    .trc_fetch_o   (trc_fetch),
    .trc_disp_o    (trc_disp),
    .trc_issue_o   (trc_issue),
    .trc_commit_o  (trc_commit),
    .trc_flush_o   (trc_flush)
  );

  // ---- the PMU's inputs: the core's events in run cycles, a stopped core otherwise -------------
  localparam [NFLAG-1:0] IDLE_FLAGS = (1 << 0) | (1 << 1) | (1 << 2);  // fe/rs/rob empty
  wire [THREADS-1:0]       e_priv   /*verilator public_flat_rd*/ = run ? c_priv : {THREADS{1'b0}};
  wire                     e_ref    /*verilator public_flat_rd*/ = run & c_ref_tick;
  wire [THREADS*NEXT*LW-1:0] e_ext  /*verilator public_flat_rd*/ = run ? c_ev_ext : {THREADS*NEXT*LW{1'b0}};
  wire [THREADS*NW-1:0]    e_fill   /*verilator public_flat_rd*/ = run ? c_fill : {THREADS*NW{1'b0}};
  wire [THREADS*NW-1:0]    e_issue  /*verilator public_flat_rd*/ = run ? c_issue : {THREADS*NW{1'b0}};
  wire [THREADS*NW-1:0]    e_retire /*verilator public_flat_rd*/ = run ? c_retire : {THREADS*NW{1'b0}};
  wire [THREADS*3*NW-1:0]  e_stk_n  /*verilator public_flat_rd*/ = run ? c_stk_n : {THREADS*3*NW{1'b0}};
  wire [THREADS*2*NW-1:0]  e_stk_wp /*verilator public_flat_rd*/ = run ? c_stk_wp : {THREADS*2*NW{1'b0}};
  wire [THREADS*NFLAG-1:0] e_flags  /*verilator public_flat_rd*/ = run ? c_flags : {THREADS{IDLE_FLAGS}};
  wire [THREADS*W*16-1:0]  e_cmt_pc  /*verilator public_flat_rd*/ = run ? c_cmt_pc : {THREADS*W*16{1'b0}};
  wire [THREADS*W*5-1:0]   e_cmt_sig /*verilator public_flat_rd*/ = run ? c_cmt_sig : {THREADS*W*5{1'b0}};

  // ---- PMU ------------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */  // the direct read port belongs to the core (unused here)
  wire [THREADS-1:0]    rdp_valid;
  wire [THREADS*64-1:0] rdp_data;
  /* verilator lint_on UNUSEDSIGNAL */

  `include "pmu_top_inst.vh"
  assign pmu_clk_i         = pmu_clk;
  assign pmu_rst_ni        = rst_n && pmu_rst_n;
  assign pmu_psel_i        = psel;
  assign pmu_penable_i     = penable;
  assign pmu_pwrite_i      = pwrite;
  assign pmu_paddr_i       = paddr;
  assign pmu_pwdata_i      = pwdata;
  assign pmu_pstrb_i       = pstrb;
  assign pmu_pprot_i       = pprot;
  assign pready            = pmu_pready_o;
  assign prdata            = pmu_prdata_o;
  assign pslverr           = pmu_pslverr_o;
  assign pmu_priv_i        = e_priv;
  assign pmu_ref_tick_i    = e_ref;
  assign pmu_ev_ext_i      = e_ext;
  assign pmu_slot_fill_i   = e_fill;
  assign pmu_slot_issue_i  = e_issue;
  assign pmu_slot_retire_i = e_retire;
  assign pmu_stk_n_i       = e_stk_n;
  assign pmu_stk_wp_i      = e_stk_wp;
  assign pmu_stk_flags_i   = e_flags;
  assign pmu_cmt_pc_i      = e_cmt_pc;
  assign pmu_cmt_sig_i     = e_cmt_sig;
  assign pmu_rdp_req_i     = {THREADS{1'b0}};
  assign pmu_rdp_sel_i     = {THREADS*3{1'b0}};
  assign rdp_valid         = pmu_rdp_valid_o;
  assign rdp_data          = pmu_rdp_data_o;
  assign irq               = pmu_irq_o;

  // ---- LEDs -----------------------------------------------------------------------------------
  reg  [24:0] hb_q;
  wire [24:0] hb_d = hb_q + 25'd1;
  always @(posedge clk) begin
    if (!rst_n) hb_q <= 25'd0;
    else        hb_q <= hb_d;
  end
  wire [3:0] led = {hb_q[24], !core_rst_n, |irq, run};
  assign led_o = (LED_LOW != 0) ? ~led : led;

endmodule

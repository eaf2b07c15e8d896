// StallScope core stub: front end of one thread (docs/core.md sections 4-6).
//
//   u_pm     program memory (core_progmem)
//   u_gen    instruction generator (core_gen)
//   u_fetch  fetch: the block of the cycle, Icache misses, redirects, wrong path (core_fetch)
//   u_fq     front-end queue, read by dispatch (core_fq)

module core_frontend #(
  parameter W          = 4,
  parameter WW         = 3,      // width of a count 0..W
  parameter EW         = 11,     // FQ entry: {program address 0, wrong path, attr[8:0]}
  parameter FQ         = 16,
  parameter FQC        = 5,      // FQ count width
  parameter IC_LAT     = 10,
  parameter BR_PEN     = 3,
  parameter PROG_DEPTH = 1024,
  parameter PROG_FILE  = "",
  parameter PAW        = 10      // program word address width
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire [2:0]      tid_i,          // this thread's number
  input  wire            perf_ic_i,      // knobs: perfect Icache, perfect branch prediction
  input  wire            perf_bp_i,
  input  wire            use_prog_i,     // program memory (else the generator)
  input  wire [7:0]      mix_i,          // generator mix
  input  wire [2:0]      loop_i,         // generator loop (0: none; n: every 2^(n+3) words)
  input  wire            idle_i,         // the thread never fetches
  input  wire [31:0]     seed_i,
  input  wire            prog_we_i,      // program load port
  input  wire [2:0]      prog_tid_i,
  input  wire [PAW-1:0]  prog_addr_i,
  input  wire [15:0]     prog_data_i,
  // fetch
  output wire            fetch_able_o,
  input  wire            fetch_go_i,
  output wire [WW-1:0]   fetch_n_o,      // the block: its words (when fetch_go_i)
  output wire [W*EW-1:0] fetch_e_o,      //   word j: {wrong path, attr[8:0]}
  output wire [31:0]     fseq_o,         //   sequence number of word 0
  input  wire            flush_i,        // a mispredicted branch issues this cycle
  // dispatch
  input  wire [WW-1:0]   disp_n_i,
  output wire [W*EW-1:0] disp_e_o,       // the W oldest FQ entries (the first disp_n_i go)
  output wire [FQC-1:0]  fq_cnt_o,       // FQ entries at the start of the cycle
  // PMU signals
  output wire            ic_start_o,     // an Icache miss starts
  output wire            ic_flag_o,      // an Icache miss is in flight
  output wire            bpm_o           // a mispredict is being resolved
);

  localparam FQI  = (FQ > 1) ? $clog2(FQ) : 1;
  localparam ROWS = (PROG_DEPTH + W - 1) / W;
  localparam RAW  = (ROWS > 1) ? $clog2(ROWS) : 1;

  wire [RAW-1:0]  pm_rd_row;      // the fetch row of the next cycle
  /* verilator lint_off UNUSEDSIGNAL */  // the row read goes to the current row's buffer only
  wire [W*16-1:0] pm_row;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [W*16-1:0] pm_row0;
  wire [1:0]      pm_cur_sel;
  wire [RAW-1:0]  pm_cur_row;
  wire [W*16-1:0] pm_cur;
  wire [W-1:0]    pm_cur_end;
  wire [W*16-1:0] gen_attr;
  wire            gen_valid;
  wire [W*16-1:0] gen_wp_attr;
  wire            gen_go;
  wire [WW-1:0]   gen_kc;
  wire [WW-1:0]   gen_kcr;
  wire            gen_adv_wp;
  wire            fq_room;

  core_progmem #(
    .W          (W),
    .PROG_DEPTH (PROG_DEPTH),
    .PAW        (PAW),
    .RAW        (RAW),
    .PROG_FILE  (PROG_FILE)
  ) u_pm (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .thr_i     (tid_i),
    .we_i      (prog_we_i),
    .tid_i     (prog_tid_i),
    .waddr_i   (prog_addr_i),
    .wdata_i   (prog_data_i),
    .row_nx_i  (pm_rd_row),
    .row_o     (pm_row),
    .row0_o    (pm_row0),
    .cur_sel_i (pm_cur_sel),
    .cur_row_i (pm_cur_row),
    .cur_o     (pm_cur),
    .cur_end_o (pm_cur_end)
  );

  core_gen #(
    .W   (W),
    .WW  (WW)
  ) u_gen (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .tid_i     (tid_i),
    .seed_i    (seed_i),
    .mix_i     (mix_i),
    .loop_i    (loop_i),
    .perf_ic_i (perf_ic_i),
    .perf_bp_i (perf_bp_i),
    .go_i      (gen_go),
    .kc_i      (gen_kc),
    .adv_wp_i  (gen_adv_wp),
    .valid_o   (gen_valid),
    .attr_o    (gen_attr),
    .kcr_o     (gen_kcr),
    .wp_attr_o (gen_wp_attr)
  );

  core_fetch #(
    .W          (W),
    .WW         (WW),
    .EW         (EW),
    .IC_LAT     (IC_LAT),
    .BR_PEN     (BR_PEN),
    .PROG_DEPTH (PROG_DEPTH),
    .RAW        (RAW)
  ) u_fetch (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .perf_ic_i     (perf_ic_i),
    .perf_bp_i     (perf_bp_i),
    .use_prog_i    (use_prog_i),
    .idle_i        (idle_i),
    .fq_room_i     (fq_room),
    .fetch_able_o  (fetch_able_o),
    .fetch_go_i    (fetch_go_i),
    .flush_i       (flush_i),
    .row_nx_o      (pm_rd_row),
    .cur_sel_o     (pm_cur_sel),
    .cur_row_o     (pm_cur_row),
    .pm_row_i      (pm_cur),
    .pm_end_i      (pm_cur_end),
    .pm_row0_i     (pm_row0),
    .gen_valid_i   (gen_valid),
    .gen_attr_i    (gen_attr),
    .gen_kcr_i     (gen_kcr),
    .gen_wp_attr_i (gen_wp_attr),
    .gen_go_o      (gen_go),
    .gen_kc_o      (gen_kc),
    .gen_adv_wp_o  (gen_adv_wp),
    .push_n_o      (fetch_n_o),
    .push_e_o      (fetch_e_o),
    .ic_start_o    (ic_start_o),
    .ic_flag_o     (ic_flag_o),
    .bpm_o         (bpm_o),
    .fseq_o        (fseq_o)
  );

  core_fq #(
    .W   (W),
    .WW  (WW),
    .EW  (EW),
    .FQ  (FQ),
    .FQI (FQI),
    .FQC (FQC)
  ) u_fq (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .push_i   (fetch_go_i),
    .push_n_i (fetch_n_o),
    .push_e_i (fetch_e_o),
    .pop_n_i  (disp_n_i),
    .pop_e_o  (disp_e_o),
    .flush_i  (flush_i),
    .cnt_o    (fq_cnt_o),
    .room_o   (fq_room)
  );

endmodule

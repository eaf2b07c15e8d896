// Plain-Verilog testbench of sim/main/sim_top.v for simulators other than the Verilator harness
// (docs/core.md section 4): no C model, no APB traffic. It resets the design, runs it and prints
// the instructions each thread retired in a window of cycles, counted from the slot_retire
// outputs, so that the same numbers can be compared with the main run
// (`Vsim_top ... --counters`, tT.slot.retired; its window starts after the PMU set-up).
//
//   iverilog -g2005 -Irtl/pmu -Irtl/core -s core_tb -o build/core_tb.vvp verif/core/core_tb.v sim/main/sim_top.v \
//     rtl/core/core_*.v rtl/pmu/pmu_*.v
//   vvp build/core_tb.vvp +cfg=16 +from=80 +cycles=1000          (programs: PROG_FILE)
//   vvp build/core_tb.vvp +cfg=0 +seed=7 +from=80 +cycles=2000    (generator, mix 0)
// Pass PROG_FILE with -Pcore_tb.PROG_FILE='"verif/kernels/dep_chain.hex"'.

`timescale 1ns / 1ps

module core_tb;
  parameter THREADS   = 2;
  parameter W         = 4;
  parameter PROG_FILE = "";

  reg         clk;
  reg         rst_n;
  reg  [31:0] cfg;
  reg  [31:0] seed;

  wire [THREADS*4-1:0]  slot_retire;
  wire [THREADS-1:0]    priv;
  // outputs the testbench does not look at
  wire                  pready;
  wire [31:0]           prdata;
  wire                  pslverr;
  wire [THREADS-1:0]    rdp_valid;
  wire [THREADS*64-1:0] rdp_data;
  wire [THREADS-1:0]    irq;
  wire                  ref_tick;
  wire [THREADS*12*8-1:0] ev_ext;
  wire [THREADS*4-1:0]  slot_fill;
  wire [THREADS*4-1:0]  slot_issue;
  wire [THREADS*12-1:0] stk_n;
  wire [THREADS*8-1:0]  stk_wp;
  wire [THREADS*13-1:0] stk_flags;
  wire [W*64-1:0]       trc_fetch;
  wire [W*64-1:0]       trc_disp;
  wire [W*64-1:0]       trc_issue;
  wire [W*64-1:0]       trc_commit;
  wire [THREADS*64-1:0] trc_flush;

  sim_top #(
    .THREADS   (THREADS),
    .W         (W),
    .PROG_FILE (PROG_FILE)
  ) dut (
    .clk_i         (clk),
    .rst_ni        (rst_n),
    .cfg_i         (cfg),
    .seed_i        (seed),
    .prog_we_i     (1'b0),
    .prog_tid_i    (3'd0),
    .prog_addr_i   (16'd0),
    .prog_data_i   (16'd0),
    .psel_i        (1'b0),
    .penable_i     (1'b0),
    .pwrite_i      (1'b0),
    .paddr_i       (16'd0),
    .pwdata_i      (32'd0),
    .pstrb_i       (4'd0),
    .pprot_i       (3'd0),
    .pready_o      (pready),
    .prdata_o      (prdata),
    .pslverr_o     (pslverr),
    .rdp_req_i     ({THREADS{1'b0}}),
    .rdp_sel_i     ({(THREADS * 3){1'b0}}),
    .rdp_valid_o   (rdp_valid),
    .rdp_data_o    (rdp_data),
    .irq_o         (irq),
    .priv_o        (priv),
    .ref_tick_o    (ref_tick),
    .ev_ext_o      (ev_ext),
    .slot_fill_o   (slot_fill),
    .slot_issue_o  (slot_issue),
    .slot_retire_o (slot_retire),
    .stk_n_o       (stk_n),
    .stk_wp_o      (stk_wp),
    .stk_flags_o   (stk_flags),
    .trc_en_i      (1'b1),          // trace port on (the testbench does not look at it)
    .trc_fetch_o   (trc_fetch),
    .trc_disp_o    (trc_disp),
    .trc_issue_o   (trc_issue),
    .trc_commit_o  (trc_commit),
    .trc_flush_o   (trc_flush)
  );

  always #5 clk = ~clk;

  integer from;
  integer cycles;
  integer cyc;
  integer t;
  integer retired [0:THREADS-1];
  initial begin
    clk    = 1'b0;
    rst_n  = 1'b0;
    cfg    = 32'd16;
    seed   = 32'd1;
    from   = 80;
    cycles = 1000;
    if ($value$plusargs("cfg=%d", cfg)) ;
    if ($value$plusargs("seed=%d", seed)) ;
    if ($value$plusargs("from=%d", from)) ;
    if ($value$plusargs("cycles=%d", cycles)) ;
    for (t = 0; t < THREADS; t = t + 1) retired[t] = 0;
    repeat (4) @(posedge clk);
    #1 rst_n = 1'b1;
    // cycle k: the clock period after the k-th rising edge with reset released
    for (cyc = 0; cyc < from + cycles; cyc = cyc + 1) begin
      #3;
      if (cyc >= from) begin
        for (t = 0; t < THREADS; t = t + 1) begin
          if (^slot_retire[t*4 +: 4] === 1'bx) begin
            $display("core_tb: FAIL: unknown slot_retire of thread %0d in cycle %0d", t, cyc);
            $finish;
          end
          retired[t] = retired[t] + slot_retire[t*4 +: 4];
        end
      end
      @(posedge clk);
      #1;
    end
    for (t = 0; t < THREADS; t = t + 1) begin
      $display("core_tb: thread %0d retired %0d instructions in cycles %0d..%0d", t, retired[t],
               from, from + cycles - 1);
    end
    $finish;
  end

endmodule

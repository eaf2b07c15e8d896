// Smoke testbench of the PMU IP for its FuseSoC simulation target (verif/fusesoc/
// stallscope_pmu_tb.core; docs/fpga.md "FuseSoC"). Plain Verilog with delays: Verilator
// --binary (timing) and Icarus run it. Over APB4 it reads id and cfg, counts INST_RETIRED.ANY_P
// of thread 0 with slot_retire held at 2 for a window of cycles (the count must be twice the
// enabled cycles), and lets pmc0 overflow with INT set (gstatus and irq_o must rise, W1C clears
// them). Prints one PASS/FAIL line per check and "N passed, N failed"; $finish either way
// (a failure also shows as "FAIL" in the output, which the test's runner looks for).

`timescale 1ns / 1ps
`include "pmu_map.vh"

module tb_pmu_smoke #(
  `include "pmu_top_params.vh"
);
  localparam NEXT = `PMU_NEXT;
  localparam NFLAG = `PMU_NFLAG;

  reg         clk = 1'b0;
  reg         rst_n = 1'b0;
  reg         psel = 1'b0, penable = 1'b0, pwrite = 1'b0;
  reg  [15:0] paddr = 16'h0;
  reg  [31:0] pwdata = 32'h0;
  wire        pready, pslverr;
  wire [31:0] prdata;
  wire [THREADS-1:0]    irq, rdp_valid;
  wire [THREADS*64-1:0] rdp_data;
  reg  [THREADS*NW-1:0] retire = 0;
  integer pass = 0, fail = 0;
  reg  [31:0] v, v2;

  always #5 clk = ~clk;

  `include "pmu_top_inst.vh"
  assign pmu_clk_i         = clk;
  assign pmu_rst_ni        = rst_n;
  assign pmu_psel_i        = psel;
  assign pmu_penable_i     = penable;
  assign pmu_pwrite_i      = pwrite;
  assign pmu_paddr_i       = paddr;
  assign pmu_pwdata_i      = pwdata;
  assign pmu_pstrb_i       = 4'hf;
  assign pmu_pprot_i       = 3'b001;
  assign pready            = pmu_pready_o;
  assign prdata            = pmu_prdata_o;
  assign pslverr           = pmu_pslverr_o;
  assign pmu_priv_i        = {THREADS{1'b0}};
  assign pmu_ref_tick_i    = 1'b0;
  assign pmu_ev_ext_i      = {THREADS*NEXT*LW{1'b0}};
  assign pmu_slot_fill_i   = {THREADS*NW{1'b0}};
  assign pmu_slot_issue_i  = {THREADS*NW{1'b0}};
  assign pmu_slot_retire_i = retire;
  assign pmu_stk_n_i       = {THREADS*3*NW{1'b0}};
  assign pmu_stk_wp_i      = {THREADS*2*NW{1'b0}};
  assign pmu_stk_flags_i   = {THREADS*NFLAG{1'b0}};
  assign pmu_cmt_pc_i      = {THREADS*W*16{1'b0}};
  assign pmu_cmt_sig_i     = {THREADS*W*5{1'b0}};
  assign pmu_rdp_req_i     = {THREADS{1'b0}};
  assign pmu_rdp_sel_i     = {THREADS*3{1'b0}};
  assign rdp_valid         = pmu_rdp_valid_o;
  assign rdp_data          = pmu_rdp_data_o;
  assign irq               = pmu_irq_o;

  // one APB4 transfer: setup cycle, access cycle (pready is always 1); inputs change after the
  // falling edge, so every rising edge sees stable values
  task apb(input wr, input [15:0] a, input [31:0] d, output [31:0] q);
    begin
      @(negedge clk);
      psel = 1'b1; penable = 1'b0; pwrite = wr; paddr = a; pwdata = d;
      @(negedge clk);
      penable = 1'b1;
      #1 q = prdata;
      @(negedge clk);
      psel = 1'b0; penable = 1'b0; pwrite = 1'b0;
    end
  endtask

  task check(input ok, input [8*48-1:0] what, input [31:0] got);
    begin
      if (ok) pass = pass + 1; else fail = fail + 1;
      $display("%s %0s: 0x%08h", ok ? "PASS" : "FAIL", what, got);
    end
  endtask

  // thread 0's registers and fields: offsets and bits from pmu_map.vh (generated from pmu.rdl)
  localparam [15:0] T0 = `PMU_THREAD_BASE;
  localparam [15:0] EVTSEL0 = T0 + `PMU_EVTSEL_OFF, PMC0 = T0 + `PMU_PMC_OFF, GCTRL = T0 + `PMU_GCTRL_OFF,
                    GSTATUS = T0 + `PMU_GSTATUS_OFF;
  localparam [31:0] PMC_EN0 = 32'h1 << `PMU_GCTRL_PMC_EN_LSB, PMC_OVF0 = 32'h1 << `PMU_GSTATUS_PMC_OVF_LSB;
  integer n;
  initial begin
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    apb(1'b0, `PMU_ID_OFF, 32'h0, v);
    check(v == `PMU_ID_VALUE, "id", v);
    apb(1'b0, `PMU_CFG_OFF, 32'h0, v);
    check(v[`PMU_CFG_P_LSB +: `PMU_CFG_P_W] == P && v[`PMU_CFG_THREADS_LSB +: `PMU_CFG_THREADS_W] == THREADS &&
          v[`PMU_CFG_W_LSB +: `PMU_CFG_W_W] == W && v[`PMU_CFG_CW_LSB +: `PMU_CFG_CW_W] == CW, "cfg", v);
    // count INST_RETIRED.ANY_P (usr+os+en) with R = 2 per cycle for 100 enabled cycles
    retire = {{(THREADS-1)*NW{1'b0}}, 4'd2};
    apb(1'b1, EVTSEL0, 32'h004300c0, v);
    apb(1'b1, GCTRL, PMC_EN0, v);           // gctrl.pmc_en[0]: counts from the next cycle
    n = 0;
    repeat (100) begin @(negedge clk); n = n + 1; end
    apb(1'b1, GCTRL, 32'h0, v);             // counted through its setup and access cycles
    apb(1'b0, PMC0, 32'h0, v);
    // the enable commits at edge E; increments land at edges E+1 .. E+103: the 100 waited
    // (the task returns half a cycle after E), the disable's idle half cycle, setup and access
    // (its commit edge still counts): 103 enabled cycles with this task's timing
    check(v == 32'd206, "pmc0 = 2 x 103 enabled cycles", v);
    // overflow: preset to 2^CW - 10, INT set, count cycles (0x3c)
    apb(1'b1, EVTSEL0, 32'h0053003c, v);
    apb(1'b1, PMC0, 32'hfffffff6, v);
    apb(1'b1, PMC0 + 16'd4, 32'hffffffff, v); // the high word
    check(irq[0] == 1'b0, "irq low before the overflow", {31'd0, irq[0]});
    apb(1'b1, GCTRL, PMC_EN0, v);
    repeat (20) @(negedge clk);
    apb(1'b1, GCTRL, 32'h0, v);
    apb(1'b0, GSTATUS, 32'h0, v);
    check((v & PMC_OVF0) != 0 && irq[0] == 1'b1, "gstatus.pmc_ovf0 and irq after the wrap", v);
    apb(1'b1, GSTATUS, PMC_OVF0, v);
    apb(1'b0, GSTATUS, 32'h0, v2);
    check((v2 & PMC_OVF0) == 0 && irq[0] == 1'b0, "W1C clears gstatus and irq", v2);
    $display("%0d passed, %0d failed", pass, fail);
    $finish;
  end
endmodule

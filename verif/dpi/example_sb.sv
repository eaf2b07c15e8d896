// A minimal SystemVerilog scoreboard with the C model through DPI-C (docs/integration.md):
// pmu_sb watches pmu_top's ports and, at every rising clock edge, asks the model for the outputs
// of the cycle that ends (pmu_dpi_comb), compares, and steps the model (pmu_dpi_step). The
// example_tb around it programs a stall count over APB, lets 1000 cycles pass and reads it.
module pmu_sb import pmu_dpi_pkg::*; (
  input bit clk, rst_n, psel, penable, pwrite, ref_tick,
  input bit [AW-1:0] paddr, input bit [31:0] pwdata, input bit [3:0] pstrb, input bit [2:0] pprot,
  input bit [THREADS-1:0] priv, input bit [EV_W-1:0] ev_ext,
  input bit [SLOT_W-1:0] slot_fill, slot_issue, slot_retire,
  input bit [STK_N_W-1:0] stk_n, input bit [STK_WP_W-1:0] stk_wp, input bit [FLAGS_W-1:0] stk_flags,
  input bit [THREADS-1:0] rdp_req, input bit [RDP_SEL_W-1:0] rdp_sel,
  input bit pready, pslverr, input bit [31:0] prdata, input bit [THREADS-1:0] rdp_valid, irq,
  input bit [RDP_DATA_W-1:0] rdp_data
);
  chandle m = pmu_dpi_new(THREADS, P, CW, W, LW, NW, AW);
  int errors = 0;
  bit e_pready, e_pslverr;
  bit [31:0] e_prdata;
  bit [THREADS-1:0] e_rdp_valid, e_irq;
  bit [RDP_DATA_W-1:0] e_rdp_data;
  always @(posedge clk) begin  // inputs and outputs as they were before this edge
    if (!rst_n) pmu_dpi_reset(m);
    else begin
      pmu_dpi_comb(m, psel, penable, pwrite, paddr, pwdata, pstrb, pprot, priv, ref_tick, ev_ext,
                   slot_fill, slot_issue, slot_retire, stk_n, stk_wp, stk_flags, rdp_req, rdp_sel,
                   e_pready, e_prdata, e_pslverr, e_rdp_valid, e_rdp_data, e_irq);
      if ({e_pready, e_prdata, e_pslverr, e_rdp_valid, e_rdp_data, e_irq} !=
          {pready, prdata, pslverr, rdp_valid, rdp_data, irq}) begin
        errors++;
        $error("scoreboard: prdata %h (model %h), pslverr %b (%b), irq %b (%b)", prdata, e_prdata,
               pslverr, e_pslverr, irq, e_irq);
      end
      pmu_dpi_step(m, psel, penable, pwrite, paddr, pwdata, pstrb, pprot, priv, ref_tick, ev_ext,
                   slot_fill, slot_issue, slot_retire, stk_n, stk_wp, stk_flags, rdp_req, rdp_sel);
    end
  end
endmodule

module example_tb;
  import pmu_dpi_pkg::*;
  bit clk, rst_n, psel, penable, pwrite, ref_tick;
  bit [AW-1:0] paddr;
  bit [31:0] pwdata;
  bit [3:0] pstrb = 4'hf;
  bit [2:0] pprot = 3'b001;  // privileged
  bit [THREADS-1:0] priv, rdp_req;
  bit [EV_W-1:0] ev_ext;
  bit [SLOT_W-1:0] slot_fill, slot_issue, slot_retire;  // no uop issues: every cycle stalls
  bit [STK_N_W-1:0] stk_n;
  bit [STK_WP_W-1:0] stk_wp;
  bit [FLAGS_W-1:0] stk_flags;
  bit [RDP_SEL_W-1:0] rdp_sel;
  wire pready, pslverr;
  wire [31:0] prdata;
  wire [THREADS-1:0] rdp_valid, irq;
  wire [RDP_DATA_W-1:0] rdp_data;

  // pmu_top as u_pmu, on the nets pmu_<port> (rtl/pmu/pmu_top_inst.vh, generated from its ports)
  `include "pmu_top_inst.vh"
  assign pmu_clk_i         = clk;
  assign pmu_rst_ni        = rst_n;
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
  assign pmu_priv_i        = priv;
  assign pmu_ref_tick_i    = ref_tick;
  assign pmu_ev_ext_i      = ev_ext;
  assign pmu_slot_fill_i   = slot_fill;
  assign pmu_slot_issue_i  = slot_issue;
  assign pmu_slot_retire_i = slot_retire;
  assign pmu_stk_n_i       = stk_n;
  assign pmu_stk_wp_i      = stk_wp;
  assign pmu_stk_flags_i   = stk_flags;
  assign pmu_cmt_pc_i      = '0;   // the model in this example runs SAMPLER 0
  assign pmu_cmt_sig_i     = '0;
  assign pmu_rdp_req_i     = rdp_req;
  assign pmu_rdp_sel_i     = rdp_sel;
  assign rdp_valid         = pmu_rdp_valid_o;
  assign rdp_data          = pmu_rdp_data_o;
  assign irq               = pmu_irq_o;

  pmu_sb sb (.*);

  always #5 clk = ~clk;

  task automatic apb(input bit wr, input bit [AW-1:0] a, input bit [31:0] d);
    @(negedge clk) {psel, penable, pwrite, paddr, pwdata} = {1'b1, 1'b0, wr, a, d};
    @(negedge clk) penable = 1;
    @(negedge clk) {psel, penable} = 0;
  endtask

  initial begin
    repeat (2) @(negedge clk);
    rst_n = 1;
    apb(1, AW'(`PMU_THREAD_BASE + `PMU_EVTSEL_OFF), 32'h01c3010e);  // stall cycles
    apb(1, AW'(`PMU_THREAD_BASE + `PMU_GCTRL_OFF), 32'd1);          // enable pmc0
    repeat (1000) @(negedge clk);
    apb(0, AW'(`PMU_THREAD_BASE + `PMU_PMC_OFF), 0);
    $display("example_tb: %0d scoreboard errors", sb.errors);
    $finish;
  end
endmodule

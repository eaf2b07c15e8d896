// Scoreboard testbench: pmu_top (the RTL) and the C model through DPI-C (pmu_dpi_pkg) driven
// with the same inputs every cycle and compared: the outputs with the clock low before each
// rising edge, every counter of the bank and every thread's gstatus after it. The first
// mismatch ends the run with the cycle, the signal, expected (model) and actual (RTL), the seed,
// the replay command and that cycle's inputs. Stimulus: the lockstep harness's random
// generator through DPI (pmu_dpi_rand.c; the same seed gives the inputs of Vpmu_lockstep
// --seed), a reset every 100003 cycles as there.
//   Vpmu_dpi_tb +seed=S +cycles=N         (S default 1; printed)
// Then the rest of the DPI API (ffwd, peek, the parameter check) on two fresh models.
// Ends with "N passed, N failed". Verilator 5.006: --binary (--timing).
// the testbench's input signals, in pmu_top's port order (the DPI calls' argument list)
`define TB_INPUTS psel, penable, pwrite, paddr, pwdata, pstrb, pprot, priv, ref_tick, ev_ext, \
  slot_fill, slot_issue, slot_retire, stk_n, stk_wp, stk_flags, rdp_req, rdp_sel

module pmu_dpi_tb;
  import pmu_dpi_pkg::*;

  import "DPI-C" function chandle pmu_dpi_rand_new(input longint unsigned seed);
  import "DPI-C" function void pmu_dpi_rand_next(input chandle r, `PMU_DPI_PORTS(output));
  // exit with this status (after the summary line; Verilator's $finish prints a line of its own)
  import "DPI-C" function void pmu_dpi_tb_exit(input int status);

  // ---- the RTL ----
  bit clk, rst_n;
  bit psel, penable, pwrite, ref_tick;
  bit [AW-1:0] paddr;
  bit [31:0] pwdata;
  bit [3:0] pstrb;
  bit [2:0] pprot;
  bit [THREADS-1:0] priv, rdp_req;
  bit [EV_W-1:0] ev_ext;
  bit [SLOT_W-1:0] slot_fill, slot_issue, slot_retire;
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
  assign pmu_cmt_pc_i      = '0;   // the DPI-C layer's model runs SAMPLER 0
  assign pmu_cmt_sig_i     = '0;
  assign pmu_rdp_req_i     = rdp_req;
  assign pmu_rdp_sel_i     = rdp_sel;
  assign rdp_valid         = pmu_rdp_valid_o;
  assign rdp_data          = pmu_rdp_data_o;
  assign irq               = pmu_irq_o;

  // ---- the model's outputs ----
  bit m_pready, m_pslverr;
  bit [31:0] m_prdata;
  bit [THREADS-1:0] m_rdp_valid, m_irq;
  bit [RDP_DATA_W-1:0] m_rdp_data;

  chandle model, stim;
  longint unsigned seed, cycles, cyc;
  bit failed;

  localparam string OUTS = "outputs before the clock edge", STATE = "state after the clock edge";
  task automatic mismatch(input string what, input string sig, input string exp, input string act);
    $display("MISMATCH at cycle %0d (%s): %s: expected 0x%s, actual 0x%s", cyc, what, sig, exp, act);
    $display("seed: %0d", seed);
    $display("replay: Vpmu_dpi_tb +seed=%0d +cycles=%0d", seed, cycles);
    $display("  cycle %0d inputs: apb psel=%0d en=%0d wr=%0d addr=0x%04h wdata=0x%08h strb=%h prot=%0d ref=%0d",
             cyc, psel, penable, pwrite, paddr, pwdata, pstrb, pprot, ref_tick);
    $display("    priv=%b ev_ext=%h fill/issue/retire=%h/%h/%h stk_n=%h stk_wp=%h flags=%h rdp=%b:%h",
             priv, ev_ext, slot_fill, slot_issue, slot_retire, stk_n, stk_wp, stk_flags, rdp_req, rdp_sel);
    failed = 1;
  endtask

  // reset: zero inputs, one edge with rst_n low, on both sides
  task automatic reset();
    {psel, penable, pwrite, paddr, pwdata, pstrb, pprot, priv, ref_tick} = '0;
    {ev_ext, slot_fill, slot_issue, slot_retire, stk_n, stk_wp, stk_flags, rdp_req, rdp_sel} = '0;
    rst_n = 0;
    #5 clk = 1;
    #5 clk = 0;
    rst_n = 1;
    pmu_dpi_reset(model);
  endtask

  int n_pass, n_fail;
  task automatic check(input string what, input bit ok);
    if (ok) n_pass++;
    else begin
      n_fail++;
      $display("FAIL %s", what);
    end
  endtask

  // The rest of the DPI API on two fresh models, with the last random inputs and the bus idle:
  // pmu_dpi_ffwd against pmu_dpi_step, pmu_dpi_peek against pmu_dpi_counter, the parameter check.
  task automatic api_checks();
    chandle a = pmu_dpi_new(THREADS, P, CW, W, LW, NW, AW), b = pmu_dpi_new(THREADS, P, CW, W, LW, NW, AW);
    int unsigned d;
    bit same = 1;
    psel = 0;
    for (int i = 0; i < 5000; i++) pmu_dpi_step(a, `TB_INPUTS);
    check("pmu_dpi_ffwd returns its single steps", pmu_dpi_ffwd(b, `TB_INPUTS, 5000) >= 1);
    for (int i = 0; i < NCNT; i++) same &= pmu_dpi_counter(a, i) == pmu_dpi_counter(b, i);
    for (int t = 0; t < THREADS; t++) same &= pmu_dpi_gstatus(a, t) == pmu_dpi_gstatus(b, t);
    check("pmu_dpi_ffwd(5000) leaves the counters of 5000 pmu_dpi_step calls", same);
    {psel, penable} = 2'b11;
    check("pmu_dpi_ffwd refuses an APB access phase", pmu_dpi_ffwd(b, `TB_INPUTS, 5) == -1);
    check("pmu_dpi_peek of slot0 = its counter",
          pmu_dpi_peek(a, `PMU_THREAD_BASE + `PMU_SLOT_OFF, d) == 0 && d == 32'(pmu_dpi_counter(a, P + 3)));
    check("pmu_dpi_peek of an unmapped address", pmu_dpi_peek(a, 'h008, d) == -1);
    $display("dpi_tb: pmu_dpi_new with THREADS + 1, on purpose (its message follows):");
    check("pmu_dpi_new refuses other parameters", pmu_dpi_new(THREADS + 1, P, CW, W, LW, NW, AW) == null);
    pmu_dpi_free(a);
    pmu_dpi_free(b);
  endtask

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 100000;
    $display("dpi_tb: pmu_top against the C model through DPI-C, seed %0d, %0d cycles", seed, cycles);
    model = pmu_dpi_new(THREADS, P, CW, W, LW, NW, AW);
    if (model == null) $fatal(1, "pmu_dpi_new failed");
    stim = pmu_dpi_rand_new(seed);
    clk = 0;
    reset();
    cyc = 0;
    for (longint unsigned c = 0; c < cycles && !failed; c++) begin
      pmu_dpi_rand_next(stim, `TB_INPUTS);
      if (c % 100003 == 100002) begin  // a reset now and then
        reset();
        continue;
      end
      #4;  // inputs settled, clock low: compare the outputs
      pmu_dpi_comb(model, `TB_INPUTS, m_pready, m_prdata, m_pslverr, m_rdp_valid, m_rdp_data, m_irq);
      if (m_pready !== pready) mismatch(OUTS, "pready_o",
        $sformatf("%0h", m_pready), $sformatf("%0h", pready));
      else if (m_pslverr !== pslverr) mismatch(OUTS, "pslverr_o",
        $sformatf("%0h", m_pslverr), $sformatf("%0h", pslverr));
      else if (m_prdata !== prdata) mismatch(OUTS, "prdata_o",
        $sformatf("%0h", m_prdata), $sformatf("%0h", prdata));
      else if (m_irq !== irq) mismatch(OUTS, "irq_o",
        $sformatf("%0h", m_irq), $sformatf("%0h", irq));
      else if (m_rdp_valid !== rdp_valid) mismatch(OUTS, "rdp_valid_o",
        $sformatf("%0h", m_rdp_valid), $sformatf("%0h", rdp_valid));
      else if (m_rdp_data !== rdp_data) mismatch(OUTS, "rdp_data_o",
        $sformatf("%0h", m_rdp_data), $sformatf("%0h", rdp_data));
      if (failed) break;
      pmu_dpi_step(model, `TB_INPUTS);
      #1 clk = 1;
      #5 clk = 0;
      // the state after the edge: every counter, every gstatus
      for (int i = 0; i < NCNT && !failed; i++)
        if (pmu_dpi_counter(model, i) != 64'(u_pmu.u_bank.cnt_q[i]))
          mismatch(STATE, $sformatf("cnt_q[%0d]", i),
                   $sformatf("%0h", pmu_dpi_counter(model, i)), $sformatf("%0h", u_pmu.u_bank.cnt_q[i]));
      for (int t = 0; t < THREADS && !failed; t++)
        if (pmu_dpi_gstatus(model, t) != u_pmu.u_regs.gstatus_q[t*64 +: 64])
          mismatch(STATE, $sformatf("gstatus_q[%0d]", t),
                   $sformatf("%0h", pmu_dpi_gstatus(model, t)), $sformatf("%0h", u_pmu.u_regs.gstatus_q[t*64 +: 64]));
      if (!failed) cyc++;
    end
    if (failed) begin
      $display("dpi_tb: FAIL at cycle %0d (seed %0d)", cyc, seed);
      $display("0 passed, 1 failed");
      pmu_dpi_tb_exit(1);
    end
    $display("dpi_tb: %0d cycles, 0 mismatches (seed %0d)", cyc, seed);
    n_pass++;
    api_checks();
    pmu_dpi_free(model);
    $display("%0d passed, %0d failed", n_pass, n_fail);
    pmu_dpi_tb_exit(n_fail != 0 ? 1 : 0);
  end
endmodule

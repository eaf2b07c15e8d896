// Differential test of the counter bank's two storage options (spec 4, "Counter storage"):
// pmu_cnt_bank with flip-flops (STORAGE=0) and with block RAM behind prefix counters
// (STORAGE=1) side by side on the same random stimulus, compared every cycle at every port:
// the read port, the window read port, the wrap vector and every counter's value.
//
// Small parameters make the block-RAM corners frequent: increments of 0..7 (IW=3) give the
// smallest prefix the RAM bank allows (PW = IW + clog2(FOLD_LAT + 1) = 8 bits with 5 counters;
// 7 for the NARROW counter, increments 0..3, and 6 for the SMALL one, increments 0..1),
// so a prefix carries out every few dozen cycles, folds run all the time, and fold, carry,
// pre-read, bypass and software write meet in the same cycles. Writes favour values near the
// wrap (all ones in the upper part) so that wraps come from ordinary carries too.
//
// The stimulus keeps the bank's protocol as pmu_regs does (APB): an access is a setup cycle
// (pre_i, pidx_i) followed by its access cycle (re_i or we_i on the same counter), for a counter
// in block RAM after one wait state (spec 5.1: no pre-read, read or write, pidx_i kept), which
// the RAM bank's wait_o must flag.
//
// Run: iverilog -g2005 -Irtl/pmu -o tb verif/bank/tb_bank_diff.v rtl/pmu/pmu_cnt_bank.v
//        rtl/pmu/pmu_cnt_ram.v rtl/pmu/pmu_cnt_drn.v rtl/pmu/pmu_cnt_wnd.v && vvp tb +seed=N +cycles=N
// Prints the corners reached and ends with "N passed, N failed" (checks = cycles compared).

`timescale 1ns / 1ps

module tb_bank_diff;
  localparam NCNT = 8;
  localparam CW   = 40;
  localparam IW   = 3;
  localparam CIW  = 3;
  localparam [NCNT-1:0] DIRECT  = 8'b00000100;   // counter 2: no wait state (the window port's)
  localparam [NCNT-1:0] WRAP_EN = 8'b00011011;   // counter 3 wraps silently (and 5..7)
  localparam [NCNT-1:0] NARROW  = 8'b11110010;   // counter 1: increments 0..3 (NIW = 2)
  localparam NIW = 2;
  localparam [NCNT-1:0] SMALL   = 8'b11110000;   // counter 4 (SMALL wins): 0..1 (SIW = 1)
  localparam SIW = 1;
  // counters 5..7: drained (pmu_cnt_drn: silent, SMALL; a pointer over 3 counters, so that
  // an access meets the pointer's drain of its counter often)
  localparam DBASE = 5;
  localparam DSPAN = 3;

  reg               clk = 1'b0;
  reg               rst_n = 1'b0;
  reg [NCNT*IW-1:0] inc = {(NCNT * IW){1'b0}};
  reg               pre = 1'b0;
  reg [CIW-1:0]     pidx = {CIW{1'b0}};
  reg               we = 1'b0;
  reg               re = 1'b0;
  reg [CIW-1:0]     idx = {CIW{1'b0}};
  reg               whi = 1'b0;
  reg [31:0]        wdata = 32'd0;
  reg [3:0]         wstrb = 4'd0;
  reg               wnd_re = 1'b0;

  wire [CW-1:0]   rd_f;
  wire [CW-1:0]   rd_r;
  wire [CW-1:0]   wd_f;
  wire [CW-1:0]   wd_r;
  wire [NCNT-1:0] wrap_f;
  wire [NCNT-1:0] wrap_r;
  wire            wt_r;       // the RAM bank's wait state
  reg             wt_now = 1'b0;   // this cycle is the wait state of an access

  pmu_cnt_bank #(.NCNT(NCNT), .CW(CW), .IW(IW), .CIW(CIW), .WRAP_EN(WRAP_EN), .NWND(1), .WIW(1),
                 .WBASE(2), .WSTRIDE(1), .WSPAN(1), .WND_REG(1), .STORAGE(0)) u_ff (
    .clk_i (clk), .rst_ni (rst_n), .inc_i (inc), .pre_i (pre), .pidx_i (pidx), .we_i (we),
    .widx_i (idx), .whi_i (whi), .wdata_i (wdata), .wstrb_i (wstrb), .re_i (re), .ridx_i (idx),
    .rdata_o (rd_f), .wnd_re_i (wnd_re), .wnd_idx_i (1'b0), .wnd_data_o (wd_f), .wrap_o (wrap_f)
  );

  pmu_cnt_bank #(.NCNT(NCNT), .CW(CW), .IW(IW), .CIW(CIW), .WRAP_EN(WRAP_EN), .NWND(1), .WIW(1),
                 .WBASE(2), .WSTRIDE(1), .WSPAN(1), .WND_REG(1), .STORAGE(1), .DIRECT(DIRECT),
                 .NARROW(NARROW), .NIW(NIW), .SMALL(SMALL), .SIW(SIW), .DBASE(DBASE),
                 .DSPAN(DSPAN), .DSTRIDE(NCNT), .DTHR(1)) u_ram (
    .clk_i (clk), .rst_ni (rst_n), .inc_i (inc), .pre_i (pre), .pidx_i (pidx), .we_i (we),
    .widx_i (idx), .whi_i (whi), .wdata_i (wdata), .wstrb_i (wstrb), .re_i (re), .ridx_i (idx),
    .rdata_o (rd_r), .wnd_re_i (wnd_re), .wnd_idx_i (1'b0), .wnd_data_o (wd_r), .wrap_o (wrap_r),
    .wait_o (wt_r)
  );

  integer seed;
  integer cycles;
  integer cyc;
  integer pass;
  integer fail;
  integer i;
  integer ph;          // bus phase: 0 idle, 1 setup done (access next), 2 setup done (wait next)
  integer follow;      // the next transfer writes the low word of the same counter
  integer follow_case;
  integer r;
  // corners reached (each must be > 0)
  integer seed0;
  integer n_fold;      // folds written back
  integer n_wrap;      // wraps of RAM counters
  integer n_wrap_fold; // ... whose all-ones upper part came from a fold (not a write)
  integer n_byp;       // pre-read of a word written at the same edge
  integer n_park;      // a fold's word parked (its cycle B met a write-back or a parked word)
  integer n_rd;        // reads and writes of RAM counters
  integer n_wr;
  integer n_dsame;     // a drained counter's access cycle (C) meets the pointer's cycle B of it
  integer n_dwsame;    // ... with a write
  // invariants of the block-RAM bank's sizing (must stay 0)
  integer n_carry_pend;// a carry out of a prefix while its last carry is still pending
  integer n_drop;      // a fold lost: cycle B met the write-back of its own counter, or a
                       // parked word that cannot be written (a write-back)
  reg [NCNT-1:0] ones_by_fold;   // the counter's ones_q was last set to 1 by a fold
  reg            fold_now;
  reg [CIW-1:0]  fold_idx;
  reg            fold_ones;
  reg            wb_now;
  reg [CIW-1:0]  wb_idx;

  task fail_at(input [8*24-1:0] what, input [CW-1:0] exp, input [CW-1:0] act, input integer k);
    begin
      fail = fail + 1;
      if (fail <= 5) begin
        $display("MISMATCH cycle %0d: %0s %0d: flip-flops 0x%h, block RAM 0x%h (seed %0d)",
                 cyc, what, k, exp, act, seed0);
      end
    end
  endtask

  always #5 clk = ~clk;

  // compare just before each rising edge (the outputs of this cycle, the state after the last)
  task check;
    begin
      if (re && rd_f !== rd_r) fail_at("read port, counter", rd_f, rd_r, idx);
      if (wd_f !== wd_r) fail_at("window port", wd_f, wd_r, 2);   // (registered: every cycle)
      if (wt_r !== wt_now) fail_at("wait state", {{(CW - 1){1'b0}}, wt_now}, {{(CW - 1){1'b0}}, wt_r}, 0);
      if (wrap_f !== wrap_r) fail_at("wrap vector", {{(CW - NCNT){1'b0}}, wrap_f},
                                     {{(CW - NCNT){1'b0}}, wrap_r}, 0);
      for (i = 0; i < NCNT; i = i + 1) begin
        if (u_ff.cnt_q[i] !== u_ram.cnt_q[i]) fail_at("counter", u_ff.cnt_q[i], u_ram.cnt_q[i], i);
      end
      pass = pass + 1;
    end
  endtask

  // count the corners and the invariants (block RAM side)
  task corners;
    begin
      if (u_ram.g_ram.u_ram.fw) begin
        n_fold = n_fold + 1;
      end
      if (u_ram.g_ram.u_ram.park) n_park = n_park + 1;
      if (u_ram.g_ram.u_ram.fv_q && u_ram.g_ram.u_ram.wv_q &&
          (u_ram.g_ram.u_ram.fi_q == u_ram.g_ram.u_ram.wi_q || u_ram.g_ram.u_ram.pk_q))
        n_drop = n_drop + 1;
      if (u_ram.g_ram.u_ram.pk_q && u_ram.g_ram.u_ram.wv_q) n_drop = n_drop + 1;
      // (a landing write-back replaces its counter's pending flag)
      if ((u_ram.g_ram.u_ram.carry & u_ram.g_ram.u_ram.pend_q & ~u_ram.g_ram.u_ram.wb_q) != 0)
        n_carry_pend = n_carry_pend + 1;
      if (wrap_r != 0) n_wrap = n_wrap + 1;
      if ((wrap_r & ones_by_fold) != 0) n_wrap_fold = n_wrap_fold + 1;
      if (u_ram.g_ram.u_ram.byp_q && wt_now) n_byp = n_byp + 1;   // (in the wait state)
      if (u_ram.g_ram.u_ram.g_drain.u_drn.c_same && u_ram.g_ram.u_ram.g_drain.u_drn.cacc_q) begin
        n_dsame = n_dsame + 1;
        if (we) n_dwsame = n_dwsame + 1;
      end
      if ((re || we) && !DIRECT[idx]) begin
        if (re) n_rd = n_rd + 1;
        if (we) n_wr = n_wr + 1;
      end
    end
  endtask

  // random write data: mostly near the wrap (upper part U = cnt[CW-1:8] all ones, or all ones
  // but one, so that a fold makes it all ones)
  function [31:0] wvalue(input integer rr, input hi_word);
    begin
      case (rr & 3)
        0:       wvalue = $random(seed);
        1:       wvalue = hi_word ? 32'h0000_00ff : 32'hffff_ff00 | ($random(seed) & 32'hff);
        2:       wvalue = hi_word ? 32'h0000_00ff : 32'hffff_fe00 | ($random(seed) & 32'h1ff);
        default: wvalue = hi_word ? 32'h0000_00fe : 32'h0000_0000 | ($random(seed) & 32'h7f);
      endcase
    end
  endfunction

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 200000;
    $display("tb_bank_diff: seed %0d, %0d cycles (replay: +seed=%0d +cycles=%0d)", seed, cycles,
             seed, cycles);
    pass = 0; fail = 0; ph = 0; follow = 0; follow_case = 0;
    n_fold = 0; n_wrap = 0; n_wrap_fold = 0; n_byp = 0; n_rd = 0; n_wr = 0;
    n_carry_pend = 0; n_drop = 0; n_park = 0; ones_by_fold = {NCNT{1'b0}};
    n_dsame = 0; n_dwsame = 0;
    @(negedge clk);
    @(negedge clk);
    rst_n = 1'b1;
    for (cyc = 0; cyc < cycles; cyc = cyc + 1) begin
      // inputs of this cycle (set after the falling edge)
      for (i = 0; i < NCNT; i = i + 1) begin
        inc[i*IW +: IW] = $random(seed);
        if (NARROW[i]) inc[i*IW + 2] = 1'b0;       // below 2^NIW
        if (SMALL[i]) inc[i*IW + 1] = 1'b0;        // below 2^SIW
      end
      r = $random(seed);
      pre = 1'b0; re = 1'b0; we = 1'b0; wnd_re = r[20];
      wt_now = (ph == 2);
      if (ph == 2) begin
        ph = 1;                                    // the wait state of a counter in block RAM
      end else if (ph == 1) begin
        // access cycle of the transfer set up last cycle (idx kept)
        if (follow) begin
          // the low word of a near-wrap value whose high word was written last transfer
          we     = 1'b1;
          whi    = 1'b0;
          wstrb  = 4'hf;
          wdata  = wvalue(follow_case, 1'b0);
          follow = 0;
        end else if (r[2:0] != 3'd0) begin
          re = 1'b1;                               // mostly reads: counters run long enough
        end else begin
          r     = $random(seed);                   // the write's own draws
          we    = 1'b1;
          whi   = r[1];
          wstrb = r[3] ? 4'hf : r[7:4];
          wdata = wvalue(r >> 8, r[1]);
          if (r[1] && wstrb[0] && ((r >> 8) & 3) != 0 && ((r >> 8) & 3) != 3) begin
            follow      = 1;                       // then its low word, next transfer
            follow_case = (r >> 8) & 3;
          end
        end
        ph = 0;
      end else if (r[11:8] == 4'd0 || (r[11:8] == 4'd1 && cyc % 64 < 8)) begin
        // setup cycle: a counter access next cycle (sometimes a burst of them)
        if (!follow) idx = (r >> 12) % NCNT;
        pre  = 1'b1;
        pidx = idx;
        ph   = DIRECT[idx] ? 1 : 2;
      end
      if (r[30:18] == 13'd0) begin
        rst_n = 1'b0;          // a reset now and then
        ph    = 0;
        follow = 0;
        wt_now = 1'b0;
        pre   = 1'b0; re = 1'b0; we = 1'b0;
      end else begin
        rst_n = 1'b1;
      end
      #4;
      if (rst_n) begin
        check;
        corners;
      end
      // which counters' ones_q the coming edge sets by a fold (the others: by a write or reset)
      fold_now  = rst_n && u_ram.g_ram.u_ram.fw;
      fold_idx  = u_ram.g_ram.u_ram.fw_i;
      fold_ones = u_ram.g_ram.u_ram.f_ones;
      wb_now    = rst_n && u_ram.g_ram.u_ram.wv_q;
      wb_idx    = u_ram.g_ram.u_ram.wi_q;
      @(posedge clk);
      #1;
      if (!rst_n) ones_by_fold = {NCNT{1'b0}};
      if (wb_now) ones_by_fold[wb_idx] = 1'b0;
      if (fold_now) ones_by_fold[fold_idx] = fold_ones;
      @(negedge clk);
    end
    $display("corners: %0d folds (%0d parked), %0d RAM wraps (%0d after a fold), %0d bypassed pre-reads, %0d reads, %0d writes of RAM counters",
             n_fold, n_park, n_wrap, n_wrap_fold, n_byp, n_rd, n_wr);
    $display("drained counters: %0d accesses met the pointer's drain of their counter (%0d writes)",
             n_dsame, n_dwsame);
    $display("invariants: %0d carries while pending, %0d folds lost (both must be 0)",
             n_carry_pend, n_drop);
    if (n_fold == 0 || n_park == 0 || n_wrap == 0 || n_wrap_fold == 0 || n_byp == 0 || n_rd == 0 ||
        n_wr == 0 || n_dwsame == 0) begin
      $display("FAIL a corner was not reached (seed %0d)", seed0);
      fail = fail + 1;
    end
    if (n_carry_pend != 0 || n_drop != 0) begin
      $display("FAIL an invariant of the block-RAM sizing broke (seed %0d)", seed0);
      fail = fail + 1;
    end
    $display("%0d passed, %0d failed", pass, fail);
    $finish;
  end

endmodule

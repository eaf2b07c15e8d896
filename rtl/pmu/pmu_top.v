// StallScope PMU: top level (docs/spec.md).
//
// u_regs   APB4 slave, configuration/status registers, high-word latch, interrupt
// u_evctl  programmable counters: event value, condition, qualify, edge, chain
// u_fix    fixed and issue-slot counter increments
// u_stack  CPI-stack accounting
// u_bank   counter storage (NCNT = THREADS*(P+32) counters of CW bits)
// u_rdp    direct read port of the issue-slot counters
// u_smp    the time-proportional sampler (spec 7), with SAMPLER = 1
//
// Counter i of thread t is bank counter t*NCPT + i: 0..P-1 programmable, P..P+2 fixed,
// P+3..P+7 issue slots, P+8..P+31 CPI stacks (stage*8 + component).

`include "pmu_map.vh"

module pmu_top #(
  parameter THREADS     = `PMU_DEF_THREADS,
  parameter P           = `PMU_DEF_P,
  parameter CW          = `PMU_DEF_CW,
  parameter W           = `PMU_DEF_W,
  parameter LW          = `PMU_DEF_LW,
  parameter NW          = `PMU_DEF_NW,
  parameter CRW         = `PMU_DEF_CRW,
  parameter NS_PER_TICK = `PMU_DEF_NS_PER_TICK,
  parameter AW          = `PMU_DEF_AW,
  // counter storage (spec 4): 0 flip-flops, 1 block RAM behind flip-flop prefix counters
  parameter STORAGE     = `PMU_DEF_STORAGE,
  // event path pipeline (spec 4): 0 increments reach the counters in their cycle, 1 a cycle later,
  // 2 two cycles later (the event value V and the event inputs registered first), 3 three cycles
  // later (every event input registered at the port, then as 2)
  parameter PIPE        = `PMU_DEF_PIPE,
  // the time-proportional sampler (spec 7): 1 present; records per thread in its buffer
  parameter SAMPLER     = `PMU_DEF_SAMPLER,
  parameter SMP_DEPTH   = `PMU_DEF_SMP_DEPTH
) (
  input  wire                             clk_i,
  input  wire                             rst_ni,
  // APB4 slave
  input  wire                             psel_i,
  input  wire                             penable_i,
  input  wire                             pwrite_i,
  input  wire [AW-1:0]                    paddr_i,
  input  wire [31:0]                      pwdata_i,
  input  wire [3:0]                       pstrb_i,
  input  wire [2:0]                       pprot_i,
  output wire                             pready_o,
  output wire [31:0]                      prdata_o,
  output wire                             pslverr_o,
  // core events
  input  wire [THREADS-1:0]               priv_i,
  input  wire                             ref_tick_i,
  input  wire [THREADS*`PMU_NEXT*LW-1:0]  ev_ext_i,
  input  wire [THREADS*NW-1:0]            slot_fill_i,
  input  wire [THREADS*NW-1:0]            slot_issue_i,
  input  wire [THREADS*NW-1:0]            slot_retire_i,
  input  wire [THREADS*3*NW-1:0]          stk_n_i,
  input  wire [THREADS*2*NW-1:0]          stk_wp_i,
  input  wire [THREADS*`PMU_NFLAG-1:0]    stk_flags_i,
  // the committing instructions for the sampler (spec 7.8; unused with SAMPLER = 0)
  input  wire [THREADS*W*16-1:0]          cmt_pc_i,
  input  wire [THREADS*W*5-1:0]           cmt_sig_i,
  // direct read port
  input  wire [THREADS-1:0]               rdp_req_i,
  input  wire [THREADS*3-1:0]             rdp_sel_i,
  output wire [THREADS-1:0]               rdp_valid_o,
  output wire [THREADS*64-1:0]            rdp_data_o,
  // interrupt
  output wire [THREADS-1:0]               irq_o
);

  localparam NFIX  = `PMU_NFIX;
  localparam NSLOT = `PMU_NSLOT;
  localparam NSTK  = `PMU_NSTK;
  localparam NCPT  = P + 32;
  localparam NCNT  = THREADS * NCPT;
  localparam CIW   = $clog2(NCNT);
  localparam VW    = LW + 3 + $clog2(THREADS);
  // Increment width (spec 4): wider than V, the slot inputs (NW), W (3 bits) and NS_PER_TICK.
  localparam IW    = `PMU_IW_OF(VW, NW, NS_PER_TICK);

  // ---------------------------------------------------------------------------------------------
  // Registers and APB
  // ---------------------------------------------------------------------------------------------
  // Counter bank read ports: the read port for APB, window read port t (thread t's issue-slot
  // counters) for the direct read port.
  wire                   cnt_re;
  wire                   cnt_pre;     // APB setup cycle of a counter access (pre-read)
  wire [CIW-1:0]         cnt_ridx;
  wire [CIW-1:0]         cnt_pidx;    // ... its counter (the setup cycle's address)
  wire                   cnt_wait;    // the wait state of an access to a counter in block RAM
  wire [CW-1:0]          cnt_rdata;
  wire [THREADS-1:0]     slot_re;
  wire [THREADS*3-1:0]   slot_ridx;
  wire [THREADS*CW-1:0]  slot_rdata;
  // Wraps of the issue-slot and stack counters are silent (spec 4): only programmable and
  // fixed counter wraps are used. The bank's wrap in its two parts (pmu_cnt_bank: wrap =
  // wcarry & ~wsel), put together below.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NCNT-1:0]        wrap;      // (the two parts are used)
  wire [NCNT-1:0]        wcarry;
  wire [NCNT-1:0]        wsel;
  /* verilator lint_on UNUSEDSIGNAL */
  reg  [THREADS*P-1:0]   pmc_wrap;
  reg  [THREADS*3-1:0]   fix_wrap;
  wire                   cnt_we;
  wire [CIW-1:0]         cnt_widx;
  wire                   cnt_whi;
  wire [31:0]            cnt_wdata;
  wire [3:0]             cnt_wstrb;
  wire [THREADS*P*32-1:0] evtsel;
  wire [THREADS*P*32-1:0] ext;
  wire [THREADS*P*`PMU_XW-1:0] pick;  // lane table indices (pmu_lane_x.vh)
  wire [THREADS*P-1:0]                    evsup;   // evtsel[k]'s pair is supported (2.2)
  wire [THREADS*P-1:0]                    evcore;  // ... and core-scoped (acts as ANY)
  wire [THREADS*P-1:0]                    evthr;   // threshold mode (pmu_regs thr_o)
  wire [THREADS*P-1:0]   sel_wr;
  wire [THREADS*P-1:0]   pmc_en;
  wire [THREADS*3-1:0]   fix_en;
  wire [THREADS*3-1:0]   fix_os;
  wire [THREADS*3-1:0]   fix_usr;
  wire [THREADS-1:0]     frz;
  wire [THREADS-1:0]     wpvis;

  // APB wait state (spec 5.1): the first access cycle of an access to a counter in block RAM
  // (STORAGE = 1; the bank's wait_o, from the setup cycle's pre-read)
  assign pready_o = !(psel_i && penable_i && cnt_wait);

  wire [THREADS-1:0] regs_irq;
  wire [THREADS-1:0] smp_irq;
  wire [2:0]         smp_t;
  wire [5:0]         smp_k;
  wire               smp_we;
  wire [31:0]        smp_wword;
  wire [31:0]        smp_rdata;
  wire               smp_werr;
  assign irq_o = regs_irq | smp_irq;

  pmu_regs #(
    .THREADS (THREADS),
    .P       (P),
    .CW      (CW),
    .W       (W),
    .AW      (AW),
    .SAMPLER (SAMPLER),
    .PIPE    (PIPE),
    .STORAGE (STORAGE)
  ) u_regs (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .psel_i      (psel_i),
    .penable_i   (penable_i),
    .pwrite_i    (pwrite_i),
    .paddr_i     (paddr_i),
    .pprot_i     (pprot_i),
    .pwdata_i    (pwdata_i),
    .pstrb_i     (pstrb_i),
    .prdata_o    (prdata_o),
    .pslverr_o   (pslverr_o),
    .cnt_re_o    (cnt_re),
    .cnt_pre_o   (cnt_pre),
    .cnt_wait_i  (cnt_wait),
    .cnt_ridx_o  (cnt_ridx),
    .cnt_pidx_o  (cnt_pidx),
    .cnt_rdata_i (cnt_rdata),
    .pmc_wrap_i  (pmc_wrap),
    .fix_wrap_i  (fix_wrap),
    .cnt_we_o    (cnt_we),
    .cnt_widx_o  (cnt_widx),
    .cnt_whi_o   (cnt_whi),
    .cnt_wdata_o (cnt_wdata),
    .cnt_wstrb_o (cnt_wstrb),
    .evtsel_o    (evtsel),
    .ext_o       (ext),
    .thr_o       (evthr),
    .pick_o      (pick),
    .sup_o       (evsup),
    .core_o      (evcore),
    .sel_wr_o    (sel_wr),
    .pmc_en_o    (pmc_en),
    .fix_en_o    (fix_en),
    .fix_os_o    (fix_os),
    .fix_usr_o   (fix_usr),
    .frz_o       (frz),
    .wpvis_o     (wpvis),
    .smp_t_o     (smp_t),
    .smp_k_o     (smp_k),
    .smp_we_o    (smp_we),
    .smp_wword_o (smp_wword),
    .smp_rdata_i (smp_rdata),
    .smp_werr_i  (smp_werr),
    .irq_o       (regs_irq)
  );

  // ---------------------------------------------------------------------------------------------
  // Event inputs (spec 4, "Event path pipeline"): the ports, or with PIPE >= 3 the ports of the
  // cycle before from a register (ev_q, reset 0), so that no event input reaches more than the
  // D input of a flip-flop; everything below sees the x_ signals as PIPE = 2 sees the ports.
  // ---------------------------------------------------------------------------------------------
  wire [THREADS-1:0]              x_priv;
  wire                            x_tick;
  wire [THREADS*`PMU_NEXT*LW-1:0] x_ext;
  wire [THREADS*NW-1:0]           x_fill;
  wire [THREADS*NW-1:0]           x_issue;
  wire [THREADS*NW-1:0]           x_retire;
  wire [THREADS*3*NW-1:0]         x_stk_n;
  wire [THREADS*2*NW-1:0]         x_stk_wp;
  wire [THREADS*`PMU_NFLAG-1:0]   x_stk_flags;
  wire [THREADS*W*16-1:0]         x_cmt_pc;
  wire [THREADS*W*5-1:0]          x_cmt_sig;
  generate
    if (PIPE >= 3) begin : g_ev_q
      localparam EVB = THREADS * (1 + `PMU_NEXT * LW + 8 * NW + `PMU_NFLAG + W * 21) + 1;
      reg [EVB-1:0] ev_q;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          ev_q <= {EVB{1'b0}};
        end else begin
          ev_q <= {priv_i, ref_tick_i, ev_ext_i, slot_fill_i, slot_issue_i, slot_retire_i,
                   stk_n_i, stk_wp_i, stk_flags_i, cmt_pc_i, cmt_sig_i};
        end
      end
      assign {x_priv, x_tick, x_ext, x_fill, x_issue, x_retire, x_stk_n, x_stk_wp, x_stk_flags,
              x_cmt_pc, x_cmt_sig} = ev_q;
    end else begin : g_ev
      assign x_priv      = priv_i;
      assign x_tick      = ref_tick_i;
      assign x_ext       = ev_ext_i;
      assign x_fill      = slot_fill_i;
      assign x_issue     = slot_issue_i;
      assign x_retire    = slot_retire_i;
      assign x_stk_n     = stk_n_i;
      assign x_stk_wp    = stk_wp_i;
      assign x_stk_flags = stk_flags_i;
      assign x_cmt_pc    = cmt_pc_i;
      assign x_cmt_sig   = cmt_sig_i;
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // Increments
  // ---------------------------------------------------------------------------------------------
  wire [THREADS*P*IW-1:0]    pmc_inc;
  wire [THREADS*8*IW-1:0]    fs_inc;
  wire [THREADS*NSTK*IW-1:0] stk_inc;

  // The event inputs of the cycle whose events the increments count (spec 4, "Event path
  // pipeline"): this cycle's, or with PIPE >= 2 the cycle before's from a register (reset 0). The
  // programmable counters' V reads this cycle's lanes and registers V itself (pmu_evctl).
  wire [THREADS-1:0]           e_priv;
  wire                         e_tick;
  wire [THREADS*NW-1:0]        e_fill;
  wire [THREADS*NW-1:0]        e_issue;
  wire [THREADS*NW-1:0]        e_retire;
  wire [THREADS*`PMU_NFLAG-1:0] e_stk_flags;
  generate
    if (PIPE >= 2) begin : g_in_q
      reg [THREADS-1:0]           priv_q;
      reg                         tick_q;
      reg [THREADS*NW-1:0]        fill_q;
      reg [THREADS*NW-1:0]        issue_q;
      reg [THREADS*NW-1:0]        retire_q;
      reg [THREADS*`PMU_NFLAG-1:0] stk_flags_q;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          priv_q      <= {THREADS{1'b0}};
          tick_q      <= 1'b0;
          fill_q      <= {(THREADS * NW){1'b0}};
          issue_q     <= {(THREADS * NW){1'b0}};
          retire_q    <= {(THREADS * NW){1'b0}};
          stk_flags_q <= {(THREADS * `PMU_NFLAG){1'b0}};
        end else begin
          priv_q      <= x_priv;
          tick_q      <= x_tick;
          fill_q      <= x_fill;
          issue_q     <= x_issue;
          retire_q    <= x_retire;
          stk_flags_q <= x_stk_flags;
        end
      end
      assign e_priv      = priv_q;
      assign e_tick      = tick_q;
      assign e_fill      = fill_q;
      assign e_issue     = issue_q;
      assign e_retire    = retire_q;
      assign e_stk_flags = stk_flags_q;
    end else begin : g_in
      assign e_priv      = x_priv;
      assign e_tick      = x_tick;
      assign e_fill      = x_fill;
      assign e_issue     = x_issue;
      assign e_retire    = x_retire;
      assign e_stk_flags = x_stk_flags;
    end
  endgenerate

  pmu_evctl #(
    .THREADS (THREADS),
    .P       (P),
    .W       (W),
    .LW      (LW),
    .NW      (NW),
    .IW      (IW),
    .PIPE    (PIPE)
  ) u_evctl (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .priv_i        (x_priv),
    .priv_e_i      (e_priv),
    .ref_tick_i    (x_tick),
    .ev_ext_i      (x_ext),
    .slot_fill_i   (x_fill),
    .slot_issue_i  (x_issue),
    .slot_retire_i (x_retire),
    .evtsel_i      (evtsel),
    .ext_i         (ext),
    .thr_i         (evthr),
    .pick_i        (pick),
    .sup_i         (evsup),
    .core_i        (evcore),
    .pmc_en_i      (pmc_en),
    .frz_i         (frz),
    .sel_wr_i      (sel_wr),
    .wrap_i        (pmc_wrap),
    .inc_o         (pmc_inc)
  );

  pmu_fixslot #(
    .THREADS     (THREADS),
    .W           (W),
    .NW          (NW),
    .NS_PER_TICK (NS_PER_TICK),
    .IW          (IW)
  ) u_fix (
    .priv_i        (e_priv),
    .ref_tick_i    (e_tick),
    .slot_fill_i   (e_fill),
    .slot_issue_i  (e_issue),
    .slot_retire_i (e_retire),
    .fix_en_i      (fix_en),
    .fix_os_i      (fix_os),
    .fix_usr_i     (fix_usr),
    .frz_i         (frz),
    .inc_o         (fs_inc)
  );

  pmu_stack #(
    .THREADS (THREADS),
    .W       (W),
    .NW      (NW),
    .CRW     (CRW),
    .IW      (IW),
    .PIPE    (PIPE)
  ) u_stack (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .wpvis_i     (wpvis),
    .stk_n_i     (x_stk_n),    // with PIPE >= 2 registered in u_stack, after the sums
    .stk_wp_i    (x_stk_wp),
    .stk_flags_i (e_stk_flags),
    .inc_o       (stk_inc)
  );

  // ---------------------------------------------------------------------------------------------
  // Counter bank: increments in, wraps and values out
  // ---------------------------------------------------------------------------------------------
  // Bank increment vector: thread t's block of NCPT fields is its P programmable, NFIX+NSLOT
  // fixed/slot and NSTK stack increments in bank order.
  wire [NCNT*IW-1:0] inc;
  genvar gt;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_inc
      assign inc[gt*NCPT*IW +: P*IW]                   = pmc_inc[gt*P*IW +: P*IW];
      assign inc[(gt*NCPT+P)*IW +: (NFIX+NSLOT)*IW]    = fs_inc[gt*8*IW +: (NFIX+NSLOT)*IW];
      assign inc[(gt*NCPT+P+NFIX+NSLOT)*IW +: NSTK*IW] = stk_inc[gt*NSTK*IW +: NSTK*IW];
    end
  endgenerate

  // The wraps: the reporting counters' carries (a function of the counters and increments)
  // less the counter written this cycle (of the bus), put together here, after the carries are
  // gathered, so that no part of the carry vector depends on the bus.
  integer u;
  always @* begin
    pmc_wrap = {(THREADS * P){1'b0}};
    fix_wrap = {(THREADS * 3){1'b0}};
    for (u = 0; u < THREADS; u = u + 1) begin
      pmc_wrap[u*P +: P]    = wcarry[u*NCPT +: P] & ~wsel[u*NCPT +: P];
      fix_wrap[u*3 +: NFIX] = wcarry[u*NCPT+P +: NFIX] & ~wsel[u*NCPT+P +: NFIX];
    end
  end

  // Counters that report a wrap (programmable and fixed: overflow status, CHAIN); the issue-slot
  // and stack counters wrap silently (spec 4.3). A constant function, evaluated at elaboration
  // only: left out of line coverage.
  /* verilator coverage_off */
  function [NCNT-1:0] wrap_en_of;
    input integer np;    // reporting counters at the start of each thread's block
    integer wt;
    integer wi;
    begin
      wrap_en_of = {NCNT{1'b0}};
      for (wt = 0; wt < THREADS; wt = wt + 1) begin
        for (wi = 0; wi < np; wi = wi + 1) begin
          wrap_en_of[wt*NCPT+wi] = 1'b1;
        end
      end
    end
  endfunction
  /* verilator coverage_on */
  localparam [NCNT-1:0] WRAP_EN = wrap_en_of(P + NFIX);

  // Counters accessed without a wait state with block-RAM storage: the issue-slot counters, which
  // the direct read port reads through the bank's window ports (spec 4.5).
  /* verilator coverage_off */
  function [NCNT-1:0] slot_mask_of;
    input integer dummy;
    integer st;
    integer si;
    begin
      slot_mask_of = {NCNT{1'b0}};
      for (st = 0; st < THREADS; st = st + 1) begin
        for (si = 0; si < NSLOT; si = si + 1) begin
          slot_mask_of[st*NCPT+P+NFIX+si] = 1'b1;
        end
      end
      slot_mask_of[0] = slot_mask_of[0] | (dummy != 0);
    end
  endfunction
  /* verilator coverage_on */
  localparam [NCNT-1:0] DIRECT = slot_mask_of(0);
  // Counters with narrow increments, a shorter prefix with block-RAM storage: the stack counters
  // (SMALL: at most W slots, SMAX = W < 2^SIW), the fixed counters (NARROW: at most R < 2^NW)
  // and the issue-slot counters (at most W, F, I, R or NS_PER_TICK: NARROW when W and
  // NS_PER_TICK are below 2^NW, else with the programmable counters). The others
  // (programmable) add at most V, the sum of NPICK LW-bit lanes of each of THREADS threads
  // (spec 4.1), WMAX = THREADS * NPICK * (2^LW - 1) < 2^IW (or the slot counters' largest).
  localparam            SIW     = $clog2(W + 1);
  localparam            SLNAR   = (W < (1 << NW)) && (NS_PER_TICK < (1 << NW));
  localparam            WMAXV   = THREADS * `PMU_NPICK * ((1 << LW) - 1);
  localparam            WMAXS   = (W > NS_PER_TICK) ? W : NS_PER_TICK;
  localparam            WMAX    = (SLNAR || WMAXV >= WMAXS) ? WMAXV : WMAXS;
  localparam [NCNT-1:0] SMALL   = ~wrap_en_of(P + NFIX + NSLOT);
  localparam [NCNT-1:0] NARROW  = ~wrap_en_of(P) & ~SMALL & (SLNAR ? {NCNT{1'b1}} : ~DIRECT);

  pmu_cnt_bank #(
    .NCNT    (NCNT),
    .WRAP_EN (WRAP_EN),
    .CW      (CW),
    .IW      (IW),
    .CIW     (CIW),
    .NWND    (THREADS),
    .WND_REG (1),
    .WIW     (3),
    .WBASE   (P + NFIX),
    .WSTRIDE (NCPT),
    .WSPAN   (NSLOT),
    .STORAGE (STORAGE),
    .PIPE    (PIPE),
    .DIRECT  (DIRECT),
    .NARROW  (NARROW),
    .NIW     (NW),
    .SMALL   (SMALL),
    .SIW     (SIW),
    .SMAX    (W),
    .WMAX    (WMAX),
    .DBASE   (P + NFIX + NSLOT),
    .DSPAN   ((STORAGE != 0) ? NSTK : 0),
    .DSTRIDE (NCPT),
    .DTHR    (THREADS)
  ) u_bank (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .inc_i      (inc),
    .we_i       (cnt_we),
    .widx_i     (cnt_widx),
    .whi_i      (cnt_whi),
    .wdata_i    (cnt_wdata),
    .wstrb_i    (cnt_wstrb),
    .pre_i      (cnt_pre),
    .pidx_i     (cnt_pidx),
    .wait_o     (cnt_wait),
    .re_i       (cnt_re),
    .ridx_i     (cnt_ridx),
    .rdata_o    (cnt_rdata),
    .wnd_re_i   (slot_re),
    .wnd_idx_i  (slot_ridx),
    .wnd_data_o (slot_rdata),
    .wrap_o     (wrap),
    .carry_o    (wcarry),
    .wsel_o     (wsel)
  );

  // ---------------------------------------------------------------------------------------------
  // Direct read port
  // ---------------------------------------------------------------------------------------------
  pmu_rdp #(
    .THREADS (THREADS),
    .CW      (CW)
  ) u_rdp (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .re_o       (slot_re),
    .ridx_o     (slot_ridx),
    .rdata_i    (slot_rdata),
    .req_i      (rdp_req_i),
    .sel_i      (rdp_sel_i),
    .valid_o    (rdp_valid_o),
    .data_o     (rdp_data_o)
  );

  // ---------------------------------------------------------------------------------------------
  // Time-proportional sampler (spec 7): the commit stage, the programmable counters' increments
  // of the cycle with their CHAIN bits (src 1), its registers through u_regs
  // ---------------------------------------------------------------------------------------------
  generate
    if (SAMPLER != 0) begin : g_smp
      wire [THREADS*P-1:0] chain;
      genvar gc;
      for (gc = 0; gc < THREADS * P; gc = gc + 1) begin : g_chain
        assign chain[gc] = ext[gc*32 + `PMU_EXT_CHAIN_LSB];
      end
      pmu_smp #(
        .THREADS   (THREADS),
        .P         (P),
        .W         (W),
        .NW        (NW),
        .IW        (IW),
        .SMP_DEPTH (SMP_DEPTH)
      ) u_smp (
        .clk_i       (clk_i),
        .rst_ni      (rst_ni),
        .stk_n_i     (x_stk_n),
        .stk_flags_i (x_stk_flags),
        .priv_i      (x_priv),
        .cmt_pc_i    (x_cmt_pc),
        .cmt_sig_i   (x_cmt_sig),
        .pinc_i      (pmc_inc),
        .chain_i     (chain),
        .t_i         (smp_t),
        .k_i         (smp_k),
        .we_i        (smp_we),
        .wword_i     (smp_wword),
        .rdata_o     (smp_rdata),
        .werr_o      (smp_werr),
        .irq_o       (smp_irq)
      );
    end else begin : g_no_smp
      // the sampler's words are unmapped (pmu_regs_gen): nothing reads these
      assign smp_rdata = 32'd0;
      assign smp_werr  = 1'b0;
      assign smp_irq   = {THREADS{1'b0}};
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused = &{1'b0, x_cmt_pc, x_cmt_sig, smp_t, smp_k, smp_we, smp_wword};
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate

endmodule

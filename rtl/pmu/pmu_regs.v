// StallScope PMU: APB4 slave and register file (spec sections 3, 4.3, 5).
//
// The register block itself -- storage of evtsel, ext, fixctl, ctrl and gctrl, the address
// decode, the error rules (5.2), the read mux and the write word -- is generated from
// data/pmu.rdl into module pmu_regs_gen (pmu_regs_gen.v, instance u_gen below; its constants in
// pmu_regs_pkg.vh). Written here by hand is the behaviour around it: the flops of gstatus and
// evstat, which hardware writes (their values go back into u_gen's read mux), with the overflow
// status update and its set/clear priority (4.3), the high-word latch of 64-bit reads (5.4), the
// lane picks loaded with evtsel, the evtsel/ext write register of PIPE >= 2 (spec 4), the
// configuration outputs and the per-thread interrupt.

`include "pmu_map.vh"

module pmu_regs #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter P       = `PMU_DEF_P,
  parameter CW      = `PMU_DEF_CW,
  parameter W       = `PMU_DEF_W,
  parameter AW      = `PMU_DEF_AW,
  parameter SAMPLER = `PMU_DEF_SAMPLER,  // 1: the sampler's registers are mapped (block smp)
  // 1: the access phase uses the address decoded in the setup cycle (dec_q, spec 4 and 5)
  parameter PIPE    = `PMU_DEF_PIPE,
  // 1 (block-RAM storage): evtsel/ext are read through a block-RAM copy (pmu_regs_gen g_eram)
  parameter STORAGE = `PMU_DEF_STORAGE
) (
  input  wire                                clk_i,
  input  wire                                rst_ni,
  // APB4
  input  wire                                psel_i,
  input  wire                                penable_i,
  input  wire                                pwrite_i,
  // paddr_i[1:0] are ignored (spec 2); pprot_i[2:1] (secure, instruction) are not used.
  input  wire [AW-1:0]                       paddr_i,
  input  wire [2:0]                          pprot_i,
  input  wire [31:0]                         pwdata_i,
  input  wire [3:0]                          pstrb_i,
  output wire [31:0]                         prdata_o,
  output wire                                pslverr_o,
  // counter bank: read port, wraps of programmable and fixed counters, software write port
  output wire                                cnt_re_o,
  output wire                                cnt_pre_o,  // setup cycle of a counter access
  input  wire                                cnt_wait_i, // an access phase that is a wait state
  output wire [$clog2(THREADS*(P+32))-1:0]   cnt_ridx_o,
  output wire [$clog2(THREADS*(P+32))-1:0]   cnt_pidx_o, // counter of the setup cycle's address
  input  wire [CW-1:0]                       cnt_rdata_i,
  input  wire [THREADS*P-1:0]                pmc_wrap_i,
  input  wire [THREADS*3-1:0]                fix_wrap_i,
  output wire                                cnt_we_o,
  output wire [$clog2(THREADS*(P+32))-1:0]   cnt_widx_o,
  output wire                                cnt_whi_o,
  output wire [31:0]                         cnt_wdata_o,
  output wire [3:0]                          cnt_wstrb_o,
  // configuration for the event, fixed-counter and stack logic
  output wire [THREADS*P*32-1:0]             evtsel_o,
  output wire [THREADS*P*`PMU_XW-1:0] pick_o,   // evtsel[k]'s lane table index
  output wire [THREADS*P-1:0]                sup_o,      // evtsel[k]'s event is supported (2.2)
  output wire [THREADS*P-1:0]                core_o,     // ... and core-scoped (acts as ANY)
  output wire [THREADS*P*32-1:0]             ext_o,
  output wire [THREADS*P-1:0]                thr_o,      // threshold mode (cmnz_q, cmpnz_q)
  output reg  [THREADS*P-1:0]                sel_wr_o,   // evtsel[k] or ext[k] written
  output wire [THREADS*P-1:0]                pmc_en_o,
  output wire [THREADS*3-1:0]                fix_en_o,
  output wire [THREADS*3-1:0]                fix_os_o,
  output wire [THREADS*3-1:0]                fix_usr_o,
  output wire [THREADS-1:0]                  frz_o,
  output wire [THREADS-1:0]                  wpvis_o,
  // the sampler's registers (block smp of pmu.rdl, held by pmu_smp; spec 7.6)
  output wire [2:0]                          smp_t_o,
  output wire [5:0]                          smp_k_o,
  output wire                                smp_we_o,
  output wire [31:0]                         smp_wword_o,
  input  wire [31:0]                         smp_rdata_i,
  input  wire                                smp_werr_i,
  output wire [THREADS-1:0]                  irq_o
);

  `include "pmu_lane_pick.vh"
  `include "pmu_lane_x.vh"
  `include "pmu_regs_pkg.vh"

  // ---------------------------------------------------------------------------------------------
  // The generated register block
  // ---------------------------------------------------------------------------------------------
  // Register values (the lockstep compare and the formal invariants read them by these names)
  wire [THREADS*P*32-1:0] evtsel_q /*verilator public_flat_rd*/;
  wire [THREADS*P*32-1:0] ext_q /*verilator public_flat_rd*/;
  wire [THREADS*32-1:0]   fixctl_q /*verilator public_flat_rd*/;
  wire [THREADS*32-1:0]   ctrl_q /*verilator public_flat_rd*/;
  wire [THREADS*64-1:0]   gctrl_q /*verilator public_flat_rd*/;
  reg  [THREADS*64-1:0]   gstatus_q /*verilator public_flat_rd*/;
  reg  [THREADS*32-1:0]   evstat_q /*verilator public_flat_rd*/;
  // Writes
  wire [THREADS*P-1:0]    we_evtsel;   // evtsel[t*P+k] written
  wire [THREADS*P-1:0]    we_ext;      // ext[t*P+k] written
  wire [THREADS-1:0]      we_gstatus;  // gstatus of thread t written
  wire [31:0]             ewword;      // the word an evtsel/ext write stores (strobed bytes over its word)
  /* verilator lint_off UNUSEDSIGNAL */  // used with PIPE >= 2 only
  wire [EIW-1:0]          widx;        // the evtsel/ext element of the access, t*P+k
  /* verilator lint_on UNUSEDSIGNAL */
  // Loads of evtsel/ext elements (with their picks, evstat bit and edge history clear): the
  // write of this cycle, with PIPE >= 2 the one of the cycle before (g_sw, spec 4)
  wire [THREADS*P-1:0]    ld_evtsel;
  wire [THREADS*P-1:0]    ld_ext;
  wire [31:0]             ld_word;
  wire [31:0]             ld_dec;      // ld_word as the catalog decode below takes it
  wire                    ld_v;        // an evtsel element may load (gates the decode)
  wire                    ld_any;      // some evtsel/ext element may load (implied by ld_*)
  wire                    wr_ok;       // a successful write
  wire                    hi;          // ... or read of a high word
  wire [AW-1:0]           a;           // the access's address
  // High-word latch (5.4), read by the generated read mux through cnt_hi_rdata.
  reg [31:0]   hi_latch_q /*verilator public_flat_rd*/;
  reg [AW-1:0] hi_addr_q /*verilator public_flat_rd*/;
  reg          hi_vld_q /*verilator public_flat_rd*/;
  wire [31:0]  cnt_hi_rdata;
  // The sampler's access phase (its word and write error are only used then)
  /* verilator lint_off UNUSEDSIGNAL */
  wire         smp_sel;
  /* verilator lint_on UNUSEDSIGNAL */

  pmu_regs_gen #(
    .THREADS (THREADS),
    .P       (P),
    .CW      (CW),
    .W       (W),
    .AW      (AW),
    .SAMPLER (SAMPLER),
    .PIPE    (PIPE),
    .STORAGE (STORAGE)
  ) u_gen (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .psel_i         (psel_i),
    .penable_i      (penable_i),
    .pwrite_i       (pwrite_i),
    .paddr_i        (paddr_i),
    .pprot_i        (pprot_i),
    .pwdata_i       (pwdata_i),
    .pstrb_i        (pstrb_i),
    .prdata_o       (prdata_o),
    .pslverr_o      (pslverr_o),
    .cnt_re_o       (cnt_re_o),
    .cnt_pre_o      (cnt_pre_o),
    .cnt_wait_i     (cnt_wait_i),
    .cnt_ridx_o     (cnt_ridx_o),
    .cnt_pidx_o     (cnt_pidx_o),
    .cnt_rdata_i    (cnt_rdata_i[31:0]),
    .cnt_hi_rdata_i (cnt_hi_rdata),
    .cnt_we_o       (cnt_we_o),
    .cnt_widx_o     (cnt_widx_o),
    .cnt_whi_o      (cnt_whi_o),
    .cnt_wdata_o    (cnt_wdata_o),
    .cnt_wstrb_o    (cnt_wstrb_o),
    .evtsel_q_o     (evtsel_q),
    .ext_q_o        (ext_q),
    .fixctl_q_o     (fixctl_q),
    .ctrl_q_o       (ctrl_q),
    .gctrl_q_o      (gctrl_q),
    .gstatus_i      (gstatus_q),
    .evstat_i       (evstat_q),
    .we_evtsel_o    (we_evtsel),
    .we_ext_o       (we_ext),
    .we_gstatus_o   (we_gstatus),
    .ld_evtsel_i    (ld_evtsel),
    .ld_ext_i       (ld_ext),
    .ld_any_i       (ld_any),
    .ld_word_i      (ld_word),
    .widx_o         (widx),
    .ewword_o       (ewword),
    .smp_sel_o      (smp_sel),
    .smp_k_o        (smp_k_o),
    .smp_t_o        (smp_t_o),
    .smp_rdata_i    (smp_rdata_i),
    .smp_wword_o    (smp_wword_o),
    .smp_werr_i     (smp_werr_i),
    .smp_we_o       (smp_we_o),
    .wr_ok_o        (wr_ok),
    .hi_o           (hi),
    .addr_o         (a)
  );

  localparam PKW = XW;                // the lane table index of one event select
  // pmu_ev_sup of evtsel's reset value (the reset of sup_q, core_q)
  wire [1:0] evsup_reset = pmu_ev_sup(EVTSEL_RESET[`PMU_EVTSEL_EVENT_LSB +: 8],
                                      EVTSEL_RESET[`PMU_EVTSEL_UMASK_LSB +: 8]);

  // ---------------------------------------------------------------------------------------------
  // High-word latch (5.4): a low-word counter read samples the high word; any write invalidates
  // it; a high-word read at the latched address returns the sample.
  // ---------------------------------------------------------------------------------------------
  wire [31:0] chi   = {{(64 - CW){1'b0}}, cnt_rdata_i[CW-1:32]};
  wire        hihit = hi_vld_q && (hi_addr_q == a);
  assign cnt_hi_rdata = hihit ? hi_latch_q : chi;

  // ---------------------------------------------------------------------------------------------
  // Overflow status (4.3)
  // ---------------------------------------------------------------------------------------------
  // gstatus next state (spec 4.3): W1C clear by a write (wclr) of the strobed bytes of wd to the
  // word whi, set by the wraps of the thread's programmable (pw) and fixed (fw) counters, freeze
  // on a set with frz_on_ovf; a set beats a clear. Applied at the flop, where the bus meets the
  // wraps; its arguments are the thread's own slices, taken at the call site.
  function automatic [31:0] bmask(input [3:0] strb);   // the bytes the strobes select
    bmask = {{8{strb[3]}}, {8{strb[2]}}, {8{strb[1]}}, {8{strb[0]}}};
  endfunction

  function automatic [63:0] gstatus_next(input [63:0] q, input wclr, input whi, input [31:0] wd,
                                         input [3:0] strb, input [P-1:0] pw, input [2:0] fw,
                                         input frz_on);
    reg [63:0] set;
    reg [63:0] clr;
    begin
      clr = !wclr ? 64'd0 : whi ? {wd & bmask(strb), 32'd0} : {32'd0, wd & bmask(strb)};
      set = 64'd0;
      set[`PMU_GSTATUS_PMC_OVF_LSB +: P] = pw;
      set[`PMU_GSTATUS_FIX_OVF_LSB +: 3] = fw;
      set[`PMU_GSTATUS_CTR_FRZ_LSB]      = frz_on && (set != 64'd0);
      gstatus_next = ((q & ~clr) | set) & GSTATUS_MASK;
    end
  endfunction

  // ---------------------------------------------------------------------------------------------
  // The evtsel/ext write register (PIPE >= 2, spec 4 "Event path pipeline"): a successful write
  // of evtsel/ext registers its element and word in its access cycle (the index and the word
  // only then, enable flops); the element loads them at the end of the next cycle, so the
  // catalog decode of the picks below starts at sw_word_q, not at the bus. The bus never sees
  // the difference: the next access phase is at least two cycles later. Reset: nothing in
  // flight, index and word 0.
  // ---------------------------------------------------------------------------------------------
  generate
    if (PIPE >= 2) begin : g_sw
      reg            sw_evtsel_q /*verilator public_flat_rd*/;
      reg            sw_ext_q /*verilator public_flat_rd*/;
      reg [EIW-1:0]  sw_idx_q /*verilator public_flat_rd*/;
      reg [31:0]     sw_word_q /*verilator public_flat_rd*/;
      // the event and umask of an evtsel write's sw_word_q again, for the catalog decode alone
      // (the decode starts at a flop of its own, not at one that fans out to every element)
      reg [15:0]     sw_pair_q;
      wire           sw_ev = |we_evtsel;
      wire           sw_ex = |we_ext;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          sw_evtsel_q <= 1'b0;
          sw_ext_q    <= 1'b0;
          sw_idx_q    <= {EIW{1'b0}};
          sw_word_q   <= 32'd0;
          sw_pair_q   <= 16'd0;
        end else begin
          sw_evtsel_q <= sw_ev;
          sw_ext_q    <= sw_ex;
          if (sw_ev || sw_ex) begin
            sw_idx_q  <= widx;
            sw_word_q <= ewword;
          end
          if (sw_ev) begin   // (the decode reads it after an evtsel write only: ld_v)
            sw_pair_q <= ewword[15:0];
          end
        end
      end
      genvar ge;
      for (ge = 0; ge < THREADS * P; ge = ge + 1) begin : g_ld
        wire hit = (sw_idx_q == ge[EIW-1:0]);
        assign ld_evtsel[ge] = sw_evtsel_q && hit;
        assign ld_ext[ge]    = sw_ext_q && hit;
      end
      assign ld_word = sw_word_q;
      assign ld_dec  = {sw_word_q[31:16], sw_pair_q};
      assign ld_v    = sw_evtsel_q;
      assign ld_any  = sw_evtsel_q || sw_ext_q;
    end else begin : g_nsw
      assign ld_evtsel = we_evtsel;
      assign ld_ext    = we_ext;
      assign ld_word   = ewword;
      assign ld_dec    = ewword;
      assign ld_v      = psel_i && penable_i && pwrite_i;
      assign ld_any    = wr_ok;
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // Lane picks: evtsel[k]'s event/umask decoded through the catalog (pmu_lane_pick) into
  // pmu_evctl's lane table indices (pmu_lane_x) when evtsel[k] is written: one shared decoder
  // on the write path instead of one per counter in pmu_evctl (ANY and USR/OS act there).
  // ---------------------------------------------------------------------------------------------
  // With them, whether the pair is supported and core-scoped (pmu_ev_sup, spec 2.2): sup_q,
  // core_q, and evstat.unsup[k] (an unsupported pair other than (0x00, 0x00)).
  // Next state of the element loading (x_d), decoded from the word it loads (ld_word: with
  // PIPE < 2 in the access phase of a write, the decode not waiting for the error rules; with
  // PIPE >= 2 from the write register), loaded with the element (ld_evtsel).
  reg [THREADS*P*PKW-1:0] pick_q;
  reg [THREADS*P-1:0]     sup_q;
  reg [THREADS*P-1:0]     core_q;
  // With them, the two halves of the event control's threshold mode (spec 4.1: CMASK != 0 or
  // CMP != GE): cmnz_q (CMASK != 0), loaded with evtsel[k], and cmpnz_q (CMP != GE), with
  // ext[k], each from the word the element loads (ld_word).
  reg [THREADS*P-1:0]     cmnz_q;
  reg [THREADS*P-1:0]     cmpnz_q;
  // (only the event and umask fields of ev_d are decoded)
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]     ev_d;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [PKW-1:0]  pick_d;
  reg [1:0]      sup_d;     // {supported, core-scoped}
  reg            unsup_d;   // evstat.unsup of the written pair
  always @* begin
    ev_d    = 32'd0;
    pick_d  = {PKW{1'b0}};
    sup_d   = 2'b00;
    unsup_d = 1'b0;
    if (ld_v) begin
      ev_d    = ld_dec & EVTSEL_MASK;
      pick_d  = pmu_lane_xd(ev_d[`PMU_EVTSEL_EVENT_LSB +: 8], ev_d[`PMU_EVTSEL_UMASK_LSB +: 8]);
      sup_d   = pmu_ev_sup(ev_d[`PMU_EVTSEL_EVENT_LSB +: 8], ev_d[`PMU_EVTSEL_UMASK_LSB +: 8]);
      unsup_d = !sup_d[1] && (ev_d[15:0] != 16'd0);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Configuration outputs and interrupt (a function of registers only)
  // ---------------------------------------------------------------------------------------------
  assign evtsel_o = evtsel_q;
  assign pick_o   = pick_q;
  assign sup_o    = sup_q;
  assign core_o   = core_q;
  assign ext_o    = ext_q;
  assign thr_o    = cmnz_q | cmpnz_q;

  always @* begin
    sel_wr_o = ld_evtsel | ld_ext;   // evtsel[k] or ext[k] loads: clears the edge history
  end

  // Per thread: wiring from the registers, and the interrupt (an overflow status bit whose
  // counter has its interrupt enabled: evtsel[k].int, fixctl.pmiN).
  genvar gu;
  genvar gk;
  generate
    for (gu = 0; gu < THREADS; gu = gu + 1) begin : g_thr
      wire [P-1:0] pmc_int;   // evtsel[k].int of the thread's programmable counters
      for (gk = 0; gk < P; gk = gk + 1) begin : g_int
        assign pmc_int[gk] = evtsel_q[(gu*P+gk)*32 + `PMU_EVTSEL_INT_LSB];
      end
      wire [2:0] fix_pmi = {fixctl_q[gu*32 + `PMU_FIXCTL_PMI2_LSB],
                            fixctl_q[gu*32 + `PMU_FIXCTL_PMI1_LSB],
                            fixctl_q[gu*32 + `PMU_FIXCTL_PMI0_LSB]};
      assign pmc_en_o[gu*P +: P]  = gctrl_q[gu*64 + `PMU_GCTRL_PMC_EN_LSB +: P];
      assign fix_en_o[gu*3 +: 3]  = gctrl_q[gu*64 + `PMU_GCTRL_FIX_EN_LSB +: 3];
      assign fix_os_o[gu*3 +: 3]  = {fixctl_q[gu*32 + `PMU_FIXCTL_OS2_LSB],
                                     fixctl_q[gu*32 + `PMU_FIXCTL_OS1_LSB],
                                     fixctl_q[gu*32 + `PMU_FIXCTL_OS0_LSB]};
      assign fix_usr_o[gu*3 +: 3] = {fixctl_q[gu*32 + `PMU_FIXCTL_USR2_LSB],
                                     fixctl_q[gu*32 + `PMU_FIXCTL_USR1_LSB],
                                     fixctl_q[gu*32 + `PMU_FIXCTL_USR0_LSB]};
      assign frz_o[gu]            = gstatus_q[gu*64 + `PMU_GSTATUS_CTR_FRZ_LSB];
      assign wpvis_o[gu]          = ctrl_q[gu*32 + `PMU_CTRL_WPVIS_LSB];
      assign irq_o[gu] = |(gstatus_q[gu*64 + `PMU_GSTATUS_PMC_OVF_LSB +: P] & pmc_int)
                         | |(gstatus_q[gu*64 + `PMU_GSTATUS_FIX_OVF_LSB +: 3] & fix_pmi);
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // Flops of the behaviour: gstatus and evstat (decoded and read by the generated block), the
  // high-word latch and the lane picks with sup_q/core_q, cmnz_q and cmpnz_q. Reset value of
  // the picks, sup_q, core_q, cmnz_q (cmpnz_q): the decode of evtsel's (ext's) reset value;
  // evstat: its reset value (0).
  // ---------------------------------------------------------------------------------------------
  integer tp;
  integer kp;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      gstatus_q  <= {THREADS{GSTATUS_RESET}};
      pick_q     <= {(THREADS * P){pmu_lane_xd(EVTSEL_RESET[`PMU_EVTSEL_EVENT_LSB +: 8],
                                                 EVTSEL_RESET[`PMU_EVTSEL_UMASK_LSB +: 8])}};
      sup_q      <= {(THREADS * P){evsup_reset[1]}};
      core_q     <= {(THREADS * P){evsup_reset[0]}};
      cmnz_q     <= {(THREADS * P){EVTSEL_RESET[`PMU_EVTSEL_CMASK_LSB +: 8] != 8'd0}};
      cmpnz_q    <= {(THREADS * P){EXT_RESET[`PMU_EXT_CMP_LSB +: 2] != 2'd0}};
      evstat_q   <= {THREADS{EVSTAT_RESET}};
      hi_latch_q <= 32'd0;
      hi_addr_q  <= {AW{1'b0}};
      hi_vld_q   <= 1'b0;
    end else begin
      for (tp = 0; tp < THREADS; tp = tp + 1) begin
        gstatus_q[tp*64 +: 64] <= gstatus_next(gstatus_q[tp*64 +: 64],
                                               we_gstatus[tp], hi,
                                               pwdata_i, pstrb_i, pmc_wrap_i[tp*P +: P],
                                               fix_wrap_i[tp*3 +: 3],
                                               ctrl_q[tp*32 + `PMU_CTRL_FRZ_ON_OVF_LSB]);
      end
      if (ld_any) begin   // (implied by every ld_evtsel, ld_ext bit: the loop only runs then)
        for (tp = 0; tp < THREADS; tp = tp + 1) begin
          for (kp = 0; kp < P; kp = kp + 1) begin
            if (ld_evtsel[tp*P+kp]) begin
              pick_q[(tp*P+kp)*PKW +: PKW] <= pick_d;
              sup_q[tp*P+kp]               <= sup_d[1];
              core_q[tp*P+kp]              <= sup_d[0];
              evstat_q[tp*32+kp]           <= unsup_d;
              cmnz_q[tp*P+kp]              <= ld_word[`PMU_EVTSEL_CMASK_LSB +: 8] != 8'd0;
            end
            if (ld_ext[tp*P+kp]) begin
              cmpnz_q[tp*P+kp]             <= ld_word[`PMU_EXT_CMP_LSB +: 2] != 2'd0;
            end
          end
        end
      end
      if (wr_ok) begin
        hi_vld_q <= 1'b0;
      end else if (cnt_re_o && !hi) begin   // a counter's low word read
        hi_latch_q <= chi;
        hi_addr_q  <= a + {{(AW - 3){1'b0}}, 3'd4};
        hi_vld_q   <= 1'b1;
      end
    end
  end

endmodule

// Formal properties of the register block (docs/spec.md 4.3 overflow status, 5.1-5.3 APB
// rules), bound to the ports of pmu_regs only. THREADS=1, P=2 (4 with FV_STORAGE), CW=33, W=2,
// AW=12; every APB input, the counter read data and every wrap input is free each cycle; reset
// is assumed in the first cycle.
// The status register is internal, so it is observed the way software observes it: by an APB
// read of gstatus (prdata_o), and through frz_o and irq_o.
//
// Inductive (proved for all depths):
//   b.status_set_after_wrap  a wrap in cycle t reads as a set status bit in t+1 (whatever else
//                            happened in t, including a W1C of that bit: a set beats a clear)
//   b.status_iff_wrap        two back-to-back reads of gstatus: bit(t+1) = bit(t) | wrap(t); the
//                            bit never rises without a wrap and never falls without a W1C
//   b.w1c                    W1C of a bit in t: the bit reads in t+1 as wrap(t)
//   b.status_reserved_zero   unused gstatus bits read 0
//   b.frz_only_after_wrap    frz_o (gstatus.ctr_frz) rises only in the cycle after a wrap
//   b.irq_rise_cause         irq_o rises only after a wrap or a successful write
//   e.unpriv_write_is_error  an unprivileged write errs, reads 0, writes no counter, no evtsel/ext
//   e.unpriv_write_keeps_*   and every register visible at the ports is the same next cycle
//   g.pick                   the lane table indices (pick_o) are the catalog decode
//                            (pmu_lane_pick) of each evtsel's event and umask with its ANY bit
//                            (pmu_lane_x), every cycle (pick_o is computed on the write path,
//                            from the strobed bytes over the stored value); so are sup_o and
//                            core_o (pmu_ev_sup: supported, core-scoped; spec 2.2)
//   w.config                 evtsel_o/ext_o equal a reference of spec 5.3 and 4: the strobed
//                            bytes over the stored value, masked, loaded at the write's edge
//                            (PIPE < 2) or from the reference's write register a cycle later
//   w.sel_wr                 sel_wr_o (the edge-history clear) is the element loading this cycle
//   w.read                   a privileged read of evtsel[k]/ext[k] returns evtsel_o/ext_o[k]
//   w.old_until_load         PIPE >= 2: in the cycle after an evtsel/ext write, element, picks,
//                            sup and core are still the write cycle's
// `FV_PIPE=N` (1, 2 or 3) proves all of them at PIPE = N, under APB: an access phase follows its
// setup cycle at the same word address (the access uses the setup cycle's decode dec_q). PIPE=1
// has no write register: its checks pass `FV_NO_SW` too (no i.sw, no sw_*_q in i.same).
// `FV_STORAGE=1` (P=4) proves them with block-RAM storage, whose register block reads evtsel/ext
// through a block-RAM copy (g_eram), under APB as at PIPE >= 1 (at any PIPE); with `FV_FULL`
// through the invariant i.eram (the copy, its written-since-reset flags and the word read).
// With `FV_FULL` (inductive through the invariants i.*):
//   w.unsup                  an evstat read gives unsup[k] = evtsel[k]'s pair unsupported, not (0,0)
//   i.evstat                 evstat_q holds exactly that (so w.unsup is inductive)
//   i.sw                     (FV_PIPE >= 2) the write register sw_*_q is the reference's
//   i.eram                   (FV_STORAGE=1) the block-RAM copy holds every element written
//                            since reset (flag ewr_q) as the reference (or the write register)
//                            has it, an element not written is 0, and after a setup cycle at an
//                            element's address erd_q/ewv_q are its word and flag
//   r.status                 a reference of spec 4.3 (gstatus with W1C, set-wins, freeze from
//                            ctrl.frz_on_ovf, irq from evtsel.int and fixctl.pmi) matches every
//                            gstatus read, frz_o and irq_o, every cycle
//   i.gstatus, i.ctrl, i.fixctl  the reference's gstatus, ctrl.frz_on_ovf and fixctl.pmi equal
//                            the block's gstatus_q, ctrl_q, fixctl_q (spec 6 names, reached by
//                            hierarchical reference, docs/formal.md "Invariants")
// With `FV_MITER` (inductive through the invariant i.same):
//   e.unpriv_write_invisible two pmu_regs side by side, the second one sees an idle bus instead
//                            of each unprivileged write: every output equal, every cycle
//                            (all hidden state -- ctrl.uren, the high-word latch, ... -- would
//                            show through some later read)
//   i.same                   every flop of the two blocks is equal
// Without the invariants neither would be inductive: gstatus, ctrl, fixctl and the high-word
// latch are internal to pmu_regs, and a trace can keep a difference hidden for any length.

`include "pmu_map.vh"

// `FV_STORAGE=1`: block-RAM storage, whose register block reads evtsel/ext through a block-RAM
// copy (pmu_regs_gen g_eram) when the arrays have at least 4 elements: P=4 then.
`ifdef FV_STORAGE
`define FV_PDEF 4
`else
`define FV_PDEF 2
`endif

module fv_regs #(
  parameter P  = `FV_PDEF,
  parameter CW = 33,
  parameter W  = 2,
  parameter AW = 12
) (
  input wire                  clk_i,
  input wire                  rst_ni,
  input wire                  psel_i,
  input wire                  penable_i,
  input wire                  pwrite_i,
  input wire [AW-1:0]         paddr_i,
  input wire [2:0]            pprot_i,
  input wire [31:0]           pwdata_i,
  input wire [3:0]            pstrb_i,
  input wire [CW-1:0]         cnt_rdata_i,   // the bank's answer to cnt_ridx (free)
  input wire [P-1:0]          pmc_wrap_i,
  input wire [2:0]            fix_wrap_i
);
  localparam CIW = $clog2(P + 32);
  localparam THREADS = 1;
  localparam EIW = (P > 1) ? $clog2(P) : 1;   // the evtsel/ext element index, t*P+k
`ifdef FV_PIPE
  localparam PIPE = `FV_PIPE;
`else
  localparam PIPE = 0;
`endif
`ifdef FV_STORAGE
  localparam STORAGE = `FV_STORAGE;
`else
  localparam STORAGE = 0;
`endif

  `include "fv_common.vh"
  `include "pmu_lane_pick.vh"
  `include "pmu_lane_x.vh"
  localparam PKW = XW;

  // ---- the block under test --------------------------------------------------------------------
  wire [31:0]     prdata;
  wire            pslverr;
  wire            cnt_we;
  wire [CIW-1:0]  cnt_widx;
  wire            cnt_whi;
  wire [31:0]     cnt_wdata;
  wire [3:0]      cnt_wstrb;
  wire [P*32-1:0] evtsel;
  wire [P*32-1:0] ext;
  wire [P*PKW-1:0] pick;
  wire [P-1:0]     sup;
  wire [P-1:0]     core;
  wire [P-1:0]    sel_wr;
  wire [P-1:0]    pmc_en;
  wire [2:0]      fix_en;
  wire [2:0]      fix_os;
  wire [2:0]      fix_usr;
  wire            frz;
  wire            wpvis;
  wire            irq;

  pmu_regs #(.THREADS(THREADS), .P(P), .CW(CW), .W(W), .AW(AW), .PIPE(PIPE), .STORAGE(STORAGE)) u_a (
    .clk_i (clk_i), .rst_ni (rst_ni), .psel_i (psel_i), .penable_i (penable_i),
    .pwrite_i (pwrite_i), .paddr_i (paddr_i), .pprot_i (pprot_i), .pwdata_i (pwdata_i),
    .pstrb_i (pstrb_i), .prdata_o (prdata), .pslverr_o (pslverr), .cnt_re_o (), .cnt_wait_i (1'b0), .cnt_ridx_o (), .cnt_rdata_i (cnt_rdata_i),
    .pmc_wrap_i (pmc_wrap_i), .fix_wrap_i (fix_wrap_i), .cnt_we_o (cnt_we),
    .cnt_widx_o (cnt_widx), .cnt_whi_o (cnt_whi), .cnt_wdata_o (cnt_wdata),
    .cnt_wstrb_o (cnt_wstrb), .evtsel_o (evtsel), .ext_o (ext), .pick_o (pick), .sup_o (sup), .core_o (core), .sel_wr_o (sel_wr),
    .pmc_en_o (pmc_en), .fix_en_o (fix_en), .fix_os_o (fix_os), .fix_usr_o (fix_usr),
    .frz_o (frz), .wpvis_o (wpvis), .irq_o (irq)
  );

  // ---- bus decode, from the spec's register map (thread 0 block at 0x400) --------------------
  localparam [AW-1:0] A_FIXCTL = `PMU_THREAD_BASE + `PMU_FIXCTL_OFF;
  localparam [AW-1:0] A_CTRL   = `PMU_THREAD_BASE + `PMU_CTRL_OFF;
  localparam [AW-1:0] A_GS_LO  = `PMU_THREAD_BASE + `PMU_GSTATUS_OFF;
  localparam [AW-1:0] A_GS_HI  = `PMU_THREAD_BASE + `PMU_GSTATUS_OFF + 4;
  localparam [31:0]   FRZ_HI   = `PMU_GSTATUS_CTR_FRZ_LSB - 32;   // ctr_frz in the high word

  wire        acc   = psel_i && penable_i;
  wire        priv  = pprot_i[0];
  wire [31:0] bm    = {{8{pstrb_i[3]}}, {8{pstrb_i[2]}}, {8{pstrb_i[1]}}, {8{pstrb_i[0]}}};
  wire        uw    = acc && pwrite_i && !priv;                   // unprivileged write
  wire        rd_lo = acc && !pwrite_i && priv && (paddr_i[AW-1:2] == A_GS_LO[AW-1:2]);
  wire        rd_hi = acc && !pwrite_i && priv && (paddr_i[AW-1:2] == A_GS_HI[AW-1:2]);
  wire        wr_lo = acc && pwrite_i && priv && (paddr_i[AW-1:2] == A_GS_LO[AW-1:2]);
  wire        wr_hi = acc && pwrite_i && priv && (paddr_i[AW-1:2] == A_GS_HI[AW-1:2]);
  wire        wr_ok = acc && pwrite_i && !pslverr;               // any successful write
  wire        anyw  = (pmc_wrap_i != 0) || (fix_wrap_i != 0);

  // ---- previous cycle ----------------------------------------------------------------------------
  reg            p_rst;
  reg            p_rd_lo;
  reg            p_rd_hi;
  reg            p_wr_lo;
  reg            p_wr_hi;
  reg [31:0]     p_clr;
  reg [31:0]     p_prdata;
  reg [P-1:0]    p_pmc_wrap;
  reg [2:0]      p_fix_wrap;
  reg            p_anyw;
  reg            p_uw;
  reg            p_wr_ok;
  reg [P*32-1:0] p_evtsel;
  reg [P*32-1:0] p_ext;
  reg [P-1:0]    p_pmc_en;
  reg [2:0]      p_fix_en;
  reg [2:0]      p_fix_os;
  reg [2:0]      p_fix_usr;
  reg            p_frz;
  reg            p_wpvis;
  reg            p_irq;
  reg            pp_wr_ok;
  reg            p_setup;
  reg [AW-1:2]   p_paddr;
  reg [P*PKW-1:0] p_pick;
  reg [P-1:0]    p_sup;
  reg [P-1:0]    p_core;
  always @(posedge clk_i) begin
    pp_wr_ok   <= p_wr_ok;
    p_setup    <= rst_ni && psel_i && !penable_i;
    p_paddr    <= paddr_i[AW-1:2];
    p_pick     <= pick;
    p_sup      <= sup;
    p_core     <= core;
    p_rst      <= rst_ni;
    p_rd_lo    <= rd_lo;
    p_rd_hi    <= rd_hi;
    p_wr_lo    <= wr_lo;
    p_wr_hi    <= wr_hi;
    p_clr      <= pwdata_i & bm;
    p_prdata   <= prdata;
    p_pmc_wrap <= pmc_wrap_i;
    p_fix_wrap <= fix_wrap_i;
    p_anyw     <= anyw;
    p_uw       <= uw;
    p_wr_ok    <= wr_ok;
    p_evtsel   <= evtsel;
    p_ext      <= ext;
    p_pmc_en   <= pmc_en;
    p_fix_en   <= fix_en;
    p_fix_os   <= fix_os;
    p_fix_usr  <= fix_usr;
    p_frz      <= frz;
    p_wpvis    <= wpvis;
    p_irq      <= irq;
  end

  // ---- APB (PIPE >= 1, or STORAGE=1): an access phase follows its setup cycle, at the same
  // address (the access uses the setup cycle's decode dec_q, or the block-RAM copy's read of the
  // setup cycle; so two access phases are never adjacent)
  always @* begin
    if ((PIPE != 0 || STORAGE != 0) && past_valid && rst_ni && acc) begin
      assume (p_setup && paddr_i[AW-1:2] == p_paddr);
    end
  end

`ifndef FV_MITER   // (the miter compares the two blocks; regs.bmc checks these)
  // ---- (w) evtsel/ext writes: a reference of spec 5.3 and 4 ("Event path pipeline") ----------
  // A successful write of evtsel[k]/ext[k] in cycle w merges the strobed bytes over the stored
  // value of cycle w; the element loads it, masked, at the end of w (PIPE < 2) or of w+1 (PIPE
  // >= 2, from the write register r_sw_*: element, word, reset 0, changed only by such a write).
  localparam [AW-1:0] A_EVTSEL = `PMU_THREAD_BASE + `PMU_EVTSEL_OFF;
  localparam [AW-1:0] A_EXT    = `PMU_THREAD_BASE + `PMU_EXT_OFF;
  localparam [AW-1:0] A_EVSTAT = `PMU_THREAD_BASE + `PMU_EVSTAT_OFF;
  localparam [31:0]   EXT_M0   = `PMU_EXT_MASK & ~((32'd1 << `PMU_EXT_CHAIN_LSB) | (32'd1 << `PMU_EXT_QUALIFY_LSB));
  reg  [P*32-1:0] r_evtsel;
  reg  [P*32-1:0] r_ext;
  reg             r_sw_ev;
  reg             r_sw_ex;
  reg  [EIW-1:0]  r_sw_idx;
  reg  [31:0]     r_sw_word;
  reg  [P-1:0]    wr_evtsel;   // successful write of evtsel[k] this cycle
  reg  [P-1:0]    wr_ext;
  reg  [EIW-1:0]  w_idx;
  reg  [31:0]     w_word;      // the strobed bytes over the stored value
  reg  [P-1:0]    r_ld;        // the element that loads at the end of this cycle
  integer         kw;
  always @* begin
    wr_evtsel = {P{1'b0}};
    wr_ext    = {P{1'b0}};
    w_idx     = {EIW{1'b0}};
    w_word    = 32'd0;
    for (kw = 0; kw < P; kw = kw + 1) begin
      if (wr_ok && paddr_i[AW-1:2] == A_EVTSEL[AW-1:2] + kw) begin
        wr_evtsel[kw] = 1'b1;
        w_idx         = kw;
        w_word        = (r_evtsel[kw*32 +: 32] & ~bm) | (pwdata_i & bm);
      end
      if (wr_ok && paddr_i[AW-1:2] == A_EXT[AW-1:2] + kw) begin
        wr_ext[kw] = 1'b1;
        w_idx      = kw;
        w_word     = (r_ext[kw*32 +: 32] & ~bm) | (pwdata_i & bm);
      end
    end
    r_ld = (PIPE >= 2) ? ((r_sw_ev || r_sw_ex) ? ({{(P - 1){1'b0}}, 1'b1} << r_sw_idx) : {P{1'b0}})
                       : (wr_evtsel | wr_ext);
  end
  integer         kr;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      r_evtsel  <= {P{32'd0}};
      r_ext     <= {P{32'd0}};
      r_sw_ev   <= 1'b0;
      r_sw_ex   <= 1'b0;
      r_sw_idx  <= {EIW{1'b0}};
      r_sw_word <= 32'd0;
    end else begin
      for (kr = 0; kr < P; kr = kr + 1) begin
        if (PIPE >= 2 ? (r_sw_ev && r_sw_idx == kr) : wr_evtsel[kr])
          r_evtsel[kr*32 +: 32] <= (PIPE >= 2 ? r_sw_word : w_word) & `PMU_EVTSEL_MASK;
        if (PIPE >= 2 ? (r_sw_ex && r_sw_idx == kr) : wr_ext[kr])
          r_ext[kr*32 +: 32] <= (PIPE >= 2 ? r_sw_word : w_word) & ((kr == 0) ? EXT_M0 : `PMU_EXT_MASK);
      end
      r_sw_ev <= wr_evtsel != 0;
      r_sw_ex <= wr_ext != 0;
      if (wr_evtsel != 0 || wr_ext != 0) begin
        r_sw_idx  <= w_idx;
        r_sw_word <= w_word;
      end
    end
  end
  reg p_wsel;   // a successful evtsel/ext write last cycle
  always @(posedge clk_i) p_wsel <= rst_ni && (wr_evtsel != 0 || wr_ext != 0);
  wire rd_evstat = acc && !pwrite_i && priv && (paddr_i[AW-1:2] == A_EVSTAT[AW-1:2]);
  always @* begin
    if (past_valid) begin
      assert (evtsel == r_evtsel && ext == r_ext);                           // [w.config]
    end
    if (rst_ni) begin
      assert (sel_wr == r_ld);                                                // [w.sel_wr]
    end
    // with PIPE >= 2, in the cycle after the write the element and everything derived from it
    // are still the old ones (and consistent, g.pick); from the next cycle the new ones (w.config)
    if (PIPE >= 2 && past_valid && p_rst && rst_ni && p_wsel) begin
      assert (evtsel == p_evtsel && ext == p_ext && pick == p_pick            // [w.old_until_load]
              && sup == p_sup && core == p_core);
    end
  end
  // a privileged read of evtsel[k]/ext[k] returns the element as it drives the event path (with
  // STORAGE=1 through the block-RAM copy, g_eram; the next access follows a write's access cycle
  // after a setup cycle at the earliest, when the element has loaded at every PIPE)
  integer kq;
  always @* begin
    if (past_valid && rst_ni && acc && !pwrite_i && priv) begin
      for (kq = 0; kq < P; kq = kq + 1) begin
        if (paddr_i[AW-1:2] == A_EVTSEL[AW-1:2] + kq) assert (prdata == evtsel[kq*32 +: 32]); // [w.read]
        if (paddr_i[AW-1:2] == A_EXT[AW-1:2] + kq) assert (prdata == ext[kq*32 +: 32]);       // [w.read]
      end
    end
  end
`ifdef FV_FULL
  // evstat.unsup[k] (spec 2.2) is loaded with evtsel[k]: an unsupported pair other than (0, 0);
  // invariant i.evstat: the block's evstat_q (spec 6 name) holds it
  (* hierconn *) wire [31:0] \u_a.evstat_q ;
  genvar gu;
  generate
    for (gu = 0; gu < P; gu = gu + 1) begin : g_unsup
      always @* begin
        if (past_valid && rst_ni && rd_evstat) begin
          assert (prdata[`PMU_EVSTAT_UNSUP_LSB + gu]                          // [w.unsup]
                  == (!sup[gu] && evtsel[gu*32 +: 16] != 16'd0));
        end
        if (past_valid) begin
          assert (\u_a.evstat_q [`PMU_EVSTAT_UNSUP_LSB + gu]                   // [i.evstat]
                  == (!sup[gu] && evtsel[gu*32 +: 16] != 16'd0));
        end
      end
    end
  endgenerate
`endif
`ifdef FV_FULL
`ifdef FV_STORAGE
  // invariants (STORAGE=1, P=4): the block-RAM copy of evtsel/ext (words {array, element}: evtsel
  // k at k, ext k at P + k; run.sh maps the memory to flip-flops before flatten) holds every
  // element written since reset (its flag ewr_q set) as the reference has it, or with PIPE >= 2
  // as the write register will load it; an element not written is its reset value (0). After a
  // setup cycle at an element's address, the word read (erd_q) and its flag (ewv_q) are that
  // element's (no write at a setup cycle's edge).
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.eram[0] ;
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.eram[1] ;
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.eram[2] ;
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.eram[3] ;
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.eram[4] ;
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.eram[5] ;
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.eram[6] ;
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.eram[7] ;
  (* hierconn *) wire [7:0]  \u_a.u_gen.g_eram.ewr_q ;
  (* hierconn *) wire [31:0] \u_a.u_gen.g_eram.erd_q ;
  (* hierconn *) wire        \u_a.u_gen.g_eram.ewv_q ;
  generate
    if (P != 4) begin : g_p_must_be_4
      fv_regs_storage1_needs_p4 u_err ();
    end
  endgenerate
  wire [8*32-1:0] eram = {\u_a.u_gen.g_eram.eram[7] , \u_a.u_gen.g_eram.eram[6] ,
                          \u_a.u_gen.g_eram.eram[5] , \u_a.u_gen.g_eram.eram[4] ,
                          \u_a.u_gen.g_eram.eram[3] , \u_a.u_gen.g_eram.eram[2] ,
                          \u_a.u_gen.g_eram.eram[1] , \u_a.u_gen.g_eram.eram[0] };
  wire [7:0]      ewr  = \u_a.u_gen.g_eram.ewr_q ;
  wire [31:0]     erd  = \u_a.u_gen.g_eram.erd_q ;
  wire            ewv  = \u_a.u_gen.g_eram.ewv_q ;
  reg  [31:0]     e_exp;   // element j's value as the RAM copy must hold it
  integer         je;
  always @* begin
    if (past_valid) begin
      for (je = 0; je < 2 * P; je = je + 1) begin
        if (je < P) begin
          e_exp = (PIPE >= 2 && r_sw_ev && r_sw_idx == je) ? (r_sw_word & `PMU_EVTSEL_MASK)
                                                            : r_evtsel[je*32 +: 32];
        end else begin
          e_exp = (PIPE >= 2 && r_sw_ex && r_sw_idx == je - P)
                  ? (r_sw_word & ((je == P) ? EXT_M0 : `PMU_EXT_MASK)) : r_ext[(je-P)*32 +: 32];
        end
        if (ewr[je]) assert (eram[je*32 +: 32] == e_exp);                   // [i.eram]
        if (!ewr[je]) assert (e_exp == 32'd0);                              // [i.eram]
        if (p_setup && p_paddr == A_EVTSEL[AW-1:2] + je && je < P)
          assert (ewv == ewr[je] && (!ewv || erd == eram[je*32 +: 32]));    // [i.eram]
        if (p_setup && p_paddr == A_EXT[AW-1:2] + (je - P) && je >= P)
          assert (ewv == ewr[je] && (!ewv || erd == eram[je*32 +: 32]));    // [i.eram]
      end
    end
  end
`endif
`ifdef FV_PIPE
`ifndef FV_NO_SW
  // invariant (FV_PIPE is 2 or 3): the write register is the reference's (spec 6 names sw_*_q)
  (* hierconn *) wire            \u_a.g_sw.sw_evtsel_q ;
  (* hierconn *) wire            \u_a.g_sw.sw_ext_q ;
  (* hierconn *) wire [EIW-1:0]  \u_a.g_sw.sw_idx_q ;
  (* hierconn *) wire [31:0]     \u_a.g_sw.sw_word_q ;
  always @* begin
    if (past_valid) begin
      assert (\u_a.g_sw.sw_evtsel_q == r_sw_ev && \u_a.g_sw.sw_ext_q == r_sw_ex        // [i.sw]
              && \u_a.g_sw.sw_idx_q == r_sw_idx && \u_a.g_sw.sw_word_q == r_sw_word);
    end
  end
`endif
`endif
`endif
`endif

  // ---- (b) overflow status -------------------------------------------------------------------------
  always @* begin
    if (past_valid && p_rst && rst_ni) begin
      // a wrap in t reads as set in t+1, whatever happened on the bus in t
      if (rd_lo) assert ((prdata[P-1:0] & p_pmc_wrap) == p_pmc_wrap);         // [b.status_set_after_wrap]
      if (rd_hi) assert ((prdata[2:0] & p_fix_wrap) == p_fix_wrap);           // [b.status_set_after_wrap]
      // back-to-back reads: sticky, and rises only with a wrap
      if (p_rd_lo && rd_lo) assert (prdata[P-1:0] == (p_prdata[P-1:0] | p_pmc_wrap)); // [b.status_iff_wrap]
      if (p_rd_hi && rd_hi) assert (prdata[2:0] == (p_prdata[2:0] | p_fix_wrap));     // [b.status_iff_wrap]
      if (p_rd_hi && rd_hi && p_prdata[FRZ_HI]) assert (prdata[FRZ_HI]);             // [b.status_iff_wrap]
      if (p_rd_hi && rd_hi && !p_anyw) assert (prdata[FRZ_HI] == p_prdata[FRZ_HI]);  // [b.status_iff_wrap]
      // W1C: a cleared bit reads as that cycle's wrap (set beats clear)
      if (p_wr_lo && rd_lo) assert ((prdata[P-1:0] & p_clr[P-1:0]) == (p_pmc_wrap & p_clr[P-1:0])); // [b.w1c]
      if (p_wr_hi && rd_hi) assert ((prdata[2:0] & p_clr[2:0]) == (p_fix_wrap & p_clr[2:0]));       // [b.w1c]
      if (p_wr_hi && rd_hi && p_clr[FRZ_HI] && !p_anyw) assert (!prdata[FRZ_HI]);                  // [b.w1c]
      // frz_o rises only after a wrap; irq_o rises only after a wrap or a successful write
      if (!p_frz && frz) assert (p_anyw);                                    // [b.frz_only_after_wrap]
      // (with PIPE >= 2 evtsel.int loads a cycle after its write)
      if (!p_irq && irq) assert (p_anyw || p_wr_ok || (PIPE >= 2 && pp_wr_ok)); // [b.irq_rise_cause]
    end
    if (rst_ni) begin
      if (rd_lo) assert (prdata[31:P] == 0);                                 // [b.status_reserved_zero]
      if (rd_hi) assert ((prdata & ~(32'h7 | (32'd1 << FRZ_HI))) == 0);      // [b.status_reserved_zero]
    end
  end

  // ---- (e) an unprivileged write changes nothing -------------------------------------------------
  always @* begin
    if (rst_ni && uw) begin
      assert (pslverr && prdata == 32'd0 && !cnt_we && sel_wr == 0);          // [e.unpriv_write_is_error]
    end
    if (past_valid && p_rst && rst_ni && p_uw) begin
      assert (evtsel == p_evtsel && ext == p_ext && pmc_en == p_pmc_en        // [e.unpriv_write_keeps_config]
              && fix_en == p_fix_en && fix_os == p_fix_os && fix_usr == p_fix_usr
              && wpvis == p_wpvis);
      if (!p_anyw) assert (frz == p_frz && irq == p_irq);                    // [e.unpriv_write_keeps_status]
    end
  end

  // ---- (g) the lane picks are the catalog decode of the stored event selects ---------------------
  genvar gk;
  generate
    for (gk = 0; gk < P; gk = gk + 1) begin : g_pick
      always @* begin
        if (rst_ni) begin
          assert (pick[gk*PKW +: PKW] == pmu_lane_x(pmu_lane_pick(evtsel[gk*32 + `PMU_EVTSEL_EVENT_LSB +: 8], // [g.pick]
                                                                  evtsel[gk*32 + `PMU_EVTSEL_UMASK_LSB +: 8])));
          assert ({sup[gk], core[gk]} == pmu_ev_sup(evtsel[gk*32 + `PMU_EVTSEL_EVENT_LSB +: 8],       // [g.pick]
                                                    evtsel[gk*32 + `PMU_EVTSEL_UMASK_LSB +: 8]));
        end
      end
    end
  endgenerate

`ifdef FV_FULL
  // ---- reference of spec 4.3 (BMC) ---------------------------------------------------------------
  reg [63:0] r_gs;
  reg        r_frz_on_ovf;
  reg [2:0]  r_pmi;
  wire [63:0] r_mask = ((64'd1 << P) - 64'd1) | (64'd7 << 32) | (64'd1 << `PMU_GSTATUS_CTR_FRZ_LSB);
  wire [63:0] r_set  = {29'd0, fix_wrap_i, {(32 - P){1'b0}}, pmc_wrap_i};
  wire [63:0] r_clr  = {wr_hi ? (pwdata_i & bm) : 32'd0, wr_lo ? (pwdata_i & bm) : 32'd0};
  wire        r_fz   = r_frz_on_ovf && (r_set != 0);
  wire        w_ctrl = acc && pwrite_i && priv && (paddr_i[AW-1:2] == A_CTRL[AW-1:2]);
  wire        w_fix  = acc && pwrite_i && priv && (paddr_i[AW-1:2] == A_FIXCTL[AW-1:2]);
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      r_gs         <= 64'd0;
      r_frz_on_ovf <= 1'b0;
      r_pmi        <= 3'd0;
    end else begin
      r_gs <= ((r_gs & ~r_clr) | r_set | ({63'd0, r_fz} << `PMU_GSTATUS_CTR_FRZ_LSB)) & r_mask;
      if (w_ctrl && pstrb_i[0]) r_frz_on_ovf <= pwdata_i[`PMU_CTRL_FRZ_ON_OVF_LSB];
      if (w_fix && pstrb_i[0]) begin
        r_pmi[0] <= pwdata_i[`PMU_FIXCTL_PMI0_LSB];
        r_pmi[1] <= pwdata_i[`PMU_FIXCTL_PMI1_LSB];
      end
      if (w_fix && pstrb_i[1]) r_pmi[2] <= pwdata_i[`PMU_FIXCTL_PMI2_LSB];
    end
  end
  reg r_irq;
  integer k;
  // invariants: the reference state is the block's (spec 6 names gstatus_q, ctrl_q, fixctl_q;
  // hierarchical references, docs/formal.md "Invariants")
  (* hierconn *) wire [63:0] \u_a.gstatus_q ;
  (* hierconn *) wire [31:0] \u_a.ctrl_q ;
  (* hierconn *) wire [31:0] \u_a.fixctl_q ;
  always @* begin
    if (past_valid) begin
      assert (\u_a.gstatus_q == r_gs);                                         // [i.gstatus]
      assert (\u_a.ctrl_q [`PMU_CTRL_FRZ_ON_OVF_LSB] == r_frz_on_ovf);          // [i.ctrl]
      assert ({\u_a.fixctl_q [`PMU_FIXCTL_PMI2_LSB], \u_a.fixctl_q [`PMU_FIXCTL_PMI1_LSB], // [i.fixctl]
               \u_a.fixctl_q [`PMU_FIXCTL_PMI0_LSB]} == r_pmi);
    end
  end
  always @* begin
    r_irq = |(r_gs[34:32] & r_pmi);
    for (k = 0; k < P; k = k + 1) begin
      r_irq = r_irq | (r_gs[k] & evtsel[k*32 + `PMU_EVTSEL_INT_LSB]);
    end
    if (past_valid && rst_ni) begin
      if (rd_lo) assert (prdata == r_gs[31:0]);                              // [r.status]
      if (rd_hi) assert (prdata == r_gs[63:32]);                             // [r.status]
      assert (frz == r_gs[`PMU_GSTATUS_CTR_FRZ_LSB]);                        // [r.status]
      assert (irq == r_irq);                                                 // [r.status]
    end
  end

`endif

`ifdef FV_MITER
  // ---- miter: the same block with an idle bus instead of each unprivileged write (BMC) ---------
  wire [31:0]     b_prdata;
  wire            b_pslverr;
  wire            b_cnt_we;
  wire [CIW-1:0]  b_cnt_widx;
  wire            b_cnt_whi;
  wire [31:0]     b_cnt_wdata;
  wire [3:0]      b_cnt_wstrb;
  wire [P*32-1:0] b_evtsel;
  wire [P*32-1:0] b_ext;
  wire [P*PKW-1:0] b_pick;
  wire [P-1:0]    b_sup;
  wire [P-1:0]    b_core;
  wire [P-1:0]    b_sel_wr;
  wire [P-1:0]    b_pmc_en;
  wire [2:0]      b_fix_en;
  wire [2:0]      b_fix_os;
  wire [2:0]      b_fix_usr;
  wire            b_frz;
  wire            b_wpvis;
  wire            b_irq;

  pmu_regs #(.THREADS(THREADS), .P(P), .CW(CW), .W(W), .AW(AW), .PIPE(PIPE), .STORAGE(STORAGE)) u_b (
    .clk_i (clk_i), .rst_ni (rst_ni), .psel_i (psel_i && !uw), .penable_i (penable_i),
    .pwrite_i (pwrite_i), .paddr_i (paddr_i), .pprot_i (pprot_i), .pwdata_i (pwdata_i),
    .pstrb_i (pstrb_i), .prdata_o (b_prdata), .pslverr_o (b_pslverr), .cnt_re_o (), .cnt_wait_i (1'b0), .cnt_ridx_o (), .cnt_rdata_i (cnt_rdata_i),
    .pmc_wrap_i (pmc_wrap_i), .fix_wrap_i (fix_wrap_i), .cnt_we_o (b_cnt_we),
    .cnt_widx_o (b_cnt_widx), .cnt_whi_o (b_cnt_whi), .cnt_wdata_o (b_cnt_wdata),
    .cnt_wstrb_o (b_cnt_wstrb), .evtsel_o (b_evtsel), .ext_o (b_ext), .pick_o (b_pick), .sup_o (b_sup), .core_o (b_core), .sel_wr_o (b_sel_wr),
    .pmc_en_o (b_pmc_en), .fix_en_o (b_fix_en), .fix_os_o (b_fix_os), .fix_usr_o (b_fix_usr),
    .frz_o (b_frz), .wpvis_o (b_wpvis), .irq_o (b_irq)
  );

  // invariant: the two blocks hold the same state, every flop of pmu_regs (the spec 6 names and
  // the derived pick_q, sup_q, core_q, cmnz_q, cmpnz_q; hierarchical references, docs/formal.md "Invariants")
  (* hierconn *) wire [P*32-1:0] \u_a.evtsel_q ;
  (* hierconn *) wire [P*32-1:0] \u_b.evtsel_q ;
  (* hierconn *) wire [P*32-1:0] \u_a.ext_q ;
  (* hierconn *) wire [P*32-1:0] \u_b.ext_q ;
  (* hierconn *) wire [31:0] \u_a.fixctl_q ;
  (* hierconn *) wire [31:0] \u_b.fixctl_q ;
  (* hierconn *) wire [31:0] \u_a.ctrl_q ;
  (* hierconn *) wire [31:0] \u_b.ctrl_q ;
  (* hierconn *) wire [63:0] \u_a.gctrl_q ;
  (* hierconn *) wire [63:0] \u_b.gctrl_q ;
  (* hierconn *) wire [63:0] \u_a.gstatus_q ;
  (* hierconn *) wire [63:0] \u_b.gstatus_q ;
  (* hierconn *) wire [31:0] \u_a.evstat_q ;
  (* hierconn *) wire [31:0] \u_b.evstat_q ;
  (* hierconn *) wire [31:0] \u_a.hi_latch_q ;
  (* hierconn *) wire [31:0] \u_b.hi_latch_q ;
  (* hierconn *) wire [AW-1:0] \u_a.hi_addr_q ;
  (* hierconn *) wire [AW-1:0] \u_b.hi_addr_q ;
  (* hierconn *) wire            \u_a.hi_vld_q ;
  (* hierconn *) wire            \u_b.hi_vld_q ;
  (* hierconn *) wire [P*PKW-1:0] \u_a.pick_q ;
  (* hierconn *) wire [P*PKW-1:0] \u_b.pick_q ;
  (* hierconn *) wire [P-1:0] \u_a.sup_q ;
  (* hierconn *) wire [P-1:0] \u_b.sup_q ;
  (* hierconn *) wire [P-1:0] \u_a.core_q ;
  (* hierconn *) wire [P-1:0] \u_b.core_q ;
  (* hierconn *) wire [P-1:0] \u_a.cmnz_q ;
  (* hierconn *) wire [P-1:0] \u_b.cmnz_q ;
  (* hierconn *) wire [P-1:0] \u_a.cmpnz_q ;
  (* hierconn *) wire [P-1:0] \u_b.cmpnz_q ;
  always @* begin
    if (past_valid) begin
      assert (\u_a.evtsel_q == \u_b.evtsel_q );        // [i.same]
      assert (\u_a.ext_q == \u_b.ext_q );              // [i.same]
      assert (\u_a.fixctl_q == \u_b.fixctl_q );        // [i.same]
      assert (\u_a.ctrl_q == \u_b.ctrl_q );            // [i.same]
      assert (\u_a.gctrl_q == \u_b.gctrl_q );          // [i.same]
      assert (\u_a.gstatus_q == \u_b.gstatus_q );      // [i.same]
      assert (\u_a.evstat_q == \u_b.evstat_q );        // [i.same]
      assert (\u_a.hi_latch_q == \u_b.hi_latch_q );    // [i.same]
      assert (\u_a.hi_addr_q == \u_b.hi_addr_q );      // [i.same]
      assert (\u_a.hi_vld_q == \u_b.hi_vld_q );        // [i.same]
      assert (\u_a.pick_q == \u_b.pick_q );            // [i.same]
      assert (\u_a.sup_q == \u_b.sup_q );              // [i.same]
      assert (\u_a.core_q == \u_b.core_q );            // [i.same]
      assert (\u_a.cmnz_q == \u_b.cmnz_q );            // [i.same]
      assert (\u_a.cmpnz_q == \u_b.cmpnz_q );          // [i.same]
    end
  end
`ifdef FV_PIPE
`ifndef FV_NO_SW
  // the evtsel/ext write register (PIPE >= 2)
  (* hierconn *) wire            \u_a.g_sw.sw_evtsel_q ;
  (* hierconn *) wire            \u_b.g_sw.sw_evtsel_q ;
  (* hierconn *) wire            \u_a.g_sw.sw_ext_q ;
  (* hierconn *) wire            \u_b.g_sw.sw_ext_q ;
  (* hierconn *) wire [EIW-1:0]  \u_a.g_sw.sw_idx_q ;
  (* hierconn *) wire [EIW-1:0]  \u_b.g_sw.sw_idx_q ;
  (* hierconn *) wire [31:0]     \u_a.g_sw.sw_word_q ;
  (* hierconn *) wire [31:0]     \u_b.g_sw.sw_word_q ;
  always @* begin
    if (past_valid) begin
      assert (\u_a.g_sw.sw_evtsel_q == \u_b.g_sw.sw_evtsel_q && \u_a.g_sw.sw_ext_q == \u_b.g_sw.sw_ext_q // [i.same]
              && \u_a.g_sw.sw_idx_q == \u_b.g_sw.sw_idx_q && \u_a.g_sw.sw_word_q == \u_b.g_sw.sw_word_q );
    end
  end
`endif
`endif

  always @* begin
    if (past_valid && rst_ni) begin
      assert (prdata == b_prdata && (uw || pslverr == b_pslverr)              // [e.unpriv_write_invisible]
              && cnt_we == b_cnt_we
              && (!cnt_we || (cnt_widx == b_cnt_widx && cnt_whi == b_cnt_whi
                              && cnt_wdata == b_cnt_wdata && cnt_wstrb == b_cnt_wstrb))
              && evtsel == b_evtsel && ext == b_ext && pick == b_pick && sup == b_sup && core == b_core && sel_wr == b_sel_wr
              && pmc_en == b_pmc_en
              && fix_en == b_fix_en && fix_os == b_fix_os && fix_usr == b_fix_usr
              && frz == b_frz && wpvis == b_wpvis && irq == b_irq);
    end
  end
`endif

endmodule

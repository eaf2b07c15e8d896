// Formal properties of pmu_top's wiring (docs/spec.md 4, 4.1, 4.4, 4.5, 5): the whole PMU at a
// small configuration, THREADS=2, P=1, CW=33, W=2, LW=2, NW=2, CRW=2, NS_PER_TICK=3, AW=12,
// flip-flop storage, PIPE=0. Every input is free each cycle; reset is assumed in the first cycle.
// The properties name ports only: counter values are observed the way software and the core
// observe them, by APB reads (prdata_o) and the direct read port (rdp_data_o). The blocks
// themselves are proved on their own (fv_bank, fv_evcnt, fv_regs, fv_stack); these properties
// catch a block wired to the wrong counter, thread, enable or lane.
//
// The property module keeps its own copy of the configuration, written from the APB writes it
// sees succeed (spec 5.3 byte merge, reserved bits 0): evtsel, ext, gctrl, fixctl and
// ctrl.frz_on_ovf of each thread, and "maybe frozen" (set while ctrl.frz_on_ovf is 1, cleared by
// a W1C of gstatus.ctr_frz while it is 0): an over-approximation of gstatus.ctr_frz, whose
// overflows are not visible at the ports.
//
// Properties (thread t):
//   t.rdp_valid   rdp_valid_o[t] in cycle c+1 = rdp_req_i[t] in c (0 after a reset cycle)
//   t.rdp_hold    no request in c: rdp_data_o[t] holds
//   t.rdp_range   a request with sel 5..7 returns 0; bits 63:CW are 0
//   t.rdp_apb     a request for slot counter s in c and a successful APB read of slot s's low
//                 word in c: rdp_data_o[t][31:0] in c+1 = prdata_o in c (the two read paths name
//                 the same bank counter)
//   t.slot_inc    requests for slot s in c and c+1, no successful write to it in c:
//                 data(c+2) = data(c+1) + the spec 4.5 increment of c (W, F, I, R, tick*NS_PER_TICK
//                 of thread t) mod 2^CW
//   t.fix_inc     successful reads of fixed counter i's low word in c and c+1 (back-to-back access
//                 phases): value(c+1) = value(c) + (fen ? 1 | R | ref_tick : 0) mod 2^32 with fen
//                 from gctrl.fix_en, fixctl and priv_i[t] (spec 4.4), unless maybe frozen
//   t.pmc_inc     the same for programmable counter 0 with the spec 4.1 increment, for every
//                 evtsel without EDGE and ext = 0 (GE, no CNTV/BOTH/CHAIN/QUALIFY), unless maybe
//                 frozen: V from the catalog (pmu_lane_sel.vh) over the lanes of thread t, with
//                 ANY (or a core-scoped event) over both threads each gated by its own privilege
//   t.ovf         a counter set to its maximum by two successful writes (low word 0xffffffff with
//                 all strobes in c-3, high word all ones in c-2: cnt = 2^CW - 1 in c-1), which then gets
//                 a non-zero increment in c-1 (the t.pmc_inc / t.fix_inc reference, not written):
//                 a read of gstatus in c shows its overflow bit (pmc_ovf[k] / fix_ovf[i]) set: the
//                 bank's wrap reaches the right thread's status bit (spec 4.3)
// Invariants (i.*): the copies equal u_regs's flops (spec 6 names, hierarchical references,
// docs/formal.md "Invariants"), the lane picks u_regs keeps are the catalog decode of the copy of
// evtsel, and gstatus.ctr_frz implies "maybe frozen"; with them every property is inductive.

`include "pmu_map.vh"

module fv_top #(
  parameter THREADS     = 2,
  parameter P           = 1,
  parameter CW          = 33,
  parameter W           = 2,
  parameter LW          = 2,
  parameter NW          = 2,
  parameter CRW         = 2,
  parameter NS_PER_TICK = 3,
  parameter AW          = 12
) (
  input wire                              clk_i,
  input wire                              rst_ni,
  input wire                              psel_i,
  input wire                              penable_i,
  input wire                              pwrite_i,
  input wire [AW-1:0]                     paddr_i,
  input wire [31:0]                       pwdata_i,
  input wire [3:0]                        pstrb_i,
  input wire [2:0]                        pprot_i,
  input wire [THREADS-1:0]                priv_i,
  input wire                              ref_tick_i,
  input wire [THREADS*`PMU_NEXT*LW-1:0]   ev_ext_i,
  input wire [THREADS*NW-1:0]             slot_fill_i,
  input wire [THREADS*NW-1:0]             slot_issue_i,
  input wire [THREADS*NW-1:0]             slot_retire_i,
  input wire [THREADS*3*NW-1:0]           stk_n_i,
  input wire [THREADS*2*NW-1:0]           stk_wp_i,
  input wire [THREADS*`PMU_NFLAG-1:0]     stk_flags_i,
  input wire [THREADS-1:0]                rdp_req_i,
  input wire [THREADS*3-1:0]              rdp_sel_i
);
  localparam NL   = `PMU_NL;
  localparam NEXT = `PMU_NEXT;
  localparam N    = THREADS * P;
  // pmu_top's other parameters (pmu_top_inst.vh passes them all): flip-flop storage, no pipeline
  localparam STORAGE = 0;
  localparam PIPE    = 0;
  localparam SAMPLER   = 0;
  localparam SMP_DEPTH = 8;

  wire [31:0]           prdata;
  wire                  pslverr;
  wire                  pready;
  wire [THREADS-1:0]    rdp_valid;
  wire [THREADS*64-1:0] rdp_data;
  wire [THREADS-1:0]    irq;

  `include "pmu_top_inst.vh"
  assign pmu_clk_i         = clk_i;
  assign pmu_rst_ni        = rst_ni;
  assign pmu_psel_i        = psel_i;
  assign pmu_penable_i     = penable_i;
  assign pmu_pwrite_i      = pwrite_i;
  assign pmu_paddr_i       = paddr_i;
  assign pmu_pwdata_i      = pwdata_i;
  assign pmu_pstrb_i       = pstrb_i;
  assign pmu_pprot_i       = pprot_i;
  assign pready            = pmu_pready_o;
  assign prdata            = pmu_prdata_o;
  assign pslverr           = pmu_pslverr_o;
  assign pmu_priv_i        = priv_i;
  assign pmu_ref_tick_i    = ref_tick_i;
  assign pmu_ev_ext_i      = ev_ext_i;
  assign pmu_slot_fill_i   = slot_fill_i;
  assign pmu_slot_issue_i  = slot_issue_i;
  assign pmu_slot_retire_i = slot_retire_i;
  assign pmu_stk_n_i       = stk_n_i;
  assign pmu_stk_wp_i      = stk_wp_i;
  assign pmu_stk_flags_i   = stk_flags_i;
  assign pmu_cmt_pc_i      = {THREADS*W*16{1'b0}};   // the sampler is not in the proofs yet (SAMPLER 0)
  assign pmu_cmt_sig_i     = {THREADS*W*5{1'b0}};
  assign pmu_rdp_req_i     = rdp_req_i;
  assign pmu_rdp_sel_i     = rdp_sel_i;
  assign rdp_valid         = pmu_rdp_valid_o;
  assign rdp_data          = pmu_rdp_data_o;
  assign irq               = pmu_irq_o;

  `include "fv_common.vh"
  `include "fv_spec_v.vh"
  `include "pmu_lane_sel.vh"
  `include "pmu_lane_pick.vh"
  `include "pmu_lane_x.vh"
  localparam PKW = XW;

  // ---- the bus, from the spec's register map ----------------------------------------------------
  wire        acc  = psel_i && penable_i;
  wire        wok  = acc && pwrite_i && !pslverr;       // a successful write
  wire        rok  = acc && !pwrite_i && !pslverr;      // a successful read
  wire [31:0] bm   = {{8{pstrb_i[3]}}, {8{pstrb_i[2]}}, {8{pstrb_i[1]}}, {8{pstrb_i[0]}}};
  wire [AW-3:0] wa = paddr_i[AW-1:2];
  function automatic [AW-3:0] word(input integer t, input integer off);
    reg [31:0] a;
    begin
      a    = `PMU_THREAD_BASE + t * `PMU_THREAD_STRIDE + off;
      word = a[AW-1:2];
    end
  endfunction
  function automatic [31:0] merge(input [31:0] old, input [31:0] wd, input [31:0] b,
                                  input [31:0] mask);
    merge = ((old & ~b) | (wd & b)) & mask;
  endfunction

  // ---- copies of the configuration (spec 3, 5.3) ------------------------------------------------
  localparam [31:0] EXT0_MASK = `PMU_EXT_MASK & ~(32'd1 << `PMU_EXT_CHAIN_LSB)
                                & ~(32'd1 << `PMU_EXT_QUALIFY_LSB);   // RAZ/WI on counter 0
  localparam [31:0] GCTRL_LO_MASK = (32'd1 << P) - 32'd1;
  localparam [31:0] GCTRL_HI_MASK = 32'd7;
  reg [N*32-1:0]       sh_evtsel;
  reg [N*32-1:0]       sh_ext;
  reg [THREADS*64-1:0] sh_gctrl;
  reg [THREADS*32-1:0] sh_fixctl;
  reg [THREADS-1:0]    sh_frzon;     // ctrl.frz_on_ovf
  reg [THREADS-1:0]    maybe_frz;    // gstatus.ctr_frz may be 1
  integer t;
  integer k;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sh_evtsel <= 0;
      sh_ext    <= 0;
      sh_gctrl  <= 0;
      sh_fixctl <= 0;
      sh_frzon  <= 0;
      maybe_frz <= 0;
    end else begin
      for (t = 0; t < THREADS; t = t + 1) begin
        // ctr_frz(c+1) = ctr_frz(c) & ~clear | frz_on_ovf(c) & overflow(c)   (spec 4.3)
        maybe_frz[t] <= sh_frzon[t]
                        || (maybe_frz[t] && !(wok && wa == word(t, `PMU_GSTATUS_OFF + 4)
                                              && pwdata_i[`PMU_GSTATUS_CTR_FRZ_LSB - 32]
                                              && pstrb_i[(`PMU_GSTATUS_CTR_FRZ_LSB - 32) / 8]));
        if (wok) begin
          for (k = 0; k < P; k = k + 1) begin
            if (wa == word(t, `PMU_EVTSEL_OFF + 4 * k))
              sh_evtsel[(t*P+k)*32 +: 32] <= merge(sh_evtsel[(t*P+k)*32 +: 32], pwdata_i, bm,
                                                   `PMU_EVTSEL_MASK);
            if (wa == word(t, `PMU_EXT_OFF + 4 * k))
              sh_ext[(t*P+k)*32 +: 32] <= merge(sh_ext[(t*P+k)*32 +: 32], pwdata_i, bm,
                                                (k == 0) ? EXT0_MASK : `PMU_EXT_MASK);
          end
          if (wa == word(t, `PMU_GCTRL_OFF))
            sh_gctrl[t*64 +: 32] <= merge(sh_gctrl[t*64 +: 32], pwdata_i, bm, GCTRL_LO_MASK);
          if (wa == word(t, `PMU_GCTRL_OFF + 4))
            sh_gctrl[t*64+32 +: 32] <= merge(sh_gctrl[t*64+32 +: 32], pwdata_i, bm, GCTRL_HI_MASK);
          if (wa == word(t, `PMU_FIXCTL_OFF))
            sh_fixctl[t*32 +: 32] <= merge(sh_fixctl[t*32 +: 32], pwdata_i, bm, `PMU_FIXCTL_MASK);
          if (wa == word(t, `PMU_CTRL_OFF) && pstrb_i[0])
            sh_frzon[t] <= pwdata_i[`PMU_CTRL_FRZ_ON_OVF_LSB];
        end
      end
    end
  end

  // ---- reference of spec 2.1 lanes and 4.1 (no EDGE, ext = 0) -----------------------------------
  reg [THREADS*NL*LW-1:0] lane;
  always @* lane = spec_lanes(slot_fill_i, ref_tick_i, slot_issue_i, slot_retire_i, ev_ext_i);

  reg [N-1:0]    rsup;
  reg [N-1:0]    rcore;
  reg [N-1:0]    rclass;     // the reference applies: no EDGE, ext = 0, not maybe frozen
  reg [N*32-1:0] rinc;
  reg [31:0]     es;
  reg [NL-1:0]   sel;
  reg [31:0]     v;
  reg [THREADS-1:0] pok;
  reg            anyf;
  reg            thr;
  reg            cnd;
  reg            counted;
  integer kk;
  integer kt;
  integer u;
  always @* begin
    rsup = 0; rcore = 0; rclass = 0; rinc = 0; es = 0; sel = 0; v = 0; pok = 0;
    anyf = 0; thr = 0; cnd = 0; counted = 0; kt = 0;
    for (kk = 0; kk < N; kk = kk + 1) begin
      kt  = kk / P;
      es  = sh_evtsel[kk*32 +: 32];
      sel = pmu_lane_sel(es[`PMU_EVTSEL_EVENT_LSB +: `PMU_EVTSEL_EVENT_W], es[`PMU_EVTSEL_UMASK_LSB +: `PMU_EVTSEL_UMASK_W]);
      {rsup[kk], rcore[kk]} = pmu_ev_sup(es[`PMU_EVTSEL_EVENT_LSB +: `PMU_EVTSEL_EVENT_W], es[`PMU_EVTSEL_UMASK_LSB +: `PMU_EVTSEL_UMASK_W]);
      anyf = es[`PMU_EVTSEL_ANY_LSB] || rcore[kk];
      for (u = 0; u < THREADS; u = u + 1)
        pok[u] = priv_i[u] ? es[`PMU_EVTSEL_OS_LSB] : es[`PMU_EVTSEL_USR_LSB];
      v = spec_v(sel, lane, pok, anyf, kt);
      thr     = es[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W] != 0;
      cnd     = rsup[kk] && (thr ? ((v >= es[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W]) ^ es[`PMU_EVTSEL_INV_LSB]) : (v != 0));
      counted = es[`PMU_EVTSEL_EN_LSB] && sh_gctrl[kt*64 + `PMU_GCTRL_PMC_EN_LSB + kk % P]
                && (anyf ? (|pok) : pok[kt]) && rsup[kk];
      rclass[kk] = !es[`PMU_EVTSEL_EDGE_LSB] && sh_ext[kk*32 +: 32] == 0 && !maybe_frz[kt];
      rinc[kk*32 +: 32] = !counted ? 0 : !thr ? v : cnd;
    end
  end

  // fixed counter increments (spec 4.4), not frozen
  reg [THREADS*3*32-1:0] finc;
  reg [2:0] fen;
  always @* begin
    finc = 0;
    fen  = 0;
    for (t = 0; t < THREADS; t = t + 1) begin
      fen[0] = sh_gctrl[t*64 + `PMU_GCTRL_FIX_EN_LSB + 0]
               && sh_fixctl[t*32 + (priv_i[t] ? `PMU_FIXCTL_OS0_LSB : `PMU_FIXCTL_USR0_LSB)];
      fen[1] = sh_gctrl[t*64 + `PMU_GCTRL_FIX_EN_LSB + 1]
               && sh_fixctl[t*32 + (priv_i[t] ? `PMU_FIXCTL_OS1_LSB : `PMU_FIXCTL_USR1_LSB)];
      fen[2] = sh_gctrl[t*64 + `PMU_GCTRL_FIX_EN_LSB + 2]
               && sh_fixctl[t*32 + (priv_i[t] ? `PMU_FIXCTL_OS2_LSB : `PMU_FIXCTL_USR2_LSB)];
      finc[(t*3+0)*32 +: 32] = fen[0] ? 32'd1 : 32'd0;
      finc[(t*3+1)*32 +: 32] = fen[1] ? slot_retire_i[t*NW +: NW] : 32'd0;
      finc[(t*3+2)*32 +: 32] = (fen[2] && ref_tick_i) ? 32'd1 : 32'd0;
    end
  end

  // ---- previous cycle ----------------------------------------------------------------------------
  reg                  p_rst;
  reg                  pp_rst;
  reg                  p_rok;
  reg [AW-3:0]         p_wa;
  reg                  p_wok;
  reg [31:0]           p_prdata;
  reg [N*32-1:0]       p_rinc;
  reg [N-1:0]          p_rclass;
  reg [THREADS*3*32-1:0] p_finc;
  reg [THREADS-1:0]    p_maybe_frz;
  reg [THREADS-1:0]    p_req;
  reg [THREADS*3-1:0]  p_sel;
  reg [THREADS-1:0]    pp_req;
  reg [THREADS*3-1:0]  pp_sel;
  reg [THREADS*64-1:0] p_rdp_data;
  reg [THREADS*NW-1:0] p_fill;
  reg [THREADS*NW-1:0] p_issue;
  reg [THREADS*NW-1:0] p_retire;
  reg                  p_tick;
  reg                  pp_wok;
  reg [AW-3:0]         pp_wa;
  reg [THREADS*NW-1:0] pp_fill;
  reg [THREADS*NW-1:0] pp_issue;
  reg [THREADS*NW-1:0] pp_retire;
  reg                  pp_tick;
  always @(posedge clk_i) begin
    p_rst       <= rst_ni;
    pp_rst      <= p_rst;
    p_rok       <= rok;
    p_wa        <= wa;
    p_wok       <= wok;
    p_prdata    <= prdata;
    p_rinc      <= rinc;
    p_rclass    <= rclass;
    p_finc      <= finc;
    p_maybe_frz <= maybe_frz;
    p_req       <= rdp_req_i;
    p_sel       <= rdp_sel_i;
    pp_req      <= p_req;
    pp_sel      <= p_sel;
    p_rdp_data  <= rdp_data;
    p_fill      <= slot_fill_i;
    p_issue     <= slot_issue_i;
    p_retire    <= slot_retire_i;
    p_tick      <= ref_tick_i;
    pp_wok      <= p_wok;
    pp_wa       <= p_wa;
    pp_fill     <= p_fill;
    pp_issue    <= p_issue;
    pp_retire   <= p_retire;
    pp_tick     <= p_tick;
  end

  // ---- properties --------------------------------------------------------------------------------
  localparam [31:0] W32    = W;
  localparam [31:0] TICK32 = NS_PER_TICK;
  genvar gt;
  genvar gi;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_t
      wire [63:0] d    = rdp_data[gt*64 +: 64];
      wire [63:0] pd   = p_rdp_data[gt*64 +: 64];
      wire [2:0]  psel = p_sel[gt*3 +: 3];
      // slot counter s's increment in the cycle before last (spec 4.5)
      reg  [31:0] sinc;
      always @* begin
        case (pp_sel[gt*3 +: 3])
          3'd0:    sinc = W32;
          3'd1:    sinc = pp_fill[gt*NW +: NW];
          3'd2:    sinc = pp_issue[gt*NW +: NW];
          3'd3:    sinc = pp_retire[gt*NW +: NW];
          default: sinc = pp_tick ? TICK32 : 32'd0;
        endcase
      end
      wire [CW-1:0] snext = pd[CW-1:0] + sinc;
      // a successful write to slot counter pp_sel (either word) two cycles back
      wire pp_swr = pp_wok && (pp_wa == word(gt, `PMU_SLOT_OFF + 8 * pp_sel[gt*3 +: 3])
                               || pp_wa == word(gt, `PMU_SLOT_OFF + 8 * pp_sel[gt*3 +: 3] + 4));
      always @* begin
        if (past_valid && rst_ni) begin
          assert (rdp_valid[gt] == (p_rst && p_req[gt]));                            // [t.rdp_valid]
          if (p_rst && !p_req[gt]) assert (d == pd);                                 // [t.rdp_hold]
          if (p_rst && p_req[gt] && psel >= 3'd5) assert (d == 64'd0);               // [t.rdp_range]
          assert (d[63:CW] == 0);                                                    // [t.rdp_range]
          if (p_rst && p_req[gt] && psel < 3'd5 && p_rok && p_wa == word(gt, `PMU_SLOT_OFF + 8 * psel))
            assert (d[31:0] == p_prdata);                                            // [t.rdp_apb]
          if (pp_rst && p_rst && p_req[gt] && pp_req[gt] && psel == pp_sel[gt*3 +: 3] && psel < 3'd5
              && !pp_swr)
            assert (d[CW-1:0] == snext);                                             // [t.slot_inc]
        end
      end
      // back-to-back reads of a counter's low word (c-1, c): no write in c-1 (one transfer a cycle)
      for (gi = 0; gi < 3; gi = gi + 1) begin : g_fix
        always @* begin
          if (past_valid && p_rst && rst_ni && p_rok && rok && !p_maybe_frz[gt]
              && p_wa == word(gt, `PMU_FIX_OFF + 8 * gi) && wa == p_wa)
            assert (prdata == p_prdata + p_finc[(gt*3+gi)*32 +: 32]);                // [t.fix_inc]
        end
      end
      for (gi = 0; gi < P; gi = gi + 1) begin : g_pmc
        always @* begin
          if (past_valid && p_rst && rst_ni && p_rok && rok && p_rclass[gt*P+gi]
              && p_wa == word(gt, `PMU_PMC_OFF + 8 * gi) && wa == p_wa)
            assert (prdata == p_prdata + p_rinc[(gt*P+gi)*32 +: 32]);                // [t.pmc_inc]
        end
      end
    end
  endgenerate

  // ---- overflow: a counter loaded with its maximum wraps into its gstatus bit ---------------------
  // Counters of thread t: 0..P-1 programmable (gstatus low word bit k), P..P+2 fixed (high word
  // bit i). m1: its low word was written with 0xffffffff last cycle; m2: then its high word with
  // all ones (the counter is 2^CW - 1 now); m3: it then got a non-zero increment without a write (it
  // wrapped last cycle).
  localparam NX = P + 3;
  reg [THREADS*NX-1:0] m1;
  reg [THREADS*NX-1:0] m2;
  reg [THREADS*NX-1:0] m3;
  integer ox;
  integer ot;
  reg [31:0] oinc;
  reg        ocls;
  reg [31:0] olo;
  always @(posedge clk_i) begin
    oinc = 0;
    ocls = 0;
    olo  = 0;
    for (ot = 0; ot < THREADS; ot = ot + 1) begin
      for (ox = 0; ox < NX; ox = ox + 1) begin
        olo  = (ox < P) ? `PMU_PMC_OFF + 8 * ox : `PMU_FIX_OFF + 8 * (ox - P);
        oinc = (ox < P) ? rinc[(ot*P + ((ox < P) ? ox : 0))*32 +: 32]
                         : finc[(ot*3 + ((ox < P) ? 0 : ox - P))*32 +: 32];
        ocls = (ox < P) ? rclass[ot*P + ((ox < P) ? ox : 0)] : !maybe_frz[ot];
        m1[ot*NX+ox] <= rst_ni && wok && wa == word(ot, olo) && pstrb_i == 4'hf
                        && pwdata_i == 32'hffffffff;
        m2[ot*NX+ox] <= rst_ni && m1[ot*NX+ox] && wok && wa == word(ot, olo + 4) && pstrb_i[0]
                        && (&pwdata_i[CW-33:0]);   // cnt[CW-1:32] all ones (CW <= 40)
        m3[ot*NX+ox] <= rst_ni && m2[ot*NX+ox] && ocls && oinc != 0
                        && !(wok && (wa == word(ot, olo) || wa == word(ot, olo + 4)));
      end
    end
  end
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_ovf
      for (gi = 0; gi < NX; gi = gi + 1) begin : g_x
        always @* begin
          if (past_valid && rst_ni && m3[gt*NX+gi] && rok
              && wa == word(gt, `PMU_GSTATUS_OFF + ((gi < P) ? 0 : 4)))
            assert (prdata[(gi < P) ? gi : gi - P]);                                 // [t.ovf]
        end
      end
    end
  endgenerate

  // ---- invariants: the copies are u_regs's state (spec 6 names) ---------------------------------
  (* hierconn *) wire [N*32-1:0]       \u_pmu.u_regs.evtsel_q ;
  (* hierconn *) wire [N*32-1:0]       \u_pmu.u_regs.ext_q ;
  (* hierconn *) wire [THREADS*64-1:0] \u_pmu.u_regs.gctrl_q ;
  (* hierconn *) wire [THREADS*32-1:0] \u_pmu.u_regs.fixctl_q ;
  (* hierconn *) wire [THREADS*32-1:0] \u_pmu.u_regs.ctrl_q ;
  (* hierconn *) wire [THREADS*64-1:0] \u_pmu.u_regs.gstatus_q ;
  (* hierconn *) wire [N*PKW-1:0]      \u_pmu.u_regs.pick_q ;
  (* hierconn *) wire [N-1:0]          \u_pmu.u_regs.sup_q ;
  (* hierconn *) wire [N-1:0]          \u_pmu.u_regs.core_q ;
  (* hierconn *) wire [N-1:0]          \u_pmu.u_regs.cmnz_q ;
  (* hierconn *) wire [N-1:0]          \u_pmu.u_regs.cmpnz_q ;
  integer ti;
  integer ki;
  always @* begin
    if (past_valid) begin
      assert (\u_pmu.u_regs.evtsel_q == sh_evtsel);                                    // [i.config]
      assert (\u_pmu.u_regs.ext_q == sh_ext);                                          // [i.config]
      assert (\u_pmu.u_regs.gctrl_q == sh_gctrl);                                      // [i.config]
      assert (\u_pmu.u_regs.fixctl_q == sh_fixctl);                                    // [i.config]
      for (ti = 0; ti < THREADS; ti = ti + 1) begin
        assert (\u_pmu.u_regs.ctrl_q [ti*32 + `PMU_CTRL_FRZ_ON_OVF_LSB] == sh_frzon[ti]); // [i.config]
        assert (!\u_pmu.u_regs.gstatus_q [ti*64 + `PMU_GSTATUS_CTR_FRZ_LSB] || maybe_frz[ti]); // [i.frz]
      end
      for (ki = 0; ki < N; ki = ki + 1) begin
        assert (\u_pmu.u_regs.pick_q [ki*PKW +: PKW]                                    // [i.pick]
                == pmu_lane_x(pmu_lane_pick(sh_evtsel[ki*32 +: 8], sh_evtsel[ki*32+8 +: 8])));
        assert ({\u_pmu.u_regs.sup_q [ki], \u_pmu.u_regs.core_q [ki]}                      // [i.pick]
                == pmu_ev_sup(sh_evtsel[ki*32 +: 8], sh_evtsel[ki*32+8 +: 8]));
        // the two halves of the event control's threshold mode, loaded at the evtsel/ext write
        assert (\u_pmu.u_regs.cmnz_q [ki]                                                // [i.ctl]
                == (sh_evtsel[ki*32 + `PMU_EVTSEL_CMASK_LSB +: 8] != 8'd0));
        assert (\u_pmu.u_regs.cmpnz_q [ki]                                               // [i.ctl]
                == (sh_ext[ki*32 + `PMU_EXT_CMP_LSB +: 2] != 2'd0));
      end
    end
  end

endmodule

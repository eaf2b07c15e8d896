// Formal properties of pmu_top's wiring (docs/spec.md 4, 4.1, 4.4, 4.5, 5): the whole PMU at a
// small configuration, THREADS=2, P=1, CW=33, W=2, LW=2, NW=2, CRW=2, NS_PER_TICK=3, AW=12,
// flip-flop storage (or block RAM, `FV_STORAGE=1`, below), PIPE=0 (or `FV_PIPE=N`, below).
// Every input is free each cycle; reset is assumed in the first cycle.
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
// The increment that lands on a counter in cycle c (L(c), added to its value at the edge ending
// c) is a reference of spec 4 "Event path pipeline": with PIPE=0 the increment of c's events;
// with PIPE=1 the increment computed in c-1 (inc_q); with PIPE=2 computed in c-1 from the event
// inputs of c-2 (in_q) and V of c-2 (v_q, picked with evtsel as it was in c-2), with the rest of
// the configuration of c-1; with PIPE=3 the same with every event input a cycle older (ev_q).
// The reference follows the configuration copies cycle by cycle (with PIPE >= 2 an evtsel/ext
// write loads its copy a cycle after its access cycle, from the reference's own write register),
// so it is exact across configuration writes: no property needs the configuration to hold still.
//
// Properties (thread t):
//   t.rdp_valid   rdp_valid_o[t] in cycle c+1 = rdp_req_i[t] in c (0 after a reset cycle)
//   t.rdp_hold    no request in c: rdp_data_o[t] holds
//   t.rdp_range   a request with sel 5..7 returns 0; bits 63:CW are 0
//   t.rdp_apb     a request for slot counter s in c and a successful APB read of slot s's low
//                 word in c: rdp_data_o[t][31:0] in c+1 = prdata_o in c (the two read paths name
//                 the same bank counter)
//   t.slot_inc    requests for slot s in c and c+1, no successful write to it in c:
//                 data(c+2) = data(c+1) + L(c), the spec 4.5 increment (W, F, I, R,
//                 tick*NS_PER_TICK of thread t) of the events of c-PIPE, mod 2^CW
//   t.fix_inc     PIPE=0: successful reads of fixed counter i's low word in c and c+1 (back-to-back
//                 access phases): value(c+1) = value(c) + L(c), L the (fen ? 1 | R | ref_tick : 0)
//                 of spec 4.4, fen from gctrl.fix_en, fixctl and priv_i[t]; PIPE >= 1 (back-to-back
//                 access phases are undefined there): successful reads in c and c+2, the setup
//                 cycle between: value(c+2) = value(c) + L(c) + L(c+1) mod 2^32; unless maybe
//                 frozen in the cycles the increments were computed
//   t.pmc_inc     the same for programmable counter 0 with the spec 4.1 increment, for every
//                 evtsel without EDGE and ext = 0 (GE, no CNTV/BOTH/CHAIN/QUALIFY), unless maybe
//                 frozen: V from the catalog (pmu_lane_sel.vh) over the lanes of thread t, with
//                 ANY (or a core-scoped event) over both threads each gated by its own privilege
//   t.wait        pready_o is 0 exactly in the first access cycle of an access to a programmable,
//                 fixed or CPI-stack counter word with STORAGE=1 (spec 5.1), else 1
//   t.bank_protocol STORAGE=1: at u_bank's ports, an access follows its counter's pre-read
//                 two cycles back with the wait state between (an issue-slot counter: one
//                 cycle back), a pre-read is no access, follows none and names a counter, the
//                 wait state keeps its index and has no access, no read meets a write
//   t.ovf         a counter set to its maximum by two successful writes (low word 0xffffffff with
//                 all strobes, then the high word all ones: at PIPE=0 in c-3 and c-2; at PIPE >= 1
//                 in c-4 and c-2 with no increment landing in c-3 (L(c-3) = 0 by the reference):
//                 cnt = 2^CW - 1 in c-1), which then gets a non-zero landing increment L(c-1)
//                 (the t.pmc_inc / t.fix_inc reference), not written: a read of gstatus in c shows
//                 its overflow bit (pmc_ovf[k] / fix_ovf[i]) set: the bank's wrap reaches the right
//                 thread's status bit (spec 4.3)
// Invariants (i.*): the copies equal u_regs's flops (spec 6 names, hierarchical references,
// docs/formal.md "Invariants"), the lane picks u_regs keeps are the catalog decode of the copy of
// evtsel, and gstatus.ctr_frz implies "maybe frozen"; with PIPE >= 1 (i.pipe) the bank's inc_q
// holds the reference's landing increment of every programmable (while the reference applies),
// fixed (while not maybe frozen) and issue-slot counter, with PIPE >= 2 u_evctl's v_q holds the
// reference's V of the cycle before and (i.sw) u_regs's write register sw_*_q the reference's;
// with them every property is inductive.
//
// `FV_STORAGE=1` checks them with block-RAM storage (any PIPE): under APB with wait states (a
// wait state is followed by the same access phase at the same address, a setup cycle by its
// access phase); t.fix_inc/t.pmc_inc then read in c-3 and c (setup and wait state between),
// t.ovf's high-word write follows two quiet cycles after the low word's. BMC only: the induction
// at STORAGE=1 is not closed for t.rdp_apb, t.slot_inc, t.fix_inc and t.pmc_inc (docs/formal.md);
// without them (`FV_NOVAL`) the rest is inductive, and t.bank_protocol (the bank's access
// protocol, which fv_bank_ram assumes) alone too (`FV_PROTO`).
//
// `FV_PIPE=N` (1, 2 or 3) proves all of them at PIPE = N, under APB: an access phase follows its
// setup cycle at the same word address (the register block decodes the address in the setup
// cycle, dec_q). PIPE=1 has no write register and no v_q: its checks pass `FV_NO_SW` too.

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
  localparam EIW  = (N > 1) ? $clog2(N) : 1;           // the evtsel/ext element index, t*P+k
  localparam VW   = LW + 3 + $clog2(THREADS);          // V (spec 4.1)
  localparam IW   = `PMU_IW_OF(VW, NW, NS_PER_TICK);   // the bank's increment fields (spec 4)
  // pmu_top's other parameters (pmu_top_inst.vh passes them all): flip-flop storage, or with
  // `FV_STORAGE=1` block RAM (below)
`ifdef FV_STORAGE
  localparam STORAGE = `FV_STORAGE;
`else
  localparam STORAGE = 0;
`endif
`ifdef FV_PIPE
  localparam PIPE    = `FV_PIPE;
`else
  localparam PIPE    = 0;
`endif
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
  wire        acc  = psel_i && penable_i && pready;   // a transfer completes (spec 5.1)
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

  // ---- APB (PIPE >= 1): an access phase follows its setup cycle, at the same address -----------
  // (the access uses the setup cycle's decode dec_q; so two access phases are never adjacent).
  // STORAGE=1 (any PIPE; the setup cycle pre-reads a counter): the access phase follows its setup
  // cycle, a wait state (pready low) is followed by the same access phase at the same address,
  // and a new access phase follows a setup cycle at its address.
  reg          p_setup;
  reg [AW-3:0] p_paddr;
  reg          p_wait;
  always @(posedge clk_i) begin
    p_setup <= rst_ni && psel_i && !penable_i;
    p_paddr <= wa;
    p_wait  <= rst_ni && psel_i && penable_i && !pready;
  end
  always @* begin
    if (STORAGE == 0 && PIPE != 0 && past_valid && rst_ni && acc) begin
      assume (p_setup && wa == p_paddr);
    end
    if (STORAGE != 0 && past_valid && rst_ni) begin
      if (p_setup || p_wait) assume (psel_i && penable_i && wa == p_paddr);
      if (psel_i && penable_i && !p_wait) assume (p_setup);
    end
  end

  // ---- copies of the configuration (spec 3, 5.3; with PIPE >= 2 spec 4's evtsel/ext write
  // register: an evtsel/ext write loads its element at the end of the cycle after its access) ---
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
  reg                  r_sw_ev;      // the write register (PIPE >= 2): an evtsel write last cycle
  reg                  r_sw_ex;      // ... an ext write
  reg [EIW-1:0]        r_sw_idx;     // its element (changed only by such a write)
  reg [31:0]           r_sw_word;    // the strobed bytes over the stored value, not masked
  reg                  w_ev;         // a successful evtsel/ext write this cycle, its element, word
  reg                  w_ex;
  reg [EIW-1:0]        w_idx;
  reg [31:0]           w_word;
  integer t;
  integer k;
  integer tw;
  integer kw;
  always @* begin
    w_ev = 1'b0; w_ex = 1'b0; w_idx = {EIW{1'b0}}; w_word = 32'd0;
    for (tw = 0; tw < THREADS; tw = tw + 1) begin
      for (kw = 0; kw < P; kw = kw + 1) begin
        if (wok && wa == word(tw, `PMU_EVTSEL_OFF + 4 * kw)) begin
          w_ev   = 1'b1;
          w_idx  = tw * P + kw;
          w_word = merge(sh_evtsel[(tw*P+kw)*32 +: 32], pwdata_i, bm, 32'hffffffff);
        end
        if (wok && wa == word(tw, `PMU_EXT_OFF + 4 * kw)) begin
          w_ex   = 1'b1;
          w_idx  = tw * P + kw;
          w_word = merge(sh_ext[(tw*P+kw)*32 +: 32], pwdata_i, bm, 32'hffffffff);
        end
      end
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sh_evtsel <= 0;
      sh_ext    <= 0;
      sh_gctrl  <= 0;
      sh_fixctl <= 0;
      sh_frzon  <= 0;
      maybe_frz <= 0;
      r_sw_ev   <= 0;
      r_sw_ex   <= 0;
      r_sw_idx  <= 0;
      r_sw_word <= 0;
    end else begin
      r_sw_ev <= w_ev;
      r_sw_ex <= w_ex;
      if (w_ev || w_ex) begin
        r_sw_idx  <= w_idx;
        r_sw_word <= w_word;
      end
      for (t = 0; t < THREADS; t = t + 1) begin
        // ctr_frz(c+1) = ctr_frz(c) & ~clear | frz_on_ovf(c) & overflow(c)   (spec 4.3)
        maybe_frz[t] <= sh_frzon[t]
                        || (maybe_frz[t] && !(wok && wa == word(t, `PMU_GSTATUS_OFF + 4)
                                              && pwdata_i[`PMU_GSTATUS_CTR_FRZ_LSB - 32]
                                              && pstrb_i[(`PMU_GSTATUS_CTR_FRZ_LSB - 32) / 8]));
        for (k = 0; k < P; k = k + 1) begin
          if (PIPE >= 2 ? (r_sw_ev && r_sw_idx == t * P + k) : (w_ev && w_idx == t * P + k))
            sh_evtsel[(t*P+k)*32 +: 32] <= (PIPE >= 2 ? r_sw_word : w_word) & `PMU_EVTSEL_MASK;
          if (PIPE >= 2 ? (r_sw_ex && r_sw_idx == t * P + k) : (w_ex && w_idx == t * P + k))
            sh_ext[(t*P+k)*32 +: 32] <= (PIPE >= 2 ? r_sw_word : w_word)
                                        & ((k == 0) ? EXT0_MASK : `PMU_EXT_MASK);
        end
        if (wok) begin
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

  // ---- the event inputs the reference counts (spec 4 "Event path pipeline") ---------------------
  // x_*: the ports, with PIPE >= 3 the ports of the cycle before (ev_q, reset 0): what V reads
  reg [THREADS-1:0]         xq_priv;
  reg                       xq_tick;
  reg [THREADS*NEXT*LW-1:0] xq_ext;
  reg [THREADS*NW-1:0]      xq_fill;
  reg [THREADS*NW-1:0]      xq_issue;
  reg [THREADS*NW-1:0]      xq_retire;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      xq_priv <= 0; xq_tick <= 0; xq_ext <= 0; xq_fill <= 0; xq_issue <= 0; xq_retire <= 0;
    end else begin
      xq_priv <= priv_i; xq_tick <= ref_tick_i; xq_ext <= ev_ext_i; xq_fill <= slot_fill_i;
      xq_issue <= slot_issue_i; xq_retire <= slot_retire_i;
    end
  end
  wire [THREADS-1:0]         x_priv   = (PIPE >= 3) ? xq_priv   : priv_i;
  wire                       x_tick   = (PIPE >= 3) ? xq_tick   : ref_tick_i;
  wire [THREADS*NEXT*LW-1:0] x_ext    = (PIPE >= 3) ? xq_ext    : ev_ext_i;
  wire [THREADS*NW-1:0]      x_fill   = (PIPE >= 3) ? xq_fill   : slot_fill_i;
  wire [THREADS*NW-1:0]      x_issue  = (PIPE >= 3) ? xq_issue  : slot_issue_i;
  wire [THREADS*NW-1:0]      x_retire = (PIPE >= 3) ? xq_retire : slot_retire_i;

  // V of each counter from x_* and the evtsel copy of this cycle (spec 2.1 lanes, 4.1)
  reg [THREADS*NL*LW-1:0] lane;
  always @* lane = spec_lanes(x_fill, x_tick, x_issue, x_retire, x_ext);
  reg [N*VW-1:0] vnow;
  reg [31:0]     es;
  reg [NL-1:0]   sel;
  reg [31:0]     v;
  reg [THREADS-1:0] pok;
  reg [N-1:0]    rsup;
  reg [N-1:0]    rcore;
  reg            anyf;
  integer kk;
  integer kt;
  integer u;
  always @* begin
    vnow = 0; es = 0; sel = 0; v = 0; pok = 0; rsup = 0; rcore = 0; anyf = 0; kt = 0;
    for (kk = 0; kk < N; kk = kk + 1) begin
      kt  = kk / P;
      es  = sh_evtsel[kk*32 +: 32];
      sel = pmu_lane_sel(es[`PMU_EVTSEL_EVENT_LSB +: `PMU_EVTSEL_EVENT_W], es[`PMU_EVTSEL_UMASK_LSB +: `PMU_EVTSEL_UMASK_W]);
      {rsup[kk], rcore[kk]} = pmu_ev_sup(es[`PMU_EVTSEL_EVENT_LSB +: `PMU_EVTSEL_EVENT_W], es[`PMU_EVTSEL_UMASK_LSB +: `PMU_EVTSEL_UMASK_W]);
      anyf = es[`PMU_EVTSEL_ANY_LSB] || rcore[kk];
      for (u = 0; u < THREADS; u = u + 1)
        pok[u] = x_priv[u] ? es[`PMU_EVTSEL_OS_LSB] : es[`PMU_EVTSEL_USR_LSB];
      v = spec_v(sel, lane, pok, anyf, kt);
      vnow[kk*VW +: VW] = v[VW-1:0];   // V < 2^VW (at most THREADS * NPICK * (2^LW - 1))
    end
  end

  // With PIPE >= 2: V registered (v_q) and the event inputs registered (in_q), reset 0
  reg [N*VW-1:0]       vq;
  reg [THREADS-1:0]    eq_priv;
  reg                  eq_tick;
  reg [THREADS*NW-1:0] eq_fill;
  reg [THREADS*NW-1:0] eq_issue;
  reg [THREADS*NW-1:0] eq_retire;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      vq <= 0; eq_priv <= 0; eq_tick <= 0; eq_fill <= 0; eq_issue <= 0; eq_retire <= 0;
    end else begin
      vq <= vnow; eq_priv <= x_priv; eq_tick <= x_tick; eq_fill <= x_fill; eq_issue <= x_issue;
      eq_retire <= x_retire;
    end
  end
  wire [N*VW-1:0]       v_use    = (PIPE >= 2) ? vq        : vnow;
  wire [THREADS-1:0]    e_priv   = (PIPE >= 2) ? eq_priv   : x_priv;
  wire                  e_tick   = (PIPE >= 2) ? eq_tick   : x_tick;
  wire [THREADS*NW-1:0] e_fill   = (PIPE >= 2) ? eq_fill   : x_fill;
  wire [THREADS*NW-1:0] e_issue  = (PIPE >= 2) ? eq_issue  : x_issue;
  wire [THREADS*NW-1:0] e_retire = (PIPE >= 2) ? eq_retire : x_retire;

  // ---- the increments computed this cycle (spec 4.1 with no EDGE and ext = 0, 4.4, 4.5), from
  // e_*, v_use and the configuration of this cycle -----------------------------------------------
  reg [N-1:0]    rclass;     // the reference applies: no EDGE, ext = 0, not maybe frozen
  reg [N*32-1:0] rinc;
  reg [31:0]     es2;
  reg [31:0]     ve;
  reg [THREADS-1:0] poke;
  reg            anye;
  reg            sup2;
  reg            core2;
  reg            thr;
  reg            cnd;
  reg            counted;
  integer k2;
  integer t2;
  integer u2;
  always @* begin
    rclass = 0; rinc = 0; es2 = 0; ve = 0; poke = 0; anye = 0; sup2 = 0; core2 = 0;
    thr = 0; cnd = 0; counted = 0; t2 = 0;
    for (k2 = 0; k2 < N; k2 = k2 + 1) begin
      t2  = k2 / P;
      es2 = sh_evtsel[k2*32 +: 32];
      ve  = {{(32 - VW){1'b0}}, v_use[k2*VW +: VW]};
      {sup2, core2} = pmu_ev_sup(es2[`PMU_EVTSEL_EVENT_LSB +: `PMU_EVTSEL_EVENT_W], es2[`PMU_EVTSEL_UMASK_LSB +: `PMU_EVTSEL_UMASK_W]);
      anye = es2[`PMU_EVTSEL_ANY_LSB] || core2;
      for (u2 = 0; u2 < THREADS; u2 = u2 + 1)
        poke[u2] = e_priv[u2] ? es2[`PMU_EVTSEL_OS_LSB] : es2[`PMU_EVTSEL_USR_LSB];
      thr     = es2[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W] != 0;
      cnd     = sup2 && (thr ? ((ve >= es2[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W]) ^ es2[`PMU_EVTSEL_INV_LSB]) : (ve != 0));
      counted = es2[`PMU_EVTSEL_EN_LSB] && sh_gctrl[t2*64 + `PMU_GCTRL_PMC_EN_LSB + k2 % P]
                && (anye ? (|poke) : poke[t2]) && sup2;
      rclass[k2] = !es2[`PMU_EVTSEL_EDGE_LSB] && sh_ext[k2*32 +: 32] == 0 && !maybe_frz[t2];
      rinc[k2*32 +: 32] = !counted ? 0 : !thr ? ve : cnd;
    end
  end

  // fixed counter increments (spec 4.4), not frozen; issue-slot counter increments (spec 4.5),
  // counter s of thread t at [(t*5+s)*32 +: 32]
  localparam [31:0] W32    = W;
  localparam [31:0] TICK32 = NS_PER_TICK;
  reg [THREADS*3*32-1:0] finc;
  reg [THREADS*5*32-1:0] sinc;
  reg [2:0] fen;
  always @* begin
    finc = 0;
    sinc = 0;
    fen  = 0;
    for (t = 0; t < THREADS; t = t + 1) begin
      fen[0] = sh_gctrl[t*64 + `PMU_GCTRL_FIX_EN_LSB + 0]
               && sh_fixctl[t*32 + (e_priv[t] ? `PMU_FIXCTL_OS0_LSB : `PMU_FIXCTL_USR0_LSB)];
      fen[1] = sh_gctrl[t*64 + `PMU_GCTRL_FIX_EN_LSB + 1]
               && sh_fixctl[t*32 + (e_priv[t] ? `PMU_FIXCTL_OS1_LSB : `PMU_FIXCTL_USR1_LSB)];
      fen[2] = sh_gctrl[t*64 + `PMU_GCTRL_FIX_EN_LSB + 2]
               && sh_fixctl[t*32 + (e_priv[t] ? `PMU_FIXCTL_OS2_LSB : `PMU_FIXCTL_USR2_LSB)];
      finc[(t*3+0)*32 +: 32] = fen[0] ? 32'd1 : 32'd0;
      finc[(t*3+1)*32 +: 32] = fen[1] ? e_retire[t*NW +: NW] : 32'd0;
      finc[(t*3+2)*32 +: 32] = (fen[2] && e_tick) ? 32'd1 : 32'd0;
      sinc[(t*5+0)*32 +: 32] = W32;
      sinc[(t*5+1)*32 +: 32] = e_fill[t*NW +: NW];
      sinc[(t*5+2)*32 +: 32] = e_issue[t*NW +: NW];
      sinc[(t*5+3)*32 +: 32] = e_retire[t*NW +: NW];
      sinc[(t*5+4)*32 +: 32] = e_tick ? TICK32 : 32'd0;
    end
  end

  // ---- the increments landing this cycle: those computed this cycle, or with PIPE >= 1 those
  // computed last cycle (inc_q, reset 0: nothing in flight, known exactly) -----------------------
  reg [N*32-1:0]         lq_rinc;
  reg [N-1:0]            lq_rcls;
  reg [THREADS*3*32-1:0] lq_finc;
  reg [THREADS-1:0]      lq_fcls;
  reg [THREADS*5*32-1:0] lq_sinc;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      lq_rinc <= 0; lq_rcls <= {N{1'b1}}; lq_finc <= 0; lq_fcls <= {THREADS{1'b1}}; lq_sinc <= 0;
    end else begin
      lq_rinc <= rinc; lq_rcls <= rclass; lq_finc <= finc; lq_fcls <= ~maybe_frz; lq_sinc <= sinc;
    end
  end
  wire [N*32-1:0]         l_rinc = (PIPE >= 1) ? lq_rinc : rinc;
  wire [N-1:0]            l_rcls = (PIPE >= 1) ? lq_rcls : rclass;     // the reference applies
  wire [THREADS*3*32-1:0] l_finc = (PIPE >= 1) ? lq_finc : finc;
  wire [THREADS-1:0]      l_fcls = (PIPE >= 1) ? lq_fcls : ~maybe_frz;  // not maybe frozen
  wire [THREADS*5*32-1:0] l_sinc = (PIPE >= 1) ? lq_sinc : sinc;

  // ---- previous cycles ---------------------------------------------------------------------------
  reg                  p_rst;
  reg                  pp_rst;
  reg                  p_rok;
  reg                  pp_rok;
  reg [AW-3:0]         p_wa;
  reg                  p_wok;
  reg [31:0]           p_prdata;
  reg [31:0]           pp_prdata;
  reg [N*32-1:0]       p_lrinc;
  reg [N*32-1:0]       pp_lrinc;
  reg [N-1:0]          p_lrcls;
  reg [N-1:0]          pp_lrcls;
  reg [THREADS*3*32-1:0] p_lfinc;
  reg [THREADS*3*32-1:0] pp_lfinc;
  reg [THREADS-1:0]    p_lfcls;
  reg [THREADS-1:0]    pp_lfcls;
  reg [THREADS*5*32-1:0] p_lsinc;
  reg [THREADS*5*32-1:0] pp_lsinc;
  reg [THREADS-1:0]    p_req;
  reg [THREADS*3-1:0]  p_sel;
  reg [THREADS-1:0]    pp_req;
  reg [THREADS*3-1:0]  pp_sel;
  reg [THREADS*64-1:0] p_rdp_data;
  reg                  pp_wok;
  reg [AW-3:0]         pp_wa;
  // STORAGE=1: a counter's access phases are three cycles apart (setup, wait state, access)
  reg                  ppp_rst;
  reg                  ppp_rok;
  reg [AW-3:0]         ppp_wa;
  reg [31:0]           ppp_prdata;
  reg [N*32-1:0]       ppp_lrinc;
  reg [N-1:0]          ppp_lrcls;
  reg [THREADS*3*32-1:0] ppp_lfinc;
  reg [THREADS-1:0]    ppp_lfcls;
  always @(posedge clk_i) begin
    ppp_rst     <= pp_rst;
    ppp_rok     <= pp_rok;
    ppp_wa      <= pp_wa;
    ppp_prdata  <= pp_prdata;
    ppp_lrinc   <= pp_lrinc;
    ppp_lrcls   <= pp_lrcls;
    ppp_lfinc   <= pp_lfinc;
    ppp_lfcls   <= pp_lfcls;
  end
  always @(posedge clk_i) begin
    p_rst       <= rst_ni;
    pp_rst      <= p_rst;
    p_rok       <= rok;
    pp_rok      <= p_rok;
    p_wa        <= wa;
    p_wok       <= wok;
    p_prdata    <= prdata;
    pp_prdata   <= p_prdata;
    p_lrinc     <= l_rinc;
    pp_lrinc    <= p_lrinc;
    p_lrcls     <= l_rcls;
    pp_lrcls    <= p_lrcls;
    p_lfinc     <= l_finc;
    pp_lfinc    <= p_lfinc;
    p_lfcls     <= l_fcls;
    pp_lfcls    <= p_lfcls;
    p_lsinc     <= l_sinc;
    pp_lsinc    <= p_lsinc;
    p_req       <= rdp_req_i;
    p_sel       <= rdp_sel_i;
    pp_req      <= p_req;
    pp_sel      <= p_sel;
    p_rdp_data  <= rdp_data;
    pp_wok      <= p_wok;
    pp_wa       <= p_wa;
  end

  // ---- properties --------------------------------------------------------------------------------
  // (`FV_PROTO`: t.bank_protocol alone, for its induction; the other properties and the
  // invariants are left out. `FV_NOVAL`: without the properties that compare counter values
  // over time, t.rdp_apb, t.slot_inc, t.fix_inc and t.pmc_inc, whose induction at STORAGE=1
  // needs a reference of every counter's value: the rest is inductive there)
`ifdef FV_NOVAL
  localparam VAL = 1'b0;
`else
  localparam VAL = 1'b1;
`endif
`ifndef FV_PROTO
  genvar gt;
  genvar gi;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_t
      wire [63:0] d    = rdp_data[gt*64 +: 64];
      wire [63:0] pd   = p_rdp_data[gt*64 +: 64];
      wire [2:0]  psel = p_sel[gt*3 +: 3];
      // slot counter pp_sel's landing increment in the cycle before last (spec 4.5)
      wire [31:0] sl   = (pp_sel[gt*3 +: 3] < 3'd5) ? pp_lsinc[(gt*5 + pp_sel[gt*3 +: 3])*32 +: 32] : 32'd0;
      wire [CW-1:0] snext = pd[CW-1:0] + sl;
      // a successful write to slot counter pp_sel (either word) two cycles back
      wire pp_swr = pp_wok && (pp_wa == word(gt, `PMU_SLOT_OFF + 8 * pp_sel[gt*3 +: 3])
                               || pp_wa == word(gt, `PMU_SLOT_OFF + 8 * pp_sel[gt*3 +: 3] + 4));
      always @* begin
        if (past_valid && rst_ni) begin
          assert (rdp_valid[gt] == (p_rst && p_req[gt]));                            // [t.rdp_valid]
          if (p_rst && !p_req[gt]) assert (d == pd);                                 // [t.rdp_hold]
          if (p_rst && p_req[gt] && psel >= 3'd5) assert (d == 64'd0);               // [t.rdp_range]
          assert (d[63:CW] == 0);                                                    // [t.rdp_range]
          if (VAL && p_rst && p_req[gt] && psel < 3'd5 && p_rok && p_wa == word(gt, `PMU_SLOT_OFF + 8 * psel))
            assert (d[31:0] == p_prdata);                                            // [t.rdp_apb]
          if (VAL && pp_rst && p_rst && p_req[gt] && pp_req[gt] && psel == pp_sel[gt*3 +: 3] && psel < 3'd5
              && !pp_swr)
            assert (d[CW-1:0] == snext);                                             // [t.slot_inc]
        end
      end
      // PIPE=0: back-to-back reads of a counter's low word (c-1, c; no write in c-1: one transfer
      // a cycle); PIPE >= 1: reads in c-2 and c, the setup cycle c-1 between (no access in it);
      // STORAGE=1: reads in c-3 and c, the setup cycle c-2 and the wait state c-1 between
      for (gi = 0; gi < 3; gi = gi + 1) begin : g_fix
        always @* begin
          if (VAL && STORAGE == 0 && PIPE == 0 && past_valid && p_rst && rst_ni && p_rok && rok && p_lfcls[gt]
              && p_wa == word(gt, `PMU_FIX_OFF + 8 * gi) && wa == p_wa)
            assert (prdata == p_prdata + p_lfinc[(gt*3+gi)*32 +: 32]);               // [t.fix_inc]
          if (VAL && STORAGE == 0 && PIPE != 0 && past_valid && pp_rst && p_rst && rst_ni && pp_rok && !p_wok && rok
              && pp_lfcls[gt] && p_lfcls[gt] && pp_wa == word(gt, `PMU_FIX_OFF + 8 * gi) && wa == pp_wa)
            assert (prdata == pp_prdata + pp_lfinc[(gt*3+gi)*32 +: 32]               // [t.fix_inc]
                              + p_lfinc[(gt*3+gi)*32 +: 32]);
          if (VAL && STORAGE != 0 && past_valid && ppp_rst && pp_rst && p_rst && rst_ni && ppp_rok && !pp_wok
              && !p_wok && rok && ppp_lfcls[gt] && pp_lfcls[gt] && p_lfcls[gt]
              && ppp_wa == word(gt, `PMU_FIX_OFF + 8 * gi) && wa == ppp_wa)
            assert (prdata == ppp_prdata + ppp_lfinc[(gt*3+gi)*32 +: 32]             // [t.fix_inc]
                              + pp_lfinc[(gt*3+gi)*32 +: 32] + p_lfinc[(gt*3+gi)*32 +: 32]);
        end
      end
      for (gi = 0; gi < P; gi = gi + 1) begin : g_pmc
        always @* begin
          if (VAL && STORAGE == 0 && PIPE == 0 && past_valid && p_rst && rst_ni && p_rok && rok && p_lrcls[gt*P+gi]
              && p_wa == word(gt, `PMU_PMC_OFF + 8 * gi) && wa == p_wa)
            assert (prdata == p_prdata + p_lrinc[(gt*P+gi)*32 +: 32]);               // [t.pmc_inc]
          if (VAL && STORAGE == 0 && PIPE != 0 && past_valid && pp_rst && p_rst && rst_ni && pp_rok && !p_wok && rok
              && pp_lrcls[gt*P+gi] && p_lrcls[gt*P+gi]
              && pp_wa == word(gt, `PMU_PMC_OFF + 8 * gi) && wa == pp_wa)
            assert (prdata == pp_prdata + pp_lrinc[(gt*P+gi)*32 +: 32]               // [t.pmc_inc]
                              + p_lrinc[(gt*P+gi)*32 +: 32]);
          if (VAL && STORAGE != 0 && past_valid && ppp_rst && pp_rst && p_rst && rst_ni && ppp_rok && !pp_wok
              && !p_wok && rok && ppp_lrcls[gt*P+gi] && pp_lrcls[gt*P+gi] && p_lrcls[gt*P+gi]
              && ppp_wa == word(gt, `PMU_PMC_OFF + 8 * gi) && wa == ppp_wa)
            assert (prdata == ppp_prdata + ppp_lrinc[(gt*P+gi)*32 +: 32]             // [t.pmc_inc]
                              + pp_lrinc[(gt*P+gi)*32 +: 32] + p_lrinc[(gt*P+gi)*32 +: 32]);
        end
      end
    end
  endgenerate

  // ---- the wait state (spec 5.1): with STORAGE=1 pready is 0 exactly in the first access cycle
  // of an access to a programmable, fixed or CPI-stack counter word (the setup cycle's address),
  // else 1 ---------------------------------------------------------------------------------------
  function automatic ram_word(input [AW-3:0] a);
    integer tr;
    begin
      ram_word = 1'b0;
      for (tr = 0; tr < THREADS; tr = tr + 1) begin
        if ((a >= word(tr, `PMU_PMC_OFF) && a < word(tr, `PMU_PMC_OFF + 8 * P))
            || (a >= word(tr, `PMU_FIX_OFF) && a < word(tr, `PMU_FIX_OFF + 8 * 3))
            || (a >= word(tr, `PMU_STK_OFF) && a < word(tr, `PMU_STK_OFF + 8 * 24)))
          ram_word = 1'b1;
      end
    end
  endfunction
  always @* begin
    if (past_valid && rst_ni)
      assert (pready == !(STORAGE != 0 && psel_i && penable_i && p_setup && ram_word(p_paddr))); // [t.wait]
  end

`endif

`ifdef FV_STORAGE
  // ---- STORAGE=1: the bank's access protocol (spec 5.1), which fv_bank_ram assumes: at the
  // bank's ports (hierconn), a read or write of a counter follows its pre-read two cycles back
  // and the wait state between (an issue-slot counter, DIRECT: one cycle back, no wait state), a
  // pre-read names a counter, is no access and follows no pre-read, the wait state keeps its
  // index and has no access, and a read and a write never meet ----------------------------------
  localparam        BNCNT = THREADS * (P + 32);          // the bank's counters (pmu_top's NCNT)
  localparam        BCIW  = $clog2(BNCNT);
  function automatic bdirect(input [BCIW-1:0] b);   // an issue-slot counter (spec 3: 5 a thread)
    integer td;
    begin
      bdirect = 1'b0;
      for (td = 0; td < THREADS; td = td + 1)
        if ({1'b0, b} >= td * (P + 32) + P + 3 && {1'b0, b} < td * (P + 32) + P + 8) bdirect = 1'b1;
    end
  endfunction
  (* hierconn *) wire            \u_pmu.u_bank.pre_i ;
  (* hierconn *) wire [BCIW-1:0] \u_pmu.u_bank.pidx_i ;
  (* hierconn *) wire            \u_pmu.u_bank.re_i ;
  (* hierconn *) wire [BCIW-1:0] \u_pmu.u_bank.ridx_i ;
  (* hierconn *) wire            \u_pmu.u_bank.we_i ;
  (* hierconn *) wire [BCIW-1:0] \u_pmu.u_bank.widx_i ;
  wire            b_pre  = \u_pmu.u_bank.pre_i ;
  wire [BCIW-1:0] b_pidx = \u_pmu.u_bank.pidx_i ;
  wire            b_acc  = \u_pmu.u_bank.re_i || \u_pmu.u_bank.we_i ;
  wire [BCIW-1:0] b_idx  = \u_pmu.u_bank.re_i ? \u_pmu.u_bank.ridx_i : \u_pmu.u_bank.widx_i ;
  reg             bp_pre;
  reg [BCIW-1:0]  bp_pidx;
  reg             bpp_pre;
  reg [BCIW-1:0]  bpp_pidx;
  always @(posedge clk_i) begin
    bp_pre   <= rst_ni && b_pre;
    bp_pidx  <= b_pidx;
    bpp_pre  <= rst_ni && bp_pre;
    bpp_pidx <= bp_pidx;
  end
  always @* begin
    if (STORAGE != 0 && past_valid && rst_ni) begin
      if (b_acc) assert (bdirect(b_idx) ? (bp_pre && bp_pidx == b_idx)            // [t.bank_protocol]
                                        : (bpp_pre && bpp_pidx == b_idx));
      if (b_pre) assert (!b_acc && !bp_pre && {1'b0, b_pidx} < BNCNT);           // [t.bank_protocol]
      if (bp_pre && !bdirect(bp_pidx)) assert (!b_acc);                         // [t.bank_protocol]
      if (bp_pre) assert (b_pidx == bp_pidx);                                   // [t.bank_protocol]
      assert (!(\u_pmu.u_bank.re_i && \u_pmu.u_bank.we_i ));                   // [t.bank_protocol]
    end
  end
`endif

`ifndef FV_PROTO
  // ---- overflow: a counter loaded with its maximum wraps into its gstatus bit ---------------------
  // Counters of thread t: 0..P-1 programmable (gstatus low word bit k), P..P+2 fixed (high word
  // bit i). m1: its low word was written with 0xffffffff last cycle; m1b (PIPE >= 1): then came a
  // cycle without an access in which no increment landed on it; m2: then its high word was
  // written with all ones (the counter is 2^CW - 1 now); m3: it then got a non-zero landing
  // increment without a write (it wrapped last cycle).
  localparam NX = P + 3;
  reg [THREADS*NX-1:0] m1;
  reg [THREADS*NX-1:0] m1b;
  reg [THREADS*NX-1:0] m1c;
  reg [THREADS*NX-1:0] m2;
  reg [THREADS*NX-1:0] m3;
  integer ox;
  integer ot;
  reg [31:0] oinc;
  reg        ocls;
  reg [31:0] olo;
  reg        owr;
  always @(posedge clk_i) begin
    oinc = 0;
    ocls = 0;
    olo  = 0;
    owr  = 0;
    for (ot = 0; ot < THREADS; ot = ot + 1) begin
      for (ox = 0; ox < NX; ox = ox + 1) begin
        olo  = (ox < P) ? `PMU_PMC_OFF + 8 * ox : `PMU_FIX_OFF + 8 * (ox - P);
        oinc = (ox < P) ? l_rinc[(ot*P + ((ox < P) ? ox : 0))*32 +: 32]
                         : l_finc[(ot*3 + ((ox < P) ? 0 : ox - P))*32 +: 32];
        ocls = (ox < P) ? l_rcls[ot*P + ((ox < P) ? ox : 0)] : l_fcls[ot];
        owr  = wok && (wa == word(ot, olo) || wa == word(ot, olo + 4));
        m1[ot*NX+ox]  <= rst_ni && wok && wa == word(ot, olo) && pstrb_i == 4'hf
                         && pwdata_i == 32'hffffffff;
        m1b[ot*NX+ox] <= rst_ni && m1[ot*NX+ox] && ocls && oinc == 0 && !owr;
        m1c[ot*NX+ox] <= rst_ni && m1b[ot*NX+ox] && ocls && oinc == 0 && !owr;
        m2[ot*NX+ox]  <= rst_ni && (STORAGE != 0 ? m1c[ot*NX+ox] : PIPE != 0 ? m1b[ot*NX+ox]
                                    : m1[ot*NX+ox]) && wok
                         && wa == word(ot, olo + 4) && pstrb_i[0]
                         && (&pwdata_i[CW-33:0]);   // cnt[CW-1:32] all ones (CW <= 40)
        m3[ot*NX+ox]  <= rst_ni && m2[ot*NX+ox] && ocls && oinc != 0 && !owr;
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
`ifdef FV_PIPE
  // ---- invariants (PIPE >= 1): the increments in flight are the reference's (spec 6 names) ----
  // The bank's inc_q of thread t's counters (bank index t*(P+32) + i; written out for THREADS=2,
  // P=1): the programmable counter while the reference applies, the fixed counters while not
  // maybe frozen (the reference has no freeze), the issue-slot counters always.
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[0] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[1] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[2] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[3] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[4] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[5] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[6] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[7] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[8] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[33] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[34] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[35] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[36] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[37] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[38] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[39] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[40] ;
  (* hierconn *) wire [IW-1:0] \u_pmu.u_bank.g_pipe.inc_q[41] ;
  // thread t's at [t*9*IW +: 9*IW]: programmable, fixed 0..2, slot 0..4
  wire [THREADS*9*IW-1:0] incq = {
    \u_pmu.u_bank.g_pipe.inc_q[41] , \u_pmu.u_bank.g_pipe.inc_q[40] , \u_pmu.u_bank.g_pipe.inc_q[39] ,
    \u_pmu.u_bank.g_pipe.inc_q[38] , \u_pmu.u_bank.g_pipe.inc_q[37] , \u_pmu.u_bank.g_pipe.inc_q[36] ,
    \u_pmu.u_bank.g_pipe.inc_q[35] , \u_pmu.u_bank.g_pipe.inc_q[34] , \u_pmu.u_bank.g_pipe.inc_q[33] ,
    \u_pmu.u_bank.g_pipe.inc_q[8] , \u_pmu.u_bank.g_pipe.inc_q[7] , \u_pmu.u_bank.g_pipe.inc_q[6] ,
    \u_pmu.u_bank.g_pipe.inc_q[5] , \u_pmu.u_bank.g_pipe.inc_q[4] , \u_pmu.u_bank.g_pipe.inc_q[3] ,
    \u_pmu.u_bank.g_pipe.inc_q[2] , \u_pmu.u_bank.g_pipe.inc_q[1] , \u_pmu.u_bank.g_pipe.inc_q[0] };
  integer tp;
  integer ip;
  always @* begin
    if (past_valid) begin
      for (tp = 0; tp < THREADS; tp = tp + 1) begin
        if (lq_rcls[tp])
          assert ({{(32 - IW){1'b0}}, incq[(tp*9+0)*IW +: IW]} == lq_rinc[tp*32 +: 32]);  // [i.pipe]
        for (ip = 0; ip < 3; ip = ip + 1) begin
          if (lq_fcls[tp])
            assert ({{(32 - IW){1'b0}}, incq[(tp*9+1+ip)*IW +: IW]}                       // [i.pipe]
                    == lq_finc[(tp*3+ip)*32 +: 32]);
        end
        for (ip = 0; ip < 5; ip = ip + 1) begin
          assert ({{(32 - IW){1'b0}}, incq[(tp*9+4+ip)*IW +: IW]}                         // [i.pipe]
                  == lq_sinc[(tp*5+ip)*32 +: 32]);
        end
      end
    end
  end
`ifndef FV_NO_SW
  // PIPE >= 2: V in flight (u_evctl's v_q) and the evtsel/ext write register (u_regs's sw_*_q)
  (* hierconn *) wire [VW-1:0]   \u_pmu.u_evctl.g_vq.v_q[0] ;
  (* hierconn *) wire [VW-1:0]   \u_pmu.u_evctl.g_vq.v_q[1] ;
  (* hierconn *) wire            \u_pmu.u_regs.g_sw.sw_evtsel_q ;
  (* hierconn *) wire            \u_pmu.u_regs.g_sw.sw_ext_q ;
  (* hierconn *) wire [EIW-1:0]  \u_pmu.u_regs.g_sw.sw_idx_q ;
  (* hierconn *) wire [31:0]     \u_pmu.u_regs.g_sw.sw_word_q ;
  always @* begin
    if (past_valid) begin
      assert ({\u_pmu.u_evctl.g_vq.v_q[1] , \u_pmu.u_evctl.g_vq.v_q[0] } == vq);            // [i.pipe]
      assert (\u_pmu.u_regs.g_sw.sw_evtsel_q == r_sw_ev && \u_pmu.u_regs.g_sw.sw_ext_q == r_sw_ex // [i.sw]
              && \u_pmu.u_regs.g_sw.sw_idx_q == r_sw_idx && \u_pmu.u_regs.g_sw.sw_word_q == r_sw_word);
    end
  end
`endif
`endif
`endif

endmodule

// Formal properties of event control + counter bank (docs/spec.md 4, 4.1, 4.2): pmu_evctl and
// pmu_cnt_bank instantiated and wired as pmu_top wires them (evctl increment t*P+k -> bank
// counter t*P+k, bank wrap -> evctl wrap), bound to their ports for the properties. The register
// block is replaced by free inputs (evtsel, ext, gctrl.pmc_en, ctr_frz, "evtsel/ext written", the
// counter write port), restricted only to what pmu_regs can produce (reserved bits 0,
// ext.chain and ext.qualify 0 on each thread's counter 0). Two parameter sets (run.sh):
// THREADS=1, P=3 (a chain can cascade 0 -> 1 -> 2), and THREADS=2, P=2 (`FV_THREADS=2`: ANY
// across two threads, spec 4.1: thread u's lanes enter V only while priv_i[u] passes the
// counter's USR/OS, the cycle is counted when some thread passes).
//
// A reference of spec 4.1 is written here from the spec text (lanes, V, C, Q cascade, gating);
// the event catalog is the generated rtl/pmu/pmu_lane_sel.vh (rtl/pmu/data/pmu_params.json, spec table 2.2).
//
// Inductive (proved for all depths):
//   a.*  next counter value = value + the increment evctl computed, or the write (write wins)
//   b.*  wrap iff the sum carries out of CW bits, never in a write cycle
//   c.*  EDGE adds 0 or 1, only in a counted cycle, never while C = 0 (without BOTH); across
//        two consecutive counted cycles (or after a reset / evtsel-ext write) it adds exactly
//        C(t) and not C(t-1) (BOTH: C(t) != C(t-1))
//   d.*  CHAIN: inc(k, t) = wrap(k-1, t-1), whatever the enables, privilege and freeze say,
//        so counter k gains exactly 1 per wrap of counter k-1, one cycle later
// With `FV_FULL` (also inductive, through the invariants i.*):
//   r.inc  every increment equals the spec 4.1 reference, with the reference's own edge
//          history and chain carry, so EDGE history across disabled/filtered/frozen/unqualified
//          cycles is covered, and ANY (the sum over the threads that pass, each gated by its
//          own privilege, through C and the Q cascade)
//   i.cprev, i.carry  the reference's edge history and chain carry equal the RTL's flops
//          u_ev.cprev_q and u_ev.carry_q (spec 6 state names, reached by hierarchical reference,
//          docs/formal.md "Invariants"): without them a k-induction trace can start with the two
//          apart and keep them apart for longer than any k.

`include "pmu_map.vh"

`ifndef FV_THREADS
`define FV_THREADS 1
`endif
`ifndef FV_P
`define FV_P 3
`endif

module fv_evcnt #(
  parameter THREADS     = `FV_THREADS,
  parameter P           = `FV_P,
  parameter CW          = 8,
  parameter W           = 2,
  parameter LW          = 4,
  parameter NW          = 3,
  parameter NS_PER_TICK = 10
) (
  input wire                              clk_i,
  input wire                              rst_ni,
  input wire [THREADS-1:0]                priv_i,
  input wire                              ref_tick_i,
  input wire [THREADS*`PMU_NEXT*LW-1:0]   ev_ext_i,
  input wire [THREADS*NW-1:0]             slot_fill_i,
  input wire [THREADS*NW-1:0]             slot_issue_i,
  input wire [THREADS*NW-1:0]             slot_retire_i,
  input wire [THREADS*P*32-1:0]           evtsel_i,
  input wire [THREADS*P*32-1:0]           ext_i,
  input wire [THREADS*P-1:0]              pmc_en_i,
  input wire [THREADS-1:0]                frz_i,
  input wire [THREADS*P-1:0]              sel_wr_i,
  input wire                              we_i,
  input wire [$clog2(THREADS*P)-1:0]      widx_i,
  input wire                              whi_i,
  input wire [31:0]                       wdata_i,
  input wire [3:0]                        wstrb_i
);
  localparam N    = THREADS * P;                 // counters (bank order t*P+k)
  localparam CIW  = $clog2(N);
  localparam NL   = `PMU_NL;
  localparam NEXT = `PMU_NEXT;
  localparam VW   = LW + 3 + $clog2(THREADS);
  // spec 4: increment width max(VW, NW, 3, clog2(NS_PER_TICK+1)) + 1
  localparam IWA  = (VW > NW) ? VW : NW;
  localparam IWB  = $clog2(NS_PER_TICK + 1);
  localparam IWC  = (IWA > IWB) ? IWA : IWB;
  localparam IW   = ((IWC > 3) ? IWC : 3) + 1;

  wire [N*IW-1:0] inc;
  wire [N*CW-1:0] cnt;
  wire [N-1:0]    wrap;

  // The lane table indices pmu_regs keeps for each evtsel (proved there: fv_regs g.pick).
  `include "pmu_lane_pick.vh"
  `include "pmu_lane_x.vh"
  localparam PKW = XW;
  wire [N*PKW-1:0] pick;
  wire [N-1:0]     sup;    // pmu_ev_sup (spec 2.2): supported, core-scoped (proved: fv_regs g.pick)
  wire [N-1:0]     core;
  genvar gp;
  generate
    for (gp = 0; gp < N; gp = gp + 1) begin : g_pick
      assign pick[gp*PKW +: PKW] = pmu_lane_x(pmu_lane_pick(evtsel_i[gp*32 + `PMU_EVTSEL_EVENT_LSB +: 8],
                                                            evtsel_i[gp*32 + `PMU_EVTSEL_UMASK_LSB +: 8]));
      assign {sup[gp], core[gp]} = pmu_ev_sup(evtsel_i[gp*32 + `PMU_EVTSEL_EVENT_LSB +: 8],
                                              evtsel_i[gp*32 + `PMU_EVTSEL_UMASK_LSB +: 8]);
    end
  endgenerate

  // threshold mode (CMASK != 0 or CMP != GE), as pmu_regs keeps it (proved there: fv_top i.ctl)
  wire [N-1:0]     c_thr;
  generate
    for (gp = 0; gp < N; gp = gp + 1) begin : g_thr
      assign c_thr[gp] = (evtsel_i[gp*32 + `PMU_EVTSEL_CMASK_LSB +: 8] != 8'd0)
                         || (ext_i[gp*32 + `PMU_EXT_CMP_LSB +: 2] != 2'd0);
    end
  endgenerate

  pmu_evctl #(.THREADS(THREADS), .P(P), .W(W), .LW(LW), .NW(NW), .IW(IW)) u_ev (
    .clk_i (clk_i), .rst_ni (rst_ni), .priv_i (priv_i), .priv_e_i (priv_i), .ref_tick_i (ref_tick_i),
    .ev_ext_i (ev_ext_i), .slot_fill_i (slot_fill_i), .slot_issue_i (slot_issue_i),
    .slot_retire_i (slot_retire_i), .evtsel_i (evtsel_i), .ext_i (ext_i), .thr_i (c_thr), .pick_i (pick), .sup_i (sup), .core_i (core), .pmc_en_i (pmc_en_i),
    .frz_i (frz_i), .sel_wr_i (sel_wr_i), .wrap_i (wrap), .inc_o (inc)
  );

  // One bank window read port per counter (window k = counter k alone).
  pmu_cnt_bank #(.NCNT(N), .CW(CW), .IW(IW), .CIW(CIW), .NWND(N), .WIW(1), .WBASE(0),
                 .WSTRIDE(1), .WSPAN(1)) u_bank (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc), .we_i (we_i), .widx_i (widx_i),
    .whi_i (whi_i), .wdata_i (wdata_i), .wstrb_i (wstrb_i), .re_i (1'b0), .ridx_i ({CIW{1'b0}}),
    .rdata_o (), .wnd_re_i ({N{1'b1}}), .wnd_idx_i ({N{1'b0}}), .wnd_data_o (cnt), .wrap_o (wrap)
  );

  `include "fv_common.vh"
  `include "fv_spec_v.vh"
  `include "pmu_lane_sel.vh"

  // ---- environment: what pmu_regs can hold -----------------------------------------------------
  genvar ge;
  generate
    for (ge = 0; ge < N; ge = ge + 1) begin : g_env
      always @* begin
        assume ((evtsel_i[ge*32 +: 32] & ~`PMU_EVTSEL_MASK) == 32'd0);
        assume ((ext_i[ge*32 +: 32] & ~`PMU_EXT_MASK) == 32'd0);
        if (ge % P == 0) begin
          assume (ext_i[ge*32 + `PMU_EXT_CHAIN_LSB] == 1'b0);
          assume (ext_i[ge*32 + `PMU_EXT_QUALIFY_LSB] == 1'b0);
        end
      end
    end
  endgenerate

  // ---- reference of spec 2.1 lanes and 4.1 (combinational part) -------------------------------
  // lane l of thread u at lane[(u*NL+l)*LW +: LW]
  reg [THREADS*NL*LW-1:0] lane;
  always @* lane = spec_lanes(slot_fill_i, ref_tick_i, slot_issue_i, slot_retire_i, ev_ext_i);

  // per counter: fields, V, C, Q, counted, the reference increment (chain uses rcarry)
  reg [N-1:0]    rC;        // condition C
  reg [N-1:0]    rQ;        // qualifier passed on
  reg [N-1:0]    rcounted;
  reg [N-1:0]    redge;     // EDGE set, CHAIN clear
  reg [N-1:0]    rboth;
  reg [N-1:0]    rchain;
  reg [N*IW-1:0] rinc;
  reg [N-1:0]    rcprev;    // reference edge history (state, below)
  reg [N-1:0]    rcarry;    // reference chain carry (state, below)
  reg [31:0]     es;
  reg [31:0]     xs;
  reg [NL-1:0]   sel;
  reg [31:0]     v;
  reg            thr;
  reg            cmpr;
  reg            qin;
  reg [THREADS-1:0] pok;    // thread u's own privilege passes USR/OS
  reg            anyf;      // ANY, or a core-scoped event (spec 2.2)
  reg            privok;
  reg            edgehit;
  integer k;
  integer u;
  integer kt;               // the counter's thread
  always @* begin
    rC = 0; rQ = 0; rcounted = 0; redge = 0; rboth = 0; rchain = 0; rinc = 0;
    es = 0; xs = 0; sel = 0; v = 0; thr = 0; cmpr = 0; qin = 0; pok = 0;
    anyf = 0; privok = 0; edgehit = 0; kt = 0;
    for (k = 0; k < N; k = k + 1) begin
      kt   = k / P;
      es   = evtsel_i[k*32 +: 32];
      xs   = ext_i[k*32 +: 32];
      sel  = pmu_lane_sel(es[`PMU_EVTSEL_EVENT_LSB +: `PMU_EVTSEL_EVENT_W], es[`PMU_EVTSEL_UMASK_LSB +: `PMU_EVTSEL_UMASK_W]);
      anyf = es[`PMU_EVTSEL_ANY_LSB] || core[k];
      for (u = 0; u < THREADS; u = u + 1) pok[u] = priv_i[u] ? es[`PMU_EVTSEL_OS_LSB] : es[`PMU_EVTSEL_USR_LSB];
      v    = spec_v(sel, lane, pok, anyf, kt);   // fv_spec_v.vh
      thr = (es[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W] != 0) || (xs[`PMU_EXT_CMP_LSB +: `PMU_EXT_CMP_W] != 2'd0);
      case (xs[`PMU_EXT_CMP_LSB +: `PMU_EXT_CMP_W])
        2'd0: cmpr = v >= es[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W];
        2'd1: cmpr = v <  es[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W];
        2'd2: cmpr = v == es[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W];
        default: cmpr = v != es[`PMU_EVTSEL_CMASK_LSB +: `PMU_EVTSEL_CMASK_W];
      endcase
      rC[k]       = sup[k] && (thr ? (cmpr ^ es[`PMU_EVTSEL_INV_LSB]) : (v != 0));   // unsupported: C = 0 (2.2)
      qin         = (k % P == 0) ? 1'b1 : rQ[(k == 0) ? 0 : k - 1];
      rQ[k]       = xs[`PMU_EXT_CHAIN_LSB] ? qin : (rC[k] && (xs[`PMU_EXT_QUALIFY_LSB] ? qin : 1'b1));
      privok      = anyf ? (|pok) : pok[kt];   // ANY: some thread passes
      rcounted[k] = es[`PMU_EVTSEL_EN_LSB] && pmc_en_i[k] && privok && sup[k] && !frz_i[kt] && (xs[`PMU_EXT_QUALIFY_LSB] ? qin : 1'b1);
      rchain[k]   = xs[`PMU_EXT_CHAIN_LSB];
      redge[k]    = es[`PMU_EVTSEL_EDGE_LSB] && !xs[`PMU_EXT_CHAIN_LSB];
      rboth[k]    = xs[`PMU_EXT_BOTH_LSB];
      edgehit     = es[`PMU_EVTSEL_EDGE_LSB] && rcounted[k]
                    && (xs[`PMU_EXT_BOTH_LSB] ? (rC[k] != rcprev[k]) : (rC[k] && !rcprev[k]));
      if (xs[`PMU_EXT_CHAIN_LSB])            rinc[k*IW +: IW] = (k % P == 0) ? 0 : rcarry[(k == 0) ? 0 : k - 1];
      else if (!rcounted[k]) rinc[k*IW +: IW] = 0;
      else if (es[`PMU_EVTSEL_EDGE_LSB])       rinc[k*IW +: IW] = edgehit;
      else if (!thr)         rinc[k*IW +: IW] = v;
      else if (rC[k])        rinc[k*IW +: IW] = xs[`PMU_EXT_CNTV_LSB] ? v : 1;
      else                   rinc[k*IW +: IW] = 0;
    end
  end

  // reference wraps: from the bank's values and the increments it was given (spec 4)
  reg [N-1:0] rwrap;
  reg [CW:0]  s;
  integer m;
  always @* begin
    rwrap = 0;
    s = 0;
    for (m = 0; m < N; m = m + 1) begin
      s        = {1'b0, cnt[m*CW +: CW]} + inc[m*IW +: IW];
      rwrap[m] = s[CW] && !(we_i && widx_i == m);
    end
  end

  // reference state: edge history and chain carry (spec 4.1 cprev_d, carry_d)
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rcprev <= 0;
      rcarry <= 0;
    end else begin
      rcprev <= (rcprev & ~sel_wr_i & ~rcounted) | (rC & rcounted & ~sel_wr_i);
      rcarry <= rwrap;
    end
  end

  // ---- previous cycle ----------------------------------------------------------------------------
  reg            p_rst;
  reg [N*CW-1:0] p_cnt;
  reg [N*IW-1:0] p_inc;
  reg            p_we;
  reg [CIW-1:0]  p_widx;
  reg            p_whi;
  reg [31:0]     p_wdata;
  reg [3:0]      p_wstrb;
  reg [N-1:0]    p_rwrap;
  reg [N-1:0]    p_sel_wr;
  reg [N-1:0]    p_counted;
  reg [N-1:0]    p_C;
  always @(posedge clk_i) begin
    p_rst     <= rst_ni;
    p_cnt     <= cnt;
    p_inc     <= inc;
    p_we      <= we_i;
    p_widx    <= widx_i;
    p_whi     <= whi_i;
    p_wdata   <= wdata_i;
    p_wstrb   <= wstrb_i;
    p_rwrap   <= rwrap;
    p_sel_wr  <= sel_wr_i;
    p_counted <= rcounted;
    p_C       <= rC;
  end

  // for d.chain_count: the chain increment applied in the previous cycle
  reg [N-1:0] p_rchain;
  reg [N-1:0] pp_carry;
  always @(posedge clk_i) begin
    p_rchain <= rchain;
    pp_carry <= (past_valid && p_rst) ? p_rwrap : {N{1'b0}};
  end

  // ---- properties --------------------------------------------------------------------------------
  genvar g;
  generate
    for (g = 0; g < N; g = g + 1) begin : g_k
      localparam LOW = (g % P != 0);       // has a counter k-1 in its thread (CHAIN, QUALIFY)
      localparam GM1 = (g == 0) ? 0 : g - 1;
      wire [IW-1:0] ik   = inc[g*IW +: IW];
      wire [CW-1:0] ck   = cnt[g*CW +: CW];
      wire [CW-1:0] pck  = p_cnt[g*CW +: CW];
      wire [CW:0]   psum = {1'b0, pck} + p_inc[g*IW +: IW];
      wire          pwr  = p_we && (p_widx == g);
      // edge history known from the previous cycle alone: reset, evtsel/ext write, or counted
      wire          hknown = !p_rst || p_sel_wr[g] || p_counted[g];
      wire          hval   = p_rst && !p_sel_wr[g] && p_C[g];
      always @* begin
        if (past_valid) begin
          // (a) no increment lost or doubled; a write wins
          if (!p_rst) assert (ck == {CW{1'b0}});                                  // [a.reset]
          if (p_rst && !pwr) assert (ck == psum[CW-1:0]);                         // [a.next_is_sum]
          if (p_rst && pwr)                                                       // [a.write_wins]
            assert (ck == spec_write(pck, p_whi, p_wdata, p_wstrb));
        end
        if (rst_ni) begin
          // (b) wrap iff the counter carries out, never on a write
          assert (wrap[g] == rwrap[g]);                                          // [b.wrap_iff_carry]
          // (c) EDGE
          if (redge[g]) assert (ik <= 1);                                         // [c.edge_at_most_one]
          if (redge[g] && !rcounted[g]) assert (ik == 0);                         // [c.edge_only_counted]
          if (redge[g] && !rboth[g] && ik != 0) assert (rC[g]);                   // [c.edge_needs_c]
          if (past_valid && redge[g] && hknown)                                   // [c.edge_rising]
            assert (ik == (rcounted[g] && (rboth[g] ? (rC[g] != hval) : (rC[g] && !hval))));
        end
        // (d) CHAIN: exactly the wrap of counter k-1 one cycle earlier, ungated
        if (past_valid && rst_ni && LOW && rchain[g]) begin
          assert (ik == (p_rst && p_rwrap[GM1]));                                 // [d.chain_is_carry]
        end
        if (past_valid && LOW && p_rst && !pwr && p_rchain[g]) begin
          // counter k after a chain cycle: old value + the carry of k-1 (wrap two cycles back)
          assert (ck == pck + pp_carry[GM1]);                                     // [d.chain_count]
        end
`ifdef FV_FULL
        if (rst_ni) assert (ik == rinc[g*IW +: IW]);                              // [r.inc]
`endif
      end
    end
  endgenerate

`ifdef FV_FULL
  // ---- invariants: the reference state is the RTL's state (spec 6 names) -----------------------
  // yosys 0.23: a wire of this module named "inst.sig" with the hierconn attribute becomes the
  // flattened inst's wire sig (flatten); run.sh checks that no hierconn wire is left unconnected.
  (* hierconn *) wire [N-1:0] \u_ev.cprev_q ;
  (* hierconn *) wire [N-1:0] \u_ev.carry_q ;
  always @* begin
    if (past_valid) begin
      assert (\u_ev.cprev_q == rcprev);                                           // [i.cprev]
      assert (\u_ev.carry_q == rcarry);                                           // [i.carry]
    end
  end
`endif

endmodule

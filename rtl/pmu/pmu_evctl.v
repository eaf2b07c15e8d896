// StallScope PMU: event control of the programmable counters (spec 2.1, 2.2, 4.1, 4.2).
//
// The event lanes of every thread (spec 2.1) and each thread's lane table; per thread t and
// counter k the event value V (spec 2.2, 4.1): for the index in pick_i (the catalog decode of
// evtsel[k]'s event/umask that pmu_regs keeps), thread t's table entry (a lane, or the count
// lanes of a lane set summed and its condition lanes ORed), or with ANY the sum of that over
// every thread whose own privilege passes evtsel[k]'s USR/OS; and one
// pmu_evctl_ctr (condition C, gating, EDGE/BOTH, CHAIN, increment); the QUALIFY cascade Q along
// the counters of a thread; the flops: edge history cprev_q and chain carry carry_q (the wrap
// of counter k-1 one cycle later, not gated).
// Output: increment of counter k of thread t at [(t*P+k)*IW +: IW].

`include "pmu_map.vh"

module pmu_evctl #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter P       = `PMU_DEF_P,
  parameter W       = `PMU_DEF_W,
  parameter LW      = `PMU_DEF_LW,
  parameter NW      = `PMU_DEF_NW,
  parameter IW      = 13,
  // event path pipeline (spec 4): with PIPE >= 2 each counter's V is registered (v_q)
  parameter PIPE    = 0
) (
  input  wire                           clk_i,
  input  wire                           rst_ni,
  input  wire [THREADS-1:0]             priv_i,     // the privilege of this cycle: V's ANY gating
  // ... of the events the counters count now: priv_i, with PIPE >= 2 the cycle before's (unused
  // below 2: privok then uses priv_i)
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [THREADS-1:0]             priv_e_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire                           ref_tick_i,
  input  wire [THREADS*`PMU_NEXT*LW-1:0] ev_ext_i,
  input  wire [THREADS*NW-1:0]          slot_fill_i,
  input  wire [THREADS*NW-1:0]          slot_issue_i,
  input  wire [THREADS*NW-1:0]          slot_retire_i,
  input  wire [THREADS*P*32-1:0]        evtsel_i,
  input  wire [THREADS*P*32-1:0]        ext_i,
  input  wire [THREADS*P-1:0]           thr_i,      // threshold mode (pmu_regs thr_o)
  // evtsel[k]'s lanes as a lane table index (pmu_regs; rtl/pmu/pmu_lane_x.vh)
  input  wire [THREADS*P*`PMU_XW-1:0] pick_i,
  input  wire [THREADS*P-1:0]    sup_i,      // evtsel[k]'s pair is supported (pmu_regs, 2.2)
  input  wire [THREADS*P-1:0]    core_i,     // ... and core-scoped: acts as ANY (2.2)
  input  wire [THREADS*P-1:0]           pmc_en_i,   // gctrl.pmc_en
  input  wire [THREADS-1:0]             frz_i,      // gstatus.ctr_frz
  input  wire [THREADS*P-1:0]           sel_wr_i,   // evtsel[k] or ext[k] written this cycle
  input  wire [THREADS*P-1:0]           wrap_i,     // counter k wrapped this cycle
  output wire [THREADS*P*IW-1:0]        inc_o
);

  localparam NL    = `PMU_NL;
  localparam NEXT  = `PMU_NEXT;
  localparam NPICK = `PMU_NPICK;          // lanes an event/umask pair selects, at most
  localparam XW    = `PMU_XW;             // lane table index width (rtl/pmu/pmu_lane_x.vh)
  localparam NX    = 1 << XW;             // entries of a thread's lane table (padded)
  localparam NINT  = NL - NEXT;           // internal lanes 0..NINT-1
  localparam TW    = $clog2(THREADS);
  localparam VW    = LW + 3 + TW;         // event value V
  localparam [NL-1:0] LCOND = `PMU_LANE_COND;  // condition lanes (spec 2.2): ORed in V

  localparam UW    = (NW > 3) ? NW + 1 : 4; // working width of W - F

  localparam [31:0] W32 = W;
  localparam [UW-1:0] WU  = W32[UW-1:0];

  reg  [THREADS*P-1:0] cprev_q /*verilator public_flat_rd*/;   // edge history, bit t*P+k
  reg  [THREADS*P-1:0] carry_q /*verilator public_flat_rd*/;   // chain carry, bit t*P+k
  wire [THREADS*P-1:0] cprev_d;
  wire [THREADS*P-1:0] carry_d;

  // ---------------------------------------------------------------------------------------------
  // Lanes: lane l of thread t at lane[t*NL+l] (internal lanes zero-extended or truncated to LW
  // bits), cut to the lane's own width (spec 2.1) where each thread's lane table
  // (rtl/pmu/pmu_lane_x.vh) is built from them below.
  // ---------------------------------------------------------------------------------------------
  (* mem2reg *) reg [LW-1:0] lane [0:THREADS*NL-1];
  reg [UW-1:0]            fill;
  reg [UW-1:0]            unfill;
  // Zero-extended forms of the slot inputs, cut to LW bits below (bits 31:LW unused).
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]              x_fill;
  reg [31:0]              x_unfill;
  reg [31:0]              x_issue;
  reg [31:0]              x_retire;
  /* verilator lint_on UNUSEDSIGNAL */
  integer t;
  integer j;
  always @* begin
    fill     = {UW{1'b0}};
    unfill   = {UW{1'b0}};
    x_fill   = 32'd0;
    x_unfill = 32'd0;
    x_issue  = 32'd0;
    x_retire = 32'd0;
    for (t = 0; t < THREADS; t = t + 1) begin
      fill     = {{(UW - NW){1'b0}}, slot_fill_i[t*NW +: NW]};
      unfill   = (fill < WU) ? WU - fill : {UW{1'b0}};
      x_fill   = {{(32 - NW){1'b0}}, slot_fill_i[t*NW +: NW]};
      x_unfill = {{(32 - UW){1'b0}}, unfill};
      x_issue  = {{(32 - NW){1'b0}}, slot_issue_i[t*NW +: NW]};
      x_retire = {{(32 - NW){1'b0}}, slot_retire_i[t*NW +: NW]};
      lane[t*NL+`PMU_LANE_CYCLES]   = {{(LW - 1){1'b0}}, 1'b1};
      lane[t*NL+`PMU_LANE_REF_TICK] = {{(LW - 1){1'b0}}, ref_tick_i};
      lane[t*NL+`PMU_LANE_FILLED]   = x_fill[LW-1:0];
      lane[t*NL+`PMU_LANE_UNFILLED] = x_unfill[LW-1:0];
      lane[t*NL+`PMU_LANE_ISSUED]   = x_issue[LW-1:0];
      lane[t*NL+`PMU_LANE_RETIRED]  = x_retire[LW-1:0];
      for (j = 0; j < NEXT; j = j + 1) begin
        lane[t*NL+NINT+j] = ev_ext_i[(t*NEXT+j)*LW +: LW];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Per counter: V from the lane table, then pmu_evctl_ctr (C, gating, edge, chain, increment)
  // ---------------------------------------------------------------------------------------------
  wire [THREADS*P-1:0] cprev_upd;   // edge history moved by this cycle's counted cycles
  // Carry of counter k-1 at position k (at k = 0 never used: CHAIN is RAZ there).
  wire [THREADS*P-1:0] carry_prev = carry_q << 1;

  // V of this cycle (counter t*P+k at [(t*P+k)*VW +: VW]) and V as the counters' conditions and
  // increments use it: the same, or with PIPE >= 2 the V of the cycle before from the register
  // v_q (spec 4, "Event path pipeline"), which cuts the lane pick and sums from the compare.
  wire [THREADS*P*VW-1:0] v_now;
  wire [THREADS*P*VW-1:0] v_use;
  genvar gi;
  generate
    if (PIPE >= 2) begin : g_vq
      (* mem2reg *) reg [VW-1:0] v_q [0:THREADS*P-1] /*verilator public_flat_rd*/;
      for (gi = 0; gi < THREADS * P; gi = gi + 1) begin : g_v
        // reset clears it: nothing in flight
        always @(posedge clk_i) begin
          if (!rst_ni) begin
            v_q[gi] <= {VW{1'b0}};
          end else begin
            v_q[gi] <= v_now[gi*VW +: VW];
          end
        end
        assign v_use[gi*VW +: VW] = v_q[gi];
      end
    end else begin : g_v0
      assign v_use = v_now;
    end
  endgenerate

  // The lane tables (rtl/pmu/pmu_lane_x.vh), one per thread u, table u at lt[u*NX +: NX]:
  // entry l holds thread u's count lane l (at its own width), or its condition lane l as 1 when
  // the lane is non-zero (spec 2.2); the zero entry holds 0; entry NL+1+c V's part of lane set c
  // of PMU_LT_COMB (its count lanes summed plus 1 when one of its condition lanes is non-zero),
  // computed once per thread. Entry e at position PMU_LT_POS[e*8 +: 8] (PMU_LT_ENT the other way;
  // the narrowest entries first, the zero entry at PMU_LT_XZ: gen_map.py); 2^XW positions each,
  // so an index needs no bounds check. A lane no pair names alone (not in PMU_LT_LANES) is never
  // read: its entry holds 0.
  localparam [NL-1:0]       LALONE = `PMU_LT_LANES;
  localparam [NL*4-1:0]     LBITS  = `PMU_LANE_BITS;   // lane widths (bits), 4 bits per lane
  localparam integer        NCOMB  = `PMU_LT_NCOMB;
  localparam integer        NCB    = (NCOMB > 0) ? NCOMB : 1;
  localparam [32*NCB-1:0]   COMB   = `PMU_LT_COMB;
  localparam [8*NX-1:0]     LTENT  = `PMU_LT_ENT;      // the entry at each position (255: none)
  localparam integer        EW     = LW + $clog2(NPICK);  // an entry: at most NPICK lanes summed
  // One assign per position: the entries no pair reads, the zero entry and the padding are
  // constants (no logic: nothing drives them but their value); the others follow their lanes.
  wire [EW-1:0] lt [0:THREADS*NX-1];
  wire [EW-1:0] lcnt [0:THREADS*NL-1];  // lane l of thread u as a count at its own width
  wire [THREADS*NL-1:0] lnz;   // lane l of thread u is non-zero, bit u*NL+l (condition lanes)
  localparam integer        SW     = 32;   // a position's slot in g_tv[u].ltv (below): a word
  genvar gu;
  genvar gl;
  generate
    for (gu = 0; gu < THREADS; gu = gu + 1) begin : g_lt
      for (gl = 0; gl < NL; gl = gl + 1) begin : g_lane
        // Lane gl of thread gu at its own width LB = min(bits, LW) (spec 2.1): the bits of its
        // source from LB up are dropped, so a lookup, the sums and the compare see LB bits.
        localparam integer LB0 = {28'd0, LBITS[gl*4 +: 4]};
        localparam integer LB  = (LB0 < LW) ? LB0 : LW;
        localparam [LW-1:0] LM = ~({LW{1'b1}} << LB);
        wire [LW-1:0] lv = lane[gu*NL+gl] & LM;
        assign lnz[gu*NL+gl] = |lv;
        if (LCOND[gl]) begin : g_cond
          assign lcnt[gu*NL+gl] = {EW{1'b0}};
        end else begin : g_cnt
          assign lcnt[gu*NL+gl] = {{(EW - LW){1'b0}}, lv};
        end
      end
      for (gl = 0; gl < NX; gl = gl + 1) begin : g_pos
        localparam integer E = {24'd0, LTENT[gl*8 +: 8]};   // the entry at position gl
        if (E < NL) begin : g_l
          if (LALONE[E] && LCOND[E]) begin : g_ecnd
            assign lt[gu*NX+gl] = {{(EW - 1){1'b0}}, lnz[gu*NL+E]};
          end else if (LALONE[E]) begin : g_ecnt
            assign lt[gu*NX+gl] = lcnt[gu*NL+E];
          end else begin : g_never
            assign lt[gu*NX+gl] = {EW{1'b0}};
          end
        end else if (E == NL) begin : g_z
          assign lt[gu*NX+gl] = {EW{1'b0}};
        end else if (E < NL + 1 + NCOMB) begin : g_comb
          // V's part of lane set E-NL-1
          localparam [NL-1:0] CM = COMB[(E-NL-1)*32 +: NL];
          reg [EW-1:0] sum;
          integer      l;
          always @* begin
            sum = {{(EW - 1){1'b0}}, |(lnz[gu*NL +: NL] & CM & LCOND)};
            for (l = 0; l < NL; l = l + 1) begin
              if (CM[l] && !LCOND[l]) begin
                sum = sum + lcnt[gu*NL+l];
              end
            end
          end
          assign lt[gu*NX+gl] = sum;
        end else begin : g_dc
          // no entry: never picked (pmu_lane_x), don't-care
          assign lt[gu*NX+gl] = {EW{1'bx}};
        end
      end
    end
    // Table u as one vector, position p at g_tv[u].ltv[p*SW +: EW] (a 32-bit word each, the bits
    // above EW 0). A pick, a part-select of it, is one mux over the positions per bit in
    // synthesis (0 at the positions of the entries narrower than the bit, don't-care at the
    // padding: an upper bit reduces to a mux over a small group at the top), which a read of the
    // array lt by the index is not (an AND-OR over decoded indices: pmu_evctl 3,153 -> 2,884
    // iCE40 LUT4 at the defaults with PIPE=2, with gen_map.py's layout; the layout alone 3,189);
    // in simulation a word read. public_flat_rd is a simulator attribute: no effect on the
    // hardware.
    for (gu = 0; gu < THREADS; gu = gu + 1) begin : g_tv
      wire [NX*SW-1:0] ltv /*verilator public_flat_rd*/;
      for (gl = 0; gl < NX; gl = gl + 1) begin : g_w
        assign ltv[gl*SW +: SW] = {{(SW - EW){1'b0}}, lt[gu*NX+gl]};
      end
    end
  endgenerate

  genvar gt;
  genvar gk;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_thr
      for (gk = 0; gk < P; gk = gk + 1) begin : g_ctr
        localparam integer K = gt * P + gk;   // bank-order index of this counter

        // CHAIN and QUALIFY link counter k to counter k-1 (RAZ on counter 0)
        wire f_chain = (gk != 0) && ext_i[K*32+`PMU_EXT_CHAIN_LSB];
        wire f_qual  = (gk != 0) && ext_i[K*32+`PMU_EXT_QUALIFY_LSB];

        // Privilege filter (spec 4.1): thread u passes USR/OS in its own mode (pok). V reads
        // thread t's table alone (not gated: the filter gates counting only), with ANY the
        // tables of the threads that pass. The cycle is counted (privok) when thread t passes,
        // with ANY when some thread passes. A core-scoped event (core_i, 2.2) acts as ANY.
        wire               f_any = evtsel_i[K*32+`PMU_EVTSEL_ANY_LSB] || core_i[K];
        wire [THREADS-1:0] pok   = (priv_i & {THREADS{evtsel_i[K*32+`PMU_EVTSEL_OS_LSB]}})
                                   | (~priv_i & {THREADS{evtsel_i[K*32+`PMU_EVTSEL_USR_LSB]}});
        // privok of the events counted now: with PIPE >= 2 those of the cycle before (priv_e_i)
        wire [THREADS-1:0] pok_e;
        if (PIPE >= 2) begin : g_pok_e
          assign pok_e = (priv_e_i & {THREADS{evtsel_i[K*32+`PMU_EVTSEL_OS_LSB]}})
                         | (~priv_e_i & {THREADS{evtsel_i[K*32+`PMU_EVTSEL_USR_LSB]}});
        end else begin : g_pok
          assign pok_e = pok;
        end
        wire               privok = f_any ? (|pok_e) : pok_e[gt];

        // V (spec 2.2, 4.1): a thread's part is its table's entry that evtsel[k]'s index
        // names (pmu_lane_x: a lane, a lane set's part, or the zero entry); V is the sum of the
        // parts of the threads that take part: thread t alone, with ANY the threads that pass
        // (pok).
        wire [THREADS-1:0] part_on;
        for (gu = 0; gu < THREADS; gu = gu + 1) begin : g_on
          if (gu == gt) begin : g_own
            assign part_on[gu] = !f_any || pok[gu];
          end else begin : g_other
            assign part_on[gu] = f_any && pok[gu];
          end
        end
        wire [XW-1:0] pick = pick_i[K*XW +: XW];
        // V as a chain of sums over the tables: g_part[u].s is the sum up to table u, plus the
        // entry pick of table u when thread u takes part
        for (gu = 0; gu < THREADS; gu = gu + 1) begin : g_part
          wire [VW-1:0] e = {{(VW - EW){1'b0}}, g_tv[gu].ltv[pick*SW +: EW]};
          wire [VW-1:0] s;
          if (gu == 0) begin : g_0
            assign s = part_on[gu] ? e : {VW{1'b0}};
          end else begin : g_n
            assign s = part_on[gu] ? g_part[gu-1].s + e : g_part[gu-1].s;
          end
        end
        wire [VW-1:0] v = g_part[THREADS-1].s;

        assign v_now[K*VW +: VW] = v;

        // QUALIFY cascade along the thread's counters (spec 4.1): Qin of counter 0 is 1, of
        // counter k the Q of counter k-1; Q = Qin for a CHAIN counter, else C AND (QUALIFY ? Qin
        // : 1).
        wire cond;
        wire qin;
        /* verilator lint_off UNUSEDSIGNAL */  // (Q of the thread's last counter)
        wire q = f_chain ? qin : (cond && (f_qual ? qin : 1'b1));
        /* verilator lint_on UNUSEDSIGNAL */
        if (gk == 0) begin : g_first
          assign qin = 1'b1;
        end else begin : g_next
          assign qin = g_ctr[gk-1].q;
        end

        pmu_evctl_ctr #(
          .VW (VW),
          .IW (IW)
        ) u_ctr (
          .evtsel_i     (evtsel_i[K*32 +: 32]),
          .ext_i        (ext_i[K*32 +: 32]),
          .thr_i        (thr_i[K]),
          .chain_i      (f_chain),
          .qual_i       (f_qual),
          .v_i          (v_use[K*VW +: VW]),
          .privok_i     (privok),
          .sup_i        (sup_i[K]),
          .pmc_en_i     (pmc_en_i[K]),
          .frz_i        (frz_i[gt]),
          .qin_i        (qin),
          .cprev_i      (cprev_q[K]),
          .carry_prev_i (carry_prev[K]),
          .cond_o       (cond),
          .cprev_o      (cprev_upd[K]),
          .inc_o        (inc_o[K*IW +: IW])
        );
      end
    end
  endgenerate

  // ---------------------------------------------------------------------------------------------
  // Edge history and chain carry
  // ---------------------------------------------------------------------------------------------
  // A write of evtsel[k] or ext[k] clears counter k's edge history.
  assign cprev_d = cprev_upd & ~sel_wr_i;
  // The wrap of counter k, used by counter k+1 (CHAIN) in the next cycle.
  assign carry_d = wrap_i;

  // Reset clears both.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cprev_q <= {(THREADS * P){1'b0}};
      carry_q <= {(THREADS * P){1'b0}};
    end else begin
      cprev_q <= cprev_d;
      carry_q <= carry_d;
    end
  end

endmodule

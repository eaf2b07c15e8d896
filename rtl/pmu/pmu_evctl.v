// StallScope PMU: event control of the programmable counters (spec 2.1, 2.2, 4.1, 4.2).
//
// The event lanes of every thread (spec 2.1) and, per thread, the value of each lane set of the
// catalog (rtl/pmu/pmu_lane_x.vh: its count lanes summed, plus 1 when one of its condition lanes
// holds, spec 2.2); per thread t and counter k the event value V (spec 2.2, 4.1): the value of
// the set that pick_i selects (evtsel[k]'s event/umask, decoded by pmu_regs when it is written)
// in thread t, or with ANY the sum of that over every thread whose own privilege passes
// evtsel[k]'s USR/OS; and one pmu_evctl_ctr (condition C, gating, EDGE/BOTH, CHAIN, increment);
// the QUALIFY cascade Q along the counters of a thread; the flops: edge history cprev_q and chain
// carry carry_q (the wrap of counter k-1 one cycle later, not gated).
// Output: increment of counter k of thread t at [(t*P+k)*IW +: IW].

`include "pmu_map.vh"

module pmu_evctl #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter P       = `PMU_DEF_P,
  parameter W       = `PMU_DEF_W,
  parameter LW      = `PMU_DEF_LW,
  parameter NW      = `PMU_DEF_NW,
  parameter IW      = 13
) (
  input  wire                           clk_i,
  input  wire                           rst_ni,
  input  wire [THREADS-1:0]             priv_i,
  input  wire                           ref_tick_i,
  input  wire [THREADS*`PMU_NEXT*LW-1:0] ev_ext_i,
  input  wire [THREADS*NW-1:0]          slot_fill_i,
  input  wire [THREADS*NW-1:0]          slot_issue_i,
  input  wire [THREADS*NW-1:0]          slot_retire_i,
  input  wire [THREADS*P*32-1:0]        evtsel_i,
  input  wire [THREADS*P*32-1:0]        ext_i,
  // evtsel[k]'s lane set as NSET select bits, at most one set (pmu_regs; rtl/pmu/pmu_lane_x.vh)
  input  wire [THREADS*P*`PMU_NSET-1:0] pick_i,
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
  localparam NSET  = `PMU_NSET;           // lane sets of the catalog (rtl/pmu/pmu_lane_x.vh)
  localparam NINT  = NL - NEXT;           // internal lanes 0..NINT-1
  localparam TW    = $clog2(THREADS);
  localparam VW    = LW + 3 + TW;         // event value V
  // A lane set's value: at most NPICK <= 8 lanes of LW bits summed (gen_map.py checks VW).
  localparam FW    = LW + 3;
  localparam [NL-1:0] LCOND = `PMU_LANE_COND;  // condition lanes (spec 2.2): ORed in V

  localparam UW    = (NW > 3) ? NW + 1 : 4; // working width of W - F
  localparam UFW   = $clog2(W + 1);          // W - F when F < W is at most W: its true width

  localparam [31:0] W32 = W;
  localparam [UW-1:0] WU  = W32[UW-1:0];

  reg  [THREADS*P-1:0] cprev_q /*verilator public_flat_rd*/;   // edge history, bit t*P+k
  reg  [THREADS*P-1:0] carry_q /*verilator public_flat_rd*/;   // chain carry, bit t*P+k
  wire [THREADS*P-1:0] cprev_d;
  wire [THREADS*P-1:0] carry_d;

  // ---------------------------------------------------------------------------------------------
  // Lanes: lane l of thread t at lane[t*NL+l] (internal lanes zero-extended or truncated to LW
  // bits). The lane set values (sv below) are built from them.
  // ---------------------------------------------------------------------------------------------
  (* mem2reg *) reg [LW-1:0] lane [0:THREADS*NL-1];
  reg [UW-1:0]            fill;
  /* verilator lint_off UNUSEDSIGNAL */    // (bits UW-1:UFW are 0)
  reg [UW-1:0]            unfill;
  /* verilator lint_on UNUSEDSIGNAL */
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
      x_unfill = {{(32 - UFW){1'b0}}, unfill[UFW-1:0]};
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
  // Per counter: V from the lane set values, then pmu_evctl_ctr (C, gating, edge, chain, increment)
  // ---------------------------------------------------------------------------------------------
  wire [THREADS*P-1:0] cprev_upd;   // edge history moved by this cycle's counted cycles
  // Carry of counter k-1 at position k (at k = 0 never used: CHAIN is RAZ there).
  wire [THREADS*P-1:0] carry_prev = carry_q << 1;

  // Lane set values (rtl/pmu/pmu_lane_x.vh): set s of thread u at svf[(u*NSET+s)*FW +: FW], its
  // count lanes summed plus 1 when one of its condition lanes is non-zero (spec 2.2). Computed
  // once per thread; a counter's V is an AND-OR of them with its select bits. The lanes are
  // summed at their own widths (constant zero bits above: a 1-bit lane, an NW-bit slot count).
  // A set holds at most NPICK lanes: g_svt[u].g_set[s] chains them (g_l[j]: lane j of the set,
  // set_lane), so only the set's own lanes are read.
  localparam [NSET*NL-1:0] SLANES = `PMU_SET_LANES;
  localparam               NPICK  = `PMU_NPICK;
  // A counter looks its set up in groups of SG sets, a group only when one of its select bits is
  // set (the same AND-OR; a simulator skips the other groups).
  localparam               SG     = 6;
  localparam [NSET+SG-1:0] SGMX   = {{NSET{1'b0}}, {SG{1'b1}}};
  localparam [NSET-1:0]    SGM    = SGMX[NSET-1:0];   // the select bits of group 0
  // Lane j of set s in ascending order, NL when the set has at most j lanes (elaboration only).
  function integer set_lane(input integer fs, input integer fj);
    integer l;
    integer n;
    begin
      set_lane = NL;
      n = 0;
      for (l = 0; l < NL; l = l + 1) begin
        if (SLANES[fs*NL+l]) begin
          if (n == fj) begin
            set_lane = l;
          end
          n = n + 1;
        end
      end
    end
  endfunction

  wire [THREADS*NSET*FW-1:0] svf;
  genvar gu;
  genvar gs;
  genvar gj;
  generate
    for (gu = 0; gu < THREADS; gu = gu + 1) begin : g_svt
      for (gs = 0; gs < NSET; gs = gs + 1) begin : g_set
        for (gj = 0; gj < NPICK; gj = gj + 1) begin : g_l
          localparam integer L = set_lane(gs, gj);
          wire [FW-1:0] cp;   // count lanes 0..j-1 of the set summed
          wire          dp;   // one of its condition lanes 0..j-1 holds
          wire [FW-1:0] c;    // ... through lane j
          wire          d;
          if (gj == 0) begin : g_first
            assign cp = {FW{1'b0}};
            assign dp = 1'b0;
          end else begin : g_next
            assign cp = g_l[gj-1].c;
            assign dp = g_l[gj-1].d;
          end
          if (L == NL) begin : g_none
            assign c = cp;
            assign d = dp;
          end else if (LCOND[L]) begin : g_cond
            assign c = cp;
            assign d = dp | (|lane[gu*NL+L]);
          end else begin : g_cnt
            assign c = cp + {{(FW - LW){1'b0}}, lane[gu*NL+L]};
            assign d = dp;
          end
        end
        assign svf[(gu*NSET+gs)*FW +: FW] = g_l[NPICK-1].c + {{(FW - 1){1'b0}}, g_l[NPICK-1].d};
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
        wire               privok = f_any ? (|pok) : pok[gt];

        // V (spec 2.2, 4.1): the value of the selected lane set (an AND-OR over the sets: at
        // most one select bit is set, none for a pair without lanes) in thread t; with ANY the
        // sum of it over the threads that pass.
        wire [NSET-1:0]    sel   = pick_i[K*NSET +: NSET];
        wire [THREADS-1:0] vthr  = f_any ? pok : ({{(THREADS - 1){1'b0}}, 1'b1} << gt);
        reg  [VW-1:0]      v;
        reg  [FW-1:0]      m;
        integer            pu;
        integer            pg;
        integer            ps;
        always @* begin
          v  = {VW{1'b0}};
          m  = {FW{1'b0}};
          pg = 0;  // loop variables: assigned on every path (no latch)
          ps = 0;
          for (pu = 0; pu < THREADS; pu = pu + 1) begin
            m = {FW{1'b0}};
            if (vthr[pu]) begin
              for (pg = 0; pg < NSET; pg = pg + SG) begin
                if ((sel & (SGM << pg)) != {NSET{1'b0}}) begin
                  for (ps = pg; ps < pg + SG && ps < NSET; ps = ps + 1) begin
                    if (sel[ps]) begin
                      m = m | svf[(pu*NSET+ps)*FW +: FW];
                    end
                  end
                end
              end
            end
            v = v + {{(VW - FW){1'b0}}, m};
          end
        end

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
          .chain_i      (f_chain),
          .qual_i       (f_qual),
          .v_i          (v),
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

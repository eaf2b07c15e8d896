// StallScope PMU: event control of the programmable counters (spec 2.1, 2.2, 4.1, 4.2).
//
// Per thread t and counter k: the event value V (the sum of the entries of thread t's lane
// table that pick_i names: the catalog decode of evtsel[k]'s event/umask and ANY that pmu_regs
// keeps), the condition C (threshold/compare/INV), the QUALIFY AND-cascade Q along the counters
// of a thread, the gating (EN, gctrl, privilege, freeze), EDGE/BOTH on the edge history cprev_q,
// and CHAIN on the carry of counter k-1 (carry_q, one cycle after its wrap, not gated).
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
  // evtsel.int (bit 20) is used by the interrupt logic in pmu_regs, bit 19 is reserved and
  // ext[31:6] are reserved: not needed here.
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [THREADS*P*32-1:0]        evtsel_i,
  input  wire [THREADS*P*32-1:0]        ext_i,
  /* verilator lint_on UNUSEDSIGNAL */
  // evtsel[k]'s lanes as NPICK lane table indices (pmu_regs; rtl/pmu/pmu_lane_x.vh)
  input  wire [THREADS*P*`PMU_NPICK*`PMU_XW-1:0] pick_i,
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
  localparam NX    = 1 << XW;             // entries of a thread's lane table
  localparam XZ    = `PMU_LT_XZ;          // its zero entry (2*NL)
  localparam NINT  = NL - NEXT;           // internal lanes 0..NINT-1
  localparam TW    = $clog2(THREADS);
  localparam VW    = LW + 3 + TW;         // event value V
  localparam SW    = LW + TW;             // a lane table entry (one lane summed over all threads)

  localparam UW    = (NW > 3) ? NW + 1 : 4; // working width of W - F

  localparam [31:0] W32 = W;
  localparam [UW-1:0] WU  = W32[UW-1:0];

  // A lane zero-extended to a table entry.
  function automatic [SW-1:0] zx(input [LW-1:0] x);
    begin
      zx = {SW{1'b0}};
      zx[LW-1:0] = x;
    end
  endfunction

  localparam CMP_GE = 2'd0;
  localparam CMP_LT = 2'd1;
  localparam CMP_EQ = 2'd2;

  reg [THREADS*P-1:0] cprev_q /*verilator public_flat_rd*/;
  reg [THREADS*P-1:0] carry_q /*verilator public_flat_rd*/;
  reg [THREADS*P-1:0] carry_d;

  // ---------------------------------------------------------------------------------------------
  // Lanes: lane l of thread t at lane[t*NL+l] (internal lanes zero-extended or truncated to LW
  // bits), lane l summed over all threads at lane[THREADS*NL+l] (for ANY), as table entries.
  // Each thread's lane table (rtl/pmu/pmu_lane_x.vh) is built from them in g_thr below.
  // ---------------------------------------------------------------------------------------------
  (* mem2reg *) reg [SW-1:0] lane [0:(THREADS+1)*NL-1];
  reg [UW-1:0]            fill;
  reg [UW-1:0]            unfill;
  // Zero-extended forms of the slot inputs, cut to LW bits below (bits 31:LW unused).
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]              x_fill;
  reg [31:0]              x_unfill;
  reg [31:0]              x_issue;
  reg [31:0]              x_retire;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [SW-1:0]            lacc;
  integer t;
  integer j;
  integer l;
  integer u;
  always @* begin
    fill     = {UW{1'b0}};
    unfill   = {UW{1'b0}};
    x_fill   = 32'd0;
    x_unfill = 32'd0;
    x_issue  = 32'd0;
    x_retire = 32'd0;
    lacc     = {SW{1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      fill     = {{(UW - NW){1'b0}}, slot_fill_i[t*NW +: NW]};
      unfill   = (fill < WU) ? WU - fill : {UW{1'b0}};
      x_fill   = {{(32 - NW){1'b0}}, slot_fill_i[t*NW +: NW]};
      x_unfill = {{(32 - UW){1'b0}}, unfill};
      x_issue  = {{(32 - NW){1'b0}}, slot_issue_i[t*NW +: NW]};
      x_retire = {{(32 - NW){1'b0}}, slot_retire_i[t*NW +: NW]};
      lane[t*NL+`PMU_LANE_CYCLES]   = zx({{(LW - 1){1'b0}}, 1'b1});
      lane[t*NL+`PMU_LANE_REF_TICK] = zx({{(LW - 1){1'b0}}, ref_tick_i});
      lane[t*NL+`PMU_LANE_FILLED]   = zx(x_fill[LW-1:0]);
      lane[t*NL+`PMU_LANE_UNFILLED] = zx(x_unfill[LW-1:0]);
      lane[t*NL+`PMU_LANE_ISSUED]   = zx(x_issue[LW-1:0]);
      lane[t*NL+`PMU_LANE_RETIRED]  = zx(x_retire[LW-1:0]);
      for (j = 0; j < NEXT; j = j + 1) begin
        lane[t*NL+NINT+j] = zx(ev_ext_i[(t*NEXT+j)*LW +: LW]);
      end
    end
    for (l = 0; l < NL; l = l + 1) begin
      lacc = {SW{1'b0}};
      for (u = 0; u < THREADS; u = u + 1) begin
        lacc = lacc + lane[u*NL+l];
      end
      lane[THREADS*NL+l] = lacc;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Per counter: V, C, Q cascade, gating, edge, chain.
  // ---------------------------------------------------------------------------------------------
  // Carry of counter k-1 at position k (never used at k = 0: CHAIN is RAZ/WI there).
  wire [THREADS*P-1:0] carry_prev = carry_q << 1;

  // Q of each counter (the QUALIFY cascade along the counters of a thread): Q(k) = Qin(k) for a
  // CHAIN counter, else C(k) AND (QUALIFY ? Qin(k) : 1), with Qin(k) = Q(k-1) and Qin(0) = 1.
  // Bit k depends on bit k-1 (split_var: a simulator keeps one variable per bit).
  wire [THREADS*P-1:0] q_v /*verilator split_var*/;
  // Next edge history of each counter: moves in counted cycles only; a write of evtsel[k]/ext[k]
  // clears it at the flop below. Only the flop sees the APB-driven write strobe, so none of the
  // per-counter logic depends on the APB inputs (a simulator then evaluates it once per clock,
  // not on every input change).
  wire [THREADS*P-1:0] cprev_d;

  // One block per counter, all indices constant.
  genvar gt;
  genvar gk;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_thr
      // This thread's lane table (rtl/pmu/pmu_lane_x.vh): its lanes, the sums over all threads, 0
      // at XZ. A table per thread, so a counter's picks mux this thread's entries, not
      // those of every thread; 2^XW entries, so an index needs no bounds check.
      (* mem2reg *) reg [SW-1:0] lt [0:NX-1];
      integer      li;
      always @* begin
        for (li = 0; li < NL; li = li + 1) begin
          lt[li]    = lane[gt*NL+li];
          lt[NL+li] = lane[THREADS*NL+li];
        end
        lt[XZ] = {SW{1'b0}};
        // Entries above XZ are never picked (pmu_lane_x): don't-care.
        for (li = XZ + 1; li < NX; li = li + 1) begin
          lt[li] = {SW{1'bx}};
        end
      end

      for (gk = 0; gk < P; gk = gk + 1) begin : g_ctr
        // Bank-order index of this counter (lower case keeps the rule text of scripts/run/mutate.sh).
        localparam integer idx = gt * P + gk;

        // evtsel.int (bit 20) is used by the interrupt logic in pmu_regs, bit 19 is reserved and
        // ext[31:6] are reserved.
        /* verilator lint_off UNUSEDSIGNAL */
        wire [31:0] es = evtsel_i[idx*32 +: 32];
        wire [31:0] ex = ext_i[idx*32 +: 32];
        /* verilator lint_on UNUSEDSIGNAL */
        wire [7:0]  f_cmask = es[`PMU_EVTSEL_CMASK_LSB +: 8];
        wire [1:0]  f_cmp   = ex[`PMU_EXT_CMP_LSB +: 2];
        wire        f_edge  = es[`PMU_EVTSEL_EDGE_LSB];
        wire        f_cntv  = ex[`PMU_EXT_CNTV_LSB];
        wire        f_both  = ex[`PMU_EXT_BOTH_LSB];
        wire        f_chain = (gk != 0) && ex[`PMU_EXT_CHAIN_LSB];
        wire        f_qual  = (gk != 0) && ex[`PMU_EXT_QUALIFY_LSB];
        // the picked lanes as lane table indices (an invalid pick reads a zero entry)
        wire [NPICK*XW-1:0] pick = pick_i[idx*NPICK*XW +: NPICK*XW];

        // V: sum of the picked entries of this thread's lane table (its lanes, or with ANY the
        // sums over all threads)
        reg [VW-1:0]  v;
        integer       pj;
        always @* begin
          v = {VW{1'b0}};
          for (pj = 0; pj < NPICK; pj = pj + 1) begin
            v = v + {3'b000, lt[pick[pj*XW +: XW]]};
          end
        end

        // condition C (threshold mode unless CMASK = 0 with compare mode GE)
        wire [VW+7:0] vx  = {8'd0, v};
        wire [VW+7:0] cx  = {{VW{1'b0}}, f_cmask};
        wire          thr = (f_cmask != 8'd0) || (f_cmp != CMP_GE);
        reg           cmpr;
        always @* begin
          case (f_cmp)
            CMP_GE:  cmpr = (vx >= cx);
            CMP_LT:  cmpr = (vx < cx);
            CMP_EQ:  cmpr = (vx == cx);
            default: cmpr = (vx != cx);
          endcase
        end
        wire cond = thr ? (cmpr ^ es[`PMU_EVTSEL_INV_LSB]) : (v != {VW{1'b0}});

        // QUALIFY cascade
        wire qin;
        if (gk == 0) begin : g_q0
          assign qin = 1'b1;
        end else begin : g_qk
          assign qin = q_v[idx-1];
        end
        assign q_v[idx] = f_chain ? qin : (cond && (f_qual ? qin : 1'b1));

        // gating
        wire privok  = priv_i[gt] ? es[`PMU_EVTSEL_OS_LSB] : es[`PMU_EVTSEL_USR_LSB];
        wire counted = es[`PMU_EVTSEL_EN_LSB] && pmc_en_i[idx] && privok && !frz_i[gt]
                       && (f_qual ? qin : 1'b1);
        wire edgehit = f_edge && counted
                       && (f_both ? (cond != cprev_q[idx]) : (cond && !cprev_q[idx]));
        assign cprev_d[idx] = counted ? cond : cprev_q[idx];

        // increment
        reg [IW-1:0] inc;
        always @* begin
          if (f_chain) begin
            inc = {{(IW - 1){1'b0}}, carry_prev[idx]};
          end else if (!counted) begin
            inc = {IW{1'b0}};
          end else if (f_edge) begin
            inc = {{(IW - 1){1'b0}}, edgehit};
          end else if (!thr || (cond && f_cntv)) begin
            inc = {{(IW - VW){1'b0}}, v};
          end else begin
            inc = {{(IW - 1){1'b0}}, cond};
          end
        end
        assign inc_o[idx*IW +: IW] = inc;
      end
    end
  endgenerate

  // Chain carry: the wrap of counter k, used by counter k+1 in the next cycle.
  always @* begin
    carry_d = wrap_i;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cprev_q <= {(THREADS * P){1'b0}};
      carry_q <= {(THREADS * P){1'b0}};
    end else begin
      cprev_q <= cprev_d & ~sel_wr_i;
      carry_q <= carry_d;
    end
  end

endmodule

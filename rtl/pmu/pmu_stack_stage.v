// StallScope PMU: CPI-stack accounting of one thread and one stage (spec 4.6, Table 2 of
// Eyerman et al., in slot units).
//
// The W slots of a cycle go to the 8 components, in this order: base (this cycle's
// instructions plus the carry of earlier excess, at most W), bpred (wrong-path instructions
// when they are visible as such), smt (instructions of the sibling threads), and the rest to
// the one stall cause the flags name. Combinational: the carry register is in pmu_stack, which
// instances this module once per thread and stage, and gives it the counts already summed.

`include "pmu_map.vh"

module pmu_stack_stage #(
  parameter STAGE = `PMU_STG_DISPATCH,   // 0 dispatch, 1 issue, 2 commit
  parameter W     = `PMU_DEF_W,
  parameter CRW   = `PMU_DEF_CRW,
  parameter NW    = `PMU_DEF_NW,
  parameter AW    = NW + 1,              // width of all_i
  parameter XW    = 8,                   // working width (holds all_i + carry and W)
  parameter IW    = 13
) (
  input  wire                   wpvis_i,    // ctrl.wpvis of the thread
  input  wire [NW-1:0]          n_i,        // correct-path instructions processed
  input  wire [NW:0]            npw_i,      // ... plus the wrong-path ones (wp, 0 at commit)
  input  wire [AW-1:0]          all_i,      // ... plus those of the sibling threads (sib)
  input  wire [`PMU_NFLAG-1:0]  flags_i,    // the thread's Table-2 flags
  input  wire [CRW-1:0]         carry_i,    // carry_q of this thread and stage
  output wire [CRW-1:0]         carry_d_o,
  output wire [8*IW-1:0]        inc_o       // component c at [c*IW +: IW]
);

  localparam NFLAG = `PMU_NFLAG;

  localparam C_BASE   = `PMU_CMP_BASE;
  localparam C_ICACHE = `PMU_CMP_ICACHE;
  localparam C_BPRED  = `PMU_CMP_BPRED;
  localparam C_DCACHE = `PMU_CMP_DCACHE;
  localparam C_ALU    = `PMU_CMP_ALU;
  localparam C_DEPEND = `PMU_CMP_DEPEND;
  localparam C_SMT    = `PMU_CMP_SMT;
  localparam C_OTHER  = `PMU_CMP_OTHER;

  localparam          COMMIT = (STAGE == `PMU_STG_COMMIT);
  localparam [31:0]   W32    = W;
  localparam [31:0]   CRM32  = (1 << CRW) - 1;
  localparam [XW-1:0] WX     = W32[XW-1:0];
  localparam [XW-1:0] CRMAX  = CRM32[XW-1:0];

  wire [NFLAG-1:0] f = flags_i;

  // Wrong path visible as such: dispatch and issue with ctrl.wpvis; otherwise it counts as base.
  wire wpv = !COMMIT && wpvis_i;

  // base: instructions of this cycle plus the carry, at most W slots; the excess is carried,
  // saturating at 2^CRW - 1
  wire [XW-1:0] cx   = {{(XW - CRW){1'b0}}, carry_i};
  wire [XW-1:0] nx   = {{(XW - NW){1'b0}}, n_i};
  wire [XW-1:0] npwx = {{(XW - NW - 1){1'b0}}, npw_i};
  wire [XW-1:0] allx = {{(XW - AW){1'b0}}, all_i};
  wire [XW-1:0] m    = (wpv || COMMIT) ? nx : npwx;
  wire [XW-1:0] tot  = m + cx;
  wire          full = (tot > WX);               // more than W: base takes all W slots
  wire [XW-1:0] rem  = full ? tot - WX : {XW{1'b0}};
  assign carry_d_o = (rem > CRMAX) ? CRMAX[CRW-1:0] : rem[CRW-1:0];

  // The split in slots (spec 4.6: base takes min(n', W), bpred the visible wrong path in what
  // is left, smt the sibling threads' instructions in what is left then, the cause the rest),
  // as the running totals of the slots taken, each at most W: sa by base, sb by base and bpred,
  // sc by base, bpred and smt. With n' = m + carry: sa = min(n', W); sb = min(n' + wp, W) when
  // the wrong path is visible (n' = n + carry), else sa (n' = n + wp + carry), so sb =
  // min(npw + carry, W) either way; sc = min(sb + sib, W) = min(all + carry, W). The three sums of the carry are
  // side by side, each followed by its compare, and the shares are differences of 3-bit values
  // (SW bits: every slot count is at most W <= 7).
  localparam SW = 3;
  localparam [SW-1:0] WS = W32[SW-1:0];
  wire [XW-1:0] totb = npwx + cx;
  wire [XW-1:0] totc = allx + cx;
  wire [SW-1:0] sa   = full ? WS : tot[SW-1:0];
  wire [SW-1:0] sb   = (totb > WX) ? WS : totb[SW-1:0];
  wire [SW-1:0] sc   = (totc > WX) ? WS : totc[SW-1:0];
  wire [SW-1:0] used = sa;
  wire [SW-1:0] wps  = sb - sa;   // bpred
  wire [SW-1:0] smts = sc - sb;   // smt
  wire [SW-1:0] u2   = WS - sc;   // the stall cause

  // Stall cause of this stage.
  reg [2:0] cause;
  always @* begin
    if (STAGE == `PMU_STG_DISPATCH) begin
      if (f[`PMU_FLG_FE_EMPTY]) begin
        cause = f[`PMU_FLG_ICACHE_MISS] ? C_ICACHE : f[`PMU_FLG_BPRED_MISS] ? C_BPRED : C_OTHER;
      end else if (f[`PMU_FLG_ROB_FULL] || f[`PMU_FLG_RS_FULL]) begin
        cause = f[`PMU_FLG_HEAD_DMISS] ? C_DCACHE : f[`PMU_FLG_HEAD_LONGLAT] ? C_ALU : C_DEPEND;
      end else begin
        cause = C_OTHER;
      end
    end else if (STAGE == `PMU_STG_ISSUE) begin
      if (f[`PMU_FLG_RS_EMPTY]) begin
        cause = f[`PMU_FLG_ICACHE_MISS] ? C_ICACHE : f[`PMU_FLG_BPRED_MISS] ? C_BPRED : C_OTHER;
      end else if (f[`PMU_FLG_PROD_VALID]) begin
        cause = f[`PMU_FLG_PROD_DMISS] ? C_DCACHE : f[`PMU_FLG_PROD_LONGLAT] ? C_ALU : C_DEPEND;
      end else begin
        cause = C_OTHER;
      end
    end else begin
      if (f[`PMU_FLG_ROB_EMPTY]) begin
        cause = f[`PMU_FLG_ICACHE_MISS] ? C_ICACHE : f[`PMU_FLG_BPRED_MISS] ? C_BPRED : C_OTHER;
      end else if (!f[`PMU_FLG_HEAD_DONE]) begin
        cause = f[`PMU_FLG_HEAD_DMISS] ? C_DCACHE : f[`PMU_FLG_HEAD_LONGLAT] ? C_ALU : C_DEPEND;
      end else begin
        cause = C_OTHER;
      end
    end
  end

  // Component increments (each at most W, so 3 bits): base, bpred and smt, plus the cause's
  // slots on the component it names; one field per component, the increment vector in one
  // assignment.
  wire [8*3-1:0] cinc;
  genvar gc;
  generate
    for (gc = 0; gc < 8; gc = gc + 1) begin : g_cmp
      localparam [2:0] CC = gc;
      wire [2:0] own = (CC == C_BASE[2:0]) ? used : (CC == C_BPRED[2:0]) ? wps
                       : (CC == C_SMT[2:0]) ? smts : 3'd0;
      assign cinc[gc*3 +: 3] = own + ((cause == CC) ? u2 : 3'd0);
    end
  endgenerate
  assign inc_o = {{(IW - 3){1'b0}}, cinc[21 +: 3], {(IW - 3){1'b0}}, cinc[18 +: 3],
                  {(IW - 3){1'b0}}, cinc[15 +: 3], {(IW - 3){1'b0}}, cinc[12 +: 3],
                  {(IW - 3){1'b0}}, cinc[9 +: 3],  {(IW - 3){1'b0}}, cinc[6 +: 3],
                  {(IW - 3){1'b0}}, cinc[3 +: 3],  {(IW - 3){1'b0}}, cinc[0 +: 3]};

endmodule

// StallScope PMU: CPI-stack accounting (spec 4.6, Table 2 of Eyerman et al., in slot units).
//
// Per thread t and stage s (0 dispatch, 1 issue, 2 commit) the W slots of a cycle are split over
// the 8 components: base (used, with the saturating carry of excess instructions), bpred (wrong
// path when visible), smt (slots taken by sibling threads) and one cause from the flags.
// Output: increment of stack counter s*8+c of thread t at [(t*24+s*8+c)*IW +: IW].

`include "pmu_map.vh"

module pmu_stack #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter W       = `PMU_DEF_W,
  parameter NW      = `PMU_DEF_NW,
  parameter CRW     = `PMU_DEF_CRW,
  parameter IW      = 13
) (
  input  wire                           clk_i,
  input  wire                           rst_ni,
  input  wire [THREADS-1:0]             wpvis_i,    // ctrl.wpvis
  input  wire [THREADS*3*NW-1:0]        stk_n_i,
  input  wire [THREADS*2*NW-1:0]        stk_wp_i,
  input  wire [THREADS*`PMU_NFLAG-1:0]  stk_flags_i,
  output reg  [THREADS*`PMU_NSTK*IW-1:0] inc_o
);

  localparam NFLAG = `PMU_NFLAG;
  localparam NSTK  = `PMU_NSTK;

  localparam C_BASE   = `PMU_CMP_BASE;
  localparam C_ICACHE = `PMU_CMP_ICACHE;
  localparam C_BPRED  = `PMU_CMP_BPRED;
  localparam C_DCACHE = `PMU_CMP_DCACHE;
  localparam C_ALU    = `PMU_CMP_ALU;
  localparam C_DEPEND = `PMU_CMP_DEPEND;
  localparam C_SMT    = `PMU_CMP_SMT;
  localparam C_OTHER  = `PMU_CMP_OTHER;

  // Working width: holds n+wp+carry, the sibling sum and W (<= 7).
  localparam XA  = (NW + 2 > CRW + 1) ? NW + 2 : CRW + 1;
  localparam XB  = NW + 2 + $clog2(THREADS);
  localparam XC  = (XA > XB) ? XA : XB;
  localparam XW  = (XC > 4) ? XC : 4;

  localparam [31:0]   W32   = W;
  localparam [31:0]   CRM32 = (1 << CRW) - 1;
  localparam [XW-1:0] WX    = W32[XW-1:0];
  localparam [XW-1:0] CRMAX = CRM32[XW-1:0];

  reg [THREADS*3*CRW-1:0] carry_q /*verilator public_flat_rd*/;
  reg [THREADS*3*CRW-1:0] carry_d;

  // Per-stage instruction counts zero-extended to XW: n[t][s], wp[t][s] (0 for commit).
  reg [THREADS*3*XW-1:0] nx;
  reg [THREADS*3*XW-1:0] wpx;
  integer t;
  integer s;
  always @* begin
    nx  = {(THREADS * 3 * XW){1'b0}};
    wpx = {(THREADS * 3 * XW){1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      for (s = 0; s < 3; s = s + 1) begin
        nx[(t*3+s)*XW +: NW] = stk_n_i[(t*3+s)*NW +: NW];
        if (s < 2) begin
          wpx[(t*3+s)*XW +: NW] = stk_wp_i[(t*2+s)*NW +: NW];
        end
      end
    end
  end

  // Slot split per thread and stage.
  reg [XW-1:0]    m;
  reg [XW-1:0]    tot;
  reg [XW-1:0]    used;
  reg [XW-1:0]    rem;
  reg [XW-1:0]    u;
  reg [XW-1:0]    wps;
  reg [XW-1:0]    sib;
  reg [XW-1:0]    smts;
  reg [2:0]       cause;
  reg             wpv;
  reg [NFLAG-1:0] f;
  reg [8*3-1:0]   cinc;
  integer v;
  integer c;
  always @* begin
    carry_d = carry_q;
    inc_o   = {(THREADS * NSTK * IW){1'b0}};
    m       = {XW{1'b0}};
    tot     = {XW{1'b0}};
    used    = {XW{1'b0}};
    rem     = {XW{1'b0}};
    u       = {XW{1'b0}};
    wps     = {XW{1'b0}};
    sib     = {XW{1'b0}};
    smts    = {XW{1'b0}};
    cause   = 3'd0;
    wpv     = 1'b0;
    f       = {NFLAG{1'b0}};
    cinc    = {(8 * 3){1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      f = stk_flags_i[t*NFLAG +: NFLAG];
      for (s = 0; s < 3; s = s + 1) begin
        // wrong path visible as such (dispatch and issue with ctrl.wpvis)
        wpv  = (s != `PMU_STG_COMMIT) && wpvis_i[t];
        // base: instructions of this cycle plus the carry, at most W slots
        m    = (wpv || (s == `PMU_STG_COMMIT)) ? nx[(t*3+s)*XW +: XW]
                                               : nx[(t*3+s)*XW +: XW] + wpx[(t*3+s)*XW +: XW];
        tot  = m + {{(XW - CRW){1'b0}}, carry_q[(t*3+s)*CRW +: CRW]};
        used = (tot > WX) ? WX : tot;
        rem  = tot - used;
        carry_d[(t*3+s)*CRW +: CRW] = (rem > CRMAX) ? CRMAX[CRW-1:0] : rem[CRW-1:0];
        u    = WX - used;
        // bpred: visible wrong-path instructions
        wps  = wpv ? ((wpx[(t*3+s)*XW +: XW] < u) ? wpx[(t*3+s)*XW +: XW] : u) : {XW{1'b0}};
        u    = u - wps;
        // smt: instructions of the sibling threads (wrong path included at dispatch/issue)
        sib  = {XW{1'b0}};
        for (v = 0; v < THREADS; v = v + 1) begin
          if (v != t) begin
            sib = sib + nx[(v*3+s)*XW +: XW] + wpx[(v*3+s)*XW +: XW];
          end
        end
        smts = (sib < u) ? sib : u;
        u    = u - smts;
        // cause of the remaining slots
        if (s == `PMU_STG_DISPATCH) begin
          if (f[`PMU_FLG_FE_EMPTY]) begin
            cause = f[`PMU_FLG_ICACHE_MISS] ? C_ICACHE : f[`PMU_FLG_BPRED_MISS] ? C_BPRED
                                                                                 : C_OTHER;
          end else if (f[`PMU_FLG_ROB_FULL] || f[`PMU_FLG_RS_FULL]) begin
            cause = f[`PMU_FLG_HEAD_DMISS] ? C_DCACHE : f[`PMU_FLG_HEAD_LONGLAT] ? C_ALU
                                                                                  : C_DEPEND;
          end else begin
            cause = C_OTHER;
          end
        end else if (s == `PMU_STG_ISSUE) begin
          if (f[`PMU_FLG_RS_EMPTY]) begin
            cause = f[`PMU_FLG_ICACHE_MISS] ? C_ICACHE : f[`PMU_FLG_BPRED_MISS] ? C_BPRED
                                                                                 : C_OTHER;
          end else if (f[`PMU_FLG_PROD_VALID]) begin
            cause = f[`PMU_FLG_PROD_DMISS] ? C_DCACHE : f[`PMU_FLG_PROD_LONGLAT] ? C_ALU
                                                                                  : C_DEPEND;
          end else begin
            cause = C_OTHER;
          end
        end else begin
          if (f[`PMU_FLG_ROB_EMPTY]) begin
            cause = f[`PMU_FLG_ICACHE_MISS] ? C_ICACHE : f[`PMU_FLG_BPRED_MISS] ? C_BPRED
                                                                                 : C_OTHER;
          end else if (!f[`PMU_FLG_HEAD_DONE]) begin
            cause = f[`PMU_FLG_HEAD_DMISS] ? C_DCACHE : f[`PMU_FLG_HEAD_LONGLAT] ? C_ALU
                                                                                  : C_DEPEND;
          end else begin
            cause = C_OTHER;
          end
        end
        // component increments (each at most W)
        cinc = {(8 * 3){1'b0}};
        cinc[C_BASE*3 +: 3]  = used[2:0];
        cinc[C_BPRED*3 +: 3] = wps[2:0];
        cinc[C_SMT*3 +: 3]   = smts[2:0];
        for (c = 0; c < 8; c = c + 1) begin
          if (cause == c[2:0]) begin
            cinc[c*3 +: 3] = cinc[c*3 +: 3] + u[2:0];
          end
          inc_o[(t*NSTK+s*8+c)*IW +: IW] = {{(IW - 3){1'b0}}, cinc[c*3 +: 3]};
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      carry_q <= {(THREADS * 3 * CRW){1'b0}};
    end else begin
      carry_q <= carry_d;
    end
  end

endmodule

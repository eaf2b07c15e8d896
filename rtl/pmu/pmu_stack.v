// StallScope PMU: CPI-stack accounting (spec 4.6, Table 2 of Eyerman et al., in slot units).
//
// Per thread t and stage s (0 dispatch, 1 issue, 2 commit) one pmu_stack_stage splits the W
// slots of a cycle over the 8 components: base (used, with the saturating carry of excess
// instructions), bpred (wrong path when visible), smt (slots taken by sibling threads) and one
// cause from the flags. This module holds the carry registers and the counts each stage needs
// (its own, and the sum over the sibling threads).
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
  output wire [THREADS*`PMU_NSTK*IW-1:0] inc_o
);

  localparam NFLAG = `PMU_NFLAG;
  localparam NSTK  = `PMU_NSTK;

  // Working width: holds n+wp+carry, the sibling sum and W (<= 7).
  localparam XA  = (NW + 2 > CRW + 1) ? NW + 2 : CRW + 1;
  localparam XB  = NW + 2 + $clog2(THREADS);
  localparam XC  = (XA > XB) ? XA : XB;
  localparam XW  = (XC > 4) ? XC : 4;

  // Base carry of thread t, stage s at [(t*3+s)*CRW +: CRW]; reset clears it.
  reg  [THREADS*3*CRW-1:0] carry_q /*verilator public_flat_rd*/;
  wire [THREADS*3*CRW-1:0] carry_d;

  // Per-stage instruction counts zero-extended to XW: n[t][s], wp[t][s] (0 at commit), and the
  // instructions of the sibling threads, sib[t][s] = sum over v != t of n[v][s] + wp[v][s].
  reg [THREADS*3*XW-1:0] nx;
  reg [THREADS*3*XW-1:0] wpx;
  reg [THREADS*3*XW-1:0] sib;
  integer t;
  integer s;
  integer v;
  always @* begin
    nx  = {(THREADS * 3 * XW){1'b0}};
    wpx = {(THREADS * 3 * XW){1'b0}};
    sib = {(THREADS * 3 * XW){1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      for (s = 0; s < 3; s = s + 1) begin
        nx[(t*3+s)*XW +: NW] = stk_n_i[(t*3+s)*NW +: NW];
        if (s < 2) begin
          wpx[(t*3+s)*XW +: NW] = stk_wp_i[(t*2+s)*NW +: NW];
        end
      end
    end
    for (t = 0; t < THREADS; t = t + 1) begin
      for (s = 0; s < 3; s = s + 1) begin
        for (v = 0; v < THREADS; v = v + 1) begin
          if (v != t) begin
            sib[(t*3+s)*XW +: XW] = sib[(t*3+s)*XW +: XW] + nx[(v*3+s)*XW +: XW]
                                    + wpx[(v*3+s)*XW +: XW];
          end
        end
      end
    end
  end

  // One pmu_stack_stage per thread and stage: the slot split and the next carry.
  genvar gt;
  genvar gs;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_thr
      for (gs = 0; gs < 3; gs = gs + 1) begin : g_stg
        localparam integer TS = gt * 3 + gs;   // carry and count index of this thread and stage
        pmu_stack_stage #(
          .STAGE (gs),
          .W     (W),
          .CRW   (CRW),
          .XW    (XW),
          .IW    (IW)
        ) u_stg (
          .wpvis_i   (wpvis_i[gt]),
          .n_i       (nx[TS*XW +: XW]),
          .wp_i      (wpx[TS*XW +: XW]),
          .sib_i     (sib[TS*XW +: XW]),
          .flags_i   (stk_flags_i[gt*NFLAG +: NFLAG]),
          .carry_i   (carry_q[TS*CRW +: CRW]),
          .carry_d_o (carry_d[TS*CRW +: CRW]),
          .inc_o     (inc_o[(gt*NSTK+gs*8)*IW +: 8*IW])
        );
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      carry_q <= {(THREADS * 3 * CRW){1'b0}};
    end else begin
      carry_q <= carry_d;
    end
  end

endmodule

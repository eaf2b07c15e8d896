// StallScope PMU: CPI-stack accounting (spec 4.6, Table 2 of Eyerman et al., in slot units).
//
// Per thread t and stage s (0 dispatch, 1 issue, 2 commit) one pmu_stack_stage splits the W
// slots of a cycle over the 8 components: base (used, with the saturating carry of excess
// instructions), bpred (wrong path when visible), smt (slots taken by sibling threads) and one
// cause from the flags. This module holds the carry registers and the counts each stage needs
// (its own, its own with its wrong path, and the stage's total over the threads). With PIPE >= 2
// the counts come in a cycle early (the inputs of pmu_top's input register, spec 4) and pass a
// register here after the sums, so the split starts at registered sums (the same values as
// summing the registered inputs: the input register's stack part lives here).
// Output: increment of stack counter s*8+c of thread t at [(t*24+s*8+c)*IW +: IW].

`include "pmu_map.vh"

module pmu_stack #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter W       = `PMU_DEF_W,
  parameter NW      = `PMU_DEF_NW,
  parameter CRW     = `PMU_DEF_CRW,
  parameter IW      = 13,
  parameter PIPE    = `PMU_DEF_PIPE
) (
  input  wire                           clk_i,
  input  wire                           rst_ni,
  input  wire [THREADS-1:0]             wpvis_i,    // ctrl.wpvis
  // the counts of the cycle whose slots are split; with PIPE >= 2 of the cycle after it
  input  wire [THREADS*3*NW-1:0]        stk_n_i,
  input  wire [THREADS*2*NW-1:0]        stk_wp_i,
  input  wire [THREADS*`PMU_NFLAG-1:0]  stk_flags_i,
  output wire [THREADS*`PMU_NSTK*IW-1:0] inc_o
);

  localparam NFLAG = `PMU_NFLAG;
  localparam NSTK  = `PMU_NSTK;

  // Working width: holds the stage total over the threads plus the carry, and W (<= 7).
  localparam XA  = (NW + 2 > CRW + 1) ? NW + 2 : CRW + 1;
  localparam XB  = NW + 2 + $clog2(THREADS);
  localparam XC  = (XA > XB) ? XA : XB;
  localparam XW  = (XC > 4) ? XC : 4;

  // Base carry of thread t, stage s at [(t*3+s)*CRW +: CRW]; reset clears it.
  reg  [THREADS*3*CRW-1:0] carry_q /*verilator public_flat_rd*/;
  wire [THREADS*3*CRW-1:0] carry_d;

  // Per-stage instruction counts at their own widths: n[t][s] (NW bits), n[t][s] + wp[t][s]
  // (wp is 0 at commit; NW + 1 bits), and the stage's total over every thread, all[s] = sum
  // over v of n[v][s] + wp[v][s] (a thread's own n + wp plus its sibling threads'; AW bits); of
  // the inputs, and as the stages take them (e_*).
  localparam AW = NW + 1 + $clog2(THREADS);
  reg [THREADS*3*NW-1:0]     nx;
  reg [THREADS*3*(NW+1)-1:0] npw;
  reg [3*AW-1:0]             all;
  integer t;
  integer s;
  always @* begin
    all = {(3 * AW){1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      for (s = 0; s < 3; s = s + 1) begin
        nx[(t*3+s)*NW +: NW]        = stk_n_i[(t*3+s)*NW +: NW];
        npw[(t*3+s)*(NW+1) +: NW+1] = {1'b0, nx[(t*3+s)*NW +: NW]}
                                      + ((s < 2) ? {1'b0, stk_wp_i[(t*2+(s%2))*NW +: NW]}
                                                 : {(NW + 1){1'b0}});
        all[s*AW +: AW]             = all[s*AW +: AW]
                                      + {{(AW - NW - 1){1'b0}}, npw[(t*3+s)*(NW+1) +: NW+1]};
      end
    end
  end

  // The counts as the stages take them: with PIPE >= 2 from a register (reset 0), the cycle
  // before's inputs and their sums.
  wire [THREADS*3*NW-1:0]     e_n;
  wire [THREADS*3*(NW+1)-1:0] e_npw;
  wire [3*AW-1:0]             e_all;
  generate
    if (PIPE >= 2) begin : g_sum_q
      reg [THREADS*3*NW-1:0]     n_q;
      reg [THREADS*3*(NW+1)-1:0] npw_q;
      reg [3*AW-1:0]             all_q;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          n_q   <= {(THREADS * 3 * NW){1'b0}};
          npw_q <= {(THREADS * 3 * (NW + 1)){1'b0}};
          all_q <= {(3 * AW){1'b0}};
        end else begin
          n_q   <= nx;
          npw_q <= npw;
          all_q <= all;
        end
      end
      assign e_n   = n_q;
      assign e_npw = npw_q;
      assign e_all = all_q;
    end else begin : g_sum
      assign e_n   = nx;
      assign e_npw = npw;
      assign e_all = all;
    end
  endgenerate

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
          .NW    (NW),
          .AW    (AW),
          .XW    (XW),
          .IW    (IW)
        ) u_stg (
          .wpvis_i   (wpvis_i[gt]),
          .n_i       (e_n[TS*NW +: NW]),
          .npw_i     (e_npw[TS*(NW+1) +: NW+1]),
          .all_i     (e_all[gs*AW +: AW]),
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

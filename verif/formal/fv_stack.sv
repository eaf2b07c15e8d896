// Formal properties of the CPI-stack accounting (docs/spec.md 4.6), bound to the ports of
// pmu_stack only. THREADS=2 (so the SMT component is exercised), W=3, NW=3, CRW=3 (the carry
// saturates at 7 within a cycle or two); every input is free each cycle.
//
// Per thread t and stage s, with m the instructions counted as base this cycle (n, plus wrong
// path when it is not visible), carry the excess of earlier cycles (CRW bits, saturating):
//   base = min(m + carry, W); the W - base other slots go first to bpred (visible wrong path),
//   then smt (sibling instructions), the rest to the one cause the flags select.
// Inductive (proved for all depths):
//   f.sum_is_w         the 8 component increments of (t, s) add up to exactly W, every cycle
//   f.one_cause        given base, every other component gets exactly what the rule above says:
//                      every slot is blamed on exactly one component, the cause slots on the one
//                      cause of the flags (no other cause receives anything)
//   f.base_bounds      min(m, W) <= base <= W: the carry never takes slots away
//   f.carry_drained    after a cycle with base < W the carry is 0: base = min(m, W) (and after
//                      reset)
//   f.carry_kept       the excess above W of a cycle is carried (up to 2^CRW - 1):
//                      base(t+1) >= min(m(t+1) + min(m(t) - W, 2^CRW - 1), W)
// With `FV_FULL` (also inductive, through the invariant i.carry):
//   r.stack_base       base equals the spec reference with its own saturating carry register
//   i.carry            the reference carry equals the block's carry_q (spec 6 name, reached by
//                      hierarchical reference, docs/formal.md "Invariants")

`include "pmu_map.vh"

module fv_stack #(
  parameter THREADS = 2,
  parameter W       = 3,
  parameter NW      = 3,
  parameter CRW     = 3,
  parameter IW      = 4
) (
  input wire                          clk_i,
  input wire                          rst_ni,
  input wire [THREADS-1:0]            wpvis_i,
  input wire [THREADS*3*NW-1:0]       stk_n_i,
  input wire [THREADS*2*NW-1:0]       stk_wp_i,
  input wire [THREADS*`PMU_NFLAG-1:0] stk_flags_i
);
  localparam NFLAG = `PMU_NFLAG;
  localparam NSTK  = `PMU_NSTK;
  localparam CW    = 8;                 // for fv_common.vh only
  localparam CRMAX = (1 << CRW) - 1;

  wire [THREADS*NSTK*IW-1:0] inc;

  pmu_stack #(.THREADS(THREADS), .W(W), .NW(NW), .CRW(CRW), .IW(IW)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .wpvis_i (wpvis_i), .stk_n_i (stk_n_i),
    .stk_wp_i (stk_wp_i), .stk_flags_i (stk_flags_i), .inc_o (inc)
  );

  `include "fv_common.vh"

`ifdef FV_FULL
  // the block's carry registers (hierarchical reference, docs/formal.md "Invariants")
  (* hierconn *) wire [THREADS*3*CRW-1:0] \dut.carry_q ;
`endif

  // Working width of the reference: holds n + wp + carry, the sibling sum and the component sum.
  localparam XW = 8;

  function automatic [XW-1:0] min2(input [XW-1:0] a, input [XW-1:0] b);
    min2 = (a < b) ? a : b;
  endfunction

  genvar gt;
  genvar gs;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_t
      for (gs = 0; gs < 3; gs = gs + 1) begin : g_s
        // ---- spec 4.6, this thread and stage ------------------------------------------------
        wire [NFLAG-1:0] f   = stk_flags_i[gt*NFLAG +: NFLAG];
        wire [XW-1:0]      n   = stk_n_i[(gt*3+gs)*NW +: NW];
        wire [XW-1:0]      wp  = (gs < 2) ? stk_wp_i[(gt*2+(gs < 2 ? gs : 0))*NW +: NW] : {XW{1'b0}};
        wire             wpv = (gs != 2) && wpvis_i[gt];
        wire [XW-1:0]      m   = wpv || (gs == 2) ? n : n + wp;
        reg  [XW-1:0]      sib;
        integer          v;
        always @* begin
          sib = 0;
          for (v = 0; v < THREADS; v = v + 1) begin
            if (v != gt) begin
              sib = sib + stk_n_i[(v*3+gs)*NW +: NW]
                        + ((gs < 2) ? stk_wp_i[(v*2+(gs < 2 ? gs : 0))*NW +: NW] : 0);
            end
          end
        end
        // the cause of the remaining slots
        reg [2:0] cause;
        always @* begin
          if (gs == 0) begin
            if (f[`PMU_FLG_FE_EMPTY])
              cause = f[`PMU_FLG_ICACHE_MISS] ? `PMU_CMP_ICACHE
                    : f[`PMU_FLG_BPRED_MISS] ? `PMU_CMP_BPRED : `PMU_CMP_OTHER;
            else if (f[`PMU_FLG_ROB_FULL] || f[`PMU_FLG_RS_FULL])
              cause = f[`PMU_FLG_HEAD_DMISS] ? `PMU_CMP_DCACHE
                    : f[`PMU_FLG_HEAD_LONGLAT] ? `PMU_CMP_ALU : `PMU_CMP_DEPEND;
            else
              cause = `PMU_CMP_OTHER;
          end else if (gs == 1) begin
            if (f[`PMU_FLG_RS_EMPTY])
              cause = f[`PMU_FLG_ICACHE_MISS] ? `PMU_CMP_ICACHE
                    : f[`PMU_FLG_BPRED_MISS] ? `PMU_CMP_BPRED : `PMU_CMP_OTHER;
            else if (f[`PMU_FLG_PROD_VALID])
              cause = f[`PMU_FLG_PROD_DMISS] ? `PMU_CMP_DCACHE
                    : f[`PMU_FLG_PROD_LONGLAT] ? `PMU_CMP_ALU : `PMU_CMP_DEPEND;
            else
              cause = `PMU_CMP_OTHER;
          end else begin
            if (f[`PMU_FLG_ROB_EMPTY])
              cause = f[`PMU_FLG_ICACHE_MISS] ? `PMU_CMP_ICACHE
                    : f[`PMU_FLG_BPRED_MISS] ? `PMU_CMP_BPRED : `PMU_CMP_OTHER;
            else if (!f[`PMU_FLG_HEAD_DONE])
              cause = f[`PMU_FLG_HEAD_DMISS] ? `PMU_CMP_DCACHE
                    : f[`PMU_FLG_HEAD_LONGLAT] ? `PMU_CMP_ALU : `PMU_CMP_DEPEND;
            else
              cause = `PMU_CMP_OTHER;
          end
        end

        // ---- observed increments ------------------------------------------------------------
        wire [8*IW-1:0] ci   = inc[(gt*NSTK + gs*8)*IW +: 8*IW];
        wire [XW-1:0]     base = ci[`PMU_CMP_BASE*IW +: IW];
        reg  [XW-1:0]     total;
        integer         c;
        always @* begin
          total = 0;
          for (c = 0; c < 8; c = c + 1) total = total + ci[c*IW +: IW];
        end
        // expected split of the W - base other slots
        wire [XW-1:0] u    = W - base;
        wire [XW-1:0] wps  = wpv ? min2(wp, u) : 0;
        wire [XW-1:0] smts = min2(sib, u - wps);
        wire [XW-1:0] rest = u - wps - smts;
        reg  [8*XW-1:0] want;
        integer cc;
        always @* begin
          for (cc = 0; cc < 8; cc = cc + 1) begin
            want[cc*XW +: XW] = ((cc == `PMU_CMP_BPRED) ? wps : 0) + ((cc == `PMU_CMP_SMT) ? smts : 0)
                                + ((cc == cause) ? rest : 0);
          end
        end

        // ---- previous cycle -------------------------------------------------------------------
        reg        p_rst;
        reg [XW-1:0] p_base;
        reg [XW-1:0] p_m;
        always @(posedge clk_i) begin
          p_rst  <= rst_ni;
          p_base <= base;
          p_m    <= m;
        end

        integer q;
        always @* begin
          if (rst_ni) begin
            assert (total == W);                                                 // [f.sum_is_w]
            assert (base <= W && base >= min2(m, W));                            // [f.base_bounds]
            for (q = 1; q < 8; q = q + 1) begin
              assert (ci[q*IW +: IW] == want[q*XW +: XW]);                       // [f.one_cause]
            end
            if (past_valid && (!p_rst || p_base < W))
              assert (base == min2(m, W));                                       // [f.carry_drained]
            if (past_valid && p_rst && p_m > W)
              assert (base >= min2(m + min2(p_m - W, CRMAX), W));                // [f.carry_kept]
          end
        end

`ifdef FV_FULL
        // ---- reference carry (BMC) ----------------------------------------------------------
        reg  [XW-1:0] rcarry;
        wire [XW-1:0] rtot  = m + rcarry;
        wire [XW-1:0] rused = min2(rtot, W);
        always @(posedge clk_i) begin
          if (!rst_ni) rcarry <= 0;
          else         rcarry <= min2(rtot - rused, CRMAX);
        end
        always @* begin
          if (past_valid && rst_ni) assert (base == rused);                      // [r.stack_base]
          // invariant: the reference carry is the block's (spec 6: u_stack.carry_q)
          if (past_valid) assert (rcarry == {{(XW - CRW){1'b0}}, \dut.carry_q [(gt*3+gs)*CRW +: CRW]}); // [i.carry]
        end
`endif
      end
    end
  endgenerate

endmodule

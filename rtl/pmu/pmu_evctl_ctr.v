// StallScope PMU: event control of one programmable counter k (spec 4.1, 4.2).
//
// From the event value V of this cycle and the counter's evtsel[k]/ext[k]: the condition C
// (threshold, compare mode, INV; 0 for an unsupported event), the gating (EN, gctrl.pmc_en, the
// privilege filter's outcome, a supported event, freeze, QUALIFY), EDGE/BOTH on the edge history, and the increment (CHAIN: the carry of counter k-1, ungated).
// Combinational: the edge history and chain carry flops and the QUALIFY cascade along the
// counters of a thread are in pmu_evctl, which instances this module once per counter.

`include "pmu_map.vh"

module pmu_evctl_ctr #(
  parameter VW = 12,
  parameter IW = 13
) (
  // evtsel[k]: event/umask reach V through the lane picks, USR/OS/ANY through V and privok_i
  // (pmu_evctl), INT is used by pmu_regs, bit 19 is reserved; ext[k]: CHAIN/QUALIFY come in as chain_i/qual_i, bits 31:6 are reserved.
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [31:0]   evtsel_i,
  input  wire [31:0]   ext_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire          thr_i,         // threshold mode: CMASK != 0 or CMP != GE (pmu_regs)
  input  wire          chain_i,       // ext[k].chain (0 for counter 0)
  input  wire          qual_i,        // ext[k].qualify (0 for counter 0)
  input  wire [VW-1:0] v_i,           // event value V
  input  wire          privok_i,      // privilege filter passes (spec 4.1; pmu_evctl)
  input  wire          sup_i,         // evtsel[k]'s event/umask is supported (spec 2.2)
  input  wire          pmc_en_i,      // gctrl.pmc_en[k]
  input  wire          frz_i,         // gstatus.ctr_frz
  input  wire          qin_i,         // Q of counter k-1 (1 for counter 0)
  input  wire          cprev_i,       // edge history cprev_q[k]
  input  wire          carry_prev_i,  // chain carry of counter k-1 (its wrap last cycle)
  output wire          cond_o,        // condition C
  output wire          cprev_o,       // edge history after this cycle (before a write clears it)
  output reg  [IW-1:0] inc_o
);

  localparam CMP_GE = 2'd0;
  localparam CMP_LT = 2'd1;
  localparam CMP_EQ = 2'd2;

  wire [7:0] f_cmask = evtsel_i[`PMU_EVTSEL_CMASK_LSB +: 8];
  wire       f_edge  = evtsel_i[`PMU_EVTSEL_EDGE_LSB];
  wire       f_inv   = evtsel_i[`PMU_EVTSEL_INV_LSB];
  wire [1:0] f_cmp   = ext_i[`PMU_EXT_CMP_LSB +: 2];
  wire       f_cntv  = ext_i[`PMU_EXT_CNTV_LSB];
  wire       f_both  = ext_i[`PMU_EXT_BOTH_LSB];

  // Condition C: threshold mode (thr_i) unless CMASK = 0 with compare mode GE; the whole V
  // against the 8-bit CMASK.
  wire [VW+7:0] vx  = {8'd0, v_i};
  wire [VW+7:0] cx  = {{VW{1'b0}}, f_cmask};
  wire          thr = thr_i;
  reg           cmpr;
  always @* begin
    case (f_cmp)
      CMP_GE:  cmpr = (vx >= cx);
      CMP_LT:  cmpr = (vx < cx);
      CMP_EQ:  cmpr = (vx == cx);
      default: cmpr = (vx != cx);
    endcase
  end
  // An unsupported pair (spec 2.2) has no condition (it qualifies nothing) and counts nothing.
  wire cond = sup_i && (thr ? (cmpr ^ f_inv) : (v_i != {VW{1'b0}}));
  assign cond_o = cond;

  // Gating: enables, the privilege filter (the counter's own thread; with ANY some thread), a
  // supported event, freeze and QUALIFY.
  wire counted = evtsel_i[`PMU_EVTSEL_EN_LSB] && pmc_en_i && privok_i && sup_i && !frz_i
                 && (qual_i ? qin_i : 1'b1);

  // Edge history: C of the last counted cycle (it moves in counted cycles only). EDGE counts the
  // cycles where it changes to 1 (BOTH: where it changes either way).
  assign cprev_o = counted ? cond : cprev_i;
  wire edgehit = f_edge && (cprev_o != cprev_i) && (f_both || cond);

  // Increment: CHAIN (ungated) > not counted > EDGE > V (plain counting or CNTV) > 1 per cycle
  // the condition holds.
  always @* begin
    if (chain_i) begin
      inc_o = {{(IW - 1){1'b0}}, carry_prev_i};
    end else if (!counted) begin
      inc_o = {IW{1'b0}};
    end else if (f_edge) begin
      inc_o = {{(IW - 1){1'b0}}, edgehit};
    end else if (!thr || (cond && f_cntv)) begin
      inc_o = {{(IW - VW){1'b0}}, v_i};
    end else begin
      inc_o = {{(IW - 1){1'b0}}, cond};
    end
  end

endmodule

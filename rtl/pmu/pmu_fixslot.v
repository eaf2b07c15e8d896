// StallScope PMU: increments of the fixed counters (spec 4.4) and issue-slot counters (4.5).
//
// Output per thread t, counter i (0..7) at [(t*8+i)*IW +: IW]:
//   i = 0..2: fixed core cycles (+1), instructions retired (+R), reference ticks (+ref_tick),
//             each gated by gctrl.fix_en, the fixctl privilege filter and not gstatus.ctr_frz;
//   i = 3..7: slots total (+W), filled (+F), issued (+I), retired (+R), elapsed (+NS_PER_TICK
//             per tick); always counting.

`include "pmu_map.vh"

module pmu_fixslot #(
  parameter THREADS     = `PMU_DEF_THREADS,
  parameter W           = `PMU_DEF_W,
  parameter NW          = `PMU_DEF_NW,
  parameter NS_PER_TICK = `PMU_DEF_NS_PER_TICK,
  parameter IW          = 13
) (
  input  wire [THREADS-1:0]      priv_i,
  input  wire                    ref_tick_i,
  input  wire [THREADS*NW-1:0]   slot_fill_i,
  input  wire [THREADS*NW-1:0]   slot_issue_i,
  input  wire [THREADS*NW-1:0]   slot_retire_i,
  input  wire [THREADS*3-1:0]    fix_en_i,    // gctrl.fix_en
  input  wire [THREADS*3-1:0]    fix_os_i,    // fixctl.os_i
  input  wire [THREADS*3-1:0]    fix_usr_i,   // fixctl.usr_i
  input  wire [THREADS-1:0]      frz_i,       // gstatus.ctr_frz
  output wire [THREADS*8*IW-1:0] inc_o
);

  localparam [31:0]   W32      = W;
  localparam [31:0]   TICK32   = NS_PER_TICK;
  localparam [IW-1:0] INC_W    = W32[IW-1:0];
  localparam [IW-1:0] INC_TICK = TICK32[IW-1:0];
  localparam [IW-1:0] INC_ONE  = {{(IW - 1){1'b0}}, 1'b1};

  genvar gt;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_thr
      localparam integer B = gt * 8;   // this thread's first field of inc_o

      // slot inputs zero-extended to IW (IW > NW)
      wire [IW-1:0] fill   = {{(IW - NW){1'b0}}, slot_fill_i[gt*NW +: NW]};
      wire [IW-1:0] issue  = {{(IW - NW){1'b0}}, slot_issue_i[gt*NW +: NW]};
      wire [IW-1:0] retire = {{(IW - NW){1'b0}}, slot_retire_i[gt*NW +: NW]};

      // fixed counter i counts while gctrl.fix_en[i], its fixctl bit for the thread's mode and
      // not frozen
      wire [2:0] fix_priv = priv_i[gt] ? fix_os_i[gt*3 +: 3] : fix_usr_i[gt*3 +: 3];
      wire [2:0] fen      = fix_en_i[gt*3 +: 3] & fix_priv & {3{~frz_i[gt]}};

      // fixed counters
      assign inc_o[(B+0)*IW +: IW] = fen[0] ? INC_ONE : {IW{1'b0}};
      assign inc_o[(B+1)*IW +: IW] = fen[1] ? retire : {IW{1'b0}};
      assign inc_o[(B+2)*IW +: IW] = (fen[2] & ref_tick_i) ? INC_ONE : {IW{1'b0}};
      // issue-slot counters
      assign inc_o[(B+3)*IW +: IW] = INC_W;
      assign inc_o[(B+4)*IW +: IW] = fill;
      assign inc_o[(B+5)*IW +: IW] = issue;
      assign inc_o[(B+6)*IW +: IW] = retire;
      assign inc_o[(B+7)*IW +: IW] = ref_tick_i ? INC_TICK : {IW{1'b0}};
    end
  endgenerate

endmodule

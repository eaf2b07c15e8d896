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
  output reg  [THREADS*8*IW-1:0] inc_o
);

  localparam [31:0]   W32      = W;
  localparam [31:0]   TICK32   = NS_PER_TICK;
  localparam [IW-1:0] INC_W    = W32[IW-1:0];
  localparam [IW-1:0] INC_TICK = TICK32[IW-1:0];
  localparam [IW-1:0] INC_ONE  = {{(IW - 1){1'b0}}, 1'b1};

  reg [2:0]    fen;
  reg [IW-1:0] fill;
  reg [IW-1:0] issue;
  reg [IW-1:0] retire;
  integer t;
  integer i;
  always @* begin
    inc_o  = {(THREADS * 8 * IW){1'b0}};
    fen    = 3'd0;
    fill   = {IW{1'b0}};
    issue  = {IW{1'b0}};
    retire = {IW{1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      // slot inputs zero-extended to IW (IW > NW)
      fill   = {{(IW - NW){1'b0}}, slot_fill_i[t*NW +: NW]};
      issue  = {{(IW - NW){1'b0}}, slot_issue_i[t*NW +: NW]};
      retire = {{(IW - NW){1'b0}}, slot_retire_i[t*NW +: NW]};
      // fixed counters
      for (i = 0; i < 3; i = i + 1) begin
        fen[i] = fix_en_i[t*3+i] & (priv_i[t] ? fix_os_i[t*3+i] : fix_usr_i[t*3+i]) & ~frz_i[t];
      end
      inc_o[(t*8+0)*IW +: IW] = fen[0] ? INC_ONE : {IW{1'b0}};
      inc_o[(t*8+1)*IW +: IW] = fen[1] ? retire : {IW{1'b0}};
      inc_o[(t*8+2)*IW +: IW] = (fen[2] & ref_tick_i) ? INC_ONE : {IW{1'b0}};
      // issue-slot counters
      inc_o[(t*8+3)*IW +: IW] = INC_W;
      inc_o[(t*8+4)*IW +: IW] = fill;
      inc_o[(t*8+5)*IW +: IW] = issue;
      inc_o[(t*8+6)*IW +: IW] = retire;
      inc_o[(t*8+7)*IW +: IW] = ref_tick_i ? INC_TICK : {IW{1'b0}};
    end
  end

endmodule

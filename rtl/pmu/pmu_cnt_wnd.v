// StallScope PMU: window read ports of the counter bank (spec 4) with flip-flop storage
// (pmu_cnt_bank; with block RAM, pmu_cnt_ram reads a copy of the windows' RAM words).
//
// Port w reads counter wnd_idx_i[w] of its window, cnt_i[(w*WSPAN + i)*CW +: CW] for
// i = wnd_idx_i[w] < WSPAN, while wnd_re_i[w]; else 0. A WSPAN-way mux over constant indices
// (e.g. one thread's issue-slot counters for the direct read port), gated by its read enable.

module pmu_cnt_wnd #(
  parameter CW    = 48,
  parameter NWND  = 1,
  parameter WIW   = 1,
  parameter WSPAN = 1
) (
  input  wire [NWND*WSPAN*CW-1:0] cnt_i,       // the windows' counters, port by port
  input  wire [NWND-1:0]          wnd_re_i,
  input  wire [NWND*WIW-1:0]      wnd_idx_i,
  output reg  [NWND*CW-1:0]       wnd_data_o
);

  integer w;
  integer i;
  always @* begin
    wnd_data_o = {(NWND * CW){1'b0}};
    i          = 0;  // loop variable: assigned on every path (no latch)
    for (w = 0; w < NWND; w = w + 1) begin
      if (wnd_re_i[w]) begin
        for (i = 0; i < WSPAN; i = i + 1) begin
          if (wnd_idx_i[w*WIW +: WIW] == i[WIW-1:0]) begin
            wnd_data_o[w*CW +: CW] = cnt_i[(w*WSPAN+i)*CW +: CW];
          end
        end
      end
    end
  end

endmodule

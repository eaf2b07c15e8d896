// pmu_evctl alone for a timing run (scripts/area/evctl_timing.sh): every input but the event
// lanes and priv_i registered, and the increments, so that nextpnr's out-of-context Fmax covers
// the event control's own register-to-register paths (the lane picks into v_q with PIPE=2,
// v_q through the compare and the QUALIFY cascade into the increments). Default parameters.
`include "pmu_map.vh"
module evctl_wrap #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter P       = `PMU_DEF_P,
  parameter W       = `PMU_DEF_W,
  parameter PIPE    = 2,
  parameter IW      = `PMU_DEF_IW
) (
  input  wire                                   clk_i,
  input  wire                                   rst_ni,
  input  wire [THREADS-1:0]                     priv_i,
  input  wire                                   ref_tick_i,
  input  wire [THREADS*`PMU_NEXT*`PMU_DEF_LW-1:0] ev_ext_i,
  input  wire [THREADS*`PMU_DEF_NW-1:0]         slot_fill_i,
  input  wire [THREADS*`PMU_DEF_NW-1:0]         slot_issue_i,
  input  wire [THREADS*`PMU_DEF_NW-1:0]         slot_retire_i,
  input  wire [THREADS*P*32-1:0]                evtsel_i,
  input  wire [THREADS*P*32-1:0]                ext_i,
  input  wire [THREADS*P-1:0]                   thr_i,
  input  wire [THREADS*P*`PMU_XW-1:0]           pick_i,
  input  wire [THREADS*P-1:0]                   sup_i,
  input  wire [THREADS*P-1:0]                   core_i,
  input  wire [THREADS*P-1:0]                   pmc_en_i,
  input  wire [THREADS-1:0]                     frz_i,
  input  wire [THREADS*P-1:0]                   sel_wr_i,
  input  wire [THREADS*P-1:0]                   wrap_i,
  output reg  [THREADS*P*IW-1:0]                inc_q
);
  reg [THREADS-1:0]           priv_q;
  reg [THREADS*P*32-1:0]      evtsel_q;
  reg [THREADS*P*32-1:0]      ext_q;
  reg [THREADS*P-1:0]         thr_q, sup_q, core_q, pmc_en_q, sel_wr_q, wrap_q;
  reg [THREADS*P*`PMU_XW-1:0] pick_q;
  reg [THREADS-1:0]           frz_q;
  wire [THREADS*P*IW-1:0]     inc;
  always @(posedge clk_i) begin
    priv_q   <= priv_i;
    evtsel_q <= evtsel_i;
    ext_q    <= ext_i;
    thr_q    <= thr_i;
    sup_q    <= sup_i;
    core_q   <= core_i;
    pmc_en_q <= pmc_en_i;
    sel_wr_q <= sel_wr_i;
    wrap_q   <= wrap_i;
    pick_q   <= pick_i;
    frz_q    <= frz_i;
    inc_q    <= inc;
  end
  pmu_evctl #(.THREADS(THREADS), .P(P), .W(W), .PIPE(PIPE), .IW(IW)) u_evctl (
    .clk_i (clk_i), .rst_ni (rst_ni), .priv_i (priv_i), .priv_e_i (priv_q),
    .ref_tick_i (ref_tick_i), .ev_ext_i (ev_ext_i), .slot_fill_i (slot_fill_i),
    .slot_issue_i (slot_issue_i), .slot_retire_i (slot_retire_i), .evtsel_i (evtsel_q),
    .ext_i (ext_q), .thr_i (thr_q), .pick_i (pick_q), .sup_i (sup_q), .core_i (core_q),
    .pmc_en_i (pmc_en_q), .frz_i (frz_q), .sel_wr_i (sel_wr_q), .wrap_i (wrap_q), .inc_o (inc));
endmodule

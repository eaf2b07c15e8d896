// StallScope core stub: dispatch of one thread (docs/core.md section 5, "Dispatch, issue,
// commit").
//
// The disp_n_i oldest FQ entries go, in order, to the ROB entries from the tail on (dispatch
// slot j to entry tail + j) and into the reservation stations. Here each slot gets its ROB entry,
// its producer's distance and its properties after the knobs, decided once and kept as ROB-entry
// bits (entry i at bit i) by core_rob and core_rs:
//   Dcache miss:          a load with bit 2 (not with the perfect-Dcache knob);
//   latency above 1:      a long-latency ALU op with LONG_LAT > 1 (not with the 1-cycle-ALU
//                         knob), or a Dcache miss with MISS_LAT > 1;
//   mispredicted branch:  a correct-path branch with bit 2 (not with perfect prediction); it
//                         flushes when it issues;
//   producer done:        the instruction DEP places older has completed or is no longer in
//                         the ROB (DEP = 0: there is none). A producer in the same group has not
//                         completed.
// Wrong-path instructions count apart (the PMU's wp inputs).

module core_dispatch #(
  parameter W        = 4,
  parameter WW       = 3,        // width of a count 0..W
  parameter EW       = 11,       // entry: {program address 0, wrong path, attr[8:0]}
  parameter FQC      = 5,        // FQ count width
  parameter ROB      = 32,
  parameter ROBI     = 5,        // ROB index width
  parameter ROBC     = 6,        // ROB count width
  parameter RS       = 16,
  parameter RSC      = 5,        // RS count width
  parameter LONG_LAT = 6,
  parameter MISS_LAT = 20
) (
  input  wire              perf_dc_i,   // knobs: perfect Dcache, perfect branch prediction,
  input  wire              perf_bp_i,   //   1-cycle ALU
  input  wire              alu1_i,
  input  wire [WW-1:0]     disp_n_i,    // instructions dispatched
  input  wire [W-1:0]      disp_g_i,    //   the same as bits (slot j goes: j < disp_n_i)
  input  wire [W*EW-1:0]   e_i,         // the W oldest FQ entries (slot j takes entry j)
  input  wire [31:0]       fseq_i,      // sequence number of the next fetched instruction
  input  wire [FQC-1:0]    fq_cnt_i,    // FQ entries
  input  wire [ROBC-1:0]   rob_cnt_i,
  input  wire [ROBI-1:0]   rob_tail_i,  // the first free entry (head + count, a register)
  input  wire [ROB-1:0]    rob_done_i,  // completed entries
  input  wire [RSC-1:0]    rs_cnt_i,    // RS entries
  output reg  [WW-1:0]     avail_o,     // instructions that could dispatch
  output reg  [W-1:0]      fill_o,      //   the same as bits (k < avail_o)
  output reg  [31:0]       seq0_o,      // sequence number of slot 0 (the FQ head)
  output reg  [W*ROBI-1:0] slot_o,      // slot j: its ROB entry
  output reg  [W*4-1:0]    dist_o,      //   its dependence distance D: the producer is entry
                                        //   slot - D mod ROB (unused when pd_o is set)
  output reg  [ROB-1:0]    al_o,        // the group's entries
  output reg  [ROB-1:0]    dm_o,        //   of these: Dcache-miss loads
  output reg  [ROB-1:0]    ll_o,        //   latency above 1
  output reg  [ROB-1:0]    wp_o,        //   wrong path
  output reg  [ROB-1:0]    mbr_o,       //   the mispredicted branch
  output reg  [ROB-1:0]    pd_o,        //   producer done or none
  output reg  [W-1:0]      mbs_o,       // slot j (granted) is the mispredicted branch
  output reg  [WW-1:0]     c_n_o,       // correct-path instructions dispatched
  output reg  [WW-1:0]     wp_n_o       // wrong-path instructions dispatched
);

  localparam [1:0] CLS_LONG = 2'd1;
  localparam [1:0] CLS_LOAD = 2'd2;
  localparam [1:0] CLS_BR   = 2'd3;

  // What could dispatch (from registers only): min(FQ occupancy, W, free ROB entries, free RS
  // entries), counted at the start of the cycle. As bits first (slot k can go when each of the
  // three holds more than k: each a thermometer code of one register, no minimum), the count
  // from the bits. Each thermometer is a constant shifted by the count register (free ROB
  // entries: bit k is bit count + k of ROB ones; the same for the RS; FQ entries: bit k is
  // k < count), so no subtraction or comparison lies between the counts and the bits.
  localparam [ROB+W-1:0] ROB_ONES = {{W{1'b0}}, {ROB{1'b1}}};
  localparam [RS+W-1:0]  RS_ONES  = {{W{1'b0}}, {RS{1'b1}}};
  /* verilator lint_off UNUSEDSIGNAL */  // the bits above W-1 of the shifted constants
  reg [ROB+W-1:0] rob_fr;
  reg [RS+W-1:0]  rs_fr;
  /* verilator lint_on UNUSEDSIGNAL */
  integer k;
  always @* begin
    rob_fr  = ROB_ONES >> rob_cnt_i;
    rs_fr   = RS_ONES >> rs_cnt_i;
    fill_o  = ~({W{1'b1}} << fq_cnt_i) & rob_fr[W-1:0] & rs_fr[W-1:0];
    avail_o = {WW{1'b0}};
    for (k = 0; k < W; k = k + 1) avail_o = avail_o + {{(WW - 1){1'b0}}, fill_o[k]};
  end

  // The completed bits from the tail on (dn[k]: entry tail + k, from registers; a rotation by
  // the tail). Slot j's entry and its producer's done bit, D places before it (core_disp_idx:
  // picked from dn by D, no subtraction or entry lookup after the FQ's read of D).
  reg [ROB-1:0]   dn;
  /* verilator lint_off UNUSEDSIGNAL */  // the upper copy only feeds the rotation
  reg [2*ROB-1:0] dnx;
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    dnx = {rob_done_i, rob_done_i} >> rob_tail_i;
    dn  = dnx[ROB-1:0];
  end
  wire [W*ROBI-1:0] slot_w;
  wire [W-1:0]      pdn_w;
  genvar gj;
  generate
    for (gj = 0; gj < W; gj = gj + 1) begin : g_idx
      core_disp_idx #(
        .ROB  (ROB),
        .ROBI (ROBI),
        .J    (gj)
      ) u_idx (
        .tail_i (rob_tail_i),
        .dist_i (e_i[gj*EW+4 +: 4]),
        .dn_i   (dn),
        .slot_o (slot_w[gj*ROBI +: ROBI]),
        .pdn_o  (pdn_w[gj])
      );
    end
  endgenerate

  // A distance D beyond the ROB's entries before slot j (D > count + j: no producer in the ROB)
  // as bit D of a mask formed from the count register (bit d: d > count; slot j shifts it up by
  // j), so no adder or comparison follows the FQ's read of D, only a pick of one of 16 bits.
  reg [15:0] far0;
  always @* far0 = 16'hfffe << rob_cnt_i;    // (0 from a count of 15 on)

  // The group
  /* verilator lint_off UNUSEDSIGNAL */  // the kernel and Icache-miss bits do not matter here
  reg [EW-1:0]   e;              // slot j's entry
  /* verilator lint_on UNUSEDSIGNAL */
  reg            dm;             // e is a Dcache-miss load (after the knob)
  reg [ROB-1:0]  oh;             // entry slot
  reg            pd;             // e's producer is done or not in the ROB
  reg [15:0]     far;            // far0 shifted by j: bit D, D > count + j
  integer        j;
  always @* begin
    j = 0;  // loop variable: assigned on every path (no latch)
    seq0_o = fseq_i - {{(32 - FQC){1'b0}}, fq_cnt_i};
    slot_o = {(W * ROBI){1'b0}};
    dist_o = {(W * 4){1'b0}};
    al_o   = {ROB{1'b0}};
    dm_o   = {ROB{1'b0}};
    ll_o   = {ROB{1'b0}};
    wp_o   = {ROB{1'b0}};
    mbr_o  = {ROB{1'b0}};
    pd_o   = {ROB{1'b0}};
    mbs_o  = {W{1'b0}};
    wp_n_o = {WW{1'b0}};
    e      = {EW{1'b0}};
    dm     = 1'b0;
    oh     = {ROB{1'b0}};
    pd     = 1'b0;
    far    = 16'd0;
    if (disp_g_i[0]) begin
      for (j = 0; j < W; j = j + 1) begin
        if (disp_g_i[j]) begin
          e    = e_i[j*EW +: EW];
          dm   = (e[1:0] == CLS_LOAD) && e[2] && !perf_dc_i;
          oh   = {{(ROB - 1){1'b0}}, 1'b1} << slot_w[j*ROBI +: ROBI];
          slot_o[j*ROBI +: ROBI] = slot_w[j*ROBI +: ROBI];
          dist_o[j*4 +: 4]       = e[7:4];
          wp_n_o = wp_n_o + {{(WW - 1){1'b0}}, e[9]};
          al_o   = al_o | oh;
          if (dm) dm_o = dm_o | oh;
          if ((e[1:0] == CLS_LONG && !alu1_i && LONG_LAT != 1) || (dm && MISS_LAT != 1)) begin
            ll_o = ll_o | oh;
          end
          if (e[9]) wp_o = wp_o | oh;
          if (e[1:0] == CLS_BR && e[2] && !e[9] && !perf_bp_i) begin
            mbr_o    = mbr_o | oh;
            mbs_o[j] = 1'b1;
          end
          far    = far0 << j;
          pd     = 1'b0;
          if (e[7:4] == 4'd0 || far[e[7:4]]) begin
            pd = 1'b1;           // no producer in the ROB
          end else if ({28'd0, e[7:4]} > j && pdn_w[j]) begin
            pd = 1'b1;           // (a producer in this group is not done)
          end
          if (pd) pd_o = pd_o | oh;
        end
      end
    end
    c_n_o = disp_n_i - wp_n_o;
  end

endmodule

// StallScope core stub: dispatch of one thread (docs/core.md section 5, "Dispatch, issue,
// commit").
//
// The disp_n_i oldest FQ entries go, in order, to the ROB entries from the tail on (dispatch
// slot j to entry tail + j) and into the reservation stations. Here each slot gets its ROB entry,
// its producer's entry and its properties after the knobs, decided once and kept as ROB-entry
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
  output reg  [W*ROBI-1:0] prod_o,      //   its producer's entry (unused when pd_o is set)
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

  `include "core_rob_fn.vh"


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

  // The completed bits from the tail on (dn[k]: entry tail + k, from registers). Slot j's
  // producer, D places before it, is entry tail + j - D: bit nidx(D) of dn rotated by j + 1
  // (nidx(D) = -1 - D mod ROB: with a power-of-two ROB the complement of D's bits), so no
  // subtraction or entry lookup follows the FQ's read of D.
  localparam POW2 = (ROB & (ROB - 1)) == 0;
  reg [ROB-1:0]   dn;
  /* verilator lint_off UNUSEDSIGNAL */  // the upper copy only feeds the shift
  reg [2*ROB-1:0] dnx;
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    dnx = {rob_done_i, rob_done_i} >> rob_tail_i;
    dn  = dnx[ROB-1:0];
  end

  // A distance D beyond the ROB's entries before slot j (D > count + j: no producer in the ROB)
  // as bit D of a mask formed from the count register (bit d: d > count; slot j shifts it up by
  // j), so no adder or comparison follows the FQ's read of D, only a pick of one of 16 bits.
  reg [15:0] far0;
  always @* far0 = 16'hfffe << rob_cnt_i;    // (0 from a count of 15 on)

  // The group
  reg [ROBI-1:0] tail;           // the first free entry
  reg [ROB-1:0]  dj;             // dn rotated by j + 1: bit nidx(D) is the producer's
  /* verilator lint_off UNUSEDSIGNAL */  // the kernel and Icache-miss bits do not matter here
  reg [EW-1:0]   e;              // slot j's entry
  /* verilator lint_on UNUSEDSIGNAL */
  reg [ROBI-1:0] slot;
  reg [ROBI-1:0] prod;
  reg            dm;             // e is a Dcache-miss load (after the knob)
  reg [ROB-1:0]  oh;             // entry slot
  reg            pd;             // e's producer is done or not in the ROB
  reg [15:0]     far;            // far0 shifted by j: bit D, D > count + j
  // the index arithmetic written out (as rob_add and rotr in core_rob_fn.vh: an inlined
  // function's temporaries are members of the thread in Verilator, docs/performance.md)
  integer        sa;             // tail + j mod ROB: slot
  integer        sb;             // slot - D mod ROB (with D beyond the entry's age not used)
  integer        sr;             // j + 1 mod ROB: the rotation of dj
  /* verilator lint_off UNUSEDSIGNAL */  // the index is its low ROBI bits
  integer        nv;             // -1 - D mod ROB: the producer's bit of dj
  /* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_off UNUSEDSIGNAL */  // the upper copy only feeds the shift
  reg [2*ROB-1:0] djx;
  /* verilator lint_on UNUSEDSIGNAL */
  integer        j;
  always @* begin
    j = 0;  // loop variable: assigned on every path (no latch)
    seq0_o = fseq_i - {{(32 - FQC){1'b0}}, fq_cnt_i};
    slot_o = {(W * ROBI){1'b0}};
    prod_o = {(W * ROBI){1'b0}};
    al_o   = {ROB{1'b0}};
    dm_o   = {ROB{1'b0}};
    ll_o   = {ROB{1'b0}};
    wp_o   = {ROB{1'b0}};
    mbr_o  = {ROB{1'b0}};
    pd_o   = {ROB{1'b0}};
    mbs_o  = {W{1'b0}};
    wp_n_o = {WW{1'b0}};
    tail   = {ROBI{1'b0}};
    e      = {EW{1'b0}};
    slot   = {ROBI{1'b0}};
    prod   = {ROBI{1'b0}};
    dm     = 1'b0;
    oh     = {ROB{1'b0}};
    pd     = 1'b0;
    dj     = {ROB{1'b0}};
    far    = 16'd0;
    sa     = 0;
    sb     = 0;
    sr     = 0;
    nv     = 0;
    djx    = {(2 * ROB){1'b0}};
    if (disp_g_i[0]) begin
      tail = rob_tail_i;
      for (j = 0; j < W; j = j + 1) begin
        if (disp_g_i[j]) begin
          e    = e_i[j*EW +: EW];
          sa   = {{(32 - ROBI){1'b0}}, tail} + j;
          if (!POW2 && sa >= ROB) sa = sa - ROB;
          slot = sa[ROBI-1:0];
          sb   = {{(32 - ROBI){1'b0}}, slot} - {28'd0, e[7:4]};
          if (!POW2) begin
            if (sb < 0) sb = sb + ROB;
            if (sb < 0) sb = 0;
          end
          prod = sb[ROBI-1:0];
          dm   = (e[1:0] == CLS_LOAD) && e[2] && !perf_dc_i;
          oh   = {{(ROB - 1){1'b0}}, 1'b1} << slot;
          slot_o[j*ROBI +: ROBI] = slot;
          prod_o[j*ROBI +: ROBI] = prod;
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
          sr     = j + 1;
          if (sr >= ROB) sr = sr - ROB;
          djx    = {dn, dn} >> sr;
          dj     = djx[ROB-1:0];
          nv     = POW2 ? ~{28'd0, e[7:4]} : ROB - 1 - ({28'd0, e[7:4]} % ROB);
          far    = far0 << j;
          pd     = 1'b0;
          if (e[7:4] == 4'd0 || far[e[7:4]]) begin
            pd = 1'b1;           // no producer in the ROB
          end else if ({28'd0, e[7:4]} > j && dj[nv[ROBI-1:0]]) begin
            pd = 1'b1;           // (a producer in this group is not done)
          end
          if (pd) pd_o = pd_o | oh;
        end
      end
    end
    c_n_o = disp_n_i - wp_n_o;
  end

endmodule

// StallScope PMU: lane picks as an index into pmu_evctl's lane tables (spec 2.1, 4.1, 6).
//
// pmu_evctl reads the event value V of a programmable counter from the lane tables of the
// threads, one per thread, each of NS = NL+1+PMU_LT_NCOMB entries:
//   entry l           lane l when an event/umask pair of the catalog names it alone
//                     (PMU_LT_LANES): a count lane zero-extended, a condition lane as 1 when it
//                     is non-zero (spec 2.2); else 0 (never read),
//   entry NL          0,
//   entry NL+1+c      V's part of lane set c (PMU_LT_COMB: the lanes a pair names together):
//                     its count lanes summed plus 1 when one of its condition lanes is non-zero;
// a counter reads the entry of its own thread's table (with ANY: of every thread whose own
// privilege passes the counter's USR/OS, the entries summed; pmu_evctl, spec 4.1), so that one
// lookup per table gives the thread's part of V as V is defined.
// Entry e is at position PMU_LT_POS[e*8 +: 8] of the table (gen_map.py's lane_table: the
// narrowest entries first, so that the upper bits of a pick are muxes over small groups at the
// top); the zero entry at XZ = PMU_LT_XZ. pmu_evctl pads each table to 2^XW positions (no
// bounds check on an index) with don't-care positions (PMU_LT_ENT 255), which no index points at.
// pmu_lane_x turns the catalog's {valid, lane} picks (pmu_lane_pick) of an evtsel into the table
// index of XW = clog2(NS) bits (PMU_XW), a position: no valid pick reads XZ, one valid pick of
// lane l the position of entry l, valid picks of the lanes of set c that of entry NL+1+c.
// pmu_regs keeps the index (pick_q), computed when evtsel is written.
//
// Included inside pmu_regs (and the formal harnesses), after pmu_map.vh; pmu_evctl reads the
// layout from pmu_map.vh.

localparam          XW  = `PMU_XW;                     // table index width, clog2(NS)
localparam [31:0]   XZ32 = `PMU_LT_XZ;
localparam [XW-1:0] XZ  = XZ32[XW-1:0];                // the zero entry's position
localparam integer  LT_NS = `PMU_NL + 1 + `PMU_LT_NCOMB;
localparam [8*LT_NS-1:0] LT_POS = `PMU_LT_POS;         // entry e at position LT_POS[e*8 +: 8]
localparam integer  LT_NCB = (`PMU_LT_NCOMB > 0) ? `PMU_LT_NCOMB : 1;
localparam [32*LT_NCB-1:0] LT_COMB = `PMU_LT_COMB;     // (one word of 0 when PMU_LT_NCOMB is 0)

function automatic [XW-1:0] pmu_lane_x;
  input [`PMU_NPICK*(`PMU_LIW+1)-1:0] pk;    // pmu_lane_pick's {valid, lane} picks
  integer     j;
  integer     c;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]  e;   // a lane (< NL)
  /* verilator lint_on UNUSEDSIGNAL */
  reg [31:0]  ls;  // the lanes of the valid picks, bit l for lane l (NL <= 32: gen_map.py)
  begin
    pmu_lane_x = XZ;
    ls         = 32'd0;
    for (j = 0; j < `PMU_NPICK; j = j + 1) begin
      e = {{(32 - `PMU_LIW){1'b0}}, pk[j*(`PMU_LIW+1) +: `PMU_LIW]};
      if (pk[j*(`PMU_LIW+1)+`PMU_LIW]) begin
        pmu_lane_x = LT_POS[e[4:0]*8 +: XW];      // one valid pick: its lane's position
        ls         = ls | (32'd1 << e[4:0]);
      end
    end
    // Two or more valid picks: the entry of their set (every set a pair can name is one).
    for (c = 0; c < `PMU_LT_NCOMB; c = c + 1) begin
      if (ls == LT_COMB[c*32 +: 32]) begin
        pmu_lane_x = LT_POS[(`PMU_NL+1+c)*8 +: XW];
      end
    end
  end
endfunction

// StallScope PMU: lane picks as indices into pmu_evctl's lane tables (spec 2.1, 4.1, 6).
//
// pmu_evctl reads the event value V of a programmable counter from the lane tables of the
// threads, one per thread and pick position j, each of NS = NL+1+PMU_LT_NCOMB entries:
//   entry l           when pick j of some event/umask pair of the catalog can name lane l
//                     (PMU_PICK_LANES): a count lane zero-extended, a condition lane as 1 when
//                     it is non-zero (spec 2.2); else 0 (never read),
//   entry XZ = NL     0 (PMU_LT_XZ),
//   entry XZ+1+c      in the table of pick j0 of PMU_LT_COMB entry c: the OR of its two
//                     condition lanes (1 when either is non-zero);
// a counter adds, for each pick j, the entry of its own thread's table j (with ANY: of every
// thread whose own privilege passes the counter's USR/OS; pmu_evctl, spec 4.1): the count lanes
// summed plus 1 when a condition lane named holds, as V is defined, since a pair that names two
// condition lanes reads their OR once.
// pmu_evctl pads each table to 2^XW entries (no bounds check on an index) with don't-care
// entries above XZ+PMU_LT_NCOMB, which no index points at.
// pmu_lane_x turns the catalog's {valid, lane} picks (pmu_lane_pick) of an evtsel into table
// indices of XW = clog2(NS) bits (PMU_XW): a valid pick of lane l reads entry l, an invalid pick
// reads XZ, and the picks of two condition lanes named together read entry XZ+1+c and XZ. pmu_regs
// keeps these indices (pick_q), computed when evtsel is written.
//
// Included inside pmu_regs (and the formal harnesses), after pmu_map.vh; pmu_evctl reads the
// layout from pmu_map.vh.

localparam          XW  = `PMU_XW;                     // table index width, clog2(NS)
localparam [31:0]   XZ32 = `PMU_LT_XZ;
localparam [XW-1:0] XZ  = XZ32[XW-1:0];                // the zero entry
localparam integer  LT_NCB = (`PMU_LT_NCOMB > 0) ? `PMU_LT_NCOMB : 1;
localparam [32*LT_NCB-1:0] LT_COMB = `PMU_LT_COMB;     // (one word of 0 when PMU_LT_NCOMB is 0)

function automatic [`PMU_NPICK*XW-1:0] pmu_lane_x;
  input [`PMU_NPICK*(`PMU_LIW+1)-1:0] pk;    // pmu_lane_pick's {valid, lane} picks
  integer     j;
  integer     c;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]  e;   // bits 31:XW are 0 (e < NS)
  reg [31:0]  cb;  // PMU_LT_COMB entry c (lane bits above LIW are 0)
  reg [31:0]  ce;  // its table index (< 2^XW)
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    pmu_lane_x = {`PMU_NPICK{XZ}};
    for (j = 0; j < `PMU_NPICK; j = j + 1) begin
      e = {{(32 - `PMU_LIW){1'b0}}, pk[j*(`PMU_LIW+1) +: `PMU_LIW]};
      if (pk[j*(`PMU_LIW+1)+`PMU_LIW]) begin
        pmu_lane_x[j*XW +: XW] = e[XW-1:0];
      end
    end
    // Two condition lanes named together (PMU_LT_COMB entry c: pick j0 names lane l0, pick j1
    // lane l1): pick j0 reads their OR, entry XZ+1+c of its table; pick j1 the zero entry.
    for (c = 0; c < `PMU_LT_NCOMB; c = c + 1) begin
      cb = LT_COMB[c*32 +: 32];
      if (pk[cb[31:24]*(`PMU_LIW+1) +: `PMU_LIW+1] == {1'b1, cb[16 +: `PMU_LIW]}
          && pk[cb[15:8]*(`PMU_LIW+1) +: `PMU_LIW+1] == {1'b1, cb[0 +: `PMU_LIW]}) begin
        ce = XZ32 + 1 + c;
        pmu_lane_x[cb[31:24]*XW +: XW] = ce[XW-1:0];
        pmu_lane_x[cb[15:8]*XW +: XW]  = XZ;
      end
    end
  end
endfunction

// StallScope PMU: lane picks as indices into pmu_evctl's lane tables (spec 2.1, 4.1, 6).
//
// pmu_evctl reads the event value V of a programmable counter from the lane tables of the
// threads, one per thread and pick position j, each of NS = NL+1 entries:
//   entry l           lane l of the thread (zero-extended) when pick j of some event/umask pair
//                     of the catalog can name lane l (PMU_PICK_LANES), else 0 (never read),
//   entry XZ = NL     0 (PMU_LT_XZ);
// a counter adds, for each pick j, the entry of its own thread's table j (with ANY: of every
// thread whose own privilege passes the counter's USR/OS; pmu_evctl, spec 4.1).
// pmu_evctl pads each table to 2^XW entries (no bounds check on an index) with don't-care
// entries above XZ, which no index points at.
// pmu_lane_x turns the catalog's {valid, lane} picks (pmu_lane_pick) of an evtsel into table
// indices of XW = clog2(NS) bits (PMU_XW): a valid pick of lane l reads entry l, an invalid pick
// reads XZ. pmu_regs keeps these indices (pick_q), computed when evtsel is written.
//
// Included inside pmu_regs (and the formal harnesses), after pmu_map.vh; pmu_evctl reads the
// layout from pmu_map.vh.

localparam          XW  = `PMU_XW;                     // table index width, clog2(NS)
localparam [31:0]   XZ32 = `PMU_LT_XZ;
localparam [XW-1:0] XZ  = XZ32[XW-1:0];                // the zero entry

function automatic [`PMU_NPICK*XW-1:0] pmu_lane_x;
  input [`PMU_NPICK*(`PMU_LIW+1)-1:0] pk;    // pmu_lane_pick's {valid, lane} picks
  integer     j;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]  e;   // bits 31:XW are 0 (e < NS)
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    pmu_lane_x = {`PMU_NPICK{XZ}};
    for (j = 0; j < `PMU_NPICK; j = j + 1) begin
      e = {{(32 - `PMU_LIW){1'b0}}, pk[j*(`PMU_LIW+1) +: `PMU_LIW]};
      if (pk[j*(`PMU_LIW+1)+`PMU_LIW]) begin
        pmu_lane_x[j*XW +: XW] = e[XW-1:0];
      end
    end
  end
endfunction

// StallScope PMU: lane picks as indices into pmu_evctl's lane table (spec 2.1, 6).
//
// pmu_evctl reads the event value V of a programmable counter from one table per PMU:
//   entry u*NL + l           lane l of thread u (zero-extended),
//   entry THREADS*NL + l     lane l summed over all threads (for ANY),
//   entry XZ = (THREADS+1)*NL and every entry above it: 0.
// The table has 2^XW entries, so an index never needs a bounds check. pmu_lane_x turns the
// catalog's {valid, lane} picks (pmu_lane_pick) of an evtsel of thread t with the ANY bit any
// into table indices: a valid pick of lane l reads entry t*NL + l (ANY: THREADS*NL + l), an
// invalid pick reads XZ. pmu_regs keeps these indices (pick_q), computed when evtsel is written.
//
// Included inside a module that has the parameter THREADS, after pmu_map.vh.

localparam          XZI = (THREADS + 1) * `PMU_NL;     // the first zero entry
localparam          XW  = `PMU_XW(THREADS);            // table index width, $clog2(XZI + 1)
localparam [31:0]   XZ32 = XZI;
localparam [XW-1:0] XZ  = XZ32[XW-1:0];

function automatic [`PMU_NPICK*XW-1:0] pmu_lane_x;
  input [`PMU_NPICK*(`PMU_LIW+1)-1:0] pk;    // pmu_lane_pick's {valid, lane} picks
  input                               any;   // evtsel.any
  input [31:0]                        t;     // thread of the evtsel
  integer     j;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]  e;   // bits 31:XW are 0 (e < 2^XW)
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    pmu_lane_x = {`PMU_NPICK{XZ}};
    for (j = 0; j < `PMU_NPICK; j = j + 1) begin
      e = (any ? THREADS : t) * `PMU_NL + {{(32 - `PMU_LIW){1'b0}}, pk[j*(`PMU_LIW+1) +: `PMU_LIW]};
      if (pk[j*(`PMU_LIW+1)+`PMU_LIW]) begin
        pmu_lane_x[j*XW +: XW] = e[XW-1:0];
      end
    end
  end
endfunction

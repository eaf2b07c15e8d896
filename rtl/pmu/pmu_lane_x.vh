// StallScope PMU: lane picks as lane-set selects for pmu_evctl (spec 2.1, 2.2, 4.1, 6).
//
// The catalog's event/umask pairs select NSET distinct lane sets (PMU_NSET; set s holds the
// lanes of PMU_SET_LANES[s*NL +: NL], scripts/gen/gen_map.py lane_sets). pmu_evctl computes,
// per thread, each set's value once (its count lanes summed, plus 1 when one of its condition
// lanes holds, spec 2.2); a programmable counter's V is the value of its set in its own thread
// (with ANY: summed over the threads whose own privilege passes, spec 4.1), an AND-OR over the
// sets with the counter's select bits.
// pmu_lane_x turns the catalog's {valid, lane} picks (pmu_lane_pick) of an evtsel into the NSET
// select bits (PKW): bit s is set when the picks name exactly the lanes of set s; at most one
// bit is set, none when the pair selects no lane. pmu_regs keeps them (pick_q), computed when
// evtsel is written.
//
// Included inside pmu_regs (and the formal harnesses), after pmu_map.vh; pmu_evctl reads the
// sets from pmu_map.vh.

localparam                             PKW   = `PMU_NSET;   // select bits of one event select
localparam [`PMU_NSET*`PMU_NL-1:0]     SLANE = `PMU_SET_LANES;

function automatic [`PMU_NSET-1:0] pmu_lane_x;
  input [`PMU_NPICK*(`PMU_LIW+1)-1:0] pk;    // pmu_lane_pick's {valid, lane} picks
  integer            j;
  integer            s;
  reg [`PMU_NL-1:0]  m;   // the lanes the valid picks name
  begin
    m = {`PMU_NL{1'b0}};
    for (j = 0; j < `PMU_NPICK; j = j + 1) begin
      if (pk[j*(`PMU_LIW+1)+`PMU_LIW]) begin
        m = m | ({{(`PMU_NL - 1){1'b0}}, 1'b1} << pk[j*(`PMU_LIW+1) +: `PMU_LIW]);
      end
    end
    for (s = 0; s < `PMU_NSET; s = s + 1) begin
      pmu_lane_x[s] = (m == SLANE[s*`PMU_NL +: `PMU_NL]);
    end
  end
endfunction

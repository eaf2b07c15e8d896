// The reference lanes (spec 2.1) and event count V of one programmable counter (spec 2.2, 4.1),
// shared by fv_evcnt and fv_top. Included inside a module with parameters THREADS, W (pipeline
// width), NW (slot count width), NL (lanes per thread), NEXT (external lanes per thread) and LW
// (lane width), after pmu_map.vh. Not RTL: formal-only.
//
// Lane l of thread u is at [(u*NL+l)*LW +: LW]: CYCLES is 1, REF_TICK the tick, FILLED, ISSUED
// and RETIRED the slot counts, UNFILLED W - filled (0 when more than W are reported, computed at
// full width, then truncated to LW), the last NEXT lanes the external events; then every lane
// keeps its low min(bits, LW) bits (its width, PMU_LANE_BITS from pmu_params.json).
//
// Per thread u: the selected count lanes summed, plus 1 when one of its selected condition lanes
// (PMU_LANE_COND) is non-zero. V is the part of the counter's own thread kt; with ANY (or a
// core-scoped event) the sum of the parts of the threads whose own privilege passes (pok).

  localparam [NL-1:0] LCOND = `PMU_LANE_COND;
  localparam [NL*4-1:0] LBITS = `PMU_LANE_BITS;   // lane widths (spec 2.1)

  function automatic [THREADS*NL*LW-1:0] spec_lanes(input [THREADS*NW-1:0] fill,
                                                    input ref_tick,
                                                    input [THREADS*NW-1:0] issue,
                                                    input [THREADS*NW-1:0] retire,
                                                    input [THREADS*NEXT*LW-1:0] ext);
    reg [31:0] f32;
    reg [31:0] unf32;
    integer    u;
    integer    j;
    begin
      spec_lanes = {(THREADS * NL * LW){1'b0}};
      for (u = 0; u < THREADS; u = u + 1) begin
        f32   = {{(32 - NW){1'b0}}, fill[u*NW +: NW]};
        unf32 = (f32 < W) ? W - f32 : 32'd0;
        spec_lanes[(u*NL+`PMU_LANE_CYCLES)*LW +: LW]   = 1;
        spec_lanes[(u*NL+`PMU_LANE_REF_TICK)*LW +: LW] = {{(LW - 1){1'b0}}, ref_tick};
        spec_lanes[(u*NL+`PMU_LANE_FILLED)*LW +: LW]   = fill[u*NW +: NW];   // zero-extended or truncated
        spec_lanes[(u*NL+`PMU_LANE_UNFILLED)*LW +: LW] = unf32[LW-1:0];
        spec_lanes[(u*NL+`PMU_LANE_ISSUED)*LW +: LW]   = issue[u*NW +: NW];
        spec_lanes[(u*NL+`PMU_LANE_RETIRED)*LW +: LW]  = retire[u*NW +: NW];
        for (j = 0; j < NEXT; j = j + 1)
          spec_lanes[(u*NL + NL - NEXT + j)*LW +: LW] = ext[(u*NEXT + j)*LW +: LW];
        // every lane cut to its own width, the low min(bits, LW) bits (PMU_LANE_BITS)
        for (j = 0; j < NL; j = j + 1)
          if (LBITS[j*4 +: 4] < LW)
            spec_lanes[(u*NL+j)*LW +: LW] = spec_lanes[(u*NL+j)*LW +: LW] & ~({LW{1'b1}} << LBITS[j*4 +: 4]);
      end
    end
  endfunction

  function automatic [31:0] spec_v(input [NL-1:0] sel, input [THREADS*NL*LW-1:0] ln,
                                   input [THREADS-1:0] pok, input anyf, input [31:0] kt);
    reg [31:0] vu;
    reg        vc;
    integer    u;
    integer    l;
    begin
      spec_v = 0;
      for (u = 0; u < THREADS; u = u + 1) begin
        vu = 0;
        vc = 0;
        for (l = 0; l < NL; l = l + 1) begin
          if (sel[l]) begin
            if (LCOND[l]) vc = vc | (ln[(u*NL+l)*LW +: LW] != 0);
            else          vu = vu + ln[(u*NL+l)*LW +: LW];
          end
        end
        if (anyf ? pok[u] : (u == kt)) spec_v = spec_v + vu + vc;
      end
    end
  endfunction

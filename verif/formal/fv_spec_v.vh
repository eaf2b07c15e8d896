// The reference event count V of one programmable counter (spec 2.2, 4.1), shared by fv_evcnt
// and fv_top. Included inside a module with parameters THREADS, NL (lanes per thread) and LW
// (lane width), after pmu_map.vh. Not RTL: formal-only.
//
// Per thread u: the selected count lanes summed, plus 1 when one of its selected condition lanes
// (PMU_LANE_COND) is non-zero. V is the part of the counter's own thread kt; with ANY (or a
// core-scoped event) the sum of the parts of the threads whose own privilege passes (pok).

  localparam [NL-1:0] LCOND = `PMU_LANE_COND;

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

// StallScope core stub: population count of an N-bit vector (the number of set bits), a tree of
// adds. Level l holds the sums of 2^l bits each (level 0: the bits themselves), sum i in the
// field of 2^l bits at bit i*2^l (a sum of 2^l bits fits in l+1 <= 2^l bits from level 1 on;
// the vector is padded to a power of two with zeros); level l+1 adds each even field to the
// odd field above it, one add over the level whose fields cannot carry into each other (the
// sum of two fields fits in the doubled field). log2(N) levels.

module core_popcnt #(
  parameter N  = 32,
  parameter CW = $clog2(N + 1)        // count width (holds 0..N)
) (
  input  wire [N-1:0]  v_i,
  output wire [CW-1:0] cnt_o
);

  localparam L  = (N > 1) ? $clog2(N) : 1;   // levels of adds
  localparam NP = 1 << L;                     // N padded

  // the fields of level l+1 (2^(l+1) bits): the low half of each (an even field of level l)
  function [NP-1:0] lomask;
    input integer l;
    integer       b;
    begin
      for (b = 0; b < NP; b = b + 1) lomask[b] = ((b >> l) & 1) == 0;
    end
  endfunction

  genvar l;
  generate
    for (l = 0; l <= L; l = l + 1) begin : g_lv
      wire [NP-1:0] s;
      if (l == 0) begin : g_in
        assign s = {{(NP - N){1'b0}}, v_i};
      end else begin : g_add
        localparam [NP-1:0] M = lomask(l - 1);
        assign s = (g_lv[l-1].s & M) + ((g_lv[l-1].s >> (1 << (l - 1))) & M);
      end
    end
  endgenerate

  // (the top sum has NP >= CW bits; its bits above CW are 0)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NP-1:0] top = g_lv[L].s;
  /* verilator lint_on UNUSEDSIGNAL */
  assign cnt_o = top[CW-1:0];

endmodule

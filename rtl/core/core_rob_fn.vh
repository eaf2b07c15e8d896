// StallScope core stub: helpers on ROB indices and ROB-entry bit vectors (entry i at bit i).
// Included inside a module body; the module defines the parameters ROB (entries), ROBI (index
// width) and ROBC (count width, holds 0..ROB).

// (a + b) mod ROB, for a < ROB and b <= ROB; with a power-of-two ROB the wrap is the carry
// that falls off.
function [ROBI-1:0] rob_add;
  input [ROBI-1:0] a;
  input integer    b;
  integer          s;
  begin
    s = {{(32 - ROBI){1'b0}}, a} + b;
    if (((ROB & (ROB - 1)) != 0) && s >= ROB) s = s - ROB;
    rob_add = s[ROBI-1:0];
  end
endfunction

// Rotate right by h < ROB: bit k of the result is bit (h + k) mod ROB of v, so rotating by the
// head puts the entries in age order.
function [ROB-1:0] rotr;
  input [ROB-1:0]  v;
  input [ROBI-1:0] h;
  /* verilator lint_off UNUSEDSIGNAL */  // the upper copy only feeds the shift
  reg   [2*ROB-1:0] x;
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    x    = {v, v} >> h;
    rotr = x[ROB-1:0];
  end
endfunction

// Rotate left by h < ROB (the inverse of rotr: age order back to entry order).
function [ROB-1:0] rotl;
  input [ROB-1:0]  v;
  input [ROBI-1:0] h;
  /* verilator lint_off UNUSEDSIGNAL */  // the lower copy only feeds the shift
  reg   [2*ROB-1:0] x;
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    x    = {v, v} << h;
    rotl = x[2*ROB-1:ROB];
  end
endfunction

// The n lowest bits set, n <= ROB.
function [ROB-1:0] lowmask;
  input [ROBC-1:0] n;
  /* verilator lint_off UNUSEDSIGNAL */  // bit ROB only carries the shift
  reg   [ROB:0]    x;
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    x       = ({{ROB{1'b0}}, 1'b1} << n) - 1'b1;
    lowmask = x[ROB-1:0];
  end
endfunction

// Number of set bits: an adder tree per 32-bit chunk (no loop over the bits).
function [31:0] popc;
  input [ROB-1:0]                 v;
  reg   [((ROB+31)/32)*32-1:0]    x;
  reg   [31:0]                    y;
  integer                         n;
  begin
    x          = {(((ROB + 31) / 32) * 32){1'b0}};
    x[ROB-1:0] = v;
    popc       = 32'd0;
    for (n = 0; n < (ROB + 31) / 32; n = n + 1) begin
      y    = x[n*32 +: 32];
      y    = y - ((y >> 1) & 32'h55555555);                 // 2-bit sums
      y    = (y & 32'h33333333) + ((y >> 2) & 32'h33333333); // 4-bit sums
      y    = (y + (y >> 4)) & 32'h0f0f0f0f;                 // byte sums
      y    = y + (y >> 8);
      y    = y + (y >> 16);
      popc = popc + {26'd0, y[5:0]};
    end
  end
endfunction

// Index of the lowest set bit of v (v != 0): the number of bits below it.
function [ROBI-1:0] ctz;
  input [ROB-1:0] v;
  /* verilator lint_off UNUSEDSIGNAL */  // the count is below ROB
  reg   [31:0]    n;
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    n   = popc((v & (~v + 1'b1)) - 1'b1);
    ctz = n[ROBI-1:0];
  end
endfunction

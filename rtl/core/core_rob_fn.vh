// StallScope core stub: helpers on ROB indices and ROB-entry bit vectors (entry i at bit i).
// Included inside a module body; the module defines the parameters ROB (entries) and ROBI (index
// width). The population count is a module of its own (core_popcnt), as is a dispatch slot's
// index arithmetic (core_disp_idx).

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

// Bit b of an entry index, over all entries: bit k of slice b is bit b of k (the index encoder's
// masks, a constant).
function [ROBI*ROB-1:0] idx_masks;
  /* verilator lint_off UNUSEDSIGNAL */  // a function needs an input
  input integer dummy;
  /* verilator lint_on UNUSEDSIGNAL */
  integer       b;
  integer       k;
  begin
    idx_masks = {(ROBI * ROB){1'b0}};
    for (b = 0; b < ROBI; b = b + 1) begin
      for (k = 0; k < ROB; k = k + 1) begin
        idx_masks[b*ROB+k] = ((k >> b) & 1) == 1;
      end
    end
  end
endfunction

/* verilator lint_off UNUSEDPARAM */  // modules that find no lowest set bit
localparam [ROBI*ROB-1:0] IDX_MASKS = idx_masks(0);
/* verilator lint_on UNUSEDPARAM */

// Prefix OR: bit k is set when a bit at or below k is set in v (a log-depth OR tree, no carry
// chain).
function [ROB-1:0] pfx;
  input [ROB-1:0] v;
  integer         d;
  begin
    pfx = v;
    for (d = 1; d < ROB; d = d * 2) pfx = pfx | (pfx << d);
  end
endfunction

// Index of the set bit of a one-hot v: each bit of the index is an OR over the entries whose
// index has that bit.
function [ROBI-1:0] ohidx;
  input [ROB-1:0] v;
  integer         b;
  begin
    ohidx = {ROBI{1'b0}};
    for (b = 0; b < ROBI; b = b + 1) ohidx[b] = (v & IDX_MASKS[b*ROB +: ROB]) != {ROB{1'b0}};
  end
endfunction

// Index of the lowest set bit of v (v != 0): the bits at and above it are the prefix OR of v,
// the lowest one is the only set bit without a set bit below (then ohidx).
function [ROBI-1:0] ctz;
  input [ROB-1:0] v;
  begin
    ctz = ohidx(v & ~(pfx(v) << 1));
  end
endfunction

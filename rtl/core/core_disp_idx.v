// StallScope core stub: the ROB entry of dispatch slot J and its producer's done bit
// (core_dispatch). With the tail (the first free entry) and the slot's dependence distance D
// (0..15):
//   slot_o  entry tail + J mod ROB, the slot's entry;
//   pdn_o   the done bit of entry tail + J - D, its producer's, from dn_i, the done bits rotated
//           so that bit k is entry tail + k: bit (J - D) mod ROB, picked by D itself (bit -1 - D
//           of dn_i rotated by J + 1, a constant rotation; with a power-of-two ROB -1 - D mod
//           ROB is D's bits inverted), so no subtraction lies between D and the bit. Meaningful
//           for D > J (a producer dispatched before this cycle).
// With a power-of-two ROB the wrap of tail + J is the carry that falls off.

module core_disp_idx #(
  parameter ROB  = 32,
  parameter ROBI = 5,            // ROB index width
  parameter J    = 0             // the dispatch slot (0..W-1, W <= ROB)
) (
  input  wire [ROBI-1:0] tail_i,
  input  wire [3:0]      dist_i,
  input  wire [ROB-1:0]  dn_i,
  output reg  [ROBI-1:0] slot_o,
  output reg             pdn_o
);

  localparam        POW2  = (ROB & (ROB - 1)) == 0;
  localparam [31:0] J32   = J;
  localparam [31:0] JR    = (J + 1) % ROB;          // the rotation of dn_i

  /* verilator lint_off UNUSEDSIGNAL */  // the upper copy only feeds the rotation
  wire [2*ROB-1:0] djx = {dn_i, dn_i} >> JR;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [ROB-1:0]   dj  = djx[ROB-1:0];               // dn_i rotated by J + 1
  wire [ROBI+4:0]  d   = {{(ROBI + 1){1'b0}}, dist_i};

  generate
    if (POW2) begin : g_pow2
      /* verilator lint_off UNUSEDSIGNAL */  // the index is its low ROBI bits
      wire [ROBI+4:0] nv = ~d;                     // -1 - D mod ROB
      /* verilator lint_on UNUSEDSIGNAL */
      always @* begin
        slot_o = tail_i + J32[ROBI-1:0];
        pdn_o  = dj[nv[ROBI-1:0]];
      end
    end else begin : g_wrap
      localparam [31:0]     ROB32 = ROB;
      localparam [ROBI+4:0] ROBX  = ROB32[ROBI+4:0];
      reg [ROBI+4:0] sa;             // tail + J
      /* verilator lint_off UNUSEDSIGNAL */  // the index is its low ROBI bits
      reg [ROBI+4:0] nv;             // -1 - D mod ROB
      /* verilator lint_on UNUSEDSIGNAL */
      always @* begin
        sa     = {5'd0, tail_i} + J32[ROBI+4:0];
        if (sa >= ROBX) sa = sa - ROBX;
        slot_o = sa[ROBI-1:0];
        nv     = ROBX - 1 - (d % ROBX);
        pdn_o  = dj[nv[ROBI-1:0]];
      end
    end
  endgenerate

endmodule

// StallScope core stub: synthetic instruction generator of one thread (docs/core.md section 6).
//
// Two xorshift64 streams. Correct path: one 64-bit draw per attribute word, advanced by the
// number of correct-path words the fetch unit consumed this cycle (0..W), with the mix's
// probabilities; the kernel-mode bit follows a per-thread mode flag that toggles with a small
// probability, so kernel time comes in bursts. Wrong path: one draw per block of W words (a
// byte each), advanced whenever a wrong-path block was fetched. Because the correct-path
// stream only moves when correct-path words are consumed, the correct path is the same whatever
// the wrong path, the fetch timing and the knobs were.
//
// Loop mode (loop_i = n > 0, cfg bits 7:5): the correct path repeats every L = 2^(n+3) words.
// The word at a position that is a multiple of L is decoded from the stream's first draw after
// reset in user mode, exactly as the first word after reset is, so the stream runs through the
// same L words again and again, as the code of a loop would; such a word carries bit 9
// (position 0 of the loop), from which commit counts program addresses modulo L. With loop_i 0
// no word wraps and the stream is the plain one.
//
// Both streams keep their next W words decoded in registers: the correct path shifts out the
// consumed words and decodes as many new ones from the draws after the last one (last_q); the
// wrong path decodes its next block when the current one is consumed. The correct-path words
// depend on the mix, which is only constant once reset is over (the configuration is sampled
// during reset), so those registers are loaded at the first clock edge after reset (valid_q),
// from the W draws from the stream's first draw on (sd_q, loaded in reset; kernel mode 0): the
// same draw chain, its word 0 restarting at sd_q as a loop position 0 does; the words are
// only ever read from the registers, and the fetch waits for them (valid_o: the first cycle
// after reset fetches nothing in generator mode), so no decode lies between the configuration
// and the fetch.

module core_gen #(
  parameter W   = 4,
  parameter WW  = 3
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire [2:0]      tid_i,      // the thread (salts the seed)
  input  wire [31:0]     seed_i,
  input  wire [7:0]      mix_i,
  input  wire [2:0]      loop_i,     // 0: the plain stream; n: the correct path repeats every
                                     //   2^(n+3) words
  input  wire            perf_ic_i,  // knobs: perfect Icache, perfect branch prediction (for
  input  wire            perf_bp_i,  //   kcr_o)
  input  wire            go_i,       // a correct-path block is fetched this cycle: kc_i words
  input  wire [WW-1:0]   kc_i,       //   are consumed (0..W; kcr_o or 0, from registers, valid
                                     //   whether fetched or not)
  input  wire            adv_wp_i,   // the wrong-path block was consumed this cycle
  output wire            valid_o,    // attr_o holds the next W words (from the 2nd cycle)
  output wire [W*16-1:0] attr_o,     // the next W correct-path words (bit 9: loop position 0)
  output wire [WW-1:0]   kcr_o,      // of them, the correct-path words of a block (core_fetch's
                                     //   cut but word 0's Icache miss: a register)
  output wire [W*16-1:0] wp_attr_o   // the next W wrong-path words
);

  // The correct path's next state is one always block (below): a chain of W xorshift steps, each
  // draw decoded into its word beside the chain, then the block's cut over the new words; the
  // wrong path's and the reset values are one block each.

  // Per-thread seed salts: odd multiples of the 64-bit golden ratio (the reset values below).
  localparam [63:0] GOLD   = 64'h9e3779b97f4a7c15;
  localparam [63:0] SALT_X = 64'h5851f42d4c957f2d;
  localparam [31:0] W32    = W;

  // Probabilities of the mix (docs/core.md "Generator"): class thresholds are cumulative, in
  // 1/256; miss and dependence probabilities in 1/256; Icache misses in 1/4096; chain: every
  // dependence is on the previous instruction. Every threshold is below 256. Packed as {chain,
  // p_dep, p_ic, p_brm, p_ldm, t_load, t_long, t_alu}.
  localparam THW = 1 + 7 * 8;
  reg [THW-1:0] th;
  always @* begin
    case (mix_i)
      8'd1:    th = {1'b0, 8'd128, 8'd2,   8'd8,  8'd80, 8'd224, 8'd96,  8'd96};   // memory
      8'd2:    th = {1'b0, 8'd128, 8'd4,   8'd40, 8'd8,  8'd160, 8'd128, 8'd128};  // branchy
      8'd3:    th = {1'b0, 8'd192, 8'd2,   8'd8,  8'd8,  8'd224, 8'd192, 8'd64};   // long-lat
      8'd4:    th = {1'b1, 8'd224, 8'd2,   8'd8,  8'd16, 8'd240, 8'd208, 8'd192};  // dep chain
      8'd5:    th = {1'b0, 8'd128, 8'd128, 8'd16, 8'd16, 8'd224, 8'd176, 8'd160};  // Icache
      default: th = {1'b0, 8'd160, 8'd8,   8'd16, 8'd32, 8'd218, 8'd154, 8'd128};  // mixed
    endcase
  end

  // ---------------------------------------------------------------------------------------------
  // Correct path
  // ---------------------------------------------------------------------------------------------
  reg [63:0]     sd_q;     // the stream's first draw after its seeded state (its words from
                           // it on are decoded into attr_q while valid_q is 0)
  reg [63:0]     sd_r;     //   its reset value (below)
  reg            valid_q;  // attr_q and last_q hold the next W words (from the first edge
                           // after reset)
  reg [W*16-1:0] attr_q;   // the next W words
  reg [W*16-1:0] attr_d;
  reg [63:0]     last_q;   // the draw of the last of them
  reg [63:0]     last_d;
  reg [9:0]      rem_q;    // loop mode: the words after the last of them before the next
  reg [9:0]      rem_d;    //   loop position 0, modulo L (0: the next word is at position 0)

  // Loop mode: L = 2^(loop_i+3) words (lmask: L - 1); nwr[j]: the j-th word after the last one is
  // at loop position 0 (a register loaded with rem_q, from rem_d and the configuration, so no
  // compare lies between the registers and the draws). Of the first W words after reset
  // (positions 0 .. W-1, iwr) only word 0 is, since L >= 16 > W. nwr_q also picks the draws:
  // word j's draw restarts at sd_q where nwr_q[j] is set; its reset value sets word 0's only, in
  // loop mode or not, so the first W words after reset are drawn by the same chain (from sd_q
  // on), and no valid_q choice lies on it.
  wire           lon   = loop_i != 3'd0;
  wire [9:0]     lmask = ~(10'h3ff << ({1'b0, loop_i} + 4'd3));
  wire [W-1:0]   iwr   = {{(W - 1){1'b0}}, lon};
  wire [W-1:0]   nwr_r = {{(W - 1){1'b0}}, 1'b1};
  reg  [W-1:0]   nwr_q;    // nwr of rem_q, loaded with rem_q (no compare after the register);
  reg  [W-1:0]   nwr_d;    //   nwr_r in reset

  // The correct-path words of a block of the W words (core_fetch): cut before an Icache-miss
  // word other than the first and after a mispredicted branch (word 0's miss, which depends on
  // whether it has been serviced, is core_fetch's). A register loaded with the words, so the
  // count is formed when the words change (a fetch), not in every cycle the thread can fetch.
  localparam [1:0] CLS_BR = 2'd3;
  reg  [WW-1:0]  kcr_q;
  reg  [WW-1:0]  kcr_d;

  assign attr_o  = attr_q;
  assign kcr_o   = kcr_q;
  assign valid_o = valid_q;

  // Next state: while valid_q is 0 (reset and the first cycle after it: nothing is fetched), the
  // W words decoded from the stream's first W draws (from sd_q on, nwr_q = nwr_r; kernel mode 0;
  // L >= 16 > W: only word 0 of the first W can be at loop position 0, iwr). Then
  // consume the block's words: shift them out and decode as many new words from the draws after
  // the last one (the kernel-mode chain goes on from the last word's mode bit). The W draws after
  // the last one and their words do not depend on the count (from registers), and the count
  // (kc_i) comes from registers too: the state after consuming it is formed whether the block is
  // fetched or not, and go_i only picks it (words above kc_i - 1 fall off the top), so no path
  // runs from the fetch slot through the shift or the loop position's subtraction. nwr_q holds
  // nwr of rem_q when nothing is consumed (both are loaded at the first edge after reset, and
  // the configuration is constant after it).
  // Draw j is one xorshift64 step (Marsaglia 13/7/17) after draw j-1 (draw -1: last_q), or the
  // stream's first draw after reset (sd_q) when nwr_q[j] is set (above). Word j
  // from draw r, kernel mode km and the mix's thresholds th; fields of r: [7:0] class, [15:8]
  // miss, [27:16] Icache miss, [35:28] has a dependence, [38:36] distance - 1, [47:40]
  // kernel-mode toggle (enter 1/256, leave 8/256); bit 8 is the new mode, bit 9 loop position 0.
  reg [WW-1:0]   adv;      // the words consumed
  reg [W-1:0]    wr;       // the new words at loop position 0
  reg [9:0]      rem_b;
  reg [63:0]     y;        // draw j
  reg            km;       // the kernel mode before word j
  reg [1:0]      cls;
  reg            miss;
  reg            ic;
  reg [3:0]      dep;
  reg [W*16-1:0] nw;       // the new words
  reg            cut;
  integer        j;
  always @* begin
    j       = 0;           // loop variable: assigned on every path (no latch)
    attr_d  = attr_q;
    last_d  = last_q;
    rem_d   = rem_q;
    nwr_d   = nwr_q;
    kcr_d   = kcr_q;
    adv     = {WW{1'b0}};
    wr      = {W{1'b0}};
    rem_b   = {10{1'b0}};
    y       = {64{1'b0}};
    km      = 1'b0;
    cls     = 2'd0;
    miss    = 1'b0;
    ic      = 1'b0;
    dep     = 4'd0;
    nw      = {(W * 16){1'b0}};
    cut     = 1'b0;
    if (!valid_q || (go_i && kc_i != {WW{1'b0}})) begin
      adv   = valid_q ? kc_i : W32[WW-1:0];
      wr    = valid_q ? nwr_q : iwr;
      rem_b = valid_q ? rem_q : 10'd0;
      km    = valid_q && attr_q[(W-1)*16+8];
      y     = last_q;
      for (j = 0; j < W; j = j + 1) begin
        if (nwr_q[j]) begin
          y = sd_q;
        end else begin
          y = y ^ (y << 13);
          y = y ^ (y >> 7);
          y = y ^ (y << 17);
        end
        if (j + 1 == {{(32 - WW){1'b0}}, adv}) last_d = y;
        if (y[7:0] < th[7:0]) begin
          cls = 2'd0;
        end else if (y[7:0] < th[15:8]) begin
          cls = 2'd1;
        end else if (y[7:0] < th[23:16]) begin
          cls = 2'd2;
        end else begin
          cls = 2'd3;
        end
        miss = ((cls == 2'd2) && (y[15:8] < th[31:24])) ||
               ((cls == 2'd3) && (y[15:8] < th[39:32]));
        ic   = y[27:16] < {4'd0, th[47:40]};
        if (y[35:28] < th[55:48]) begin
          dep = th[56] ? 4'd1 : {1'b0, y[38:36]} + 4'd1;
        end else begin
          dep = 4'd0;
        end
        km   = (km && !wr[j]) ? !(y[47:40] < 8'd8) : (y[47:40] == 8'd0);
        nw[j*16 +: 16] = {6'd0, wr[j], km, dep, ic, miss, cls};
      end
      attr_d = (attr_q >> ({{(32 - WW){1'b0}}, adv} * 16)) |
               (nw << ((W32 - {{(32 - WW){1'b0}}, adv}) * 16));
      rem_d  = (rem_b - {{(10 - WW){1'b0}}, adv}) & lmask;
      nwr_d  = (lon && rem_d < W32[9:0]) ? ({{(W - 1){1'b0}}, 1'b1} << rem_d) : {W{1'b0}};
      kcr_d  = W32[WW-1:0];
      for (j = W - 1; j > 0; j = j - 1) begin
        cut = (attr_d[j*16+3] && !perf_ic_i) ||
              (attr_d[(j-1)*16 +: 3] == {1'b1, CLS_BR} && !perf_bp_i);
        if (cut) kcr_d = j[WW-1:0];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Wrong path: wx_q is the draw of the next block (one xorshift step ahead of the stream's
  // state), wp_attr_q its words: no Icache misses, user mode; a byte of the draw per word: class
  // [1:0], Dcache miss / mispredict [3:2] == 0, dependence [7] ? 0 : [6:4].
  // ---------------------------------------------------------------------------------------------
  reg [63:0]     wx_q;
  reg [63:0]     wx_d;
  reg [63:0]     wx_r;     // its reset value (below)
  reg [W*16-1:0] wp_attr_q;
  reg [W*16-1:0] wp_attr_d;
  reg [W*16-1:0] wp_attr_r;
  reg [63:0]     z;
  reg [7:0]      by;
  integer        n;
  always @* begin
    n         = 0;         // loop variable: assigned on every path (no latch)
    wx_d      = wx_q;
    wp_attr_d = wp_attr_q;
    z         = {64{1'b0}};
    by        = 8'd0;
    if (adv_wp_i) begin
      z         = wx_q ^ (wx_q << 13);
      z         = z ^ (z >> 7);
      wx_d      = z ^ (z << 17);
      for (n = 0; n < W; n = n + 1) begin
        by = wx_d[(n % 8)*8 +: 8];
        wp_attr_d[n*16 +: 16] = {7'd0, 1'b0, (by[7] ? 4'd0 : {1'b0, by[6:4]}), 1'b0,
                                 (by[3:2] == 2'd0), by[1:0]};
      end
    end
  end
  assign wp_attr_o = wp_attr_q;

  // Reset values, formed in reset only: the seed spread over 64 bits and salted with the thread
  // number (never 0); the correct path's first draw after its seeded state, the wrong path's
  // first draw and its words.
  reg [63:0] sc;
  reg [63:0] sw;
  reg [63:0] v;
  reg [7:0]  vb;
  integer    q;
  always @* begin
    q         = 0;         // loop variable: assigned on every path (no latch)
    sd_r      = {64{1'b0}};
    wx_r      = {64{1'b0}};
    wp_attr_r = {(W * 16){1'b0}};
    sc        = {64{1'b0}};
    sw        = {64{1'b0}};
    v         = {64{1'b0}};
    vb        = 8'd0;
    if (!rst_ni) begin
      sc = {seed_i, ~seed_i} ^ (GOLD * {60'd0, tid_i, 1'b1});
      if (sc == 64'd0) sc = GOLD;
      sw = {~seed_i, seed_i} ^ ((GOLD * ({60'd0, tid_i, 1'b0} + 64'd2)) ^ SALT_X);
      if (sw == 64'd0) sw = GOLD;
      v    = sc ^ (sc << 13);
      v    = v ^ (v >> 7);
      sd_r = v ^ (v << 17);
      v    = sw ^ (sw << 13);
      v    = v ^ (v >> 7);
      wx_r = v ^ (v << 17);
      for (q = 0; q < W; q = q + 1) begin
        vb = wx_r[(q % 8)*8 +: 8];
        wp_attr_r[q*16 +: 16] = {7'd0, 1'b0, (vb[7] ? 4'd0 : {1'b0, vb[6:4]}), 1'b0,
                                 (vb[3:2] == 2'd0), vb[1:0]};
      end
    end
  end

  // Reset: both streams at their seeded states (sd_q keeps the correct path's first draw until
  // the next reset); the correct-path words are decoded from it until the first edge after
  // reset (nwr_q: word 0's draw is sd_q).
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sd_q      <= sd_r;
      valid_q   <= 1'b0;
      nwr_q     <= nwr_r;
      wx_q      <= wx_r;
      wp_attr_q <= wp_attr_r;
    end else begin
      valid_q   <= 1'b1;
      nwr_q     <= nwr_d;
      wx_q      <= wx_d;
      wp_attr_q <= wp_attr_d;
    end
  end

  // No reset: loaded at the first edge after reset.
  always @(posedge clk_i) begin
    attr_q  <= attr_d;
    last_q  <= last_d;
    rem_q   <= rem_d;
    kcr_q   <= kcr_d;
  end

endmodule

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
// from the W draws after the reset state (sd_q, loaded in reset; kernel mode 0); the words are
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

  // Per-thread seed salts: odd multiples of the 64-bit golden ratio (see seed_c, seed_w).
  localparam [63:0] GOLD   = 64'h9e3779b97f4a7c15;
  localparam [63:0] SALT_X = 64'h5851f42d4c957f2d;

  // One xorshift64 step (Marsaglia 13/7/17).
  function [63:0] xs64;
    input [63:0] x;
    reg   [63:0] y;
    begin
      y    = x ^ (x << 13);
      y    = y ^ (y >> 7);
      xs64 = y ^ (y << 17);
    end
  endfunction

  // Reset values: the seed spread over 64 bits and salted with the thread number t; never 0.
  function [63:0] seed_c;
    input [31:0] s;
    input [2:0]  t;
    begin
      seed_c = {s, ~s} ^ (GOLD * {60'd0, t, 1'b1});
      if (seed_c == 64'd0) seed_c = GOLD;
    end
  endfunction

  function [63:0] seed_w;
    input [31:0] s;
    input [2:0]  t;
    begin
      seed_w = {~s, s} ^ ((GOLD * ({60'd0, t, 1'b0} + 64'd2)) ^ SALT_X);
      if (seed_w == 64'd0) seed_w = GOLD;
    end
  endfunction

  // Probabilities of the mix (docs/core.md "Generator"): class thresholds are cumulative, in
  // 1/256; miss and dependence probabilities in 1/256; Icache misses in 1/4096; chain: every
  // dependence is on the previous instruction. Every threshold is below 256. Packed as {chain,
  // p_dep, p_ic, p_brm, p_ldm, t_load, t_long, t_alu}.
  localparam THW = 1 + 7 * 8;
  function [THW-1:0] thr;
    input [7:0] mx;
    begin
      case (mx)
        8'd1:    thr = {1'b0, 8'd128, 8'd2,   8'd8,  8'd80, 8'd224, 8'd96,  8'd96};   // memory
        8'd2:    thr = {1'b0, 8'd128, 8'd4,   8'd40, 8'd8,  8'd160, 8'd128, 8'd128};  // branchy
        8'd3:    thr = {1'b0, 8'd192, 8'd2,   8'd8,  8'd8,  8'd224, 8'd192, 8'd64};   // long-lat
        8'd4:    thr = {1'b1, 8'd224, 8'd2,   8'd8,  8'd16, 8'd240, 8'd208, 8'd192};  // dep chain
        8'd5:    thr = {1'b0, 8'd128, 8'd128, 8'd16, 8'd16, 8'd224, 8'd176, 8'd160};  // Icache
        default: thr = {1'b0, 8'd160, 8'd8,   8'd16, 8'd32, 8'd218, 8'd154, 8'd128};  // mixed
      endcase
    end
  endfunction

  // One correct-path word from a 64-bit draw r, kernel mode km and the mix's thresholds th;
  // bit 8 is the new mode. Fields of r: [7:0] class, [15:8] miss, [27:16] Icache miss, [35:28]
  // has a dependence, [38:36] distance - 1, [47:40] kernel-mode toggle (enter 1/256, leave
  // 8/256).
  function [15:0] dec;
    /* verilator lint_off UNUSEDSIGNAL */  // r[63:48] and r[39] are not used
    input [63:0]    r;
    /* verilator lint_on UNUSEDSIGNAL */
    input           km;
    input [THW-1:0] th;
    reg   [1:0]     cls;
    reg             miss;
    reg             ic;
    reg   [3:0]     dep;
    reg             kn;
    begin
      if (r[7:0] < th[7:0]) begin
        cls = 2'd0;
      end else if (r[7:0] < th[15:8]) begin
        cls = 2'd1;
      end else if (r[7:0] < th[23:16]) begin
        cls = 2'd2;
      end else begin
        cls = 2'd3;
      end
      miss = ((cls == 2'd2) && (r[15:8] < th[31:24])) ||
             ((cls == 2'd3) && (r[15:8] < th[39:32]));
      ic   = r[27:16] < {4'd0, th[47:40]};
      if (r[35:28] < th[55:48]) begin
        dep = th[56] ? 4'd1 : {1'b0, r[38:36]} + 4'd1;
      end else begin
        dep = 4'd0;
      end
      kn  = km ? !(r[47:40] < 8'd8) : (r[47:40] == 8'd0);
      dec = {7'd0, kn, dep, ic, miss, cls};
    end
  endfunction

  // The W correct-path words of the W draws d (draw j at bits j*64), the first with kernel mode
  // km before it (each word's mode bit [8] is the next one's km); word j at loop position 0
  // (wr[j]) starts in user mode, as after reset, and carries bit 9.
  function [W*16-1:0] dwords;
    input [W*64-1:0] d;
    input            km;
    input [W-1:0]    wr;
    input [THW-1:0]  th;
    reg   [15:0]     w;
    reg              k;
    integer          j;
    begin
      dwords = {(W * 16){1'b0}};
      k      = km;
      for (j = 0; j < W; j = j + 1) begin
        w                  = dec(d[j*64 +: 64], k && !wr[j], th);
        w[9]               = wr[j];
        dwords[j*16 +: 16] = w;
        k                  = w[8];
      end
    end
  endfunction
  // The W draws after state x (draw j at bits j*64); draw j restarts at d0, the stream's first
  // draw after reset, when its word is at loop position 0 (wr[j]).
  function [W*64-1:0] draws;
    input [63:0]  x;
    input [W-1:0] wr;
    input [63:0]  d0;
    reg   [63:0]  y;
    integer       j;
    begin
      draws = {(W * 64){1'b0}};
      y     = x;
      for (j = 0; j < W; j = j + 1) begin
        y                  = wr[j] ? d0 : xs64(y);
        draws[j*64 +: 64]  = y;
      end
    end
  endfunction
  // The wrong-path block from its draw: no Icache misses, user mode; a byte per word: class
  // [1:0], Dcache miss / mispredict [3:2] == 0, dependence [7] ? 0 : [6:4].
  function [W*16-1:0] wp_words;
    input [63:0] x;
    reg   [7:0]  by;
    integer      n;
    begin
      wp_words = {(W * 16){1'b0}};
      for (n = 0; n < W; n = n + 1) begin
        by = x[(n % 8)*8 +: 8];
        wp_words[n*16 +: 16] = {7'd0, 1'b0, (by[7] ? 4'd0 : {1'b0, by[6:4]}), 1'b0,
                                (by[3:2] == 2'd0), by[1:0]};
      end
    end
  endfunction

  localparam [31:0]   W32 = W;

  // ---------------------------------------------------------------------------------------------
  // Correct path
  // ---------------------------------------------------------------------------------------------
  reg [W*64-1:0] sd_q;     // the W draws after the state after reset (kernel mode 0); decoded
                           // into attr_q while valid_q is 0
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
  // (positions 0 .. W-1, iwr) only word 0 is, since L >= 16 > W.
  wire           lon   = loop_i != 3'd0;
  wire [9:0]     lmask = ~(10'h3ff << ({1'b0, loop_i} + 4'd3));
  wire [W-1:0]   iwr   = {{(W - 1){1'b0}}, lon};
  reg  [W-1:0]   nwr_q;    // nwr of rem_q, loaded with rem_q (no compare after the register)
  reg  [W-1:0]   nwr_d;
  wire [W-1:0]   nwr   = nwr_q;
  function [W-1:0] nwr_of;  // the j-th word after one with rem r is at loop position 0
    input [9:0] r;
    begin
      nwr_of = (lon && r < W32[9:0]) ? ({{(W - 1){1'b0}}, 1'b1} << r) : {W{1'b0}};
    end
  endfunction

  // The correct-path words of a block of the W words w (core_fetch): cut before an Icache-miss
  // word other than the first and after a mispredicted branch (word 0's miss, which depends on
  // whether it has been serviced, is core_fetch's). A register loaded with the words, so the
  // count is formed when the words change (a fetch), not in every cycle the thread can fetch.
  localparam [1:0] CLS_BR = 2'd3;
  function [WW-1:0] kcut;
    input [W*16-1:0] w;
    integer          g;
    reg              c;
    begin
      kcut = W32[WW-1:0];
      for (g = W - 1; g > 0; g = g - 1) begin
        c = (w[g*16+3] && !perf_ic_i) || (w[(g-1)*16 +: 3] == {1'b1, CLS_BR} && !perf_bp_i);
        if (c) kcut = g[WW-1:0];
      end
    end
  endfunction
  reg  [WW-1:0]  kcr_q;
  reg  [WW-1:0]  kcr_d;

  assign attr_o  = attr_q;
  assign kcr_o   = kcr_q;
  assign valid_o = valid_q;

  // Next state: while valid_q is 0 (reset and the first cycle after it: nothing is fetched), the
  // words decoded from the reset state. Then consume the block's words: shift them out and
  // decode as many new words from the draws after the last one (the kernel-mode chain goes on
  // from the last word's mode bit). The W draws after the last one and their words do not depend
  // on the count (from registers), and the count (kc_i) comes from registers too: the state after
  // consuming it is formed whether the block is fetched or not, and go_i only picks it (words
  // above kc_i - 1 fall off the top), so no path runs from the fetch slot through the shift or
  // the loop position's subtraction. nwr_q holds nwr of rem_q when nothing is consumed (both
  // are loaded at the first edge after reset, and the configuration is constant after it).
  reg [W*64-1:0] nd;
  reg [9:0]      rem_a;
  reg [31:0]     adv32;
  always @* begin
    attr_d  = attr_q;
    last_d  = last_q;
    rem_d   = rem_q;
    nwr_d   = nwr_q;
    kcr_d   = kcr_q;
    nd      = {(W * 64){1'b0}};
    rem_a   = {10{1'b0}};
    adv32   = {{(32 - WW){1'b0}}, kc_i};
    if (!valid_q) begin
      // L >= 16 > W: only word 0 of the first W can be at loop position 0, so the draws are
      // sd_q's in loop mode too
      attr_d  = dwords(sd_q, 1'b0, iwr, thr(mix_i));
      last_d  = sd_q[(W-1)*64 +: 64];
      rem_d   = (10'd0 - W32[9:0]) & lmask;   // the last word is at position W - 1
      nwr_d   = nwr_of(rem_d);
      kcr_d   = kcut(attr_d);
    end else if (go_i && kc_i != {WW{1'b0}}) begin
      nd      = draws(last_q, nwr, sd_q[63:0]);
      attr_d  = (attr_q >> (adv32 * 16)) |
                (dwords(nd, attr_q[(W-1)*16+8], nwr, thr(mix_i)) << ((W32 - adv32) * 16));
      last_d  = nd[(adv32 - 32'd1) * 64 +: 64];
      rem_a   = (rem_q - adv32[9:0]) & lmask;
      rem_d   = rem_a;
      nwr_d   = nwr_of(rem_a);
      kcr_d   = kcut(attr_d);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Wrong path: wx_q is the draw of the next block (one xorshift step ahead of the stream's
  // state), wp_attr_q its words.
  // ---------------------------------------------------------------------------------------------
  reg [63:0]     wx_q;
  reg [63:0]     wx_d;
  reg [W*16-1:0] wp_attr_q;
  reg [W*16-1:0] wp_attr_d;
  always @* begin
    wx_d      = wx_q;
    wp_attr_d = wp_attr_q;
    if (adv_wp_i) begin
      wx_d      = xs64(wx_q);
      wp_attr_d = wp_words(wx_d);
    end
  end
  assign wp_attr_o = wp_attr_q;

  // Reset: both streams at their seeded states (sd_q keeps the W draws after the correct path's
  // until the next reset); the correct-path words are decoded from them until the first edge
  // after reset.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sd_q      <= draws(seed_c(seed_i, tid_i), {W{1'b0}}, 64'd0);
      valid_q   <= 1'b0;
      wx_q      <= xs64(seed_w(seed_i, tid_i));
      wp_attr_q <= wp_words(xs64(seed_w(seed_i, tid_i)));
    end else begin
      valid_q   <= 1'b1;
      wx_q      <= wx_d;
      wp_attr_q <= wp_attr_d;
    end
  end

  // No reset: loaded at the first edge after reset.
  always @(posedge clk_i) begin
    attr_q  <= attr_d;
    last_q  <= last_d;
    rem_q   <= rem_d;
    nwr_q   <= nwr_d;
    kcr_q   <= kcr_d;
  end

endmodule

// StallScope core stub: synthetic instruction generator of one thread (docs/core.md section 6).
//
// Two xorshift64 streams. Correct path: one 64-bit draw per attribute word, advanced by the
// number of correct-path words the fetch unit consumed this cycle (0..W), with the mix's
// probabilities; the kernel-mode bit follows a per-thread mode flag that toggles with a small
// probability, so kernel time comes in bursts. Wrong path: one draw per block of W words (a
// byte each), advanced whenever a wrong-path block was fetched. Because the correct-path
// stream only moves when correct-path words are consumed, the correct path is the same whatever
// the wrong path, the fetch timing and the knobs were.

module core_gen #(
  parameter TID = 0,
  parameter W   = 4,
  parameter WW  = 3
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire [31:0]     seed_i,
  input  wire [7:0]      mix_i,
  input  wire [WW-1:0]   adv_i,      // correct-path words consumed this cycle (0..W)
  input  wire            adv_wp_i,   // the wrong-path block was consumed this cycle
  output reg  [W*16-1:0] attr_o,     // the next W correct-path words
  output reg  [W*16-1:0] wp_attr_o   // the next W wrong-path words
);

  // Per-thread seed salts (odd multiples of the 64-bit golden ratio).
  localparam [63:0] GOLD   = 64'h9e3779b97f4a7c15;
  localparam [63:0] SALT_C = GOLD * (2 * TID + 1);
  localparam [63:0] SALT_W = GOLD * (2 * TID + 2) ^ 64'h5851f42d4c957f2d;

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

  // Probabilities of the mix (docs/core.md "Generator"): class thresholds are cumulative, in
  // 1/256; miss and dependence probabilities in 1/256; Icache misses in 1/4096.
  reg [8:0]  t_alu;
  reg [8:0]  t_long;
  reg [8:0]  t_load;
  reg [8:0]  p_ldm;
  reg [8:0]  p_brm;
  reg [12:0] p_ic;
  reg [8:0]  p_dep;
  reg        chain;     // every dependence is on the previous instruction
  always @* begin
    chain = 1'b0;
    case (mix_i)
      8'd1: begin  // memory-bound
        t_alu = 9'd96;  t_long = 9'd96;  t_load = 9'd224;
        p_ldm = 9'd80;  p_brm  = 9'd8;   p_ic   = 13'd2;   p_dep = 9'd128;
      end
      8'd2: begin  // branchy
        t_alu = 9'd128; t_long = 9'd128; t_load = 9'd160;
        p_ldm = 9'd8;   p_brm  = 9'd40;  p_ic   = 13'd4;   p_dep = 9'd128;
      end
      8'd3: begin  // long-latency ALU
        t_alu = 9'd64;  t_long = 9'd192; t_load = 9'd224;
        p_ldm = 9'd8;   p_brm  = 9'd8;   p_ic   = 13'd2;   p_dep = 9'd192;
      end
      8'd4: begin  // dependence chain
        t_alu = 9'd192; t_long = 9'd208; t_load = 9'd240;
        p_ldm = 9'd16;  p_brm  = 9'd8;   p_ic   = 13'd2;   p_dep = 9'd224;
        chain = 1'b1;
      end
      8'd5: begin  // Icache-bound
        t_alu = 9'd160; t_long = 9'd176; t_load = 9'd224;
        p_ldm = 9'd16;  p_brm  = 9'd16;  p_ic   = 13'd128; p_dep = 9'd128;
      end
      default: begin  // 0 (and every unlisted value): mixed
        t_alu = 9'd128; t_long = 9'd154; t_load = 9'd218;
        p_ldm = 9'd32;  p_brm  = 9'd16;  p_ic   = 13'd8;   p_dep = 9'd160;
      end
    endcase
  end

  // One correct-path word from a 64-bit draw r and kernel mode km; bit 16 is the new mode.
  // Fields of r: [7:0] class, [15:8] miss, [27:16] Icache miss, [35:28] has a dependence,
  // [38:36] distance - 1, [47:40] kernel-mode toggle (enter 1/256, leave 8/256).
  /* verilator lint_off UNUSEDSIGNAL */  // r[63:48] and r[39] are not used
  reg [63:0] gr;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [1:0]  g_cls;
  reg        g_miss;
  reg        g_icm;
  reg [3:0]  g_dep;
  reg        g_kn;
  reg [63:0] s_q;    // correct-path state
  reg [63:0] s_d;
  reg        km_q;   // kernel mode of the next correct-path word
  reg        km_d;
  reg [63:0] wps_q;  // wrong-path state
  reg [63:0] wps_d;

  // The next W correct-path draws and words; one draw gives the whole wrong-path block, a byte
  // per word: class [1:0], Dcache miss / mispredict [3:2] == 0, dependence [7] ? 0 : [6:4].
  reg [(W+1)*64-1:0] s_chain;
  reg [W:0]          km_chain;
  reg [63:0]         wx;
  reg [7:0]          wb;
  integer            j;
  always @* begin
    s_chain        = {((W + 1) * 64){1'b0}};
    km_chain       = {(W + 1){1'b0}};
    s_chain[63:0]  = s_q;
    km_chain[0]    = km_q;
    attr_o         = {(W * 16){1'b0}};
    wp_attr_o      = {(W * 16){1'b0}};
    gr             = 64'd0;
    g_cls          = 2'd0;
    g_miss         = 1'b0;
    g_icm          = 1'b0;
    g_dep          = 4'd0;
    g_kn           = 1'b0;
    wx             = xs64(wps_q);
    wb             = 8'd0;
    for (j = 0; j < W; j = j + 1) begin
      s_chain[(j+1)*64 +: 64] = xs64(s_chain[j*64 +: 64]);
      gr = s_chain[(j+1)*64 +: 64];
      if ({1'b0, gr[7:0]} < t_alu) begin
        g_cls = 2'd0;
      end else if ({1'b0, gr[7:0]} < t_long) begin
        g_cls = 2'd1;
      end else if ({1'b0, gr[7:0]} < t_load) begin
        g_cls = 2'd2;
      end else begin
        g_cls = 2'd3;
      end
      g_miss = ((g_cls == 2'd2) && ({1'b0, gr[15:8]} < p_ldm)) ||
               ((g_cls == 2'd3) && ({1'b0, gr[15:8]} < p_brm));
      g_icm  = {1'b0, gr[27:16]} < p_ic;
      if ({1'b0, gr[35:28]} < p_dep) begin
        g_dep = chain ? 4'd1 : {1'b0, gr[38:36]} + 4'd1;
      end else begin
        g_dep = 4'd0;
      end
      g_kn = km_chain[j] ? !(gr[47:40] < 8'd8) : (gr[47:40] == 8'd0);
      km_chain[j+1]      = g_kn;
      attr_o[j*16 +: 16] = {7'd0, g_kn, g_dep, g_icm, g_miss, g_cls};
      // wrong path: no Icache misses, user mode
      wb = wx[(j % 8)*8 +: 8];
      wp_attr_o[j*16 +: 16] = {7'd0, 1'b0, (wb[7] ? 4'd0 : {1'b0, wb[6:4]}), 1'b0,
                               (wb[3:2] == 2'd0), wb[1:0]};
    end
  end

  // Next state: advance the correct path by adv_i words, the wrong path by a whole block.
  integer    k;
  always @* begin
    s_d   = s_q;
    km_d  = km_q;
    for (k = 0; k <= W; k = k + 1) begin
      if (adv_i == k[WW-1:0]) begin
        s_d  = s_chain[k*64 +: 64];
        km_d = km_chain[k];
      end
    end
    wps_d  = adv_wp_i ? wx : wps_q;
  end

  // Reset values: the seed spread over 64 bits and salted per thread; never 0.
  reg [63:0] seed_c;
  reg [63:0] seed_w;
  always @* begin
    seed_c = {seed_i, ~seed_i} ^ SALT_C;
    seed_w = {~seed_i, seed_i} ^ SALT_W;
    if (seed_c == 64'd0) seed_c = GOLD;
    if (seed_w == 64'd0) seed_w = GOLD;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      s_q   <= seed_c;
      km_q  <= 1'b0;
      wps_q <= seed_w;
    end else begin
      s_q   <= s_d;
      km_q  <= km_d;
      wps_q <= wps_d;
    end
  end

endmodule

// StallScope core stub: synthetic instruction generator of one thread (docs/core.md).
//
// Two xorshift64 streams: the correct path (advanced by the number of correct-path instructions
// the fetch unit consumed this cycle, 0..W) and the wrong path (advanced by W whenever a
// wrong-path block was fetched). Each 64-bit draw gives one 16-bit attribute word (docs/core.md
// "Generator" lists the fields and the mixes); the kernel-mode bit follows a per-thread mode
// flag that toggles with a small probability, so kernel time comes in bursts. Because the
// correct-path stream only moves when correct-path instructions are consumed, the correct path
// is the same whatever the wrong path and the fetch timing were.

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

  // One attribute word from a 64-bit draw r, mix and kernel mode km; bit 16 is the new mode.
  // Fields of r: [7:0] class, [15:8] miss, [27:16] Icache miss, [35:28] has a dependence,
  // [38:36] distance - 1, [47:40] kernel-mode toggle. Probabilities are in 1/256 (1/4096 for
  // the Icache), thresholds of the class are cumulative.
  function [16:0] gen_word;
    input [63:0] r;
    input [7:0]  mix;
    input        km;
    reg   [8:0]  t_alu;
    reg   [8:0]  t_long;
    reg   [8:0]  t_load;
    reg   [8:0]  p_ldm;
    reg   [8:0]  p_brm;
    reg   [12:0] p_ic;
    reg   [8:0]  p_dep;
    reg          chain;
    reg   [1:0]  cls;
    reg          miss;
    reg          icm;
    reg   [3:0]  dep;
    reg          tog;
    reg          kn;
    begin
      chain = 1'b0;
      case (mix)
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
        8'd4: begin  // dependence chain: every dependence is on the previous instruction
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
      if ({1'b0, r[7:0]} < t_alu) begin
        cls = 2'd0;
      end else if ({1'b0, r[7:0]} < t_long) begin
        cls = 2'd1;
      end else if ({1'b0, r[7:0]} < t_load) begin
        cls = 2'd2;
      end else begin
        cls = 2'd3;
      end
      miss = ((cls == 2'd2) && ({1'b0, r[15:8]} < p_ldm)) ||
             ((cls == 2'd3) && ({1'b0, r[15:8]} < p_brm));
      icm  = {1'b0, r[27:16]} < p_ic;
      if ({1'b0, r[35:28]} < p_dep) begin
        dep = chain ? 4'd1 : {1'b0, r[38:36]} + 4'd1;
      end else begin
        dep = 4'd0;
      end
      tog      = km ? (r[47:40] < 8'd8) : (r[47:40] == 8'd0);
      kn       = km ^ tog;
      gen_word = {kn, 7'd0, kn, dep, icm, miss, cls};
    end
  endfunction

  reg [63:0] s_q;    // correct-path state
  reg [63:0] s_d;
  reg        km_q;   // kernel mode of the next correct-path word
  reg        km_d;
  reg [63:0] wps_q;  // wrong-path state
  reg [63:0] wps_d;

  // The next W draws of both streams and the words made from them.
  reg [(W+1)*64-1:0] s_chain;
  reg [W:0]          km_chain;
  reg [63:0]         wx;
  reg [16:0]         g;
  integer            j;
  always @* begin
    s_chain        = {((W + 1) * 64){1'b0}};
    km_chain       = {(W + 1){1'b0}};
    s_chain[63:0]  = s_q;
    km_chain[0]    = km_q;
    attr_o         = {(W * 16){1'b0}};
    wp_attr_o      = {(W * 16){1'b0}};
    wx             = wps_q;
    g              = 17'd0;
    for (j = 0; j < W; j = j + 1) begin
      s_chain[(j+1)*64 +: 64] = xs64(s_chain[j*64 +: 64]);
      g                       = gen_word(s_chain[(j+1)*64 +: 64], mix_i, km_chain[j]);
      attr_o[j*16 +: 16]      = g[15:0];
      km_chain[j+1]           = g[16];
      // wrong path: no Icache misses, user mode
      wx                      = xs64(wx);
      g                       = gen_word(wx, mix_i, 1'b0);
      wp_attr_o[j*16 +: 16]   = {7'd0, 1'b0, g[7:4], 1'b0, g[2:0]};
    end
  end

  // Next state: advance the correct path by adv_i words, the wrong path by a whole block.
  reg [63:0] seed_c;
  reg [63:0] seed_w;
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
    // reset values: the seed spread over 64 bits and salted per thread; never 0
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

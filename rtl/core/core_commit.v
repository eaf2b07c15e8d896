// StallScope core stub: commit of one thread (docs/core.md section 5, "Dispatch, issue,
// commit").
//
// Commit takes the completed entries in a row from the ROB head, up to the thread's share of W
// (com_avail_o to the arbiter, com_g_i granted). The committed instructions give the commit-time
// events (branches, mispredicts, load hits and misses) and the thread's privilege (the kernel bit
// of the last committed instruction); the oldest entry left after commit describes the commit
// stall (flags head_*).
//
// For the PMU's sampler (docs/spec.md 7.1 and 7.8) each committed instruction also gets its
// program address and event signature. The address is counted here, not carried through the
// pipeline: commit is in program order and only correct-path instructions commit, so the k-th
// committed instruction is at address k mod L (a program of L words); the one entry bit the FQ
// and ROB carry, set on a word fetched at address 0, restarts the count. The next address pc_q
// (16 bits, so the generator's positions wrap at 2^16) has reset 0. Slot j's address is
// pc_q + j, or j - i after the youngest slot i <= j at address 0: one adder per slot and a
// select, the slots in parallel.

module core_commit #(
  parameter W    = 4,
  parameter WW   = 3,            // width of a count 0..W
  parameter ROB  = 32,
  parameter ROBI = 5,            // ROB index width
  parameter ROBC = 6,            // ROB count width
  parameter SAMPLER = 1          // the PMU has the sampler: cmt_pc_o and cmt_sig_o driven (else 0)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // the ROB (core_rob)
  input  wire [ROBI-1:0]   rob_head_i,
  input  wire [ROBC-1:0]   rob_cnt_i,
  input  wire [ROB-1:0]    rob_done_i,
  input  wire [ROB-1:0]    rob_dm_i,
  input  wire [ROB-1:0]    rob_ll_i,
  // commit
  output reg  [WW-1:0]     com_avail_o,  // completed entries in a row from the head, up to W
  output reg  [W-1:0]      com_fill_o,   //   the same as bits (k < com_avail_o)
  input  wire [W-1:0]      com_g_i,      // slot j commits (the arbiter's grant: j < its count)
  input  wire [W*9-1:0]    com_at_i,     // slot j: attr[8:0] (core_rob com_at_o)
  input  wire [W-1:0]      com_dm_i,     //   a Dcache-miss load
  input  wire [W-1:0]      com_mbr_i,    //   the mispredicted branch
  input  wire [W-1:0]      com_p0_i,     //   at program address 0 (slot j granted or not)
  input  wire [W-1:0]      com_dep_i,    //   its producer had not completed at dispatch
  input  wire              perf_ic_i,    // knobs: perfect Icache, 1-cycle ALU
  input  wire              alu1_i,
  // PMU signals
  output wire              priv_o,       // kernel bit of the last committed instruction
  output reg  [WW-1:0]     br_ret_o,     // branches committed
  output reg  [WW-1:0]     br_misp_o,    //   of these, mispredicted
  output reg  [WW-1:0]     ld_hit_o,     // loads committed that hit the Dcache
  output reg  [WW-1:0]     ld_miss_o,    //   that missed
  output reg               head_done_o,  // the oldest entry left after commit: completed,
  output reg               head_dm_o,    //   a Dcache-miss load,
  output reg               head_ll_o,    //   latency above 1
  // the committed instructions for the sampler: slot j granted, else 0 (always 0 with SAMPLER 0)
  output wire [W*16-1:0]   cmt_pc_o,     //   slot j: program address
  output wire [W*5-1:0]    cmt_sig_o     //   slot j: {dep, ll, dc, br, ic} (docs/spec.md 7.1)
);

  localparam [1:0] CLS_LONG = 2'd1;
  localparam [1:0] CLS_LOAD = 2'd2;
  localparam [1:0] CLS_BR   = 2'd3;

  `include "core_rob_fn.vh"

  reg priv_q;
  reg priv_d;

  assign priv_o = priv_q;

  // Completed entries in a row from the head: entry m places from the head, m < W, read
  // directly (no rotation of the ROB bits), when the ROB holds more than m entries.
  reg           run;
  integer       m;
  always @* begin
    com_avail_o = {WW{1'b0}};
    com_fill_o  = {W{1'b0}};
    run         = 1'b1;
    for (m = 0; m < W; m = m + 1) begin
      run           = run && (m < ROB) && ({{(32 - ROBC){1'b0}}, rob_cnt_i} > m) &&
                      rob_done_i[rob_add(rob_head_i, m % ROB)];
      com_fill_o[m] = run;
      com_avail_o   = com_avail_o + {{(WW - 1){1'b0}}, run};
    end
  end

  // The committed instructions.
  /* verilator lint_off UNUSEDSIGNAL */  // only the class and kernel bits are used here
  reg [8:0] at;
  /* verilator lint_on UNUSEDSIGNAL */
  integer   c;
  always @* begin
    c = 0;  // loop variable: assigned on every path (no latch)
    br_ret_o  = {WW{1'b0}};
    br_misp_o = {WW{1'b0}};
    ld_hit_o  = {WW{1'b0}};
    ld_miss_o = {WW{1'b0}};
    priv_d    = priv_q;
    at        = 9'd0;
    if (com_g_i[0]) begin
      for (c = 0; c < W; c = c + 1) begin
        if (com_g_i[c]) begin
          at = com_at_i[c*9 +: 9];
          if (at[1:0] == CLS_BR) begin
            br_ret_o = br_ret_o + 1'b1;
            if (com_mbr_i[c]) br_misp_o = br_misp_o + 1'b1;
          end
          if (at[1:0] == CLS_LOAD) begin
            if (com_dm_i[c]) ld_miss_o = ld_miss_o + 1'b1;
            else             ld_hit_o  = ld_hit_o + 1'b1;
          end
          priv_d = at[8];
        end
      end
    end
  end

  // The oldest entry left: entry n places from the head, n the entries committed. The bits of
  // each n in 0..W are read from registers (the ROB's bits rotated by the head: only bits 0..W
  // are used), the grant's bits only pick one (n = k where com_g_i's bit k-1 is set and bit k
  // is not), so no count or adder of the grant comes before the lookups.
  /* verilator lint_off UNUSEDSIGNAL */  // only bits 0..W are used
  reg [ROB+W:0] hd;              // bit n: entry head + n completed, a Dcache-miss load, latency
  reg [ROB+W:0] hm;              //   above 1
  reg [ROB+W:0] hl;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [W:0]     hv;              // n: the ROB holds more than n entries
  reg [W:0]     hs;              // n entries committed (one-hot)
  always @* begin
    hd = {{(W + 1){1'b0}}, rotr(rob_done_i, rob_head_i)};
    hm = {{(W + 1){1'b0}}, rotr(rob_dm_i, rob_head_i)};
    hl = {{(W + 1){1'b0}}, rotr(rob_ll_i, rob_head_i)};
    hv = ({{(32 - ROBC){1'b0}}, rob_cnt_i} > W) ? {(W + 1){1'b1}} :
         ~({(W + 1){1'b1}} << rob_cnt_i);
    hs = {com_g_i, 1'b1} & ~{1'b0, com_g_i} & hv;
    head_done_o = (hs & hd[W:0]) != {(W + 1){1'b0}};
    head_dm_o   = (hs & hm[W:0]) != {(W + 1){1'b0}};
    head_ll_o   = (hs & hl[W:0]) != {(W + 1){1'b0}};
  end

  // Program addresses and signatures of the committed instructions (see the top), with SAMPLER
  // only (the PMU's sampler reads them; without it they stay 0 and nothing is built for them).
  // Slot s's address ad[s] is pc_q + s, or s - r after the youngest slot r <= s at address 0,
  // formed for every slot from registers (com_p0_i: the ROB's bits of the entries from the head,
  // granted or not) and so is the next address after it, ad[s] + 1; the grant's bits only pick
  // one, so no adder follows the grant (inside the branch of a commit, com_g_i[0], the values are
  // formed apart from the grant: the branch only masks them at its end).
  generate
    if (SAMPLER != 0) begin : g_cmt
      reg  [15:0]     pc_q;
      reg  [15:0]     pc_d;
      reg  [W*16-1:0] ad;
      reg  [W*16-1:0] an;        // slot s: ad[s] + 1
      reg  [W*16-1:0] pc_v;
      reg  [W*5-1:0]  sig_v;
      reg  [15:0]     r;
      reg             rst;
      integer         s;
      always @* begin
        s = 0;  // loop variable: assigned on every path (no latch)
        r     = 16'd0;
        rst   = 1'b0;
        ad    = {(W * 16){1'b0}};
        an    = {(W * 16){1'b0}};
        pc_v  = {(W * 16){1'b0}};
        sig_v = {(W * 5){1'b0}};
        pc_d  = pc_q;
        if (com_g_i[0]) begin    // (the grant's bit only masks what follows: no grant bit
          for (s = 0; s < W; s = s + 1) begin    //   comes before the adders)
            if (com_p0_i[s]) begin
              rst = 1'b1;
              r   = s[15:0];
            end
            ad[s*16 +: 16] = rst ? s[15:0] - r : pc_q + s[15:0];
            an[s*16 +: 16] = rst ? s[15:0] + 16'd1 - r : pc_q + s[15:0] + 16'd1;
          end
          for (s = 0; s < W; s = s + 1) begin
            if (com_g_i[s]) begin
              pc_v[s*16 +: 16] = ad[s*16 +: 16];
              sig_v[s*5 +: 5]  = {com_dep_i[s], com_at_i[s*9 +: 2] == CLS_LONG && !alu1_i,
                                  com_dm_i[s], com_mbr_i[s], com_at_i[s*9+3] && !perf_ic_i};
              pc_d             = an[s*16 +: 16];
            end
          end
        end
      end
      // Reset: address 0.
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          pc_q <= 16'd0;
        end else begin
          pc_q <= pc_d;
        end
      end
      assign cmt_pc_o  = pc_v;
      assign cmt_sig_o = sig_v;
    end else begin : g_no_cmt
      assign cmt_pc_o  = {(W * 16){1'b0}};
      assign cmt_sig_o = {(W * 5){1'b0}};
      /* verilator lint_off UNUSEDSIGNAL */  // the inputs only the commit ports read
      wire unused = &{1'b0, com_p0_i, com_dep_i, perf_ic_i, alu1_i};
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate

  // Reset: user mode.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      priv_q <= 1'b0;
    end else begin
      priv_q <= priv_d;
    end
  end

endmodule

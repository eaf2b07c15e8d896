// StallScope core stub: commit of one thread (docs/core.md section 5, "Dispatch, issue,
// commit").
//
// Commit takes the completed entries in a row from the ROB head, up to the thread's share of W
// (com_avail_o to the arbiter, com_n_i granted). The committed instructions give the commit-time
// events (branches, mispredicts, load hits and misses) and the thread's privilege (the kernel bit
// of the last committed instruction); the oldest entry left after commit describes the commit
// stall (flags head_*).

module core_commit #(
  parameter W    = 4,
  parameter WW   = 3,            // width of a count 0..W
  parameter ROB  = 32,
  parameter ROBI = 5,            // ROB index width
  parameter ROBC = 6             // ROB count width
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // the ROB (core_rob)
  input  wire [ROBI-1:0]   rob_head_i,
  input  wire [ROBI-1:0]   rob_head_d_i, // the first entry not committed this cycle
  input  wire [ROBC-1:0]   rob_cnt_i,
  input  wire [ROB-1:0]    rob_done_i,
  input  wire [ROB-1:0]    rob_dm_i,
  input  wire [ROB-1:0]    rob_ll_i,
  // commit
  output reg  [WW-1:0]     com_avail_o,  // completed entries in a row from the head, up to W
  input  wire [WW-1:0]     com_n_i,
  input  wire [W*9-1:0]    com_at_i,     // slot j: attr[8:0] (core_rob com_at_o)
  input  wire [W-1:0]      com_dm_i,     //   a Dcache-miss load
  input  wire [W-1:0]      com_mbr_i,    //   the mispredicted branch
  // PMU signals
  output wire              priv_o,       // kernel bit of the last committed instruction
  output reg  [WW-1:0]     br_ret_o,     // branches committed
  output reg  [WW-1:0]     br_misp_o,    //   of these, mispredicted
  output reg  [WW-1:0]     ld_hit_o,     // loads committed that hit the Dcache
  output reg  [WW-1:0]     ld_miss_o,    //   that missed
  output reg               head_done_o,  // the oldest entry left after commit: completed,
  output reg               head_dm_o,    //   a Dcache-miss load,
  output reg               head_ll_o     //   latency above 1
);

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
    run         = 1'b1;
    for (m = 0; m < W; m = m + 1) begin
      run         = run && (m < ROB) && ({{(32 - ROBC){1'b0}}, rob_cnt_i} > m) &&
                    rob_done_i[rob_add(rob_head_i, m % ROB)];
      com_avail_o = com_avail_o + {{(WW - 1){1'b0}}, run};
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
    if (com_n_i != {WW{1'b0}}) begin
      for (c = 0; c < W; c = c + 1) begin
        if (c[WW-1:0] < com_n_i) begin
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

  // The oldest entry left.
  always @* begin
    head_done_o = 1'b0;
    head_dm_o   = 1'b0;
    head_ll_o   = 1'b0;
    if ({{(ROBC - WW){1'b0}}, com_n_i} < rob_cnt_i) begin
      head_done_o = rob_done_i[rob_head_d_i];
      head_dm_o   = rob_dm_i[rob_head_d_i];
      head_ll_o   = rob_ll_i[rob_head_d_i];
    end
  end

  // Reset: user mode.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      priv_q <= 1'b0;
    end else begin
      priv_q <= priv_d;
    end
  end

endmodule

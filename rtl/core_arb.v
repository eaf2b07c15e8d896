// StallScope core stub: sharing of the width W among the threads (docs/core.md "Policies").
//
// Fetch: one thread per cycle, round robin among the threads able to fetch (the pointer moves
// past the thread that fetched). Dispatch, issue and commit: W slots per cycle shared in a
// rotating priority order that starts at prio_q, which moves to the next thread every cycle
// (with two threads: alternating priority). The first thread takes what it can use, up to W;
// each next thread takes what it can use of the slots left. The first trace slot of a thread in
// a stage (off) is the number of slots the threads before it in that order took.

module core_arb #(
  parameter THREADS = 2,
  parameter W       = 4,
  parameter WW      = 3
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire [THREADS-1:0]    fetch_able_i,
  output reg  [THREADS-1:0]    fetch_go_o,
  input  wire [THREADS*WW-1:0] disp_avail_i,
  input  wire [THREADS*WW-1:0] iss_avail_i,
  input  wire [THREADS*WW-1:0] com_avail_i,
  output reg  [THREADS*WW-1:0] disp_n_o,
  output reg  [THREADS*WW-1:0] iss_n_o,
  output reg  [THREADS*WW-1:0] com_n_o,
  output reg  [THREADS*WW-1:0] disp_off_o,
  output reg  [THREADS*WW-1:0] iss_off_o,
  output reg  [THREADS*WW-1:0] com_off_o
);

  localparam TW = (THREADS > 1) ? $clog2(THREADS) : 1;
  localparam [31:0] W32 = W;
  localparam [WW-1:0] WN = W32[WW-1:0];

  reg [TW-1:0] prio_q;   // first thread in the dispatch/issue/commit order this cycle
  reg [TW-1:0] prio_d;
  reg [TW-1:0] fptr_q;   // first thread the fetch round robin looks at
  reg [TW-1:0] fptr_d;

  // Thread at position k (< THREADS) of the order starting at s.
  function [TW-1:0] nth;
    input [TW-1:0] s;
    input integer  k;
    /* verilator lint_off UNUSEDSIGNAL */  // only the low TW bits of the sum are the result
    integer        v;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      v = {{(32 - TW){1'b0}}, s} + k;     // s < THREADS, k < THREADS
      if (v >= THREADS) v = v - THREADS;
      nth = v[TW-1:0];
    end
  endfunction

  // Share W slots: grants {off, n} for one stage.
  function [2*THREADS*WW-1:0] share;
    input [THREADS*WW-1:0] avail;
    input [TW-1:0]         first;
    reg   [THREADS*WW-1:0] n;
    reg   [THREADS*WW-1:0] off;
    reg   [WW-1:0]         left;
    reg   [WW-1:0]         a;
    reg   [WW-1:0]         g;
    reg   [TW-1:0]         t;
    integer                k;
    begin
      n    = {(THREADS * WW){1'b0}};
      off  = {(THREADS * WW){1'b0}};
      left = WN;
      for (k = 0; k < THREADS; k = k + 1) begin
        t                = nth(first, k);
        a                = avail[t*WW +: WW];
        g                = (a < left) ? a : left;
        n[t*WW +: WW]    = g;
        off[t*WW +: WW]  = WN - left;
        left             = left - g;
      end
      share = {off, n};
    end
  endfunction

  reg     found;
  reg [TW-1:0] ft;
  integer k;
  always @* begin
    {disp_off_o, disp_n_o} = share(disp_avail_i, prio_q);
    {iss_off_o, iss_n_o}   = share(iss_avail_i, prio_q);
    {com_off_o, com_n_o}   = share(com_avail_i, prio_q);
    prio_d                 = nth(prio_q, 1);
    // fetch round robin
    fetch_go_o = {THREADS{1'b0}};
    fptr_d     = fptr_q;
    found      = 1'b0;
    ft         = {TW{1'b0}};
    for (k = 0; k < THREADS; k = k + 1) begin
      ft = nth(fptr_q, k);
      if (!found && fetch_able_i[ft]) begin
        found          = 1'b1;
        fetch_go_o[ft] = 1'b1;
        fptr_d         = nth(ft, 1);
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      prio_q <= {TW{1'b0}};
      fptr_q <= {TW{1'b0}};
    end else begin
      prio_q <= prio_d;
      fptr_q <= fptr_d;
    end
  end

endmodule

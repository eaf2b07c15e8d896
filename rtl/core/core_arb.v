// StallScope core stub: sharing of the width W among the threads (docs/core.md section 5,
// "Sharing the width").
//
// Fetch: one thread per cycle, round robin among the threads able to fetch (the pointer moves
// past the thread that fetched). Dispatch, issue and commit: W slots per cycle shared in a
// rotating priority order that starts at prio_q, which moves to the next thread every cycle
// (with two threads: alternating priority). The first thread takes what it can use, up to W;
// each next thread takes what it can use of the slots left. The first trace slot of a thread in
// a stage (off) is the number of slots the threads before it in that order took. Both are
// computed per thread from the sum of what the threads before it could use (no loop over the
// order with variable indices).

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
  input  wire [THREADS*W-1:0]  iss_fill_i,   // bit t*W+k: k < thread t's iss_avail
  input  wire [THREADS*WW-1:0] com_avail_i,
  output reg  [THREADS*WW-1:0] disp_n_o,
  output reg  [THREADS*WW-1:0] iss_n_o,
  output reg  [THREADS*W-1:0]  iss_g_o,      // bit t*W+k: k < thread t's iss_n
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

  // Thread t + 1 (mod THREADS).
  function [TW-1:0] next_t;
    input [TW-1:0] t;
    integer        v;
    begin
      v = {{(32 - TW){1'b0}}, t} + 1;     // t < THREADS
      if (v >= THREADS) v = 0;
      next_t = v[TW-1:0];
    end
  endfunction

  // Thread u comes before thread t (u != t) in the order that starts at thread s.
  function precedes;
    input integer  u;
    input integer  t;
    input [TW-1:0] s;
    reg   [31:0]   s32;
    begin
      s32 = {{(32 - TW){1'b0}}, s};
      if (u < t) precedes = (s32 <= u) || (s32 > t);
      else       precedes = (s32 > t) && (s32 <= u);
    end
  endfunction

  // Sharing W slots greedily in that order gives thread t min(a_t, W - off_t) slots from slot
  // off_t = min(W, sum of a_u over the threads u before t) on (every a_u <= W).
  (* mem2reg *) reg [WW-1:0] da [0:THREADS-1];   // the threads' avail per stage
  (* mem2reg *) reg [WW-1:0] ia [0:THREADS-1];
  (* mem2reg *) reg [WW-1:0] ca [0:THREADS-1];
  reg [THREADS*THREADS-1:0]  bef;                 // bit t*THREADS+u: u before t (this cycle)
  reg [31:0]                 dsum;
  reg [31:0]                 isum;
  reg [31:0]                 csum;
  reg [THREADS-1:0]          earlier;             // fetch: an able thread comes before t
  reg [W-1:0]                gv;
  reg [W-1:0]                gb;
  reg [WW-1:0]               gn;
  integer                    t;
  integer                    u;
  integer                    k;
  always @* begin
    for (t = 0; t < THREADS; t = t + 1) begin
      da[t] = disp_avail_i[t*WW +: WW];
      ia[t] = iss_avail_i[t*WW +: WW];
      ca[t] = com_avail_i[t*WW +: WW];
    end
    bef = {(THREADS * THREADS){1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      for (u = 0; u < THREADS; u = u + 1) begin
        if (u != t) bef[t*THREADS+u] = precedes(u, t, prio_q);
      end
    end
    disp_n_o   = {(THREADS * WW){1'b0}};
    iss_n_o    = {(THREADS * WW){1'b0}};
    com_n_o    = {(THREADS * WW){1'b0}};
    disp_off_o = {(THREADS * WW){1'b0}};
    iss_off_o  = {(THREADS * WW){1'b0}};
    com_off_o  = {(THREADS * WW){1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      dsum = 32'd0;
      isum = 32'd0;
      csum = 32'd0;
      for (u = 0; u < THREADS; u = u + 1) begin
        if (bef[t*THREADS+u]) begin
          dsum = dsum + {{(32 - WW){1'b0}}, da[u]};
          isum = isum + {{(32 - WW){1'b0}}, ia[u]};
          csum = csum + {{(32 - WW){1'b0}}, ca[u]};
        end
      end
      if (dsum > W32) dsum = W32;
      if (isum > W32) isum = W32;
      if (csum > W32) csum = W32;
      disp_off_o[t*WW +: WW] = dsum[WW-1:0];
      iss_off_o[t*WW +: WW]  = isum[WW-1:0];
      com_off_o[t*WW +: WW]  = csum[WW-1:0];
      disp_n_o[t*WW +: WW]   = (da[t] < WN - dsum[WW-1:0]) ? da[t] : WN - dsum[WW-1:0];
      iss_n_o[t*WW +: WW]    = (ia[t] < WN - isum[WW-1:0]) ? ia[t] : WN - isum[WW-1:0];
      com_n_o[t*WW +: WW]    = (ca[t] < WN - csum[WW-1:0]) ? ca[t] : WN - csum[WW-1:0];
    end
    // Issue as bits: slot k of thread t is granted when k < its iss_n. With one or two threads
    // this comes from the fill bits directly (the issue slots are the end of the longest path):
    // the first thread takes every slot it filled, the second its slot k when the first did
    // not fill slot W-1-k (k + the first's avail < W), and iss_n is the count of the bits; so
    // the grant is a gate after the fill bits, not a sum, a minimum and a comparison.
    iss_g_o = {(THREADS * W){1'b0}};
    gv      = {W{1'b0}};
    gb      = {W{1'b0}};
    gn      = {WW{1'b0}};
    k       = 0;
    for (t = 0; t < THREADS; t = t + 1) begin
      gb = {W{1'b0}};                      // the slots the threads before t leave it: not gb
      gn = {WW{1'b0}};
      if (THREADS <= 2) begin
        u = (THREADS == 2) ? 1 - t : t;    // the other thread
        if (u != t && bef[t*THREADS+u]) begin
          for (k = 0; k < W; k = k + 1) gb[k] = iss_fill_i[u*W+W-1-k];
        end
        gv = iss_fill_i[t*W +: W] & ~gb;
        for (k = 0; k < W; k = k + 1) gn = gn + {{(WW - 1){1'b0}}, gv[k]};
        iss_n_o[t*WW +: WW] = gn;
      end else begin
        for (k = 0; k < W; k = k + 1) gb[k] = k[WW-1:0] >= iss_n_o[t*WW +: WW];
        gv = iss_fill_i[t*W +: W] & ~gb;
      end
      iss_g_o[t*W +: W] = gv;
    end
    prio_d = next_t(prio_q);
    // fetch round robin: the first able thread in the order that starts at fptr_q
    fetch_go_o = {THREADS{1'b0}};
    fptr_d     = fptr_q;
    earlier    = {THREADS{1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      for (u = 0; u < THREADS; u = u + 1) begin
        if (u != t && fetch_able_i[u] && precedes(u, t, fptr_q)) earlier[t] = 1'b1;
      end
      if (fetch_able_i[t] && !earlier[t]) begin
        fetch_go_o[t] = 1'b1;
        fptr_d        = next_t(t[TW-1:0]);
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

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
// order with variable indices); with one or two threads the grant is formed as bits from the
// threads' fill bits (bit k: k < avail, from registers for dispatch and commit) and its count.

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
  input  wire [THREADS*W-1:0]  disp_fill_i,  // bit t*W+k: k < thread t's disp_avail
  input  wire [THREADS*WW-1:0] iss_avail_i,
  input  wire [THREADS*W-1:0]  iss_fill_i,   // bit t*W+k: k < thread t's iss_avail
  input  wire [THREADS*WW-1:0] com_avail_i,
  input  wire [THREADS*W-1:0]  com_fill_i,   // bit t*W+k: k < thread t's com_avail
  output reg  [THREADS*WW-1:0] disp_n_o,
  output reg  [THREADS*W-1:0]  disp_g_o,     // bit t*W+k: k < thread t's disp_n
  output reg  [THREADS*WW-1:0] iss_n_o,
  output reg  [THREADS*W-1:0]  iss_g_o,      // bit t*W+k: k < thread t's iss_n
  output reg  [THREADS*WW-1:0] com_n_o,
  output reg  [THREADS*W-1:0]  com_g_o,      // bit t*W+k: k < thread t's com_n
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
  integer                    t;
  integer                    u;

  // The grant bits of one stage: with one or two threads from the fill bits (above), with more
  // from the counts n (the sums and minimums above).
  function [THREADS*W-1:0] grant;
    input [THREADS*W-1:0]       fill;
    input [THREADS*WW-1:0]      n;
    input [THREADS*THREADS-1:0] bf;
    reg   [W-1:0]               gb;     // the slots the threads before t leave it: not gb
    integer                     gt;
    integer                     gu;
    integer                     gk;
    begin
      grant = {(THREADS * W){1'b0}};
      for (gt = 0; gt < THREADS; gt = gt + 1) begin
        gb = {W{1'b0}};
        if (THREADS <= 2) begin
          gu = (THREADS == 2) ? 1 - gt : gt;   // the other thread
          if (gu != gt && bf[gt*THREADS+gu]) begin
            for (gk = 0; gk < W; gk = gk + 1) gb[gk] = fill[gu*W+W-1-gk];
          end
        end else begin
          for (gk = 0; gk < W; gk = gk + 1) gb[gk] = gk[WW-1:0] >= n[gt*WW +: WW];
        end
        grant[gt*W +: W] = fill[gt*W +: W] & ~gb;
      end
    end
  endfunction

  // The number of set bits of a stage's grant bits.
  function [WW-1:0] bcnt;
    input [W-1:0] v;
    integer       bk;
    begin
      bcnt = {WW{1'b0}};
      for (bk = 0; bk < W; bk = bk + 1) bcnt = bcnt + {{(WW - 1){1'b0}}, v[bk]};
    end
  endfunction

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
      if (THREADS <= 2) begin            // the thread before t, if any, took its avail (<= W)
        u = (THREADS == 2) ? 1 - t : t;
        if (u != t && bef[t*THREADS+u]) begin
          disp_off_o[t*WW +: WW] = da[u];
          iss_off_o[t*WW +: WW]  = ia[u];
          com_off_o[t*WW +: WW]  = ca[u];
        end
      end else begin
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
    end
    // Each stage as bits: slot k of thread t is granted when k < its n. With one or two threads
    // this comes from the fill bits directly (each stage's fill bits come from registers, the
    // issue slots' at the end of the longest path): the first thread takes every slot it
    // filled, the second its slot k when the first did not fill slot W-1-k (k + the first's
    // avail < W), and n is the count of the bits; so the grant is a gate after the fill bits,
    // not a sum, a minimum and a comparison.
    disp_g_o = grant(disp_fill_i, disp_n_o, bef);
    iss_g_o  = grant(iss_fill_i, iss_n_o, bef);
    com_g_o  = grant(com_fill_i, com_n_o, bef);
    if (THREADS <= 2) begin
      for (t = 0; t < THREADS; t = t + 1) begin
        disp_n_o[t*WW +: WW] = bcnt(disp_g_o[t*W +: W]);
        iss_n_o[t*WW +: WW]  = bcnt(iss_g_o[t*W +: W]);
        com_n_o[t*WW +: WW]  = bcnt(com_g_o[t*W +: W]);
      end
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

// StallScope core stub: sharing of the width W among the threads (docs/core.md section 5,
// "Sharing the width"). Who gets what in a cycle is decided in the cycle before, into
// registers, so no path runs from one thread's state through this module into another thread's
// state within a cycle.
//
// Fetch: the holder of the fetch slot (own_q) fetches when it is able; the slot of the next
// cycle goes to the first able thread after the holder in round-robin order (the holder last),
// or stays when none is able. Dispatch, issue and commit: W slots per stage shared in a
// rotating priority order that starts at prio_q, which moves to the next thread every cycle
// (with two threads: alternating priority). Dispatch and commit: the shares of the next cycle
// are formed in its order from what the threads can use in this one (avail): the first thread
// min(a, W), each next one min(a, what is left); the slots left go to the last thread in the
// order with a > 0, or, when none has a > 0, to the thread that had them before (last_q). They
// are registered as thermometers (sh_q, bit k: slot k of the thread's share); a thread's grant
// is its fill bits (bit k: k < what it can use now) AND its share. Issue: the threads' selected
// slots are registers, so the grant is formed in the cycle from their fill bits: with one or
// two threads as bits (the first thread takes the slots it filled, the second its slot k when
// the first did not fill slot W-1-k), with more from the sums of what the threads before could
// use. The first trace slot of a thread in a stage (off) is the number of slots the threads
// before it in this cycle's order took (the trace only; trc_en_i tied to 0 removes it).

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

  reg [TW-1:0]          prio_q;   // first thread in the dispatch/issue/commit order this cycle
  reg [TW-1:0]          prio_d;
  reg [TW-1:0]          own_q;    // the holder of the fetch slot this cycle
  reg [TW-1:0]          own_d;
  reg [2*TW-1:0]        last_q;   // per stage (dispatch, commit): who had the slots left
  reg [2*TW-1:0]        last_d;
  reg [2*THREADS*W-1:0] sh_q;     // bit (s*THREADS+t)*W+k: slot k of thread t's share, stage s
  reg [2*THREADS*W-1:0] sh_d;     //   (s 0: dispatch, 1: commit)

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

  // The issue grant, sharing W greedily in the order of this cycle: thread t gets
  // min(a_t, W - off_t) slots, off_t = min(W, sum of a_u over the threads u before it); with one
  // or two threads as bits from the fill bits (above).
  function [THREADS*W-1:0] igrant;
    input [THREADS*W-1:0]  fill;
    input [THREADS*WW-1:0] a;
    input [TW-1:0]         s;
    reg   [W-1:0]          gb;     // the slots the threads before t leave it: not gb
    integer                gt;
    integer                gu;
    integer                gk;
    integer                gs;
    begin
      igrant = {(THREADS * W){1'b0}};
      for (gt = 0; gt < THREADS; gt = gt + 1) begin
        gb = {W{1'b0}};
        if (THREADS <= 2) begin
          gu = (THREADS == 2) ? 1 - gt : gt;   // the other thread
          if (gu != gt && precedes(gu, gt, s)) begin
            for (gk = 0; gk < W; gk = gk + 1) gb[gk] = fill[gu*W+W-1-gk];
          end
        end else begin
          gs = 0;
          for (gu = 0; gu < THREADS; gu = gu + 1) begin
            if (gu != gt && precedes(gu, gt, s)) gs = gs + {{(32 - WW){1'b0}}, a[gu*WW +: WW]};
          end
          if (gs > W) gs = W;
          for (gk = 0; gk < W; gk = gk + 1) gb[gk] = gk >= W - gs;
        end
        igrant[gt*W +: W] = fill[gt*W +: W] & ~gb;
      end
    end
  endfunction

  // The thread at position i of the order that starts at thread s.
  function [TW-1:0] at_pos;
    input [TW-1:0] s;
    input integer  i;
    integer        v;
    begin
      v = {{(32 - TW){1'b0}}, s} + i;     // s < THREADS, i < THREADS
      if (v >= THREADS) v = v - THREADS;
      at_pos = v[TW-1:0];
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

  // The shares of one stage for the order that starts at s, from the avails a (bits
  // t*WW +: WW), and the thread that gets the slots left (lst: the one before, l0).
  reg [THREADS*W-1:0] sh_r;
  reg [TW-1:0]        lst_r;
  task shares;
    input [THREADS*WW-1:0] a;
    input [THREADS*W-1:0]  f;      // the same as bits (bit t*W+k: k < a_t)
    input [TW-1:0]         s;
    input [TW-1:0]         l0;
    integer                si;
    integer                sk;
    integer                sum;
    integer                av;
    integer                n;
    reg   [TW-1:0]         st;
    reg                    any;
    reg   [THREADS*32-1:0] cnt;
    begin
      sum = 0;
      any = 1'b0;
      lst_r = l0;
      cnt = {(THREADS * 32){1'b0}};
      sh_r = {(THREADS * W){1'b0}};
      if (THREADS == 2) begin
        // as bits: p first (s), o second; o's share is the slots p's share leaves
        st = s;                        // p
        si = 1 - {{(32 - TW){1'b0}}, s};   // o
        if (f[si*W]) begin             // o could use a slot: p its fill, o the rest
          sh_r[st*W +: W] = f[st*W +: W];
          for (sk = 0; sk < W; sk = sk + 1) sh_r[si*W+sk] = ~f[st*W+W-1-sk];
          lst_r = si[TW-1:0];
        end else if (f[st*W]) begin    // p alone: all W
          sh_r[st*W +: W] = {W{1'b1}};
          lst_r = st;
        end else begin
          sh_r[l0*W +: W] = {W{1'b1}};
        end
      end else begin
        for (si = 0; si < THREADS; si = si + 1) begin
          st = at_pos(s, si);
          av = {{(32 - WW){1'b0}}, a[st*WW +: WW]};
          n = (av < W - sum) ? av : W - sum;
          cnt[st*32 +: 32] = n;
          sum = sum + n;
          if (av != 0) begin
            any   = 1'b1;
            lst_r = st;
          end
        end
        if (!any) cnt[l0*32 +: 32] = W32;
        else cnt[lst_r*32 +: 32] = cnt[lst_r*32 +: 32] + W - sum;
        for (si = 0; si < THREADS; si = si + 1) begin
          for (sk = 0; sk < W; sk = sk + 1) sh_r[si*W+sk] = sk < cnt[si*32 +: 32];
        end
      end
    end
  endtask

  // The first trace slot of each thread of one stage: the counts of the threads before it in
  // the order that starts at s.
  function [THREADS*WW-1:0] offs;
    input [THREADS*WW-1:0] n;
    input [TW-1:0]         s;
    integer                oi;
    reg   [TW-1:0]         ot;
    reg   [WW-1:0]         o;
    begin
      offs = {(THREADS * WW){1'b0}};
      o = {WW{1'b0}};
      for (oi = 0; oi < THREADS; oi = oi + 1) begin
        ot = at_pos(s, oi);
        offs[ot*WW +: WW] = o;
        o = o + n[ot*WW +: WW];
      end
    end
  endfunction

  integer t;
  integer i;
  reg     found;
  reg [TW-1:0] ft;

  always @* begin
    // this cycle: each thread's grant is its fill bits within its registered share
    disp_g_o = disp_fill_i & sh_q[0*THREADS*W +: THREADS*W];
    iss_g_o  = igrant(iss_fill_i, iss_avail_i, prio_q);
    com_g_o  = com_fill_i  & sh_q[1*THREADS*W +: THREADS*W];
    for (t = 0; t < THREADS; t = t + 1) begin
      disp_n_o[t*WW +: WW] = bcnt(disp_g_o[t*W +: W]);
      iss_n_o[t*WW +: WW]  = bcnt(iss_g_o[t*W +: W]);
      com_n_o[t*WW +: WW]  = bcnt(com_g_o[t*W +: W]);
    end
    disp_off_o = offs(disp_n_o, prio_q);
    iss_off_o  = offs(iss_n_o, prio_q);
    com_off_o  = offs(com_n_o, prio_q);
    // the next cycle: its order, its shares, the holder of its fetch slot
    prio_d = next_t(prio_q);
    shares(disp_avail_i, disp_fill_i, prio_d, last_q[0*TW +: TW]);
    sh_d[0*THREADS*W +: THREADS*W] = sh_r;
    last_d[0*TW +: TW] = lst_r;
    shares(com_avail_i, com_fill_i, prio_d, last_q[1*TW +: TW]);
    sh_d[1*THREADS*W +: THREADS*W] = sh_r;
    last_d[1*TW +: TW] = lst_r;
    // fetch: the holder fetches when able; the next holder is the first able thread after it
    fetch_go_o = {THREADS{1'b0}};
    for (t = 0; t < THREADS; t = t + 1) begin
      if (own_q == t[TW-1:0]) fetch_go_o[t] = fetch_able_i[t];
    end
    own_d = own_q;
    found = 1'b0;
    for (i = 1; i <= THREADS; i = i + 1) begin
      ft = at_pos(own_q, (i == THREADS) ? 0 : i);
      if (!found && fetch_able_i[ft]) begin
        found = 1'b1;
        own_d = ft;
      end
    end
  end

  // Reset: priority, fetch slot and the slots left with thread 0; every share empty but thread
  // 0's (all W).
  integer rt;
  reg [2*THREADS*W-1:0] sh_rst;
  always @* begin
    sh_rst = {(2 * THREADS * W){1'b0}};
    for (rt = 0; rt < 2; rt = rt + 1) sh_rst[rt*THREADS*W +: W] = {W{1'b1}};
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      prio_q <= {TW{1'b0}};
      own_q  <= {TW{1'b0}};
      last_q <= {(2 * TW){1'b0}};
      sh_q   <= sh_rst;
    end else begin
      prio_q <= prio_d;
      own_q  <= own_d;
      last_q <= last_d;
      sh_q   <= sh_d;
    end
  end

endmodule

// StallScope PMU: counter bank with block-RAM storage (spec 4, "Counter storage").
//
// The same counters and ports as pmu_cnt_bank's flip-flop storage, plus a pre-read port, with
// the same behaviour at every port in every cycle. Every counter i keeps its value as
//   value = {U, lo_q[i]},  U = (z_q[i] ? 0 : ram[i]) + pend_q[i]   (CW - PW bits, mod 2^(CW-PW))
// lo_q    PW-bit prefix counter in flip-flops, incremented every cycle; PW = PWS for the SMALL
//         counters (increments at most SMAX, e.g. stack counters, at most W slots), PWN for the
//         other NARROW counters (increments below 2^NIW, e.g. fixed counters), else PWW
//         (increments at most WMAX, e.g. programmable counters, at most their largest V);
// ram     the upper CW - PW bits, one word per counter in a simple dual-port RAM (HW = CW - PWS
//         bits wide; a narrow or wide counter uses its low CW - PWN or CW - PWW bits) (one
//         synchronous read, one write per cycle; block RAM), stored with the word plus one
//         beside it (2 HW bits a counter), so that U = word + pend is a mux after the RAM;
// pend_q  a carry out of lo_q not yet folded into ram[i];
// z_q     ram[i] is stale and reads as 0 (set by reset: a block RAM cannot be cleared at once);
// ones_q  U is all ones (valid while pend_q is clear): a carry out of lo_q then is the
//         counter's wrap, known in the cycle of the carry as with flip-flops.
//
// Folding: a pointer visits the counters one by one; a pending counter's RAM word is read
// (cycle A), registered as it comes out of the RAM (cycle B: bw_q) and written back plus one
// (cycle C), which clears pend_q and recomputes ones_q from the written word; so no path of a
// fold starts at the RAM's output. The read port also serves the pre-read (below), which has
// priority: the pointer waits while the port is taken. The write port serves the write-back of a
// software write (below) first: a cycle C that meets one parks its word in pk_q and writes it in
// the next cycle, unless that write-back is of the same counter (written in cycle B, after a wait
// state in cycle A): then the write-back replaces the fold (it sets the word and the flags). A
// cycle C that meets a parked word parks in turn. A parked word can meet a write-back only after
// a DIRECT write (no wait state: its setup cycle is the parking cycle C's cycle B, so a fold could
// start in cycle A); then it stays parked one more cycle (pk_hold), or is dropped when the
// write-back is of its own counter (pk_drop). Such a write-back's cycle has no cycle C (its
// cycle A would have been the DIRECT write's setup cycle, a pre-read), and the next write-back
// comes two cycles later at the earliest, so one parked word is enough. So a fold is written
// within three cycles after cycle A, and the pointer moves in every cycle without a pre-read, at
// least every other cycle: a fold completes within FOLD_LAT cycles of its carry;
// PW is chosen so that lo_q cannot carry out again in that time (increments at most M = WMAX,
// 2^NIW - 1 or SMAX): a carry never meets a pending one, and ones_q is set again by the fold
// before the next carry needs it. With 2^PW >= M * (FOLD_LAT + 1): after a carry lo_q <= M - 1,
// and the next carry needs lo_q to rise by 2^PW - M + 1 > M * FOLD_LAT at most M per cycle,
// which takes more than FOLD_LAT cycles. PWN = NIW + clog2(FOLD_LAT + 1) meets it with
// M = 2^NIW - 1; PWW and PWS are the smallest PW for M = WMAX and M = SMAX.
//
// Pre-read: a read (re_i) or write (we_i) of a RAM counter in cycle n needs pre_i with
// pidx_i = that counter in cycle n-2 (the APB setup cycle, pmu_regs) and neither in cycle n-1
// (the APB wait state, spec 5.1: wait_o is set in it). The pre-read reads the counter's RAM word;
// the wait state registers it as the two candidates for U in cycle n, the word (r2_q) and the word
// plus one (r2p_q), a fold's word written at the wait state's edge taking its place (cycle C or a
// parked word: the only writes that can meet it, a write-back follows an access cycle). Then
// the read port returns value as stored at the start of cycle n, U = r2p_q or r2_q as the
// counter's pending carry (a_pend) is set or not, and a write merges its bytes over it (spec
// 5.3), exactly as with flip-flops; cycle n's logic starts at flip-flops. A DIRECT counter (the
// window read ports' counters, e.g. the issue-slot counters) has no wait state: its access is in
// cycle n-1, and takes U as the word read or the word plus one read beside it, by its pending
// carry.
//
// Window read ports (registered): port w reads DIRECT counter WBASE + w*WSTRIDE + i (i =
// wnd_idx_i[w] < WSPAN) in cycle t while wnd_re_i[w], and wnd_data_o[w] holds from cycle t+1 on
// the value it had in cycle t (0 for i >= WSPAN), until the port's next read; 0 after reset. Each
// port has a copy of its counters' RAM words (wram, written with the bank's RAM: the same words
// at the same edges), read in cycle t with the counter's prefix, pending carry and zero flag
// captured beside it (c_*_q); U = the word (a write at the same edge bypassed) plus the pending
// carry, after the RAM.
//
// Write-back: a software write of a RAM counter in cycle n (its access cycle) registers the new
// value (wnew_q) and lands in cycle n+1, its own cycle (spec 4): the prefix takes the new value's
// low bits plus cycle n+1's increment, the RAM word its upper part, the flags follow. Cycle n
// only suppresses the counter's wrap. At the ports this is the flip-flop bank's behaviour (the
// new value, then its increments from cycle n+1 on), since nothing reads the counter in cycle
// n+1: an access needs a setup cycle first (APB), and the view below shows wnew_q. So the access
// cycle's logic ends at wnew_q: the RAM word plus its pending carry, the merge of the written
// bytes, nothing after them.
//
// The fold's pointer may use the read port in the wait state.
//
// Read-during-write: no read of a RAM here uses the word read at the edge that writes it (the
// pre-read and the window ports take the word written instead, byp_q and c_byp_q; a fold's cycle
// A reads no counter written in its cycle), so each RAM is marked no_rw_check: synthesis need not
// make a block RAM return the old word then (yosys otherwise emulates read-first with a register
// of the write and a bypass mux, a RAM word's width of flip-flops and LUT4 each).
//
// Drained counters (DSPAN > 0: thread t's DSPAN counters from index t*DSTRIDE + DBASE on; the
// CPI-stack counters, silent and SMALL): kept additively by pmu_cnt_drn (u_drn), which drains
// one of them into its own RAM every cycle and serves an access to one in its wait state and
// access cycle; here they have no prefix, no flags and no write-back, the fold's pointer passes
// over them (FOLD_LAT counts the others), and an access to one takes its value from u_drn.

`include "pmu_map.vh"

module pmu_cnt_ram #(
  parameter NCNT = 80,
  parameter CW   = 48,
  parameter IW   = 13,
  parameter CIW  = $clog2(NCNT),
  parameter [NCNT-1:0] WRAP_EN = {NCNT{1'b1}},
  // counters accessed without a wait state (every counter the window read ports read is one)
  parameter [NCNT-1:0] DIRECT  = {NCNT{1'b0}},
  // counters whose increments are below 2^NIW (a shorter prefix)
  parameter [NCNT-1:0] NARROW = {NCNT{1'b0}},
  parameter NIW      = IW,
  // counters whose increments are below 2^SIW (shorter still; SIW <= NIW; SMALL wins over NARROW),
  // at most SMAX (1 <= SMAX < 2^SIW)
  parameter [NCNT-1:0] SMALL = {NCNT{1'b0}},
  parameter SIW      = NIW,
  parameter SMAX     = (1 << SIW) - 1,
  // the other (wide) counters' largest increment (2^NIW - 1 <= WMAX < 2^IW)
  parameter WMAX     = (1 << IW) - 1,
  // drained counters (pmu_cnt_drn; DSPAN = 0: none): thread t's DSPAN counters from bank index
  // t*DSTRIDE + DBASE on, silent and SMALL (increments at most SMAX below 2^SIW)
  parameter DBASE   = 0,
  parameter DSPAN   = 0,
  parameter DSTRIDE = 1,
  parameter DTHR    = 1,
  // ... and their prefix width (0: pmu_cnt_drn's rule)
  parameter PWD     = 0,
  // fold latency bound and prefix widths (see above)
  parameter FOLD_LAT = 2 * (NCNT - DTHR * DSPAN) + 9,
  parameter PWW      = $clog2(WMAX * (FOLD_LAT + 1)),
  parameter PWN      = NIW + $clog2(FOLD_LAT + 1),
  parameter PWS      = $clog2(SMAX * (FOLD_LAT + 1)),
  parameter NWND    = 1,
  parameter WIW     = 1,
  parameter WBASE   = 0,
  parameter WSTRIDE = 1,
  parameter WSPAN   = 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [NCNT*IW-1:0]  inc_i,
  input  wire                pre_i,
  input  wire [CIW-1:0]      pidx_i,
  output wire                wait_o,     // the APB wait state of a RAM counter's access
  input  wire                we_i,
  input  wire [CIW-1:0]      widx_i,
  output wire [CW-1:0]       wold_o,     // value of counter widx_i (the write's old value)
  input  wire [CW-1:0]       wval_i,     // the value a write of counter widx_i stores
  input  wire [CW-1:0]       wmask_i,    // ... its bits the write sets (the strobed bytes)
  input  wire [CW-1:0]       wdata_i,    // ... to these (wval_i: wold_o merged with them)
  input  wire                re_i,
  input  wire [CIW-1:0]      ridx_i,
  output reg  [CW-1:0]       rdata_o,
  input  wire [NWND-1:0]     wnd_re_i,
  input  wire [NWND*WIW-1:0] wnd_idx_i,
  output wire [NWND*CW-1:0]  wnd_data_o,
  output wire [NCNT-1:0]     wrap_o
);

  // The drained counters (kept by u_drn: additively, no prefix here, spec 4)
  /* verilator coverage_off */
  function [NCNT-1:0] drain_of;
    input integer dummy;
    integer dt;
    integer dk;
    begin
      drain_of = {NCNT{1'b0}};
      for (dt = 0; dt < DTHR; dt = dt + 1) begin
        for (dk = 0; dk < DSPAN; dk = dk + 1) begin
          drain_of[dt*DSTRIDE+DBASE+dk] = 1'b1;
        end
      end
      drain_of[0] = drain_of[0] | (dummy != 0);
    end
  endfunction
  /* verilator coverage_on */
  localparam [NCNT-1:0] DRAIN = drain_of(0);
  // the SMALL counters kept here (a drained counter has no prefix here)
  localparam [NCNT-1:0] SM  = SMALL & ~DRAIN;

  localparam HW  = CW - ((SM != {NCNT{1'b0}}) ? PWS : PWN);   // RAM word
  localparam HWN = CW - PWN;   // the part of it a narrow counter uses
  localparam HWW = CW - PWW;   // ... and a wide counter
  localparam [NCNT-1:0] NAR = NARROW & ~SM;   // narrow counters that are not SMALL
  localparam [31:0]  NCNT32 = NCNT;
  localparam [CIW:0] NCNT_C = NCNT32[CIW:0];


  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  (* mem2reg *) reg [PWW-1:0] lo_q [0:NCNT-1];  // RAM counters' prefix (narrow: PWN bits used)
  reg [NCNT-1:0] pend_q;
  reg [NCNT-1:0] z_q;
  // (the bits of silent counters are unused)
  /* verilator lint_off UNUSEDSIGNAL */
  reg [NCNT-1:0] ones_q;
  /* verilator lint_on UNUSEDSIGNAL */
  (* no_rw_check *) reg [2*HW-1:0] ram [0:NCNT-1];   // {word + 1, word}; no reset: z_q stands for it
  reg [2*HW-1:0] rd_q;                          // RAM read data (last cycle's read address)
  reg            byp_q;                         // that address was written at the same edge:
  reg [2*HW-1:0] byp_d_q;                       // the pair written, in place of rd_q
  reg [CIW-1:0]  ri_q;                          // that address
  reg [CIW-1:0]  fp_q;                          // fold pointer
  reg            fv_q;                          // cycle B of a fold of counter fi_q
  reg [CIW-1:0]  fi_q;
  reg            bv_q;                          // cycle C of a fold of counter bi_q, whose RAM
  reg [CIW-1:0]  bi_q;                          // word (0 while z_q) cycle B registered:
  reg [HW-1:0]   bw_q;
  reg            pk_q;                          // a fold's word parked (cycle C met the write
  reg [CIW-1:0]  pk_i_q;                        // port taken): counter pk_i_q, word pk_w_q
  reg [HW-1:0]   pk_w_q;
  reg [HW-1:0]   pk_w1_q;                       // ... and its word plus one
  reg            wv_q;                          // write-back: a counter written last cycle,
  reg [CIW-1:0]  wi_q;                          // counter wi_q (one-hot wb_q), lands now with
  reg [NCNT-1:0] wb_q;                          // the new value wnew_q
  reg [CW-1:0]   wnew_q;
  reg [CIW-1:0]  ai_q;                          // the address read last cycle (after a wait
                                                // state: the access's counter)
  reg            a_dir_q;                       // the access's counter's kind (DIRECT, SMALL,
  reg            a_sm_q;                        // NAR), from last cycle's pidx_i (APB keeps
  reg            a_nar_q;                       // the address)
  reg            wt_q;                          // the wait state after a RAM counter's pre-read
  reg [CIW-1:0]  wt_i_q;                        // ... of counter wt_i_q
  reg [HW-1:0]   r2_q;                          // its word, registered in the wait state,
  reg [HW-1:0]   r2p_q;                         // and the word plus one

  // U all ones: small (HW bits), narrow (HWN bits) and wide (HWW bits, zero-extended)
  localparam [HW-1:0] ALL1S = {HW{1'b1}};
  localparam [HW-1:0] ALL1N = ALL1S >> (HW - HWN);
  localparam [HW-1:0] ALL1W = ALL1S >> (HW - HWW);
  // ... of a small (s) or narrow (n) counter, else a wide one
  function automatic [HW-1:0] u_ones(input s, input n);
    begin
      u_ones = s ? ALL1S : n ? ALL1N : ALL1W;
    end
  endfunction

  // carry out of each counter's adder (read by the bank test, verif/bank/tb_bank_diff.v, to check
  // that no carry meets a pending one)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NCNT-1:0] carry;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [NCNT-1:0] wrap;                         // each counter wraps (before WRAP_EN, writes)

  // ---------------------------------------------------------------------------------------------
  // RAM ports
  // ---------------------------------------------------------------------------------------------
  // Read: the pre-read, else the fold pointer (cycle A of a fold when that counter is pending and
  // neither written this cycle nor landing its write-back, its fold (cycles B and C) or its parked
  // fold word: its flags are about to change).
  wire          fa    = !pre_i && pend_q[fp_q] && !(we_i && (widx_i == fp_q))
                        && !(wv_q && (wi_q == fp_q)) && !(pk_q && (pk_i_q == fp_q))
                        && !(fv_q && (fi_q == fp_q)) && !(bv_q && (bi_q == fp_q));
  wire [CIW-1:0] raddr = pre_i ? pidx_i : fp_q;
  // The word read last cycle (the same edge's write to that address bypassed).
  wire [2*HW-1:0] rpair = byp_q ? byp_d_q : rd_q;
  wire [HW-1:0]   rword = rpair[HW-1:0];
  wire [HW-1:0]   rword1 = rpair[2*HW-1:HW];   // rword + 1 (mod 2^HW)

  // Write: the write-back of a software write, else a parked fold word, else cycle C of a fold
  // (which parks its word when the port is taken, and is dropped when the write-back is of its
  // own counter).
  wire          bdrop   = wv_q && (wi_q == bi_q);
  wire          fb      = bv_q && !wv_q && !pk_q;    // cycle C writes its word
  wire          park    = bv_q && (wv_q || pk_q) && !bdrop;   // ... parks it
  // a parked word that meets a write-back (after a DIRECT write): dropped when the write-back is
  // of its own counter, else kept one more cycle (never with park: no cycle C then)
  wire          pk_drop = pk_q && wv_q && (wi_q == pk_i_q);
  wire          pk_hold = pk_q && wv_q && !pk_drop;
  wire          fw      = fb || (pk_q && !wv_q);     // a fold word is written
  wire [HW-1:0] fb_mask = u_ones(SM[bi_q], NAR[bi_q]);
  wire [HW-1:0] fold_w  = bw_q + {{(HW - 1){1'b0}}, 1'b1};   // the word plus one
  wire [HW-1:0] fold_hi = fold_w & fb_mask;
  wire [CIW-1:0] fw_i   = pk_q ? pk_i_q : bi_q;
  wire [HW-1:0] fw_w    = pk_q ? pk_w_q : fold_hi;
  // ... plus one (the word before the mask plus two: the same in the counter's width)
  wire [HW-1:0] fold_w1 = bw_q + {{(HW - 2){1'b0}}, 2'd2};
  wire [HW-1:0] fw_w1   = pk_q ? pk_w1_q : fold_w1;
  // Whether cycle C's word plus one is all ones (in the folded counter's width), from the word
  // itself, beside the adder: (x + 1) mod 2^k = 2^k - 1 exactly when x mod 2^k = 2^k - 2.
  wire          fb_ones = ((bw_q & fb_mask) == (fb_mask ^ {{(HW - 1){1'b0}}, 1'b1}));

  // ---------------------------------------------------------------------------------------------
  // Old value of the counter a read or write addresses (pre-read last cycle), and the write
  // ---------------------------------------------------------------------------------------------
  // {U, lo} of a small (s), narrow (n) or wide counter from U and its prefix
  // (u zero-extended for the small layout: with no SMALL counter here the RAM word is HWN bits)
  localparam HWS = CW - PWS;
  function automatic [CW-1:0] split_value(input s, input n, input [HW-1:0] u,
                                          input [PWW-1:0] lo);
    /* verilator lint_off UNUSEDSIGNAL */
    reg [CW-1:0] ux;   // (its low HWS bits used)
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      ux          = {{(CW - HW){1'b0}}, u};
      split_value = s ? {ux[HWS-1:0], lo[PWS-1:0]} : n ? {u[HWN-1:0], lo[PWN-1:0]}
                                                   : {u[HWW-1:0], lo};
    end
  endfunction

  // The counter of an access (a read or a write, never both) and its upper part U: the word its
  // pre-read read, registered in the wait state with the word plus one (r2_q, r2p_q), picked by
  // its pending carry; of a DIRECT counter (no wait state) the word read or the word plus one
  // read beside it (u_base, u_sum: an access follows its pre-read, no fold's cycle A, so no
  // cycle B meets it). The access's counter's kind is taken from the address of the cycle
  // before (a_*_q; APB keeps it stable), and its pending carry from pend_q by a registered
  // address, so U and the value's layout start at flip-flops and the RAM: neither depends on the
  // access's index. The zero flag of the word read, and a DIRECT access's pending carry, are
  // looked up by the address read (ri_q, a flip-flop), beside the RAM's read: z_q now is z_q
  // then, less a write of that word at the read's edge (which the bypass returns), and pend_q
  // now is the DIRECT access's pending carry; so no NCNT-way mux follows the setup cycle's
  // decode of the pre-read's index. After a wait state the address read before it (ai_q: the
  // wait state's ri_q) names the access's counter, and pend_q[ai_q] is its pending carry now
  // (a_pend), so no path runs from a prefix adder's carry into an NCNT-way mux either.
  wire [CIW-1:0] aidx  = we_i ? widx_i : ridx_i;
  wire           u_z   = z_q[ri_q];   // z_q of the word read (the folded counter's in cycle B)
  wire           d_pend = pend_q[ri_q];
  wire [HW-1:0]  u_base = u_z ? {HW{1'b0}} : rword;
  wire [HW-1:0]  u_sum = u_z ? {{(HW - 1){1'b0}}, 1'b1} : rword1;   // u_base + 1
  // The DIRECT counters' value layout is a constant when they are all of one kind (the issue-slot
  // counters are), so the word read reaches the value through the pending carry's mux alone.
  localparam [NCNT-1:0] DSM = DIRECT & SM;
  localparam [NCNT-1:0] DNA = DIRECT & NAR;
  localparam            D_UNI = ((DSM == DIRECT) || (DSM == {NCNT{1'b0}}))
                                && ((DNA == DIRECT) || (DNA == {NCNT{1'b0}}));
  localparam            D_SM  = |DSM;
  localparam            D_NAR = |DNA;
  wire           d_sm  = D_UNI ? D_SM : a_sm_q;
  wire           d_nar = D_UNI ? D_NAR : a_nar_q;
  wire [HW-1:0]  u_dir = d_pend ? u_sum : u_base;
  wire           a_pend = pend_q[ai_q];   // after a wait state: the access's pending carry
  wire [HW-1:0]  u_wt  = a_pend ? r2p_q : r2_q;
  wire [PWW-1:0] a_lo  = lo_q[aidx];
  wire [CW-1:0]  d_val;             // a drained counter's value (its access cycle)
  reg            a_drn_q;           // the access is of a drained counter
  wire [CW-1:0]  aval  = a_drn_q ? d_val
                       : a_dir_q ? split_value(d_sm, d_nar, u_dir, a_lo)
                                 : split_value(a_sm_q, a_nar_q, u_wt, a_lo);

  always @(posedge clk_i) begin
    ai_q     <= ri_q;   // (in the wait state ri_q is the pre-read's counter)
    a_dir_q  <= DIRECT[pidx_i];
    a_sm_q   <= SM[pidx_i];
    a_nar_q  <= NAR[pidx_i];
    a_drn_q  <= DRAIN[pidx_i];
  end

  // The wait state (reset: none) and the two words it registers (a fold word written at its edge,
  // parked or of cycle C, in place of the word read).
  wire r2_byp = fw && (fw_i == wt_i_q);
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wt_q <= 1'b0;
    end else begin
      wt_q <= pre_i && ({1'b0, pidx_i} < NCNT_C) && !DIRECT[pidx_i];
    end
    wt_i_q <= pidx_i;
    if (wt_q) begin
      r2_q  <= r2_byp ? fw_w : u_base;
      r2p_q <= u_sum;
    end
  end
  assign wait_o = wt_q;

  // The written counter's value (pmu_cnt_bank merges the write's bytes over it into wval_i).
  assign wold_o = aval;

  // The written counter, one-hot (its wrap is suppressed now).
  reg [NCNT-1:0] wsel;
  always @* begin
    wsel = ({{(NCNT - 1){1'b0}}, we_i} << widx_i) & ~DRAIN;
  end

  // Write-back register: a counter's write lands next cycle (reset: none in flight; wnew_q
  // follows wval_i, 0 without a write).
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wv_q <= 1'b0;
      wb_q <= {NCNT{1'b0}};
    end else begin
      wv_q <= |wsel;   // (an index at or above NCNT names no counter)
      wb_q <= wsel;
    end
    wi_q   <= widx_i;
    wnew_q <= wval_i;
  end
  // the written upper part (the RAM word) of a small, narrow or wide counter (bits of the
  // shifted values above HW: 0, unused)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [CW-1:0] wsh_s = wnew_q >> PWS;
  wire [CW-1:0] wsh_n = wnew_q >> PWN;
  wire [CW-1:0] wsh_w = wnew_q >> PWW;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [HW-1:0] whi  = SM[wi_q] ? wsh_s[HW-1:0] : NAR[wi_q] ? wsh_n[HW-1:0] : wsh_w[HW-1:0];

  // The RAM's write port and its read-during-write bypass of the address read.
  wire           ram_we    = wv_q || fw;
  wire [CIW-1:0] ram_waddr = wv_q ? wi_q : fw_i;
  wire [HW-1:0]  ram_wdata = wv_q ? whi : fw_w;
  wire [HW-1:0]  ram_wd1   = wv_q ? (whi + {{(HW - 1){1'b0}}, 1'b1}) : fw_w1;
  // The bypass of the address read: the pre-read's only. A fold's cycle A (fa) reads no counter
  // written this cycle (a write-back, a parked word or cycle C: fa excludes their counters), and
  // only a cycle A uses the fold pointer's read.
  wire           byp_p     = ram_we && (ram_waddr == pidx_i);
  wire           byp_d     = pre_i && byp_p;

  always @(posedge clk_i) begin
    rd_q    <= ram[raddr];
    byp_q   <= byp_d;
    ri_q    <= raddr;
    byp_d_q <= {ram_wd1, ram_wdata};
    if (ram_we) begin
      ram[ram_waddr] <= {ram_wd1, ram_wdata};
    end
  end

  // Fold pointer, cycles B and C and the parked word (reset: pointer 0, no fold in flight).
  // (the pointer passes over the drained counters: each thread's range of them is skipped)
  wire [CIW:0]   fp_inc = {1'b0, fp_q} + {{CIW{1'b0}}, 1'b1};
  wire [DTHR-1:0] fp_at;           // fp_inc is thread t's first drained counter
  genvar gf;
  generate
    for (gf = 0; gf < DTHR; gf = gf + 1) begin : g_skip
      localparam [31:0]  DS32 = gf * DSTRIDE + DBASE;
      localparam [CIW:0] DS   = DS32[CIW:0];
      assign fp_at[gf] = (DSPAN > 0) && (fp_inc == DS);
    end
  endgenerate
  localparam [31:0]  DSP32 = DSPAN;
  localparam [CIW:0] DSP   = DSP32[CIW:0];
  wire [CIW:0]   fp_skp = (|fp_at) ? fp_inc + DSP : fp_inc;
  wire [CIW-1:0] fp_nxt = (fp_skp >= NCNT_C) ? {CIW{1'b0}} : fp_skp[CIW-1:0];
  wire [CIW-1:0] fp_d   = pre_i ? fp_q : fp_nxt;
  wire           fv_d   = fa;
  wire [CIW-1:0] fi_d   = fp_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      fp_q <= {CIW{1'b0}};
      fv_q <= 1'b0;
      fi_q <= {CIW{1'b0}};
      bv_q <= 1'b0;
      bi_q <= {CIW{1'b0}};
      pk_q <= 1'b0;
    end else begin
      fp_q <= fp_d;
      fv_q <= fv_d;
      fi_q <= fi_d;
      bv_q <= fv_q;
      bi_q <= fi_q;
      pk_q <= park || pk_hold;
    end
    if (fv_q) begin
      bw_q <= u_base;
    end
    if (park) begin
      pk_i_q <= bi_q;
      pk_w_q  <= fold_hi;
      pk_w1_q <= fold_w1;
    end
  end

  // U of the folded counter (fw_w), and of a written counter, all ones.
  wire          f_ones = pk_q ? (pk_w_q == u_ones(SM[pk_i_q], NAR[pk_i_q])) : fb_ones;
  wire          w_ones = (whi == u_ones(SM[wi_q], NAR[wi_q]));

  // ---------------------------------------------------------------------------------------------
  // Per counter
  // ---------------------------------------------------------------------------------------------

  // each counter's prefix as its adder takes it (a landing write-back: the new value's low bits),
  // for the window read ports (bits above the counter's PW: 0)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [PWW-1:0] base_v [0:NCNT-1];
  /* verilator lint_on UNUSEDSIGNAL */

  genvar gi;
  generate
    for (gi = 0; gi < NCNT; gi = gi + 1) begin : g_cnt
     if (DRAIN[gi]) begin : g_drn
      // kept by u_drn: no prefix, no flags here (its increment's SIW bits: u_drn's)
      /* verilator lint_off UNUSEDSIGNAL */
      wire [IW-1:0] inc_u = inc_i[gi*IW +: IW];
      wire          wb_u  = wb_q[gi];
      /* verilator lint_on UNUSEDSIGNAL */
      assign base_v[gi]  = {PWW{1'b0}};
      assign carry[gi]   = 1'b0;
      assign wrap[gi]    = 1'b0;
      always @(posedge clk_i) begin
        lo_q[gi]   <= {PWW{1'b0}};
        pend_q[gi] <= 1'b0;
        z_q[gi]    <= 1'b1;
        ones_q[gi] <= 1'b0;
      end
     end else begin : g_own
      // (a NARROW or SMALL counter's increment uses its low NIW or SIW bits only)
      /* verilator lint_off UNUSEDSIGNAL */
      wire [IW-1:0] inc = inc_i[gi*IW +: IW];
      /* verilator lint_on UNUSEDSIGNAL */
      localparam PWI = SM[gi] ? PWS : NARROW[gi] ? PWN : PWW;   // this counter's prefix
      localparam IWI = SM[gi] ? SIW : NARROW[gi] ? NIW : IW;    // ... and increment widths
      // the prefix (a landing write-back: the new value's) plus the increment; a carry out
      // is a wrap when U is all ones
      wire [PWI-1:0] base = wb_q[gi] ? wnew_q[PWI-1:0] : lo_q[gi][PWI-1:0];
      wire [PWI:0] sum  = {1'b0, base} + {{(PWI + 1 - IWI){1'b0}}, inc[IWI-1:0]};
      wire         c    = sum[PWI];
      wire        fold  = fw && (fw_i == gi);
      assign base_v[gi] = {{(PWW - PWI){1'b0}}, base};
      assign carry[gi] = c;
      assign wrap[gi]  = c && (wb_q[gi] ? w_ones : ones_q[gi]);
      // Next state. The prefix adds the increment. A landing write-back sets U (the RAM word)
      // from the new value, with a carry of this cycle pending; a fold sets U = fw_w (a carry
      // in this cycle cannot happen: PW); else a carry makes U + 1 pending (ones_q is not
      // used again before the fold sets it: PW). (A write in this cycle changes nothing
      // here: its write-back overwrites it all.)
      reg [PWW-1:0] lo_d;
      reg           pend_d;
      reg           z_d;
      reg           ones_d;
      always @* begin
        lo_d   = {{(PWW - PWI){1'b0}}, sum[PWI-1:0]};
        pend_d = pend_q[gi] | c;
        z_d    = z_q[gi];
        ones_d = ones_q[gi];
        if (wb_q[gi]) begin
          pend_d = c;
          z_d    = 1'b0;
          ones_d = w_ones;
        end else if (fold) begin
          pend_d = c;
          z_d    = 1'b0;
          ones_d = f_ones;
        end
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          lo_q[gi]   <= {PWW{1'b0}};
          pend_q[gi] <= 1'b0;
          z_q[gi]    <= 1'b1;
          ones_q[gi] <= 1'b0;
        end else begin
          lo_q[gi]   <= lo_d;
          pend_q[gi] <= pend_d;
          z_q[gi]    <= z_d;
          ones_q[gi] <= ones_d;
        end
      end
     end
    end
  endgenerate

  // The drained counters: their increments, the setup cycle's counter and the access's write
`ifndef SYNTHESIS
  reg [CW-1:0] dview [0:NCNT-1];   // (simulation only: their values, for the view below)
`endif
  generate
    if (DSPAN > 0) begin : g_drain
      localparam ND = DTHR * DSPAN;
      wire [ND*SIW-1:0] dinc;
      genvar gd;
      for (gd = 0; gd < ND; gd = gd + 1) begin : g_dinc
        assign dinc[gd*SIW +: SIW] = inc_i[((gd / DSPAN) * DSTRIDE + DBASE + (gd % DSPAN))*IW +: SIW];
      end
`ifndef SYNTHESIS
      integer dv;
      always @* begin
        for (dv = 0; dv < NCNT; dv = dv + 1) begin
          dview[dv] = {CW{1'b0}};
        end
        for (dv = 0; dv < ND; dv = dv + 1) begin
          dview[(dv / DSPAN) * DSTRIDE + DBASE + (dv % DSPAN)] = u_drn.view[dv];
        end
      end
`endif
      /* verilator lint_off UNUSEDSIGNAL */
      wire d_hit;
      /* verilator lint_on UNUSEDSIGNAL */
      pmu_cnt_drn #(
        .NCNT    (NCNT),
        .CW      (CW),
        .CIW     (CIW),
        .SIW     (SIW),
        .SMAX    (SMAX),
        .DBASE   (DBASE),
        .DSPAN   (DSPAN),
        .DSTRIDE (DSTRIDE),
        .DTHR    (DTHR),
        .PWD     ((PWD > 0) ? PWD : $clog2(SMAX * (2 * ND + 4) + 1))
      ) u_drn (
        .clk_i   (clk_i),
        .rst_ni  (rst_ni),
        .inc_i   (dinc),
        .pre_i   (pre_i),
        .pidx_i  (pidx_i),
        .we_i    (we_i),
        .wmask_i (wmask_i),
        .wdata_i (wdata_i),
        .hit_o   (d_hit),
        .val_o   (d_val)
      );
    end else begin : g_no_drain
      // (the write's bytes: only u_drn takes them apart from wval_i)
      /* verilator lint_off UNUSEDSIGNAL */
      wire [2*CW-1:0] wbytes_u = {wmask_i, wdata_i};
      /* verilator lint_on UNUSEDSIGNAL */
      assign d_val = {CW{1'b0}};
`ifndef SYNTHESIS
      integer dv;
      always @* begin
        for (dv = 0; dv < NCNT; dv = dv + 1) begin
          dview[dv] = {CW{1'b0}};
        end
      end
`endif
    end
  endgenerate

  // Wrap: the carry out, except in a write cycle and for a silent counter (WRAP_EN clear).
  assign wrap_o = wrap & ~wsel & WRAP_EN;

  // ---------------------------------------------------------------------------------------------
  // Read ports
  // ---------------------------------------------------------------------------------------------
  always @* begin
    if (re_i && ({1'b0, ridx_i} < NCNT_C)) begin
      rdata_o = aval;
    end else begin
      rdata_o = {CW{1'b0}};
    end
  end

`ifndef SYNTHESIS
  // Simulation only: every counter's value (pmu_cnt_bank's cnt_q view for the lockstep harness
  // and the golden replay).
  reg [CW-1:0] view [0:NCNT-1];
  integer vi;

  always @* begin
    for (vi = 0; vi < NCNT; vi = vi + 1) begin
      view[vi] = DRAIN[vi] ? dview[vi]
               : (wv_q && (wi_q == vi[CIW-1:0])) ? wnew_q      // write-back in flight
               :   split_value(SM[vi], NAR[vi],
                                   (z_q[vi] ? {HW{1'b0}} : ram[vi][HW-1:0])
                                   + {{(HW - 1){1'b0}}, pend_q[vi]}, lo_q[vi]);
    end
  end
  // ... and whether every RAM entry in use (z_q clear) holds the word plus one beside its word
  // (in the counter's width: the formal miter's invariant i.pair)
  /* verilator lint_off UNUSEDSIGNAL */
  reg ram_pair_ok;   // (read by verif/formal/fv_bank_ram.sv only)
  /* verilator lint_on UNUSEDSIGNAL */
  integer pi;
  always @* begin
    ram_pair_ok = 1'b1;
    for (pi = 0; pi < NCNT; pi = pi + 1) begin
      if (!z_q[pi] && ((ram[pi][2*HW-1:HW] ^ (ram[pi][HW-1:0] + {{(HW - 1){1'b0}}, 1'b1}))
           & u_ones(SM[pi], NAR[pi])) != {HW{1'b0}}) begin
        ram_pair_ok = 1'b0;
      end
    end
  end
`endif

  // Window read ports (see the top): per port a copy of its WSPAN counters' RAM words, written
  // with the bank's RAM, read with the counter's prefix, pending carry and zero flag captured;
  // the same edge's write of the word read bypassed (a fold's word plus one replaces the word and
  // its pending carry, a write-back's upper part the word: its prefix is in base_v). Reset clears
  // the captures (the port reads 0 until its first read).
  localparam WAW = (WSPAN > 1) ? $clog2(WSPAN) : 1;
  genvar gw;
  generate
    for (gw = 0; gw < NWND; gw = gw + 1) begin : g_wnd
      localparam integer     WB   = WBASE + gw * WSTRIDE;   // the port's first counter
      localparam [31:0]      WB32 = WB;
      localparam [31:0]      WE32 = WB + WSPAN;
      localparam [CIW:0]     WB_C = WB32[CIW:0];
      localparam [CIW:0]     WE_C = WE32[CIW:0];
      localparam [31:0]      SP32 = WSPAN;
      (* no_rw_check *) reg [HW-1:0] wram [0:(1 << WAW)-1];   // no reset: c_z_q stands for it
      reg  [HW-1:0]  wrd_q;
      reg            c_byp_q;                 // the word read was written at the same edge:
      reg  [HW-1:0]  c_w_q;                   // the word written
      reg            c_z_q;                   // the word reads as 0 (or no counter)
      reg            c_p_q;                   // pending carry
      reg            c_sm_q;                  // kind (SMALL, NAR)
      reg            c_nar_q;
      reg  [PWW-1:0] c_lo_q;                  // prefix
      wire [WIW-1:0] widx  = wnd_idx_i[gw*WIW +: WIW];
      wire           whit  = ({{(32 - WIW){1'b0}}, widx} < SP32);
      // the counter read: WB + widx (for widx >= WSPAN none: whit clear)
      wire [CIW-1:0] wk    = WB_C[CIW-1:0] + {{(CIW - WAW){1'b0}}, widx[WAW-1:0]};
      // (the write's offset in the window: its low WAW bits used)
      /* verilator lint_off UNUSEDSIGNAL */
      wire [CIW:0]   wa_x  = {1'b0, ram_waddr} - WB_C;
      /* verilator lint_on UNUSEDSIGNAL */
      wire           w_in  = ({1'b0, ram_waddr} >= WB_C) && ({1'b0, ram_waddr} < WE_C);
      wire           w_we  = ram_we && w_in;
      wire           w_byp = w_we && (wa_x[WAW-1:0] == widx[WAW-1:0]);
      always @(posedge clk_i) begin
        if (w_we) begin
          wram[wa_x[WAW-1:0]] <= ram_wdata;
        end
        if (wnd_re_i[gw]) begin
          wrd_q <= wram[widx[WAW-1:0]];
          c_w_q <= ram_wdata;
        end
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          c_byp_q <= 1'b0;
          c_z_q   <= 1'b1;
          c_p_q   <= 1'b0;
          c_sm_q  <= 1'b0;
          c_nar_q <= 1'b0;
          c_lo_q  <= {PWW{1'b0}};
        end else if (wnd_re_i[gw]) begin
          c_byp_q <= whit && w_byp;
          c_z_q   <= !whit || z_q[wk];
          c_p_q   <= whit && pend_q[wk] && !w_byp;
          c_sm_q  <= SM[wk];
          c_nar_q <= NAR[wk];
          c_lo_q  <= whit ? base_v[wk] : {PWW{1'b0}};
        end
      end
      wire [HW-1:0] c_word = c_byp_q ? c_w_q : c_z_q ? {HW{1'b0}} : wrd_q;
      wire [HW-1:0] c_u    = c_word + {{(HW - 1){1'b0}}, c_p_q};
      // (the window's counters are DIRECT, so of one kind when D_UNI: the layout is a constant
      // then, and a read of no counter, whit clear, reads 0 in any layout)
      assign wnd_data_o[gw*CW +: CW] = split_value(D_UNI ? D_SM : c_sm_q, D_UNI ? D_NAR : c_nar_q,
                                                   c_u, c_lo_q);
    end
  endgenerate

endmodule

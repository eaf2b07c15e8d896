// Formal miter of the counter bank's two storages (docs/spec.md section 4, "Counter storage"):
// pmu_cnt_bank with flip-flops and with block RAM (STORAGE=1) side by side on the same free
// inputs, under the bank's access protocol as pmu_regs drives it over APB: a read or write of a
// counter in cycle t follows a pre-read of that counter in cycle t-2 and the access's wait state
// in cycle t-1 (spec 5.1: no pre-read, read or write, the pre-read's index still driven: APB
// keeps the address), and a pre-read cycle is not an access cycle. Reset is assumed in the first
// cycle.
//
// Property (h): every cycle the read port (while re), the wrap vector and every counter's value
// (pmu_cnt_ram's `view`, its simulation-only `ifndef SYNTHESIS view of {U, lo}, which
// yosys -formal reads; u_ram.cnt_q is no use here: yosys 0.23 leaves its hierarchical source
// undriven) are equal:
//   h.read_same   h.wrap_same   h.value_same
// Small parameters reach every corner within the BMC depth: two counters (three with
// FV_NCNT3: a pointer that wraps at a count that is not a power of two, and an index, 3, that
// names no counter), increments 0..1 (IW=1) and a 4-bit prefix, which carries every 16 cycles at
// most while a pending carry is folded within 2 NCNT + 3 (7, or 9 with three counters: the
// pointer moves at least every other cycle, a fold takes cycles A, B and C, and a fold's word
// waits at most one cycle behind a write-back), so the sizing rule of the RAM bank holds; a 4-bit upper part wraps after a write
// of a near-maximal value.
//
// Invariants (docs/formal.md, "(h) by induction") on the RAM bank's flops, which make (h)
// k-inductive; h.value_same is the value relation itself:
//   i.ones    a counter without a pending carry has ones_q = (its upper part is all ones)
//   i.bound   a counter with a pending carry has a prefix low enough that it cannot carry
//             again before the fold scheduler (fp_q, fv_q/fi_q) has folded that carry
//   i.ptr     the fold pointer and the folded counter are counters (with 3, index 3 is not)
//   i.fold    cycle B of a fold (fv_q) follows no pre-read, its counter is still pending and
//             the pointer has moved on to the next counter; in cycle C (bv_q, bi_q) the counter
//             is still pending and not in cycle B again
//   i.park    a parked fold word (pk_q) meets a write-back only of a DIRECT counter (its
//             write follows the pre-read at once: pmu_cnt_ram's pk_hold, or pk_drop when it is
//             the parked word's own counter); unless dropped, its counter is pending and the
//             word is that counter's upper part
//   i.wback   a write-back (wv_q, wi_q, one-hot wb_q) follows no pre-read and no RAM counter's
//             wait state (so no write-back follows it at once), and a cycle B in it is of
//             another counter (its view is the new value wnew_q: h.value_same)
//   i.rword   the word the RAM read port returns (rword: rd_q, or the bypassed byp_d_q) is the
//             RAM word of the counter pre-read last cycle, and in cycle B of the folded one; in
//             cycle C the word cycle B registered (bw_q) is that counter's RAM word (unless its
//             write-back lands then and replaces the fold)
//   i.wait    the wait state (wt_q) follows a pre-read of a RAM (not DIRECT) counter; in the
//             cycle after it, the word it registered is the pre-read counter's RAM word,
//             a_pend its pending carry and, while that is set, the other word the word plus
//             one; after a pre-read the address read (ri_q) is the pre-read's (a DIRECT access
//             looks its zero flag and pending carry up by it), and a_dir_q is its kind
//   i.pair    every RAM entry in use (z_q clear) holds the word plus one beside the word
//             (pmu_cnt_ram's simulation-only ram_pair_ok), and so do the word read where
//             i.rword holds (rword1) and a parked fold word (pk_w1_q)
// The RAM word of counter j is taken from the view: ram[j] = view[j][CW-1:PW] - pend_q[j]
// while z_q[j] is clear (while it is set, the word is not used).
//
// FV_DIRECT (the checks bankramd.bmc and bankramd.ind, docs/formal.md "A DIRECT counter"):
// four counters, counter 3 DIRECT (accessed in the cycle after its pre-read, no wait state, as
// pmu_top's issue-slot counters), CW=10 and a 5-bit prefix (the sizing rule for four counters);
// the invariants cover it (a parked word held behind its write-back, i.bound's extra cycle).
// FV_DRAIN (the checks bankramdr.bmc and bankramdr.ind): four counters, 2 and 3 drained
// (pmu_cnt_drn, as pmu_top's CPI-stack counters: silent, kept additively beside their own RAM),
// 0 and 1 RAM counters, CW=8, a 4-bit prefix; the drained counters' values are read from
// u_drn's view (pmu_cnt_ram's view takes them by a hierarchical reference, undriven in yosys).
//   i.drain   (FV_FULL) cycles B and C of u_drn follow every non-reset cycle, are the access's
//             after a drained counter's pre-read, C finds the prefix 0, B's word is the RAM
//             word (ram[j], mapped to flip-flops before flatten) unless C writes it, and a
//             prefix plus what it takes until its next cycle B fits in its 4 bits
// FV_NARROW (the checks bankramn.bmc and bankramn.ind): two counters, counter 1 NARROW
// (increments below 2, a 5-bit prefix) beside a wide one (up to 3, a 6-bit prefix), IW=2; the
// invariants take each counter's prefix width, largest increment and upper part's width, and
// compare a wide counter's RAM words in its width (the bank never uses the bit above it).
// FV_WND adds a registered window read port over counter 3 (as pmu_top's direct read port):
//   h.wnd_same  the two banks' window data are equal in every cycle
//   i.wnd       (FV_FULL) the port's copy of counter 3's RAM word (g_wnd[0].wram[0], mapped to
//               flip-flops before flatten by run.sh) is the RAM word while it is in use
`ifdef FV_DIRECT
`define FV_NCNT 4
`elsif FV_DRAIN
`define FV_NCNT 4
`elsif FV_NCNT3
`define FV_NCNT 3
`else
`define FV_NCNT 2
`endif

module fv_bank_ram #(
  parameter NCNT = `FV_NCNT,
`ifdef FV_DIRECT
  parameter CW   = 10,
`else
  parameter CW   = 8,
`endif
`ifdef FV_NARROW
  parameter IW   = 2
`else
  parameter IW   = 1
`endif
) (
  input wire                       clk_i,
  input wire                       rst_ni,
  input wire [NCNT*IW-1:0]         inc_i,
  input wire                       pre_i,
  input wire [$clog2(NCNT)-1:0]    pidx_i,
  input wire                       we_i,
  input wire                       re_i,
  input wire [$clog2(NCNT)-1:0]    idx_i,
  input wire                       whi_i,
  input wire [31:0]                wdata_i,
  input wire [3:0]                 wstrb_i
`ifdef FV_WND
  ,
  input wire                       wnd_re_i,    // the window read port (FV_WND)
  input wire                       wnd_idx_i
`endif
);
  localparam CIW = $clog2(NCNT);

  wire [CW-1:0]   rd_f;
  wire [CW-1:0]   rd_r;
  wire [NCNT-1:0] wrap_f;
  wire [NCNT-1:0] wrap_r;
  // FV_WND (with FV_DIRECT): a registered window read port over the DIRECT counter 3 (WSPAN=1;
  // index 1 names no counter and reads 0), as pmu_top's direct read port reads its issue-slot
  // counters
`ifdef FV_WND
  wire          w_re  = wnd_re_i;
  wire          w_idx = wnd_idx_i;
  localparam    WREG  = 1;
  localparam    WB    = 3;
`else
  wire          w_re  = 1'b0;
  wire          w_idx = 1'b0;
  localparam    WREG  = 0;
  localparam    WB    = 0;
`endif
  wire [CW-1:0] wd_f;
  wire [CW-1:0] wd_r;
  // FV_DRAIN ((h) alone, BMC): counters 2 and 3 drained (pmu_cnt_drn, as pmu_top's CPI-stack
  // counters: silent, kept additively, no prefix or flags in pmu_cnt_ram), 0 and 1 RAM counters
`ifdef FV_DRAIN
  localparam            DSP = 2;
  localparam [NCNT-1:0] WEN = 4'b0011;
`else
  localparam            DSP = 0;
  localparam [NCNT-1:0] WEN = {NCNT{1'b1}};
`endif

  pmu_cnt_bank #(.NCNT(NCNT), .CW(CW), .IW(IW), .CIW(CIW), .STORAGE(0), .WND_REG(WREG), .WBASE(WB),
                 .WRAP_EN(WEN)) u_ff (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_i), .pre_i (pre_i), .pidx_i (pidx_i),
    .we_i (we_i), .widx_i (idx_i), .whi_i (whi_i), .wdata_i (wdata_i), .wstrb_i (wstrb_i),
    .re_i (re_i), .ridx_i (idx_i), .rdata_o (rd_f), .wnd_re_i (w_re), .wnd_idx_i (w_idx),
    .wnd_data_o (wd_f), .wrap_o (wrap_f)
  );

`ifdef FV_DIRECT
  localparam [NCNT-1:0] DIR = 4'b1000;
  localparam            PWR = 5;
`elsif FV_NARROW
  localparam [NCNT-1:0] DIR = 2'b00;
  localparam            PWR = 6;
`elsif FV_DRAIN
  localparam [NCNT-1:0] DIR = 4'b0000;
  localparam            PWR = 4;
`else
  localparam [NCNT-1:0] DIR = {NCNT{1'b0}};
  localparam            PWR = 4;
`endif
  // FV_NARROW ((h) alone, BMC): counter 1 NARROW (increments below 2^NIW = 2, a 5-bit prefix
  // PWN), counter 0 wide (increments up to 3, a 6-bit prefix PWW): the RAM word split per kind,
  // as pmu_top's fixed counters beside its programmable ones
`ifdef FV_NARROW
  localparam [NCNT-1:0] NARR = 2'b10;
  localparam            NIWR = 1;
  localparam            PWNR = 5;
  always @* assume (inc_i[1*IW +: IW] < 2);
`else
  localparam [NCNT-1:0] NARR = {NCNT{1'b0}};
  localparam            NIWR = IW;
  localparam            PWNR = PWR;
`endif
  // (every index: one past NCNT names no counter, no DIRECT one)
  localparam [(1 << CIW)-1:0] DIRX = {{((1 << CIW) - NCNT + 1){1'b0}}, DIR};
  // the drained counters (FV_DRAIN: 2 and 3, the last ones) and the RAM counters' count NR,
  // which the fold pointer visits (it skips the drained ones)
`ifdef FV_DRAIN
  localparam [NCNT-1:0] DRN = 4'b1100;
  localparam            NR  = 2;
`else
  localparam [NCNT-1:0] DRN = {NCNT{1'b0}};
  localparam            NR  = NCNT;
`endif
  localparam [(1 << CIW)-1:0] DRNX = {{((1 << CIW) - NCNT + 1){1'b0}}, DRN};
  pmu_cnt_bank #(.NCNT(NCNT), .CW(CW), .IW(IW), .CIW(CIW), .STORAGE(1), .DIRECT(DIR),
                 .PWW(PWR), .PWN(PWNR), .PWS(PWNR), .NARROW(NARR), .NIW(NIWR),
                 .WND_REG(1), .WBASE(WB), .WRAP_EN(WEN),
                 .DBASE(2), .DSPAN(DSP), .DSTRIDE(2), .DTHR(1)) u_ram (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_i), .pre_i (pre_i), .pidx_i (pidx_i),
    .we_i (we_i), .widx_i (idx_i), .whi_i (whi_i), .wdata_i (wdata_i), .wstrb_i (wstrb_i),
    .re_i (re_i), .ridx_i (idx_i), .rdata_o (rd_r), .wnd_re_i (w_re), .wnd_idx_i (w_idx),
    .wnd_data_o (wd_r), .wrap_o (wrap_r)
  );

  `include "fv_common.vh"

  // the access protocol (pmu_regs over APB)
  reg           p_pre;    // a pre-read last cycle (this one is its wait state)
  reg [CIW-1:0] p_pidx;
  reg           pp_pre;   // a pre-read two cycles ago (this one may be its access)
  reg [CIW-1:0] pp_pidx;
  always @(posedge clk_i) begin
    p_pre   <= pre_i && rst_ni;
    p_pidx  <= pidx_i;
    pp_pre  <= p_pre && rst_ni;
    pp_pidx <= p_pidx;
  end
  always @* begin
    if (!past_valid) assume (!rst_ni);
    // (a DIRECT counter: the access follows its pre-read, no wait state)
    if (re_i || we_i) assume (DIRX[idx_i] ? (p_pre && (p_pidx == idx_i)) : (pp_pre && (pp_pidx == idx_i)));
    if (pre_i) assume (!re_i && !we_i && !p_pre);
    if (p_pre && !DIRX[p_pidx]) assume (!re_i && !we_i);
    if (p_pre) assume (pidx_i == p_pidx);
    assume (!(re_i && we_i));
  end

  // ---- the RAM bank's state (hierconn: "inst.sig" is merged with inst's sig by flatten; run.sh
  // fails the build if one is left unmerged, e.g. after a rename). Named one by one: the
  // mem2reg'd arrays are separate wires cnt_q[0], cnt_q[1], ... (2 counters, 3 with FV_NCNT3).
  generate
    if (NCNT != `FV_NCNT) begin : g_ncnt_must_be_fv_ncnt
      fv_bank_ram_ncnt_is_set_by_fv_ncnt3 u_err ();
    end
  endgenerate
  localparam PW     = PWR;               // u_ram's prefix widths
  localparam UW     = CW - PW;           // its RAM word (HW = HWW here)
  localparam [31:0] MAXINC = (1 << IW) - 1;
  localparam HWR    = CW - PWNR;         // u_ram's RAM word (HW): a NARROW counter's upper part
  localparam [PW-1:0] LOMAX = {PW{1'b1}};
  (* hierconn *) wire [CW-1:0]   \u_ff.cnt_q[0] ;
  (* hierconn *) wire [CW-1:0]   \u_ff.cnt_q[1] ;
`ifdef FV_DRAIN
  // (the drained counters' values from pmu_cnt_drn's own view: pmu_cnt_ram's view takes them
  // by a hierarchical reference, which yosys 0.23 leaves undriven)
  (* hierconn *) wire [CW-1:0]   \u_ff.cnt_q[2] ;
  (* hierconn *) wire [CW-1:0]   \u_ff.cnt_q[3] ;
  (* hierconn *) wire [CW-1:0]   \u_ram.g_ram.u_ram.g_drain.u_drn.view[0] ;
  (* hierconn *) wire [CW-1:0]   \u_ram.g_ram.u_ram.g_drain.u_drn.view[1] ;
`endif
`ifdef FV_DIRECT
  (* hierconn *) wire [CW-1:0]   \u_ff.cnt_q[2] ;
  (* hierconn *) wire [CW-1:0]   \u_ff.cnt_q[3] ;
  (* hierconn *) wire [CW-1:0]   \u_ram.g_ram.u_ram.view[2] ;
  (* hierconn *) wire [CW-1:0]   \u_ram.g_ram.u_ram.view[3] ;
  (* hierconn *) wire [PW-1:0]   \u_ram.g_ram.u_ram.lo_q[2] ;
  (* hierconn *) wire [PW-1:0]   \u_ram.g_ram.u_ram.lo_q[3] ;
`endif
`ifdef FV_NCNT3
  (* hierconn *) wire [CW-1:0]   \u_ff.cnt_q[2] ;
  (* hierconn *) wire [CW-1:0]   \u_ram.g_ram.u_ram.view[2] ;
  (* hierconn *) wire [PW-1:0]   \u_ram.g_ram.u_ram.lo_q[2] ;
`endif
  (* hierconn *) wire [CW-1:0]   \u_ram.g_ram.u_ram.view[0] ;
  (* hierconn *) wire [CW-1:0]   \u_ram.g_ram.u_ram.view[1] ;
  (* hierconn *) wire [PW-1:0]   \u_ram.g_ram.u_ram.lo_q[0] ;
  (* hierconn *) wire [PW-1:0]   \u_ram.g_ram.u_ram.lo_q[1] ;
  (* hierconn *) wire [NCNT-1:0] \u_ram.g_ram.u_ram.pend_q ;
  (* hierconn *) wire [NCNT-1:0] \u_ram.g_ram.u_ram.z_q ;
  (* hierconn *) wire [NCNT-1:0] \u_ram.g_ram.u_ram.ones_q ;
  (* hierconn *) wire [HWR-1:0]  \u_ram.g_ram.u_ram.rword ;
  (* hierconn *) wire [CIW-1:0]  \u_ram.g_ram.u_ram.fp_q ;
  (* hierconn *) wire            \u_ram.g_ram.u_ram.fv_q ;
  (* hierconn *) wire [CIW-1:0]  \u_ram.g_ram.u_ram.fi_q ;
  (* hierconn *) wire            \u_ram.g_ram.u_ram.pk_q ;
  (* hierconn *) wire [CIW-1:0]  \u_ram.g_ram.u_ram.pk_i_q ;
  (* hierconn *) wire [HWR-1:0]  \u_ram.g_ram.u_ram.pk_w_q ;
  (* hierconn *) wire            \u_ram.g_ram.u_ram.wv_q ;
  (* hierconn *) wire [CIW-1:0]  \u_ram.g_ram.u_ram.wi_q ;
  (* hierconn *) wire [NCNT-1:0] \u_ram.g_ram.u_ram.wb_q ;
  (* hierconn *) wire            \u_ram.g_ram.u_ram.wt_q ;
  (* hierconn *) wire            \u_ram.g_ram.u_ram.bv_q ;
  (* hierconn *) wire [CIW-1:0]  \u_ram.g_ram.u_ram.bi_q ;
  (* hierconn *) wire [HWR-1:0]  \u_ram.g_ram.u_ram.bw_q ;
  (* hierconn *) wire [HWR-1:0]  \u_ram.g_ram.u_ram.r2_q ;
  (* hierconn *) wire [HWR-1:0]  \u_ram.g_ram.u_ram.r2p_q ;
  (* hierconn *) wire            \u_ram.g_ram.u_ram.a_pend ;
  (* hierconn *) wire [HWR-1:0]  \u_ram.g_ram.u_ram.rword1 ;
  (* hierconn *) wire [HWR-1:0]  \u_ram.g_ram.u_ram.pk_w1_q ;
  (* hierconn *) wire            \u_ram.g_ram.u_ram.ram_pair_ok ;
  (* hierconn *) wire [CIW-1:0]  \u_ram.g_ram.u_ram.ri_q ;
  (* hierconn *) wire            \u_ram.g_ram.u_ram.a_dir_q ;
`ifdef FV_WND
  (* hierconn *) wire [HWR-1:0]  \u_ram.g_ram.u_ram.g_wnd[0].wram[0] ;
`endif

`ifdef FV_DRAIN
  wire [NCNT*CW-1:0] cf   = {\u_ff.cnt_q[3] , \u_ff.cnt_q[2] , \u_ff.cnt_q[1] , \u_ff.cnt_q[0] };
  wire [NCNT*CW-1:0] cr   = {\u_ram.g_ram.u_ram.g_drain.u_drn.view[1] ,
                             \u_ram.g_ram.u_ram.g_drain.u_drn.view[0] ,
                             \u_ram.g_ram.u_ram.view[1] , \u_ram.g_ram.u_ram.view[0] };
  wire [NCNT*PW-1:0] lo   = {{(2 * PW){1'b0}}, \u_ram.g_ram.u_ram.lo_q[1] , \u_ram.g_ram.u_ram.lo_q[0] };
`elsif FV_DIRECT
  wire [NCNT*CW-1:0] cf   = {\u_ff.cnt_q[3] , \u_ff.cnt_q[2] , \u_ff.cnt_q[1] , \u_ff.cnt_q[0] };
  wire [NCNT*CW-1:0] cr   = {\u_ram.g_ram.u_ram.view[3] , \u_ram.g_ram.u_ram.view[2] ,
                             \u_ram.g_ram.u_ram.view[1] , \u_ram.g_ram.u_ram.view[0] };
  wire [NCNT*PW-1:0] lo   = {\u_ram.g_ram.u_ram.lo_q[3] , \u_ram.g_ram.u_ram.lo_q[2] ,
                             \u_ram.g_ram.u_ram.lo_q[1] , \u_ram.g_ram.u_ram.lo_q[0] };
`elsif FV_NCNT3
  wire [NCNT*CW-1:0] cf   = {\u_ff.cnt_q[2] , \u_ff.cnt_q[1] , \u_ff.cnt_q[0] };
  wire [NCNT*CW-1:0] cr   = {\u_ram.g_ram.u_ram.view[2] , \u_ram.g_ram.u_ram.view[1] ,
                             \u_ram.g_ram.u_ram.view[0] };
  wire [NCNT*PW-1:0] lo   = {\u_ram.g_ram.u_ram.lo_q[2] , \u_ram.g_ram.u_ram.lo_q[1] ,
                             \u_ram.g_ram.u_ram.lo_q[0] };
`else
  wire [NCNT*CW-1:0] cf   = {\u_ff.cnt_q[1] , \u_ff.cnt_q[0] };
  wire [NCNT*CW-1:0] cr   = {\u_ram.g_ram.u_ram.view[1] , \u_ram.g_ram.u_ram.view[0] };
  wire [NCNT*PW-1:0] lo   = {\u_ram.g_ram.u_ram.lo_q[1] , \u_ram.g_ram.u_ram.lo_q[0] };
`endif
  wire [NCNT-1:0]    pend = \u_ram.g_ram.u_ram.pend_q ;
  wire [NCNT-1:0]    z    = \u_ram.g_ram.u_ram.z_q ;
  wire [NCNT-1:0]    ones = \u_ram.g_ram.u_ram.ones_q ;
  wire [HWR-1:0]     rword = \u_ram.g_ram.u_ram.rword ;
  wire [CIW-1:0]     fp   = \u_ram.g_ram.u_ram.fp_q ;
  wire               fv   = \u_ram.g_ram.u_ram.fv_q ;
  wire [CIW-1:0]     fi   = \u_ram.g_ram.u_ram.fi_q ;
  wire               pk   = \u_ram.g_ram.u_ram.pk_q ;
  wire [CIW-1:0]     pki  = \u_ram.g_ram.u_ram.pk_i_q ;
  wire [HWR-1:0]     pkw  = \u_ram.g_ram.u_ram.pk_w_q ;
  wire               wv   = \u_ram.g_ram.u_ram.wv_q ;
  wire [CIW-1:0]     wi   = \u_ram.g_ram.u_ram.wi_q ;
  wire [NCNT-1:0]    wb   = \u_ram.g_ram.u_ram.wb_q ;
  wire               wt   = \u_ram.g_ram.u_ram.wt_q ;
  wire               bv   = \u_ram.g_ram.u_ram.bv_q ;
  wire [CIW-1:0]     bi   = \u_ram.g_ram.u_ram.bi_q ;
  wire [HWR-1:0]     bw   = \u_ram.g_ram.u_ram.bw_q ;
  wire [HWR-1:0]     r2   = \u_ram.g_ram.u_ram.r2_q ;
  wire [HWR-1:0]     r2p  = \u_ram.g_ram.u_ram.r2p_q ;
  wire               apend = \u_ram.g_ram.u_ram.a_pend ;
  wire [HWR-1:0]     rword1 = \u_ram.g_ram.u_ram.rword1 ;
  wire [HWR-1:0]     pkw1 = \u_ram.g_ram.u_ram.pk_w1_q ;
  wire               pairok = \u_ram.g_ram.u_ram.ram_pair_ok ;
  wire [CIW-1:0]     ri   = \u_ram.g_ram.u_ram.ri_q ;
  wire               adir = \u_ram.g_ram.u_ram.a_dir_q ;

  // upper part U of counter j (value = {U, prefix}), and its RAM word (valid while !z[j])
  // (FV_NARROW: a NARROW counter's prefix is PWNR bits, its upper part HWR bits; a wide one's
  // UW bits, zero-extended, and its RAM word's bits above them are 0)
  function automatic integer pw_of(input integer j);
    pw_of = NARR[j] ? PWNR : PW;
  endfunction
  function automatic [HWR-1:0] mask_of(input integer j);
    mask_of = {HWR{1'b1}} >> (HWR - (CW - pw_of(j)));
  endfunction
  function automatic [HWR-1:0] upper(input [NCNT*CW-1:0] v, input integer j);
    reg [CW-1:0] x;
    begin
      x     = v[j*CW +: CW] >> pw_of(j);
      upper = x[HWR-1:0];
    end
  endfunction
  function automatic [HWR-1:0] ramword(input integer j);
    ramword = (upper(cr, j) - {{(HWR - 1){1'b0}}, pend[j]}) & mask_of(j);
  endfunction

  // Fold scheduler bound: the most cycles, this one included, in which counter j's pending
  // carry can still be pending: while its word is parked 1, or 2 when a write-back (of a DIRECT
  // counter: never of j, which drops the word) keeps it parked (pk_hold); in cycle C of its fold
  // 1, or when the word parks (the port is taken) 2, or 3 when a DIRECT write now (after its
  // pre-read last cycle) lands next cycle and keeps the word parked; in cycle B one more than
  // in C: 4 (3 without DIRECT counters); else the pointer needs d moves to reach j and one
  // more non-pre-read cycle for cycle A, each non-pre-read cycle possibly after a pre-read
  // (never two in a row; none now if there was one last cycle), then cycles B and C and the
  // parked cycles: 2 (d + 1) - p_pre + 3, plus 1 with a DIRECT counter (HOLD).
  localparam [7:0] HOLD = (DIR != {NCNT{1'b0}}) ? 8'd1 : 8'd0;
  function automatic [7:0] pend_left(input integer j);
    integer d;
    begin
      d = (j >= fp) ? (j - fp) : (j + NR - fp);
      if (pk && (pki == j))     pend_left = wv ? 8'd2 : 8'd1;
      else if (bv && (bi == j)) pend_left = !(wv || pk) ? 8'd1
                                          : (p_pre && DIRX[p_pidx]) ? 8'd3 : 8'd2;
      else if (fv && (fi == j)) pend_left = 8'd3 + HOLD;
      else                      pend_left = 2 * d + 5 + HOLD - (p_pre ? 1 : 0);
    end
  endfunction

  integer i;
  always @* begin
    // (each assert behind its own if: yosys then locates it on its marker's line, run.sh)
    if (past_valid && rst_ni && re_i) assert (rd_f == rd_r);              // [h.read_same]
    if (past_valid && rst_ni) assert (wrap_f == wrap_r);                  // [h.wrap_same]
`ifdef FV_WND
    if (past_valid) assert (wd_f == wd_r);                                // [h.wnd_same]
`endif
    if (past_valid) begin
      for (i = 0; i < NCNT; i = i + 1) begin
        assert (cf[i*CW +: CW] == cr[i*CW +: CW]);                        // [h.value_same]
      end
    end
  end

`ifdef FV_FULL
  // ---- invariants (FV_FULL: the BMC and induction checks; the mutants of the other sets run on
  // (h) alone, so that they show a difference at the ports or in a counter's value; the DIRECT
  // mutants, mut.ramd-*, with them, each caught by the invariant it breaks)
`ifdef FV_DRAIN
  // the drained counters' state (u_drn): prefixes, zero flags, RAM words (mapped to flip-flops
  // before flatten), pointer, cycles B and C, the word read and its bypass
  localparam DPW = 4;   // u_drn's PWD: clog2(SMAX * (2 * ND + 4) + 1), SMAX = 1, ND = 2
  (* hierconn *) wire [DPW-1:0] \u_ram.g_ram.u_ram.g_drain.u_drn.lo_q[0] ;
  (* hierconn *) wire [DPW-1:0] \u_ram.g_ram.u_ram.g_drain.u_drn.lo_q[1] ;
  (* hierconn *) wire [CW-1:0]  \u_ram.g_ram.u_ram.g_drain.u_drn.ram[0] ;
  (* hierconn *) wire [CW-1:0]  \u_ram.g_ram.u_ram.g_drain.u_drn.ram[1] ;
  (* hierconn *) wire [1:0]     \u_ram.g_ram.u_ram.g_drain.u_drn.z_q ;
  (* hierconn *) wire           \u_ram.g_ram.u_ram.g_drain.u_drn.dp_q ;
  (* hierconn *) wire           \u_ram.g_ram.u_ram.g_drain.u_drn.bv_q ;
  (* hierconn *) wire           \u_ram.g_ram.u_ram.g_drain.u_drn.bi_q ;
  (* hierconn *) wire           \u_ram.g_ram.u_ram.g_drain.u_drn.bacc_q ;
  (* hierconn *) wire           \u_ram.g_ram.u_ram.g_drain.u_drn.cv_q ;
  (* hierconn *) wire           \u_ram.g_ram.u_ram.g_drain.u_drn.ci_q ;
  (* hierconn *) wire           \u_ram.g_ram.u_ram.g_drain.u_drn.cacc_q ;
  (* hierconn *) wire [CW-1:0]  \u_ram.g_ram.u_ram.g_drain.u_drn.rd_q ;
  (* hierconn *) wire           \u_ram.g_ram.u_ram.g_drain.u_drn.byp_q ;
  (* hierconn *) wire [CW-1:0]  \u_ram.g_ram.u_ram.g_drain.u_drn.byp_d_q ;
  wire [2*DPW-1:0] d_lo  = {\u_ram.g_ram.u_ram.g_drain.u_drn.lo_q[1] , \u_ram.g_ram.u_ram.g_drain.u_drn.lo_q[0] };
  wire [2*CW-1:0]  d_ram = {\u_ram.g_ram.u_ram.g_drain.u_drn.ram[1] , \u_ram.g_ram.u_ram.g_drain.u_drn.ram[0] };
  wire [1:0]       d_z   = \u_ram.g_ram.u_ram.g_drain.u_drn.z_q ;
  wire             d_dp  = \u_ram.g_ram.u_ram.g_drain.u_drn.dp_q ;
  wire             d_bv  = \u_ram.g_ram.u_ram.g_drain.u_drn.bv_q ;
  wire             d_bi  = \u_ram.g_ram.u_ram.g_drain.u_drn.bi_q ;
  wire             d_bacc = \u_ram.g_ram.u_ram.g_drain.u_drn.bacc_q ;
  wire             d_cv  = \u_ram.g_ram.u_ram.g_drain.u_drn.cv_q ;
  wire             d_ci  = \u_ram.g_ram.u_ram.g_drain.u_drn.ci_q ;
  wire             d_cacc = \u_ram.g_ram.u_ram.g_drain.u_drn.cacc_q ;
  wire [CW-1:0]    d_rd  = \u_ram.g_ram.u_ram.g_drain.u_drn.rd_q ;
  wire             d_byp = \u_ram.g_ram.u_ram.g_drain.u_drn.byp_q ;
  wire [CW-1:0]    d_bypd = \u_ram.g_ram.u_ram.g_drain.u_drn.byp_d_q ;
  reg              p_rst;
  reg              pp_rst;
  always @(posedge clk_i) begin
    p_rst  <= rst_ni;
    pp_rst <= p_rst && rst_ni;
  end
  // the increments drained counter j can still take up to its next cycle B (this cycle
  // included): the pointer needs d moves (each after a drained counter's pre-read, never two in
  // a row, none now after one last cycle) to reach j, cycle A then, cycle B next: 2 (d + 1) + 1,
  // less 1 after a drained counter's pre-read last cycle
  function automatic [7:0] drn_left(input integer j);
    integer d;
    begin
      d = (j == d_dp) ? 0 : 1;
      drn_left = 2 * d + 3 - ((p_pre && DRNX[p_pidx]) ? 1 : 0);
    end
  endfunction
`endif
  // a wait state two cycles ago (this is its access cycle)
  wire      ppw = pp_pre && {1'b0, pp_pidx} < NCNT && !DIRX[pp_pidx] && !DRNX[pp_pidx];
  reg [7:0] lo_room;   // i.bound: the prefix plus what pend_left more cycles can add
  integer   k;
  always @* begin
    lo_room = 8'd0;
    if (past_valid) begin
      for (k = 0; k < NR; k = k + 1) begin
        // (a counter whose write-back lands now: its flags are replaced this cycle)
        if (!pend[k] && !wb[k]) assert (ones[k] == (upper(cr, k) == mask_of(k))); // [i.ones]
        // after pend_left(k) more increments the prefix has not carried out
        lo_room = {{(8 - PW){1'b0}}, lo[k*PW +: PW]}
                  + pend_left(k) * (NARR[k] ? ((8'd1 << NIWR) - 8'd1) : MAXINC[7:0]);
        if (pend[k] && !wb[k]) assert (lo_room <= (8'd1 << pw_of(k)) - 8'd1); // [i.bound]
      end
      assert ({1'b0, fp} < NR && {1'b0, fi} < NR && {1'b0, bi} < NR);   // [i.ptr]
      // (cycle A moved the pointer on: a fold never meets one of the same counter)
      if (fv) assert (!p_pre && pend[fi] && (fp == ((fi == NR - 1) ? 0 : fi + 1))); // [i.fold]
      // (in the counter's width: a wide counter's word has bits above its upper part, which the
      // bank never uses: it masks what it writes, folds and compares)
      if (p_pre && {1'b0, p_pidx} < NCNT && !z[p_pidx])
        assert (((rword ^ ramword(p_pidx)) & mask_of(p_pidx)) == 0);       // [i.rword]
      if (fv && !z[fi]) assert (((rword ^ ramword(fi)) & mask_of(fi)) == 0); // [i.rword]
      // cycle C: its counter still pending, not in cycle B again, its registered word the RAM
      // word (unless the write-back of that counter lands now and replaces the fold)
      if (bv) assert (pend[bi] && !(fv && fi == bi));                     // [i.fold]
      if (bv && !wb[bi]) assert (((bw ^ ramword(bi)) & mask_of(bi)) == 0); // [i.rword]
      // (a parked word meets a write-back only after a DIRECT write: of its own counter it is
      // dropped, of another it waits a cycle, pk_hold; not two write-backs in a row)
      if (pk && wv) assert (DIRX[wi]);                                    // [i.park]
      if (pk && !(wv && wi == pki)) assert ({1'b0, pki} < NCNT && pend[pki] && pkw == upper(cr, pki)); // [i.park]
      if (wv) assert (!p_pre && {1'b0, wi} < NCNT && wb == ({{(NCNT - 1){1'b0}}, 1'b1} << wi)
                      && !(fv && fi == wi));                               // [i.wback]
      if (!wv) assert (wb == {NCNT{1'b0}});                                // [i.wback]
      // (its access was no RAM counter's wait state: no write now, so write-backs are never
      // back to back)
      if (wv) assert (!(pp_pre && !DIRX[pp_pidx]));                        // [i.wback]
      // (a DIRECT counter's pre-read has no wait state)
      assert (wt == (p_pre && {1'b0, p_pidx} < NCNT && !DIRX[p_pidx]));     // [i.wait]
      if (ppw) assert (((r2 ^ ramword(pp_pidx)) & mask_of(pp_pidx)) == 0); // [i.wait]
      if (ppw) assert (apend == pend[pp_pidx]);                            // [i.wait]
      // (the word plus one is of the word read; a parked fold word written in its place in the
      // wait state leaves no pending carry)
      if (ppw && apend) assert (((r2p ^ (r2 + 1'b1)) & mask_of(pp_pidx)) == 0); // [i.wait]
      // the address read last cycle (a DIRECT access looks its pending carry and zero flag up
      // by it) and the access's kind (of a counter: the RTL's DIRECT has no bit past NCNT)
      if (p_pre) assert (ri == p_pidx);                                    // [i.wait]
      if ({1'b0, p_pidx} < NCNT) assert (adir == DIRX[p_pidx]);                                      // [i.wait]
      // every RAM entry, the word read and a parked word carry the word plus one beside them
      assert (pairok);                                                     // [i.pair]
      // (in the counter's width: a wide counter's word plus one may carry into bits it does not use)
      if (p_pre && {1'b0, p_pidx} < NCNT && !z[p_pidx])
        assert (((rword1 ^ (rword + 1'b1)) & mask_of(p_pidx)) == 0);       // [i.pair]
      if (fv && !z[fi]) assert (((rword1 ^ (rword + 1'b1)) & mask_of(fi)) == 0); // [i.pair]
      if (pk) assert (((pkw1 ^ (pkw + 1'b1)) & mask_of(pki)) == 0);        // [i.pair]
`ifdef FV_DRAIN
      // the drained counters (u_drn, drained index j = bank index 2 + j; invariant i.drain):
      // cycle B follows every cycle but a reset, cycle C every two; cycle B and C are of the
      // access's counter in the access's wait state and access cycle (bacc_q, cacc_q), and in
      // cycle C the counter's prefix is 0 (cleared at B's edge); in cycle B the word read (a
      // write at A's edge in its place) is the counter's RAM word unless cycle C writes it now;
      // a prefix plus what it can take until its next cycle B fits in PWD bits
      assert (d_bv == p_rst && d_cv == (p_rst && pp_rst));                // [i.drain]
      // (bacc_q, cacc_q have no reset: after one they are of no use until cycle C is back)
      if (p_rst) assert (d_bacc == (p_pre && DRNX[p_pidx]));              // [i.drain]
      if (p_pre && DRNX[p_pidx]) assert (d_bi == p_pidx[0]);               // [i.drain]
      if (pp_rst) assert (d_cacc == (pp_pre && DRNX[pp_pidx]));           // [i.drain]
      if (pp_pre && DRNX[pp_pidx]) assert (d_ci == pp_pidx[0]);           // [i.drain]
      if (d_cv) assert (d_lo[d_ci*DPW +: DPW] == 0);                      // [i.drain]
      if (d_bv && !(d_cv && d_ci == d_bi) && !d_z[d_bi])
        assert ((d_byp ? d_bypd : d_rd) == d_ram[d_bi*CW +: CW]);         // [i.drain]
      for (k = 0; k < 2; k = k + 1) begin
        if (!(d_bv && d_bi == k))
          assert ({4'd0, d_lo[k*DPW +: DPW]} + drn_left(k) <= {4'd0, {DPW{1'b1}}}); // [i.drain]
      end
`endif
`ifdef FV_WND
      // the window port's copy of counter 3's RAM word (written with the RAM, the same word at
      // the same edge)
      // (not while its write-back lands: the view is then the new value; ramword(3) inline:
      // yosys evaluates a call with constant arguments as a constant)
      if (!z[3] && !wb[3]) assert (\u_ram.g_ram.u_ram.g_wnd[0].wram[0]               // [i.wnd]
                         == cr[3*CW+PW +: UW] - {{(UW - 1){1'b0}}, pend[3]});
`endif
    end
  end
`endif

endmodule

// StallScope core stub: reservation stations (RS) and issue of one thread (docs/core.md
// section 5, "Dispatch, issue, commit").
//
// The RS are the ROB entries dispatched and not yet issued (rsv_q); cnt_q counts them (the
// thread's parameter RS limits the count: core_dispatch dispatches no more than the free
// entries). Each keeps the ROB entry of its producer and whether that producer has completed
// (pdone_q, brought up to date at every edge by a wakeup, so no entry looks its producer up in
// the cycle it issues); an entry is ready in the cycle after its producer has completed (or when
// there is none): the wakeup reads the ROB's done bits, registers, and nothing of this cycle's
// issue, so the select, the grant and the wakeup are not one loop in a cycle.
// Issue is pipelined (docs/core.md section 5): the select of cycle t takes the W oldest ready
// entries not selected in t-1 into the slot registers; in t+1 issue takes the first iss_n_i of
// them (the arbiter grants at most iss_avail_o, the slots filled). A mispredicted branch among
// them flushes: every younger instruction of the thread leaves (there
// is at most one correct-path mispredicted branch in the ROB: fetch is on the wrong path after it
// until it resolves).

module core_rs #(
  parameter W    = 4,
  parameter WW   = 3,            // width of a count 0..W
  parameter ROB  = 32,
  parameter ROBI = 5,            // ROB index width
  parameter ROBC = 6,            // ROB count width
  parameter RSC  = 5             // RS count width (holds 0..RS, wider than WW)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // dispatch (core_dispatch)
  input  wire [WW-1:0]     disp_n_i,
  input  wire [W-1:0]      disp_g_i,     //   the same as bits (slot j: j < disp_n_i)
  input  wire [W*ROBI-1:0] disp_slot_i,  // slot j's ROB entry
  input  wire [W*4-1:0]    disp_dist_i,  //   its producer's distance D (entry slot - D mod ROB)
  input  wire [ROB-1:0]    disp_al_i,    // the entries written
  input  wire [ROB-1:0]    disp_pd_i,    //   of these: producer done or none
  input  wire [W-1:0]      disp_mbs_i,   // slot j is the mispredicted branch
  // the ROB (core_rob)
  input  wire [ROBI-1:0]   rob_head_i,
  input  wire [ROB-1:0]    rob_ge_d_i,   // the entries at or above the head after this
                                         //   cycle's commit (core_rob ge_d)
  input  wire [ROB-1:0]    rob_done_i,   // completed (core_rob done_q)
  input  wire [ROB-1:0]    rob_dm_i,
  input  wire [ROB-1:0]    rob_ll_i,
  input  wire [ROB-1:0]    rob_wp_i,
  input  wire [ROB-1:0]    rob_mbr_i,
  // issue
  output reg  [WW-1:0]     iss_avail_o,  // ready entries, up to W
  output reg  [W-1:0]      iss_fill_o,   //   the same as bits: slot k filled (k < iss_avail_o)
  input  wire [WW-1:0]     iss_n_i,
  input  wire [W-1:0]      iss_g_i,      //   the same as bits: slot k granted (k < iss_n_i)
  output reg  [ROB-1:0]    iss_vec_o,    // the issued entries
  output reg  [WW-1:0]     c_n_o,        //   correct path
  output reg  [WW-1:0]     wp_n_o,       //   wrong path
  output reg  [WW-1:0]     dm_n_o,       //   Dcache-miss loads
  output reg               flush_o,      // a mispredicted branch issues
  output reg  [ROBC-1:0]   flush_age_o,  //   places from the head (valid with flush_o)
  output reg  [ROB-1:0]    keep_o,       //   the entries that stay (all without a flush)
  // stall signals
  output wire [RSC-1:0]    cnt_o,        // RS entries at the start of the cycle
  output reg               found_o,      // an entry is not ready (flag prod_valid)
  output reg               prod_dm_o,    // the oldest such entry's producer, issued before this
  output reg               prod_ll_o     //   cycle and not completed: a Dcache miss, latency > 1
);

  localparam [31:0]     ROB32 = ROB;
  localparam [ROBC-1:0] ROBN  = ROB32[ROBC-1:0];

  `include "core_rob_fn.vh"

  // The select's groups: the age-ordered ready bits (2*ROB) in groups of 8 bits.
  localparam NP = ((2 * ROB + 7) / 8) * 8;
  function [NP-1:0] gmask;       // bit i: i mod 8 >= sft
    input integer sft;
    integer       gi;
    begin
      for (gi = 0; gi < NP; gi = gi + 1) gmask[gi] = (gi % 8) >= sft;
    end
  endfunction
  localparam [NP-1:0] GM1  = gmask(1);
  localparam [NP-1:0] GM2  = gmask(2);
  localparam [NP-1:0] GM4  = gmask(4);
  localparam [NP-1:0] GTOP = gmask(7);

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  reg [3:0]      dist_q [0:ROB-1];   // an RS entry's producer's distance D: entry i's producer
                                     //   is entry i - D mod ROB (used while its pdone bit is 0)
  reg [ROB-1:0]  pdone_q;            // the producer has completed or there is none (RS entries;
  reg [ROB-1:0]  pdone_d;            //   the bits of other entries are stale and never used)
  reg [ROB-1:0]  rsv_q;              // the entries in the RS: dispatched, not issued, not flushed
  reg [ROB-1:0]  rsv_d;
  reg [RSC-1:0]  cnt_q;
  reg [RSC-1:0]  cnt_d;
  reg [ROB-1:0]  ge;                 // the entries at or above the ROB head: all ones shifted
                                     //   left by the head, kept with the head (no fan-out of
                                     //   the head into the entries in the cycle)

  assign cnt_o = cnt_q;

  // ---------------------------------------------------------------------------------------------
  // Ready and waiting entries, from registers: an RS entry is ready when its pdone bit is set.
  // ---------------------------------------------------------------------------------------------
  reg [ROB-1:0]  ready;
  reg [ROB-1:0]  waiting;
  always @* begin
    ready   = rsv_q & pdone_q;
    waiting = rsv_q & ~pdone_q;
  end

  // The oldest waiting entry (one-hot, 0 when none waits): the lowest waiting entry at or above
  // the head, else the lowest one (the ROB wraps below the head). The two searches run in
  // parallel; whether any entry waits at or above the head picks one. Its producer's flags are
  // looked up per entry beside the wakeup (below: edm, ell, each entry's lookup ANDed with its
  // bit of o), so no lookup follows the search and the flags are an OR over the entries.
  reg [ROB-1:0]  edm;                // the oldest waiting entry: its producer issued, not
  reg [ROB-1:0]  ell;                //   completed, a Dcache miss / latency > 1 (0 elsewhere)
  reg [ROB-1:0]  wq;
  reg [ROB-1:0]  oa;                 // the lowest waiting entry at or above the head (one-hot)
  reg [ROB-1:0]  ob;                 // the lowest waiting entry (one-hot)
  reg [ROB-1:0]  o;                  // the oldest waiting entry (one-hot)
  always @* begin
    found_o = waiting != {ROB{1'b0}};
    wq      = waiting & ge;
    oa      = wq & (~wq + 1'b1);
    ob      = waiting & (~waiting + 1'b1);
    o       = (wq != {ROB{1'b0}}) ? oa : ob;
  end
  always @* begin
    prod_dm_o = edm != {ROB{1'b0}};
    prod_ll_o = ell != {ROB{1'b0}};
  end

  // ---------------------------------------------------------------------------------------------
  // The mispredicted branch in the RS (at most one correct-path one: one that issued has flushed
  // every younger instruction; one-hot over the entries), its place from the head and the
  // entries a flush at it keeps: from the head to it, wrapping when it is below the head; and
  // the RS occupancy after such a flush: the entries older than the branch not issued yet (those
  // dispatched in this cycle are younger), the waiting ones, since the branch issues and issue
  // takes the oldest ready entries first. All from registers, in parallel with the selection.
  // A flush uses the mask of the cycle before, km_q: a branch that issues was in the RS then,
  // and the mask has only lost the entries committed since (neither in the RS nor executing;
  // dispatch may write them again in the cycle of the flush, younger than the branch: the RS
  // drops every entry dispatched in that cycle, and those are not executing); the entries
  // dispatched before are younger and outside both. So no prefix, encoder or head mask lies
  // between the branch's bit and the counts and masks the flush sets.
  // ---------------------------------------------------------------------------------------------
  reg [ROB-1:0]  mb;
  reg [ROBI-1:0] mbi;
  reg [ROBC-1:0] fage;           // the branch: places from the head
  reg [ROB-1:0]  le_b;           // the entries at or below the branch
  reg [ROB-1:0]  kmask;          // the entries a flush at the branch keeps
  reg [ROB-1:0]  km_q;           // kmask of the cycle before (below)
  reg [ROB-1:0]  kmo_q;          //   without the branch: the entries older than it
  // The branch's index is an OR per index bit over the entries with that bit (IDX_MASKS); the
  // entries at or above it are a prefix OR of its bit (a log-depth OR tree).
  reg [ROB-1:0]  mpf;            // prefix OR of mb: the entries at or above the branch
  integer        mi;
  always @* begin
    mi    = 0;                   // loop variable: assigned on every path (no latch)
    mpf   = {ROB{1'b0}};
    mb    = rob_mbr_i & rsv_q;
    mbi   = {ROBI{1'b0}};
    fage  = {ROBC{1'b0}};
    le_b  = {ROB{1'b1}};
    kmask = {ROB{1'b1}};
    if (mb != {ROB{1'b0}}) begin
      for (mi = 0; mi < ROBI; mi = mi + 1) begin
        mbi[mi] = (mb & IDX_MASKS[mi*ROB +: ROB]) != {ROB{1'b0}};
      end
      mpf  = mb;
      for (mi = 1; mi < ROB; mi = mi * 2) mpf = mpf | (mpf << mi);
      le_b = ~(mpf << 1);
      if ((mb & ge) != {ROB{1'b0}}) begin      // at or above the head
        fage  = {{(ROBC - ROBI){1'b0}}, mbi} - {{(ROBC - ROBI){1'b0}}, rob_head_i};
        kmask = ge & le_b;
      end else begin                           // below it: the ROB wraps
        fage  = {{(ROBC - ROBI){1'b0}}, mbi} + ROBN - {{(ROBC - ROBI){1'b0}}, rob_head_i};
        kmask = ge | le_b;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Select (pipelined): in cycle t the W oldest ready entries not selected in t-1 go into the
  // slot registers, ranked by their place among the ready entries in age order (counted in
  // groups of 8 bits and a prefix over the groups, below: no carry chain); they are up for
  // issue in t+1 (the grant picks the first of them, from their registered fill bits). An entry
  // selected in t and not granted in t+1 is selectable again in t+1 (issue in t+2 at the
  // earliest). The ready entries are laid out in age order without a rotation: those at or
  // above the head at bits 0..ROB-1, those below it at bits ROB..2*ROB-1, so the lowest set bit
  // is the oldest; a slot folds the two halves back onto the entries. A flush at the end of t
  // keeps the slots older than the branch (kth: the ready entries the flush keeps, counted
  // from registers, so the flush is not on the way of the searches). The entries selected are
  // also kept as one vector (selx_q: the slots' entries whether kept by a flush or not; those
  // a flush drops leave the RS with it), so the ready entries not up for issue are one gate
  // after registers; the slots' properties are read in t+1 (below), not after the searches.
  // ---------------------------------------------------------------------------------------------
  reg [W*ROB-1:0] sel_q;         // slot k: one-hot over the entries (valid with sfill_q[k])
  reg [W-1:0]     sfill_q;
  reg [ROB-1:0]   selx_q;        // the entries up for issue in this cycle (the slots' entries)
  reg [ROB-1:0]   selx_d;
  reg [ROB-1:0]   rdy;           // ready and not up for issue
  reg [NP-1:0]    y;             // rdy in age order (bits 2*ROB and up: 0)
  (* mem2reg *) reg [NP-1:0] lx [0:W-1];   // m: more than m bits of y below the bit in its group
  (* mem2reg *) reg [NP-1:0] lo [0:W-1];   // j: the bit is y's j-th set bit in its group
  (* mem2reg *) reg [NP-1:0] tc [0:W-1];   // m: more than m bits of y in the groups up to this
                                           //   one (bit 7 of a group)
  (* mem2reg *) reg [NP-1:0] px [0:W-1];   //   in the groups before (every bit of a group)
  reg [NP-1:0]    sk;
  reg [NP-1:0]    gx;
  reg [NP-1:0]    gb;
  reg [NP-1:0]    sh;
  reg [NP-1:0]    tn;
  (* mem2reg *) reg [NP-1:0] eq [0:W-1];   // j: exactly j bits of y in the groups before
  reg [ROB-1:0]   se;
  reg [W*ROB-1:0] slot;
  reg [W-1:0]     fill;
  reg [W-1:0]     kth;           // slot k is older than the branch
  wire [ROBC-1:0] kcnt;          // the ready entries a flush keeps (below)
  integer         k;
  integer         m;
  integer         dd;
  always @* begin
    k = 0; m = 0; dd = 0;  // loop variables: assigned on every path (no latch)
    rdy = ready & ~selx_q;
    y   = {NP{1'b0}};
    y[2*ROB-1:0] = {rdy & ~ge, rdy & ge};
    // in each group of 8 bits: the set bits below each bit, as a thermometer (lx), and the
    // group's j-th set bit (lo); bit 7 of a group: its count as a thermometer (tc)
    sh = y;                      // the set bits with more than m-1 set bits below them
    slot   = {(W * ROB){1'b0}};
    selx_d = {ROB{1'b0}};
    fill   = {W{1'b0}};
    tn = {NP{1'b0}};
    sk = {NP{1'b0}};
    gx = {NP{1'b0}};
    gb = {NP{1'b0}};
    se = {ROB{1'b0}};
    if (rdy == {ROB{1'b0}}) begin  // (none ready: no slot; the simulators skip the rest)
    for (m = 0; m < W; m = m + 1) begin
      lx[m] = {NP{1'b0}};
      lo[m] = {NP{1'b0}};
      tc[m] = {NP{1'b0}};
      px[m] = {NP{1'b0}};
      eq[m] = {NP{1'b0}};
    end
    end else begin               // (every level of each below is assigned on this path)
    for (m = 0; m < W; m = m + 1) begin
      // bit i: a bit of sh below i in its group (a prefix OR inside each group, no carry)
      gx    = (sh << 1) & GM1;
      gx    = gx | ((gx << 1) & GM1);
      gx    = gx | ((gx << 2) & GM2);
      gx    = gx | ((gx << 4) & GM4);
      lx[m] = gx;
      lo[m] = sh & ~lx[m];
      tc[m] = (lx[m] | sh) & GTOP;
      sh    = sh & lx[m];
    end
    // the counts summed over the groups up to each one (saturating thermometers, a
    // Kogge-Stone prefix over the groups: more than m when one side has more than m, or the
    // lower side (shifted up by dd) more than a and the upper more than m-1-a); level m of a
    // step reads levels up to m of the step before, so the levels are formed from the top down
    for (dd = 8; dd < NP; dd = dd * 2) begin
      for (m = W - 1; m >= 0; m = m - 1) begin
        tn = tc[m] | (tc[m] << dd);
        for (k = 0; k < m; k = k + 1) tn = tn | ((tc[k] << dd) & tc[m-1-k]);
        tc[m] = tn;
      end
    end
    // the groups before each one, on every bit of the group (px); slot k: the bit that is the
    // (k-j)-th of its group with exactly j before the group (eq)
    // (bit 7 of each group of tc[m] << 8 copied onto the group's bits)
    for (m = 0; m < W; m = m + 1) begin
      gb    = (tc[m] << 8) & GTOP;
      gb    = gb | (gb >> 1);
      gb    = gb | (gb >> 2);
      gb    = gb | (gb >> 4);
      px[m] = gb;
    end
    eq[0] = ~px[0];
    for (m = 1; m < W; m = m + 1) eq[m] = px[m-1] & ~px[m];
    for (k = 0; k < W; k = k + 1) begin
      sk = {NP{1'b0}};
      for (m = 0; m <= k; m = m + 1) sk = sk | (lo[k-m] & eq[m]);
      se                 = sk[ROB-1:0] | sk[2*ROB-1:ROB];
      slot[k*ROB +: ROB] = se;
      fill[k]            = tc[k][NP-1];
      selx_d             = selx_d | se;
    end
    end
  end

  // the ready entries a flush keeps, counted: slot k is older than the branch when more than k
  // (used with a flush only, at the mispredicted branch)
  core_popcnt #(
    .N  (ROB),
    .CW (ROBC)
  ) u_kcnt (
    .v_i   (rdy & km_q),
    .cnt_o (kcnt)
  );
  integer t;
  always @* begin
    for (t = 0; t < W; t = t + 1) kth[t] = {{(32 - ROBC){1'b0}}, kcnt} > t;
  end

  // ---------------------------------------------------------------------------------------------
  // Issue: the registered slots below the grant (iss_g_i: the grant's bits, from the slots'
  // registered fill bits, core_arb). A flush when the mispredicted branch is among them; the
  // RS occupancy after it: the RS entries older than the branch (ob_q, below) less those that
  // issue with it (the slots before the branch's).
  // The RS entries older than the mispredicted branch are counted as they change, not counted
  // over the entries at the flush (ob_q, valid while the branch is in the RS): when the branch
  // dispatches, every RS entry is older (the count less those issued in that cycle, and the
  // slots of its group before it); after that only issue takes older entries out. A slot's
  // entry is older than the branch when it lies in kmo_q (from the head to the branch, the
  // branch left out, as the cycle before saw it: the slot was selected then; all ones in the
  // first cycle the branch is in the RS, when every slot was selected before it came); the
  // slots are in age order, so those before the branch's slot are older. So the count after a
  // flush is a register less the number of granted slots older than the branch, no count over
  // the entries.
  // ---------------------------------------------------------------------------------------------
  reg [RSC-1:0] ob_q;             // RS entries older than the mispredicted branch
  reg [RSC-1:0] ob_d;
  reg [RSC-1:0] obi;              //   less those older that issue in this cycle
  reg [RSC-1:0] mbj;              // the dispatch slot of a mispredicted branch
  reg [W-1:0] sok;                // slot k's entry is older than the branch (from registers)
  reg [W:0]   soh;                // n granted slots are older than the branch (one-hot)
  reg [W-1:0] swp;                // granted slot k: wrong path, Dcache miss, mispredicted branch
  reg [W-1:0] sdm;                //   (the ROB's bits of its entry, which stay while it is in
  reg [W-1:0] smb;                //   the RS)
  integer b;
  always @* begin
    b = 0;  // loop variable: assigned on every path (no latch)
    iss_fill_o  = sfill_q;
    iss_avail_o = {WW{1'b0}};
    iss_vec_o   = {ROB{1'b0}};
    wp_n_o      = {WW{1'b0}};
    dm_n_o      = {WW{1'b0}};
    flush_o     = 1'b0;
    obi         = ob_q;
    sok         = {W{1'b0}};
    mbj         = {RSC{1'b0}};
    swp         = {W{1'b0}};
    sdm         = {W{1'b0}};
    smb         = {W{1'b0}};
    for (b = 0; b < W; b = b + 1) begin
      iss_avail_o = iss_avail_o + {{(WW - 1){1'b0}}, sfill_q[b]};
      if (iss_g_i[b]) begin
        swp[b]    = (sel_q[b*ROB +: ROB] & rob_wp_i) != {ROB{1'b0}};
        sdm[b]    = (sel_q[b*ROB +: ROB] & rob_dm_i) != {ROB{1'b0}};
        smb[b]    = (sel_q[b*ROB +: ROB] & rob_mbr_i) != {ROB{1'b0}};
        iss_vec_o = iss_vec_o | sel_q[b*ROB +: ROB];
        wp_n_o    = wp_n_o + {{(WW - 1){1'b0}}, swp[b]};
        dm_n_o    = dm_n_o + {{(WW - 1){1'b0}}, sdm[b]};
        flush_o   = flush_o | smb[b];
      end
    end
    // the granted slots older than the branch are the first ones (the slots are in age order):
    // for each number n of them the register less n, the bits picking one (no count, no adder
    // after the grant)
    // (only while a mispredicted branch is in the RS: its ob_q is used then only)
    soh = {(W + 1){1'b0}};
    if (mb != {ROB{1'b0}}) begin
      for (b = 0; b < W; b = b + 1) sok[b] = (sel_q[b*ROB +: ROB] & kmo_q) != {ROB{1'b0}};
      soh = {sok & iss_g_i, 1'b1} & ~{1'b0, sok & iss_g_i};
      for (b = 1; b <= W; b = b + 1) begin
        if (soh[b]) obi = ob_q - b[RSC-1:0];
      end
    end
    c_n_o = iss_n_i - wp_n_o;
    ob_d  = obi;
    if (disp_mbs_i != {W{1'b0}}) begin
      for (b = 0; b < W; b = b + 1) begin
        if (disp_mbs_i[b]) mbj = b[RSC-1:0];
      end
      ob_d = cnt_q - {{(RSC - WW){1'b0}}, iss_n_i} + mbj;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Next state. RS occupancy: dispatched minus issued; after a flush obi (above). The RS
  // entries: dispatched ones in, issued ones out, a flush keeps those in km_q but the entries
  // dispatched in this cycle (younger than the branch: out).
  // ---------------------------------------------------------------------------------------------
  always @* begin
    flush_age_o = fage;            // (used with flush_o only: not masked by it, so that the
                                   //   ROB's count after a flush is formed before the flush)
    keep_o      = flush_o ? km_q : {ROB{1'b1}};
    cnt_d       = flush_o ? obi :
                  cnt_q + {{(RSC - WW){1'b0}}, disp_n_i} - {{(RSC - WW){1'b0}}, iss_n_i};
    rsv_d       = flush_o ? (rsv_q & ~iss_vec_o & km_q) : ((rsv_q & ~iss_vec_o) | disp_al_i);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sfill_q <= {W{1'b0}};
      selx_q  <= {ROB{1'b0}};
    end else begin
      sfill_q <= fill & (flush_o ? kth : {W{1'b1}});
      selx_q  <= selx_d;
    end
    sel_q <= slot;
    km_q  <= kmask;
    kmo_q <= kmask & ~mb;
  end

  // ---------------------------------------------------------------------------------------------
  // Wakeup: the pdone bits of the next cycle. An RS entry whose producer has not completed looks
  // it up in the ROB's done bits (rob_done_i, registers: the producer has completed in this cycle
  // or before), so that it is ready in the cycle after its producer has completed (docs/core.md
  // section 5). A producer leaves the ROB no earlier than the cycle its done bit is first seen,
  // and its entry is written again no earlier than the next one, so no waiting entry misses it.
  // The entries dispatched in this cycle come with their pdone bit (disp_pd_i: the producer's
  // done bit, or none); those without it wait at least one cycle, as their producer has not
  // completed. Only RS entries look their producer up, in groups of 8 entries (a group without
  // lookups is skipped). No issue slot, grant or count of this cycle reaches the pdone bits.
  // Entry i's producer is D places before it (dist_q): its bits are picked by D among the 16
  // entries up to entry i (a fixed window of the ROB's bits per entry, a 16:1 mux whose select
  // is D's register, no index arithmetic), so each done bit feeds the 16 entries after it.
  // ---------------------------------------------------------------------------------------------
  // The same windows, picked by the same D, give the oldest waiting entry (o, above) its
  // producer's stall flags (edm, ell: each entry's pick ANDed with its bit of o; the ROB's bits
  // of this cycle, so the flags are those of the producer now).
  localparam NG  = (ROB + 7) / 8;
  localparam OFF = ((15 + ROB - 1) / ROB) * ROB;   // a multiple of ROB, >= 15
  localparam NX  = OFF / ROB + 1;                  // copies of the ROB's bits: entry i - d
                                                   //   (d <= 15) at bit i + OFF - d
  reg [ROB-1:0]  need;               // RS entries whose producer is not known to have completed
  reg [NG*8-1:0] need_g;
  reg [ROB-1:0]  vdm;                // per ROB entry as a producer: issued (not in the RS), not
  reg [ROB-1:0]  vll;                //   completed, a Dcache miss / latency > 1
  /* verilator lint_off UNUSEDSIGNAL */  // the copies' bits beyond the last window
  reg [NX*ROB-1:0] xdone;            // the bits in copies: entry i's window at bit i + OFF - 15
  reg [NX*ROB-1:0] xdm;
  reg [NX*ROB-1:0] xll;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [15:0]     wdone;              // entry i's window: bit 15 - d is entry i - d
  reg [15:0]     wdm;
  reg [15:0]     wll;
  integer        g;
  integer        i;
  always @* begin
    g = 0; i = 0;  // loop variables: assigned on every path (no latch)
    pdone_d = (pdone_q & ~disp_al_i) | disp_pd_i;
    need    = rsv_q & ~pdone_q;    // (those that leave at this edge too: their bit is not used)
    need_g  = {(NG * 8){1'b0}};
    need_g[ROB-1:0] = need;
    vdm     = rob_dm_i & ~rob_done_i & ~rsv_q;
    vll     = rob_ll_i & ~rob_done_i & ~rsv_q;
    xdone   = {NX{rob_done_i}};
    xdm     = {NX{vdm}};
    xll     = {NX{vll}};
    wdone   = 16'd0;
    wdm     = 16'd0;
    wll     = 16'd0;
    edm     = {ROB{1'b0}};
    ell     = {ROB{1'b0}};
    if (need != {ROB{1'b0}}) begin
      for (g = 0; g < NG; g = g + 1) begin
        if (need_g[g*8 +: 8] != 8'd0) begin
          for (i = g * 8; i < g * 8 + 8 && i < ROB; i = i + 1) begin
            if (need[i]) begin
              wdone      = xdone[i + OFF - 15 +: 16];
              pdone_d[i] = wdone[~dist_q[i]];
              if (o[i]) begin
                wdm    = xdm[i + OFF - 15 +: 16];
                wll    = xll[i + OFF - 15 +: 16];
                edm[i] = wdm[~dist_q[i]];
                ell[i] = wll[~dist_q[i]];
              end
            end
          end
        end
      end
    end
  end

  // Reset: empty.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pdone_q <= {ROB{1'b0}};
      ge      <= {ROB{1'b1}};
      rsv_q   <= {ROB{1'b0}};
      cnt_q   <= {RSC{1'b0}};
      ob_q    <= {RSC{1'b0}};
    end else begin
      pdone_q <= pdone_d;
      ge      <= rob_ge_d_i;
      rsv_q   <= rsv_d;
      cnt_q   <= cnt_d;
      ob_q    <= ob_d;
    end
  end

  // Write port: dispatch slot j's producer distance.
  integer f;
  always @(posedge clk_i) begin
    for (f = 0; f < W; f = f + 1) begin
      if (disp_g_i[f]) begin
        dist_q[disp_slot_i[f*ROBI +: ROBI]] <= disp_dist_i[f*4 +: 4];
      end
    end
  end

endmodule

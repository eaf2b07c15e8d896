// StallScope core stub: reorder buffer (ROB) of one thread (docs/core.md section 5).
//
// A circular buffer of ROB entries from head_q on, cnt_q of them. Each entry keeps its sequence
// number and attributes in one array word (written at dispatch, read at commit and by the
// trace) and everything the per-cycle logic looks at as bit vectors, entry i at bit i:
// completed, and the properties core_dispatch decided (Dcache miss, latency above 1, wrong path,
// mispredicted branch). Age order comes from rotating a vector right by the head.
//
// Per cycle: dispatch fills entries from the tail on; issue marks entries issued (iss_vec_i);
// 1-cycle instructions complete when they issue, the others when core_exec says so (fin_i);
// commit takes the com_n_i oldest entries (all completed); a flush (an issued mispredicted
// branch, flush_age_i places from the head) drops every younger entry.

module core_rob #(
  parameter W        = 4,
  parameter WW       = 3,        // width of a count 0..W
  parameter EW       = 11,       // entry attributes: {program address 0, wrong path, attr[8:0]}
  parameter ROB      = 32,
  parameter ROBI     = 5,        // index width
  parameter ROBC     = 6,        // count width (holds 0..ROB, wider than WW and ROBI)
  parameter LONG_LAT = 6,
  parameter MISS_LAT = 20
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // dispatch (core_dispatch)
  input  wire [WW-1:0]     disp_n_i,
  input  wire [W-1:0]      disp_g_i,     //   the same as bits (slot j: j < disp_n_i)
  input  wire [W*EW-1:0]   disp_e_i,     // slot j's attributes
  input  wire [31:0]       disp_seq0_i,  // slot j's sequence number: disp_seq0_i + j
  input  wire [W*ROBI-1:0] disp_slot_i,  // slot j's entry
  input  wire [ROB-1:0]    disp_al_i,    // the entries written and their properties
  input  wire [ROB-1:0]    disp_dm_i,
  input  wire [ROB-1:0]    disp_ll_i,
  input  wire [ROB-1:0]    disp_wp_i,
  input  wire [ROB-1:0]    disp_mbr_i,
  input  wire [ROB-1:0]    disp_pd_i,    //   producer done or none (else: waited on it)
  // issue, completion, flush
  input  wire [ROB-1:0]    iss_vec_i,    // entries issued this cycle
  input  wire [ROB-1:0]    fin_i,        // entries whose latency above 1 ends this cycle
  input  wire              flush_i,
  input  wire [ROBC-1:0]   flush_age_i,  // the mispredicted branch: places from the head
  // commit
  input  wire [WW-1:0]     com_n_i,
  input  wire [W-1:0]      com_g_i,      //   the same as bits (slot j: j < com_n_i)
  output reg  [W*9-1:0]    com_at_o,     // slot j < com_n_i: attr[8:0]
  output reg  [W-1:0]      com_dm_o,     //   a Dcache-miss load
  output reg  [W-1:0]      com_mbr_o,    //   the mispredicted branch
  output reg  [W-1:0]      com_p0_o,     // slot j (granted or not): at program address 0
  output reg  [W-1:0]      com_dep_o,    //   its producer had not completed at dispatch
  // state
  output wire [ROBI-1:0]   head_o,
  output reg  [ROB-1:0]    ge_d_o,       // the entries at or above the head after commit
                                         //   (all ones shifted left by it)
  output wire [ROBC-1:0]   cnt_o,
  output wire [ROBI-1:0]   tail_o,       // the first free entry: head + count (a register)
  output wire [ROB-1:0]    done_o,       // entry bits: completed
  output wire [ROB-1:0]    dm_o,         //   Dcache-miss load
  output wire [ROB-1:0]    ll_o,         //   latency above 1
  output wire [ROB-1:0]    wp_o,         //   wrong path
  output wire [ROB-1:0]    mbr_o,        //   mispredicted branch
  // trace read port (docs/core.md section 8): read only while trc_en_i is 1, else 0
  input  wire              trc_en_i,
  input  wire [WW-1:0]     iss_n_i,
  output reg  [W*32-1:0]   trc_iseq_o,   // issue slot j: sequence number
  output reg  [W*16-1:0]   trc_iat_o,    //   {wrong path, latency[14:0]}
  output reg  [31:0]       trc_flseq_o,  //   the mispredicted branch's sequence number
  output reg  [W*32-1:0]   trc_cseq_o    // commit slot j: sequence number
);

  localparam SW   = 32 + EW;                          // array word: {seq, attributes}
  localparam LMAX = (LONG_LAT > MISS_LAT) ? LONG_LAT : MISS_LAT;
  localparam LATW = (LMAX > 2) ? $clog2(LMAX) : 1;    // latency - 1 fits LATW bits
  localparam [31:0]     LONG32 = LONG_LAT;
  localparam [31:0]     MISS32 = MISS_LAT;
  localparam [LATW:0]   LONG_L = LONG32[LATW:0];
  localparam [LATW:0]   MISS_L = MISS32[LATW:0];

  `include "core_rob_fn.vh"

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  reg [SW-1:0]   e_q [0:ROB-1];
  reg [ROBI-1:0] head_q;
  reg [ROBC-1:0] cnt_q;
  reg [ROBC-1:0] cnt_d;
  reg [ROBI-1:0] head_d;
  reg [ROBI-1:0] tail_q;             // head_q + cnt_q (mod ROB), kept beside them
  reg [ROBI-1:0] tail_d;
  reg [ROB-1:0]  done_q;
  reg [ROB-1:0]  done_d;
  reg [ROB-1:0]  dm_q;
  reg [ROB-1:0]  dm_d;
  reg [ROB-1:0]  ll_q;
  reg [ROB-1:0]  ll_d;
  reg [ROB-1:0]  wp_q;
  reg [ROB-1:0]  wp_d;
  reg [ROB-1:0]  mbr_q;
  reg [ROB-1:0]  mbr_d;
  reg [ROB-1:0]  dep_q;              // the producer had not completed when the entry dispatched
  reg [ROB-1:0]  dep_d;

  assign head_o = head_q;
  assign cnt_o  = cnt_q;
  assign tail_o = tail_q;
  assign done_o = done_q;
  assign dm_o   = dm_q;
  assign ll_o   = ll_q;
  assign wp_o   = wp_q;
  assign mbr_o  = mbr_q;

  // ---------------------------------------------------------------------------------------------
  // Commit read port: the com_n_i oldest entries.
  // ---------------------------------------------------------------------------------------------
  reg [ROBI-1:0] cidx;
  integer        c;
  always @* begin
    c = 0;  // loop variable: assigned on every path (no latch)
    com_at_o  = {(W * 9){1'b0}};
    com_dm_o  = {W{1'b0}};
    com_mbr_o = {W{1'b0}};
    com_p0_o  = {W{1'b0}};
    com_dep_o = {W{1'b0}};
    cidx      = head_q;
    for (c = 0; c < W; c = c + 1) begin      // (FQ entry bit 10; read whether granted or not)
      com_p0_o[c] = e_q[rob_add(head_q, c)][10];
    end
    if (com_g_i[0]) begin
      for (c = 0; c < W; c = c + 1) begin
        if (com_g_i[c]) begin
          cidx               = rob_add(head_q, c);   // (from the head register alone)
          com_at_o[c*9 +: 9] = e_q[cidx][8:0];
          com_dm_o[c]        = dm_q[cidx];
          com_mbr_o[c]       = mbr_q[cidx];
          com_dep_o[c]       = dep_q[cidx];
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Next state. The dispatch group's entries (disp_al_i) start with their new properties, not
  // issued and not completed.
  // ---------------------------------------------------------------------------------------------
  reg [W:0] cs;                      // n entries commit (one-hot)
  integer   n;
  always @* begin
    n = 0;  // loop variable: assigned on every path (no latch)
    // the head after commit and the entries at or above it: for each count n from the head
    // register, the grant's bits picking one (n where bit n-1 is set and bit n is not), so no
    // count or adder of the grant lies before them
    cs       = {com_g_i, 1'b1} & ~{1'b0, com_g_i};
    head_d   = head_q;
    ge_d_o   = {ROB{1'b1}} << head_q;
    for (n = 1; n <= W; n = n + 1) begin
      if (cs[n]) begin
        head_d = rob_add(head_q, n);
        ge_d_o = {ROB{1'b1}} << rob_add(head_q, n);
      end
    end
    cnt_d    = flush_i ? flush_age_i + 1'b1 - {{(ROBC - WW){1'b0}}, com_n_i} :
               cnt_q + {{(ROBC - WW){1'b0}}, disp_n_i} - {{(ROBC - WW){1'b0}}, com_n_i};
    tail_d   = flush_i ? rob_add(head_q, {{(32 - ROBC){1'b0}}, flush_age_i} + 1) :
               rob_add(tail_q, {{(32 - WW){1'b0}}, disp_n_i});   // head_d + cnt_d
    done_d   = (done_q | fin_i | (iss_vec_i & ~ll_q)) & ~disp_al_i;
    dm_d     = (dm_q & ~disp_al_i) | disp_dm_i;
    ll_d     = (ll_q & ~disp_al_i) | disp_ll_i;
    wp_d     = (wp_q & ~disp_al_i) | disp_wp_i;
    mbr_d    = (mbr_q & ~disp_al_i) | disp_mbr_i;
    dep_d    = (dep_q & ~disp_al_i) | (disp_al_i & ~disp_pd_i);
  end

  // Reset: empty, every entry bit 0. The array has no reset value.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q <= {ROBI{1'b0}};
      cnt_q  <= {ROBC{1'b0}};
      tail_q <= {ROBI{1'b0}};
      done_q <= {ROB{1'b0}};
      dm_q   <= {ROB{1'b0}};
      ll_q   <= {ROB{1'b0}};
      wp_q   <= {ROB{1'b0}};
      mbr_q  <= {ROB{1'b0}};
      dep_q  <= {ROB{1'b0}};
    end else begin
      head_q <= head_d;
      cnt_q  <= cnt_d;
      tail_q <= tail_d;
      done_q <= done_d;
      dm_q   <= dm_d;
      ll_q   <= ll_d;
      wp_q   <= wp_d;
      mbr_q  <= mbr_d;
      dep_q  <= dep_d;
    end
  end

  // Write port: dispatch slot j to its entry.
  integer f;
  always @(posedge clk_i) begin
    for (f = 0; f < W; f = f + 1) begin
      if (disp_g_i[f]) begin
        e_q[disp_slot_i[f*ROBI +: ROBI]] <= {disp_seq0_i + f, disp_e_i[f*EW +: EW]};
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Trace read port: issue slot j is the j-th issued entry in age order, commit slot
  // j the entry j places from the head. The latency comes from the entry's bits: LONG_LAT or
  // MISS_LAT exactly when it is above 1, MISS_LAT exactly for a Dcache miss.
  // ---------------------------------------------------------------------------------------------
  reg [ROB-1:0]  tq;
  reg [ROBI-1:0] tidx;
  /* verilator lint_off UNUSEDSIGNAL */  // the trace takes the sequence number and bit 9 (bit 10: commit)
  reg [SW-1:0]   tw;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [LATW:0]   tlat;
  integer        t;
  always @* begin
    t = 0;  // loop variable: assigned on every path (no latch)
    trc_iseq_o  = {(W * 32){1'b0}};
    trc_iat_o   = {(W * 16){1'b0}};
    trc_flseq_o = 32'd0;
    trc_cseq_o  = {(W * 32){1'b0}};
    tq          = {ROB{1'b0}};
    tidx        = {ROBI{1'b0}};
    tw          = {SW{1'b0}};
    tlat        = {(LATW + 1){1'b0}};
    if (trc_en_i) begin
      tq = rotr(iss_vec_i, head_q);   // the issued entries in age order
      for (t = 0; t < W; t = t + 1) begin
        if (t[WW-1:0] < iss_n_i) begin
          tidx = rob_add(head_q, {{(32 - ROBI){1'b0}}, ctz(tq)});
          tq   = tq & (tq - 1'b1);
          tw   = e_q[tidx];
          tlat = !ll_q[tidx] ? {{LATW{1'b0}}, 1'b1} : dm_q[tidx] ? MISS_L : LONG_L;
          trc_iseq_o[t*32 +: 32] = tw[EW +: 32];
          trc_iat_o[t*16 +: 16]  = {tw[9], {(14 - LATW){1'b0}}, tlat};
          if (mbr_q[tidx]) trc_flseq_o = tw[EW +: 32];
        end
        if (t[WW-1:0] < com_n_i) begin
          tw = e_q[rob_add(head_q, t)];
          trc_cseq_o[t*32 +: 32] = tw[EW +: 32];
        end
      end
    end
  end

endmodule

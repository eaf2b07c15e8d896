// StallScope PMU: the drained counters of the block-RAM counter bank (spec 4, "Counter storage"):
// silent counters with small increments (the CPI-stack counters), kept additively:
//   value = (z_q[j] ? 0 : ram[j]) + lo_q[j]   (mod 2^CW)
// lo_q  a PWD-bit prefix in flip-flops that takes the increments, cleared when it is drained;
// ram   the CW-bit rest, one word per counter in a simple dual-port RAM (block RAM);
// z_q   ram[j] not written since reset (a block RAM cannot be cleared at once).
//
// Every cycle drains one counter in three steps: cycle A reads its RAM word; cycle B takes the
// counter's prefix plus B's increment (d, a mux by B's index) and clears the prefix, and
// registers the word as it leaves the RAM (a write of it at A's or B's edge in its place); cycle
// C writes the word plus d. So a counter's value in cycle C is the word plus d plus the prefix
// (C's increment not yet added), and no path starts at the RAM's output. A pointer chooses A's
// counter in turn; the setup cycle of an APB access to a drained counter (pre_i, the bank's
// pre-read) chooses that counter instead, and the pointer waits: the access's wait state is its
// cycle B and its access cycle its cycle C, where the value is word + d exactly (the prefix was
// cleared at B's edge), with no per-counter read mux. A write (in cycle C) stores the new value
// in place of word + d (the written bytes merged over word + d here, from the write port's bytes
// and data: no path from the bank's other counters' values) and clears the prefix again (the
// write cycle's increment is dropped, spec 4); a cycle B of the same counter in that cycle takes
// 0.
//
// Prefix: the pointer moves in every cycle but an APB setup cycle of a drained counter, at most
// one cycle in three (setup, wait state, access), so it visits each counter within 2*ND cycles
// and a prefix holds at most SMAX * (2*ND + 4) (the increments between two cycles B of one
// counter); PWD bits hold it.
//
// No read uses the RAM's word at the edge that writes it (cycle B takes the word cycle C wrote
// then, byp_q), so the RAM is marked no_rw_check (pmu_cnt_ram: no read-first emulation).
//
// Counters: thread t's DSPAN drained counters are bank indices t*DSTRIDE + DBASE + k (k < DSPAN),
// index t*DSPAN + k here (ND = DTHR * DSPAN).

module pmu_cnt_drn #(
  parameter NCNT    = 80,
  parameter CW      = 48,
  parameter CIW     = $clog2(NCNT),
  parameter SIW     = 3,
  parameter SMAX    = (1 << SIW) - 1,
  parameter DBASE   = 16,
  parameter DSPAN   = 24,
  parameter DSTRIDE = 40,
  parameter DTHR    = 2,
  parameter ND      = DTHR * DSPAN,
  parameter PWD     = $clog2(SMAX * (2 * ND + 4) + 1)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire [ND*SIW-1:0] inc_i,    // drained counter j's increment at [j*SIW +: SIW]
  input  wire              pre_i,    // APB setup cycle of counter pidx_i (bank index)
  input  wire [CIW-1:0]    pidx_i,
  input  wire              we_i,     // a write of the access (its access cycle: cycle C)
  input  wire [CW-1:0]     wmask_i,  // ... the bits it writes (its strobed bytes)
  input  wire [CW-1:0]     wdata_i,  // ... and their values (bits outside wmask_i unused)
  output wire              hit_o,    // pidx_i is a drained counter
  output wire [CW-1:0]     val_o     // value of cycle C's counter (the access's, in its access cycle)
);

  localparam DIW = (ND > 1) ? $clog2(ND) : 1;

  // Bank index -> drained index (the setup cycle's counter): thread t's range, the index in it
  wire [DTHR-1:0]     hit_t;
  wire [DTHR*DIW-1:0] jp_t;
  genvar gt;
  generate
    for (gt = 0; gt < DTHR; gt = gt + 1) begin : g_map
      localparam [31:0]  LO32 = gt * DSTRIDE + DBASE;
      localparam [31:0]  HI32 = gt * DSTRIDE + DBASE + DSPAN;
      localparam [31:0]  OF32 = gt * DSPAN;
      localparam [CIW:0] LO   = LO32[CIW:0];
      localparam [CIW:0] HI   = HI32[CIW:0];
      localparam [CIW:0] OF   = OF32[CIW:0];
      /* verilator lint_off UNUSEDSIGNAL */
      wire [CIW:0] k = {1'b0, pidx_i} - LO + OF;   // (its low DIW bits used)
      /* verilator lint_on UNUSEDSIGNAL */
      assign hit_t[gt] = ({1'b0, pidx_i} >= LO) && ({1'b0, pidx_i} < HI);
      assign jp_t[gt*DIW +: DIW] = k[DIW-1:0];
    end
  endgenerate
  reg           hit;
  reg [DIW-1:0] jp;
  integer       t;
  always @* begin
    hit = 1'b0;
    jp  = {DIW{1'b0}};
    for (t = 0; t < DTHR; t = t + 1) begin
      if (hit_t[t]) begin
        hit = 1'b1;
        jp  = jp_t[t*DIW +: DIW];
      end
    end
  end
  assign hit_o = hit;

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  (* mem2reg *) reg [PWD-1:0] lo_q [0:ND-1];
  reg [ND-1:0]   z_q;
  (* no_rw_check *) reg [CW-1:0] ram [0:ND-1];   // no reset: z_q stands for it
  reg [DIW-1:0]  dp_q;            // pointer
  reg            bv_q;            // cycle B of counter bi_q (of an access: bacc_q)
  reg [DIW-1:0]  bi_q;
  reg            bacc_q;
  reg [CW-1:0]   rd_q;            // RAM read data of cycle A's address
  reg            byp_q;           // ... written at A's edge: the word written
  reg [CW-1:0]   byp_d_q;
  reg            cv_q;            // cycle C of counter ci_q (of an access: cacc_q)
  reg [DIW-1:0]  ci_q;
  reg            cacc_q;
  reg [CW-1:0]   bw_q;            // its word and what its cycle B took
  reg [PWD-1:0]  bd_q;

  // Cycle A: the access's counter in its setup cycle, else the pointer's
  wire           acc_a = pre_i && hit;
  wire [DIW-1:0] ja    = acc_a ? jp : dp_q;
  localparam [31:0]    NDM32 = ND - 1;
  localparam [DIW-1:0] NDM   = NDM32[DIW-1:0];
  wire [DIW-1:0] dp_n  = (dp_q == NDM) ? {DIW{1'b0}} : dp_q + {{(DIW - 1){1'b0}}, 1'b1};

  // Cycle C: the word plus what B took, the access's written bytes merged over it
  wire           we_c  = cv_q && cacc_q && we_i;
  wire [CW-1:0]  v     = bw_q + {{(CW - PWD){1'b0}}, bd_q};
  wire [CW-1:0]  wm_c  = we_c ? wmask_i : {CW{1'b0}};
  wire [CW-1:0]  wd_c  = (v & ~wm_c) | (wdata_i & wm_c);
  assign val_o = v;

  // Cycle B: the prefix plus B's increment (0 when cycle C writes the same counter: the write
  // drops it), the word (cycle C's write of it in its place)
  wire [ND*PWD-1:0] sum;
  wire           c_same = cv_q && (ci_q == bi_q);
  wire [PWD-1:0] d_b    = (we_c && c_same) ? {PWD{1'b0}} : sum[bi_q*PWD +: PWD];
  wire [CW-1:0]  w_b    = c_same ? wd_c : z_q[bi_q] ? {CW{1'b0}} : byp_q ? byp_d_q : rd_q;

  always @(posedge clk_i) begin
    rd_q    <= ram[ja];
    byp_q   <= cv_q && (ci_q == ja);
    byp_d_q <= wd_c;
    if (cv_q) begin
      ram[ci_q] <= wd_c;
    end
    bw_q <= w_b;
    bd_q <= d_b;
    bi_q <= ja;
    ci_q <= bi_q;
    bacc_q <= acc_a;
    cacc_q <= bacc_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      dp_q <= {DIW{1'b0}};
      bv_q <= 1'b0;
      cv_q <= 1'b0;
    end else begin
      dp_q <= acc_a ? dp_q : dp_n;
      bv_q <= 1'b1;
      cv_q <= bv_q;
    end
  end

  // The counter decodes, predecoded once: the index's upper bits with the cycle's strobe
  // (B's drain, C's write-back, C's write) and its low LOB bits apart; a counter ANDs one line
  // of each.
  localparam LOB = (DIW < 3) ? DIW : 3;
  localparam NHI = (ND + (1 << LOB) - 1) >> LOB;
  wire [(1<<LOB)-1:0] b_lo;
  wire [(1<<LOB)-1:0] c_lo;
  wire [NHI-1:0]      b_hi;   // cycle B of a counter of this upper index
  wire [NHI-1:0]      c_hi;   // cycle C ...
  wire [NHI-1:0]      w_hi;   // cycle C with a write
  genvar gl;
  genvar gh;
  generate
    for (gl = 0; gl < (1 << LOB); gl = gl + 1) begin : g_lo
      localparam [LOB-1:0] L = gl;
      assign b_lo[gl] = !rst_ni || (bi_q[LOB-1:0] == L);
      assign c_lo[gl] = (ci_q[LOB-1:0] == L);
    end
    for (gh = 0; gh < NHI; gh = gh + 1) begin : g_hi
      if (DIW > LOB) begin : g_cmp
        localparam [DIW-LOB-1:0] H = gh;
        assign b_hi[gh] = !rst_ni || (bv_q && (bi_q[DIW-1:LOB] == H));
        assign c_hi[gh] = cv_q && (ci_q[DIW-1:LOB] == H);
        assign w_hi[gh] = we_c && (ci_q[DIW-1:LOB] == H);
      end else begin : g_one
        assign b_hi[gh] = !rst_ni || bv_q;
        assign c_hi[gh] = cv_q;
        assign w_hi[gh] = we_c;
      end
    end
  endgenerate

  genvar gj;
  generate
    for (gj = 0; gj < ND; gj = gj + 1) begin : g_cnt
      localparam JH = gj >> LOB;
      localparam JL = gj % (1 << LOB);
      assign sum[gj*PWD +: PWD] = lo_q[gj] + {{(PWD - SIW){1'b0}}, inc_i[gj*SIW +: SIW]};
      wire clr = (b_hi[JH] && b_lo[JL]) || (w_hi[JH] && c_lo[JL]);
      always @(posedge clk_i) begin
        if (clr) begin   // (reset: every b_hi, b_lo)
          lo_q[gj] <= {PWD{1'b0}};
        end else begin
          lo_q[gj] <= sum[gj*PWD +: PWD];
        end
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          z_q[gj] <= 1'b1;
        end else if (c_hi[JH] && c_lo[JL]) begin
          z_q[gj] <= 1'b0;
        end
      end
    end
  endgenerate

`ifndef SYNTHESIS
  // Simulation only: every drained counter's value (pmu_cnt_ram's view)
  reg [CW-1:0] view [0:ND-1];
  integer vi;
  always @* begin
    for (vi = 0; vi < ND; vi = vi + 1) begin
      view[vi] = ((cv_q && (ci_q == vi[DIW-1:0])) ? v : z_q[vi] ? {CW{1'b0}} : ram[vi])
                 + {{(CW - PWD){1'b0}}, lo_q[vi]};
    end
  end
`endif

endmodule

// StallScope core stub: execution latencies of one thread (docs/core.md section 5).
//
// Issued in cycle i with latency L, an instruction completes in cycle i + L. Latency 1 completes
// at issue (core_rob); the others wait in a countdown per ROB entry, kept bit-sliced: entry i has
// a pending completion while act_q[i] is 1, and its count (the clock edges left before it
// completes, minus 1) has bit k at plane k of cd_q, bit i. Every cycle the pending entries whose
// count is 0 complete (fin_o), the others count down, and the entries issued now with latency
// L > 1 start at L - 2. A flush drops the younger entries' pending completions. (The count of an
// entry with nothing pending is not looked at.)
//
// Outstanding Dcache misses (pend_o): the missing loads with a pending completion (with
// MISS_LAT > 1 every issued miss waits in the countdown until it completes), counted from the
// registers (no count kept, so nothing to recount after a flush).

module core_exec #(
  parameter ROB      = 32,
  parameter ROBC     = 6,        // ROB count width
  parameter LONG_LAT = 6,
  parameter MISS_LAT = 20
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire [ROB-1:0]  iss_vec_i,   // entries issued this cycle
  input  wire [ROB-1:0]  rob_dm_i,    // ROB entry bits: Dcache miss, latency above 1
  input  wire [ROB-1:0]  rob_ll_i,
  input  wire [ROB-1:0]  keep_i,      // the entries a flush keeps
  output reg  [ROB-1:0]  fin_o,       // entries completing this cycle
  output wire [ROBC-1:0] pend_o       // Dcache misses outstanding from earlier cycles
);

  localparam LMAX = (LONG_LAT > MISS_LAT) ? LONG_LAT : MISS_LAT;
  localparam SCH  = (LMAX > 2) ? LMAX - 1 : 1;        // a count is 0..SCH-1
  localparam CDB  = (SCH > 1) ? $clog2(SCH) : 1;      // its bits
  localparam LROW = (LONG_LAT > 1) ? LONG_LAT - 2 : 0;
  localparam MROW = (MISS_LAT > 1) ? MISS_LAT - 2 : 0;
  localparam [31:0] LROW32 = LROW;
  localparam [31:0] MROW32 = MROW;

  reg [ROB-1:0]     act_q;
  reg [ROB-1:0]     act_d;
  reg [CDB*ROB-1:0] cd_q;
  reg [CDB*ROB-1:0] cd_d;

  // Countdown
  reg [ROB-1:0] ins_l;           // issued now with latency LONG_LAT > 1
  reg [ROB-1:0] ins_m;           // issued now with latency MISS_LAT > 1
  reg [ROB-1:0] ins;
  reg [ROB-1:0] nz;              // count not 0
  reg [ROB-1:0] bw;              // borrow into plane p
  integer       p;
  always @* begin
    ins_l = iss_vec_i & rob_ll_i & ~rob_dm_i;
    ins_m = iss_vec_i & rob_ll_i & rob_dm_i;
    ins   = ins_l | ins_m;
    nz    = {ROB{1'b0}};
    for (p = 0; p < CDB; p = p + 1) begin
      nz = nz | cd_q[p*ROB +: ROB];
    end
    fin_o = act_q & ~nz;
    act_d = ((act_q & ~fin_o) | ins) & keep_i;
    bw    = {ROB{1'b1}};
    for (p = 0; p < CDB; p = p + 1) begin
      cd_d[p*ROB +: ROB] = ((cd_q[p*ROB +: ROB] ^ bw) & ~ins) |
                           (LROW32[p] ? ins_l : {ROB{1'b0}}) | (MROW32[p] ? ins_m : {ROB{1'b0}});
      bw                 = bw & ~cd_q[p*ROB +: ROB];
    end
  end

  // Outstanding misses: the missing loads with a pending completion, counted
  core_popcnt #(
    .N  (ROB),
    .CW (ROBC)
  ) u_pend (
    .v_i   (act_q & rob_dm_i),
    .cnt_o (pend_o)
  );

  // Reset: nothing pending.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      act_q  <= {ROB{1'b0}};
      cd_q   <= {(CDB * ROB){1'b0}};
    end else begin
      act_q  <= act_d;
      cd_q   <= cd_d;
    end
  end

endmodule

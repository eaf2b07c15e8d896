// StallScope core stub: front-end queue (FQ) of one thread (docs/core.md section 5).
//
// A circular buffer of FQ entries {wrong path, attr[8:0]}. The fetch pushes a block at the end of
// the cycle (push_i; it only fetches when W entries are free, room_o); dispatch pops the pop_n_i
// oldest entries, which pop_e_o shows in the same cycle (the W oldest, from registers); a flush
// empties the queue, the block fetched in its cycle included (its entries are written beyond
// the count: the write does not wait for the flush). The entries are the cnt_o words fetched
// last, so the entry k places from the head has sequence number (next fetch sequence number) -
// cnt_o + k: the FQ keeps no sequence numbers.

module core_fq #(
  parameter W   = 4,
  parameter WW  = 3,             // width of a count 0..W
  parameter EW  = 11,            // entry width
  parameter FQ  = 16,
  parameter FQI = 4,             // index width
  parameter FQC = 5              // count width (holds 0..FQ, wider than WW)
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            push_i,     // a block is fetched (enters unless flush_i)
  input  wire [WW-1:0]   push_n_i,   //   its words
  input  wire [W*EW-1:0] push_e_i,   //   word j at j*EW
  input  wire [WW-1:0]   pop_n_i,    // entries dispatched
  output reg  [W*EW-1:0] pop_e_o,    // entry j from the head (j < W; the first pop_n_i go)
  input  wire            flush_i,
  output wire [FQC-1:0]  cnt_o,      // entries at the start of the cycle
  output wire            room_o      // at least W entries free
);

  localparam [31:0]    W32      = W;
  localparam [31:0]    FQ32     = FQ;
  localparam [FQC-1:0] FQ_FETCH = FQ32[FQC-1:0] - W32[FQC-1:0];

  // (a + b) mod FQ, for a < FQ and b <= FQ; with a power-of-two FQ the wrap is the carry that
  // falls off.
  function [FQI-1:0] fq_add;
    input [FQI-1:0] a;
    input integer   b;
    integer         s;
    begin
      s = {{(32 - FQI){1'b0}}, a} + b;
      if (((FQ & (FQ - 1)) != 0) && s >= FQ) s = s - FQ;
      fq_add = s[FQI-1:0];
    end
  endfunction

  reg [EW-1:0]  e_q [0:FQ-1];
  reg [FQI-1:0] head_q;
  reg [FQI-1:0] head_d;
  reg [FQC-1:0] cnt_q;
  reg [FQC-1:0] cnt_d;

  assign cnt_o  = cnt_q;
  assign room_o = (cnt_q <= FQ_FETCH);

  // Dispatch reads the oldest entries: the W from the head, whatever pop_n_i (from registers;
  // those at and above cnt_o are not valid entries, and dispatch takes pop_n_i <= cnt_o).
  integer a;
  always @* begin
    a = 0;  // loop variable: assigned on every path (no latch)
    for (a = 0; a < W; a = a + 1) begin
      pop_e_o[a*EW +: EW] = e_q[fq_add(head_q, a)];
    end
  end

  // Next state
  always @* begin
    head_d = fq_add(head_q, {{(32 - WW){1'b0}}, pop_n_i});
    cnt_d  = flush_i ? {FQC{1'b0}} :
             cnt_q - {{(FQC - WW){1'b0}}, pop_n_i} +
             (push_i ? {{(FQC - WW){1'b0}}, push_n_i} : {FQC{1'b0}});
  end

  // Reset: empty. The entries have no reset value.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q <= {FQI{1'b0}};
      cnt_q  <= {FQC{1'b0}};
    end else begin
      head_q <= head_d;
      cnt_q  <= cnt_d;
    end
  end

  // Write port: a push writes all W entries from the tail (the words after the block are not
  // valid entries and are written again by the next push).
  integer f;
  always @(posedge clk_i) begin
    if (push_i) begin
      for (f = 0; f < W; f = f + 1) begin
        e_q[fq_add(head_q, {{(32 - FQC){1'b0}}, cnt_q} + f)] <= push_e_i[f*EW +: EW];
      end
    end
  end

endmodule

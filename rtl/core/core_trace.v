// StallScope core stub: the trace port (docs/core.md section 8).
//
// Builds the 64-bit slots from the fields the threads hand over (core_thread trc_*), only while
// the registered enable en_i is 1 (else every slot is 0). Fetch: the fetching thread's block.
// Dispatch, issue, commit: stage slot off[t] + j holds the j-th instruction of thread t (the
// threads in this cycle's priority order, core_arb); at most W instructions per stage and cycle
// in all. Flush slot t: thread t's mispredicted branch.

module core_trace #(
  parameter THREADS = 2,
  parameter W       = 4,
  parameter WW      = 3          // width of a count 0..W
) (
  input  wire                  en_i,
  // per thread t (bits t*... of each bus; core_thread trc_*_o)
  input  wire [THREADS-1:0]    fetch_go_i,
  input  wire [THREADS*32-1:0] fseq_i,
  input  wire [THREADS*WW-1:0] fn_i,
  input  wire [THREADS*W*10-1:0] fe_i,
  input  wire [THREADS*32-1:0] dseq_i,
  input  wire [THREADS*W*10-1:0] de_i,
  input  wire [THREADS*W*32-1:0] iseq_i,
  input  wire [THREADS*W*16-1:0] iat_i,
  input  wire [THREADS*W*32-1:0] cseq_i,
  input  wire [THREADS*W*9-1:0]  cat_i,
  input  wire [THREADS-1:0]    fl_i,
  input  wire [THREADS*32-1:0] flseq_i,
  // the threads' shares of the stages (core_arb)
  input  wire [THREADS*WW-1:0] disp_n_i,
  input  wire [THREADS*WW-1:0] disp_off_i,
  input  wire [THREADS*WW-1:0] iss_n_i,
  input  wire [THREADS*WW-1:0] iss_off_i,
  input  wire [THREADS*WW-1:0] com_n_i,
  input  wire [THREADS*WW-1:0] com_off_i,
  // slots
  output reg  [W*64-1:0]       fetch_o,
  output reg  [W*64-1:0]       disp_o,
  output reg  [W*64-1:0]       issue_o,
  output reg  [W*64-1:0]       commit_o,
  output reg  [THREADS*64-1:0] flush_o
);

  function [63:0] rec;           // one slot: valid, thread, wrong path, attributes, sequence
    input integer tid;
    input         wp;
    input [15:0]  attr;
    input [31:0]  seq;
    /* verilator lint_off UNUSEDSIGNAL */  // a thread number is below 8
    reg   [31:0]  t32;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      t32 = tid;
      rec = {seq, 11'd0, attr, wp, t32[2:0], 1'b1};
    end
  endfunction

  integer t;
  integer k;
  integer j;                     // the thread's instruction in slot k of a stage: k - off[t]
  always @* begin
    t = 0; k = 0;  // loop variables: assigned on every path (no latch)
    fetch_o  = {(W * 64){1'b0}};
    disp_o   = {(W * 64){1'b0}};
    issue_o  = {(W * 64){1'b0}};
    commit_o = {(W * 64){1'b0}};
    flush_o  = {(THREADS * 64){1'b0}};
    j        = 0;
    if (en_i) begin
      for (t = 0; t < THREADS; t = t + 1) begin
        flush_o[t*64 +: 64] = {flseq_i[t*32 +: 32], 31'd0, fl_i[t]};
        for (k = 0; k < W; k = k + 1) begin
          if (fetch_go_i[t] && k < fn_i[t*WW +: WW]) begin
            fetch_o[k*64 +: 64] = rec(t, fe_i[(t*W+k)*10+9], {7'd0, fe_i[(t*W+k)*10 +: 9]},
                                      fseq_i[t*32 +: 32] + k);
          end
          j = k - {{(32 - WW){1'b0}}, disp_off_i[t*WW +: WW]};
          if (j >= 0 && j < disp_n_i[t*WW +: WW]) begin
            disp_o[k*64 +: 64] = rec(t, de_i[(t*W+j)*10+9], {7'd0, de_i[(t*W+j)*10 +: 9]},
                                     dseq_i[t*32 +: 32] + j);
          end
          j = k - {{(32 - WW){1'b0}}, iss_off_i[t*WW +: WW]};
          if (j >= 0 && j < iss_n_i[t*WW +: WW]) begin
            issue_o[k*64 +: 64] = rec(t, iat_i[(t*W+j)*16+15], {1'b0, iat_i[(t*W+j)*16 +: 15]},
                                      iseq_i[(t*W+j)*32 +: 32]);
          end
          j = k - {{(32 - WW){1'b0}}, com_off_i[t*WW +: WW]};
          if (j >= 0 && j < com_n_i[t*WW +: WW]) begin
            commit_o[k*64 +: 64] = rec(t, 1'b0, {7'd0, cat_i[(t*W+j)*9 +: 9]},
                                       cseq_i[(t*W+j)*32 +: 32]);
          end
        end
      end
    end
  end

endmodule

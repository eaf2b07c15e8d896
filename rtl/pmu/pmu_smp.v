// StallScope PMU: the time-proportional sampler (docs/spec.md section 7).
//
//   ts_q        the timestamp: cycles since reset, free running (7.5)
//   g_thr[t]    thread t's sampler, its registers and its buffer (pmu_smp_thr)
//
// The register block (pmu_regs_gen, block smp of pmu.rdl) decodes an access to the sampler's
// words and hands it here: the thread, the word index k from smpctl, the merged write word and
// the write strobe; the addressed thread's word and write error go back. The interrupt of thread
// t is its watermark (ORed into irq_o by pmu_top).
//
// Reset (rst_ni low at a clock edge): ts_q 0; the threads' state as pmu_smp_thr says.

`include "pmu_map.vh"

module pmu_smp #(
  parameter THREADS   = `PMU_DEF_THREADS,
  parameter P         = `PMU_DEF_P,
  parameter W         = `PMU_DEF_W,
  parameter NW        = `PMU_DEF_NW,
  parameter IW        = `PMU_DEF_IW,     // width of a counter increment (pmu_top's)
  parameter SMP_DEPTH = `PMU_DEF_SMP_DEPTH
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  // the commit stage (docs/spec.md 7.8) and the privilege of every thread; of stk_n and the
  // flags only the commit stage's count and rob_empty are used
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [THREADS*3*NW-1:0] stk_n_i,
  input  wire [THREADS*`PMU_NFLAG-1:0] stk_flags_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [THREADS-1:0]      priv_i,
  input  wire [THREADS*W*16-1:0] cmt_pc_i,
  input  wire [THREADS*W*5-1:0]  cmt_sig_i,
  // the programmable counters' increments of the cycle and their CHAIN bits, [t*P+k]
  input  wire [THREADS*P*IW-1:0] pinc_i,
  input  wire [THREADS*P-1:0]    chain_i,
  // register access (pmu_regs_gen's block smp)
  /* verilator lint_off UNUSEDSIGNAL */  // the bits of THREADS threads are used
  input  wire [2:0]              t_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [5:0]              k_i,
  input  wire                    we_i,
  input  wire [31:0]             wword_i,
  output reg  [31:0]             rdata_o,
  output reg                     werr_o,
  output wire [THREADS-1:0]      irq_o
);

  localparam TIW = (THREADS > 1) ? $clog2(THREADS) : 1;
  localparam [31:0] KTS32 = (`PMU_SMPTS_OFF - `PMU_SMPCTL_OFF) / 4;
  localparam [5:0]  K_TS  = KTS32[5:0];            // smpts: word index from smpctl

  reg [31:0] ts_q /*verilator public_flat_rd*/;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ts_q <= 32'd0;
    end else begin
      ts_q <= ts_q + 32'd1;
    end
  end

  wire [THREADS*32-1:0] rdata;
  wire [THREADS-1:0]    werr;

  genvar gt;
  generate
    for (gt = 0; gt < THREADS; gt = gt + 1) begin : g_thr
      pmu_smp_thr #(
        .TID       (gt),
        .P         (P),
        .W         (W),
        .NW        (NW),
        .IW        (IW),
        .SMP_DEPTH (SMP_DEPTH)
      ) u_thr (
        .clk_i       (clk_i),
        .rst_ni      (rst_ni),
        .n_i         (stk_n_i[(gt*3+2)*NW +: NW]),
        .rob_empty_i (stk_flags_i[gt*`PMU_NFLAG + `PMU_FLG_ROB_EMPTY]),
        .priv_i      (priv_i[gt]),
        .pc_i        (cmt_pc_i[gt*W*16 +: W*16]),
        .sig_i       (cmt_sig_i[gt*W*5 +: W*5]),
        .pinc_i      (pinc_i[gt*P*IW +: P*IW]),
        .chain_i     (chain_i[gt*P +: P]),
        .ts_i        (ts_q),
        .we_i        (we_i && t_i[TIW-1:0] == gt),
        .k_i         (k_i),
        .wword_i     (wword_i),
        .rdata_o     (rdata[gt*32 +: 32]),
        .werr_o      (werr[gt]),
        .irq_o       (irq_o[gt])
      );
    end
  endgenerate

  // The addressed thread's word (smpts is the common timestamp) and write error.
  integer t;
  always @* begin
    rdata_o = 32'd0;
    werr_o  = 1'b0;
    for (t = 0; t < THREADS; t = t + 1) begin
      if (t_i[TIW-1:0] == t[TIW-1:0]) begin
        rdata_o = rdata[t*32 +: 32];
        werr_o  = werr[t];
      end
    end
    if (k_i == K_TS) rdata_o = ts_q;
  end

endmodule

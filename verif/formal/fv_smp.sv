// Formal properties of one thread of the time-proportional sampler (docs/spec.md 7.2-7.5), bound
// to the ports of pmu_smp_thr. W=2 (NW=2), P=2, IW=2, a buffer of SMP_DEPTH=2 records so that
// it fills within a few cycles; every input is free each cycle, as the register decode drives
// it: a write strobe we_i only for a write the block accepts (werr_o clear), and no write of
// smplost (software may write it; the count below is about the sampler's own increments).
//   s.fill       fill = (head - tail) mod 2*SMP_DEPTH never exceeds SMP_DEPTH: the read pointer
//                never passes the write pointer
//   s.tail_rule  werr_o for word smptail is exactly spec 7.5's rule: (v - tail) mod
//                2*SMP_DEPTH > fill; no error for any other word
//   s.conserve   no sample is lost without smplost counting it, and none is made up: since
//                reset, fires = records written (head increments) + smplost increments +
//                the pending slots in use (counts modulo 2^8)
// The fire condition is rebuilt from spec 7.2 on the block's control flops (ctl_q, cd_q), read
// by hierarchical connection (docs/formal.md "Invariants").

`include "pmu_map.vh"

module fv_smp #(
  parameter W         = 2,
  parameter NW        = 2,
  parameter P         = 2,
  parameter IW        = 2,
  parameter SMP_DEPTH = 2
) (
  input wire              clk_i,
  input wire              rst_ni,
  input wire [NW-1:0]     n_i,
  input wire              rob_empty_i,
  input wire              priv_i,
  input wire [W*16-1:0]   pc_i,
  input wire [W*5-1:0]    sig_i,
  input wire [P*IW-1:0]   pinc_i,
  input wire [P-1:0]      chain_i,
  input wire [31:0]       ts_i,
  input wire              we_i,
  input wire [5:0]        k_i,
  input wire [31:0]       wword_i
);
  localparam CW = 8;                       // for fv_common.vh only
  localparam PW = $clog2(SMP_DEPTH) + 1;
  localparam [5:0] K_CTL  = 6'd0;
  localparam [5:0] K_PER  = (`PMU_SMPPER_OFF - `PMU_SMPCTL_OFF) / 4;
  localparam [5:0] K_TAIL = (`PMU_SMPTAIL_OFF - `PMU_SMPCTL_OFF) / 4;
  localparam [5:0] K_LOST = (`PMU_SMPLOST_OFF - `PMU_SMPCTL_OFF) / 4;

  wire [31:0] rdata;
  wire        werr, irq;

  pmu_smp_thr #(.TID(0), .W(W), .NW(NW), .P(P), .IW(IW), .SMP_DEPTH(SMP_DEPTH)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .n_i (n_i), .rob_empty_i (rob_empty_i), .priv_i (priv_i),
    .pc_i (pc_i), .sig_i (sig_i), .pinc_i (pinc_i), .chain_i (chain_i), .ts_i (ts_i),
    .we_i (we_i), .k_i (k_i), .wword_i (wword_i), .rdata_o (rdata), .werr_o (werr), .irq_o (irq)
  );

  `include "fv_common.vh"

  // the block's flops (spec 6 names, by hierarchical connection)
  (* hierconn *) wire [31:0]    \dut.ctl_q ;
  (* hierconn *) wire [24:0]    \dut.cd_q ;
  (* hierconn *) wire [PW-1:0]  \dut.head_q ;
  (* hierconn *) wire [PW-1:0]  \dut.tail_q ;
  (* hierconn *) wire [1:0]     \dut.sv_q ;
  (* hierconn *) wire [31:0]    \dut.lcnt_q ;

  // the environment: the decode strobes only accepted writes, never smplost
  always @* begin
    if (we_i) assume (!werr && k_i != K_LOST);
  end

  // spec 7.2: inc and fire
  wire        en  = \dut.ctl_q [`PMU_SMPCTL_EN_LSB];
  wire        src = \dut.ctl_q [`PMU_SMPCTL_SRC_LSB];
  wire [3:0]  ctr = \dut.ctl_q [`PMU_SMPCTL_CTR_LSB +: 4];
  reg  [IW-1:0] pinc;
  always @* begin
    pinc = {IW{1'b0}};
    if (ctr < P && !chain_i[ctr]) pinc = pinc_i[ctr*IW +: IW];
  end
  wire        wcd  = we_i && (k_i == K_CTL || k_i == K_PER);
  // pinc_q of spec 7.2, kept here from the ports: counter ctr's increment of the cycle before,
  // 0 after reset and after a cycle with a write of smpctl or smpper
  reg  [IW-1:0] pinc_g;
  always @(posedge clk_i) begin
    if (!rst_ni) pinc_g <= {IW{1'b0}};
    else         pinc_g <= wcd ? {IW{1'b0}} : pinc;
  end
  wire [24:0] inc  = src ? {{(25 - IW){1'b0}}, pinc_g} : 25'd1;
  wire        fire = en && (inc > \dut.cd_q );

  wire [PW-1:0] fill  = \dut.head_q - \dut.tail_q ;
  wire [PW-1:0] tstep = wword_i[PW-1:0] - \dut.tail_q ;

  // counts since reset (mod 2^8): fires, and the increments of head and smplost up to the
  // previous edge (the last edge's are head_q - head_p and lcnt_q - lcnt_p)
  reg [7:0]    nfire, nrec, nlost;
  reg [PW-1:0] head_p;
  reg [31:0]   lcnt_p;
  reg          rst_p;
  wire [PW-1:0] dhead = \dut.head_q - head_p;
  wire [31:0]   dlost = \dut.lcnt_q - lcnt_p;
  always @(posedge clk_i) begin
    rst_p <= rst_ni;
    if (!rst_ni) begin
      nfire  <= 8'd0;
      nrec   <= 8'd0;
      nlost  <= 8'd0;
      head_p <= {PW{1'b0}};    // the reset values of head_q and lcnt_q
      lcnt_p <= 32'd0;
    end else begin
      nfire  <= nfire + {7'd0, fire};
      nrec   <= nrec + {{(8 - PW){1'b0}}, dhead};
      nlost  <= nlost + dlost[7:0];
      head_p <= \dut.head_q ;
      lcnt_p <= \dut.lcnt_q ;
    end
  end
  wire [7:0]    recs  = nrec + {{(8 - PW){1'b0}}, dhead};
  wire [7:0]    losts = nlost + dlost[7:0];
  wire [7:0]    inuse = {7'd0, \dut.sv_q [0]} + {7'd0, \dut.sv_q [1]};

  always @* begin
    if (past_valid && rst_ni) begin
      assert (fill <= SMP_DEPTH);                                           // [s.fill]
      assert (werr == ((k_i == K_TAIL) && (tstep > fill)));                 // [s.tail_rule]
    end
    // out of reset (smplost below saturation: no increment is swallowed)
    if (past_valid && rst_ni && rst_p && \dut.lcnt_q != 32'hffffffff) begin
      assert (nfire == recs + losts + inuse);                               // [s.conserve]
    end
  end

endmodule

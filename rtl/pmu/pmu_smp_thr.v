// StallScope PMU: the time-proportional sampler of one thread (docs/spec.md section 7).
//
// Per cycle, from the commit stage's inputs of the thread (n committing instructions with their
// program addresses and signatures, rob_empty): the cycle's state (7.1); the countdown cd_q and
// the jitter's generator lfsr_q (7.2) decide a fire; a fire opens a pending sample in one of two
// slots (7.3), which completes in the first cycle with a commit; the oldest completed slot writes
// its record (7.4) into the buffer, a ring of SMP_DEPTH records in block RAM (7.5), or is counted
// lost when the buffer is full. The registers smpctl .. smplost (7.6) are held here; module
// pmu_smp gives the access (word index k from smpctl, merged write word, strobe).
//
// The record is formed in the slot's flops word by word as in the spec's table (7.4); words 3..6
// hold only the W-1 younger committing instructions (the others are constant 0). The buffer has
// one write port (a record, 8 words, at head) and one registered read port (the record at the
// next cycle's tail), so smpdata reads the record at tail_q from a register. When the record
// written at a clock edge is the one read at that edge (the buffer was empty), the read register
// holds the entry's old contents for one cycle; the record is then still in its slot's flops
// (a slot keeps its record when it is freed), so for that cycle smpdata shows the slot (byp_q).
// The block RAM needs no write-through read.
//
// Reset (rst_ni low at a clock edge): registers to their reset values (smpper 0x001000, smpseed
// 0xACE1 ^ TID), countdown, slots, pointers, lost count 0. The buffer's contents have no reset
// (an empty buffer reads 0).

`include "pmu_map.vh"

module pmu_smp_thr #(
  parameter TID       = 0,       // this thread
  parameter P         = `PMU_DEF_P,
  parameter W         = `PMU_DEF_W,
  parameter NW        = `PMU_DEF_NW,
  parameter IW        = `PMU_DEF_IW,     // width of a counter increment (pmu_top's)
  parameter SMP_DEPTH = `PMU_DEF_SMP_DEPTH
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // the thread's commit stage (docs/spec.md 7.8)
  input  wire [NW-1:0]     n_i,          // instructions committing
  input  wire              rob_empty_i,
  input  wire              priv_i,
  input  wire [W*16-1:0]   pc_i,         // slot i: program address
  input  wire [W*5-1:0]    sig_i,        // slot i: signature
  // the programmable counters' increments of the cycle, and their CHAIN bits (src 1)
  input  wire [P*IW-1:0]   pinc_i,
  input  wire [P-1:0]      chain_i,
  input  wire [31:0]       ts_i,         // the timestamp ts_q (pmu_smp)
  // register access (pmu_smp): k = word index from smpctl
  input  wire              we_i,         // a successful write of this thread's word k
  input  wire [5:0]        k_i,
  input  wire [31:0]       wword_i,      // the merged write word
  output reg  [31:0]       rdata_o,      // word k
  output wire              werr_o,       // a write of wword_i to word k breaks the tail rule
  output wire              irq_o         // the watermark interrupt
);

  localparam PW  = $clog2(SMP_DEPTH) + 1;          // pointer width: records mod 2*SMP_DEPTH
  localparam AWB = $clog2(SMP_DEPTH);              // buffer index width
  localparam [31:0] DEPTH32 = SMP_DEPTH;
  localparam [31:0] W32     = W;
  localparam [PW-1:0] DEPTH = DEPTH32[PW-1:0];
  localparam NR  = (W - 1 < 6) ? W - 1 : 6;        // younger instructions a record holds
  // the registers' word indices from smpctl (their offsets in pmu.rdl, pmu_map.vh)
  localparam [31:0] K32_BASE = `PMU_SMPCTL_OFF;
  localparam [31:0] K32_CTL  = (`PMU_SMPCTL_OFF - K32_BASE) / 4;
  localparam [31:0] K32_PER  = (`PMU_SMPPER_OFF - K32_BASE) / 4;
  localparam [31:0] K32_SEED = (`PMU_SMPSEED_OFF - K32_BASE) / 4;
  localparam [31:0] K32_WM   = (`PMU_SMPWM_OFF - K32_BASE) / 4;
  localparam [31:0] K32_HEAD = (`PMU_SMPHEAD_OFF - K32_BASE) / 4;
  localparam [31:0] K32_TAIL = (`PMU_SMPTAIL_OFF - K32_BASE) / 4;
  localparam [31:0] K32_STAT = (`PMU_SMPSTAT_OFF - K32_BASE) / 4;
  localparam [31:0] K32_LOST = (`PMU_SMPLOST_OFF - K32_BASE) / 4;
  localparam [31:0] K32_DATA = (`PMU_SMPDATA_OFF - K32_BASE) / 4;
  localparam [5:0]  K_CTL    = K32_CTL[5:0];
  localparam [5:0]  K_PER    = K32_PER[5:0];
  localparam [5:0]  K_SEED   = K32_SEED[5:0];
  localparam [5:0]  K_WM     = K32_WM[5:0];
  localparam [5:0]  K_HEAD   = K32_HEAD[5:0];
  localparam [5:0]  K_TAIL   = K32_TAIL[5:0];
  localparam [5:0]  K_STAT   = K32_STAT[5:0];
  localparam [5:0]  K_LOST   = K32_LOST[5:0];
  localparam [5:0]  K_DATA   = K32_DATA[5:0];
  localparam [1:0] COMPUTING = 2'd0, STALLED = 2'd1, FLUSHED = 2'd2, DRAINED = 2'd3;
  localparam [15:0] SEED = 16'hACE1;

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  reg [31:0]    ctl_q /*verilator public_flat_rd*/;                 // smpctl, smpper, smpwm (masked to their fields)
  reg [31:0]    per_q /*verilator public_flat_rd*/;
  reg [31:0]    wm_q /*verilator public_flat_rd*/;
  reg [24:0]    cd_q /*verilator public_flat_rd*/;                  // countdown (7.2)
  reg [IW-1:0]  pinc_q /*verilator public_flat_rd*/;                // counter ctr's increment of the cycle before (7.2)
  reg [15:0]    lfsr_q /*verilator public_flat_rd*/;                // the jitter's generator
  reg           lastf_q /*verilator public_flat_rd*/;               // the youngest committed instruction: a flush (br)
  reg [15:0]    lastpc_q /*verilator public_flat_rd*/;              //   its address
  reg [4:0]     lastsig_q /*verilator public_flat_rd*/;             //   its signature
  reg [1:0]     sv_q /*verilator public_flat_rd*/;                  // slot i in use
  reg [1:0]     sd_q /*verilator public_flat_rd*/;                  // slot i completed
  reg [7*32-1:0] rec_q [0:1] /*verilator public_flat_rd*/;          // slot i's record, words 0..6
  reg           old_q /*verilator public_flat_rd*/;                 // the slot with the older fire, when both are in use
  reg [PW-1:0]  head_q /*verilator public_flat_rd*/;
  reg [PW-1:0]  tail_q /*verilator public_flat_rd*/;
  reg           lost_q /*verilator public_flat_rd*/;                // a sample was lost since the last record written
  reg [31:0]    lcnt_q /*verilator public_flat_rd*/;                // smplost
  reg [255:0]   rd_q;                  // the buffer's read register (entry tail_q)
  reg           byp_q;                 // ... stale: the record at tail_q is slot bsl_q's
  reg           bsl_q;
  reg           blost_q;               //   with this lost bit

  // ---------------------------------------------------------------------------------------------
  // The cycle (7.1) and the fire (7.2)
  // ---------------------------------------------------------------------------------------------
  wire [NW-1:0] wn   = W32[NW-1:0];
  wire [NW-1:0] n    = (n_i < wn) ? n_i : wn;
  wire          cmt  = (n != {NW{1'b0}});
  wire [1:0]    st   = cmt ? COMPUTING : !rob_empty_i ? STALLED : lastf_q ? FLUSHED : DRAINED;
  wire          en   = ctl_q[`PMU_SMPCTL_EN_LSB];
  wire          src  = ctl_q[`PMU_SMPCTL_SRC_LSB];
  wire [3:0]    ctr  = ctl_q[`PMU_SMPCTL_CTR_LSB +: 4];
  wire          wcd  = we_i && (k_i == K_CTL || k_i == K_PER);

  // the increment of counter ctr in this cycle (0 when chained or ctr >= P); the countdown takes
  // it in the next cycle (pinc_q), so no path runs from the event logic into the fire
  reg  [IW-1:0] pinc;
  integer       c;
  always @* begin
    pinc = {IW{1'b0}};
    for (c = 0; c < P; c = c + 1) begin
      if (ctr == c[3:0] && !chain_i[c]) pinc = pinc_i[c*IW +: IW];
    end
  end
  wire [24:0] incv = src ? {{(25 - IW){1'b0}}, pinc_q} : 25'd1;
  // the registers of the cycle: a write of smpctl or smpper takes effect at its edge (7.2), so
  // no path runs from the APB access into the fire, the slots and the buffer write
  wire        fire = en && (incv > cd_q);

  // reload (7.2) from the jitter's exponent, the period and the generator
  function automatic [24:0] reload(input [3:0] jit, input [23:0] p, input [15:0] lfsr);
    reg [15:0] jm;
    begin
      jm     = (16'd1 << jit) - 16'd1;
      reload = {1'b0, (p == 24'd0) ? 24'd0 : p - 24'd1} + {9'd0, lfsr & jm};
    end
  endfunction
  `define SMP_RELOAD(C, R, L) reload(C[`PMU_SMPCTL_JIT_LSB +: 4], R[`PMU_SMPPER_PERIOD_LSB +: 24], L)

  wire [15:0] lfsr_step = {1'b0, lfsr_q[15:1]} ^ (lfsr_q[0] ? 16'hB400 : 16'h0000);

  // ---------------------------------------------------------------------------------------------
  // Slots (7.3): a fire takes the lower free slot, or is lost; a cycle with a commit completes
  // every pending slot; the oldest completed slot writes its record.
  // ---------------------------------------------------------------------------------------------
  wire       lost_slot = fire && (sv_q == 2'b11);
  wire [1:0] open      = !fire ? 2'b00 : !sv_q[0] ? 2'b01 : !sv_q[1] ? 2'b10 : 2'b00;

  // the record a fire opens
  reg [7*32-1:0] nrec;
  integer        i;
  always @* begin
    i    = 0;  // loop variable: assigned on every path (no latch)
    nrec = {(7 * 32){1'b0}};
    nrec[`PMU_SMPREC_TID_LSB +: 3]   = TID[2:0];
    nrec[`PMU_SMPREC_STATE_LSB +: 2] = st;
    nrec[`PMU_SMPREC_N_LSB +: 3]     = n[2:0];
    nrec[`PMU_SMPREC_PRIV_LSB]       = priv_i;
    nrec[`PMU_SMPREC_TS_WORD*32 +: 32] = ts_i;
    if (st == COMPUTING) begin
      nrec[`PMU_SMPREC_PC0_LSB +: 16]  = pc_i[15:0];
      nrec[`PMU_SMPREC_SIG0_LSB +: 5]  = sig_i[4:0];
      for (i = 1; i <= NR; i = i + 1) begin
        if (i < n) begin
          nrec[`PMU_SMPREC_SIGS_WORD*32 + 5*(i-1) +: 5]              = sig_i[i*5 +: 5];
          nrec[(`PMU_SMPREC_PCS_WORD + (i-1)/2)*32 + 16*((i-1)%2) +: 16] = pc_i[i*16 +: 16];
        end
      end
    end else if (st == FLUSHED) begin
      nrec[`PMU_SMPREC_PC0_LSB +: 16] = lastpc_q;
      nrec[`PMU_SMPREC_SIG0_LSB +: 5] = lastsig_q;
    end
  end

  // which slot fired first: a fire into slot s while the other is in use makes the other the
  // older; a fire into a slot while the other is free makes it the only one
  wire old_d = open[0] ? sv_q[1] : open[1] ? !sv_q[0] : old_q;

  // after the fire (a), after the completion (b)
  reg  [1:0]     sv_a;
  reg  [1:0]     sd_b;
  reg  [7*32-1:0] rb [0:1];
  reg  [31:0]    dly;
  reg  [1:0]     wsel;                 // the slot that writes its record (one-hot, or none)
  integer        s;
  always @* begin
    dly  = 32'd0;
    for (s = 0; s < 2; s = s + 1) begin
      sv_a[s] = sv_q[s] | open[s];
      sd_b[s] = open[s] ? 1'b0 : sd_q[s];
      rb[s]   = open[s] ? nrec : rec_q[s];
      if (cmt && sv_a[s] && !sd_b[s]) begin         // cycle g: the oldest committing instruction
        dly = ts_i - rb[s][`PMU_SMPREC_TS_WORD*32 +: 32];
        rb[s][`PMU_SMPREC_PEBS_PC_WORD*32 + `PMU_SMPREC_PEBS_PC_LSB +: 16] = pc_i[15:0];
        rb[s][`PMU_SMPREC_PEBS_SIG_WORD*32 + `PMU_SMPREC_PEBS_SIG_LSB +: 5] = sig_i[4:0];
        rb[s][`PMU_SMPREC_PEBS_DLY_WORD*32 + `PMU_SMPREC_PEBS_DLY_LSB +: 8] = (dly < 32'd255) ? dly[7:0] : 8'd255;
        if (rb[s][`PMU_SMPREC_STATE_LSB +: 2] == STALLED || rb[s][`PMU_SMPREC_STATE_LSB +: 2] == DRAINED) begin
          rb[s][`PMU_SMPREC_PC0_LSB +: 16] = pc_i[15:0];
          rb[s][`PMU_SMPREC_SIG0_LSB +: 5] = sig_i[4:0];
        end
        sd_b[s] = 1'b1;
      end
    end
    // the oldest completed slot (one fire per cycle: two slots in use fired in different cycles,
    // and old_q says which first)
    wsel = 2'b00;
    if (sv_a[0] && sd_b[0] && (!(sv_a[1] && sd_b[1]) || !old_d)) wsel = 2'b01;
    else if (sv_a[1] && sd_b[1])                                   wsel = 2'b10;
  end

  // ---------------------------------------------------------------------------------------------
  // Buffer (7.5): the record of wsel goes to entry head, or is dropped when the buffer is full
  // ---------------------------------------------------------------------------------------------
  wire [PW-1:0]  fill  = head_q - tail_q;
  wire           full  = (fill == DEPTH);
  wire           wr    = (wsel != 2'b00);
  wire           drop  = wr && full;
  wire           put   = wr && !full;
  wire [7*32-1:0] wrec = wsel[0] ? rb[0] : rb[1];
  wire [255:0]   went  = {32'd0, wrec[7*32-1:32], wrec[31:0] |
                          (32'd1 << `PMU_SMPREC_VALID_LSB) |
                          ({31'd0, lost_q | lost_slot} << `PMU_SMPREC_LOST_LSB)};

  reg [255:0] mem [0:SMP_DEPTH-1] /*verilator public_flat_rd*/;
  wire [PW-1:0] tail_d = (we_i && k_i == K_TAIL) ? wword_i[PW-1:0] : tail_q;
  always @(posedge clk_i) begin
    if (put) mem[head_q[AWB-1:0]] <= went;
    rd_q <= mem[tail_d[AWB-1:0]];
  end
  // The bypass (see the top); reset: none pending.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      byp_q   <= 1'b0;
      bsl_q   <= 1'b0;
      blost_q <= 1'b0;
    end else begin
      byp_q   <= put && (head_q[AWB-1:0] == tail_d[AWB-1:0]);
      bsl_q   <= wsel[1];
      blost_q <= lost_q | lost_slot;
    end
  end
  wire [7*32-1:0] brec = rec_q[bsl_q];
  wire [255:0]    rdat = !byp_q ? rd_q :
                         {32'd0, brec[7*32-1:32], brec[31:0] | (32'd1 << `PMU_SMPREC_VALID_LSB) |
                          ({31'd0, blost_q} << `PMU_SMPREC_LOST_LSB)};

  // the youngest committing instruction (slot n-1)
  reg [15:0] lpc;
  reg [4:0]  lsig;
  integer    y;
  always @* begin
    lpc  = 16'd0;
    lsig = 5'd0;
    for (y = 0; y < W; y = y + 1) begin
      if (y + 1 == {{(32 - NW){1'b0}}, n}) begin
        lpc  = pc_i[y*16 +: 16];
        lsig = sig_i[y*5 +: 5];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Next state of the registers and counts; software writes win (7.2, 7.5, 7.6)
  // ---------------------------------------------------------------------------------------------
  reg [31:0] ctl_d, per_d, wm_d, lcnt_d;
  reg [24:0] cd_d;
  reg [15:0] lfsr_d;
  reg [PW-1:0] head_d;
  reg        lost_d;
  reg [32:0] lsum;
  always @* begin
    ctl_d  = ctl_q;
    per_d  = per_q;
    wm_d   = wm_q;
    cd_d   = fire ? `SMP_RELOAD(ctl_q, per_q, lfsr_q) : en ? cd_q - incv : cd_q;
    lfsr_d = fire ? lfsr_step : lfsr_q;
    head_d = put ? head_q + 1'b1 : head_q;
    lost_d = drop ? 1'b1 : put ? 1'b0 : lost_q;
    if (lost_slot && !put) lost_d = 1'b1;
    lsum   = {1'b0, lcnt_q} + {31'd0, lost_slot} + {31'd0, drop};
    lcnt_d = lsum[32] ? 32'hffffffff : lsum[31:0];
    if (we_i) begin
      case (k_i)
        K_CTL:  begin ctl_d = wword_i & `PMU_SMPCTL_MASK; cd_d = `SMP_RELOAD(ctl_d, per_q, lfsr_q); end
        K_PER:  begin per_d = wword_i & `PMU_SMPPER_MASK; cd_d = `SMP_RELOAD(ctl_q, per_d, lfsr_q); end
        K_SEED: lfsr_d = (wword_i[15:0] == 16'd0) ? SEED : wword_i[15:0];
        K_WM:   wm_d   = wword_i & `PMU_SMPWM_MASK;
        K_LOST: lcnt_d = wword_i;
        default: ;
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ctl_q     <= `PMU_SMPCTL_RESET;
      per_q     <= `PMU_SMPPER_RESET;
      wm_q      <= `PMU_SMPWM_RESET;
      cd_q      <= 25'd0;
      pinc_q    <= {IW{1'b0}};
      lfsr_q    <= SEED ^ TID[15:0];
      lastf_q   <= 1'b0;
      lastpc_q  <= 16'd0;
      lastsig_q <= 5'd0;
      sv_q      <= 2'b00;
      sd_q      <= 2'b00;
      rec_q[0]  <= {(7 * 32){1'b0}};
      rec_q[1]  <= {(7 * 32){1'b0}};
      old_q     <= 1'b0;
      head_q    <= {PW{1'b0}};
      tail_q    <= {PW{1'b0}};
      lost_q    <= 1'b0;
      lcnt_q    <= 32'd0;
    end else begin
      ctl_q     <= ctl_d;
      per_q     <= per_d;
      wm_q      <= wm_d;
      cd_q      <= cd_d;
      pinc_q    <= wcd ? {IW{1'b0}} : pinc;
      lfsr_q    <= lfsr_d;
      if (cmt) begin                       // 7.1: the youngest committing instruction
        lastf_q   <= lsig[1];
        lastpc_q  <= lpc;
        lastsig_q <= lsig;
      end
      sv_q      <= sv_a & ~wsel;
      sd_q      <= sd_b & ~wsel;
      rec_q[0]  <= rb[0];
      rec_q[1]  <= rb[1];
      old_q     <= old_d;
      head_q    <= head_d;
      tail_q    <= tail_d;
      lost_q    <= lost_d;
      lcnt_q    <= lcnt_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Register words, the tail rule, the interrupt
  // ---------------------------------------------------------------------------------------------
  wire [15:0] fill16 = {{(16 - PW){1'b0}}, fill};
  wire        wmhit  = ({16'd0, fill16} >= wm_q);
  wire [PW-1:0] tstep = wword_i[PW-1:0] - tail_q;
  assign werr_o = (k_i == K_TAIL) && (tstep > fill);
  assign irq_o  = ctl_q[`PMU_SMPCTL_WMIE_LSB] && (wm_q != 32'd0) && wmhit;

  always @* begin
    rdata_o = 32'd0;
    case (k_i)
      K_CTL:  rdata_o = ctl_q;
      K_PER:  rdata_o = per_q;
      K_SEED: rdata_o = {16'd0, lfsr_q};
      K_WM:   rdata_o = wm_q;
      K_HEAD: rdata_o = {{(32 - PW){1'b0}}, head_q};
      K_TAIL: rdata_o = {{(32 - PW){1'b0}}, tail_q};
      K_STAT: rdata_o = {12'd0, sv_q, wmhit, full, fill16};
      K_LOST: rdata_o = lcnt_q;
      default: begin
        if (k_i >= K_DATA && k_i < K_DATA + 6'd8 && fill != {PW{1'b0}}) rdata_o = rdat[(k_i - K_DATA)*32 +: 32];
      end
    endcase
  end

  `undef SMP_RELOAD

endmodule

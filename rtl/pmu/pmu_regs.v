// StallScope PMU: APB4 slave and register file (spec sections 3, 4.3, 5).
//
// Decodes the APB access phase, checks the error rules (5.2), holds the configuration and status
// registers (evtsel, ext, fixctl, ctrl, gctrl, gstatus) and the high-word latch (5.4), drives the
// read data (combinational, access phase only) and the read and write ports of the counter bank.
// Also computes the overflow status update (4.3) and the per-thread interrupt.

`include "pmu_map.vh"

module pmu_regs #(
  parameter THREADS = `PMU_DEF_THREADS,
  parameter P       = `PMU_DEF_P,
  parameter CW      = `PMU_DEF_CW,
  parameter W       = `PMU_DEF_W,
  parameter AW      = `PMU_DEF_AW
) (
  input  wire                                clk_i,
  input  wire                                rst_ni,
  // APB4
  input  wire                                psel_i,
  input  wire                                penable_i,
  input  wire                                pwrite_i,
  // paddr_i[1:0] are ignored (spec 2); pprot_i[2:1] (secure, instruction) are not used.
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [AW-1:0]                       paddr_i,
  input  wire [2:0]                          pprot_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [31:0]                         pwdata_i,
  input  wire [3:0]                          pstrb_i,
  output reg  [31:0]                         prdata_o,
  output reg                                 pslverr_o,
  // counter bank: read port, wraps of programmable and fixed counters, software write port
  output wire                                cnt_re_o,
  output wire [$clog2(THREADS*(P+32))-1:0]   cnt_ridx_o,
  input  wire [CW-1:0]                       cnt_rdata_i,
  input  wire [THREADS*P-1:0]                pmc_wrap_i,
  input  wire [THREADS*3-1:0]                fix_wrap_i,
  output reg                                 cnt_we_o,
  output reg  [$clog2(THREADS*(P+32))-1:0]   cnt_widx_o,
  output reg                                 cnt_whi_o,
  output wire [31:0]                         cnt_wdata_o,
  output wire [3:0]                          cnt_wstrb_o,
  // configuration for the event, fixed-counter and stack logic
  output wire [THREADS*P*32-1:0]             evtsel_o,
  output wire [THREADS*P*`PMU_NPICK*`PMU_XW-1:0] pick_o, // evtsel[k]'s lane indices
  output wire [THREADS*P*32-1:0]             ext_o,
  output reg  [THREADS*P-1:0]                sel_wr_o,   // evtsel[k] or ext[k] written
  output reg  [THREADS*P-1:0]                pmc_en_o,
  output reg  [THREADS*3-1:0]                fix_en_o,
  output reg  [THREADS*3-1:0]                fix_os_o,
  output reg  [THREADS*3-1:0]                fix_usr_o,
  output reg  [THREADS-1:0]                  frz_o,
  output reg  [THREADS-1:0]                  wpvis_o,
  output reg  [THREADS-1:0]                  irq_o
);

  `include "pmu_lane_pick.vh"
  `include "pmu_lane_x.vh"

  localparam NCPT  = P + 32;
  localparam PKW   = `PMU_NPICK * XW;   // lane table indices of one event select
  localparam NCNT  = THREADS * NCPT;
  localparam NFIX  = `PMU_NFIX;
  localparam NSLOT = `PMU_NSLOT;
  localparam NSTK  = `PMU_NSTK;
  localparam CIW   = $clog2(NCNT);
  localparam TIW   = (THREADS > 1) ? $clog2(THREADS) : 1;
  localparam KIW   = (P > 1) ? $clog2(P) : 1;
  localparam LIW   = $clog2(NCPT);
  localparam EIW   = (THREADS * P > 1) ? $clog2(THREADS * P) : 1;

  // Thread blocks: block number a >> TSH, thread t in block TB0 + t (the base is stride-aligned).
  localparam        TSH  = $clog2(`PMU_THREAD_STRIDE);
  localparam [31:0] TB0  = `PMU_THREAD_BASE >> TSH;
  localparam [31:0] TOFF = `PMU_THREAD_STRIDE - 1;

  localparam [31:0] ID_VALUE  = `PMU_ID_VALUE;
  localparam [31:0] CFG_VALUE = (`PMU_NL << `PMU_CFG_NL_LSB) | (CW << `PMU_CFG_CW_LSB)
                                | (W << `PMU_CFG_W_LSB) | (THREADS << `PMU_CFG_THREADS_LSB)
                                | (P << `PMU_CFG_P_LSB);

  localparam [31:0] PMASK        = (32'd1 << P) - 32'd1;
  localparam [31:0] EVTSEL_MASK  = `PMU_EVTSEL_MASK;
  localparam [31:0] EXT_MASK     = `PMU_EXT_MASK;
  localparam [31:0] EXT0_MASK    = `PMU_EXT_MASK & ~((32'd1 << `PMU_EXT_CHAIN_LSB)
                                                    | (32'd1 << `PMU_EXT_QUALIFY_LSB));
  localparam [31:0] FIXCTL_MASK  = `PMU_FIXCTL_MASK;
  localparam [31:0] CTRL_MASK    = `PMU_CTRL_MASK;
  localparam [63:0] GCTRL_MASK   = ({32'd0, PMASK} << `PMU_GCTRL_PMC_EN_LSB)
                                   | (64'd7 << `PMU_GCTRL_FIX_EN_LSB);
  localparam [63:0] GSTATUS_MASK = ({32'd0, PMASK} << `PMU_GSTATUS_PMC_OVF_LSB)
                                   | (64'd7 << `PMU_GSTATUS_FIX_OVF_LSB)
                                   | (64'd1 << `PMU_GSTATUS_CTR_FRZ_LSB);

  // Bank index of the first fixed, slot and stack counter of a thread.
  localparam [31:0] LI_FIX  = P;
  localparam [31:0] LI_SLOT = P + NFIX;
  localparam [31:0] LI_STK  = P + NFIX + NSLOT;
  localparam [31:0] NCPT_C  = NCPT;
  localparam [31:0] P_C     = P;

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  reg [THREADS*P*32-1:0] evtsel_q /*verilator public_flat_rd*/;
  reg [THREADS*P*32-1:0] ext_q /*verilator public_flat_rd*/;
  // evtsel[k]'s event/umask decoded through the catalog (pmu_lane_pick) into pmu_evctl's lane
  // table indices (pmu_lane_x, with evtsel.any) when evtsel[k] is written: one
  // shared decoder on the write path instead of one per counter in pmu_evctl.
  reg [THREADS*P*PKW-1:0] pick_q;
  reg [THREADS*32-1:0]   fixctl_q /*verilator public_flat_rd*/;
  reg [THREADS*32-1:0]   ctrl_q /*verilator public_flat_rd*/;
  reg [THREADS*64-1:0]   gctrl_q /*verilator public_flat_rd*/;
  reg [THREADS*64-1:0]   gstatus_q /*verilator public_flat_rd*/;
  reg [31:0]             hi_latch_q /*verilator public_flat_rd*/;
  reg [AW-1:0]           hi_addr_q /*verilator public_flat_rd*/;
  reg                    hi_vld_q /*verilator public_flat_rd*/;

  // ---------------------------------------------------------------------------------------------
  // Address decode (spec 3): word address a, thread block tblk, offset off inside the block
  // ---------------------------------------------------------------------------------------------
  reg [31:0]    a;
  reg [31:0]    blk;
  reg [31:0]    tblk;
  reg [31:0]    off;
  reg [31:0]    d_evtsel;
  reg [31:0]    d_ext;
  reg [31:0]    d_pmc;
  reg [31:0]    d_fix;
  reg [31:0]    d_gctrl;
  reg [31:0]    d_gstatus;
  reg [31:0]    d_slot;
  reg [31:0]    d_stk;
  reg           in_thr;
  reg           r_id;
  reg           r_cfg;
  reg           r_evtsel;
  reg           r_ext;
  reg           r_fixctl;
  reg           r_ctrl;
  reg           r_gctrl;
  reg           r_gstatus;
  reg           r_cnt;     // programmable, fixed and stack counters (unprivileged with uren)
  reg           r_slot;    // issue-slot counters (always unprivileged)
  reg           hi;        // high word of a 64-bit register
  reg [TIW-1:0] tsel;      // thread
  reg [KIW-1:0] ksel;      // evtsel/ext index
  reg [LIW-1:0] lsel;      // counter index inside the thread
  // Decoded only while the slave is selected (all zero otherwise: every use below is gated by
  // the access phase), so a simulator skips it on idle bus cycles.
  always @* begin
    a         = 32'd0;
    blk       = 32'd0;
    tblk      = 32'd0;
    off       = 32'd0;
    in_thr    = 1'b0;
    tsel      = {TIW{1'b0}};
    hi        = 1'b0;
    d_evtsel  = 32'd0;
    d_ext     = 32'd0;
    d_pmc     = 32'd0;
    d_fix     = 32'd0;
    d_gctrl   = 32'd0;
    d_gstatus = 32'd0;
    d_slot    = 32'd0;
    d_stk     = 32'd0;
    r_id      = 1'b0;
    r_cfg     = 1'b0;
    r_evtsel  = 1'b0;
    r_ext     = 1'b0;
    r_fixctl  = 1'b0;
    r_ctrl    = 1'b0;
    r_gctrl   = 1'b0;
    r_gstatus = 1'b0;
    r_slot    = 1'b0;
    r_cnt     = 1'b0;
    ksel      = {KIW{1'b0}};
    lsel      = {LIW{1'b0}};
    if (psel_i) begin
      a[AW-1:2] = paddr_i[AW-1:2];
      blk       = a >> TSH;
      tblk      = blk - TB0;
      off       = a & TOFF;
      in_thr    = (blk >= TB0) && (tblk < THREADS);
      tsel      = tblk[TIW-1:0];
      hi        = a[2];
      d_evtsel  = off - `PMU_EVTSEL_OFF;
      d_ext     = off - `PMU_EXT_OFF;
      d_pmc     = off - `PMU_PMC_OFF;
      d_fix     = off - `PMU_FIX_OFF;
      d_gctrl   = off - `PMU_GCTRL_OFF;
      d_gstatus = off - `PMU_GSTATUS_OFF;
      d_slot    = off - `PMU_SLOT_OFF;
      d_stk     = off - `PMU_STK_OFF;
      r_id      = (a == `PMU_ID_OFF);
      r_cfg     = (a == `PMU_CFG_OFF);
      r_evtsel  = in_thr && (d_evtsel < `PMU_EVTSEL_STRIDE * P);
      r_ext     = in_thr && (d_ext < `PMU_EXT_STRIDE * P);
      r_fixctl  = in_thr && (off == `PMU_FIXCTL_OFF);
      r_ctrl    = in_thr && (off == `PMU_CTRL_OFF);
      r_gctrl   = in_thr && (d_gctrl < 8);
      r_gstatus = in_thr && (d_gstatus < 8);
      r_slot    = in_thr && (d_slot < `PMU_SLOT_STRIDE * NSLOT);
      ksel      = r_ext ? d_ext[KIW+1:2] : d_evtsel[KIW+1:2];
      if (in_thr && (d_pmc < `PMU_PMC_STRIDE * P)) begin
        r_cnt = 1'b1;
        lsel  = d_pmc[LIW+2:3];
      end
      if (in_thr && (d_fix < `PMU_FIX_STRIDE * NFIX)) begin
        r_cnt = 1'b1;
        lsel  = LI_FIX[LIW-1:0] + d_fix[LIW+2:3];
      end
      if (in_thr && (d_stk < `PMU_STK_STRIDE * NSTK)) begin
        r_cnt = 1'b1;
        lsel  = LI_STK[LIW-1:0] + d_stk[LIW+2:3];
      end
      if (r_slot) begin
        lsel = LI_SLOT[LIW-1:0] + d_slot[LIW+2:3];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Access phase, errors (spec 5.2)
  // ---------------------------------------------------------------------------------------------
  // Evaluated only while the slave is selected (all 0 otherwise, so a simulator skips them on
  // idle bus cycles; an error only shows in the access phase).
  reg acc;      // access phase
  reg priv;     // privileged access (pprot[0])
  reg mapped;
  reg uren;     // ctrl.uren of the addressed thread
  reg usr_rd;   // readable unprivileged
  reg err;
  reg wr_ok;    // successful write
  reg rd_ok;    // successful read
  always @* begin
    acc    = 1'b0;
    priv   = 1'b0;
    mapped = 1'b0;
    uren   = 1'b0;
    usr_rd = 1'b0;
    err    = 1'b0;
    wr_ok  = 1'b0;
    rd_ok  = 1'b0;
    if (psel_i) begin
      acc    = penable_i;
      priv   = pprot_i[0];
      mapped = r_id | r_cfg | r_evtsel | r_ext | r_fixctl | r_ctrl | r_gctrl | r_gstatus
               | r_cnt | r_slot;
      uren   = ctrl_q[tsel*32 + `PMU_CTRL_UREN_LSB];
      usr_rd = r_id | r_cfg | r_slot | (r_cnt & uren);
      err    = !mapped
               | (pwrite_i & !priv)
               | (!pwrite_i & !priv & !usr_rd)
               | (pwrite_i & (r_id | r_cfg));
      wr_ok  = acc & pwrite_i & !err;
      rd_ok  = acc & !pwrite_i & !err;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Read data
  // ---------------------------------------------------------------------------------------------
  // First bank index and first evtsel index of thread tsel (a table of constants).
  reg [CIW-1:0] cbase;
  reg [CIW-1:0] cacc;
  reg [EIW-1:0] ebase;
  reg [EIW-1:0] eacc;
  integer       tb;
  always @* begin
    cbase = {CIW{1'b0}};
    cacc  = {CIW{1'b0}};
    ebase = {EIW{1'b0}};
    eacc  = {EIW{1'b0}};
    for (tb = 0; tb < THREADS; tb = tb + 1) begin
      if (tsel == tb[TIW-1:0]) begin
        cbase = cacc;
        ebase = eacc;
      end
      cacc = cacc + NCPT_C[CIW-1:0];
      eacc = eacc + P_C[EIW-1:0];
    end
  end
  wire [CIW-1:0] cidx = cbase + {{(CIW - LIW){1'b0}}, lsel};
  wire [EIW-1:0] eidx = ebase + {{(EIW - KIW){1'b0}}, ksel};

  // The counter is read through the bank's read port (index cidx); evtsel/ext eidx through a
  // binary mux tree (a level per index bit, entries past the end read as 0). The tree is only
  // evaluated in an access phase (a simulator skips it on idle cycles).
  assign cnt_re_o   = rd_ok & (r_cnt | r_slot);
  assign cnt_ridx_o = cidx;
  wire [CW-1:0] cval = cnt_rdata_i;

  reg [(1<<EIW)*32-1:0] etree;
  reg [31:0]            eval;
  integer               el;
  integer               ee;
  always @* begin
    etree = {(1 << EIW){32'd0}};
    eval  = 32'd0;
    if (acc) begin
      for (ee = 0; ee < THREADS * P; ee = ee + 1) begin
        etree[ee*32 +: 32] = r_ext ? ext_q[ee*32 +: 32] : evtsel_q[ee*32 +: 32];
      end
      for (el = 0; el < EIW; el = el + 1) begin
        for (ee = 0; ee < ((1 << EIW) >> (el + 1)); ee = ee + 1) begin
          etree[ee*32 +: 32] = eidx[el] ? etree[(2*ee+1)*32 +: 32] : etree[(2*ee)*32 +: 32];
        end
      end
      eval = etree[31:0];
    end
  end

  wire [31:0] chi   = {{(64 - CW){1'b0}}, cval[CW-1:32]};
  wire        hihit = hi_vld_q && (hi_addr_q == a[AW-1:0]);

  reg [31:0] rdata;
  always @* begin
    rdata = 32'd0;
    if (rd_ok) begin
      if (r_id) begin
        rdata = ID_VALUE;
      end else if (r_cfg) begin
        rdata = CFG_VALUE;
      end else if (r_evtsel || r_ext) begin
        rdata = eval;
      end else if (r_fixctl) begin
        rdata = fixctl_q[tsel*32 +: 32];
      end else if (r_ctrl) begin
        rdata = ctrl_q[tsel*32 +: 32];
      end else if (r_gctrl) begin
        rdata = gctrl_q[{tsel, hi}*32 +: 32];
      end else if (r_gstatus) begin
        rdata = gstatus_q[{tsel, hi}*32 +: 32];
      end else if (hi) begin
        rdata = hihit ? hi_latch_q : chi;
      end else begin
        rdata = cval[31:0];
      end
    end
  end

  always @* begin
    prdata_o  = rd_ok ? rdata : 32'd0;
    pslverr_o = acc & err;
  end

  // ---------------------------------------------------------------------------------------------
  // Writes (spec 5.3), overflow status (4.3), high-word latch (5.4)
  // ---------------------------------------------------------------------------------------------
  // The bytes of a word that the strobes select, and the strobed bytes of wd over old. Functions
  // used where a write lands (not wires), so a simulator evaluates them on a write alone.
  function automatic [31:0] bmask(input [3:0] strb);
    bmask = {{8{strb[3]}}, {8{strb[2]}}, {8{strb[1]}}, {8{strb[0]}}};
  endfunction

  function automatic [31:0] merge(input [31:0] old, input [31:0] wd, input [3:0] strb);
    merge = (old & ~bmask(strb)) | (wd & bmask(strb));
  endfunction

  // Write strobe of evtsel[k]/ext[k] of each thread (a write also clears the edge history of
  // the counter). The configuration registers themselves are enable flops (below): nothing of
  // the write path is evaluated on a cycle without a write.
  integer t;
  integer k;
  always @* begin
    sel_wr_o = {(THREADS * P){1'b0}};
    if (wr_ok && (r_evtsel || r_ext)) begin
      for (t = 0; t < THREADS; t = t + 1) begin
        for (k = 0; k < P; k = k + 1) begin
          if ((tblk == t) && (ksel == k[KIW-1:0])) begin
            sel_wr_o[t*P+k] = 1'b1;
          end
        end
      end
    end
  end

  // The word a successful write stores in evtsel, ext, fixctl, ctrl or gctrl: the strobed bytes
  // of the write data over the register's old word (evtsel/ext: the read tree eval, which holds
  // the addressed register in the access phase). One merge for every register, evaluated only on
  // a write; each register masks it to its writable fields at its flop (constant masks, so a
  // synthesis tool drops the flops of reserved bits).
  reg [31:0] wold;
  reg [31:0] wword;
  always @* begin
    wold  = 32'd0;
    wword = 32'd0;
    if (wr_ok) begin
      if (r_evtsel || r_ext) begin
        wold = eval;
      end else if (r_fixctl) begin
        wold = fixctl_q[tsel*32 +: 32];
      end else if (r_ctrl) begin
        wold = ctrl_q[tsel*32 +: 32];
      end else if (r_gctrl) begin
        wold = gctrl_q[{tsel, hi}*32 +: 32];
      end
      wword = merge(wold, pwdata_i, pstrb_i);
    end
  end

  // Lane table indices of the evtsel value being written (the value evtsel_q takes). Evaluated
  // only on an evtsel write.
  // (only the event, umask and any fields of ev_wr are decoded)
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]     ev_wr;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [PKW-1:0]  pick_wr;
  always @* begin
    ev_wr   = 32'd0;
    pick_wr = {PKW{1'b0}};
    if (wr_ok && r_evtsel) begin
      ev_wr   = wword & EVTSEL_MASK;
      pick_wr = pmu_lane_x(pmu_lane_pick(ev_wr[`PMU_EVTSEL_EVENT_LSB +: 8],
                                         ev_wr[`PMU_EVTSEL_UMASK_LSB +: 8]),
                           ev_wr[`PMU_EVTSEL_ANY_LSB]);
    end
  end

  // gstatus next state (spec 4.3): W1C clear by a write (wclr) of the strobed bytes of wd to the
  // word whi, set by the wraps of the thread's programmable (pw) and fixed (fw) counters, freeze
  // on a set with frz_on_ovf; a set beats a clear. Applied at the flop: it combines the bus with
  // the wraps, and a simulator evaluates it once per clock there instead of on every bus input
  // change.
  function automatic [63:0] gstatus_next(input [63:0] q, input wclr, input whi, input [31:0] wd,
                                         input [3:0] strb, input [P-1:0] pw, input [2:0] fw,
                                         input frz_on);
    reg [63:0] set;
    reg [63:0] clr;
    begin
      clr = !wclr ? 64'd0 : whi ? {wd & bmask(strb), 32'd0} : {32'd0, wd & bmask(strb)};
      set = 64'd0;
      set[`PMU_GSTATUS_PMC_OVF_LSB +: P] = pw;
      set[`PMU_GSTATUS_FIX_OVF_LSB +: 3] = fw;
      set[`PMU_GSTATUS_CTR_FRZ_LSB]      = frz_on && (set != 64'd0);
      gstatus_next = ((q & ~clr) | set) & GSTATUS_MASK;
    end
  endfunction

  // Counter bank write port.
  always @* begin
    cnt_we_o   = wr_ok && (r_cnt || r_slot);
    cnt_widx_o = cidx;
    cnt_whi_o  = hi;
  end
  assign cnt_wdata_o = pwdata_i;
  assign cnt_wstrb_o = pstrb_i;

  // ---------------------------------------------------------------------------------------------
  // Configuration outputs and interrupt (a function of registers only)
  // ---------------------------------------------------------------------------------------------
  assign evtsel_o = evtsel_q;
  assign pick_o   = pick_q;
  assign ext_o    = ext_q;

  reg     irq;   // one thread's interrupt
  integer u;
  integer i;
  always @* begin
    irq       = 1'b0;
    pmc_en_o  = {(THREADS * P){1'b0}};
    fix_en_o  = {(THREADS * 3){1'b0}};
    fix_os_o  = {(THREADS * 3){1'b0}};
    fix_usr_o = {(THREADS * 3){1'b0}};
    frz_o     = {THREADS{1'b0}};
    wpvis_o   = {THREADS{1'b0}};
    irq_o     = {THREADS{1'b0}};
    for (u = 0; u < THREADS; u = u + 1) begin
      pmc_en_o[u*P +: P]   = gctrl_q[u*64 + `PMU_GCTRL_PMC_EN_LSB +: P];
      fix_en_o[u*3 +: 3]   = gctrl_q[u*64 + `PMU_GCTRL_FIX_EN_LSB +: 3];
      fix_os_o[u*3+0]      = fixctl_q[u*32 + `PMU_FIXCTL_OS0_LSB];
      fix_os_o[u*3+1]      = fixctl_q[u*32 + `PMU_FIXCTL_OS1_LSB];
      fix_os_o[u*3+2]      = fixctl_q[u*32 + `PMU_FIXCTL_OS2_LSB];
      fix_usr_o[u*3+0]     = fixctl_q[u*32 + `PMU_FIXCTL_USR0_LSB];
      fix_usr_o[u*3+1]     = fixctl_q[u*32 + `PMU_FIXCTL_USR1_LSB];
      fix_usr_o[u*3+2]     = fixctl_q[u*32 + `PMU_FIXCTL_USR2_LSB];
      frz_o[u]             = gstatus_q[u*64 + `PMU_GSTATUS_CTR_FRZ_LSB];
      wpvis_o[u]           = ctrl_q[u*32 + `PMU_CTRL_WPVIS_LSB];
      irq = (gstatus_q[u*64 + `PMU_GSTATUS_FIX_OVF_LSB + 0] & fixctl_q[u*32 + `PMU_FIXCTL_PMI0_LSB])
            | (gstatus_q[u*64 + `PMU_GSTATUS_FIX_OVF_LSB + 1] & fixctl_q[u*32 + `PMU_FIXCTL_PMI1_LSB])
            | (gstatus_q[u*64 + `PMU_GSTATUS_FIX_OVF_LSB + 2] & fixctl_q[u*32 + `PMU_FIXCTL_PMI2_LSB]);
      for (i = 0; i < P; i = i + 1) begin
        irq = irq | (gstatus_q[u*64 + `PMU_GSTATUS_PMC_OVF_LSB + i]
                     & evtsel_q[(u*P+i)*32 + `PMU_EVTSEL_INT_LSB]);
      end
      irq_o[u] = irq;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Flops. The configuration registers and the high-word latch change only on an APB access:
  //   evtsel, ext, fixctl, ctrl, gctrl: the word of a successful write (wword), masked to the
  //     writable fields (ext[0] has no CHAIN/QUALIFY);
  //   high-word latch: a low-word counter read samples the high word; any write invalidates it.
  // ---------------------------------------------------------------------------------------------
  integer tw;
  integer kw;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      evtsel_q   <= {(THREADS * P * 32){1'b0}};
      ext_q      <= {(THREADS * P * 32){1'b0}};
      pick_q     <= {(THREADS * P){pmu_lane_x(pmu_lane_pick(8'd0, 8'd0), 1'b0)}};
      fixctl_q   <= {(THREADS * 32){1'b0}};
      ctrl_q     <= {(THREADS * 32){1'b0}};
      gctrl_q    <= {(THREADS * 64){1'b0}};
      gstatus_q  <= {(THREADS * 64){1'b0}};
      hi_latch_q <= 32'd0;
      hi_addr_q  <= {AW{1'b0}};
      hi_vld_q   <= 1'b0;
    end else begin
      for (tw = 0; tw < THREADS; tw = tw + 1) begin
        gstatus_q[tw*64 +: 64] <= gstatus_next(gstatus_q[tw*64 +: 64],
                                               wr_ok && (tblk == tw) && r_gstatus, hi,
                                               pwdata_i, pstrb_i, pmc_wrap_i[tw*P +: P],
                                               fix_wrap_i[tw*3 +: 3],
                                               ctrl_q[tw*32 + `PMU_CTRL_FRZ_ON_OVF_LSB]);
      end
      if (wr_ok) begin
        hi_vld_q <= 1'b0;
        for (tw = 0; tw < THREADS; tw = tw + 1) begin
          for (kw = 0; kw < P; kw = kw + 1) begin
            if (sel_wr_o[tw*P+kw] && r_evtsel) begin
              evtsel_q[(tw*P+kw)*32 +: 32] <= ev_wr;
              pick_q[(tw*P+kw)*PKW +: PKW] <= pick_wr;
            end
            if (sel_wr_o[tw*P+kw] && r_ext) begin
              ext_q[(tw*P+kw)*32 +: 32] <= wword & ((kw == 0) ? EXT0_MASK : EXT_MASK);
            end
          end
          if ((tblk == tw) && r_fixctl) begin
            fixctl_q[tw*32 +: 32] <= wword & FIXCTL_MASK;
          end
          if ((tblk == tw) && r_ctrl) begin
            ctrl_q[tw*32 +: 32] <= wword & CTRL_MASK;
          end
          if ((tblk == tw) && r_gctrl && hi) begin
            gctrl_q[tw*64+32 +: 32] <= wword & GCTRL_MASK[63:32];
          end
          if ((tblk == tw) && r_gctrl && !hi) begin
            gctrl_q[tw*64 +: 32] <= wword & GCTRL_MASK[31:0];
          end
        end
      end else if (rd_ok && (r_cnt || r_slot) && !hi) begin
        hi_latch_q <= chi;
        hi_addr_q  <= a[AW-1:0] + {{(AW - 3){1'b0}}, 3'd4};
        hi_vld_q   <= 1'b1;
      end
    end
  end

endmodule

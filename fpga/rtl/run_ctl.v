// StallScope FPGA board: run control (docs/fpga.md "Run-control registers").
//
// The host reaches these registers through the bridge's RC_READ/RC_WRITE commands. The block
// decides, cycle by cycle, which of the two gated clock domains tick:
//   core_ce_o  the core stub's clock: run cycles, core reset cycles and program-load cycles;
//   pmu_ce_o   the PMU's clock: run cycles and the bridge's APB cycles.
// So the core stops (keeps its state) between runs, and the PMU sees only run cycles and two
// cycles per APB access, never the UART's idle time. run_o is 1 in run cycles: the board top
// passes the core's events to the PMU only then (idle pattern otherwise).
//
// Registers (byte offsets; unmapped offsets, writes to read-only and reads of write-only
// registers give rc_err_o):
//   0x00 ID        ro  0x52430002 ('RC', version 2)
//   0x04 CLK_HZ    ro  the board clock in Hz
//   0x08 CFG       rw  the core's cfg_i (its fields: rtl/core/core_cfg.vh, docs/core.md
//                      section 2), taken by the core at its next reset
//   0x0c SEED      rw  the core's seed_i, taken at its next reset (reset value 1)
//   0x10 CTRL      wo  write 1 to: bit 0 START (run until STOP), bit 1 STOP, bit 2 RESET (stop,
//                      reset the core for RST_CYCLES cycles, clear CYCLES), bit 3 RUN (run
//                      RUNLEN cycles, then stop), bit 4 PMU_RESET (reset the PMU: two PMU cycles
//                      with its reset asserted); RESET > STOP > RUN > START
//   0x14 STATUS    ro  bit 0 started, bit 1 RUN in progress, bit 2 core in reset,
//                      bits 8+t: the PMU's irq_o[t]
//   0x18 RUNLEN    rw  cycles of a RUN
//   0x1c CYC_LO    ro  run cycles since the last core reset, low word; latches the high word
//   0x20 CYC_HI    ro  the high word latched by the last CYC_LO read
//   0x24 PROG_PTR  rw  program-load pointer: thread 18:16, word address 15:0
//   0x28 PROG_DATA wo  bits 15:0 are written to the core's program memory at PROG_PTR (the
//                      pointer's address then increments); the write stops the core and holds
//                      it in reset for that cycle (as a RESET would, CYCLES kept)
//   0x2c INFO      ro  THREADS 7:0, W 11:8, the PMU's PIPE 14:12 and STORAGE 15 (1: its counter
//                      accesses have an APB wait state, docs/spec.md 5.1), PROG_DEPTH 31:16
// Synchronous active-low reset rst_ni; the core is reset after it (RST_CYCLES cycles).

module run_ctl #(
  parameter THREADS    = 2,
  parameter W          = 4,
  parameter PROG_DEPTH = 1024,
  parameter CLK_HZ     = 27000000,
  parameter PIPE       = 0,         // the PMU's event path pipeline (INFO only)
  parameter STORAGE    = 0,         // the PMU's counter storage (INFO only)
  parameter RST_CYCLES = 4
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  // register port (uart_apb_bridge)
  input  wire               rc_req_i,
  input  wire               rc_we_i,
  input  wire [7:0]         rc_addr_i,
  input  wire [31:0]        rc_wdata_i,
  output wire [31:0]        rc_rdata_o,
  output wire               rc_err_o,
  // the bridge's APB cycles and the PMU's interrupts
  input  wire               apb_ce_i,
  input  wire [THREADS-1:0] irq_i,
  // clock enables and the core's control inputs
  output wire               core_ce_o,
  output wire               pmu_ce_o,
  output wire               run_o,
  output wire               core_rst_no,
  output wire               pmu_rst_no,
  output wire [31:0]        cfg_o,
  output wire [31:0]        seed_o,
  output wire               prog_we_o,
  output wire [2:0]         prog_tid_o,
  output wire [15:0]        prog_addr_o,
  output wire [15:0]        prog_data_o
);

  localparam [31:0] ID = 32'h52430002;
  localparam [31:0] HZ = CLK_HZ;
  localparam [31:0] TH32 = THREADS;
  localparam [31:0] W32 = W;
  localparam [31:0] PD32 = PROG_DEPTH;
  localparam [31:0] PI32 = PIPE;
  localparam [31:0] ST32 = STORAGE;
  localparam [31:0] RSTC32 = RST_CYCLES;
  localparam [7:0]  TH8 = TH32[7:0];
  localparam [3:0]  W4 = W32[3:0];
  localparam [3:0]  PI4 = {ST32[0], PI32[2:0]};   // STORAGE 15, PIPE 14:12
  localparam [15:0] PD16 = PD32[15:0];
  localparam [2:0]  RSTC = RSTC32[2:0];

  localparam [7:0] A_ID = 8'h00, A_HZ = 8'h04, A_CFG = 8'h08, A_SEED = 8'h0c, A_CTRL = 8'h10,
                   A_STATUS = 8'h14, A_RUNLEN = 8'h18, A_CYCLO = 8'h1c, A_CYCHI = 8'h20,
                   A_PTR = 8'h24, A_DATA = 8'h28, A_INFO = 8'h2c;

  reg [31:0] cfg_q, cfg_d;
  reg [31:0] seed_q, seed_d;
  reg [31:0] runlen_q, runlen_d;
  reg        run_q, run_d;           // started (free run)
  reg [31:0] left_q, left_d;         // cycles left of a RUN
  reg [2:0]  rstc_q, rstc_d;         // core reset cycles left
  reg [1:0]  prst_q, prst_d;         // PMU reset cycles left
  reg [63:0] cyc_q, cyc_d;
  reg [31:0] cychi_q, cychi_d;
  reg [18:0] ptr_q, ptr_d;
  reg        pwe_q, pwe_d;
  reg [2:0]  ptid_q, ptid_d;
  reg [15:0] paddr_q, paddr_d;
  reg [15:0] pdata_q, pdata_d;

  // The core is held in reset while the reset count runs or a program word is being written.
  function in_rst(input [2:0] rstc, input pwe);
    in_rst = (rstc != 3'd0) || pwe;
  endfunction
  // It runs when out of reset and either free-running or with RUN cycles left.
  function runs(input [2:0] rstc, input pwe, input run, input [31:0] left);
    runs = !in_rst(rstc, pwe) && (run || left != 32'd0);
  endfunction
  wire core_rst = in_rst(rstc_q, pwe_q);
  // running = runs() of the state, kept in a register loaded with runs() of the next state (0 in
  // reset, as of the reset state), so no compare of the 32-bit RUN count lies on the paths into
  // the core's and the PMU's clock enables and event inputs
  reg  running_q;
  wire running  = running_q;
  // core_ce_o = running || core_rst, the same way: a register loaded with it of the next state, so
  // the gate's enable, which board_prim takes at the falling edge (half a cycle), starts at a flop
  reg  core_ce_q;

  assign core_ce_o   = core_ce_q;
  assign pmu_ce_o    = running || apb_ce_i || prst_q != 2'd0;
  assign pmu_rst_no  = (prst_q == 2'd0);
  assign run_o       = running;
  assign core_rst_no = !core_rst;
  assign cfg_o       = cfg_q;
  assign seed_o      = seed_q;
  assign prog_we_o   = pwe_q;
  assign prog_tid_o  = ptid_q;
  assign prog_addr_o = paddr_q;
  assign prog_data_o = pdata_q;

  // ---- register read and access rules ---------------------------------------------------------
  reg [31:0] rdata;
  reg        err;
  always @* begin
    rdata = 32'h0;
    err   = 1'b0;
    case (rc_addr_i)
      A_ID:     begin rdata = ID;       err = rc_we_i; end
      A_HZ:     begin rdata = HZ;       err = rc_we_i; end
      A_CFG:      rdata = cfg_q;
      A_SEED:     rdata = seed_q;
      A_CTRL:     err = !rc_we_i;
      A_STATUS: begin
        rdata = {{(24 - THREADS){1'b0}}, irq_i, 5'd0, core_rst, left_q != 32'd0, run_q};
        err   = rc_we_i;
      end
      A_RUNLEN:   rdata = runlen_q;
      A_CYCLO:  begin rdata = cyc_q[31:0]; err = rc_we_i; end
      A_CYCHI:  begin rdata = cychi_q;     err = rc_we_i; end
      A_PTR:      rdata = {13'd0, ptr_q};
      A_DATA:     err = !rc_we_i;
      A_INFO:   begin rdata = {PD16, PI4, W4, TH8}; err = rc_we_i; end
      default:    err = 1'b1;
    endcase
  end
  assign rc_rdata_o = (rc_req_i && !rc_we_i && !err) ? rdata : 32'h0;
  assign rc_err_o   = rc_req_i && err;

  // ---- next state -----------------------------------------------------------------------------
  wire wr = rc_req_i && rc_we_i && !err;
  wire [4:0] cmd = (wr && rc_addr_i == A_CTRL) ? rc_wdata_i[4:0] : 5'd0;
  always @* begin
    cfg_d    = (wr && rc_addr_i == A_CFG)    ? rc_wdata_i : cfg_q;
    seed_d   = (wr && rc_addr_i == A_SEED)   ? rc_wdata_i : seed_q;
    runlen_d = (wr && rc_addr_i == A_RUNLEN) ? rc_wdata_i : runlen_q;
    cychi_d  = (rc_req_i && !rc_we_i && rc_addr_i == A_CYCLO) ? cyc_q[63:32] : cychi_q;
    // run state: a run cycle counts and uses up a RUN cycle
    run_d  = run_q;
    left_d = (running && left_q != 32'd0) ? left_q - 32'd1 : left_q;
    cyc_d  = running ? cyc_q + 64'd1 : cyc_q;
    rstc_d = (rstc_q != 3'd0) ? rstc_q - 3'd1 : rstc_q;
    prst_d = (prst_q != 2'd0) ? prst_q - 2'd1 : prst_q;
    if (cmd[4]) prst_d = 2'd2;
    if (cmd[0]) run_d = 1'b1;
    if (cmd[3]) left_d = runlen_q;
    if (cmd[1]) begin run_d = 1'b0; left_d = 32'd0; end
    if (cmd[2]) begin run_d = 1'b0; left_d = 32'd0; rstc_d = RSTC; cyc_d = 64'd0; end
    // program load: one write per PROG_DATA write, in the next cycle
    ptr_d   = (wr && rc_addr_i == A_PTR) ? rc_wdata_i[18:0] : ptr_q;
    pwe_d   = 1'b0;
    ptid_d  = ptid_q;
    paddr_d = paddr_q;
    pdata_d = pdata_q;
    if (wr && rc_addr_i == A_DATA) begin
      pwe_d   = 1'b1;
      ptid_d  = ptr_q[18:16];
      paddr_d = ptr_q[15:0];
      pdata_d = rc_wdata_i[15:0];
      ptr_d   = {ptr_q[18:16], ptr_q[15:0] + 16'd1};
      run_d   = 1'b0;
      left_d  = 32'd0;
    end
  end

  wire running_d = runs(rstc_d, pwe_d, run_d, left_d);
  wire core_ce_d = running_d || in_rst(rstc_d, pwe_d);

  // ---- flops ----------------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_q    <= 32'd0;
      seed_q   <= 32'd1;
      runlen_q <= 32'd0;
      run_q    <= 1'b0;
      running_q <= 1'b0;
      core_ce_q <= in_rst(RSTC, 1'b0);
      left_q   <= 32'd0;
      rstc_q   <= RSTC;
      prst_q   <= 2'd0;
      cyc_q    <= 64'd0;
      cychi_q  <= 32'd0;
      ptr_q    <= 19'd0;
      pwe_q    <= 1'b0;
      ptid_q   <= 3'd0;
      paddr_q  <= 16'd0;
      pdata_q  <= 16'd0;
    end else begin
      cfg_q    <= cfg_d;
      seed_q   <= seed_d;
      runlen_q <= runlen_d;
      run_q    <= run_d;
      running_q <= running_d;
      core_ce_q <= core_ce_d;
      left_q   <= left_d;
      rstc_q   <= rstc_d;
      prst_q   <= prst_d;
      cyc_q    <= cyc_d;
      cychi_q  <= cychi_d;
      ptr_q    <= ptr_d;
      pwe_q    <= pwe_d;
      ptid_q   <= ptid_d;
      paddr_q  <= paddr_d;
      pdata_q  <= pdata_d;
    end
  end

endmodule

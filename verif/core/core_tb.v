// Plain-Verilog testbench of the core stub alone (rtl/core/core_stub.v) for simulators other
// than the Verilator harness (docs/core.md section 4): no PMU, no C model. It resets the core,
// runs it and prints the instructions each thread retired in a window of cycles, counted from
// its slot_retire outputs (the same nets sim/main/sim_top.v gives the PMU), so that the numbers
// can be compared with the main run (`Vsim_top ... --counters`, tT.slot.retired; its window
// starts after the PMU set-up).
//
//   iverilog -g2005 -Irtl/pmu -Irtl/core -s core_tb -o build/core_tb.vvp verif/core/core_tb.v \
//     rtl/core/core_*.v
//   vvp build/core_tb.vvp +cfg=16 +from=80 +cycles=1000          (programs: PROG_FILE)
//   vvp build/core_tb.vvp +cfg=0 +seed=7 +from=80 +cycles=2000    (generator, mix 0)
// Pass PROG_FILE with -Pcore_tb.PROG_FILE='"verif/kernels/dep_chain.hex"'.

`timescale 1ns / 1ps

`include "pmu_map.vh"

module core_tb #(
  // the core stub's parameters with their defaults, those pmu_top has too from its header
  `include "core_stub_params.vh"
  `include "pmu_top_params.vh"
);

  reg         clk;
  reg         rst_n;
  reg  [31:0] cfg;
  reg  [31:0] seed;

  // the core stub alone (core_stub as u_core, its ports on the nets core_<port>: generated from
  // its header); the outputs but slot_retire are not looked at
  `include "core_stub_inst.vh"
  assign core_clk_i       = clk;
  assign core_rst_ni      = rst_n;
  assign core_cfg_i       = cfg;
  assign core_seed_i      = seed;
  assign core_prog_we_i   = 1'b0;
  assign core_prog_tid_i  = 3'd0;
  assign core_prog_addr_i = 16'd0;
  assign core_prog_data_i = 16'd0;
  assign core_trc_en_i    = 1'b1;   // trace port on, as in the main run
  wire [THREADS*NW-1:0] slot_retire = core_slot_retire_o;

  always #5 clk = ~clk;

  integer from;
  integer cycles;
  integer cyc;
  integer t;
  integer retired [0:THREADS-1];
  initial begin
    clk    = 1'b0;
    rst_n  = 1'b0;
    cfg    = 32'd16;
    seed   = 32'd1;
    from   = 80;
    cycles = 1000;
    if ($value$plusargs("cfg=%d", cfg)) ;
    if ($value$plusargs("seed=%d", seed)) ;
    if ($value$plusargs("from=%d", from)) ;
    if ($value$plusargs("cycles=%d", cycles)) ;
    for (t = 0; t < THREADS; t = t + 1) retired[t] = 0;
    repeat (4) @(posedge clk);
    #1 rst_n = 1'b1;
    // cycle k: the clock period after the k-th rising edge with reset released
    for (cyc = 0; cyc < from + cycles; cyc = cyc + 1) begin
      #3;
      if (cyc >= from) begin
        for (t = 0; t < THREADS; t = t + 1) begin
          if (^slot_retire[t*NW +: NW] === 1'bx) begin
            $display("core_tb: FAIL: unknown slot_retire of thread %0d in cycle %0d", t, cyc);
            $finish;
          end
          retired[t] = retired[t] + slot_retire[t*NW +: NW];
        end
      end
      @(posedge clk);
      #1;
    end
    for (t = 0; t < THREADS; t = t + 1) begin
      $display("core_tb: thread %0d retired %0d instructions in cycles %0d..%0d", t, retired[t],
               from, from + cycles - 1);
    end
    $finish;
  end

endmodule

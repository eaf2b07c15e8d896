// The core stub's configuration word cfg_i (docs/core.md section 2): where each field lies.
// This file is the one definition. scripts/gen/gen_core_cfg.py (run by `make gen`; `make
// check-gen` fails when they are stale) writes from it the C header sim/report/core_cfg.h (for
// sim/main/run.cpp, fpga/host/pmuctl and sim/report/tip_oracle) and the field table of
// docs/core.md section 2. Include it inside a module. One field per line, in bit order:
//   localparam CFG_<NAME>_LSB = <lowest bit>, CFG_<NAME>_W = <width>;  // <what it sets>
// Bits not named here are reserved (0); cfg_i is sampled while rst_ni is 0.
localparam CFG_PERF_IC_LSB = 0,  CFG_PERF_IC_W = 1;  // perfect Icache: no fetch misses
localparam CFG_PERF_BP_LSB = 1,  CFG_PERF_BP_W = 1;  // perfect branch prediction: no mispredictions
localparam CFG_PERF_DC_LSB = 2,  CFG_PERF_DC_W = 1;  // perfect Dcache: no load misses
localparam CFG_ALU1_LSB    = 3,  CFG_ALU1_W    = 1;  // 1-cycle ALU: long-latency operations take 1 cycle
localparam CFG_PROG_LSB    = 4,  CFG_PROG_W    = 1;  // program source: 0 the on-chip generator, 1 the program memory
localparam CFG_LOOP_LSB    = 5,  CFG_LOOP_W    = 3;  // the generator's loop (section 6): 0 the plain stream, n the correct path repeats every 2^(n+3) words
localparam CFG_MIX_LSB     = 8,  CFG_MIX_W     = 8;  // the generator's mix (section 6)
localparam CFG_IDLE_LSB    = 16, CFG_IDLE_W    = 8;  // idle threads: thread t never fetches when bit IDLE_LSB + t is 1

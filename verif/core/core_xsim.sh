#!/usr/bin/env bash
# Cross-simulator check of the core stub: the same runs on Icarus (verif/core/core_tb.v, plain
# Verilog, PROG_FILE / generator) and on the Verilator main run must retire exactly the same
# number of instructions per thread in the same window of cycles. Catches simulator-dependent
# RTL (X propagation, races, tool-specific constructs). Also the program memory's block-RAM form
# against a combinational read (verif/core/progmem_tb.v). Ends with "N passed, N failed".
# usage: verif/core/core_xsim.sh [RUN_BINARY]   (default build/run_smp/Vsim_top, the main run)
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
RUN=${1:-$B/run_smp/Vsim_top}
mkdir -p "$B/xsim"
pass=0; fail=0
src="verif/core/core_tb.v $(ls rtl/core/*.v)"   # the core alone: the PMU does not change what it retires
iverilog -g2005 -Irtl/pmu -Irtl/core -s core_tb -o "$B/xsim/gen.vvp" $src || { echo "iverilog failed"; exit 1; }
check() {  # check NAME TB_ARGS -- RUN_ARGS
  local name=$1; shift
  local tb=() run=()
  while [ "$1" != -- ]; do tb+=("$1"); shift; done; shift
  run=("$@")
  local a b
  a=$(vvp -n "${tb[@]}" | awk '/retired/ {printf "%s ", $5}')
  b=$("$RUN" "${run[@]}" --quiet --counters | awk '/slot.retired/ {printf "%s ", $2}')
  if [ -n "$a" ] && [ "$a" = "$b" ]; then
    pass=$((pass+1)); echo "PASS $name: retired per thread $a"
  else
    fail=$((fail+1)); echo "FAIL $name: icarus '$a', verilator '$b'"
  fi
}
# 1000 cycles per mix (as the program files): Icarus takes about 2.7 ms per cycle of the core
for wl in "mixed 0" "memory 1" "branchy 2" "icache 5"; do
  set -- $wl
  cfg=$(( $2 << 8 ))
  check "generator-$1" "$B/xsim/gen.vvp" +cfg=$cfg +seed=7 +from=80 +cycles=1000 -- \
    --workload "$1" --seed 7 --cycles 1000
done
for k in dcache_miss mispredict icache_miss; do
  iverilog -g2005 -Irtl/pmu -Irtl/core -s core_tb -P"core_tb.PROG_FILE=\"verif/kernels/$k.hex\"" \
    -o "$B/xsim/$k.vvp" $src || { echo "iverilog failed"; exit 1; }
  check "readmemh-$k" "$B/xsim/$k.vvp" +cfg=16 +from=80 +cycles=1000 -- \
    --prog "verif/kernels/$k.hex" --cycles 1000
done
# the program memory's block-RAM form against a combinational read (verif/core/progmem_tb.v)
iverilog -g2005 -Irtl/core -s progmem_tb -o "$B/xsim/progmem.vvp" verif/core/progmem_tb.v \
  rtl/core/core_progmem.v || { echo "iverilog failed"; exit 1; }
pm=$(vvp -n "$B/xsim/progmem.vvp" | tail -n 1)
if echo "$pm" | grep -qE '^progmem: [1-9][0-9]* cycles, 0 mismatches$'; then
  pass=$((pass+1)); echo "PASS $pm"
else
  fail=$((fail+1)); echo "FAIL progmem: $pm"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

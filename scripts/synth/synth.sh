#!/usr/bin/env bash
# Generic yosys synthesis of pmu_top: fails on latches or a failing `check -assert`, and prints
# the cell and flip-flop counts. usage: synth.sh BUILD_DIR [--coarse]
# --coarse stops before yosys's fine stage (techmap and abc): every rule this gate checks (no
# $dlatch, check -assert: no multiple drivers, no logic loop, nothing undriven) holds on the coarse
# netlist already, in a third of the CPU time (make synth runs the whole synthesis).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build}
run=""
stage="generic cells"
if [ "${2:-}" = --coarse ]; then run="-run :fine"; stage="coarse cells"; elif [ -n "${2:-}" ]; then
  echo "synth.sh: unknown option '$2' (usage: synth.sh BUILD_DIR [--coarse])" >&2; exit 2
fi
mkdir -p "$out"
log=$out/synth${run:+_coarse}.log
src=$(echo rtl/pmu/pmu_*.v)
yosys -q -l "$log" -p "read_verilog -Irtl/pmu $src; synth -flatten -top pmu_top $run; check -assert; \
select -assert-none t:\$dlatch t:\$_DLATCH_*; stat" >/dev/null
cells=$(grep -E '^ +Number of cells:' "$log" | tail -1 | awk '{print $4}')
if [ -n "$run" ]; then  # coarse flip-flop cells are words, not bits: no count
  echo "synth: pmu_top (default parameters): $cells $stage, no latches, check -assert clean (log: $log)"
  exit 0
fi
ffs=$(awk '/Number of wires:/ {s=0} /\$_[A-Z]*DFF/ {s+=$2} END {print s+0}' "$log")
echo "synth: pmu_top (default parameters): $cells $stage, $ffs flip-flops, no latches (log: $log)"

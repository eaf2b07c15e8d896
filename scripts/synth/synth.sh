#!/usr/bin/env bash
# Generic yosys synthesis of pmu_top: fails on latches or a failing `check -assert`, and prints
# the cell and flip-flop counts. usage: synth.sh BUILD_DIR   (make synth; nightly)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build}
if [ $# -gt 1 ]; then
  echo "synth.sh: unexpected argument '$2' (usage: synth.sh BUILD_DIR)" >&2; exit 2
fi
mkdir -p "$out"
log=$out/synth.log
src=$(echo rtl/pmu/pmu_*.v)
yosys -q -l "$log" -p "read_verilog -defer -Irtl/pmu $src; synth -flatten -top pmu_top; check -assert; \
select -assert-none t:\$dlatch t:\$_DLATCH_*; stat" >/dev/null
cells=$(grep -E '^ +Number of cells:' "$log" | tail -1 | awk '{print $4}')
ffs=$(awk '/Number of wires:/ {s=0} /\$_[A-Z]*DFF/ {s+=$2} END {print s+0}' "$log")
echo "synth: pmu_top (default parameters): $cells generic cells, $ffs flip-flops, no latches (log: $log)"

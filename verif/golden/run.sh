#!/usr/bin/env bash
# Golden-vector regression (docs/golden.md): generate vectors for every verif/directed/*.stim with
# the C model (pmu_golden), replay them on the RTL with the plain Verilog-2005 testbench
# verif/golden/tb_golden.v under Icarus, and replay the shipped vectors in verif/golden/vectors/
# (so a format change that breaks old vectors is noticed). With block-RAM counter storage
# (STORAGE=1) a counter access has an APB wait state (spec 5.1), so the directed vectors of that
# storage come from the model built with it (pmu_golden_ram) and the shipped vectors, of
# flip-flop storage, replay on STORAGE=0 only. Every pair is first validated with
# `pmu_golden --check` (version, header, line count, digit widths; FILE:LINE: rule), so a
# malformed file fails with the reader's message before Icarus sees it. The pairs of each set
# (directed, shipped) are replayed in one Icarus run per storage (tb_golden.v's +list), each from
# its own reset, instead of one run per pair.
#
#   verif/golden/run.sh [BUILD_DIR]        (default build; run from the repository root)
#
# Last line "N passed, M failed"; exit status 1 when anything failed, 2 on a setup error.
set -u
cd "$(dirname "$0")/../.."
BUILD=${1:-build}
OUT=$BUILD/golden
TOOL=$BUILD/pmu_golden
TOOL_RAM=$BUILD/pmu_golden_ram
VVP=$OUT/tb_golden.vvp
VVP_RAM=$OUT/tb_golden_ram.vvp

mkdir -p "$OUT" || exit 2
make -s BUILD="$BUILD" "$TOOL" "$TOOL_RAM" || exit 2
# -DGOLDEN_FATAL: a failing replay also exits non-zero ($fatal; Icarus 11 accepts it in -g2005)
iverilog -g2005 -DGOLDEN_FATAL -Irtl/pmu -o "$VVP" verif/golden/tb_golden.v rtl/pmu/pmu_*.v || exit 2
# the same RTL with block-RAM counter storage (spec 4): the same vectors must hold
iverilog -g2005 -DGOLDEN_FATAL -Irtl/pmu -Ptb_golden.STORAGE=1 -o "$VVP_RAM" verif/golden/tb_golden.v \
  rtl/pmu/pmu_*.v || exit 2

pass=0
fail=0

# queue NAME STIMHEX EXPHEX LIST: check the pair with pmu_golden --check, then add it to LIST
queue() {
  local log="$OUT/${1// /_}.log"
  if ! "$TOOL" --check "$2" > "$log" 2>&1; then
    fail=$((fail + 1))
    echo "FAIL $1 ($2): pmu_golden --check:"
    sed 's/^/  /' "$log" | head -20
    return
  fi
  echo "$2 $3" >> "$4"
}

# replay LIST PREFIX VVP...: every pair of LIST on each storage's testbench; one line per pair and
# storage
replay() {
  local list=$1 prefix=$2 vvp suffix log want got
  shift 2
  [ -s "$list" ] || return
  want=$(wc -l < "$list")
  for vvp in "$@"; do
    suffix=$([ "$vvp" = "$VVP_RAM" ] && echo " (block-RAM storage)")
    log=$list.$(basename "$vvp" .vvp).log
    vvp -n "$vvp" +list="$list" > "$log" 2>&1
    got=$(grep -c '^golden .*: [0-9]* cycles, 0 mismatches$' "$log")
    pass=$((pass + got))
    fail=$((fail + want - got))
    grep '^golden .*: [0-9]* cycles, 0 mismatches$' "$log" | sed "s/^/$prefix/; s/\$/$suffix/"
    if [ "$got" -ne "$want" ]; then
      echo "FAIL $prefix$((want - got)) of $want pairs of $list$suffix (log: $log):"
      grep '^FAIL' "$log" | sed 's/^/  /'
      grep -v '^FAIL\|^golden ' "$log" | sed 's/^/  /' | head -10
    fi
  done
}

# directed VECTOR_TOOL DIR LIST: the vectors of every directed test into DIR, queued on LIST
directed() {
  local tool=$1 dir=$2 list=$3 stim name
  mkdir -p "$dir" || exit 2
  : > "$list"
  for stim in verif/directed/*.stim; do
    name=$(basename "$stim" .stim)
    rm -f "$dir/$name.stim.hex" "$dir/$name.exp.hex"
    if ! "$tool" "$stim" "$dir" > "$dir/$name.gen.log" 2>&1; then
      fail=$((fail + 1))
      echo "FAIL $name ($tool): pmu_golden:"
      sed 's/^/  /' "$dir/$name.gen.log"
      continue
    fi
    queue "$name" "$dir/$name.stim.hex" "$dir/$name.exp.hex" "$list"
  done
}
directed "$TOOL" "$OUT" "$OUT/directed.list"
replay "$OUT/directed.list" "" "$VVP"
directed "$TOOL_RAM" "$OUT/ram" "$OUT/directed_ram.list"
replay "$OUT/directed_ram.list" "" "$VVP_RAM"

# The shipped directory as a whole (also catches a file without its partner).
if "$TOOL" --check verif/golden/vectors > "$OUT/shipped.check.log" 2>&1; then
  pass=$((pass + 1))
  cat "$OUT/shipped.check.log"
else
  fail=$((fail + 1))
  echo "FAIL verif/golden/vectors: pmu_golden --check:"
  sed 's/^/  /' "$OUT/shipped.check.log" | head -20
fi
: > "$OUT/shipped.list"
for s in verif/golden/vectors/*.stim.hex; do
  [ -e "$s" ] || continue
  name=$(basename "$s" .stim.hex)
  queue "shipped $name" "$s" "verif/golden/vectors/$name.exp.hex" "$OUT/shipped.list"
done
replay "$OUT/shipped.list" "shipped: " "$VVP"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

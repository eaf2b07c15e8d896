#!/usr/bin/env bash
# Golden-vector regression (docs/golden.md): generate vectors for every verif/directed/*.stim with
# the C model (pmu_golden), replay them on the RTL with the plain Verilog-2005 testbench
# verif/golden/tb_golden.v under Icarus, and replay the shipped vectors in verif/golden/vectors/
# (so a format change that breaks old vectors is noticed). With block-RAM counter storage
# (STORAGE=1) a counter access has an APB wait state (spec 5.1), and with PIPE > 0 the counts land
# later (spec 4), so the directed vectors of each storage and pipeline setting come from the model
# built with it (build/pmu_golden_<set>, the Makefile's parameter sets; PIPE = N replays the
# directed tests written for it, verif/directed/pipeN/) and the shipped vectors, of flip-flop
# storage and PIPE = 0, replay on that setting only. Every pair is first validated with
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
VVP=$OUT/tb_golden.vvp
# SET STORAGE PIPE STIMULI: every storage and pipeline setting (spec 4), its parameter set of the
# Makefile (the model pmu_golden_SET; default: pmu_golden) and the directed tests it replays
SETTINGS=(
  "default  0 0 verif/directed"
  "ram      1 0 verif/directed"
  "pipe1ff  0 1 verif/directed/pipe"
  "pipe     1 1 verif/directed/pipe"
  "pipe2    0 2 verif/directed/pipe2"
  "pipe2ram 1 2 verif/directed/pipe2"
  "pipe3ff  0 3 verif/directed/pipe3"
  "pipe3    1 3 verif/directed/pipe3"
)
tool_of() { [ "$1" = default ] && echo "$TOOL" || echo "$TOOL"_"$1"; }
dir_of() { [ "$1" = default ] && echo "$OUT" || echo "$OUT/$1"; }

mkdir -p "$OUT" || exit 2
tools=()
for s in "${SETTINGS[@]}"; do read -r set _ <<< "$s"; tools+=("$(tool_of "$set")"); done
make -s BUILD="$BUILD" "${tools[@]}" || exit 2
# -DGOLDEN_FATAL: a failing replay also exits non-zero ($fatal; Icarus 11 accepts it in -g2005);
# one testbench per setting (the same RTL with -P STORAGE and PIPE)
for s in "${SETTINGS[@]}"; do
  read -r set st pi _ <<< "$s"
  vvp=$OUT/tb_golden_$set.vvp
  [ "$set" = default ] && vvp=$VVP
  iverilog -g2005 -DGOLDEN_FATAL -Irtl/pmu -Ptb_golden.STORAGE="$st" -Ptb_golden.PIPE="$pi" -o "$vvp" \
    verif/golden/tb_golden.v rtl/pmu/pmu_*.v || exit 2
done

pass=0
fail=0

# queue NAME STIMHEX EXPHEX LIST [TOOL]: check the pair with pmu_golden --check (TOOL: the build of
# the pair's parameter set, default pmu_golden), then add it to LIST
queue() {
  local log="$OUT/${1// /_}.log"
  if ! "${5:-$TOOL}" --check "$2" > "$log" 2>&1; then
    fail=$((fail + 1))
    echo "FAIL $1 ($2): pmu_golden --check:"
    sed 's/^/  /' "$log" | head -20
    return
  fi
  echo "$2 $3" >> "$4"
}

# replay LIST PREFIX SUFFIX VVP: every pair of LIST on the testbench VVP; one line per pair
replay() {
  local list=$1 prefix=$2 suffix=$3 vvp=$4 log want got
  [ -s "$list" ] || return
  want=$(wc -l < "$list")
  {
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
  }
}

# directed VECTOR_TOOL STIMDIR DIR LIST: the vectors of every directed test of STIMDIR into DIR,
# queued on LIST
directed() {
  local tool=$1 sdir=$2 dir=$3 list=$4 stim name
  mkdir -p "$dir" || exit 2
  : > "$list"
  for stim in "$sdir"/*.stim; do
    name=$(basename "$stim" .stim)
    rm -f "$dir/$name.stim.hex" "$dir/$name.exp.hex"
    if ! "$tool" "$stim" "$dir" > "$dir/$name.gen.log" 2>&1; then
      fail=$((fail + 1))
      echo "FAIL $name ($tool): pmu_golden:"
      sed 's/^/  /' "$dir/$name.gen.log"
      continue
    fi
    queue "$name" "$dir/$name.stim.hex" "$dir/$name.exp.hex" "$list" "$tool"
  done
}
for s in "${SETTINGS[@]}"; do
  read -r set st pi sdir <<< "$s"
  list=$OUT/directed.list
  vvp=$VVP
  suffix=
  if [ "$set" != default ]; then
    list=$OUT/directed_$set.list
    vvp=$OUT/tb_golden_$set.vvp
    suffix=" (STORAGE=$st PIPE=$pi)"
  fi
  directed "$(tool_of "$set")" "$sdir" "$(dir_of "$set")" "$list"
  replay "$list" "" "$suffix" "$vvp"
done

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
replay "$OUT/shipped.list" "shipped: " "" "$VVP"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# Mutation check: break one RTL line on purpose, rebuild the lockstep harness from the broken
# copy, and require that the directed tests or a short random run report a mismatch.
# usage: mutate.sh [--harness H] [NAME...]   (default: the quick set used by `make test`; `all`
#        for every one). H: lockstep (default: the Verilator harness, directed tests then a
#        random run), systemc (the SystemC pin-level lockstep, sim/systemc) or dpi (the DPI-C
#        scoreboard testbench, verif/dpi): a random run of that harness must report the mismatch.
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
SEED=${MUT_SEED:-7}
HARNESS=lockstep
if [ "${1:-}" = --harness ]; then HARNESS=${2:-}; shift 2 || shift; fi
case "$HARNESS" in
  lockstep) target=lockstep_default/Vpmu_lockstep ;;
  systemc)  target=systemc/lockstep/Vpmu_sc_lockstep ;;
  dpi)      target=dpi/Vpmu_dpi_tb ;;
  *) echo "mutate.sh: --harness '$HARNESS': not one of lockstep, systemc, dpi"; echo "0 passed, 1 failed"; exit 2 ;;
esac

# the mutants: NAME|FILE|SUBSTITUTION|WHAT (scripts/run/mutants.txt)
MUTANTS=()
while IFS= read -r m; do
  case $m in ''|'#'*) ;; *) MUTANTS+=("$m") ;; esac
done < scripts/run/mutants.txt
QUICK="edge chain"

want=("$@")
[ ${#want[@]} -eq 0 ] && want=($QUICK)
[ "${want[0]}" = all ] && want=($(for m in "${MUTANTS[@]}"; do echo "${m%%|*}"; done))

pass=0; fail=0
for name in "${want[@]}"; do
  line=""
  for m in "${MUTANTS[@]}"; do [ "${m%%|*}" = "$name" ] && line=$m; done
  if [ -z "$line" ]; then echo "unknown mutant '$name'"; fail=$((fail+1)); continue; fi
  IFS='|' read -r _ file subst what <<<"$line"
  dir=$B/mut_$name$([ "$HARNESS" = lockstep ] || echo "_$HARNESS")
  rm -rf "$dir"; mkdir -p "$dir"
  cp -r rtl "$dir/rtl"
  n=$(perl -ne "\$n++ if $subst; END { print \$n+0 }" "$file")
  if [ "$n" != 1 ]; then
    echo "FAIL mutant $name: the pattern matched $n lines of $file (expected 1): update scripts/run/mutants.txt"
    fail=$((fail+1)); continue
  fi
  perl -pi -e "$subst" "$dir/$file"
  if ! make -s BUILD="$dir" VLCACHE="$(realpath -m "$B")" PMU_RTL="$dir/rtl/pmu" "$dir/$target" >"$dir/build.log" 2>&1; then
    echo "FAIL mutant $name: the broken RTL did not build (see $dir/build.log)"
    fail=$((fail+1)); continue
  fi
  caught=""
  if [ "$HARNESS" = systemc ]; then
    SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$dir/$target" --seed "$SEED" --cycles 200000 >"$dir/run.log" 2>&1 \
      || caught="SystemC lockstep, seed $SEED: $(grep -m1 MISMATCH "$dir/run.log")"
  elif [ "$HARNESS" = dpi ]; then
    ( "$dir/$target" +seed="$SEED" +cycles=200000 >"$dir/run.log" 2>&1 ) 2>/dev/null \
      || caught="DPI-C scoreboard, seed $SEED: $(grep -m1 MISMATCH "$dir/run.log")"
  fi
  [ "$HARNESS" = lockstep ] && for f in verif/directed/*.stim; do
    if ! "$dir/lockstep_default/Vpmu_lockstep" --stim "$f" >"$dir/run.log" 2>&1; then
      caught="directed $(basename "$f"): $(grep -m1 -E 'MISMATCH|expected' "$dir/run.log")"
      break
    fi
  done
  if [ -z "$caught" ] && [ "$HARNESS" = lockstep ] && ! "$dir/lockstep_default/Vpmu_lockstep" --seed "$SEED" --cycles 200000 >"$dir/run.log" 2>&1; then
    caught="random seed $SEED: $(grep -m1 MISMATCH "$dir/run.log")"
  fi
  if [ -n "$caught" ]; then
    echo "PASS mutant $name ($what) caught by $caught"
    pass=$((pass+1))
  else
    echo "FAIL mutant $name ($what) was NOT caught"
    fail=$((fail+1))
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

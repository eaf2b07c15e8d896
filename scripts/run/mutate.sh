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

# name | file | perl substitution (must match exactly once) | what it breaks
MUTANTS=(
  'edge|rtl/pmu/pmu_evctl_ctr.v|s/\(cprev_o != cprev_i\) && \(f_both \x7c\x7c cond\)/counted && (f_both \x7c\x7c cond)/|EDGE counts levels instead of rising edges'
  'chain|rtl/pmu/pmu_evctl_ctr.v|s/inc_o = \{\{\(IW - 1\)\{1.b0\}\}, carry_prev_i\};/inc_o = {IW{1'"'"'b0}};/|CHAIN carry is lost'
  'write-wins|rtl/pmu/pmu_cnt_bank.v|s/cnt_d = wsel\[gi\] \? wval :/cnt_d = wsel[gi] ? wval + sum[CW-1:0] - cnt_q[gi] :/|increment not dropped on a write'
  'set-beats-clear|rtl/pmu/pmu_regs.v|s/\(\(q & ~clr\) \x7c set\)/((q \x7c set) \& ~clr)/|a clear beats a set'
  'stack-cause|rtl/pmu/pmu_stack_stage.v|s/cause = f\[`PMU_FLG_PROD_DMISS\] \? C_DCACHE/cause = f[`PMU_FLG_HEAD_DMISS] ? C_DCACHE/|issue stage blames the ROB head instead of the producer'
  # the generated register block (pmu_regs_gen.vh from rtl/pmu/data/pmu.rdl), broken after generation
  'gen-reset|rtl/pmu/pmu_regs_gen.vh|s/localparam \[31:0\] CTRL_RESET = 32.h00000000;/localparam [31:0] CTRL_RESET = 32\x27h00000004;/|generated ctrl reset value (wpvis = 1) differs from the model'
  'gen-razwi|rtl/pmu/pmu_regs_gen.vh|s/<= wword & \(\(kw == 0\) \? EXT_MASK_AT0 : EXT_MASK\);/<= wword \& EXT_MASK;/|generated access rule: ext0.chain/qualify writable instead of RAZ/WI'
)
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
    echo "FAIL mutant $name: the pattern matched $n lines of $file (expected 1): update scripts/run/mutate.sh"
    fail=$((fail+1)); continue
  fi
  perl -pi -e "$subst" "$dir/$file"
  if ! make -s BUILD="$dir" PMU_RTL="$dir/rtl/pmu" "$dir/$target" >"$dir/build.log" 2>&1; then
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

#!/usr/bin/env bash
# Mutation check: break one RTL line on purpose, rebuild the lockstep harness from the broken
# copy, and require that the directed tests or a short random run report a mismatch.
# usage: mutate.sh [NAME...]   (default: the quick set used by `make test`; `all` for every one)
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
SEED=${MUT_SEED:-7}

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
  dir=$B/mut_$name
  rm -rf "$dir"; mkdir -p "$dir"
  cp -r rtl "$dir/rtl"
  n=$(perl -ne "\$n++ if $subst; END { print \$n+0 }" "$file")
  if [ "$n" != 1 ]; then
    echo "FAIL mutant $name: the pattern matched $n lines of $file (expected 1): update scripts/run/mutate.sh"
    fail=$((fail+1)); continue
  fi
  perl -pi -e "$subst" "$dir/$file"
  if ! make -s BUILD="$dir" PMU_RTL="$dir/rtl/pmu" "$dir/lockstep_default/Vpmu_lockstep" >"$dir/build.log" 2>&1; then
    echo "FAIL mutant $name: the broken RTL did not build (see $dir/build.log)"
    fail=$((fail+1)); continue
  fi
  caught=""
  for f in verif/directed/*.stim; do
    if ! "$dir/lockstep_default/Vpmu_lockstep" --stim "$f" >"$dir/run.log" 2>&1; then
      caught="directed $(basename "$f"): $(grep -m1 -E 'MISMATCH|expected' "$dir/run.log")"
      break
    fi
  done
  if [ -z "$caught" ] && ! "$dir/lockstep_default/Vpmu_lockstep" --seed "$SEED" --cycles 200000 >"$dir/run.log" 2>&1; then
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

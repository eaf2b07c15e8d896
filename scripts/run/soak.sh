#!/usr/bin/env bash
# Long random lockstep soak: SEEDS seeds x CYCLES cycles, two processes at a time.
# usage: soak.sh LOCKSTEP_BINARY SEEDS CYCLES [FIRST_SEED]
set -u
bin=$1; seeds=$2; cycles=$3; first=${4:-1000}
out=${BUILD:-build}/soak; mkdir -p "$out"
jobs=$(nproc 2>/dev/null || echo 2)
echo "soak: $seeds seeds x $cycles cycles, seeds $first..$((first+seeds-1)), $jobs at a time"
seq "$first" $((first+seeds-1)) | xargs -P "$jobs" -I{} sh -c "'$bin' --seed {} --cycles $cycles > '$out/seed{}.log' 2>&1"
pass=0; fail=0; total=0
for s in $(seq "$first" $((first+seeds-1))); do
  if grep -q ' 0 mismatches' "$out/seed$s.log"; then
    pass=$((pass+1))
    n=$(sed -n 's/^lockstep: \([0-9]*\) cycles, 0 mismatches.*/\1/p' "$out/seed$s.log")
    total=$((total+n))
  else
    fail=$((fail+1)); echo "FAIL seed $s: $(grep -m1 MISMATCH "$out/seed$s.log")"
  fi
done
echo "soak: $total cycles co-simulated, $fail seeds with mismatches"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

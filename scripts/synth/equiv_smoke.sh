#!/usr/bin/env bash
# make equiv's own check: scripts/synth/equiv.sh must prove the working tree equivalent to an
# unchanged copy of rtl/pmu, and must fail against a copy broken by one mutant of
# scripts/run/mutants.txt (a one-line logic change), naming what differs. Both compare the module
# that holds the mutant (pmu_top when the mutant is in an include): the flow is make equiv's, and
# a non-equivalent design makes equiv_induct try every unproven cell of the compared module one by
# one, which on the whole pmu_top took over 20 minutes.
#
# usage: scripts/synth/equiv_smoke.sh [MUTANT] [K=V ...]
#   MUTANT: a name in scripts/run/mutants.txt (default set-beats-clear: a register block rule
#   present at every parameter set); K=V: pmu_top parameters (default the smallest PMU).
# Ends with "N passed, N failed"; exit 1 when either run gives the wrong answer.
set -u
cd "$(dirname "$0")/../.."
name=set-beats-clear
case ${1:-} in ''|*=*) ;; *) name=$1; shift ;; esac
[ $# -gt 0 ] || set -- THREADS=1 P=1 CW=33 W=1
B=${BUILD:-build}/equiv_smoke
line=$(grep -v '^#' scripts/run/mutants.txt | grep "^$name|") \
  || { echo "equiv_smoke: no mutant '$name' in scripts/run/mutants.txt" >&2; echo "0 passed, 1 failed"; exit 2; }
IFS='|' read -r _ file subst what <<<"$line"

rm -rf "$B" && mkdir -p "$B/same" "$B/changed"
cp -r rtl "$B/same/rtl" && cp -r rtl "$B/changed/rtl"
n=$(perl -ne "\$n++ if $subst; END { print \$n+0 }" "$file")
if [ "$n" != 1 ]; then
  echo "FAIL mutant $name: the pattern matched $n lines of $file (expected 1): update scripts/run/mutants.txt"
  echo "0 passed, 1 failed"; exit 1
fi
perl -pi -e "$subst" "$B/changed/$file"
mod=$(sed -n 's/^module \([a-z_0-9]*\).*/\1/p' "$file" | head -1)
export EQUIV_TOP=${mod:-pmu_top}

pass=0; fail=0
if out=$(BUILD=$B scripts/synth/equiv.sh "$B/same" "$@" 2>&1); then
  echo "PASS unchanged copy proven equivalent: $(echo "$out" | grep -m1 '^PASS' | sed 's/^PASS //')"
  pass=$((pass+1))
else
  echo "FAIL unchanged copy not proven equivalent:"; echo "$out" | sed 's/^/    | /'
  fail=$((fail+1))
fi
if out=$(BUILD=$B scripts/synth/equiv.sh "$B/changed" "$@" 2>&1); then
  echo "FAIL copy with mutant $name ($what) proven equivalent: make equiv cannot see a change"
  fail=$((fail+1))
else
  echo "PASS copy with mutant $name ($what) found different:"
  echo "$out" | grep -E '^ *\| ' | head -3
  pass=$((pass+1))
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

#!/usr/bin/env bash
# Prove that the working tree's pmu_top is the same logic as at git revision REV: for an RTL
# change meant to change no behaviour (a refactor, a lint fix), so that figures measured on the
# old RTL (docs/area.md) stay valid. Both are read, parameterized, `proc`ed, flattened and their
# memories mapped; yosys's equiv_make pairs their signals by name, equiv_simple -seq 2 proves
# each pair from its cone, equiv_induct proves the rest (counters, pipelines) by induction.
#
# usage: scripts/synth/equiv.sh REV [K=V ...]      e.g. scripts/synth/equiv.sh HEAD~1 STORAGE=1
#   REV: a git revision, or a directory holding another tree's rtl/pmu (scripts/synth/
#   equiv_smoke.sh compares against a deliberately changed copy that way).
#   K=V: pmu_top parameters (default: its own defaults). EQUIV_TOP=MODULE compares that module
#   of rtl/pmu instead of pmu_top (equiv_smoke.sh does, to keep its failing case short).
#   BUILD (default build) holds the old tree (BUILD/equiv/REV) and the log. Time (Debian's yosys 0.23, docs/area.md Method): 55 s
#   for THREADS=1 P=1 CW=33 W=1, about 27 min of CPU at the defaults.
# Ends with "N passed, N failed"; exit 1 when an equivalence is unproven.
set -u
[ $# -ge 1 ] || { echo "usage: $0 REV [K=V ...]" >&2; exit 2; }
cd "$(dirname "$0")/../.."
rev=$1
shift
top=${EQUIV_TOP:-pmu_top}
B=${BUILD:-build}/equiv
if [ -d "$rev/rtl/pmu" ]; then
  old=$rev
  tag=$(basename "$rev")
else
  commit=$(git rev-parse --verify --quiet "$rev^{commit}") \
    || { echo "equiv: '$rev' is neither a commit nor a directory with rtl/pmu" >&2; exit 2; }
  tag=${commit:0:12}
  old=$B/$tag
  if [ ! -d "$old/rtl/pmu" ]; then
    mkdir -p "$old" && git archive "$commit" rtl/pmu | tar -x -C "$old" || { echo "equiv: git archive $commit failed" >&2; exit 2; }
  fi
fi
ch=""
for p in "$@"; do
  case $p in *=*) ch="$ch -set ${p%%=*} ${p#*=}" ;; *) echo "equiv: '$p' is not K=V" >&2; exit 2 ;; esac
done
mkdir -p "$B"
log=$B/equiv_${top}_${tag}_$(echo "$*" | tr ' =' '_-').log
prep() {  # prep ROOT NAME: read, parameterize, proc, flatten, map memories, rename to NAME
  echo "read_verilog -defer -I$1/rtl/pmu $(ls "$1"/rtl/pmu/pmu_*.v | tr '\n' ' '); ${ch:+chparam$ch $top;}" \
       "hierarchy -top $top; proc; flatten; memory; opt_clean; rename $top $2; design -stash $2;"
}
t0=$SECONDS
yosys -q -l "$log" -p "$(prep "$old" gold) $(prep . gate)
  design -copy-from gold -as gold gold; design -copy-from gate -as gate gate;
  equiv_make gold gate equiv; hierarchy -top equiv; async2sync;
  equiv_simple -seq 2; equiv_induct; equiv_status -assert" >/dev/null 2>&1
rc=$?
st=$(grep -E "Of those cells [0-9]+ are proven and [0-9]+ are unproven" "$log" | tail -1 | sed 's/^ *//')
if [ $rc -eq 0 ]; then
  echo "PASS $top ($*${*:+, }against $rev): ${st:-equivalent} ($((SECONDS - t0)) s, log $log)"
  echo "1 passed, 0 failed"
else
  echo "FAIL $top ($*${*:+, }against $rev): ${st:-yosys failed, see $log} ($((SECONDS - t0)) s)"
  grep -E "ERROR|^ *Unproven " "$log" | head -5 | sed 's/^/    | /'
  echo "0 passed, 1 failed"
  exit 1
fi

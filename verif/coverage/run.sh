#!/usr/bin/env bash
# Code coverage of the PMU RTL (Verilator --coverage-line --coverage-toggle) under the lockstep
# harness: COV_SEEDS random seeds x COV_CYCLES cycles (in parallel, one per core) and every
# directed test, each writing its own .dat; merged with verilator_coverage into
# BUILD/coverage/merged.dat, exported as lcov info (BUILD/coverage/pmu.info) and annotated
# sources (BUILD/coverage/annotated/); prints line/branch/toggle coverage per module.
# Every run must pass (0 mismatches): coverage of a failing run is not reported.
#
#   verif/coverage/run.sh [BUILD]        (make coverage builds BUILD/lockstep_cov first)
#   env: COV_SEEDS (3), COV_CYCLES (100000), COV_SEED0 (1), JOBS (nproc); COV_BIN (the build,
#        default BUILD/lockstep_cov/Vpmu_lockstep), COV_OUT (default BUILD/coverage; emptied)
#   (make test's code-cov test runs it on the line-coverage build BUILD/lockstep_cov_line)
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${1:-build}
BIN=${COV_BIN:-$B/lockstep_cov/Vpmu_lockstep}
OUT=${COV_OUT:-$B/coverage}
SEEDS=${COV_SEEDS:-3}
CYCLES=${COV_CYCLES:-100000}
SEED0=${COV_SEED0:-1}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

[ -x "$BIN" ] || { echo "coverage: $BIN not built (run: make coverage)" >&2; exit 1; }
rm -rf "$OUT"
mkdir -p "$OUT/dat" "$OUT/log"
start=$SECONDS

# one run: NAME ARGS... -> $OUT/dat/NAME.dat, log in $OUT/log/NAME.log; prints FAIL on error
run_one() {
  local name=$1; shift
  if ! "$BIN" "$@" --code-cov "$OUT/dat/$name.dat" >"$OUT/log/$name.log" 2>&1; then
    echo "FAIL $name: $BIN $* (log: $OUT/log/$name.log)"
    tail -n 15 "$OUT/log/$name.log" | sed 's/^/    | /'
    return 1
  fi
}
export -f run_one
export BIN OUT

jobs_list() {
  for ((i = 0; i < SEEDS; i++)); do
    s=$((SEED0 + i))
    echo "random-s$s --seed $s --cycles $CYCLES"
  done
  for f in verif/directed/*.stim; do
    echo "directed-$(basename "$f" .stim) --stim $f"
  done
}
if ! jobs_list | xargs -P "$JOBS" -L 1 bash -c 'run_one "$@"' _; then
  echo "coverage: a run failed; nothing merged" >&2
  exit 1
fi
nrand=$SEEDS
ndir=$(ls verif/directed/*.stim | wc -l)

verilator_coverage --write "$OUT/merged.dat" "$OUT"/dat/*.dat >"$OUT/log/merge.log" 2>&1 \
  || { cat "$OUT/log/merge.log"; exit 1; }
verilator_coverage --write-info "$OUT/pmu.info" "$OUT/merged.dat" >>"$OUT/log/merge.log" 2>&1 \
  || { cat "$OUT/log/merge.log"; exit 1; }
verilator_coverage --annotate "$OUT/annotated" --annotate-all --annotate-min 1 "$OUT/merged.dat" >>"$OUT/log/merge.log" 2>&1 \
  || { cat "$OUT/log/merge.log"; exit 1; }
[ -s "$OUT/pmu.info" ] || { echo "coverage: $OUT/pmu.info not written" >&2; exit 1; }

echo "code coverage: random seeds $SEED0..$((SEED0 + nrand - 1)) x $CYCLES cycles + $ndir directed tests, merged"
python3 verif/coverage/summary.py "$OUT/merged.dat" --untoggled "$OUT/untoggled.txt" | tee "$OUT/summary.txt"
echo "lcov info: $OUT/pmu.info; annotated sources: $OUT/annotated/; untoggled signals: $OUT/untoggled.txt ($((SECONDS - start)) s)"

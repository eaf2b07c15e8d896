#!/usr/bin/env bash
# Everything `make test` runs. Each test logs to build/tests/NAME.log; the last line is
# "N passed, N failed" and the exit status is non-zero on any failure.
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
LOG=$B/tests
mkdir -p "$LOG"
pass=0; fail=0; failed=()
SEED0=${TEST_SEED:-$(( $(date +%s) % 100000 ))}

t() {  # t NAME CMD...: run one test, pass iff exit 0
  local name=$1; shift
  local start=$SECONDS
  if "$@" >"$LOG/$name.log" 2>&1; then
    pass=$((pass+1)); printf 'PASS %-40s %4ds\n' "$name" $((SECONDS-start))
  else
    fail=$((fail+1)); failed+=("$name"); printf 'FAIL %-40s %4ds (log: %s)\n' "$name" $((SECONDS-start)) "$LOG/$name.log"
    tail -n 25 "$LOG/$name.log" | sed 's/^/    | /'
  fi
}

echo "== generated files and static checks"
t check-gen          make -s check-gen
t check-vplan        python3 scripts/run/check_vplan.py
t check-doc-paths    python3 scripts/run/check_doc_paths.py
t lint               make -s lint
t synth-yosys        make -s synth
t compile-icarus     make -s iverilog

echo "== C model"
t build-model        make -s "$B/test_model" "$B/pmu_cli" "$B/test_model_san" "$B/pmu_cli_san"
t model-unit         "$B/test_model"
t model-unit-asan    "$B/test_model_san"
for f in verif/directed/*.stim; do
  n=$(basename "$f" .stim)
  t "model-$n"       "$B/pmu_cli" --quiet "$f"
done
t model-directed-asan bash -c "for f in verif/directed/*.stim; do $B/pmu_cli_san --quiet \$f || exit 1; done"

echo "== reports and trace writers"
t build-report       make -s "$B/test_report" "$B/test_report_san"
t report-unit        "$B/test_report"
t report-unit-asan   "$B/test_report_san"
t plot-smoke         bash -c 'd=$(mktemp -d) && '"$B"'/test_report --keep $d >/dev/null && /usr/bin/python3 scripts/plot/plot_stacks.py $d/report.csv && test -s $d/report_stacks.png; r=$?; rm -rf $d; exit $r'

echo "== golden vectors replayed on Icarus (no C, no DPI)"
t golden-icarus      make -s golden

echo "== lockstep co-simulation (RTL + C model, every cycle)"
for c in default small big; do
  t "build-lockstep-$c" make -s "$B/lockstep_$c/Vpmu_lockstep"
done
LS=$B/lockstep_default/Vpmu_lockstep
for f in verif/directed/*.stim; do
  n=$(basename "$f" .stim)
  t "lockstep-$n"    "$LS" --stim "$f"
done
for i in 0 1 2 3; do
  t "lockstep-random-seed$((SEED0+i))" "$LS" --seed $((SEED0+i)) --cycles 260000 --require-cov
done
for c in small big; do
  t "lockstep-random-$c-seed$SEED0" "$B/lockstep_$c/Vpmu_lockstep" --seed "$SEED0" --cycles 100000
done

t build-lockstep-x   make -s "$B/lockstep_x/Vpmu_lockstep"
for i in 0 1 2; do
  s=$((SEED0+100+i))
  t "reset-x-random-seed$s" "$B/lockstep_x/Vpmu_lockstep" +verilator+rand+reset+2 +verilator+seed+$s --seed $s --cycles 50000
done

echo "== core stub + PMU (main run, kernels known by arithmetic)"
t core-lint          make -s core-lint
t build-run          make -s "$B/run/Vsim_top" "$B/run_smt4/Vsim_top"
t kernels            make -s kernels
t bad-input          verif/bad_input/run.sh "$B"
t core-xsim          make -s core-xsim
t main-run-smoke     bash -c 'd=$(mktemp -d) && '"$B"'/run/Vsim_top --workload mixed --cycles 50000 --seed '"$SEED0"' --trace-window 1000:1100 --outdir $d >$d/out.txt && grep -q " 0 mismatches" $d/out.txt && test -s $d/report.csv && test -s $d/run.kanata && test -s $d/run.pipetrace && /usr/bin/python3 scripts/plot/plot_stacks.py $d/report.csv >/dev/null && test -s $d/report_stacks.png; r=$?; rm -rf $d; exit $r'

echo "== differential fuzzing (libFuzzer, ASan/UBSan)"
t fuzz-smoke         make -s fuzz-smoke

echo "== regression runner (shards, JUnit, waveform rerun, Slurm)"
t regress-selftest   verif/regress/selftest.sh
t regress-slurm      verif/regress/slurm_test.sh

echo "== formal (yosys-smtbmc, z3)"
t formal             make -s formal

echo "== the checker catches broken RTL"
t mutation-catch     scripts/run/mutate.sh

echo
if [ $fail -gt 0 ]; then echo "failed: ${failed[*]}"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

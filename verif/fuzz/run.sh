#!/usr/bin/env bash
# Runs the fuzzers built by verif/fuzz/fuzz.mk (docs/fuzzing.md).
#
#   run.sh smoke [NAME]  fuzz-smoke: each fuzzer briefly (FUZZ_SMOKE_SECS: seconds for lockstep,
#                        stim, prog, golden; default "5 2 2 2"),
#                        seeded from verif/fuzz/corpus/<fuzzer>/, then the mutant RTL build must
#                        hit a mismatch within FUZZ_MUT_RUNS inputs (default 300000; a count, not
#                        a time, so the result does not depend on machine load), seeded the same way;
#                        ends with "N passed, N failed", exit 1 on any failure. With NAME (a fuzzer,
#                        fuzz_ optional, or "mutant") only that one: the test list runs them as tests
#                        of their own
#   run.sh long SECS [FUZZER...]  each fuzzer (default all four) for SECS seconds, FUZZ_PAR of them
#                        at a time (default: the number of cores); corpora kept in
#                        $BUILD/fuzz/corpus/<fuzzer>/
#
# environment: BUILD (default build), FUZZ_SEED (libFuzzer -seed, default 1: a smoke run is
# reproducible), FUZZ_MUT_WHAT (the mutant's description, for the log line).
# Crash files go to $BUILD/fuzz/artifacts/; replay one with `$BUILD/fuzz/<fuzzer> FILE`.
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
F=$B/fuzz
SEED=${FUZZ_SEED:-1}
mode=${1:-smoke}
mkdir -p "$F/artifacts" "$F/logs"
pass=0; fail=0; failed=()

# Per-fuzzer libFuzzer options: the lockstep inputs are commands (docs/fuzzing.md), 1 KiB is up to
# ~20k cycles; the parsers get longer inputs (a program line is up to 1 KiB, an expected-values
# golden file of a few cycles about 17 KiB).
opts() {
  case $1 in
    fuzz_lockstep) echo "-max_len=1024 -timeout=20 -rss_limit_mb=2048" ;;
    fuzz_stim)     echo "-max_len=4096 -timeout=10 -dict=verif/fuzz/stim.dict" ;;
    fuzz_prog)     echo "-max_len=8192 -timeout=10" ;;
    fuzz_golden)   echo "-max_len=32768 -timeout=10" ;;
  esac
}

# stat LOG NAME: libFuzzer's -print_final_stats value
stat() { sed -n "s/^stat::$2: *//p" "$1" | tail -1; }

# run_fuzzer NAME SECS WORKDIR: one libFuzzer run; prints PASS/FAIL with exec/s (and cycles/s)
run_fuzzer() {
  local name=$1 secs=$2 work=$3 log="$F/logs/$1.$mode.log" rc
  mkdir -p "$work"
  local seeds=verif/fuzz/corpus/$name
  # the first directory collects new inputs; the committed corpus is only read
  "$F/$name" $(opts "$name") -seed="$SEED" -max_total_time="$secs" -print_final_stats=1 \
    -artifact_prefix="$F/artifacts/$name-" "$work" "$seeds" >"$log" 2>&1
  rc=$?
  local execs eps extra=""
  execs=$(stat "$log" number_of_executed_units); eps=$(stat "$log" average_exec_per_sec)
  local cyc
  cyc=$(grep -m1 '^fuzz_lockstep: .* lockstep cycles' "$log")
  if [ -n "$cyc" ]; then
    extra=$(sed -E 's/^fuzz_lockstep: [0-9]+ inputs, ([0-9]+) lockstep cycles .* ([0-9]+) cycles\/s$/, \1 cycles (\2 cycles\/s)/' <<<"$cyc")
    extra="$extra; $(sed -n 's/^fuzz_lockstep: reached \([0-9]*\) overflow-status bits set.*coverage \(.*\)$/\1 overflow bits set, coverage \2/p' "$log" | head -1)"
  fi
  if [ $rc -eq 0 ] && ! grep -qE 'MISMATCH|ERROR: (libFuzzer|AddressSanitizer|UndefinedBehavior)|runtime error' "$log"; then
    pass=$((pass+1))
    printf 'PASS %-24s %s s, %s execs, %s exec/s%s\n' "$name" "$secs" "${execs:-?}" "${eps:-?}" "$extra"
  else
    fail=$((fail+1)); failed+=("$name")
    printf 'FAIL %-24s exit %d (log %s)\n' "$name" $rc "$log"
    grep -m6 -E 'MISMATCH|ERROR|runtime error|SUMMARY|Test unit written|fuzz_(lockstep|stim|prog):' "$log" | sed 's/^/    | /'
  fi
}

ALL="fuzz_lockstep fuzz_stim fuzz_prog fuzz_golden"
if [ "$mode" = long ]; then
  secs=${2:-300}
  set -- "${@:3}"
  # FUZZ_PAR fuzzers at a time (default: the number of cores), each on its own core: with 2 cores,
  # `make fuzz FUZZ_S=3600` takes 2 hours of wall time for the four fuzzers instead of 4
  par=${FUZZ_PAR:-$(nproc)}
  case $par in ''|*[!0-9]*|0) echo "run.sh long: FUZZ_PAR must be a positive number, not '$par'" >&2; exit 2 ;; esac
  list=(${*:-$ALL})
  for n in "${list[@]}"; do
    case " $ALL " in *" $n "*) ;; *) echo "run.sh long: unknown fuzzer '$n' ($ALL)" >&2; exit 2 ;; esac
  done
  echo "fuzz: ${#list[@]} fuzzer(s) for $secs s each, $par at a time, seed $SEED"
  res=$F/logs/long.results; rm -rf "$res"; mkdir -p "$res"
  running=0
  for n in "${list[@]}"; do
    if [ "$running" -ge "$par" ]; then wait -n; running=$((running-1)); fi
    ( run_fuzzer "$n" "$secs" "$F/corpus/$n" >"$res/$n" ) &
    running=$((running+1))
  done
  wait
  for n in "${list[@]}"; do
    cat "$res/$n"
    if grep -q '^PASS' "$res/$n"; then pass=$((pass+1)); else fail=$((fail+1)); failed+=("$n"); fi
  done
  [ $fail -gt 0 ] && echo "failed: ${failed[*]}"
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]
  exit
fi

# ---- smoke ---------------------------------------------------------------------------------
only=${2:-}
[ -z "$only" ] || [ "$only" = mutant ] || only=fuzz_${only#fuzz_}  # "stim" or "fuzz_stim"
case " $ALL mutant " in *" $only "*) ;; *) echo "run.sh smoke: unknown fuzzer '$only' ($ALL mutant)" >&2; exit 2 ;; esac
read -r s_ls s_stim s_prog s_gold <<<"${FUZZ_SMOKE_SECS:-5 2 2 2}"
for n in fuzz_lockstep:$s_ls fuzz_stim:$s_stim fuzz_prog:$s_prog fuzz_golden:$s_gold; do
  [ -z "$only" ] || [ "$only" = "${n%%:*}" ] || continue
  w=$F/smoke/${n%%:*}
  rm -rf "$w"
  run_fuzzer "${n%%:*}" "${n##*:}" "$w"
done
if [ -n "$only" ] && [ "$only" != mutant ]; then
  [ $fail -gt 0 ] && echo "failed: ${failed[*]}"
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]
  exit
fi

# The checker can fail: the lockstep fuzzer on the broken RTL copy ($F/mut/rtl), seeded from the
# committed corpus (made on the correct RTL), must stop with a mismatch within FUZZ_MUT_RUNS
# inputs (with -seed fixed, libFuzzer then takes the same path on every machine and load;
# FUZZ_MUT_CAP seconds is only a safety limit);
# the correct build must pass the input that failed.
mut_runs=${FUZZ_MUT_RUNS:-300000}
mut_cap=${FUZZ_MUT_CAP:-300}
w=$F/smoke/mutant; rm -rf "$w" "$F"/artifacts/mutant-*; mkdir -p "$w"
log=$F/logs/mutant.log
"$F/mut/fuzz_lockstep" $(opts fuzz_lockstep) -seed="$SEED" -runs="$mut_runs" -max_total_time="$mut_cap" -print_final_stats=1 \
  -artifact_prefix="$F/artifacts/mutant-" "$w" verif/fuzz/corpus/fuzz_lockstep >"$log" 2>&1
rc=$?
crash=$(ls "$F"/artifacts/mutant-crash-* 2>/dev/null | head -1)
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
first=$(grep -m1 '^MISMATCH' "$log")
if [ $rc -ne 0 ] && [ -n "$first" ] && [ -n "$crash" ] && "$F/fuzz_lockstep" "$crash" >"$F/logs/mutant-replay-good.log" 2>&1; then
  pass=$((pass+1))
  printf 'PASS %-24s mutant found in %s execs (%s): %s; the correct RTL passes %s\n' "fuzz-mutant" "${execs:-?}" \
    "${FUZZ_MUT_WHAT:-mutant}" "$first" "$crash"
else
  fail=$((fail+1)); failed+=("fuzz-mutant")
  if [ $rc -eq 0 ] || [ -z "$first" ]; then
    printf 'FAIL %-24s the mutant (%s) was NOT found in %s inputs (log %s)\n' "fuzz-mutant" "${FUZZ_MUT_WHAT:-mutant}" "$mut_runs" "$log"
  else
    printf 'FAIL %-24s the correct RTL also fails on %s (log %s/logs/mutant-replay-good.log)\n' "fuzz-mutant" "$crash" "$F"
  fi
fi
[ $fail -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

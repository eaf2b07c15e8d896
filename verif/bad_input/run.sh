#!/usr/bin/env bash
# Bad input (docs/bad_input.md): every file the tools read and every option of every tool.
# Each case runs one command on one malformed input and requires
#   - the expected exit status (2 for bad input; 1 where a tool reports a failed check),
#   - nothing on stdout, and at most 3 lines on stderr (one clear error, maybe a usage hint),
#   - every required pattern on stderr: "FILE:LINE:" where there is a file, the option's name
#     where it is an option, and the rule broken,
#   - no file left in the case's output directory (@T; also stale outputs there are removed).
#
# usage: verif/bad_input/run.sh [BUILD_DIR]     (default build; run from anywhere)
#        (a path to BUILD_DIR/pmu_cli_san is accepted too, the old interface)
# Builds what it needs with make (BUILD_DIR/pmu_cli_san, pmu_golden_san, run_smp/Vsim_top: the main
# run, run_smt4/Vsim_top: a main run without the sampler) and the
# golden testbench with Icarus. Prints one line per case, a count per class, and ends with
# exactly one line "N passed, N failed"; exit status 1 when a case failed, 2 on a setup error.
#
# Case files (all under verif/bad_input/; '#' lines and blank lines are ignored):
#   stim/*.stim        stimulus files; first lines "# expect-error: S" and "# expect-line: N";
#                      each runs through pmu_cli and through pmu_golden (the same parser)
#   prog/*.hex         program files; first line "// expect LINE: RULE"; Vsim_top --prog0 FILE, and
#                      pmuctl stat --prog0 FILE (FILE:LINE: only: its rules are worded its own way)
#   kernels/*.txt      kernels files (options.txt aside); "# expect-error:"/"# expect-line:"; KERNELS=FILE
#                      verif/kernels/run.sh
#   <tool>/options.txt option cases, one per line: NAME EXIT 'PATTERN' ARGS... (shell words)
#   golden/vectors.txt mutations of verif/golden/vectors/smoke.*.hex checked by pmu_golden --check
#   golden/tb.txt      the same mutations replayed by verif/golden/tb_golden.v on Icarus (the
#                      testbench's own header checks; messages on stdout, exit 1 via $fatal)
#   gen_map/map.txt    mutations of rtl/pmu/data/pmu_params.json read by scripts/gen/gen_map.py --params
#   gen_map/rdl.txt    mutations of rtl/pmu/data/pmu.rdl (SystemRDL) read by scripts/gen/gen_map.py --rdl
#   gen_map/core_cfg.txt mutations of rtl/core/core_cfg.vh read by scripts/gen/gen_map.py --core-cfg
#   plot_stacks/csv.txt mutations of a report CSV read by scripts/plot/plot_stacks.py
# Mutation lines: NAME FILE LINE 'PATTERN' 'FILTER'. FILTER is a sed script applied to the
# original (or, starting with '!', a shell command from stdin to stdout); LINE is the line the
# error must name: '=' the first line that differs from the original, a number, or FILE:N for
# the other file of a golden pair. PATTERN: substrings joined by ' && '. In ARGS and PATTERN,
# @T is the (empty) output directory, @I a scratch input directory, @B the build directory,
# @S a valid report CSV.
set -u
cd "$(dirname "$0")/../.."
B=${1:-build}
[ -f "$B" ] && B=$(dirname "$B")
D=verif/bad_input
CLI=$B/pmu_cli_san
GOLD=$B/pmu_golden_san
VSIM=$B/run_smp/Vsim_top
VSIM0=$B/run_smt4/Vsim_top   # SAMPLER 0 (vsim_nosmp/options.txt)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

WORK=$(mktemp -d "${TMPDIR:-/tmp}/bad_input.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT HUP INT TERM

GENPY=$B/venv/bin/python   # the generators' virtual environment (make venv)
PMUCTL=$B/pmuctl
if ! make -s BUILD="$B" "$CLI" "$GOLD" "$VSIM" "$VSIM0" "$PMUCTL" venv >"$WORK/make.log" 2>&1; then
  echo "bad_input: cannot build the tools:" >&2
  tail -20 "$WORK/make.log" >&2
  exit 2
fi
VVP=$WORK/tb_golden.vvp
if ! iverilog -g2005 -DGOLDEN_FATAL -Irtl/pmu -o "$VVP" verif/golden/tb_golden.v rtl/pmu/pmu_*.v >"$WORK/iverilog.log" 2>&1; then
  echo "bad_input: cannot compile verif/golden/tb_golden.v:" >&2
  tail -20 "$WORK/iverilog.log" >&2
  exit 2
fi
# a valid report CSV to mutate (plot_stacks cases)
if ! "$VSIM" --cycles 2000 --quiet --outdir "$WORK/csv" >"$WORK/csv.log" 2>&1; then
  echo "bad_input: cannot make a sample report CSV:" >&2
  tail -20 "$WORK/csv.log" >&2
  exit 2
fi
SAMPLE_CSV=$WORK/csv/report.csv

pass=0
fail=0
declare -A cls_pass=() cls_fail=()
T=$WORK/t
I=$WORK/i

fresh() {  # new empty output and input directories
  rm -rf "$T" "$I"
  mkdir -p "$T" "$I"
}

subst() {  # placeholders in one word
  local s=$1
  s=${s//@T/$T}
  s=${s//@I/$I}
  s=${s//@B/$B}
  s=${s//@S/$SAMPLE_CSV}
  printf '%s' "$s"
}

result() {  # result CLASS NAME WHY
  local c=$1
  if [ -z "$3" ]; then
    pass=$((pass + 1)); cls_pass[$c]=$(( ${cls_pass[$c]:-0} + 1 ))
    printf 'PASS %-12s %s\n' "$c" "$2"
  else
    fail=$((fail + 1)); cls_fail[$c]=$(( ${cls_fail[$c]:-0} + 1 ))
    printf 'FAIL %-12s %s: %s\n' "$c" "$2" "$3"
  fi
}

# check_patterns FILE PATTERNS: prints the first pattern (' && '-separated) not found in FILE
check_patterns() {
  local f=$1 rest=$2 p
  while [ -n "$rest" ]; do
    if [[ $rest == *' && '* ]]; then p=${rest%% && *}; rest=${rest#* && }; else p=$rest; rest=; fi
    grep -qF -- "$p" "$f" || { printf '%s' "$p"; return; }
  done
}

# judge CLASS NAME EXIT PATTERNS RC OUT ERR TDIR: the rules above, on a finished run
judge() {
  local c=$1 name=$2 want=$3 pats=$4 rc=$5 out=$6 err=$7 t=$8 why= miss left
  if [ "$rc" -ne "$want" ]; then
    why="exit status $rc, expected $want"
  elif [ -s "$out" ]; then
    why="stdout not empty: $(head -n 2 "$out" | cut -c1-120 | tr '\n' '|')"
  elif [ ! -s "$err" ]; then
    why="nothing on stderr"
  elif [ "$(wc -l <"$err")" -gt 3 ]; then
    why="more than 3 lines on stderr"
  else
    miss=$(check_patterns "$err" "$pats")
    [ -n "$miss" ] && why="stderr lacks '$miss'"
  fi
  if [ -z "$why" ]; then
    left=$(find "$t" -type f | head -n 3 | tr '\n' ' ')
    [ -n "$left" ] && why="output left behind: $left"
  fi
  [ -n "$why" ] && why="$why; stderr: $(head -n 3 "$err" | cut -c1-200 | tr '\n' '|')"
  result "$c" "$name" "$why"
}

# run_case CLASS NAME EXIT PATTERNS CMD...: run CMD (in a fresh @T unless KEEP_T=1) and judge it
run_case() {
  local c=$1 name=$2 want=$3 pats=$4 rc
  shift 4
  "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
  rc=$?
  judge "$c" "$name" "$want" "$pats" "$rc" "$WORK/out" "$WORK/err" "$T"
}

# The generator's cases (scripts/gen/gen_map.py, 0.3-0.6 s of CPU each as a process, most of it
# imports: its options and its input mutations) run in batches: verif/bad_input/pybatch.py forks one process per case from a parent
# that has imported the generator once. qfresh gives each queued case its own @I and @T
# (Q/N/i, Q/N/t); queue_case CLASS NAME EXIT PATTERNS ARG... queues it, run_queue runs the batch
# and judges every case as run_case would.
Q=$WORK/q
QN=0
Q_CLASS=() Q_NAME=() Q_WANT=() Q_PATS=()
qfresh() {
  QN=$((QN + 1))
  I=$Q/$QN/i
  T=$Q/$QN/t
  mkdir -p "$I" "$T"
}
queue_case() {
  Q_CLASS[QN]=$1 Q_NAME[QN]=$2 Q_WANT[QN]=$3 Q_PATS[QN]=$4
  shift 4
  (IFS=$'\t'; printf '%s\n' "$Q/$QN/out"$'\t'"$Q/$QN/err"$'\t'"$Q/$QN/rc"$'\t'"$*") >>"$Q/cases.tsv"
}
run_queue() {  # run_queue SCRIPT
  local n rc
  [ -s "$Q/cases.tsv" ] || return 0
  if ! "$GENPY" "$D/pybatch.py" "$1" "$Q/cases.tsv" >"$WORK/batch.log" 2>&1; then
    echo "bad_input: verif/bad_input/pybatch.py failed:" >&2
    tail -20 "$WORK/batch.log" >&2
    exit 2
  fi
  for ((n = 1; n <= QN; n++)); do
    [ -n "${Q_CLASS[n]:-}" ] || continue
    rc=$(cat "$Q/$n/rc" 2>/dev/null || echo 255)
    judge "${Q_CLASS[n]}" "${Q_NAME[n]}" "${Q_WANT[n]}" "${Q_PATS[n]}" "$rc" "$Q/$n/out" "$Q/$n/err" "$Q/$n/t"
  done
  rm -f "$Q/cases.tsv"
  Q_CLASS=() Q_NAME=() Q_WANT=() Q_PATS=()
  I=$WORK/i
  T=$WORK/t
}

# ---- option cases: verif/bad_input/<tool>/options.txt ------------------------------------------
expect_headers() {  # expect_headers CLASS NAME FILE: sets want and line from the file's
  # "# expect-error: S" and "# expect-line: N" headers; records a failure and returns 1 without
  want=$(sed -n 's/^# expect-error: //p' "$3" | head -n 1)
  line=$(sed -n 's/^# expect-line: *\([0-9][0-9]*\) *$/\1/p' "$3" | head -n 1)
  if [ -z "$want" ] || [ -z "$line" ]; then
    result "$1" "$2" "missing '# expect-error:' or '# expect-line:' header"
    return 1
  fi
}

tool_cmd() {  # the command of a tool directory, into the array CMD
  case $1 in
    pmu_cli) CMD=("$CLI") ;;
    pmu_golden) CMD=("$GOLD") ;;
    vsim_top) CMD=("$VSIM") ;;
    vsim_nosmp) CMD=("$VSIM0") ;;
    pmuctl) CMD=(env -u PMUCTL_DEV "$PMUCTL") ;;
    gen_map) CMD=("$GENPY" scripts/gen/gen_map.py) ;;
    plot_stacks) CMD=("$PY" scripts/plot/plot_stacks.py) ;;
    kernels) CMD=(env BUILD="$B" LOG="$T/log") ;;  # ARGS: [VAR=VALUE...] verif/kernels/run.sh ...
    *) return 1 ;;
  esac
}

for f in "$D"/*/options.txt; do
  tool=$(basename "$(dirname "$f")")
  ln=0
  while IFS= read -r line || [ -n "$line" ]; do
    ln=$((ln + 1))
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    eval "set -- $line" || { result "$tool" "$f:$ln" "cannot parse the case line"; continue; }
    if [ $# -lt 3 ]; then result "$tool" "$f:$ln" "needs NAME EXIT 'PATTERN' ARGS..."; continue; fi
    name=$1 want=$2 pats=$3
    shift 3
    if [ "$tool" = gen_map ]; then qfresh; else fresh; fi
    tool_cmd "$tool" || { result "$tool" "$name" "no tool '$tool'"; continue; }
    args=()
    for a in "$@"; do args+=("$(subst "$a")"); done
    if [ "$tool" = gen_map ]; then  # the generator's option cases go into the batch below
      queue_case "$tool" "$name" "$want" "$(subst "$pats")" "${args[@]}"
    else
      run_case "$tool" "$name" "$want" "$(subst "$pats")" "${CMD[@]}" "${args[@]}"
    fi
  done <"$f"
done
run_queue scripts/gen/gen_map.py

# ---- file cases with their expectation inside ----------------------------------------------
# stim/*.stim: pmu_cli and pmu_golden (both parse with verif/stim/pmu_stim.c)
for f in "$D"/stim/*.stim; do
  name=$(basename "$f" .stim)
  expect_headers stim "$name" "$f" || continue
  fresh
  run_case stim "$name (pmu_cli)" 2 "$f:$line: && $want" "$CLI" "$f"
  fresh
  run_case stim "$name (pmu_golden)" 2 "$f:$line: && $want" "$GOLD" "$f" "$T"
done

# prog/*.hex: program files of the main run
for f in "$D"/prog/*.hex; do
  name=$(basename "$f" .hex)
  first=$(head -n 1 "$f")
  if ! [[ $first =~ ^//\ expect\ ([0-9]+):\ (.+)$ ]]; then
    result prog "$name" "first line is not '// expect LINE: RULE'"
    continue
  fi
  fresh
  run_case prog "$name" 2 "$f:${BASH_REMATCH[1]}: && ${BASH_REMATCH[2]}" \
    "$VSIM" --prog0 "$f" --cycles 1 --quiet --outdir "$T/out"
  # pmuctl's loader (fpga/host/pmuctl/workload.c): the same files, the same lines (its own words)
  fresh
  run_case prog "$name (pmuctl)" 2 "$f:${BASH_REMATCH[1]}:" env -u PMUCTL_DEV "$PMUCTL" stat -e cycles --prog0 "$f"
done

# kernels/*.txt: kernels files (verif/kernels/run.sh parses the whole file before running)
for f in "$D"/kernels/*.txt; do
  name=$(basename "$f" .txt)
  [ "$name" = options ] && continue
  expect_headers kernels "$name" "$f" || continue
  fresh
  run_case kernels "$name" 2 "$f:$line: && $want" \
    env BUILD="$B" LOG="$T/log" KERNELS="$f" verif/kernels/run.sh
done

# ---- mutation cases ------------------------------------------------------------------------
# mutate ORIG OUT FILTER: OUT = FILTER applied to ORIG; fails when nothing changed
mutate() {
  if [[ $3 == '!'* ]]; then
    bash -c "${3#!}" <"$1" >"$2" 2>"$WORK/filter.err" || return 1
  else
    sed -e "$3" "$1" >"$2" 2>"$WORK/filter.err" || return 1
  fi
  ! cmp -s "$1" "$2"
}

first_diff() {  # first line (1-based) where two files differ
  "$PY" - "$1" "$2" <<'EOF'
import sys
a = open(sys.argv[1], "rb").read().splitlines(True)
b = open(sys.argv[2], "rb").read().splitlines(True)
n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
print(n + 1)
EOF
}

# mutation_cases CLASS CASEFILE RUNNER [FRESH]: for each line, FRESH (default fresh) and
# RUNNER NAME FILE LINE PATTERN FILTER
mutation_cases() {
  local c=$1 f=$2 runner=$3 newdirs=${4:-fresh} ln=0 line
  while IFS= read -r line || [ -n "$line" ]; do
    ln=$((ln + 1))
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    eval "set -- $line" || { result "$c" "$f:$ln" "cannot parse the case line"; continue; }
    if [ $# -ne 5 ]; then result "$c" "$f:$ln" "needs NAME FILE LINE 'PATTERN' 'FILTER'"; continue; fi
    "$newdirs"
    "$runner" "$@"
  done <"$f"
}

GV=verif/golden/vectors
golden_prep() {  # golden_prep FILE LINE FILTER -> @I/v/smoke.{stim,exp}.hex; sets LOC ("path:line")
  local which=$1 line=$2 filter=$3 other
  mkdir -p "$I/v"
  cp "$GV/smoke.stim.hex" "$GV/smoke.exp.hex" "$I/v/"
  mutate "$GV/smoke.$which.hex" "$I/v/smoke.$which.hex" "$filter" || return 1
  case $line in
    =) LOC="$I/v/smoke.$which.hex:$(first_diff "$GV/smoke.$which.hex" "$I/v/smoke.$which.hex"):" ;;
    stim:*|exp:*) other=${line%%:*}; LOC="$I/v/smoke.$other.hex:${line#*:}:" ;;
    *) LOC="$I/v/smoke.$which.hex:$line:" ;;
  esac
}

golden_case() {  # NAME FILE LINE PATTERN FILTER
  if ! golden_prep "$2" "$3" "$5"; then result golden "$1" "filter '$5' changed nothing or failed"; return; fi
  run_case golden "$1" 2 "$LOC && $4" "$GOLD" --check "$I/v"
}

tb_case() {  # NAME FILE LINE PATTERN FILTER: the testbench prints on stdout and exits 1 ($fatal)
  local why= miss
  if ! golden_prep "$2" "$3" "$5"; then result tb_golden "$1" "filter '$5' changed nothing or failed"; return; fi
  vvp -n "$VVP" +stim="$I/v/smoke.stim.hex" +exp="$I/v/smoke.exp.hex" >"$WORK/out" 2>&1
  local rc=$?
  if [ $rc -ne 1 ]; then
    why="exit status $rc, expected 1"
  elif grep -q " 0 mismatches" "$WORK/out"; then
    why="the replay passed"
  else
    miss=$(check_patterns "$WORK/out" "FAIL golden: $LOC && $4")
    [ -n "$miss" ] && why="output lacks '$miss'; output: $(grep FAIL "$WORK/out" | head -n 2 | tr '\n' '|')"
  fi
  result tb_golden "$1" "$why"
}

PARAMS=rtl/pmu/data/pmu_params.json
RDL=rtl/pmu/data/pmu.rdl
map_case() {  # NAME FILE LINE PATTERN FILTER
  local loc
  if ! mutate $PARAMS "$I/map.json" "$5"; then result gen_map "$1" "filter '$5' changed nothing or failed"; return; fi
  if [ "$3" = "=" ]; then loc="$I/map.json:$(first_diff $PARAMS "$I/map.json"):"; else loc="$I/map.json:$3:"; fi
  queue_case gen_map "$1" 2 "$loc && $4" --params "$I/map.json" --out "$T/gen"
}

rdl_case() {  # NAME FILE LINE PATTERN FILTER
  local loc
  if ! mutate $RDL "$I/pmu.rdl" "$5"; then result gen_rdl "$1" "filter '$5' changed nothing or failed"; return; fi
  case $3 in  # "=": the line the filter changes; "=+N", "=-N": N lines after or before it
    =) loc="$I/pmu.rdl:$(first_diff $RDL "$I/pmu.rdl"):" ;;
    =[+-]*) loc="$I/pmu.rdl:$(( $(first_diff $RDL "$I/pmu.rdl") ${3#=} )):" ;;
    *) loc="$I/pmu.rdl:$3:" ;;
  esac
  queue_case gen_rdl "$1" 2 "$loc && $4" --rdl "$I/pmu.rdl" --out "$T/gen"
}

CORE_CFG=rtl/core/core_cfg.vh
cfg_case() {  # NAME FILE LINE PATTERN FILTER
  local loc
  if ! mutate $CORE_CFG "$I/core_cfg.vh" "$5"; then result gen_cfg "$1" "filter '$5' changed nothing or failed"; return; fi
  if [ "$3" = "=" ]; then loc="$I/core_cfg.vh:$(first_diff $CORE_CFG "$I/core_cfg.vh"):"; else loc="$I/core_cfg.vh:$3:"; fi
  queue_case gen_cfg "$1" 2 "$loc && $4" --core-cfg "$I/core_cfg.vh" --out "$T/gen"
}

csv_case() {  # NAME FILE LINE PATTERN FILTER
  local loc
  if ! mutate "$SAMPLE_CSV" "$I/report.csv" "$5"; then result plot_stacks "$1" "filter '$5' changed nothing or failed"; return; fi
  if [ "$3" = "=" ]; then loc="$I/report.csv:$(first_diff "$SAMPLE_CSV" "$I/report.csv"):"; else loc="$I/report.csv:$3:"; fi
  run_case plot_stacks "$1" 2 "$loc && $4" "$PY" scripts/plot/plot_stacks.py "$I/report.csv" -o "$T/chart"
}

mutation_cases golden "$D/golden/vectors.txt" golden_case
mutation_cases tb_golden "$D/golden/tb.txt" tb_case
mutation_cases gen_map "$D/gen_map/map.txt" map_case qfresh
mutation_cases gen_rdl "$D/gen_map/rdl.txt" rdl_case qfresh
mutation_cases gen_cfg "$D/gen_map/core_cfg.txt" cfg_case qfresh
run_queue scripts/gen/gen_map.py
mutation_cases plot_stacks "$D/plot_stacks/csv.txt" csv_case

# ---- cases that need a set-up --------------------------------------------------------------
# pmu_golden removes older vectors of the same name when the stimulus is bad
fresh
cp "$GV/smoke.stim.hex" "$T/unknown_command.stim.hex"
cp "$GV/smoke.exp.hex" "$T/unknown_command.exp.hex"
run_case pmu_golden "stale vectors removed" 2 "$D/stim/unknown_command.stim:5: && unknown command" \
  "$GOLD" "$D/stim/unknown_command.stim" "$T"
# a vector file without its partner
fresh
mkdir -p "$I/v"
cp "$GV/smoke.exp.hex" "$I/v/"
run_case golden "missing partner" 2 "$I/v/smoke.exp.hex:0: && no partner file" "$GOLD" --check "$I/v"
# a pair whose header name is not its file name
fresh
mkdir -p "$I/v"
cp "$GV/smoke.stim.hex" "$I/v/other.stim.hex"
cp "$GV/smoke.exp.hex" "$I/v/other.exp.hex"
run_case golden "name differs from file name" 2 "$I/v/other.stim.hex:2: && differs from the file name" \
  "$GOLD" --check "$I/v"
# a stimulus whose vector name would contain a space
fresh
cp verif/directed/smoke.stim "$I/my test.stim"
run_case pmu_golden "name with a space" 2 "$I/my test.stim:0: && contains a space" "$GOLD" "$I/my test.stim" "$T"
# Vsim_top removes stale outputs of an earlier run in --outdir before it writes (not bad input,
# but the same guarantee): a stale report.csv must not survive a run that writes none
fresh
mkdir -p "$T/out"
echo stale >"$T/out/run.kanata"
if "$VSIM" --cycles 100 --quiet --outdir "$T/out" >"$WORK/out" 2>"$WORK/err" &&
   [ ! -e "$T/out/run.kanata" ] && [ -s "$T/out/report.csv" ]; then
  result vsim_top "stale outputs removed" ""
else
  result vsim_top "stale outputs removed" "stale run.kanata kept or run failed: $(head -n 2 "$WORK/err" | tr '\n' '|')"
fi

echo
for c in $(printf '%s\n' "${!cls_pass[@]}" "${!cls_fail[@]}" | sort -u); do
  printf 'class %-12s %3d passed, %d failed\n' "$c" "${cls_pass[$c]:-0}" "${cls_fail[$c]:-0}"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

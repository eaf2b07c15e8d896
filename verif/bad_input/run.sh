#!/bin/sh
# Malformed stimulus files must be rejected before any cycle runs (docs/stimulus.md "Errors").
#
# usage: verif/bad_input/run.sh PATH/TO/pmu_cli
#
# Builds nothing. For every *.stim in this directory (first lines "# expect-error: SUBSTRING"
# and "# expect-line: N"), runs "CLI FILE" and checks: exit status 2, stdout empty, stderr
# contains "FILE:N:" and SUBSTRING. One more case, "(missing file)", runs the CLI on a file that
# does not exist and checks exit 2, empty stdout and "FILE:0: cannot open" on stderr.
# Prints one line per case and ends with exactly one line "N passed, N failed"; exits 1 when a
# case failed, 2 on a usage error.
# The files assume the default parameters (THREADS=2, P=8, CW=48, LW=8, AW=16).

if [ $# -ne 1 ]; then
  echo "usage: $0 PATH/TO/pmu_cli" >&2
  exit 2
fi
cli=$1
if [ ! -x "$cli" ]; then
  echo "$0: '$cli' is not an executable" >&2
  exit 2
fi
dir=$(dirname "$0")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bad_input.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

pass=0
fail=0

# check NAME FILE LINE SUBSTRING: run the CLI on FILE and judge the result.
check() {
  name=$1 file=$2 line=$3 want=$4
  "$cli" "$file" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  why=
  if [ "$rc" -ne 2 ]; then
    why="exit status $rc, expected 2"
  elif [ -s "$tmp/out" ]; then
    why="stdout not empty"
  elif ! grep -qF -- "$file:$line:" "$tmp/err"; then
    why="stderr lacks '$file:$line:'"
  elif ! grep -qF -- "$want" "$tmp/err"; then
    why="stderr lacks '$want'"
  fi
  if [ -z "$why" ]; then
    pass=$((pass + 1))
    echo "PASS $name"
  else
    fail=$((fail + 1))
    echo "FAIL $name: $why; stderr: $(head -n 3 "$tmp/err" | tr '\n' ' ')"
  fi
}

for f in "$dir"/*.stim; do
  [ -e "$f" ] || continue
  name=$(basename "$f")
  want=$(sed -n 's/^# expect-error: //p' "$f" | head -n 1)
  line=$(sed -n 's/^# expect-line: *\([0-9][0-9]*\) *$/\1/p' "$f" | head -n 1)
  if [ -z "$want" ] || [ -z "$line" ]; then
    fail=$((fail + 1))
    echo "FAIL $name: missing '# expect-error:' or '# expect-line:' header"
    continue
  fi
  check "$name" "$f" "$line" "$want"
done

check "(missing file)" "$dir/does_not_exist.stim" 0 "cannot open"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# The PMU IP as a FuseSoC core (docs/fpga.md "FuseSoC"; fusesoc-core in verif/regress/tests.txt):
#   1 rtl/pmu/stallscope_pmu.core lists every source of rtl/pmu/ (pmu_*.v, *.vh) and nothing else
#   2 its lint target passes (Verilator -Wall) at the default parameters and at THREADS=1 P=4
#     CW=40 W=2
#   3 the simulation target of verif/fusesoc/stallscope_pmu_tb.core passes under Verilator and
#     under Icarus (the smoke testbench's own "N passed, 0 failed")
#   4 a copy of rtl/pmu/ with a width mismatch fails the lint target (the target can fail)
# fusesoc comes from build/venv (scripts/gen/requirements.txt, make venv). Ends with
# "N passed, N failed"; exit 1 on a failure, 2 when it cannot start.
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
OUT=${OUT:-$B/fusesoc}
FS=$B/venv/bin/fusesoc
if ! make -s BUILD="$B" venv >/dev/null 2>&1 || [ ! -x "$FS" ]; then
  echo "fusesoc: cannot set up $FS (make venv)" >&2
  exit 2
fi
rm -rf "$OUT"
mkdir -p "$OUT"
pass=0
fail=0
ok() { pass=$((pass + 1)); printf 'PASS %s\n' "$*"; }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
CORE=rtl/pmu/stallscope_pmu.core

# 1 the file list
listed=$(sed -n 's/^ *- \([A-Za-z0-9_]*\.v[h]*\)\(:.*\)\{0,1\}$/\1/p' "$CORE" | sort)
actual=$(cd rtl/pmu && ls pmu_*.v *.vh | sort)
if [ "$listed" = "$actual" ]; then
  ok "$CORE lists the $(wc -l <<<"$actual") sources of rtl/pmu/"
else
  bad "$CORE and rtl/pmu/ differ: $(diff <(echo "$listed") <(echo "$actual") | grep '^[<>]' | tr '\n' ' ')"
fi

# run NAME ROOT TARGET CORE [ARGS...]: a fusesoc run, its output in $OUT/NAME.log
run() {
  local name=$1 root=$2 target=$3 core=$4
  shift 4
  "$FS" --cores-root "$root" --cores-root verif/fusesoc run --build-root "$OUT/$name" --target "$target" \
    "$core" "$@" >"$OUT/$name.log" 2>&1
}

# 2 lint
if run lint rtl/pmu lint stallscope:ip:pmu; then ok "lint target (default parameters)"
else bad "lint target: $(grep -m2 -E '%(Warning|Error)' "$OUT/lint.log" | tr '\n' ' ')"; fi
if run lint_small rtl/pmu lint stallscope:ip:pmu --THREADS 1 --P 4 --CW 40 --W 2; then
  ok "lint target (THREADS=1 P=4 CW=40 W=2)"
else bad "lint target (small): $(grep -m2 -E '%(Warning|Error)' "$OUT/lint_small.log" | tr '\n' ' ')"; fi

# 3 simulation
for t in sim sim_icarus; do
  if run "$t" rtl/pmu "$t" stallscope:sim:pmu_smoke && grep -qE '^[0-9]+ passed, 0 failed$' "$OUT/$t.log" &&
     ! grep -q '^FAIL' "$OUT/$t.log"; then
    ok "$t target: $(grep -E '^[0-9]+ passed' "$OUT/$t.log")"
  else
    bad "$t target: $(grep -E '^FAIL|passed|rror' "$OUT/$t.log" | head -3 | tr '\n' ' ') (log $OUT/$t.log)"
  fi
done

# 4 the lint target can fail (a width mismatch Verilator -Wall reports)
mkdir -p "$OUT/mut"
cp rtl/pmu/*.v rtl/pmu/*.vh "$CORE" "$OUT/mut/"
sed -i 's/^endmodule/  wire [3:0] mutant_w = 32 + 1;\nendmodule/' "$OUT/mut/pmu_rdp.v"
if run lint_mutant "$OUT/mut" lint stallscope:ip:pmu; then
  bad "lint target passed a copy with a width mismatch"
else
  ok "lint target fails on a copy with a width mismatch ($(grep -m1 -oE 'WIDTH[A-Z]*' "$OUT/lint_mutant.log"))"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# No latch in the synthesizable RTL, not even one that yosys removes again later: every
# always @* block assigns every variable it writes on every path (loop variables included).
# Yosys 0.70's proc reports "Latch inferred" where one does not; 0.23 stays silent, so this
# uses the build's current yosys (build/venv/bin/pyosys-yosys: PyPI's pyosys, make venv).
#
# usage: scripts/synth/latch_check.sh YOSYS TOP:'K=V ...' ...
#   TOP pmu_top (rtl/pmu) or core_stub (rtl/core, which includes rtl/pmu headers); each argument
#   is one parameter set, set with chparam before hierarchy and proc. K=V may carry Verilator's
#   -G prefix (the core-lint sets, made for sim_top: their PMU parameters P and CW are not
#   core_stub's and are skipped there).
# Prints one line per set and ends with "N passed, N failed"; exit 1 on a failure.
set -u
[ $# -ge 2 ] || { echo "usage: $0 YOSYS TOP:'K=V ...' ..." >&2; exit 2; }
Y=$1
shift
cd "$(dirname "$0")/../.."
pass=0
fail=0
for a in "$@"; do
  top=${a%%:*}
  kv=${a#*:}
  case $top in
    pmu_top)   src=$(ls rtl/pmu/pmu_*.v); inc="-Irtl/pmu" ;;
    core_stub) src=$(ls rtl/core/*.v); inc="-Irtl/pmu -Irtl/core" ;;
    *) echo "latch_check: unknown top '$top' in '$a' (pmu_top or core_stub)" >&2; exit 2 ;;
  esac
  ch=""
  for p in $kv; do
    p=${p#-G}
    case $top:${p%%=*} in core_stub:P|core_stub:CW) continue ;; esac
    ch="$ch -set ${p%%=*} ${p#*=}"
  done
  [ -n "$ch" ] && ch="chparam$ch $top;"
  log=$("$Y" -q -p "read_verilog $inc $(echo $src); $ch hierarchy -check -top $top; proc" 2>&1)
  rc=$?
  n=$(grep -c "Latch inferred" <<<"$log")
  if [ $rc -eq 0 ] && [ "$n" -eq 0 ]; then
    echo "PASS $top ${kv:-(defaults)}: no latch inferred"
    pass=$((pass + 1))
  else
    echo "FAIL $top ${kv:-(defaults)}: yosys exit $rc, $n latch warnings"
    grep -E "Latch inferred|ERROR" <<<"$log" | sed 's/^/    | /' | head -10
    fail=$((fail + 1))
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

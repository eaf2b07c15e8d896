#!/usr/bin/env bash
# The FuseSoC cores (docs/fpga.md section 11; fusesoc-core in verif/regress/tests.txt):
#   1 each core file lists every source of its folder and nothing else: rtl/pmu/stallscope_pmu.core
#     (pmu_*.v, *.vh), rtl/core/stallscope_core.core (*.v, *.vh), fpga/stallscope_board.core
#     (fpga/rtl/*.v, *.vh, the same RTL as make fpga's fpga/flow/flow.sh, and the board files it
#     names exist)
#   2 the lint targets pass (Verilator -Wall): the PMU at THREADS=1 P=4 CW=40 W=2, the core stub,
#     the board top at make fpga-lint's small set (the PMU and the board top at their defaults are
#     make lint's and make fpga-lint's, with the same Verilator on the same sources, which 1 checks)
#   3 the simulation target of verif/fusesoc/stallscope_pmu_tb.core passes under Verilator and
#     under Icarus (the smoke testbench's own "N passed, 0 failed")
#   4 a copy of rtl/pmu/ with a width mismatch fails the PMU's lint target, a copy of fpga/ with one
#     fails the board's (the targets can fail)
#   5 the board's ulx3s target, setup stage only (the build is make fpga's 75 minutes): edalize's
#     Makefile runs nextpnr-ecp5 with the ULX3S device, the lpf and the clock of
#     fpga/ulx3s/board.sh and ecppack --compress; the Yosys script, flattened by
#     fpga/flow/tcl2ys.tcl as fpga/flow/edalize_launcher.sh does, reads every source of the three
#     cores and the ULX3S primitives, sets the parameters given on the command line, and runs
#     flow.sh's front end and board.sh's board_synth word for word, writing the netlist nextpnr
#     reads
#   6 the launcher hands edalize's `yosys -p 'tcl X'` to pyosys-yosys as `-s X.ys`, and tcl2ys
#     rejects a command word a plain script cannot hold (file:command, exit 1)
# fusesoc comes from build/venv (scripts/gen/requirements.txt, make venv). Ends with
# "N passed, N failed"; exit 1 on a failure, 2 when it cannot start.
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
B=${BUILD:-build}
OUT=${OUT:-$B/fusesoc}
FS=$B/venv/bin/fusesoc
if ! make -s BUILD="$B" venv >/dev/null 2>&1 || [ ! -x "$FS" ]; then
  echo "fusesoc: cannot set up $FS (make venv)" >&2
  exit 2
fi
command -v tclsh >/dev/null || { echo "fusesoc: tclsh is missing (apt-get install tcl)" >&2; exit 2; }
rm -rf "$OUT"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
pass=0
fail=0
ok() { pass=$((pass + 1)); printf 'PASS %s\n' "$*"; }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }
words() { tr '\n' ' ' | sed 's/ *$//'; }

# 1 the file lists: listed CORE lists the sources (.v, .vh) a core file names
listed() { sed -n 's/^ *- \([A-Za-z0-9_/]*\.v[h]*\)\(:.*\)\{0,1\}$/\1/p' "$1" | sort; }
same_list() {  # same_list CORE WHAT LISTED ACTUAL
  if [ "$3" = "$4" ]; then
    ok "$1 lists the $(wc -l <<<"$4") sources of $2"
  else
    bad "$1 and $2 differ: $(diff <(echo "$3") <(echo "$4") | grep '^[<>]' | words)"
  fi
}
same_list rtl/pmu/stallscope_pmu.core rtl/pmu/ "$(listed rtl/pmu/stallscope_pmu.core)" \
  "$(cd rtl/pmu && ls pmu_*.v *.vh | sort)"
same_list rtl/core/stallscope_core.core rtl/core/ "$(listed rtl/core/stallscope_core.core)" \
  "$(cd rtl/core && ls *.v *.vh | sort)"
BOARD_CORE=fpga/stallscope_board.core
same_list $BOARD_CORE fpga/rtl/ "$(listed $BOARD_CORE | grep '^rtl/')" "$(cd fpga && ls rtl/*.v rtl/*.vh | sort)"
flow_rtl=$(sed -n '/^  board_top) src=/,/;;/p' fpga/flow/flow.sh | grep -oE 'fpga/rtl/[a-z0-9_]+\.v' | sed 's|^fpga/||' | sort)
same_list $BOARD_CORE "fpga/flow/flow.sh's board_top sources" "$(listed $BOARD_CORE | grep '^rtl/.*\.v$')" "$flow_rtl"
missing=""
for f in $(sed -n 's/^ *- \([A-Za-z0-9_/.]*\)\(:.*\)\{0,1\}$/\1/p' $BOARD_CORE | grep -v '^rtl/'); do
  [ -f "fpga/$f" ] || missing="$missing fpga/$f"
done
if [ -z "$missing" ]; then ok "$BOARD_CORE: its board files exist ($(sed -n 's/^ *- \([A-Za-z0-9_/.]*\)\(:.*\)\{0,1\}$/\1/p' $BOARD_CORE | grep -v '^rtl/' | words))"
else bad "$BOARD_CORE names missing files:$missing"; fi

# run NAME TARGET CORE ROOTS [ARGS...]: a fusesoc run (ROOTS: cores roots, space-separated; STAGE:
# run's stage option, e.g. --setup), its output in $OUT/NAME.log
run() {
  local name=$1 target=$2 core=$3 roots="" r
  for r in $4; do roots="$roots --cores-root $r"; done
  shift 4
  # shellcheck disable=SC2086
  "$FS" $roots run --build-root "$OUT/$name" ${STAGE:-} --target "$target" "$core" "$@" >"$OUT/$name.log" 2>&1
}
PMU_ROOTS="rtl/pmu verif/fusesoc"
BOARD_ROOTS="rtl/pmu rtl/core fpga"
lint_msg() { grep -m2 -E '%(Warning|Error)|ERROR' "$OUT/$1.log" | words; }

# 2 lint
if run lint_small lint stallscope:ip:pmu "$PMU_ROOTS" --THREADS 1 --P 4 --CW 40 --W 2; then
  ok "PMU lint target (THREADS=1 P=4 CW=40 W=2)"
else bad "PMU lint target (small): $(lint_msg lint_small)"; fi
if run lint_core lint stallscope:core:stub "rtl/pmu rtl/core"; then ok "core stub lint target"
else bad "core stub lint target: $(lint_msg lint_core)"; fi
if run lint_board_small lint stallscope:board:ulx3s "$BOARD_ROOTS" --THREADS 1 --W 2 --P 4 --CW 40 \
     --BAUD_DIV 8 --LED_LOW 1; then
  ok "board top lint target (THREADS=1 W=2 P=4 CW=40 BAUD_DIV=8 LED_LOW=1)"
else bad "board top lint target (small): $(lint_msg lint_board_small)"; fi

# 3 simulation
for t in sim sim_icarus; do
  if run "$t" "$t" stallscope:sim:pmu_smoke "$PMU_ROOTS" && grep -qE '^[0-9]+ passed, 0 failed$' "$OUT/$t.log" &&
     ! grep -q '^FAIL' "$OUT/$t.log"; then
    ok "$t target: $(grep -E '^[0-9]+ passed' "$OUT/$t.log")"
  else
    bad "$t target: $(grep -E '^FAIL|passed|rror' "$OUT/$t.log" | head -3 | words) (log $OUT/$t.log)"
  fi
done

# 4 the lint targets can fail (a width mismatch Verilator -Wall reports)
mkdir -p "$OUT/mut" "$OUT/mut_fpga"
cp rtl/pmu/*.v rtl/pmu/*.vh rtl/pmu/stallscope_pmu.core "$OUT/mut/"
sed -i 's/^endmodule/  wire [3:0] mutant_w = 32 + 1;\nendmodule/' "$OUT/mut/pmu_rdp.v"
if run lint_mutant lint stallscope:ip:pmu "$OUT/mut verif/fusesoc"; then
  bad "PMU lint target passed a copy with a width mismatch"
else
  ok "PMU lint target fails on a copy with a width mismatch ($(grep -m1 -oE 'WIDTH[A-Z]*' "$OUT/lint_mutant.log"))"
fi
cp -r fpga/rtl fpga/sim fpga/ulx3s $BOARD_CORE "$OUT/mut_fpga/"
sed -i 's/^endmodule/  wire [3:0] mutant_w = 32 + 1;\nendmodule/' "$OUT/mut_fpga/rtl/uart_tx.v"
if run lint_board_mutant lint stallscope:board:ulx3s "rtl/pmu rtl/core $OUT/mut_fpga"; then
  bad "board lint target passed a copy of fpga/ with a width mismatch"
else
  ok "board lint target fails on a copy of fpga/ with a width mismatch ($(grep -m1 -oE 'WIDTH[A-Z]*' "$OUT/lint_board_mutant.log"))"
fi

# 5 the ulx3s target's setup stage, with a parameter given on the command line
# shellcheck source=/dev/null
board() { (VENV=/nonexistent; OUT=/out; . fpga/ulx3s/board.sh; "$@"); }
if STAGE=--setup run ulx3s ulx3s stallscope:board:ulx3s "$BOARD_ROOTS" --ROB 16; then
  W=$(dirname "$(ls "$OUT"/ulx3s/*/ulx3s/Makefile 2>/dev/null | head -1)")
  mk=$W/Makefile
  json=$(sed -n 's/^\([A-Za-z0-9_.]*\.json\):.*/\1/p' "$mk" | head -1)
  name=${json%.json}
  pnr=$(grep -m1 'nextpnr-ecp5 ' "$mk" | sed 's/^[[:space:]]*//')
  # nextpnr: board.sh's device words, the lpf, the board clock in MHz, the netlist
  dev=$(board board_pnr_args TOP | grep -oE -- '--85k|--25k|--45k|--12k|--package [A-Z0-9]+|--speed [0-9]+' | words)
  # shellcheck disable=SC2016
  freq=$(board eval 'awk -v h="$BOARD_CLK_HZ" "BEGIN { printf \"%g\", h / 1e6 }"')
  why=""
  grep -qF -- "$dev" <<<"$pnr" || why="$why no '$dev';"
  grep -qE -- "--lpf [^ ]*/ulx3s/ulx3s\.lpf( |$)" <<<"$pnr" && [ -f "$W/$(grep -oE -- '--lpf [^ ]+' <<<"$pnr" | cut -d' ' -f2)" ] ||
    why="$why no --lpf of an existing ulx3s/ulx3s.lpf;"
  grep -qF -- "--freq $freq " <<<"$pnr" || why="$why no --freq $freq;"
  grep -qF -- "--json $json " <<<"$pnr" || why="$why no --json $json;"
  grep -qE "ecppack --compress $name\.config $name\.bit" "$mk" || why="$why no ecppack --compress $name.config $name.bit;"
  if [ -z "$why" ]; then ok "ulx3s setup: $W/Makefile runs nextpnr-ecp5 $dev --freq $freq --lpf .../ulx3s.lpf and ecppack --compress"
  else bad "ulx3s setup: $mk:$why (nextpnr line: $pnr)"; fi
  # the Yosys script as edalize_launcher.sh flattens it
  tcl=$(sed -n "s/.*yosys .*-p 'tcl \([^']*\)'.*/\1/p" "$mk" | head -1)
  if [ -n "$tcl" ] && (cd "$W" && tclsh "$ROOT/fpga/flow/tcl2ys.tcl" "$tcl") >"$OUT/ulx3s.ys" 2>"$OUT/ulx3s.ys.err"; then
    read_src=$(sed -n 's|^read_verilog src/[^/]*/\(.*\)$|\1|p' "$OUT/ulx3s.ys" | xargs -n1 basename | sort)
    tree_src=$( (cd rtl/pmu && ls pmu_*.v; cd ../core && ls *.v; cd ../../fpga/rtl && ls *.v; echo board_prim.v) | sort)
    why=""
    [ "$read_src" = "$tree_src" ] ||
      why="$why read_verilog differs from the tree: $(diff <(echo "$read_src") <(echo "$tree_src") | grep '^[<>]' | words);"
    grep -qE '^read_verilog src/[^/]*/ulx3s/board_prim\.v$' "$OUT/ulx3s.ys" || why="$why no ulx3s/board_prim.v;"
    grep -qx 'chparam -set ROB 16 board_top' "$OUT/ulx3s.ys" || why="$why no chparam -set ROB 16;"
    front=$(sed -n 's/.*\(hierarchy -top \$TOP; proc; flatten; opt_clean; select -assert-none [^;]*\);.*/\1/p' fpga/flow/flow.sh |
            sed 's/\$TOP/board_top/; s/\\\$/$/g')
    synth=$(board board_synth board_top "$json")
    want=$(printf '%s;%s' "$front" "$synth" | tr ';' '\n' | sed 's/^ *//; s/ *$//; /^$/d')
    got=$(sed -n '/^hierarchy -top /,$p' "$OUT/ulx3s.ys")
    [ -n "$front" ] && [ "$got" = "$want" ] ||
      why="$why its commands after reading differ from flow.sh's front end + board_synth: $(diff <(echo "$got") <(echo "$want") | grep '^[<>]' | words);"
    if [ -z "$why" ]; then
      ok "ulx3s setup: the Yosys script reads the $(wc -l <<<"$read_src") sources, sets ROB=16, runs make fpga's $(wc -l <<<"$want") commands and writes $json"
    else bad "ulx3s setup: $OUT/ulx3s.ys:$why"; fi
  else
    bad "ulx3s setup: no Yosys script flattened from '$tcl' ($(head -2 "$OUT/ulx3s.ys.err" | words))"
  fi
else
  bad "ulx3s setup failed: $(grep -m2 -E 'ERROR|rror' "$OUT/ulx3s.log" | words) (log $OUT/ulx3s.log)"
fi

# 6 the launcher's Yosys call (a stub pyosys-yosys prints its arguments) and tcl2ys' bad input
mkdir -p "$OUT/launch/bin" "$OUT/launch/w"
printf '#!/bin/sh\necho "$@"\n' >"$OUT/launch/bin/pyosys-yosys"
chmod +x "$OUT/launch/bin/pyosys-yosys"
printf 'yosys -import\nread_verilog a.v\nyosys proc\nsynth_ecp5 -top t -json t.json\n' >"$OUT/launch/w/s.tcl"
got=$(cd "$OUT/launch/w" && STALLSCOPE_VENV=$OUT/launch/bin "$ROOT/fpga/flow/edalize_launcher.sh" yosys -l y.log -p 'tcl s.tcl')
if [ "$got" = "-l y.log -s s.tcl.ys" ] &&
   [ "$(cat "$OUT/launch/w/s.tcl.ys" 2>/dev/null)" = "$(printf 'read_verilog a.v\nproc\nsynth_ecp5 -top t -json t.json')" ]; then
  ok "launcher: yosys -p 'tcl s.tcl' runs pyosys-yosys -l y.log -s s.tcl.ys, the script flattened"
else bad "launcher: got '$got', script '$(words <"$OUT/launch/w/s.tcl.ys" 2>/dev/null)'"; fi
printf 'yosys -import\nread_verilog {a b.v}\n' >"$OUT/launch/w/bad.tcl"
if (cd "$OUT/launch/w" && tclsh "$ROOT/fpga/flow/tcl2ys.tcl" bad.tcl >bad.ys 2>bad.err); then
  bad "tcl2ys accepted a word with a space"
elif grep -q "bad.tcl: .read_verilog a b.v.: the word 'a b.v'" "$OUT/launch/w/bad.err"; then
  ok "tcl2ys rejects a word with a space: $(cat "$OUT/launch/w/bad.err")"
else bad "tcl2ys: unexpected message '$(words <"$OUT/launch/w/bad.err")'"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/bash
# Prove that the C-only targets need no RTL tool: run `make cli`, `make cli CFG=small` and
# `make model CFG=big` with a PATH that holds only a C compiler (cc, as, ld), ar, make and the
# few commands the recipes call, into a build directory of their own, then run what they built.
# verilator, iverilog, yosys, z3, clang, g++ and python3 must not be reachable on that PATH.
#
#   scripts/mk/cli_c_only.sh OUTDIR      (from the repository root; tests.txt: cli-c-only)
set -euo pipefail
out=${1:?usage: scripts/mk/cli_c_only.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=$out/bin
rm -rf "$bin" "$out/build"
mkdir -p "$bin"
for t in cc as ld ar make mkdir rm id; do
  p=$(command -v "$t") || { echo "cli_c_only: $t not found on PATH"; exit 1; }
  ln -s "$p" "$bin/$t"
done
for t in verilator iverilog yosys z3 clang g++ python3; do
  if PATH=$bin command -v "$t" >/dev/null 2>&1; then
    echo "cli_c_only: $t is reachable on the stripped PATH"; exit 1
  fi
done
echo "PATH=$bin: $(ls "$bin" | tr '\n' ' ')"
run() { echo "+ $*"; env -i HOME="$HOME" PATH="$bin" "$@"; }
run make -s cli BUILD="$out/build" CC=cc
run make -s cli CFG=small BUILD="$out/build" CC=cc
run make -s model CFG=big BUILD="$out/build" CC=cc
ls -l "$out/build/pmu_cli" "$out/build/pmu_cli_small" "$out/build/test_model_big"
run "$out/build/pmu_cli" --quiet verif/directed/smoke.stim
run "$out/build/pmu_cli_small" verif/directed/edge_history.stim | grep -E '^(params|result):'
run "$out/build/test_model_big" | tail -1
echo "cli_c_only: PASS"

#!/usr/bin/env bash
# The compiler hook of every Verilated build (Verilator's makefile puts $(OBJCACHE) before each
# compile: `vlcc.sh CXX ARGS...`).
#
# Every file goes through ccache when VLCC_CCACHE=1 (the Makefile's CCACHE=1): Verilator's
# runtime and the harnesses repeat across builds, and a mutant's build repeats its parent's
# harness. The generated files use ccache's depend mode (the compiler's -MMD list instead of a
# preprocessor pass, which would parse verilated.h once more).
# No precompiled header: each build compiles its generated code as two files (V__unity_fast,
# V__unity_slow; scripts/mk/vl_unity.mk) with flags of its own, so a precompiled verilated.h was
# made for one or two compiles and cost more than it saved (eight builds of make test: 211 s of
# CPU with it, 195 s without; the SystemC lockstep alone 60 s against 38 s, g++'s .gch of a
# header that includes systemc.h being slow to make and to load).
# Verilator's runtime (verilated*.cpp from its include directory: about 10 s of CPU per build) is
# compiled with the build's own flags, which differ between builds only where they cannot matter
# to it: the optimisation level (-O3 for the main run, -O2 elsewhere), -g, sanitizers and
# coverage instrumentation meant for the model and the harness. The hook compiles it at -O1 (-O0
# in a debug build and with g++, below) without those, so ccache finds it again in every build with the same compiler
# and defines (VM_TRACE, VM_SC, ...): a few distinct runtimes in make test instead of one per
# build. -O1: verilated.cpp compiles in 6.2 s instead of 8.0 (clang++), and the main run's eval
# loop lives in the generated code and the headers (callgrind: +0.07% instructions against -O2).
set -u
cxx=$1
shift
use_ccache() {
  if [ "${VLCC_CCACHE:-0}" = 1 ]; then exec ccache "$cxx" "$@"; else exec "$cxx" "$@"; fi
}
src=
for a in "$@"; do
  case $a in *.cpp) src=$a ;; esac
done
vlinc=$(dirname "$(command -v verilator)")/../share/verilator/include
[ -d "$vlinc" ] || vlinc=${VERILATOR_ROOT:-/usr/share/verilator}/include
# The g++ builds (SystemC, the DPI-C and FuseSoC test benches: timing or SystemC runtimes no
# clang++ build shares) compile it at -O0: their runs are a million cycles or less, and g++
# takes 4 s less per runtime at -O0 (verilated.cpp 8.2 -> 6.6 s, verilated_dpi.cpp 5.4 -> 3.3 s,
# verilated_threads.cpp 4.1 -> 3.5 s).
if [ "${src%/*}" -ef "$vlinc" ]; then
  opt=-O1 args=()
  for a in "$@"; do
    case $a in
      -O0) opt=-O0 ;;
      -O*) opt=-O1 ;;
      -g* | -fsanitize* | -fno-sanitize* | -fprofile* | -fcoverage* | -fno-omit-frame-pointer) ;;
      *) args+=("$a") ;;
    esac
  done
  case ${cxx##*/} in g++*) opt=-O0 ;; esac
  use_ccache "${args[@]}" "$opt"
fi
case ${src##*/} in
  V*.cpp) export CCACHE_DEPEND=1 ;;
esac
use_ccache "$@"

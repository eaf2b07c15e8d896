#!/usr/bin/env bash
# The compiler hook of every Verilated build (Verilator's makefile puts $(OBJCACHE) before each
# compile: `vlcc.sh CXX ARGS...`).
#
# Every C++ file Verilator generates starts with `#include "verilated.h"`, which pulls in most of
# the C++ standard library: about 0.8 s of a clang++ compile of one file, against a few tenths
# for the code of a small file itself. Verilator 5.006 has no precompiled-header option, so this
# hook gives the generated files (V*.cpp) a precompiled verilated.h: one per compiler and flag
# set (a build's fast and slow files differ in -O), made by the first compile that needs it, kept
# in $VLPCH_DIR under a hash of the compiler and flags, and shared by every build with the same
# flags. It cut the C++ of a main-run build from 38 to 28 s of CPU.
#   clang++: -include-pch FILE.pch
#   g++:     -include DIR/verilated.h with DIR/verilated.h.gch beside it (g++ takes the .gch)
# Verilator's runtime (verilated*.cpp from its include directory: about 10 s of CPU per build) is
# compiled with the build's own flags, which differ between builds only where they cannot matter
# to it: the optimisation level (-O3 for the main run, -O2 elsewhere), -g, sanitizers and
# coverage instrumentation meant for the model and the harness. The hook compiles it at -O1 (-O0
# in a debug build) without those, so ccache finds it again in every build with the same compiler
# and defines (VM_TRACE, VM_SC, ...): a few distinct runtimes in make test instead of one per
# build. -O1: verilated.cpp compiles in 6.2 s instead of 8.0 (clang++), and the main run's eval
# loop lives in the generated code and the headers (callgrind: +0.07% instructions against -O2).
# With VLCC_CCACHE=1 every file goes through ccache: Verilator's runtime and the harnesses repeat
# across builds, and so do most generated files of a mutant's build (it changes one module). The
# generated files use ccache's depend mode (the compiler's -MMD list instead of a preprocessor
# pass, which would cost 0.2 s per file and parse verilated.h again). Without VLPCH_DIR every
# file is compiled as given.
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
  use_ccache "${args[@]}" "$opt"
fi
case ${src##*/} in
  V*.cpp) [ -n "${VLPCH_DIR:-}" ] || use_ccache "$@" ;;
  *) use_ccache "$@" ;;
esac

# the flags that shape the header: everything but the source, the output and the dependency file
flags=()
skip=0
for a in "$@"; do
  if [ "$skip" = 1 ]; then skip=0; continue; fi
  case $a in
    -c | -MMD | -MD | -MP | "$src") ;;
    -o | -MF | -MT | -MQ) skip=1 ;;
    *) flags+=("$a") ;;
  esac
done
header=$vlinc/verilated.h
[ -f "$header" ] || exec "$cxx" "$@"
# the key: compiler, flags, and Verilator's headers (a new Verilator gets new headers)
ver=$("$cxx" --version 2>&1 | head -n 1)
key=$( { printf '%s\n' "$cxx" "${flags[@]}" "$ver"
         stat -c '%n %s %Y' "${header%/*}"/*.h; } | md5sum | cut -c1-16)
dir=$VLPCH_DIR/$key
case $ver in
  *clang*) pch=$dir/verilated.pch; use=(-include-pch "$pch") ;;
  *) pch=$dir/verilated.h.gch; use=(-include "$dir/verilated.h") ;;
esac
if [ ! -f "$pch" ]; then
  mkdir -p "$dir"
  (
    flock 9
    if [ ! -f "$pch" ]; then
      ln -sf "$header" "$dir/verilated.h"
      "$cxx" "${flags[@]}" -x c++-header "$header" -o "$pch.$$" 2>"$dir/pch.log" &&
        mv "$pch.$$" "$pch"
      rm -f "$pch.$$"
    fi
  ) 9>"$dir/lock"
fi
# a header that would not precompile leaves the compile as it was (pch.log says why)
[ -f "$pch" ] || use_ccache "$@"
if [ "${VLCC_CCACHE:-0}" = 1 ]; then
  export CCACHE_DEPEND=1
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
  exec ccache "$cxx" "${use[@]}" "$@"
fi
exec "$cxx" "${use[@]}" "$@"

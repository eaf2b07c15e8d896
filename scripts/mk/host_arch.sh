#!/bin/sh
# scripts/mk/host_arch.sh COMPILER...: the flags of the main run's host instruction set
# (sim/main/run.mk RUN_ARCH): x86-64-v3 with floating-point contraction off when this machine's
# CPU has every feature of the level (Linux /proc/cpuinfo) and every compiler given takes it;
# else nothing (the compilers' default).
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null) || exit 0
for x in avx avx2 bmi1 bmi2 fma movbe f16c abm; do
  case " $flags " in
    *" $x "*) ;;
    *) exit 0 ;;
  esac
done
for c in "$@"; do
  $c -march=x86-64-v3 -E -x c /dev/null >/dev/null 2>&1 || exit 0
done
echo "-march=x86-64-v3 -ffp-contract=off"

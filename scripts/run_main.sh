#!/usr/bin/env bash
# `make run`: the main job. Until the core stub lands (issue 3) it is:
#  1. a lockstep co-simulation of the PMU RTL and the C model on constrained-random traffic
#     (CYCLES cycles, SEED), compared every cycle;
#  2. the built-in demo workload sim/demo.stim on the RTL + model in lockstep, and the same file
#     on the C model CLI, which prints every counter, status register and CPI stack.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD:-build}
SEED=${SEED:-1}
CYCLES=${CYCLES:-1000000}
"$B/lockstep_default/Vpmu_lockstep" --seed "$SEED" --cycles "$CYCLES"
"$B/lockstep_default/Vpmu_lockstep" --stim sim/demo.stim
"$B/pmu_cli" sim/demo.stim

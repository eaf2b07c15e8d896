#!/usr/bin/env bash
# make soak (docs/verification.md): the tests tagged soak in verif/regress/tests.txt (1.06e9
# random lockstep cycles over every parameter set and both counter storages, 120 X-reset seeds)
# as a Slurm job array through scripts/regress/regress_slurm.sh: on the cluster this host already
# reaches (sinfo answers), else on a throwaway single-node cluster started here
# (scripts/regress/slurm_local.sh; needs root, installs Slurm when missing), else, with neither,
# the same shards one after the other on this host (said so). Output in SOAK_OUT: the merged
# JUnit, JSON summary (totals, merged coverage, a reproduce command per failing run), per-run logs.
#
# An interrupted soak resumes: `make soak` again with the same SOAK_OUT keeps every finished run
# and runs the others (the same commit and settings are required; SOAK_FRESH=1 starts over).
#   SOAK_OUT    output directory (default $BUILD/soak)
#   SOAK_TASKS  array tasks (default 24): runs are dealt round-robin, the soak's shard size
#   SOAK_SCALE  multiplies every cycles= of the soak tests (default 1; 0.01 for a quick look)
#   SOAK_SEED   base seed (default: from the clock; printed, kept in SOAK_OUT for --resume)
#   SOAK_FRESH  1: discard SOAK_OUT's earlier soak
# Ends with the merge's "N passed, N failed"; exit status non-zero when a run failed.
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
OUT=${SOAK_OUT:-$B/soak}
TASKS=${SOAK_TASKS:-24}
SCALE=${SOAK_SCALE:-1}
PY=${PYTHON:-python3}
CL=scripts/regress/slurm_local.sh
export PATH=$PATH:/usr/sbin:/sbin

die() { echo "soak: $*" >&2; exit 2; }
[[ $TASKS =~ ^[1-9][0-9]*$ ]] || die "SOAK_TASKS=$TASKS: a positive number"
[[ $SCALE =~ ^[0-9]*\.?[0-9]+$ ]] || die "SOAK_SCALE=$SCALE: a positive number"
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd) || die "cannot create $OUT"

# what this soak is: the commit (and uncommitted changes), the settings. A resume needs the same.
ident="commit $(git rev-parse HEAD 2>/dev/null || echo none) changes $(git diff HEAD 2>/dev/null | sha256sum | cut -c1-12) tasks $TASKS scale $SCALE"
resume=()
if [ "${SOAK_FRESH:-0}" = 1 ]; then
  rm -rf "$OUT"/shard-* "$OUT/soak.ident" "$OUT/tasks" "$OUT/base_seed"
elif [ -f "$OUT/soak.ident" ] && [ -d "$OUT/shard-0" ]; then
  [ "$(cat "$OUT/soak.ident")" = "$ident" ] ||
    die "$OUT holds a soak of another commit or settings ($(cat "$OUT/soak.ident")); SOAK_FRESH=1 starts over"
  resume=(--resume)
fi
if [ ${#resume[@]} = 0 ]; then
  seed=${SOAK_SEED:-$(( $(date +%s) % 1000000 ))}
  [[ $seed =~ ^[0-9]+$ ]] || die "SOAK_SEED=$seed: a number"
  seedarg=(--base-seed "$seed")
else
  seed=$(cat "$OUT/base_seed"); seedarg=()
fi
echo "$ident" >"$OUT/soak.ident"
args=(--tests verif/regress/tests.txt --tags soak --cycles-scale "$SCALE" --brief "${seedarg[@]}" "${resume[@]}")
runs=$("$PY" scripts/regress/regress.py "${args[@]}" --base-seed "$seed" --exclude-tags build --list | tail -n 1)
echo "soak: ${runs%% in shard*}, base seed $seed, $TASKS array tasks, cycles x $SCALE${resume:+, resuming $OUT}"

t0=$(date +%s)
finish() {
  echo "soak: wall time $(( $(date +%s) - t0 )) s"
  if [ -f "$OUT/summary.json" ]; then
    "$PY" - "$OUT/summary.json" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
t, c = s["totals"], s["coverage"]
print("soak: lockstep: %d cycles co-simulated against the C model in %d runs; coverage %s/%s bins; JSON %s"
      % (t["lockstep_cycles"], t["runs"], c.get("bins_hit"), c.get("bins_total"), sys.argv[1]))
EOF
  fi
  [ -f "$OUT/merge.log" ] && tail -n 1 "$OUT/merge.log" || echo "0 passed, 1 failed"
}

if sinfo -h >/dev/null 2>&1; then
  echo "soak: submitting to the cluster sinfo reaches ($(sinfo -h -o '%D nodes, %C cpus (A/I/O/T)' | head -1))"
elif why=$($CL check) || { [ "$(id -u)" = 0 ] && $CL install; }; then
  T=$OUT/cluster
  # on any exit (an interruption too): end the submission, cancel the jobs, stop the cluster;
  # the finished runs stay for the next make soak
  trap 'trap "" INT TERM; [ -n "${sub:-}" ] && { pkill -TERM -P "$sub"; kill "$sub"; } 2>/dev/null; $CL stop "$T"' EXIT
  trap 'echo "soak: interrupted; make soak again resumes"; exit 130' INT TERM
  env=$($CL start "$T") || die "the throwaway cluster did not come up (logs above)"
  eval "$env"
  echo "soak: throwaway single-node cluster up ($(nproc) cpus, state in $T)"
else
  echo "soak: no Slurm here ($why); running the $TASKS shards on this host instead"
  "$PY" scripts/regress/regress.py "${args[@]}" --with-tags build --out "$OUT/build" >"$OUT/build.log" 2>&1 ||
    { tail -20 "$OUT/build.log"; die "build failed ($OUT/build.log)"; }
  echo "$TASKS" >"$OUT/tasks"; echo "$seed" >"$OUT/base_seed"
  for ((i = 0; i < TASKS; i++)); do
    "$PY" scripts/regress/regress.py "${args[@]}" --base-seed "$seed" --exclude-tags build --shard "$i/$TASKS" \
      -j "$(nproc)" --out "$OUT/shard-$i" >"$OUT/shard-$i.log" 2>&1
    echo "soak: shard $i/$TASKS: $(tail -n 1 "$OUT/shard-$i.log")"
  done
  scripts/regress/regress_slurm.sh merge "$OUT" >/dev/null
  finish; [ "$(tail -n 1 "$OUT/merge.log")" = "${runs%% of*} passed, 0 failed" ]; exit
fi
# in the background, so that a signal reaches the traps above at once (sbatch --wait holds it)
scripts/regress/regress_slurm.sh submit -n "$TASKS" --wait "$OUT" "${args[@]}" &
sub=$!
wait "$sub"
rc=$?
sub=""
finish
exit $rc

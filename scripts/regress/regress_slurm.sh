#!/usr/bin/env bash
#SBATCH --job-name=stallscope-regress
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.out
# StallScope regression on a Slurm cluster (docs/regression.md): a job array in which task I of N
# runs shard I/N of scripts/regress/regress.py into OUT/shard-I, then one merge job that combines them
# into OUT/junit.xml, OUT/summary.json and OUT/merge.log (console summary, last line
# "N passed, N failed"). OUT must be on a file system every node sees, like the repository.
#
#   scripts/regress/regress_slurm.sh submit [-n TASKS] [--wait] [--sbatch "OPTS"] OUT [REGRESS OPTIONS...]
#       submits the array (TASKS tasks, default 4) and the merge job (afterany: it runs even when
#       a task fails, and reports missing shards). With --wait, waits for the merge and exits
#       with its status. REGRESS OPTIONS go to every shard, e.g. --tests FILE --seeds 8.
#       The base seed is fixed here (--base-seed, default: from the clock) so all shards agree.
#       With --resume among the REGRESS OPTIONS: goes on with OUT's earlier submission (same -n,
#       its base seed unless given): each shard keeps the runs that passed (regress.py --resume).
#   sbatch --array=0-3 scripts/regress/regress_slurm.sh OUT [REGRESS OPTIONS...]     (what submit does)
#       inside an array task: runs shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT.
#   scripts/regress/regress_slurm.sh merge OUT       merges OUT/shard-* (also what the merge job runs)
#
# The binaries the tests run are built before submitting, once, on the submitting host: the
# selected tests tagged build (regress.py --with-tags build, into OUT/build); the array tasks run the
# other tests (--exclude-tags build). Waveform builds for failing runs are made on demand by the
# task that needs one.
set -u

here=${SLURM_SUBMIT_DIR:-$PWD}
# the repository: this script's parent directory (sbatch copies the script, so inside a job
# the submit directory, which submit sets to the repository, is used instead)
if [ -n "${SLURM_JOB_ID:-}" ]; then ROOT=$here; else ROOT=$(cd "$(dirname "$0")/../.." && pwd); fi
cd "$ROOT" || exit 2
PY=${PYTHON:-python3}

die() { echo "regress_slurm: $*" >&2; exit 2; }

merge() {
  local out=$1
  local dirs=("$out"/shard-*)
  [ -e "${dirs[0]}" ] || die "$out: no shard-* directory"
  # every shard the array was submitted with, so a task that never ran is reported missing
  if [ -f "$out/tasks" ]; then
    local n; n=$(cat "$out/tasks"); dirs=()
    for ((i = 0; i < n; i++)); do dirs+=("$out/shard-$i"); done
  fi
  "$PY" scripts/regress/regress.py --merge "${dirs[@]}" --out "$out" 2>&1 | tee "$out/merge.log"
  return "${PIPESTATUS[0]}"
}

case "${1:-}" in
  submit)
    shift
    tasks=4; wait=0; sb=()
    while [ $# -gt 0 ]; do
      case $1 in
        -n) tasks=${2:?-n needs a number}; shift 2 ;;
        --wait) wait=1; shift ;;
        --sbatch) read -r -a sb <<<"${2:?--sbatch needs options}"; shift 2 ;;
        *) break ;;
      esac
    done
    [ $# -ge 1 ] || die "usage: $0 submit [-n TASKS] [--wait] [--sbatch OPTS] OUT [REGRESS OPTIONS...]"
    [[ $tasks =~ ^[1-9][0-9]*$ ]] || die "-n $tasks: a positive number"
    out=$1; shift
    command -v sbatch >/dev/null || die "sbatch not found (no Slurm client on this host)"
    mkdir -p "$out" && out=$(cd "$out" && pwd)
    args=("$@")
    resume=0
    case " ${args[*]-} " in *" --resume "*) resume=1 ;; esac
    if [ $resume = 1 ]; then
      # go on with the shards of the earlier submission: same task count, same base seed
      [ -f "$out/tasks" ] || die "--resume: $out has no earlier submission (no $out/tasks)"
      [ "$(cat "$out/tasks")" = "$tasks" ] || die "--resume: $out was submitted with $(cat "$out/tasks") tasks, not $tasks (-n)"
      case " ${args[*]} " in *" --base-seed "*) ;; *) args+=(--base-seed "$(cat "$out/base_seed")") ;; esac
      rm -f "$out/summary.json" "$out/junit.xml" "$out/merge.log"
    else
      rm -rf "$out"/shard-* "$out/summary.json" "$out/junit.xml" "$out/merge.log"
      case " ${args[*]-} " in *" --base-seed "*) ;; *) args+=(--base-seed "$(( $(date +%s) % 1000000 ))") ;; esac
    fi
    bs=""; prev=""
    for a in "${args[@]}"; do [ "$prev" = --base-seed ] && bs=$a; prev=$a; done
    echo "$bs" >"$out/base_seed"
    # refuse a broken test list before anything is queued
    "$PY" scripts/regress/regress.py "${args[@]}" --list >/dev/null || die "the runner rejects these options (see above)"
    if [ "${REGRESS_SLURM_BUILD:-1}" = 1 ]; then
      "$PY" scripts/regress/regress.py "${args[@]}" --with-tags build --out "$out/build" >"$out/build.log" 2>&1 \
        || { tail -20 "$out/build.log"; die "build failed (the list's build tests: $out/build.log)"; }
    fi
    echo "$tasks" >"$out/tasks"
    jid=$(sbatch --parsable --array=0-$((tasks - 1)) -D "$ROOT" -o "$out/slurm-%A_%a.out" "${sb[@]}" \
            "$ROOT/scripts/regress/regress_slurm.sh" "$out" "${args[@]}") || die "sbatch (array) failed"
    jid=${jid%%;*}
    w=(); [ $wait = 1 ] && w=(--wait)
    echo "regress_slurm: array job $jid ($tasks tasks) -> $out/shard-0..$((tasks - 1))"
    echo "regress_slurm: merge job after it -> $out/junit.xml $out/summary.json $out/merge.log"
    mid=$(sbatch --parsable --dependency=afterany:"$jid" --kill-on-invalid-dep=no -D "$ROOT" \
            -J stallscope-merge -o "$out/slurm-merge-%j.out" "${sb[@]}" "${w[@]}" \
            "$ROOT/scripts/regress/regress_slurm.sh" merge "$out")
    rc=$?
    mid=${mid%%;*}
    echo "$jid" >"$out/array_job"; echo "$mid" >"$out/merge_job"
    if [ $wait = 1 ]; then
      echo "regress_slurm: merge job $mid finished (status $rc)"
      [ -f "$out/merge.log" ] && tail -n 1 "$out/merge.log"
      exit $rc
    fi
    [ $rc = 0 ] || die "sbatch (merge) failed"
    echo "regress_slurm: merge job $mid"
    ;;
  merge)
    [ $# = 2 ] || die "usage: $0 merge OUT"
    merge "$2"
    ;;
  "" | -h | --help)
    sed -n '/^# StallScope/,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    ;;
  *)
    # an array task: shard SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT
    out=$1; shift
    [ -n "${SLURM_ARRAY_TASK_ID:-}" ] || die "not inside a Slurm array task (use: $0 submit ...)"
    i=$SLURM_ARRAY_TASK_ID
    n=${SLURM_ARRAY_TASK_COUNT:-$(( ${SLURM_ARRAY_TASK_MAX:?} - ${SLURM_ARRAY_TASK_MIN:-0} + 1 ))}
    echo "regress_slurm: task $i of $n on $(hostname -s), job ${SLURM_ARRAY_JOB_ID:-?}"
    exec "$PY" scripts/regress/regress.py "$@" --exclude-tags build --shard "$i/$n" -j "${SLURM_CPUS_PER_TASK:-1}" \
      --out "$out/shard-$i"
    ;;
esac

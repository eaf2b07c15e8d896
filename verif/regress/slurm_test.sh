#!/usr/bin/env bash
# The regression runner's cluster path, for real (docs/regression.md): a throwaway single-node
# Slurm cluster on localhost (Debian's slurmctld, slurmd, munge), all state in a temp dir, runs a
# small regression submitted by scripts/regress/regress_slurm.sh as a 4-task job array plus its merge
# job; the merged JUnit and JSON must hold every run of the list, all passing, from 4 shards.
# Installs the packages when root and missing; as non-root prints SKIP and the reason. Daemons
# are stopped by pid (slurmd, slurmctld, munged) on every exit. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
B=${BUILD:-build}
TASKS=4
PKGS="slurmctld slurmd slurm-client munge"
. verif/regress/checks.sh   # pass/fail counters, ok, bad, check
finish() { echo; echo "$pass passed, $fail failed"; [ $fail -eq 0 ]; exit; }

export PATH=$PATH:/usr/sbin:/sbin   # the daemons live in sbin, often not in a user's PATH
missing=""
for c in slurmctld slurmd sbatch squeue scontrol munged; do
  p=$(command -v "$c") || missing="$missing $c"
done
if [ "$(id -u)" != 0 ]; then
  if [ -n "$missing" ]; then
    echo "SKIP slurm: not root and not installed (missing:$missing); as root this test runs" \
         "apt-get install -y --no-install-recommends $PKGS"
  else
    echo "SKIP slurm: not root: the throwaway cluster's slurmd must run as root to start jobs"
  fi
  finish
fi
t_all=$SECONDS
if [ -n "$missing" ]; then
  t0=$SECONDS
  if (apt-get install -y -q --no-install-recommends $PKGS || { apt-get update -q && apt-get install -y -q --no-install-recommends $PKGS; }) \
       >/tmp/slurm_test_apt.$$.log 2>&1 < /dev/null; then
    ok "installed $PKGS ($((SECONDS-t0)) s)"
  else
    tail -20 /tmp/slurm_test_apt.$$.log; bad "apt-get install $PKGS"; finish
  fi
  rm -f /tmp/slurm_test_apt.$$.log
fi
echo "slurm $(slurmd -V 2>&1 | head -1), $(munged -V 2>&1 | head -1)"

T=$(mktemp -d "${TMPDIR:-/tmp}/slurm-test.XXXXXX")
chmod 755 "$T"
pids=()
cleanup() {
  # stop the daemons we started, by pid, in order: slurmd, slurmctld, munged
  local p
  for p in "${pids[@]}"; do
    kill "$p" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null
  done
  wait 2>/dev/null
  rm -rf "$T"
}
trap 'cleanup' EXIT
trap 'exit 130' INT TERM

# what the shards run: built once here, before the cluster starts
LS=$B/lockstep_default/Vpmu_lockstep
make -s "$LS" >"$T/build.log" 2>&1 || { tail -20 "$T/build.log"; bad "build $LS"; finish; }

HOST=$(hostname -s)
mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/out"
chmod 700 "$T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$T/munge/munge.key"
SOCK=$T/munge/munge.socket
cat >"$T/slurm.conf" <<EOF
ClusterName=regresstest
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCK
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,bf_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MinJobAge=600
ReturnToService=2
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=regress Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$T/slurm.conf

t0=$SECONDS
munged -F --force --key-file="$T/munge/munge.key" --socket="$SOCK" --pid-file="$T/munge/munged.pid" \
  --log-file="$T/munge/munged.log" --seed-file="$T/munge/munged.seed" >"$T/munged.out" 2>&1 &
mpid=$!
for _ in $(seq 50); do [ -S "$SOCK" ] && break; sleep 0.1; done
slurmctld -D -i >"$T/slurmctld.out" 2>&1 &
cpid=$!
slurmd -D -N "$HOST" >"$T/slurmd.out" 2>&1 &
dpid=$!
pids=("$dpid" "$cpid" "$mpid")
state=""
for _ in $(seq 150); do
  state=$(sinfo -h -N -o %T 2>/dev/null | head -1)
  [ "$state" = idle ] && break
  sleep 0.2
done
if [ "$state" = idle ]; then
  ok "single-node cluster up: $HOST idle ($((SECONDS-t0)) s; state in a temp dir)"
else
  bad "cluster did not come up (node state '$state')"
  for f in munged.out munge/munged.log slurmctld.out slurmctld.log slurmd.out slurmd.log; do
    [ -s "$T/$f" ] && { echo "--- $f"; tail -8 "$T/$f"; }
  done
  finish
fi

# the regression: random lockstep with coverage and directed tests, spread over 4 array tasks
cat >"$T/tests.txt" <<EOF
rand seeds=4 cycles=5000 pass="0 mismatches" fail=MISMATCH fail=FAIL cov={outdir}/cov.txt \\
  -- $LS --seed {seed} --cycles {cycles} --cov-out {outdir}/cov.txt
dir-{stem} seeds=once foreach=verif/directed/[a-e]*.stim pass="0 mismatches" fail=MISMATCH -- $LS --stim {item}
EOF
OUT=$T/out
nruns=$(python3 scripts/regress/regress.py --tests "$T/tests.txt" --base-seed 77 --list | grep -vc ' runs in shard ')
t0=$SECONDS
REGRESS_SLURM_BUILD=0 scripts/regress/regress_slurm.sh submit -n $TASKS --wait "$OUT" --tests "$T/tests.txt" --base-seed 77 \
  >"$T/submit.log" 2>&1
rc=$?
secs=$((SECONDS-t0))
sed 's/^/    | /' "$T/submit.log"
if [ $rc = 0 ]; then ok "job array of $TASKS tasks + merge job finished, merge exit 0 ($secs s)"
else
  bad "submit/merge exit $rc ($secs s)"
  for f in "$OUT"/slurm-*.out; do [ -f "$f" ] && { echo "--- $(basename "$f")"; tail -5 "$f"; }; done
  tail -5 "$T/slurmctld.log"
fi

aj=$(cat "$OUT/array_job" 2>/dev/null)
states=$(scontrol -o show job "$aj" 2>/dev/null | grep -o 'JobState=[A-Z]*' | sort | uniq -c | awk '{printf "%s%d x %s", (NR > 1 ? ", " : ""), $1, substr($2, 10)}')
if [ -n "$aj" ] && [ "$(scontrol -o show job "$aj" | grep -c 'JobState=COMPLETED')" = $TASKS ]; then
  ok "all $TASKS array tasks COMPLETED ($states)"
else
  bad "array task states: ${states:-none}"
fi

if python3 - "$OUT" "$nruns" "$TASKS" <<'EOF'
import json, os, sys, xml.etree.ElementTree as ET
out, n, tasks = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
s = json.load(open(os.path.join(out, "summary.json")))
assert s["mode"] == "merge" and s["problems"] == [], s.get("problems")
assert [x["index"] for x in s["shards"]] == list(range(tasks)), s["shards"]
assert all(x["count"] == tasks and x["runs"] >= 1 for x in s["shards"]), s["shards"]
t = s["totals"]
assert s["runs_total"] == n and (t["runs"], t["passed"], t["failed"], t["skipped"]) == (n, n, 0, 0), t
# the merge sums the shards' lockstep cycles (the rand test's runs each co-simulate some)
assert t["lockstep_cycles"] == sum(r.get("lockstep_cycles", 0) for r in s["runs"]) > 0, t
ids = sorted(r["id"] for r in s["runs"])
assert len(set(ids)) == n and all(r["status"] == "pass" for r in s["runs"])
assert sorted(r["seed"] for r in s["runs"] if r["test"] == "rand") == [77, 78, 79, 80]
root = ET.parse(os.path.join(out, "junit.xml")).getroot()
cases = sorted(c.get("name") for c in root.iter("testcase"))
assert cases == ids and root.get("tests") == str(n) and root.get("failures") == "0" and root.get("errors") == "0"
assert not list(root.iter("failure")) and not list(root.iter("error")) and not list(root.iter("skipped"))
c = s["coverage"]
assert c["files"] == 4 and c["cycles"] == 4 * 5000 and c["bins_total"] > 0, c
for i in range(tasks):  # each shard's runs really ran in its own directory
    sh = json.load(open(os.path.join(out, "shard-%d" % i, "summary.json")))
    assert sh["shard"] == {"index": i, "count": tasks}
    for r in sh["runs"]:
        assert r["index"] % tasks == i and os.path.isfile(os.path.join(r["dir"], "log.txt"))
print("merged: %d runs from %d shards, all passed; coverage %d/%d bins over %d runs" % (
    n, tasks, c["bins_hit"], c["bins_total"], c["files"]))
EOF
then ok "merged JUnit and JSON: all $nruns runs present and passing, from $TASKS shards"
else bad "merged JUnit/JSON check"; tail -5 "$OUT/merge.log" 2>/dev/null
fi
if [ "$(tail -n 1 "$OUT/merge.log" 2>/dev/null)" = "$nruns passed, 0 failed" ]; then
  ok "merge console summary ends with '$nruns passed, 0 failed'"
else
  bad "merge console summary last line: '$(tail -n 1 "$OUT/merge.log" 2>/dev/null)'"
fi
echo "    (whole cluster test $((SECONDS-t_all)) s)"
finish

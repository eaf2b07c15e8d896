#!/usr/bin/env bash
# The regression runner's cluster path, for real (docs/regression.md): a throwaway single-node
# Slurm cluster on localhost (scripts/regress/slurm_local.sh), all state in a temp dir, runs a
# small regression submitted by scripts/regress/regress_slurm.sh as a 4-task job array plus its merge
# job; the merged JUnit and JSON must hold every run of the list, all passing, from 4 shards;
# then, after an interruption (runs and a shard lost), --resume runs only what was lost.
# Installs the packages when root and missing; as non-root prints SKIP and the reason. Daemons
# are stopped by pid (slurmd, slurmctld, munged) on every exit. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
B=${BUILD:-build}
TASKS=4
. verif/regress/checks.sh   # pass/fail counters, ok, bad, check
finish() { echo; echo "$pass passed, $fail failed"; [ $fail -eq 0 ]; exit; }

export PATH=$PATH:/usr/sbin:/sbin   # the daemons live in sbin, often not in a user's PATH
CL=scripts/regress/slurm_local.sh   # the throwaway cluster
if ! why=$($CL check); then
  if [ "$(id -u)" != 0 ]; then echo "SKIP slurm: $why"; finish; fi
  t0=$SECONDS
  if $CL install; then ok "installed Slurm and munge ($((SECONDS-t0)) s)"; else bad "install Slurm and munge"; finish; fi
fi
t_all=$SECONDS
echo "slurm $(slurmd -V 2>&1 | head -1), $(munged -V 2>&1 | head -1)"

T=$(mktemp -d "${TMPDIR:-/tmp}/slurm-test.XXXXXX")
chmod 755 "$T"
trap 'trap "" INT TERM; $CL stop "$T/cluster"; rm -rf "$T"' EXIT
trap 'exit 130' INT TERM

# what the shards run: built once here, before the cluster starts
LS=$B/lockstep_default/Vpmu_lockstep
make -s "$LS" >"$T/build.log" 2>&1 || { tail -20 "$T/build.log"; bad "build $LS"; finish; }

t0=$SECONDS
if env=$($CL start "$T/cluster"); then
  eval "$env"
  ok "single-node cluster up: $(hostname -s) idle ($((SECONDS-t0)) s; state in a temp dir)"
else
  bad "cluster did not come up"; finish
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
  tail -5 "$T/cluster/slurmctld.log"
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
# an interruption: shard 1 lost its summary and one run, shard 2 lost everything; --resume
# submits the same array again, and only the lost runs run again
rm -f "$OUT/shard-1/summary.json"
lost=$(ls -d "$OUT"/shard-1/runs/*/ | head -1); lost=${lost%/}; rm -f "$lost/run.json"
rm -rf "$OUT/shard-2"
REGRESS_SLURM_BUILD=0 scripts/regress/regress_slurm.sh submit -n $TASKS --wait "$OUT" --tests "$T/tests.txt" --resume \
  >"$T/resume.log" 2>&1
rc=$?
if [ $rc = 0 ] && python3 - "$OUT" "$nruns" "$TASKS" "$(basename "$lost")" <<'EOF'
import json, os, sys
out, n, tasks, lost = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
s = json.load(open(os.path.join(out, "summary.json")))
t = s["totals"]
assert (t["runs"], t["passed"], t["failed"]) == (n, n, 0) and s["base_seed"] == 77, (t, s["base_seed"])
again = {}
for i in range(tasks):
    sh = json.load(open(os.path.join(out, "shard-%d" % i, "summary.json")))
    again[i] = sorted(r["id"] for r in sh["runs"] if not r.get("resumed"))
    if i not in (1, 2):
        assert again[i] == [], (i, again[i])
assert again[1] == [lost], again[1]
assert len(again[2]) == sum(1 for r in s["runs"] if r["index"] % tasks == 2) > 0, again[2]
print("resumed: shard 1 ran %s again, shard 2 all %d runs, shards 0 and 3 none" % (lost, len(again[2])))
EOF
then ok "--resume after an interruption: only the lost runs ran again, merge '$(tail -n 1 "$OUT/merge.log")'"
else bad "--resume (exit $rc)"; sed 's/^/    | /' "$T/resume.log" | tail -20
fi
echo "    (whole cluster test $((SECONDS-t_all)) s)"
finish

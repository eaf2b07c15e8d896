#!/usr/bin/env bash
# Self-test of the regression runner (scripts/regress/regress.py, docs/regression.md):
#  - pass rule: exit 0 + pass marker + no fail marker, each broken on its own; exit status 77
#    is a skip (neither passed nor failed);
#  - a small real regression: per-run directories (log, seed, cmd.sh that reproduces the run),
#    JUnit (one testcase per test.seed), JSON summary, coverage merged by bin name;
#  - shards: deterministic partition, the merge of 2 shards equals the unsharded run; a missing
#    shard fails the merge;
#  - --resume: only the runs that did not finish or did not pass run again, with the same totals;
#  - coverage files: name-driven merge, malformed files rejected with FILE:LINE and the rule;
#  - time limits (a command that sleeps fails with "timeout after N s: RUN (log: ...)"), tags
#    (--tags, --exclude-tags), needs= (order, a failed need stops its needers), pass=-;
#  - a deliberately broken RTL (a mutant of scripts/run/mutants.txt, built with FST tracing) fails, is
#    rerun automatically with a waveform of the cycles before the first divergence, and the .gtkw
#    opens that .fst on signals that exist in it.
# Ends with "N passed, N failed"; exit status non-zero on any failure.
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
B=${BUILD:-build}
T=$(mktemp -d "${TMPDIR:-/tmp}/regress-selftest.XXXXXX")
trap '[ -n "${KEEP_T:-}" ] || rm -rf "$T"' EXIT
PY=python3
R="$PY scripts/regress/regress.py"
. verif/regress/checks.sh   # pass/fail counters, ok, bad, check
# last line of a file
lastline() { tail -n 1 "$1"; }

echo "== building what the runs need"
MUT=$B/regress_mut
LS=$B/lockstep_default/Vpmu_lockstep
make -s "$LS" >"$T/build.log" 2>&1 || { cat "$T/build.log"; bad "build $LS"; echo "$pass passed, $fail failed"; exit 1; }

# The mutant: the first of scripts/run/mutants.txt's mutants whose pattern still matches exactly once,
# applied to a copy of rtl/ that is only rewritten when its content changes (so the traced build
# is reused while rtl/ and the harness are unchanged).
MUTANTS=()
while IFS= read -r m; do case $m in ''|'#'*) ;; *) MUTANTS+=("$m") ;; esac; done < scripts/run/mutants.txt
mkdir -p "$MUT/rtl" "$T/mut"
cp rtl/pmu/*.v rtl/pmu/*.vh "$T/mut/"   # the RTL the build reads (not data/ or the .core file)
mut=""
for m in "${MUTANTS[@]}"; do
  IFS='|' read -r name file subst what <<<"$m"
  case $name in edge|chain|stack-cause) ;; *) continue ;; esac
  f=$T/mut/$(basename "$file")
  n=$(perl -ne "\$n++ if $subst; END { print \$n+0 }" "$f")
  if [ "$n" = 1 ]; then perl -pi -e "$subst" "$f"; mut="$name ($what)"; break; fi
done
if [ -z "$mut" ]; then
  bad "no mutant of scripts/run/mutants.txt matches rtl/ any more (update its patterns)"
  echo "$pass passed, $fail failed"; exit 1
fi
for f in "$T"/mut/*; do
  cmp -s "$f" "$MUT/rtl/$(basename "$f")" || cp "$f" "$MUT/rtl/"
done
for f in "$MUT"/rtl/*; do [ -e "$T/mut/$(basename "$f")" ] || rm -f "$f"; done
MBIN=$MUT/lockstep_wave/Vpmu_lockstep
t0=$SECONDS
if make -s BUILD="$MUT" VLCACHE="$(realpath -m "$B")" PMU_RTL="$MUT/rtl" "$MBIN" >"$T/mut_build.log" 2>&1; then
  ok "mutant '$mut' built with FST tracing ($((SECONDS-t0)) s)"
else
  bad "mutant build"; tail -20 "$T/mut_build.log"
fi

echo "== the pass rule: exit 0, the pass marker, no fail marker"
cat >"$T/rule.txt" <<'EOF'
good    pass=done fail=BAD -- /bin/sh -c "echo all done"
nomark  pass=done fail=BAD -- /bin/sh -c "echo all finished"
badmark pass=done fail=BAD -- /bin/sh -c "echo all done; echo something BAD happened"
exit3   pass=done fail=BAD -- /bin/sh -c "echo all done; exit 3"
nobin   pass=done          -- ./no/such/binary
EOF
$R --tests "$T/rule.txt" --out "$T/rule" -j 2 >"$T/rule.out" 2>&1
rc=$?
check "pass rule: exit status 1 when any run fails" test $rc = 1
check "pass rule: last line is '1 passed, 4 failed'" test "$(lastline "$T/rule.out")" = "1 passed, 4 failed"
check "pass rule: each failure says why" $PY - "$T/rule/summary.json" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
st = {r["id"]: (r["status"], r.get("message", "")) for r in s["runs"]}
want = {"good.1": ("pass", ""), "nomark.1": ("fail", "pass marker 'done' not printed"),
        "badmark.1": ("fail", "something BAD happened"), "exit3.1": ("fail", "exit status 3"),
        "nobin.1": ("fail", "cannot run")}
for k, (status, why) in want.items():
    assert st[k][0] == status and why in st[k][1], (k, st[k])
EOF

echo "== exit status 77: skipped, neither passed nor failed"
cat >"$T/skip.txt" <<'EOF'
skipme  pass=done -- /bin/sh -c "echo 'SKIP tool: not installed'; exit 77"
skipbad pass=done fail=BAD -- /bin/sh -c "echo BAD; exit 77"
after   pass=- needs=skipme -- /bin/true
good    pass=done -- /bin/sh -c "echo done"
EOF
$R --tests "$T/skip.txt" --out "$T/skip" -j 1 >"$T/skip.out" 2>&1
rc=$?
check "skip: exit 1 only for the failure; last line '1 passed, 1 failed, 2 skipped'" \
  test "$rc:$(lastline "$T/skip.out")" = "1:1 passed, 1 failed, 2 skipped"
check "skip: SKIP line with its reason, <skipped> in JUnit, totals.skipped, needers skipped" $PY - "$T/skip" "$T/skip.out" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1] + "/summary.json"))
st = {r["id"]: (r["status"], r.get("message", "")) for r in s["runs"]}
assert st["skipme.1"] == ("skip", "SKIP tool: not installed"), st["skipme.1"]
assert st["skipbad.1"][0] == "fail", st
assert st["after.1"] == ("skip", "not run: needs skipme, which skipped"), st
t = s["totals"]
assert (t["runs"], t["passed"], t["failed"], t["skipped"]) == (4, 1, 1, 2), t
j = open(sys.argv[1] + "/junit.xml").read()
assert '<skipped message="SKIP tool: not installed"' in j and 'skipped="1"' in j, j
assert "SKIP skipme.1" in open(sys.argv[2]).read()
EOF

echo "== a small regression: per-run directories, JUnit, JSON, merged coverage"
cat >"$T/small.txt" <<EOF
# random lockstep with coverage, and two directed tests
rand seeds=3 cycles=4000 pass="0 mismatches" fail=MISMATCH fail=FAIL cov={outdir}/cov.txt \\
  -- $LS --seed {seed} --cycles {cycles} --cov-out {outdir}/cov.txt
dir-{stem} seeds=once foreach=verif/directed/s*.stim pass="0 mismatches" fail=MISMATCH -- $LS --stim {item}
EOF
nruns=$(( 3 + $(ls verif/directed/s*.stim | wc -l) ))
$R --tests "$T/small.txt" --base-seed 500 --out "$T/full" -j 2 >"$T/full.out" 2>&1
rc=$?
check "small regression passes (exit 0)" test $rc = 0
check "small regression: last line is '$nruns passed, 0 failed'" test "$(lastline "$T/full.out")" = "$nruns passed, 0 failed"
check "per-run directory: log, run.json with its seed, cmd.sh" $PY - "$T/full" <<'EOF'
import json, os, sys
out = sys.argv[1]
s = json.load(open(os.path.join(out, "summary.json")))
assert s["schema"] == "stallscope-regress v1"
for r in s["runs"]:
    d = r["dir"]
    for f in ("log.txt", "run.json", "cmd.sh"):
        assert os.path.isfile(os.path.join(d, f)), (d, f)
    rj = json.load(open(os.path.join(d, "run.json")))
    assert rj["seed"] == r["seed"] and rj["id"] == "%s.%d" % (r["test"], r["seed"]), rj
    assert os.access(os.path.join(d, "cmd.sh"), os.X_OK)
assert sorted(r["seed"] for r in s["runs"] if r["test"] == "rand") == [500, 501, 502]
EOF
check "cmd.sh reproduces the run (same output)" bash -c "
  d=$T/full/runs/rand.501; $T/full/runs/rand.501/cmd.sh >$T/repro.log 2>&1 &&
  diff <(grep -v 'cycles/s' \$d/log.txt) <(grep -v 'cycles/s' $T/repro.log)"
check "JUnit: one testcase per test.seed, no failure" $PY - "$T/full" "$nruns" <<'EOF'
import json, sys, xml.etree.ElementTree as ET
out, n = sys.argv[1], int(sys.argv[2])
root = ET.parse(out + "/junit.xml").getroot()
cases = root.findall(".//testcase")
names = sorted(c.get("name") for c in cases)
s = json.load(open(out + "/summary.json"))
assert len(cases) == n and names == sorted(r["id"] for r in s["runs"]), names
assert not root.findall(".//failure") and root.get("failures") == "0"
assert "rand.500" in names
EOF
check "coverage merged over the runs, percent and unhit bins in JSON and console" $PY - "$T/full" <<'EOF'
import json, sys
out = sys.argv[1]
s = json.load(open(out + "/summary.json"))
c = s["coverage"]
tot = {}
cyc = 0
for r in s["runs"]:
    if r["test"] != "rand":
        continue
    lines = open(r["coverage_file"]).read().split("\n")
    cyc += int(lines[1].split()[1])
    for l in lines[2:]:
        if l:
            _, n, h = l.split()
            tot[n] = tot.get(n, 0) + int(h)
assert c["files"] == 3 and c["cycles"] == cyc and c["bins"] == tot, (c["files"], c["cycles"], cyc)
assert c["bins_total"] == len(tot) and c["unhit"] == sorted(k for k, v in tot.items() if v == 0)
assert abs(c["percent"] - round(100.0 * (len(tot) - len(c["unhit"])) / len(tot), 2)) < 1e-9
con = open(out + "/../full.out").read()
assert ("coverage: %d/%d bins hit" % (c["bins_hit"], c["bins_total"])) in con
assert ("unhit bins: none" in con) if not c["unhit"] else (" ".join(c["unhit"]) in con)
EOF

echo "== shards"
check "shard partition: --list of 0/3, 1/3, 2/3 are disjoint and cover every run" bash -c "
  for i in 0 1 2; do $R --tests $T/small.txt --base-seed 500 --shard \$i/3 --list | grep -v ' runs in shard '; done | sort >$T/l3 &&
  $R --tests $T/small.txt --base-seed 500 --list | grep -v ' runs in shard ' | sort >$T/l1 && cmp $T/l1 $T/l3 &&
  test \$(wc -l <$T/l1) = $nruns"
$R --tests "$T/small.txt" --base-seed 500 --shard 0/2 --out "$T/sh0" -j 2 >"$T/sh0.out" 2>&1; r0=$?
$R --tests "$T/small.txt" --base-seed 500 --shard 1/2 --out "$T/sh1" -j 2 >"$T/sh1.out" 2>&1; r1=$?
check "shards 0/2 and 1/2 pass" test "$r0$r1" = 00
$R --merge "$T/sh0" "$T/sh1" --out "$T/merged" >"$T/merged.out" 2>&1
rc=$?
check "merge of 2 shards: exit 0, '$nruns passed, 0 failed'" test "$rc:$(lastline "$T/merged.out")" = "0:$nruns passed, 0 failed"
check "merge equals the unsharded run (runs, seeds, coverage, JUnit)" $PY - "$T/full" "$T/merged" <<'EOF'
import json, sys, xml.etree.ElementTree as ET
a, b = (json.load(open(d + "/summary.json")) for d in sys.argv[1:3])
ids = lambda s: sorted((r["id"], r["seed"], r["status"]) for r in s["runs"])
assert ids(a) == ids(b), (ids(a), ids(b))
for k in ("files", "cycles", "bins", "unhit", "percent"):
    assert a["coverage"][k] == b["coverage"][k], k
assert [s["index"] for s in b["shards"]] == [0, 1] and b["problems"] == []
cases = ET.parse(sys.argv[2] + "/junit.xml").getroot().findall(".//testcase")
assert sorted(c.get("name") for c in cases) == sorted(r["id"] for r in a["runs"])
EOF
$R --merge "$T/sh0" "$T/nonexistent" --out "$T/merged_bad" >"$T/merged_bad.out" 2>&1
rc=$?
check "merge with a missing shard fails and names it" bash -c "test $rc = 1 && grep -q 'shard 1/2 missing' $T/merged_bad.out &&
  grep -q 'no summary.json' $T/merged_bad.out && grep -q 'missing' $T/merged_bad/junit.xml"

echo "== --resume: an interrupted run goes on where it stopped"
# the small regression again into its own directory, then left as an interruption would leave
# it: rand.501 never finished (no run.json), rand.502 failed; the others passed. --resume keeps
# the passes (same command, in the same directory) and runs those two again.
$R --tests "$T/small.txt" --base-seed 500 --out "$T/res" -j 2 >"$T/res0.out" 2>&1
rm -f "$T/res/runs/rand.501/run.json" "$T/res/summary.json"
$PY - "$T/res/runs/rand.502/run.json" <<'EOF2'
import json, sys
r = json.load(open(sys.argv[1])); r["status"] = "fail"; json.dump(r, open(sys.argv[1], "w"))
EOF2
$R --tests "$T/small.txt" --base-seed 500 --out "$T/res" -j 2 --resume >"$T/res.out" 2>&1
rc=$?
check "resume: exit 0, '$nruns passed, 0 failed', only the unfinished and failed runs again" $PY - "$T/res" "$T/full" "$rc" "$nruns" <<'EOF2'
import json, sys
out, full, rc, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
assert rc == 0, rc
con = open(out + "/../res.out").read().rstrip("\n").split("\n")
assert con[-1] == "%d passed, 0 failed" % n, con[-1]
s, f = (json.load(open(d + "/summary.json")) for d in (out, full))
again = sorted(r["id"] for r in s["runs"] if not r.get("resumed"))
assert again == ["rand.501", "rand.502"], again
assert s["totals"]["resumed"] == n - 2 and s["totals"]["passed"] == n, s["totals"]
kept = [l for l in con if "(kept from an earlier run: --resume)" in l]
assert len(kept) == n - 2, kept
# the same totals, cycles and merged coverage as the uninterrupted run
assert s["totals"]["lockstep_cycles"] == f["totals"]["lockstep_cycles"]
for k in ("files", "cycles", "bins", "unhit"):
    assert s["coverage"][k] == f["coverage"][k], k
EOF2
$R --tests "$T/small.txt" --base-seed 500 --cycles-scale 2 --out "$T/res" -j 2 --resume >"$T/res2.out" 2>&1
check "resume keeps no run whose command changed (--cycles-scale 2: every rand run again)" \
  bash -c "! grep 'kept from an earlier run' $T/res2.out | grep -q rand &&
           test \$(grep -c 'kept from an earlier run' $T/res2.out) = $((nruns - 3)) &&
           test \"\$(tail -n 1 $T/res2.out)\" = '$nruns passed, 0 failed'"

echo "== coverage files: merged by bin name, malformed ones rejected with FILE:LINE and the rule"
printf '# stallscope-cov v1\ncycles 10\nbin a.x 1\nbin b.y 0\n' >"$T/c1.txt"
printf '# stallscope-cov v1\ncycles 5\nbin b.y 0\nbin a.x 2\nbin c.new 0\n' >"$T/c2.txt"
check "name-driven merge: bins in any order, a bin new in one file" bash -c "
  $R --cov-merge $T/c1.txt $T/c2.txt >$T/cm.out &&
  grep -q 'coverage: 1/3 bins hit (33.3%) over 2 runs, 15 cycles' $T/cm.out &&
  grep -q 'unhit bins (2): b.y c.new' $T/cm.out"
badcov() {  # badcov NAME CONTENT EXPECTED-LINE EXPECTED-TEXT
  printf "$2" >"$T/bad_$1.txt"
  $R --cov-merge "$T/c1.txt" "$T/bad_$1.txt" >"$T/bad_$1.out" 2>"$T/bad_$1.err"
  local rc=$?
  if [ $rc = 2 ] && [ ! -s "$T/bad_$1.out" ] && grep -q "^$T/bad_$1.txt:$3: .*$4" "$T/bad_$1.err"; then
    ok "malformed coverage ($1): $(cat "$T/bad_$1.err" | sed "s|$T/||")"
  else
    bad "malformed coverage ($1): exit $rc, stderr: $(cat "$T/bad_$1.err")"
  fi
}
badcov header   '# stallscope-cov v2\ncycles 1\nbin a 1\n'          1 "first line must be"
badcov empty    ''                                                  1 "empty file"
badcov hits     '# stallscope-cov v1\ncycles 1\nbin a 1x\n'         3 "not a decimal count"
badcov dup      '# stallscope-cov v1\ncycles 1\nbin a 1\nbin a 2\n' 4 "given twice"
badcov fields   '# stallscope-cov v1\ncycles 1\nbin a\n'            3 "three fields"
badcov unknown  '# stallscope-cov v1\ncycles 1\nhits a 1\n'         3 "unknown line"
badcov nocycles '# stallscope-cov v1\nbin a 1\n'                    2 "must come before"
badcov trunc    '# stallscope-cov v1\ncycles 1\nbin a 1'            3 "does not end with a newline"
# a run whose coverage file is malformed fails, with FILE:LINE and the rule as its message
cat >"$T/covrun.txt" <<'EOF'
covbad pass=ok cov={outdir}/cov.txt -- /bin/sh -c "printf '# stallscope-cov v1\ncycles 3\nbin a one\n' >{outdir}/cov.txt; echo ok"
EOF
$R --tests "$T/covrun.txt" --out "$T/covrun" >"$T/covrun.out" 2>&1
check "a run that writes a malformed coverage file fails with FILE:LINE" bash -c "
  grep -q 'runs/covbad.1/cov.txt:3: bin a: HITS .one. is not a decimal count' $T/covrun.out &&
  test \"\$(tail -n 1 $T/covrun.out)\" = '0 passed, 1 failed'"
printf 'ok pass=x\n' >"$T/badlist.txt"
$R --tests "$T/badlist.txt" --out "$T/badlist" >"$T/badlist.out" 2>&1
rc=$?
check "malformed test list: exit 2 with FILE:LINE and the rule" bash -c "
  test $rc = 2 && grep -q '^$T/badlist.txt:1: a test line is' $T/badlist.out && test ! -e $T/badlist/summary.json"

echo "== idle=yes: a waiting test runs beside the -j jobs"
# Each of the two waits for the other's file: with -j 1 both pass only if the idle one runs
# beside the other (without idle=yes the first waits alone for 10 s and fails).
cat >"$T/idle.txt" <<'EOF'
waiter seeds=once pass=done timeout=30 idle=yes -- /bin/sh -c "touch @D/idle_w; i=0; while [ ! -e @D/idle_k ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; [ -e @D/idle_k ] && echo done"
worker seeds=once pass=done timeout=30 -- /bin/sh -c "i=0; while [ ! -e @D/idle_w ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; touch @D/idle_k; [ -e @D/idle_w ] && echo done"
EOF
sed -i "s|@D|$T|g" "$T/idle.txt"
$R --tests "$T/idle.txt" --out "$T/idle" -j 1 --brief >"$T/idle.out" 2>&1
check "idle: the idle test ran beside the one -j 1 job (both pass)" test "$(lastline "$T/idle.out")" = "2 passed, 0 failed"
echo 'bad seeds=once pass=- idle=maybe -- /bin/true' >"$T/idle_bad.txt"
$R --tests "$T/idle_bad.txt" --out "$T/idle_bad" >"$T/idle_bad.out" 2>&1
rc=$?
check "idle: a value other than yes/no is an input error (exit 2, FILE:LINE)" \
  bash -c "test $rc = 2 && grep -q 'idle_bad.txt:1: idle=maybe: yes or no' $T/idle_bad.out"

echo "== time limits, tags, needs (what make test relies on)"
# A hung simulator: a command that sleeps past its timeout= is killed (its whole process group,
# so the sleeping child too) and fails with the timeout message and its log; the runner goes on.
cat >"$T/timeout.txt" <<'EOF'
hang  seeds=once pass=done timeout=2 tags=pr -- /bin/sh -c "echo started; sleep 61; echo done"
quick seeds=once pass=- tags=pr -- /bin/true
EOF
t0=$SECONDS
$R --tests "$T/timeout.txt" --out "$T/timeout" -j 2 --brief >"$T/timeout.out" 2>&1
rc=$?
secs=$((SECONDS-t0))
check "timeout: a sleeping command fails after its timeout=2 ($secs s), the run goes on" bash -c "
  test $rc = 1 && test $secs -lt 30 &&
  grep -q 'timeout after 2 s: hang.0 (log: $T/timeout/runs/hang.0/log.txt)' $T/timeout.out &&
  grep -q '^PASS quick.0 ' $T/timeout.out &&
  test \"\$(grep -c ' passed, .* failed\$' $T/timeout.out)\" = 1 &&
  test \"\$(tail -n 1 $T/timeout.out)\" = '1 passed, 1 failed' &&
  grep -q 'started' $T/timeout/runs/hang.0/log.txt && ! pgrep -f '^sleep 61\$' >/dev/null"
check "timeout: the JUnit error says so" grep -q '<error message="timeout after 2 s: hang.0.*type="timeout"' "$T/timeout/junit.xml"
$R --tests "$T/timeout.txt" --out "$T/timeout2" --timeout 1 --filter quick >"$T/timeout2.out" 2>&1
check "timeout: --timeout sets the default (a fast test passes under it)" grep -q '^1 passed, 0 failed$' "$T/timeout2.out"

# tags select; needs order the runs and stop the runs whose needs failed; pass=- is exit status 0
cat >"$T/tags.txt" <<EOF
mk    seeds=once pass=- tags=pr,build -- /bin/sh -c "sleep 1; echo made > $T/made"
use   seeds=2 pass=made tags=pr needs=mk -- /bin/cat $T/made
night seeds=once pass=- tags=nightly -- /bin/true
brk   seeds=once pass=- tags=x -- /bin/false
after seeds=once pass=- tags=x needs=brk -- /bin/true
EOF
rm -f "$T/made"
$R --tests "$T/tags.txt" --out "$T/tags_pr" --tags pr -j 2 >"$T/tags_pr.out" 2>&1
check "tags: --tags pr runs the pr tests only; needs waits for the build (-j 2)" bash -c "
  test \"\$(tail -n 1 $T/tags_pr.out)\" = '3 passed, 0 failed' && ! grep -q night $T/tags_pr.out"
$R --tests "$T/tags.txt" --out "$T/tags_x" --tags x >"$T/tags_x.out" 2>&1
check "needs: a run whose need failed is not run and fails saying why" bash -c "
  grep -q 'after.0 .*not run: needs brk, which did not pass' $T/tags_x.out &&
  test \"\$(tail -n 1 $T/tags_x.out)\" = '0 passed, 2 failed'"
$R --tests "$T/tags.txt" --out "$T/tags_nb" --exclude-tags build,x --list >"$T/tags_nb.out" 2>&1
check "tags: --exclude-tags leaves the build test out (its needers run without it)" bash -c "
  grep -q ' use.1' $T/tags_nb.out && ! grep -q ' mk.0' $T/tags_nb.out && grep -q '^3 of 3 runs' $T/tags_nb.out"
$R --tests "$T/tags.txt" --out "$T/tags_bad" --tags nosuch >"$T/tags_bad.out" 2>&1
rc=$?
check "tags: an unknown tag is an input error (exit 2)" bash -c "test $rc = 2 && grep -q 'tags nosuch: no test' $T/tags_bad.out"
# cost=: with one job, a costly run and the runs its needers wait for start before cheap leaves
# defined above them; with no cost= anywhere the list order holds
cat >"$T/cost.txt" <<EOF
leaf   seeds=once pass=- -- /bin/sh -c "echo leaf >> $T/order"
build  seeds=once pass=- cost=5 -- /bin/sh -c "echo build >> $T/order"
long   seeds=once pass=- cost=20 -- /bin/sh -c "echo long >> $T/order"
use    seeds=once pass=- cost=30 needs=build -- /bin/sh -c "echo use >> $T/order"
EOF
rm -f "$T/order"
$R --tests "$T/cost.txt" --out "$T/cost" -j 1 >"$T/cost.out" 2>&1
check "cost: the highest priority first (cost= plus its needers'): build use long leaf" \
  test "$(tr '\n' ' ' < "$T/order")" = "build use long leaf "
sed 's/ cost=[0-9]*//' "$T/cost.txt" >"$T/nocost.txt"; rm -f "$T/order"
$R --tests "$T/nocost.txt" --out "$T/nocost" -j 1 >"$T/nocost.out" 2>&1
check "cost: without cost= the runs keep the list order" test "$(tr '\n' ' ' < "$T/order")" = "leaf build long use "
printf 'a seeds=once pass=- cost=0 -- /bin/true\n' >"$T/cost_bad.txt"
$R --tests "$T/cost_bad.txt" --out "$T/cost_bad" >"$T/cost_bad.out" 2>&1
rc=$?
check "cost: cost=0 is an input error with FILE:LINE" bash -c "
  test $rc = 2 && grep -q '^$T/cost_bad.txt:1: cost=0: a positive integer' $T/cost_bad.out"
printf 'a seeds=once pass=- needs=b -- /bin/true\nb seeds=once pass=- -- /bin/true\n' >"$T/needs_bad.txt"
$R --tests "$T/needs_bad.txt" --out "$T/needs_bad" >"$T/needs_bad.out" 2>&1
rc=$?
check "needs: a need defined below is an input error with FILE:LINE" bash -c "
  test $rc = 2 && grep -q '^$T/needs_bad.txt:1: needs=b: that test is defined below' $T/needs_bad.out"
$R --tests verif/regress/tests.txt --tags pr --list >"$T/pr.out" 2>&1
check "the shipped list: the pr tag selects at least 75 runs" bash -c "
  n=\$(sed -n 's/^\([0-9]*\) of .* runs in shard.*/\1/p' $T/pr.out); test -n \"\$n\" && test \$n -ge 75"

echo "== a deliberately broken RTL: failing run rerun with a waveform"
cat >"$T/broken.txt" <<EOF
good   seeds=1 cycles=3000 pass="0 mismatches" fail=MISMATCH -- $LS --seed {seed} --cycles {cycles}
broken seeds=7, cycles=20000 pass="0 mismatches" fail=MISMATCH fail=FAIL wave=$MBIN wavemake=no \\
  -- $MBIN --seed {seed} --cycles {cycles}
broken_dir seeds=once pass="0 mismatches" fail=MISMATCH fail=FAIL wave=$MBIN wavemake=no \\
  -- $MBIN --stim verif/directed/edge_history.stim
EOF
t0=$SECONDS
$R --tests "$T/broken.txt" --out "$T/broken" -j 2 --wave-window 50 >"$T/broken.out" 2>&1
rc=$?
echo "    (broken regression: $((SECONDS-t0)) s)"
nf=$(grep -c '^FAIL ' "$T/broken.out")
check "broken RTL: exit 1 and the last line counts the failures" bash -c "
  test $rc = 1 && test \"\$(tail -n 1 $T/broken.out)\" = \"\$((3-$nf)) passed, $nf failed\" && test $nf -ge 1"
check "broken RTL: JUnit failure with message, log tail, waveform; .fst and .gtkw written" $PY - "$T/broken" <<'EOF'
import json, os, sys, xml.etree.ElementTree as ET
sys.path.insert(0, "scripts/regress")
import waves
out = sys.argv[1]
s = json.load(open(out + "/summary.json"))
root = ET.parse(out + "/junit.xml").getroot()
fails = {tc.get("name"): tc.find("failure") for tc in root.iter("testcase") if tc.find("failure") is not None}
assert "broken.7" in fails, sorted(fails)
f = fails["broken.7"]
assert "MISMATCH at cycle" in f.get("message"), f.get("message")
assert "lockstep: FAIL at cycle" in f.text and "gtkwave" in f.text, f.text
checked = 0
for r in s["runs"]:
    if r["status"] != "fail" or r["test"] == "good":
        continue
    w = r["wave"]
    assert w["status"] == "reproduced", w
    fst, gtkw = w["fst"], w["gtkw"]
    assert os.path.getsize(fst) > 0 and os.path.getsize(gtkw) > 0
    assert fst.endswith(".fst") and gtkw.endswith(".gtkw")
    text = open(gtkw).read().split("\n")
    # the save file opens exactly that FST ...
    assert '[dumpfile] "%s"' % os.path.abspath(fst) in text, text[:12]
    # ... from the cycles before the divergence up to it (cycle c at time 10c / 10c+5)
    info = waves.read_fst(fst)  # through GTKWave's fst2vcd
    cyc = r["failure_cycle"]
    assert w["cycle"] == cyc and w["from"] == max(0, cyc - 50), w
    assert info["start"] == 10 * w["from"] and info["end"] in (10 * cyc, 10 * cyc + 5), (info["start"], info["end"], cyc)
    # ... on signals that exist in it: every plain signal line and every (k)vector token
    names = {g for (_, g) in info["signals"].values()}
    sigs = [l for l in text if l and l[0] not in "[@-*#"]
    toks = {t.split(")", 1)[1] for l in text if l.startswith("#{") for t in l.split("} ", 1)[1].split()}
    assert sigs and toks, "no signals in the save file"
    # labels without dots (GTKWave shows a label from its last dot on)
    labels = [l[2:].split("} ", 1)[0] for l in text if l.startswith("#{")]
    assert labels and not [x for x in labels if "." in x], [x for x in labels if "." in x][:3]
    for n in sigs + sorted(toks):
        assert n in names, "%s is not in %s" % (n, fst)
    want = ["pmu_top.psel_i", "pmu_top.paddr_i[", "pmu_top.prdata_o[", "pmu_top.irq_o[", "u_bank.cnt_q["]
    for wnt in want:
        assert any(wnt in l for l in text), wnt
    assert any(l.startswith("-first divergence:") for l in text)
    assert "[color] 1" in text
    checked += 1
assert checked >= 1
print("checked %d waveform reruns" % checked)
EOF
grep -A3 '^  broken' "$T/broken.out" | sed 's/^/    /' | cut -c1-200

echo
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

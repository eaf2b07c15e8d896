#!/usr/bin/env bash
# The runner's CI reports read by the tools CI servers use (docs/regression.md, "Outputs"):
#  - junit.xml validates against the Jenkins xUnit plugin's JUnit schema (junit-10.xsd, from
#    pytest's sdist: make junit-xsd) with xmllint (Debian libxml2-utils), and says <failure> for a
#    failed check, <error> for a crash (signal, direct or through a shell), a time-out and a
#    command that cannot run, <skipped> for a run that said it skipped and a run not started
#    because its need failed; the counts on <testsuites>/<testsuite> match; a document that breaks
#    the schema is rejected (so the check can fail);
#  - coverage.info (lcov) holds the functional bins of the passing runs, each on the line of
#    verif/coverage/pmu_cov.c that names it with the summed hits, and the RTL line coverage of a
#    run with lcov=, every source as an absolute path; genhtml (Debian lcov), run from another
#    directory than the checkout, turns it into HTML without error; a malformed lcov=
#    file fails its run with FILE:LINE.
#
#   verif/regress/junit_test.sh [BUILD]     (needs BUILD/lockstep_default, BUILD/lockstep_cov_line)
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
B=${1:-${BUILD:-build}}
T=$(mktemp -d "${TMPDIR:-/tmp}/junit-test.XXXXXX")
trap '[ -n "${KEEP_T:-}" ] || rm -rf "$T"' EXIT
R="python3 scripts/regress/regress.py"
. verif/regress/checks.sh   # pass/fail counters, ok, bad, check

for c in xmllint genhtml; do
  command -v $c >/dev/null || { bad "$c not installed (apt-get install libxml2-utils lcov; make deps does)"; }
done
XSD=$B/junit-xsd/junit-10.xsd
make -s BUILD="$B" "$XSD" "$B/lockstep_default/Vpmu_lockstep" "$B/lockstep_cov_line/Vpmu_lockstep" >"$T/make.log" 2>&1 \
  || { bad "make $XSD and the lockstep builds"; tail -20 "$T/make.log"; }
[ $fail = 0 ] || { echo "$pass passed, $fail failed"; exit 1; }

# one test of each outcome, two random lockstep runs with functional coverage, one code coverage run
cat >"$T/tests.txt" <<EOF
ok         seeds=once pass=fine -- bash -c "echo fine"
check      seeds=once pass=- fail=MISMATCH -- bash -c "echo 'MISMATCH at cycle 5: x'; exit 1"
segv       seeds=once pass=- -- bash -c "kill -SEGV \$\$"
abort      seeds=once pass=- -- bash -c "bash -c 'kill -ABRT \$\$'; exit \$?"
hang       seeds=once pass=- timeout=1 -- sleep 20
nobin      seeds=once pass=- -- ./no/such/binary
skipper    seeds=once pass=- skip="SKIP demo:" -- bash -c "echo 'SKIP demo: nothing to do here'"
needer     seeds=once pass=- needs=check -- true
lockstep   seeds=2 pass="0 mismatches" cov={outdir}/cov.txt \
  -- $B/lockstep_default/Vpmu_lockstep --seed {seed} --cycles 20000 --cov-out {outdir}/cov.txt
code       seeds=once pass="code coverage:" lcov={outdir}/code/pmu.info \
  -- bash -c "COV_BIN=$B/lockstep_cov_line/Vpmu_lockstep COV_OUT={outdir}/code COV_SEEDS=1 COV_CYCLES=20000 JOBS=1 verif/coverage/run.sh $B"
badlcov    seeds=once pass=- lcov={outdir}/bad.info -- bash -c "printf 'TN:\nSF:x.v\nDA:1\nend_of_record\n' >{outdir}/bad.info"
EOF
$R --tests "$T/tests.txt" --out "$T/out" -j 2 --timeout 60 >"$T/run.out" 2>&1
rc=$?
J=$T/out/junit.xml
check "runner: exit 1, last line '4 passed, 7 failed, 1 skipped'" \
  test "$rc:$(tail -n 1 "$T/run.out")" = "1:4 passed, 7 failed, 1 skipped"
check "runner: prints the JUnit and lcov paths" bash -c "grep -qx 'JUnit: $J' $T/run.out && grep -q '^lcov: $T/out/coverage.info ' $T/run.out"

# --- JUnit: the schema, with xmllint
if xmllint --noout --schema "$XSD" "$J" >"$T/xmllint.out" 2>&1; then
  ok "junit.xml validates against junit-10.xsd: $(tail -n 1 "$T/xmllint.out")"
else
  bad "junit.xml does not validate against junit-10.xsd"; sed 's/^/    | /' "$T/xmllint.out" | tail -15
fi
# the check can fail: a <failure> under <testsuite> (not in a testcase), a testcase without a name
sed -e '0,/<testcase /s//<failure message="x"\/><testcase /' "$J" >"$T/broken1.xml"
sed -e '0,/<testcase classname="regress.ok" name="ok.0"/s//<testcase classname="regress.ok"/' "$J" >"$T/broken2.xml"
for f in broken1 broken2; do
  check "xmllint rejects a JUnit file that breaks the schema ($f)" bash -c "
    ! cmp -s $J $T/$f.xml && ! xmllint --noout --schema $XSD $T/$f.xml >$T/$f.out 2>&1 &&
    grep -q 'fails to validate' $T/$f.out"
done

# --- JUnit: each outcome as the element a CI server counts
check "junit.xml: failure/error/skipped per run, counts on testsuites and testsuite" python3 - "$J" <<'EOF'
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
want = {"ok.0": None, "check.0": ("failure", "fail"), "segv.0": ("error", "crash"), "abort.0": ("error", "crash"),
        "hang.0": ("error", "timeout"), "nobin.0": ("error", "error"), "skipper.0": ("skipped", None),
        "needer.0": ("skipped", None), "code.0": None, "badlcov.0": ("failure", "fail")}
got, bad = {}, []
for tc in r.iter("testcase"):
    kids = [k for k in tc if k.tag in ("failure", "error", "skipped")]
    got[tc.get("name")] = (kids[0].tag, kids[0].get("type")) if kids else None
    if len(kids) > 1:
        bad.append("%s: %d result elements" % (tc.get("name"), len(kids)))
for k, v in want.items():
    if got.get(k, "absent") != v:
        bad.append("%s: %s, expected %s" % (k, got.get(k, "absent"), v))
for k in got:
    if k.startswith("lockstep.") and got[k] is not None:
        bad.append("%s: %s" % (k, got[k]))
msgs = {tc.get("name"): (list(tc)[0].get("message") or "") for tc in r.iter("testcase") if len(tc)}
for k, s in [("segv.0", "crashed: SIGSEGV (signal 11)"), ("abort.0", "crashed: SIGABRT (signal 6)"),
             ("hang.0", "timeout after 1 s: hang.0"), ("needer.0", "not run: needs check, which did not pass"),
             ("skipper.0", "SKIP demo: nothing to do here"), ("badlcov.0", "bad.info:3: DA:LINE,HITS")]:
    if s not in msgs.get(k, ""):
        bad.append("%s: message %r lacks %r" % (k, msgs.get(k), s))
if (r.get("tests"), r.get("failures"), r.get("errors")) != ("12", "2", "4"):
    bad.append("testsuites tests/failures/errors %s/%s/%s, expected 12/2/4" % (r.get("tests"), r.get("failures"),
                                                                           r.get("errors")))
for ts in r.iter("testsuite"):
    n = {t: sum(1 for tc in ts.iter("testcase") for k in tc if k.tag == t) for t in ("failure", "error", "skipped")}
    if [ts.get("failures"), ts.get("errors"), ts.get("skipped")] != [str(n["failure"]), str(n["error"]), str(n["skipped"])]:
        bad.append("testsuite %s: counts %s" % (ts.get("name"), ts.attrib))
print("\n".join(bad) or "ok")
sys.exit(1 if bad else 0)
EOF

# --- lcov: functional bins on their lines, code coverage, genhtml
L=$T/out/coverage.info
check "coverage.info: absolute SF paths, every bin mapped, hits = the sum of the runs' files, RTL lines present" \
  python3 - "$L" "$T"/out/runs/lockstep.*/cov.txt <<'EOF'
import sys
sys.path.insert(0, "scripts/regress")
import os, cov, cov_lcov
recs = cov_lcov.parse(sys.argv[1])
c = cov.Coverage()
for p in sys.argv[2:]:
    c.add(cov.parse_cov(p))
root = os.getcwd()
bad = ["SF:%s is not an absolute path" % k for k in recs if not os.path.isabs(k)]
f = recs[os.path.join(root, "verif/coverage/pmu_cov.c")]
src = open("verif/coverage/pmu_cov.c").read().split("\n")
if set(f["fn"]) != set(c.bins):
    bad.append("bins differ: %s" % sorted(set(f["fn"]) ^ set(c.bins))[:5])
for n, h in c.bins.items():
    if f["fnda"].get(n) != h:
        bad.append("%s: %s hits in lcov, %d in the files" % (n, f["fnda"].get(n), h))
    line = src[f["fn"].get(n, 1) - 1]
    if '"%s"' % n not in line and "%" not in line:
        bad.append("%s: on line %d, which does not name it: %s" % (n, f["fn"].get(n, 0), line.strip()))
_, unmapped = cov_lcov.map_bins(c.bins)
if unmapped:
    bad.append("unmapped: %s" % unmapped)
if sum(f["da"].values()) != sum(c.bins.values()):
    bad.append("DA hits do not add up to the bins' hits")
rtl = [k for k in recs if k.startswith(os.path.join(root, "rtl/pmu/"))]
if len(rtl) < 5 or not all(recs[k]["da"] for k in rtl):
    bad.append("RTL records: %s" % rtl)
print("\n".join(bad) or "%d bins, %d RTL files" % (len(c.bins), len(rtl)))
sys.exit(1 if bad else 0)
EOF
# genhtml from another directory than the repository root (the SF: paths are absolute)
mkdir -p "$T/elsewhere"
if (cd "$T/elsewhere" && genhtml --branch-coverage -o "$T/html" "$L") >"$T/genhtml.out" 2>&1 && [ -s "$T/html/index.html" ]; then
  ok "genhtml reads coverage.info from another directory: $(grep -A3 'Overall coverage rate' "$T/genhtml.out" | tail -3 | sed 's/^ *//' | tr '\n' ' ')"
else
  bad "genhtml on coverage.info"; sed 's/^/    | /' "$T/genhtml.out" | tail -15
fi
check "genhtml's page of pmu_cov.c lists the bins as functions" \
  bash -c "f=\$(find $T/html -name pmu_cov.c.func.html) && grep -q 'apb.read_ok' \$f && grep -q 'cross.plain.edge.inv.cntv' \$f"
check "cov_lcov.py: a run's cov.txt maps with 0 unmapped bins" bash -c "
  python3 scripts/regress/cov_lcov.py -o $T/one.info $T/out/runs/lockstep.1/cov.txt | grep -q ', 0 unmapped$'"
check "a malformed lcov= file fails its run with FILE:LINE" \
  grep -q "FAIL badlcov.0 .*bad.info:3: DA:LINE,HITS" "$T/run.out"

echo "$pass passed, $fail failed"
[ $fail = 0 ]

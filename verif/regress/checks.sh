# Shared by the runner's own test scripts (selftest.sh, junit_test.sh, slurm_test.sh): the pass
# and fail counters and the check helpers. Source it from the repository root.
pass=0; fail=0
ok()  { pass=$((pass+1)); echo "PASS $*"; }
bad() { fail=$((fail+1)); echo "FAIL $*"; }
# check NAME CMD...: pass iff CMD exits 0 (its output is shown on failure)
check() {
  local name=$1; shift
  if out=$("$@" 2>&1); then ok "$name"; else bad "$name"; echo "$out" | tail -15 | sed 's/^/    | /'; fi
}

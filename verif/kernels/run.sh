#!/usr/bin/env bash
# Directed kernels (verif/kernels/kernels.txt): run each through the main run binary with its
# expected window counts as --expect options; a kernel passes when the binary exits 0 (every
# expectation met, every stack sums to W x cycles) and reports 0 lockstep mismatches.
# Ends with "N passed, N failed"; exit status 1 on any failure, 2 on a malformed kernels file.
#
# usage: verif/kernels/run.sh [NAME...]      (default: every kernel)
# environment: BUILD (default build): the binaries are $BUILD/<build>/Vsim_top;
#              KERNELS (default verif/kernels/kernels.txt); LOG (default $BUILD/kernels)
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
FILE=${KERNELS:-verif/kernels/kernels.txt}
LOG=${LOG:-$B/kernels}
mkdir -p "$LOG"
want=("$@")

declare -A consts=()     # set/let constants
k_name=""; k_build=""; k_opts=(); k_exp=(); k_line=0
pass=0; fail=0; failed=()

die_file() { echo "$FILE:$1: $2" >&2; exit 2; }

# eval_expr LINE EXPR: integer value of EXPR (bash arithmetic) over the constants
eval_expr() {
  local line=$1 expr=$2 n
  [[ $expr =~ ^[A-Za-z0-9_+*/()%\ -]+$ ]] || die_file "$line" "bad expression '$expr'"
  for n in $(grep -oE '[A-Za-z_][A-Za-z0-9_]*' <<<"$expr"); do
    [[ -n ${consts[$n]+x} ]] || die_file "$line" "unknown constant '$n' in '$expr'"
  done
  # evaluate in a subshell with the constants as K_<name> variables
  local e
  e=$(sed -E 's/([A-Za-z_][A-Za-z0-9_]*)/K_\1/g' <<<"$expr")
  (
    for n in "${!consts[@]}"; do declare "K_$n=${consts[$n]}"; done
    v=$(( e )) 2>/dev/null || exit 1
    echo "$v"
  ) || die_file "$line" "cannot evaluate '$expr'"
}

selected() {
  [ ${#want[@]} -eq 0 ] && return 0
  local w; for w in "${want[@]}"; do [ "$w" = "$1" ] && return 0; done
  return 1
}

run_kernel() {
  [ -z "$k_name" ] && return 0
  selected "$k_name" || return 0
  local bin="$B/$k_build/Vsim_top" log="$LOG/$k_name.log"
  local start=$SECONDS
  if [ ! -x "$bin" ]; then
    fail=$((fail+1)); failed+=("$k_name")
    printf 'FAIL %-32s (no binary %s: make %s)\n' "$k_name" "$bin" "$bin"
    return 0
  fi
  local cmd=("$bin" "${k_opts[@]}" --quiet "${k_exp[@]}")
  echo "${cmd[*]}" >"$log"
  if "${cmd[@]}" >>"$log" 2>&1 && grep -q "^lockstep: .* 0 mismatches" "$log"; then
    pass=$((pass+1))
    printf 'PASS %-32s %3d expectations %4ds\n' "$k_name" $((${#k_exp[@]} / 2)) $((SECONDS-start))
  else
    fail=$((fail+1)); failed+=("$k_name")
    printf 'FAIL %-32s (%s:%d, log %s)\n' "$k_name" "$FILE" "$k_line" "$log"
    grep -E "FAIL|MISMATCH|error" "$log" | head -12 | sed 's/^/    | /'
  fi
}

comps=(base icache bpred dcache alu depend smt other)
ln=0
while IFS= read -r raw || [ -n "$raw" ]; do
  ln=$((ln+1))
  line=${raw%%#*}
  read -r -a tok <<<"$line"
  [ ${#tok[@]} -eq 0 ] && continue
  case ${tok[0]} in
    set|let)
      [ "${tok[0]}" = let ] && [ -z "$k_name" ] && die_file $ln "'let' outside a kernel"
      for kv in "${tok[@]:1}"; do
        [[ $kv =~ ^([A-Za-z_][A-Za-z0-9_]*)=(.+)$ ]] || die_file $ln "'$kv' is not NAME=EXPR"
        consts[${BASH_REMATCH[1]}]=$(eval_expr $ln "${BASH_REMATCH[2]}") || exit 2
      done ;;
    kernel)
      run_kernel
      [ ${#tok[@]} -ge 2 ] && [ ${#tok[@]} -le 3 ] || die_file $ln "usage: kernel NAME [BUILD]"
      k_name=${tok[1]}; k_build=${tok[2]:-run}; k_opts=(); k_exp=(); k_line=$ln ;;
    opts)
      [ -z "$k_name" ] && die_file $ln "'opts' outside a kernel"
      for a in "${tok[@]:1}"; do
        if [[ $a =~ ^\$([A-Za-z_][A-Za-z0-9_]*)$ ]]; then
          [[ -n ${consts[${BASH_REMATCH[1]}]+x} ]] || die_file $ln "unknown constant '$a'"
          a=${consts[${BASH_REMATCH[1]}]}
        fi
        k_opts+=("$a")
      done ;;
    expect)
      [ -z "$k_name" ] && die_file $ln "'expect' outside a kernel"
      for kv in "${tok[@]:1}"; do
        [[ $kv =~ ^(t[0-9]+\.[a-z0-9.]+)=(.+)$ ]] || die_file $ln "'$kv' is not COUNTER=EXPR"
        v=$(eval_expr $ln "${BASH_REMATCH[2]}") || exit 2
        k_exp+=(--expect "${BASH_REMATCH[1]}=$v")
      done ;;
    stack)
      [ -z "$k_name" ] && die_file $ln "'stack' outside a kernel"
      [ ${#tok[@]} -ge 3 ] || die_file $ln "usage: stack T STAGE COMP=EXPR..."
      t=${tok[1]}; st=${tok[2]}
      [[ $t =~ ^[0-9]+$ ]] || die_file $ln "bad thread '$t'"
      [[ $st =~ ^(dispatch|issue|commit)$ ]] || die_file $ln "bad stage '$st'"
      declare -A cv=()
      for c in "${comps[@]}"; do cv[$c]=0; done
      for kv in "${tok[@]:3}"; do
        [[ $kv =~ ^([a-z]+)=(.+)$ ]] && [[ -n ${cv[${BASH_REMATCH[1]}]+x} ]] ||
          die_file $ln "'$kv' is not COMPONENT=EXPR (components: ${comps[*]})"
        cv[${BASH_REMATCH[1]}]=$(eval_expr $ln "${BASH_REMATCH[2]}") || exit 2
      done
      for c in "${comps[@]}"; do k_exp+=(--expect "t$t.stk.$st.$c=${cv[$c]}"); done
      unset cv ;;
    *) die_file $ln "unknown line '${tok[0]}'" ;;
  esac
done <"$FILE"
run_kernel

# Malformed program files (verif/kernels/bad/*.hex): the run binary must stop before any cycle
# with exit status 2, nothing on stdout and "FILE:LINE: rule" on stderr, as the file's first line
# "// expect LINE: RULE" says. Run with the kernels when no kernel names are given.
bad_prog() {  # bad_prog NAME FILE LINE RULE
  local name=$1 f=$2 line=$3 rule=$4 bin="$B/run/Vsim_top" out err rc
  out=$("$bin" --prog0 "$f" --cycles 1 --quiet 2>"$LOG/$name.err"); rc=$?
  err=$(cat "$LOG/$name.err")
  if [ $rc -eq 2 ] && [ -z "$out" ] && grep -qF -- "$f:$line: " <<<"$err" && grep -qF -- "$rule" <<<"$err"; then
    pass=$((pass+1)); printf 'PASS %-32s %s\n' "$name" "$err"
  else
    fail=$((fail+1)); failed+=("$name")
    printf 'FAIL %-32s exit %d, expected 2 and "%s:%s: %s"; stderr: %s\n' "$name" $rc "$f" "$line" "$rule" "$err"
  fi
}
if [ ${#want[@]} -eq 0 ]; then
  for f in verif/kernels/bad/*.hex; do
    first=$(head -1 "$f")
    [[ $first =~ ^//\ expect\ ([0-9]+):\ (.+)$ ]] || { echo "$f:1: no '// expect LINE: RULE' line" >&2; exit 2; }
    bad_prog "bad-$(basename "$f" .hex)" "$f" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
  done
  bad_prog bad-missing-file verif/kernels/bad/no_such_file.hex 0 "cannot open"
fi

if [ ${#want[@]} -gt 0 ] && [ $((pass+fail)) -ne ${#want[@]} ]; then
  echo "some requested kernels are not in $FILE" >&2
  fail=$((fail + ${#want[@]} - pass - fail))
fi
[ $fail -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

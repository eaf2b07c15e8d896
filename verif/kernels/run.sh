#!/usr/bin/env bash
# Directed kernels (verif/kernels/kernels.txt): run each through the main run binary with its
# expected window counts as --expect options; a kernel passes when the binary exits 0 (every
# expectation met, every stack sums to W x cycles) and reports 0 lockstep mismatches.
# Ends with "N passed, N failed"; exit status 1 on any failure, 2 on a malformed kernels file
# (the whole file is parsed first: "FILE:LINE: rule", nothing runs). Malformed program files and
# kernels files are tested by verif/bad_input/run.sh (docs/bad_input.md).
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

# The whole file is parsed before any kernel runs, so a malformed line stops everything with one
# "FILE:LINE: rule" and exit status 2 (docs/bad_input.md). Parsed kernels: KR_NAME[i], KR_BUILD[i],
# KR_LINE[i], KR_OPTS[i] and KR_EXP[i] (space-separated words; tokens never contain blanks).
KR_NAME=(); KR_BUILD=(); KR_LINE=(); KR_OPTS=(); KR_EXP=()
end_kernel() {
  [ -z "$k_name" ] && return 0
  [ ${#k_exp[@]} -gt 0 ] || die_file "$k_line" "kernel '$k_name' has no expect or stack line"
  KR_NAME+=("$k_name"); KR_BUILD+=("$k_build"); KR_LINE+=("$k_line")
  KR_OPTS+=("${k_opts[*]}"); KR_EXP+=("${k_exp[*]}")
}

run_kernel() {  # run_kernel INDEX
  local i=$1 k_opts k_exp
  k_name=${KR_NAME[$i]}; k_build=${KR_BUILD[$i]}; k_line=${KR_LINE[$i]}
  read -r -a k_opts <<<"${KR_OPTS[$i]}"
  read -r -a k_exp <<<"${KR_EXP[$i]}"
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

[ -r "$FILE" ] && [ -f "$FILE" ] || die_file 0 "cannot open: not a readable file"
comps=(base icache bpred dcache alu depend smt other)
ln=0
while IFS= read -r raw || [ -n "$raw" ]; do
  ln=$((ln+1))
  [[ $raw == *$'\r'* ]] && die_file $ln "carriage return (DOS line ending)"
  line=${raw%%#*}
  read -r -a tok <<<"$line"
  [ ${#tok[@]} -eq 0 ] && continue
  case ${tok[0]} in
    set|let)
      [ "${tok[0]}" = let ] && [ -z "$k_name" ] && die_file $ln "'let' outside a kernel"
      [ ${#tok[@]} -ge 2 ] || die_file $ln "usage: ${tok[0]} NAME=EXPR..."
      for kv in "${tok[@]:1}"; do
        [[ $kv =~ ^([A-Za-z_][A-Za-z0-9_]*)=(.+)$ ]] || die_file $ln "'$kv' is not NAME=EXPR"
        consts[${BASH_REMATCH[1]}]=$(eval_expr $ln "${BASH_REMATCH[2]}") || exit 2
      done ;;
    kernel)
      end_kernel
      [ ${#tok[@]} -ge 2 ] && [ ${#tok[@]} -le 3 ] || die_file $ln "usage: kernel NAME [BUILD]"
      [[ ${tok[1]} =~ ^[A-Za-z0-9_.-]+$ ]] || die_file $ln "bad kernel name '${tok[1]}' (letters, digits, _ . -)"
      [[ ${tok[2]:-run} =~ ^run(_[A-Za-z0-9]+)?$ ]] || die_file $ln "bad build '${tok[2]}' (run or run_NAME, sim/main/run.mk)"
      for n in "${KR_NAME[@]}"; do [ "$n" = "${tok[1]}" ] && die_file $ln "kernel '${tok[1]}' defined twice"; done
      k_name=${tok[1]}; k_build=${tok[2]:-run_smp}; k_opts=(); k_exp=(); k_line=$ln ;;
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
      [ ${#tok[@]} -ge 2 ] || die_file $ln "usage: expect COUNTER=EXPR..."
      for kv in "${tok[@]:1}"; do
        [[ $kv =~ ^(t[0-9]+\.[a-z0-9.]+)=(.+)$ ]] || die_file $ln "'$kv' is not COUNTER=EXPR"
        cn=${BASH_REMATCH[1]}
        v=$(eval_expr $ln "${BASH_REMATCH[2]}") || exit 2
        [[ $v =~ ^[0-9]+$ ]] || die_file $ln "'$kv' evaluates to $v (a count is 0 or more)"
        k_exp+=(--expect "$cn=$v")
      done ;;
    stack)
      [ -z "$k_name" ] && die_file $ln "'stack' outside a kernel"
      [ ${#tok[@]} -ge 3 ] || die_file $ln "usage: stack T STAGE COMP=EXPR..."
      t=${tok[1]}; st=${tok[2]}
      [[ $t =~ ^[0-9]+$ ]] || die_file $ln "bad thread '$t'"
      [[ $st =~ ^(dispatch|issue|commit)$ ]] || die_file $ln "bad stage '$st' (dispatch, issue, commit)"
      declare -A cv=()
      for c in "${comps[@]}"; do cv[$c]=0; done
      for kv in "${tok[@]:3}"; do
        [[ $kv =~ ^([a-z]+)=(.+)$ ]] && [[ -n ${cv[${BASH_REMATCH[1]}]+x} ]] ||
          die_file $ln "'$kv' is not COMPONENT=EXPR (components: ${comps[*]})"
        cn=${BASH_REMATCH[1]}
        cv[$cn]=$(eval_expr $ln "${BASH_REMATCH[2]}") || exit 2
        [[ ${cv[$cn]} =~ ^[0-9]+$ ]] || die_file $ln "'$kv' evaluates to ${cv[$cn]} (a count is 0 or more)"
      done
      for c in "${comps[@]}"; do k_exp+=(--expect "t$t.stk.$st.$c=${cv[$c]}"); done
      unset cv ;;
    *) die_file $ln "unknown line '${tok[0]}' (set, kernel, let, opts, expect, stack)" ;;
  esac
done <"$FILE"
end_kernel
[ ${#KR_NAME[@]} -gt 0 ] || die_file $((ln + 1)) "no kernel in the file"
for w in "${want[@]}"; do
  found=0; for n in "${KR_NAME[@]}"; do [ "$n" = "$w" ] && found=1; done
  [ $found -eq 1 ] || { echo "$0: no kernel '$w' in $FILE" >&2; exit 2; }
done

for i in "${!KR_NAME[@]}"; do
  selected "${KR_NAME[$i]}" && run_kernel "$i"
done

[ $fail -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

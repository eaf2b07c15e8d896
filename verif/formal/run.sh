#!/usr/bin/env bash
# Formal checks of the PMU blocks (docs/formal.md): yosys 0.23 `read_verilog -formal`, then
# bounded model checking (BMC) from reset and k-induction. Property modules are
# verif/formal/fv_*.sv; they bind to the ports of the RTL blocks only.
#
# Engines (FORMAL_ENGINE): `abc` (default) decides each check with ABC (yosys-abc, part of yosys)
# on the AIGER netlist: `bmc3` for BMC, `fold; orpos; ind` for k-induction, and for a mutant
# `bmc3` again with each failing output tied off (`zeropo`) until no more fail, so every property
# the mutant breaks within the depth is named. ABC is bit-level SAT: the pmu_top BMC takes seconds
# where yosys-smtbmc on z3 takes minutes. When a check fails, yosys-smtbmc on z3 replays it on the
# same netlist to write the counterexample VCD. `smtbmc` decides with yosys-smtbmc alone.
#
# usage: verif/formal/run.sh [BUILD_DIR]        (default build/formal)
#   FORMAL_JOBS=N   checks run in parallel (default 2)
#   FORMAL_ONLY=RE  run only the checks whose name matches the extended regexp RE
#   FORMAL_NIGHTLY=1  also the nightly checks (the pmu_top mutants and deeper pmu_top BMCs)
#   FORMAL_ENGINE=abc|smtbmc   the deciding engine (default abc)
#
# Prints PASS/FAIL per check and ends with "N passed, N failed"; exit 1 on any failure. A failing
# check keeps its counterexample VCD (yosys-smtbmc --dump-vcd) in BUILD_DIR and prints its path.
# Mutation checks break one line of a copy of rtl/ (in BUILD_DIR/mut_NAME/rtl, never rtl/) and
# pass only if BMC finds a counterexample on the expected property.
set -u
cd "$(dirname "$0")/../.." || exit 2
B=${1:-build/formal}
JOBS=${FORMAL_JOBS:-2}
ONLY=${FORMAL_ONLY:-}
TMO=${FORMAL_TIMEOUT:-300}           # seconds per solver run
ENGINE=${FORMAL_ENGINE:-abc}
# ABC's clean-up of the gate netlist before solving: structural hashing, SAT sweeping (&fraig:
# merges nodes proven equal) and rewriting (dc2); the THREADS=2 event-control BMC goes from 20 s
# to under a second (ifraig does the same but takes 80 s on pmu_top)
ABC_OPT="strash; &get -n; &fraig -x; &put; dc2"
case $ENGINE in abc|smtbmc) ;; *) echo "FAIL formal: FORMAL_ENGINE=$ENGINE: use abc or smtbmc"; echo "0 passed, 1 failed"; exit 1 ;; esac
FV=verif/formal
mkdir -p "$B"
rm -f "$B"/*.result "$B"/*.vcd "$B"/net_*

for c in yosys yosys-smtbmc yosys-abc z3; do
  command -v $c >/dev/null 2>&1 || { echo "FAIL formal: '$c' not found (apt-get install -y yosys z3)"; echo "0 passed, 1 failed"; exit 1; }
done

# RTL files of each property module
rtl_of() {
  case $1 in
    fv_bank)  echo pmu_cnt_bank.v pmu_cnt_wnd.v ;;
    fv_bank_ram) echo pmu_cnt_bank.v pmu_cnt_ram.v pmu_cnt_drn.v pmu_cnt_wnd.v ;;
    fv_evcnt) echo pmu_evctl.v pmu_evctl_ctr.v pmu_cnt_bank.v pmu_cnt_wnd.v ;;
    fv_regs)  echo pmu_regs.v pmu_regs_gen.v ;;
    fv_stack) echo pmu_stack.v pmu_stack_stage.v ;;
    fv_smp)   echo pmu_smp_thr.v ;;
    fv_top)   echo pmu_top.v pmu_regs.v pmu_regs_gen.v pmu_evctl.v pmu_evctl_ctr.v pmu_fixslot.v pmu_stack.v \
                   pmu_stack_stage.v pmu_cnt_bank.v pmu_cnt_ram.v pmu_cnt_drn.v pmu_cnt_wnd.v pmu_rdp.v ;;
  esac
}

# build NAME TOP RTLDIR DEFS KIND: yosys -> the flat netlist of a check, as KIND smt2:
# $B/NAME.smt2 for yosys-smtbmc (AIG-mapped by abc, macros cut for z3); or KIND aig: $B/NAME.aig
# for ABC (AIGER: each assert a bad-state output, each assume a constraint, uninitialised flops
# free inputs of the first frame; gate-mapped without optimisation, which ABC does better and
# faster) with $B/NAME.asserts, the source range of each assert in the order of the AIGER
# outputs (both come from one walk over the module's cells). The invariants name RTL flops as
# (* hierconn *) wires "inst.sig" that flatten merges with inst's sig; one left unmerged (a
# renamed flop) fails the build (select -assert-none a:hierconn). Checks of the same netlist (a
# BMC and an induction) share one build: the first builds $B/net_KEY.* under a lock, the others
# wait for it and copy it. The AIGER file is ABC's clean-up of that netlist (ABC_OPT after fold:
# constraints folded into the outputs, the outputs in their order), done once for the checks
# that share it (pmu_top: 5.3 s of CPU).
# The AIGER path maps the word-level cells that aigmap has no AIG for (COARSE) with techmap while
# the netlist is still small, three times (a map may leave cells of these types, e.g. $alu ->
# $lcu), then aigmap maps the rest straight to AND and NOT gates. No clean-up of the gate
# netlist: ABC's strash drops what is unused, and yosys's opt_clean on it cost more than the whole
# mapping (pmu_top: 21 s -> 10 s). A cell type missing from COARSE fails the build by name.
COARSE='t:$mul t:$pmux t:$bmux t:$demux t:$shiftx t:$shift t:$shl t:$shr t:$sshl t:$sshr t:$lt t:$le
  t:$gt t:$ge t:$alu t:$fa t:$lcu t:$macc t:$div t:$mod t:$divfloor t:$modfloor t:$pow t:$dff t:$neg'
COARSE=${COARSE//$'\n'/}
build() {
  local name=$1 top=$2 rd=$3 defs=$4 kind=$5 f files="" key net front chk=""
  # the whole pmu_top also passes yosys 0.23's check -assert (no multiple drivers, no logic loop,
  # nothing undriven); the block wrappers' hierarchical views of inner flops would not
  [ "$top" = fv_top ] && chk=" check -assert;"
  for f in $(rtl_of "$top"); do files="$files $rd/$f"; done
  key=$(echo "$top|$rd|$defs|$kind" | md5sum | cut -c1-12)
  net=$B/net_$key
  # fv_top, fv_regs at STORAGE=1 and fv_bank_ram's window port (FV_WND): the memories (the bank's RAM, the window read ports' copies) become
  # flip-flops before flatten, so that an invariant can name a word by hierconn like any flop
  # (the read muxes' leaves past the last word, an out-of-range read, are free values in every
  # cycle, as setundef -anyseq makes them in the other checks)
  local early=""
  case " $defs " in *" -DFV_STORAGE=1 "*|*" -DFV_WND "*|*" -DFV_DRAIN "*) early=" hierarchy -top $top; proc; memory_collect; memory_map; setundef -undriven -anyseq w:\$memory*rdmux*;" ;; esac
  front="read_verilog -defer -formal -I$rd $files; \
      read_verilog -formal -sv $defs -I$rd -I$FV $FV/$top.sv;$early prep -flatten -top $top;$chk \
      select -assert-none a:hierconn; memory_map; async2sync; dffunmap; setundef -anyseq; \
      opt_clean"
  (
    flock 9
    [ -s "$net.$kind" ] && exit 0
    if [ "$kind" = smt2 ]; then
      nice yosys -q -l "$B/$name.yosys.log" -p "$front; techmap; opt -fast; abc -g simple; opt_clean; dffunmap; \
        write_smt2 -wires $B/$name.raw.smt2" >/dev/null 2>&1 \
      && python3 $FV/smt2_cut.py "$B/$name.raw.smt2" "$net.smt2.tmp" && mv "$net.smt2.tmp" "$net.smt2"
    else
      nice yosys -q -l "$B/$name.yosys.log" -p "$front; techmap $COARSE; techmap $COARSE; \
        techmap $COARSE; setundef -anyseq; aigmap; \
        select -assert-none t:* t:\$_AND_ %d t:\$_NOT_ %d t:\$_DFF_P_ %d t:\$assert %d t:\$assume %d t:\$anyseq %d; \
        write_aiger -zinit $net.aig.tmp; select t:\$assert; tee -q -o $net.dump.tmp dump" >/dev/null 2>&1 \
      && awk '/attribute .src/ { src = $3 } /^ *cell .assert / { gsub(/"/, "", src); print src }' \
           "$net.dump.tmp" > "$net.asserts" && rm -f "$net.dump.tmp" \
      && nice yosys-abc -c "read_aiger $net.aig.tmp; fold; $ABC_OPT; write_aiger $net.aig.opt" >"$net.abc.log" 2>&1 \
      && mv "$net.aig.opt" "$net.aig" && rm -f "$net.aig.tmp"
    fi
  ) 9>"$net.lock" || return 1
  cp "$net.$kind" "$B/$name.$kind" && { [ "$kind" = smt2 ] || cp "$net.asserts" "$B/$name.asserts"; }
}

# abc_fails NAME DEPTH [ALL]: BMC with ABC's bmc3 to DEPTH frames on $B/NAME.aig; prints
# "OUT FRAME" for the first output found asserted (with ALL, for every output that fails within
# DEPTH: each found output is tied to 0 and bmc3 runs again), nothing when none fails. The ABC
# log goes to $B/NAME.log; exit 2 when ABC gave no verdict.
abc_fails() {
  local name=$1 depth=$2 all=${3:-} zero="" out fr line n=0
  : >"$B/$name.log"
  while :; do
    line=$(timeout "$TMO" nice yosys-abc -c "read_aiger $B/$name.aig;$zero bmc3 -F $depth" 2>&1 \
      | tee -a "$B/$name.log" | grep -E 'was asserted in frame|No output asserted' | tail -1)
    case $line in
      *'No output asserted'*) return 0 ;;
      Output*) out=$(echo "$line" | awk '{print $2}'); fr=$(echo "$line" | sed 's/.*in frame \([0-9]*\).*/\1/')
               echo "$out $fr"; [ -z "$all" ] && return 0
               zero="$zero zeropo -N $out;"; n=$((n + 1)); [ $n -ge 16 ] && return 0 ;;
      *) return 2 ;;
    esac
  done
}

# abc_props NAME OUT...: the property tags of AIGER outputs OUT... (via $B/NAME.asserts)
abc_props() {
  local name=$1 o; shift
  for o in "$@"; do
    sed -n "$((o + 1))p" "$B/$name.asserts" | sed 's/^/Assert failed in abc: /'
  done > "$B/$name.abcfail"
  failed_props "$B/$name.abcfail"
}

# Property names of the assertions that failed: each assert carries a "// [name]" marker on one
# of the source lines yosys-smtbmc reports for it (FILE:L1.C1-L2.C2).
failed_props() {
  local log=$1 loc file l1 l2
  grep -o 'Assert failed in [^:]*: [^ ]*' "$log" | sed 's/.*: //' | sort -u | while read -r loc; do
    file=${loc%%:*}; l1=${loc#*:}; l1=${l1%%.*}; l2=${loc##*-}; l2=${l2%%.*}
    # the tag is on the line of the assert keyword or on the `if` line above it; yosys may start
    # a bare assert's location at the end of the statement before it (another assert's line), so
    # start at the last assert line of the range and look up to the range's start, then down
    awk -v a="$l1" -v b="$l2" 'NR >= a && NR <= b && /assert *\(/ { l = NR }
      NR >= a && NR <= b + 2 && /\/\/ \[[a-z_.]*\]/ { t[NR] = $0 }
      END { if (!l) l = a
            for (n = l; n >= a; n--) if (n in t) { print t[n]; exit }
            for (n = l + 1; n <= b + 2; n++) if (n in t) { print t[n]; exit } }' "$file" \
      | grep -o '// \[[a-z_.]*\]' | head -1 | tr -d '/[] '
  done | sort -u | tr '\n' ' '
}

# smtbmc_run NAME MODE DEPTH: yosys-smtbmc on z3 (BMC, or k-induction for MODE ind) on
# $B/NAME.smt2; log $B/NAME.log (or $B/NAME.smtbmc.log after ABC), counterexample $B/NAME.vcd
smtbmc_run() {
  local name=$1 mode=$2 depth=$3 log=$B/$1.log
  [ "$ENGINE" = abc ] && log=$B/$name.smtbmc.log
  local opts="-s z3 --noprogress -t $depth --dump-vcd $B/$name.vcd"
  [ "$mode" = ind ] && opts="-i $opts"
  timeout "$TMO" nice yosys-smtbmc $opts "$B/$name.smt2" >"$log" 2>&1
}

# check_abc NAME MODE DEPTH DETAIL EXPECT START TOP RTLDIR DEFS: decide a built check with ABC,
# write its result
check_abc() {
  local name=$1 mode=$2 depth=$3 detail=$4 expect=$5 start=$6 vcd=$B/$1.vcd fails rc res props
  local log=$B/$name.log
  if [ "$mode" = ind ]; then
    timeout "$TMO" nice yosys-abc -c "read_aiger $B/$name.aig; orpos; ind -v -F $depth" >"$log" 2>&1
    local took=$((SECONDS - start))
    if grep -q 'Networks are equivalent' "$log"; then
      # ABC counts the base frame as an iteration: k = iterations - 1, as yosys-smtbmc counts
      res="PASS $name (k-induction, inductive at k=$(( $(grep -o 'Completed [0-9]*' "$log" | awk '{print $2}') - 1 )) (max $depth), ${took}s)"
    else
      res="FAIL $name ($detail, ${took}s): not inductive within k=$depth (log: $log; FORMAL_ENGINE=smtbmc FORMAL_ONLY='^$name\$' $0 prints the failing step's properties); an induction trace may start in an unreachable state: check BMC first"
    fi
    echo "$res" | tee "$B/$name.result"; return
  fi
  fails=$(abc_fails "$name" "$depth" $([ "$mode" = mut ] && echo all)); rc=$?
  local took=$((SECONDS - start))
  if [ $rc -ne 0 ]; then
    res="FAIL $name ($detail): no verdict after ${took}s (timeout ${TMO}s or ABC error; log: $log)"
  elif [ -z "$fails" ]; then
    if [ "$mode" = mut ]; then
      res="FAIL $name: the broken RTL passed $detail: the properties did not catch it (log: $log)"
    else
      res="PASS $name ($detail, ${took}s)"
    fi
  else
    # shellcheck disable=SC2046
    props=$(abc_props "$name" $(echo "$fails" | awk '{print $1}'))
    if [ "$mode" = mut ]; then
      local hit="" e
      for e in ${expect//,/ }; do
        [[ " $props" == *" $e"* ]] && hit=$e
      done
      if [ -n "$hit" ]; then
        res="PASS $name ($detail, ${took}s): counterexample on ${props% }"
      else
        res="FAIL $name: counterexample on '${props% }', expected ${expect//,/* or }* (log: $log; FORMAL_ENGINE=smtbmc for a VCD)"
      fi
    else
      # the counterexample trace: yosys-smtbmc replays the failure on the same netlist
      build "$name" "$7" "$8" "$9" smt2 \
        && smtbmc_run "$name" bmc "$(( $(echo "$fails" | awk 'NR == 1 {print $2}') + 1 ))"
      res="FAIL $name ($detail, ${took}s): ${props% } (counterexample: $vcd, logs: $log, $B/$name.smtbmc.log)"
    fi
  fi
  echo "$res" | tee "$B/$name.result"
}

# check NAME TOP DEFS MODE DEPTH [MUT_FILE MUT_SUBST EXPECT]
#   MODE bmc: BMC from reset to DEPTH steps;  ind: k-induction with k = DEPTH;
#   mut: BMC to DEPTH on a broken copy of rtl/, must fail on a property whose name starts with EXPECT
check() {
  local name=$1 top=$2 defs=$3 mode=$4 depth=$5 mfile=${6:-} msubst=${7:-} expect=${8:-}
  local rd=rtl/pmu log=$B/$name.log vcd=$B/$name.vcd start=$SECONDS res detail n props
  if [ "$mode" = mut ]; then
    rd=$B/mut_$name/rtl
    rm -rf "$B/mut_$name"; mkdir -p "$B/mut_$name"; cp -r rtl/pmu "$rd"
    n=$(perl -ne "\$n++ if $msubst; END { print \$n+0 }" "$rd/$mfile")
    if [ "$n" != 1 ]; then
      echo "FAIL $name: the mutation matched $n lines of rtl/pmu/$mfile (expected 1): update $FV/run.sh" \
        | tee "$B/$name.result"; return
    fi
    perl -pi -e "$msubst" "$rd/$mfile"
  fi
  if ! build "$name" "$top" "$rd" "$defs" "$([ "$ENGINE" = abc ] && echo aig || echo smt2)"; then
    echo "FAIL $name: yosys failed (log: $B/$name.yosys.log)" | tee "$B/$name.result"; return
  fi
  case $mode in
    bmc) detail="BMC depth $depth" ;;
    ind) detail="k-induction, k=$depth" ;;
    mut) detail="mutant, BMC depth $depth" ;;
  esac
  if [ "$ENGINE" = abc ]; then
    check_abc "$name" "$mode" "$depth" "$detail" "$expect" "$start" "$top" "$rd" "$defs"; return
  fi
  smtbmc_run "$name" "$mode" "$depth"
  local took=$((SECONDS - start))
  if grep -q 'Status: PASSED' "$log"; then
    if [ "$mode" = mut ]; then
      res="FAIL $name: the broken RTL ($mfile) passed $detail: the properties did not catch it (log: $log)"
    else
      [ "$mode" = ind ] && detail="k-induction, inductive at k=$(($(grep -c 'Trying induction' "$log") - 1)) (max $depth)"
      res="PASS $name ($detail, ${took}s)"
      rm -f "$vcd"
    fi
  elif grep -q 'Status: FAILED' "$log"; then
    props=$(failed_props "$log")
    if [ "$mode" = mut ]; then
      local hit="" e
      for e in ${expect//,/ }; do
        [[ " $props" == *" $e"* ]] && hit=$e
      done
      if [ -n "$hit" ]; then
        res="PASS $name ($detail, ${took}s): counterexample on ${props% } (vcd: $vcd)"
      else
        res="FAIL $name: counterexample on '${props% }', expected ${expect//,/* or }* (vcd: $vcd, log: $log)"
      fi
    else
      res="FAIL $name ($detail, ${took}s): ${props% } (counterexample: $vcd, log: $log)"
      [ "$mode" = ind ] && res="$res; an induction trace may start in an unreachable state: check BMC first"
    fi
  else
    res="FAIL $name ($detail): no verdict after ${took}s (timeout ${TMO}s or solver error; log: $log)"
  fi
  echo "$res" | tee "$B/$name.result"
}

# ---- the checks -------------------------------------------------------------------------------
# Longest first (two run at a time). Parameters are the defaults of each fv_*.sv.
CHECKS=(
# (e) unprivileged writes: two pmu_regs, one sees an idle bus instead (THREADS=1, P=2, CW=33)
  "regs.miter     fv_regs  -DFV_MITER  bmc 8"
# (a)-(d) event control + counter bank (THREADS=1, P=3, CW=8, LW=4, W=2)
  "evcnt.bmc      fv_evcnt -DFV_FULL   bmc 16"
# (a)-(d), ANY across two threads: THREADS=2, P=2 (VW=8)
  "evcnt2.bmc     fv_evcnt -DFV_FULL,-DFV_THREADS=2,-DFV_P=2 bmc 8"
# pmu_top wiring: THREADS=2, P=1, CW=33, W=2, LW=2, NW=2 (APB, direct read port, fixed/slot/pmc)
  "top.bmc        fv_top   -           bmc 4"
# the same at PIPE=1 (no write register: FV_NO_SW) and PIPE=2, under APB (a setup cycle before
# every access phase); BMC 6 is the base case of their induction (k=5)
  "top1.bmc       fv_top   -DFV_PIPE=1,-DFV_NO_SW bmc 6"
  "top2.bmc       fv_top   -DFV_PIPE=2 bmc 6"
# (f) CPI stacks: pmu_stack (THREADS=2, W=3, NW=3, CRW=3)
  "stack.bmc      fv_stack -DFV_FULL   bmc 10"
# (i) the sampler's buffer and counts: pmu_smp_thr (W=2, P=2, SMP_DEPTH=2)
  "smp.bmc        fv_smp   -           bmc 12"
# (b) overflow status, (e): pmu_regs (THREADS=1, P=2, CW=33, AW=12)
  "regs.bmc       fv_regs  -DFV_FULL   bmc 10"
# (b), (e), (g), (w) with the evtsel/ext write register: pmu_regs at PIPE=2 (PIPE=3's register
# block is the same code: pmu_regs and pmu_regs_gen test PIPE >= 2 and PIPE != 0 only)
  "regs2.bmc      fv_regs  -DFV_FULL,-DFV_PIPE=2 bmc 10"
  "regs2.miter    fv_regs  -DFV_MITER,-DFV_PIPE=2 bmc 8"
# the same at PIPE=1: the setup-cycle decode dec_q, no write register (FV_NO_SW)
  "regs1.bmc      fv_regs  -DFV_FULL,-DFV_PIPE=1,-DFV_NO_SW bmc 10"
  "regs1.miter    fv_regs  -DFV_MITER,-DFV_PIPE=1,-DFV_NO_SW bmc 8"
# the same with block-RAM storage (FV_STORAGE=1, P=4): evtsel/ext read through the block-RAM
# copy (g_eram), at PIPE=0 and 2, under APB
  "regsr.bmc      fv_regs  -DFV_FULL,-DFV_STORAGE=1 bmc 10"
  "regsr2.bmc     fv_regs  -DFV_FULL,-DFV_STORAGE=1,-DFV_PIPE=2 bmc 10"
# (a) counter bank: next value = value + increment, or the write; wrap iff carry (NCNT=3, CW=40)
  "bank.bmc       fv_bank  -           bmc 8"
# (h) the two counter storages side by side (NCNT=2, CW=8, IW=1, 4-bit prefix; NCNT=3; and four
# counters with a DIRECT one read by a window port, CW=10, 5-bit prefix), each proven by induction
  "bankram.bmc    fv_bank_ram -DFV_FULL bmc 12"
  "bankram3.bmc   fv_bank_ram -DFV_FULL,-DFV_NCNT3 bmc 12"
  "bankramd.bmc   fv_bank_ram -DFV_FULL,-DFV_DIRECT,-DFV_WND bmc 24"
# (h) with a NARROW counter (its own prefix width beside a wide one's)
  "bankramn.bmc   fv_bank_ram -DFV_FULL,-DFV_NARROW bmc 20"
  "bankramn.ind   fv_bank_ram -DFV_FULL,-DFV_NARROW ind 4"
# (h) with two drained counters (pmu_cnt_drn: the CPI-stack counters' storage)
  "bankramdr.bmc  fv_bank_ram -DFV_FULL,-DFV_DRAIN bmc 20"
  "bankramdr.ind  fv_bank_ram -DFV_FULL,-DFV_DRAIN ind 4"
  "bankramd.ind   fv_bank_ram -DFV_FULL,-DFV_DIRECT,-DFV_WND ind 4"
  "evcnt.ind      fv_evcnt -DFV_FULL   ind 4"
  "evcnt2.ind     fv_evcnt -DFV_FULL,-DFV_THREADS=2,-DFV_P=2 ind 4"
  "regs.ind       fv_regs  -DFV_FULL   ind 4"
  "regs.miterind  fv_regs  -DFV_MITER  ind 4"
  "regs2.ind      fv_regs  -DFV_FULL,-DFV_PIPE=2 ind 4"
  "regs2.miterind fv_regs  -DFV_MITER,-DFV_PIPE=2 ind 4"
  "regs1.ind      fv_regs  -DFV_FULL,-DFV_PIPE=1,-DFV_NO_SW ind 4"
  "regs1.miterind fv_regs  -DFV_MITER,-DFV_PIPE=1,-DFV_NO_SW ind 4"
  "regsr.ind      fv_regs  -DFV_FULL,-DFV_STORAGE=1 ind 4"
  "regsr2.ind     fv_regs  -DFV_FULL,-DFV_STORAGE=1,-DFV_PIPE=2 ind 4"
  "stack.ind      fv_stack -DFV_FULL   ind 4"
  "bank.ind       fv_bank  -           ind 4"
  "bankram.ind    fv_bank_ram -DFV_FULL ind 4"
  "bankram3.ind   fv_bank_ram -DFV_FULL,-DFV_NCNT3 ind 4"
  "top.ind        fv_top   -           ind 4"
  "top1.ind       fv_top   -DFV_PIPE=1,-DFV_NO_SW ind 6"
  "top2.ind       fv_top   -DFV_PIPE=2 ind 6"
  "smp.ind        fv_smp   -           ind 4"
)

# Mutants: NAME|TOP|DEFS|DEPTH|FILE|PERL SUBSTITUTION (must match one line)|EXPECTED PROPERTY
# (a tag prefix; several, comma-separated, when BMC may report either first)
MUTANTS=(
  'mut.edge-level|fv_evcnt|-|6|pmu_evctl_ctr.v|s/\(cprev_o != cprev_i\) && \(f_both \x7c\x7c cond\)/counted && (f_both \x7c\x7c cond)/|c.edge'
  'mut.ram-ones|fv_bank_ram|-|12|pmu_cnt_ram.v|s/wire          w_ones = \(whi == /wire          w_ones = 1\x27b0 \&\& (whi == /|h.'
  'mut.read-range|fv_bank|-|4|pmu_cnt_bank.v|s/if \(re_i && \(\{1.b0, ridx_i\} < NCNT_C\)\) begin/if (re_i) begin/|a.read_port'
  'mut.unpriv-write|fv_regs|-|6|pmu_regs_gen.v|s/\x7c \(pwrite_i & !priv\)/\x7c 1\x27b0/|e.unpriv'
  'mut.stack-carry|fv_stack|-|4|pmu_stack_stage.v|s/= \(rem > CRMAX\) \? CRMAX\[CRW-1:0\] : rem\[CRW-1:0\];/= {CRW{1\x27b0}};/|f.carry'
  'mut.smp-drop|fv_smp|-|7|pmu_smp_thr.v|s/\+ \{31.d0, lost_slot\} \+ \{31.d0, drop\};/+ {31\x27d0, lost_slot};/|s.conserve'
)

# Nightly only (FORMAL_NIGHTLY=1, make formal-nightly): the whole pmu_top is large, so its mutants
# (and deeper BMCs: top2.deep reaches t.ovf at PIPE=2) run there, and so do the THREADS=2
# event-control mutants (each builds its own netlist) and the pmu_top proof at PIPE=3 (PIPE=2
# behind a register at the event ports, ev_q); make formal keeps the other proofs (top.ind,
# top1.ind, top2.ind, evcnt2.ind, and their BMCs as the base case).
NIGHTLY_CHECKS=(
  "top.deep       fv_top   -           bmc 6"
  "top2.deep      fv_top   -DFV_PIPE=2 bmc 11"
  "top3.bmc       fv_top   -DFV_PIPE=3 bmc 6"
  "top3.ind       fv_top   -DFV_PIPE=3 ind 6"
# pmu_top with block-RAM storage (STORAGE=1: a RAM counter's access has a wait state) at PIPE=0
# and 2 (the default PMU of the area targets), BMC only: the induction does not close on the
# current RTL (docs/formal.md, "pmu_top with block-RAM storage")
  "topr0.bmc      fv_top   -DFV_STORAGE=1 bmc 8"
  "topr2.bmc      fv_top   -DFV_STORAGE=1,-DFV_PIPE=2 bmc 8"
# ... and the bank's access protocol there (t.bank_protocol alone, FV_PROTO: what fv_bank_ram
# assumes), by induction
  "topr0p.bmc     fv_top   -DFV_STORAGE=1,-DFV_PROTO bmc 8"
  "topr0p.ind     fv_top   -DFV_STORAGE=1,-DFV_PROTO ind 4"
  "topr2p.bmc     fv_top   -DFV_STORAGE=1,-DFV_PIPE=2,-DFV_PROTO bmc 8"
  "topr2p.ind     fv_top   -DFV_STORAGE=1,-DFV_PIPE=2,-DFV_PROTO ind 4"
# ... and every property but the four that compare counter values over time (FV_NOVAL), by
# induction (base case: topr0.bmc, topr2.bmc)
  "topr0v.ind     fv_top   -DFV_STORAGE=1,-DFV_NOVAL ind 6"
  "topr2v.ind     fv_top   -DFV_STORAGE=1,-DFV_PIPE=2,-DFV_NOVAL ind 8"
)
NIGHTLY_MUTANTS=(
  'mut.smp-tail|fv_smp|-|5|pmu_smp_thr.v|s/assign werr_o = \(k_i == K_TAIL\) && \(tstep > fill\);/assign werr_o = 1\x27b0;/|s.tail_rule,s.fill'
  'mut.chain-lost|fv_evcnt|-|6|pmu_evctl_ctr.v|s/inc_o = \{\{\(IW - 1\)\{1.b0\}\}, carry_prev_i\};/inc_o = {IW{1\x27b0}};/|d.chain'
  'mut.edge-history|fv_evcnt|-DFV_FULL|8|pmu_evctl_ctr.v|s/assign cprev_o = counted \? cond : cprev_i;/assign cprev_o = cond;/|r.inc,i.cprev'
  'mut.write-adds|fv_bank|-|6|pmu_cnt_bank.v|s/cnt_q\[gi\] <= wnew;/cnt_q[gi] <= wnew + sum[CW-1:0] - cnt_q[gi];/|a.write_wins'
  'mut.ram-bypass|fv_bank_ram|-|12|pmu_cnt_ram.v|s/byp_d     = pre_i && byp_p;/byp_d     = 1\x27b0;/|h.'
  'mut.ram-rz|fv_bank_ram|-|12|pmu_cnt_ram.v|s/u_z   = z_q\[ri_q\];/u_z   = 1\x27b0;/|h.'
  'mut.ram-r2byp|fv_bank_ram|-|12|pmu_cnt_ram.v|s/r2_q  <= r2_byp \? fw_w : u_base;/r2_q  <= u_base;/|h.'
  'mut.ram-bdrop|fv_bank_ram|-|12|pmu_cnt_ram.v|s/park    = bv_q && \(wv_q \x7c\x7c pk_q\) && !bdrop;/park    = bv_q \&\& (wv_q \x7c\x7c pk_q);/|h.'
# the DIRECT miter's mutants, with its invariants: a parked word written under a write-back (the
# carry lost before 746c7e2), held instead of dropped behind its own counter's write-back, parked
# for good; a DIRECT pre-read with a wait state, its access's kind or address read wrong; a
# write-back after a wait state
# the window read port's copy (FV_WND): a fold's carry counted twice when its word is written at
# the read's edge, a word written at the read's edge read stale, the copy never written
  'mut.ramw-pend|fv_bank_ram|-DFV_FULL,-DFV_DIRECT,-DFV_WND|16|pmu_cnt_ram.v|s/c_p_q   <= whit && pend_q\[wk\] && !w_byp;/c_p_q   <= whit \&\& pend_q[wk];/|h.wnd_same'
  'mut.ramw-byp|fv_bank_ram|-DFV_FULL,-DFV_DIRECT,-DFV_WND|16|pmu_cnt_ram.v|s/c_byp_q <= whit && w_byp;/c_byp_q <= 1\x27b0;/|h.wnd_same'
  'mut.ramw-stale|fv_bank_ram|-DFV_FULL,-DFV_DIRECT,-DFV_WND|16|pmu_cnt_ram.v|s/wram\[wa_x\[WAW-1:0\]\] <= ram_wdata;/wram[wa_x[WAW-1:0]] <= wram[wa_x[WAW-1:0]];/|i.wnd'
# the drained counters (FV_DRAIN, (h) alone): cycle B keeps its increment beside a write of its
# counter in cycle C, cycle B of the counter cycle C writes takes the old word, a word written
# at cycle A's edge read stale, a write's value taken for every bit (its bytes not merged over
# the word); with the invariants: the pointer stuck, an access not taken as one
# a NARROW counter (FV_NARROW): its written value split as a wide counter's ((h) alone); a written
# NARROW counter's "all ones" taken in the wide width (with the invariants)
  'mut.ramn-ones|fv_bank_ram|-DFV_FULL,-DFV_NARROW|12|pmu_cnt_ram.v|s/w_ones = \(whi == u_ones\(SM\[wi_q\], NAR\[wi_q\]\)\);/w_ones = (whi == u_ones(SM[wi_q], 1\x27b0));/|i.ones,h.'
  'mut.ramn-split|fv_bank_ram|-DFV_NARROW|12|pmu_cnt_ram.v|s/: NAR\[wi_q\] \? wsh_n\[HW-1:0\] :/: 1\x27b0 ? wsh_n[HW-1:0] :/|h.'
  'mut.drn-cdrop|fv_bank_ram|-DFV_DRAIN|20|pmu_cnt_drn.v|s/d_b    = \(we_c && c_same\) \? \{PWD\{1.b0\}\} : sum/d_b    = sum/|h.'
  'mut.drn-cword|fv_bank_ram|-DFV_DRAIN|20|pmu_cnt_drn.v|s/w_b    = c_same \? wd_c : z_q/w_b    = z_q/|h.'
  'mut.drn-wmask|fv_bank_ram|-DFV_DRAIN|20|pmu_cnt_drn.v|s/wm_c  = we_c \? wmask_i : \{CW\{1.b0\}\};/wm_c  = {CW{we_c}};/|h.'
  'mut.drn-rbyp|fv_bank_ram|-DFV_DRAIN|20|pmu_cnt_drn.v|s/byp_q   <= cv_q && \(ci_q == ja\);/byp_q   <= 1\x27b0;/|h.'
  'mut.drn-stuck|fv_bank_ram|-DFV_FULL,-DFV_DRAIN|16|pmu_cnt_drn.v|s/dp_q <= acc_a \? dp_q : dp_n;/dp_q <= dp_q;/|i.drain'
  'mut.drn-bacc|fv_bank_ram|-DFV_FULL,-DFV_DRAIN|12|pmu_cnt_drn.v|s/bacc_q <= acc_a;/bacc_q <= 1\x27b0;/|i.drain'
  'mut.ramd-lost|fv_bank_ram|-DFV_FULL,-DFV_DIRECT|14|pmu_cnt_ram.v|s/wire          fw      = fb \x7c\x7c \(pk_q && !wv_q\);/wire          fw      = fb \x7c\x7c pk_q;/|h.value_same'
  'mut.ramd-drop|fv_bank_ram|-DFV_FULL,-DFV_DIRECT|17|pmu_cnt_ram.v|s/wire          pk_drop = pk_q && wv_q && \(wi_q == pk_i_q\);/wire          pk_drop = 1\x27b0;/|h.value_same'
  'mut.ramd-wait|fv_bank_ram|-DFV_FULL,-DFV_DIRECT|8|pmu_cnt_ram.v|s/ && !DIRECT\[pidx_i\];/;/|i.wait'
  'mut.ramd-kind|fv_bank_ram|-DFV_FULL,-DFV_DIRECT|8|pmu_cnt_ram.v|s/a_dir_q  <= DIRECT\[pidx_i\];/a_dir_q  <= 1\x27b0;/|h.read_same'
  'mut.ramd-ri|fv_bank_ram|-DFV_FULL,-DFV_DIRECT|8|pmu_cnt_ram.v|s/ri_q    <= raddr;/ri_q    <= fp_q;/|i.wait'
  'mut.ramd-wv|fv_bank_ram|-DFV_FULL,-DFV_DIRECT|8|pmu_cnt_ram.v|s/wv_q <= \x7cwsel;/wv_q <= (\x7cwsel) \x7c wt_q;/|i.wback'
  'mut.ramd-park|fv_bank_ram|-DFV_FULL,-DFV_DIRECT|11|pmu_cnt_ram.v|s/pk_q <= park \x7c\x7c pk_hold;/pk_q <= park \x7c\x7c pk_q;/|i.park'
# the register block's evtsel/ext read: through the mux (STORAGE=0), through the block-RAM copy
# (STORAGE=1, P=4: written unmasked, its written-since-reset flag ignored or never set, read at
# the access's decode instead of the setup cycle's address)
  'mut.regs-eread|fv_regs|-|6|pmu_regs_gen.v|s/etree\[ee\*32 \+: 32\] = r_evtsel \? evtsel_q\[ee\*32 \+: 32\] : ext_q\[ee\*32 \+: 32\];/etree[ee*32 +: 32] = evtsel_q[ee*32 +: 32];/|w.read'
  'mut.regsr-mask|fv_regs|-DFV_FULL,-DFV_STORAGE=1|6|pmu_regs_gen.v|s/pstrb_i\) & ewm;/pstrb_i);/|w.read'
  'mut.regsr-flag|fv_regs|-DFV_FULL,-DFV_STORAGE=1|6|pmu_regs_gen.v|s/eold = ewv_q \? erd_q : /eold = 1\x27b1 ? erd_q : /|w.read'
  'mut.regsr-noset|fv_regs|-DFV_FULL,-DFV_STORAGE=1|6|pmu_regs_gen.v|s/ewr_q\[ewa\] <= 1\x27b1;/ewr_q[ewa] <= 1\x27b0;/|w.read'
  'mut.regsr2-raddr|fv_regs|-DFV_FULL,-DFV_STORAGE=1,-DFV_PIPE=2|6|pmu_regs_gen.v|s/erd_q <= eram\[era\];/erd_q <= eram[ewa];/|w.read'
  'mut.clear-beats-set|fv_regs|-|6|pmu_regs.v|s/\(\(q & ~clr\) \x7c set\)/((q \x7c set) \& ~clr)/|b.'
  'mut.pick-stale|fv_regs|-|4|pmu_regs.v|s/pick_q\[\(tp\*P\+kp\)\*PKW \+: PKW\] <= pick_d;/pick_q[(tp*P+kp)*PKW +: PKW] <= pick_q[(tp*P+kp)*PKW +: PKW];/|g.pick'
  'mut.pick-bus|fv_regs|-DFV_PIPE=2|5|pmu_regs.v|s/ev_d    = ld_dec & EVTSEL_MASK;/ev_d    = ewword \& EVTSEL_MASK;/|g.pick,w.'
  'mut.stack-cause|fv_stack|-|4|pmu_stack_stage.v|s/cause = f\[`PMU_FLG_PROD_DMISS\] \? C_DCACHE/cause = f[`PMU_FLG_HEAD_DMISS] ? C_DCACHE/|f.one_cause'
  'mut.any-own|fv_evcnt|-DFV_FULL,-DFV_THREADS=2,-DFV_P=2|4|pmu_evctl.v|s/assign part_on\[gu\] = f_any && pok\[gu\];/assign part_on[gu] = 1\x27b0;/|r.inc'
  'mut.any-privok|fv_evcnt|-DFV_FULL,-DFV_THREADS=2,-DFV_P=2|4|pmu_evctl.v|s/privok = f_any \? \(\x7cpok_e\) : pok_e\[gt\];/privok = pok_e[gt];/|r.inc'
  'mut.top-slot-thread|fv_top|-|4|pmu_top.v|s/= fs_inc\[gt\*8\*IW \+: \(NFIX\+NSLOT\)\*IW\];/= fs_inc[(THREADS-1-gt)*8*IW +: (NFIX+NSLOT)*IW];/|t.slot_inc'
  'mut.top-rdp-window|fv_top|-|4|pmu_top.v|s/\.WBASE   \(P \+ NFIX\),/.WBASE   (P + NFIX + 1),/|t.'
  'mut.top-rdp-span|fv_top|-|4|pmu_top.v|s/\.WSPAN   \(NSLOT\),/.WSPAN   (NSLOT + 1),/|t.rdp_range'
  'mut.top-rdp-valid|fv_top|-|4|pmu_rdp.v|s/assign valid_d = req_i;/assign valid_d = req_i \x7c valid_q;/|t.rdp_valid'
  'mut.top-fix-priv|fv_top|-|5|pmu_top.v|s/\.fix_os_i      \(fix_os\),/.fix_os_i      (fix_usr),/|t.fix_inc'
  'mut.top-pmc-thread|fv_top|-|5|pmu_top.v|s/= pmc_inc\[gt\*P\*IW \+: P\*IW\];/= pmc_inc[(THREADS-1-gt)*P*IW +: P*IW];/|t.pmc_inc'
  'mut.top-wrap-thread|fv_top|-|7|pmu_top.v|s/pmc_wrap\[u\*P \+: P\]    = wcarry\[u\*NCPT \+: P\] & ~wsel\[u\*NCPT \+: P\];/pmc_wrap[u*P +: P]    = wcarry[(THREADS-1-u)*NCPT +: P] \& ~wsel[(THREADS-1-u)*NCPT +: P];/|t.ovf'
  'mut.topr0-nowait|fv_top|-DFV_STORAGE=1|4|pmu_top.v|s/assign pready_o = !\(psel_i && penable_i && cnt_wait\);/assign pready_o = 1\x27b1;/|t.wait'
  'mut.topr2-slot-thread|fv_top|-DFV_STORAGE=1,-DFV_PIPE=2|6|pmu_top.v|s/= fs_inc\[gt\*8\*IW \+: \(NFIX\+NSLOT\)\*IW\];/= fs_inc[(THREADS-1-gt)*8*IW +: (NFIX+NSLOT)*IW];/|t.slot_inc'
# the bank's access protocol at the top (STORAGE=1, t.bank_protocol alone): an access phase in
# the wait state, the pre-read at the last access's decode (PIPE=2), a slot counter's pre-read
# with a wait state
  'mut.topr0-accwait|fv_top|-DFV_STORAGE=1,-DFV_PROTO|4|pmu_regs_gen.v|s/acc    = penable_i && !cnt_wait_i;/acc    = penable_i;/|t.bank_protocol'
  'mut.topr2-pidx|fv_top|-DFV_STORAGE=1,-DFV_PIPE=2,-DFV_PROTO|6|pmu_regs_gen.v|s/assign cnt_pidx_o = cidx_s;/assign cnt_pidx_o = cidx;/|t.bank_protocol'
  'mut.topr0-slotwait|fv_top|-DFV_STORAGE=1,-DFV_PROTO|4|pmu_cnt_ram.v|s/ && !DIRECT\[pidx_i\];/;/|t.bank_protocol'
  'mut.top2-fix-stage|fv_top|-DFV_PIPE=2|9|pmu_top.v|s/\.priv_i        \(e_priv\),/.priv_i        (x_priv),/|t.fix_inc'
)
if [ "${FORMAL_NIGHTLY:-0}" = 1 ]; then
  CHECKS=("${NIGHTLY_CHECKS[@]}" "${CHECKS[@]}")
  MUTANTS=("${NIGHTLY_MUTANTS[@]}" "${MUTANTS[@]}")
fi

t0=$SECONDS
echo "formal: yosys $(yosys -V | awk '{print $2}'), engine $ENGINE$([ "$ENGINE" = smtbmc ] && z3 --version | awk '{print " (z3 " $3 ")"}'), $JOBS jobs, build dir $B"
run() {  # run CHECK-ARGS...: in the background, at most $JOBS at a time
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  check "$@" &
}
names=()
for c in "${CHECKS[@]}"; do
  read -r name top defs mode depth <<<"$c"
  [ -n "$ONLY" ] && ! [[ $name =~ $ONLY ]] && continue
  [ "$defs" = - ] && defs=""
  defs=${defs//,/ }
  names+=("$name"); run "$name" "$top" "$defs" "$mode" "$depth"
done
for m in "${MUTANTS[@]}"; do
  IFS='|' read -r name top defs depth file subst expect <<<"$m"
  [ -n "$ONLY" ] && ! [[ $name =~ $ONLY ]] && continue
  [ "$defs" = - ] && defs=""
  defs=${defs//,/ }
  names+=("$name"); run "$name" "$top" "$defs" mut "$depth" "$file" "$subst" "$expect"
done
wait

pass=0; fail=0
for name in "${names[@]}"; do
  if grep -q '^PASS' "$B/$name.result" 2>/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "formal: $((SECONDS - t0))s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

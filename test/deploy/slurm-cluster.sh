#!/usr/bin/env bash
# A private single-node Slurm cluster for the Slurm test (docs/distributed.md): its own MUNGE daemon and key, its own
# slurmctld and slurmd on their own ports, state, spool, logs and pid files, all under one directory, so it never
# touches a cluster the machine already runs. Debian's slurm-wlm and munge must be installed (.ci/run does), and
# it must run as root (slurmd starts jobs as their users).
#
#   test/deploy/slurm-cluster.sh start DIR   start the daemons; prints SLURM_CONF=DIR/slurm.conf once the node is idle
#   test/deploy/slurm-cluster.sh stop DIR    stop the daemons started from DIR (by their pid files) and wait for them
#
# Clients (sbatch, squeue, scontrol) reach this cluster through SLURM_CONF. Ports: SLURMCTLD_PORT / SLURMD_PORT
# (default 16817 / 16818, away from Slurm's 6817 / 6818).
set -euo pipefail

cmd=${1:?usage: slurm-cluster.sh start|stop DIR}
dir=${2:?usage: slurm-cluster.sh start|stop DIR}
dir=$(cd "$dir" && pwd)

stop_pidfile() {
  local f=$1 pid
  [[ -s $f ]] || return 0
  pid=$(<"$f")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$f"
}

if [[ $cmd == stop ]]; then
  stop_pidfile "$dir/slurmd.pid"
  stop_pidfile "$dir/slurmctld.pid"
  stop_pidfile "$dir/munged.pid"
  exit 0
fi
[[ $cmd == start ]] || { echo "slurm-cluster.sh: unknown command $cmd" >&2; exit 2; }

mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"
# A fresh 1 KiB MUNGE key, readable by its owner only (munged refuses anything looser).
head -c 1024 /dev/urandom >"$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
munged --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/munged.seed"
for _ in $(seq 100); do [[ -S $dir/munge/munge.socket ]] && break; sleep 0.05; done

host=$(hostname -s)
# The node as slurmd sees this machine (CPUs, sockets, cores, threads, memory); the UpTime line is not config.
node=$(slurmd -C | grep '^NodeName=' | sed -e "s/^NodeName=[^ ]*/NodeName=$host NodeAddr=127.0.0.1/")
cat >"$dir/slurm.conf" <<EOF
ClusterName=mjlabtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=${SLURMCTLD_PORT:-16817}
SlurmdPort=${SLURMD_PORT:-16818}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire is also how long a requeued job waits before it starts again (default 120 s).
AuthInfo=socket=$dir/munge/munge.socket,cred_expire=5
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
# A requeued task waits for its begin time, then for a scheduling pass: run those every second (default 60 s, 30 s).
SchedulerParameters=sched_interval=1,bf_interval=1
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MinJobAge=300
$node State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 300); do
  state=$(sinfo -h -o %T 2>/dev/null || true)
  [[ $state == idle ]] && { echo "SLURM_CONF=$SLURM_CONF"; exit 0; }
  sleep 0.1
done
echo "slurm-cluster.sh: the node did not become idle in 30 s (state: ${state:-none}); logs in $dir" >&2
exit 1

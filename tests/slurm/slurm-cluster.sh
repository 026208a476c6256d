#!/usr/bin/env bash
# slurm-cluster.sh start|stop DIR
# A single-node Slurm cluster of Debian's packages (munged, slurmctld, slurmd) living in DIR: its own
# munge key and socket, its own slurm.conf with free ports, its state, spool and logs, daemons started
# here and stopped by `stop`. No system service, /etc file or system socket is touched. Clients find
# it through SLURM_CONF=DIR/slurm.conf (written to DIR/env, for `source`).
# Exit 77 (CTest: skipped) only where daemons genuinely cannot run here (not root); missing packages
# are a failure: `make test` installs them (scripts/bootstrap.sh).
set -euo pipefail
action="$1"; dir="$2"

stop_cluster() {
  # Jobs first (their slurmstepd would outlive slurmd), then the three daemons at once: each takes
  # up to 2 s to stop on its own, and nothing of this cluster's state is worth keeping.
  [ -f "$dir/slurm.conf" ] && SLURM_CONF="$dir/slurm.conf" timeout 5 scancel --full -u "$(id -un)" 2>/dev/null || true
  local pids=()
  for name in slurmd slurmctld munged; do
    [ -f "$dir/$name.pid" ] && pids+=("$(cat "$dir/$name.pid")")
    rm -f "$dir/$name.pid"
  done
  ((${#pids[@]})) || return 0
  kill "${pids[@]}" 2>/dev/null || true
  for _ in $(seq 30); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" -eq 1 ] || return 0
    sleep 0.1
  done
  kill -9 "${pids[@]}" 2>/dev/null || true
}

if [ "$action" = stop ]; then
  [ -d "$dir" ] && stop_cluster
  exit 0
fi

for tool in munged slurmctld slurmd sbatch squeue scancel sinfo; do
  command -v "$tool" >/dev/null || PATH="$PATH:/usr/sbin"
  command -v "$tool" >/dev/null || { echo "FAILED: $tool is not installed (scripts/bootstrap.sh installs munge, slurmctld, slurmd and slurm-client)"; exit 1; }
done
if [ "$(id -u)" -ne 0 ]; then
  echo "SKIPPED: the test cluster runs slurmd, which must run as root to start jobs (this is uid $(id -u))"
  exit 77
fi

rm -rf "$dir"; mkdir -p "$dir"/{munge,state,spool,log}
chmod 0700 "$dir" "$dir/munge"

# Three free TCP ports: the kernel picks them (bind to port 0), so parallel clusters never collide.
read -r ctld_port slurmd_port srun_port < <(python3 - <<'PY'
import socket
socks = [socket.socket() for _ in range(3)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])
PY
)
host="$(hostname -s)"

dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$dir/munge/munge.key"
munged --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"

cat >"$dir/slurm.conf" <<CONF
ClusterName=graphlens-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SrunPortRange=$srun_port-$srun_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/slurmd-%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
SchedulerTimeSlice=5
InactiveLimit=0
MinJobAge=300
KillWait=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
echo "export SLURM_CONF=$dir/slurm.conf" >"$dir/env"
export SLURM_CONF="$dir/slurm.conf"

slurmctld -i -f "$dir/slurm.conf" || { cat "$dir/log/slurmctld.log"; stop_cluster; exit 1; }
slurmd -f "$dir/slurm.conf" || { cat "$dir/log/slurmd.log"; stop_cluster; exit 1; }

for _ in $(seq 150); do
  state="$(sinfo -h -n "$host" -o %T 2>/dev/null || true)"
  case "$state" in idle*) echo "slurm cluster up in $dir (node $host, port $ctld_port)"; exit 0;; esac
  sleep 0.1
done
echo "FAILED: the node never became idle (state '${state:-none}'); logs:"
tail -n 20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" "$dir/log/munged.log" 2>/dev/null || true
stop_cluster
exit 1

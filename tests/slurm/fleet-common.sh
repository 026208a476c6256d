# Sourced by the fleet tests: a scratch folder, a cluster of its own (slurm-cluster.sh) stopped on
# exit whatever happens, and helpers to wait for a job and check merged rows.
# usage (from a test): source fleet-common.sh <graphlens-cli> <scratch folder>
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cli="$1"; work="$2"
rm -rf "$work"; mkdir -p "$work"
started=$(date +%s)
# The cluster in a short temporary path: munge's socket path must fit a sockaddr_un (108 bytes).
cluster="$(mktemp -d -t graphlens-slurm.XXXXXX)"
trap '"$here/slurm-cluster.sh" stop "$cluster"; rm -rf "$cluster"; echo "took $(( $(date +%s) - started )) s"' EXIT
status=0; "$here/slurm-cluster.sh" start "$cluster" || status=$?
[ "$status" -eq 0 ] || exit "$status"  # 77: skipped, with the reason printed
source "$cluster/env"
export OMP_NUM_THREADS=1

fail() {
  echo "FAILED: $*"
  for log in "$work"/fleet/logs/*.log "$cluster"/log/*.log; do [ -f "$log" ] && { echo "--- $log"; tail -n 8 "$log"; }; done
  exit 1
}

# The job id in `sbatch`'s "submitted job N: ..." line.
job_of() { sed -n 's/^submitted job \([0-9][0-9]*\):.*/\1/p' <<<"$1"; }

# Waits until the job has left the queue (at most $2 seconds).
wait_for_job() {
  local job="$1" limit="$2" waited=0
  while [ -n "$(squeue -h -j "$job" 2>/dev/null)" ]; do
    sleep 0.5; waited=$((waited + 1))
    [ "$waited" -lt $((limit * 2)) ] || fail "job $job still queued after $limit s: $(squeue -h -j "$job")"
  done
}

# Every (phase, batch, memory format, arm, pass) of the plan's points in the session exactly once, and
# each row's host the machine's. The expected rows are the unsplit plan's own (a file given as $2) or,
# without one, an eager and a graphed timed row per point (what a CPU sweep without profiling writes).
check_rows_once() {
  python3 - "$@" <<'PY'
import json, socket, sys
from collections import Counter
merged = json.load(open(sys.argv[1]))
def keys(rows):
    return Counter((r["family"], r["phase"], r["batch"], r["imgsz"], r["precision"], r["memory_format"],
                    r["scope"], r["arm"], r["pass"]) for r in rows)
got = keys(merged["rows"])
if len(sys.argv) > 2 and sys.argv[2].endswith(".json") and "rows" in json.load(open(sys.argv[2])):
    want = keys(json.load(open(sys.argv[2]))["rows"])
else:
    plan = json.load(open(sys.argv[2]))
    want = Counter((plan["family"], ph, b, plan["imgsz"], plan["precision"], f, "step", arm, "timed")
                   for ph in plan["phases"] for f in plan.get("memory_formats", ["nchw"]) for b in plan["batches"]
                   for arm in ("eager", "graphed"))
twice = [k for k, n in got.items() if n > 1]
assert not twice, f"rows merged more than once: {twice}"
assert got == want, f"merged rows differ from the plan's: missing {sorted(want - got)}, extra {sorted(got - want)}"
hosts = {r["host"] for r in merged["rows"]}
assert hosts == {socket.gethostname()}, f"host column {hosts}, expected {socket.gethostname()}"
assert all(r["gpu_uuid"] == "" for r in merged["rows"]), "a CPU row with a GPU UUID"
print(f"{sum(got.values())} rows, each once")
PY
}

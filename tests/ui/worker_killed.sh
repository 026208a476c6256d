#!/usr/bin/env bash
# The worker killed mid-sweep (SIGKILL: no chance to tidy up, as the kernel's OOM killer or a crash
# leaves it): the rows it measured before are in its autosave, which opens and reports.
#   worker_killed.sh <graphlens-cli> <graphlens> <scratch folder>
set -u
cli="$1"; gui="$2"; dir="$3"
rm -rf "$dir" && mkdir -p "$dir"
autosave="$dir/killed.autosave.jsonl"
"$cli" sweep --batch 1,2,3,4,5,6,7,8 --imgsz 32 --precision fp32 --steps 40 --warmup 2 --repeats 2 --no-profile \
  --autosave "$autosave" > "$dir/worker.log" 2>&1 &
pid=$!
# Wait for two rows (one pair) to be autosaved, then kill without warning.
for _ in $(seq 1 600); do
  [ -f "$autosave" ] && [ "$(grep -c '"arm"' "$autosave")" -ge 2 ] && break
  kill -0 "$pid" 2>/dev/null || { echo "the sweep ended before it could be killed"; cat "$dir/worker.log"; exit 1; }
  sleep 0.1
done
kill -KILL "$pid"; wait "$pid" 2>/dev/null
rows=$(grep -c '"arm"' "$autosave")
[ "$rows" -ge 2 ] || { echo "autosave has $rows rows after the kill"; exit 1; }
[ "$rows" -lt 16 ] || { echo "the sweep finished before the kill: nothing was tested"; exit 1; }
# The autosave opens as a session and reports (the window's Open takes the same reader).
QT_QPA_PLATFORM=offscreen "$gui" --report "$dir/killed.html" "$autosave" > "$dir/report.log" 2>&1 ||
  { echo "the autosave of the killed sweep did not open"; cat "$dir/report.log"; exit 1; }
grep -q "resnet18" "$dir/killed.html" || { echo "the report has no resnet18 row"; exit 1; }
echo "killed after $rows autosaved rows; the autosave opens and reports"

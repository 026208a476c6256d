#!/usr/bin/env bash
# fleet-cancel.sh <graphlens-cli> <scratch folder>
# One array task cancelled mid-run (scancel): the merge lists its shard as not complete while the
# others' rows load; resubmitting runs that shard only, and then every row is there exactly once.
source "$(dirname "${BASH_SOURCE[0]}")/fleet-common.sh"

# Long enough steps that shard 3 is still measuring when it is cancelled.
cat >"$work/plan.json" <<'JSON'
{"family": "fomo-s", "phases": ["infer"], "batches": [1, 2, 3, 4], "imgsz": 32, "precision": "fp32",
 "steps": 3000, "warmup": 1, "repeats": 1, "profile": false}
JSON
submit() { "$cli" sbatch --plan "$work/plan.json" --shards 4 --out "$work/fleet"; }
out="$(submit)" || fail "sbatch: $out"
echo "$out"
job="$(job_of "$out")"; [ -n "$job" ] || fail "no job id in: $out"

# Cancel task 3 once it runs and its shard has begun (its autosave exists).
for _ in $(seq 240); do
  state="$(squeue -h -j "${job}_3" -o %T 2>/dev/null || true)"
  if [ "$state" = RUNNING ] && ls "$work"/fleet/*_shard-0003.autosave.jsonl >/dev/null 2>&1; then break; fi
  sleep 0.25
done
[ "$state" = RUNNING ] || fail "task 3 never ran (state '$state')"
scancel "${job}_3"
wait_for_job "$job" 60
grep -q "CANCELLED" "$work/fleet/logs/shard-3.log" || fail "task 3 was not cancelled while running"
ls "$work"/fleet/*_shard-0003.json >/dev/null 2>&1 && fail "the cancelled shard has a session"

code=0; merge="$("$cli" merge "$work/fleet" --out "$work/partial.json" 2>&1)" || code=$?
echo "$merge"
[ "$code" -eq 1 ] || fail "merge with a cancelled shard exited $code, expected 1"
grep -Eq "shard-0003 (missing|incomplete): " <<<"$merge" || fail "the cancelled shard is not listed"
grep -q "^merged 3 session(s)" <<<"$merge" || fail "the other shards' sessions did not load"
python3 - "$work/partial.json" <<'PY' || fail "partial merge"
import json, sys
merged = json.load(open(sys.argv[1]))
complete = {r["batch"] for r in merged["rows"]} & {1, 2, 3}
assert complete == {1, 2, 3}, f"rows of the finished shards missing: {complete}"
states = {s["shard"]: s["state"] for s in merged["environment"]["merged"]["shards"]}
assert states[3] in ("missing", "incomplete") and all(states[i] == "complete" for i in range(3)), states
PY

# Resubmission: only shard 3 runs; the finished shards' logs and sessions stay as they were.
before="$(wc -c "$work"/fleet/logs/shard-[012].log; ls -i "$work"/fleet/*_shard-000[012].json)"
out="$(submit)" || fail "resubmission: $out"
echo "$out"
grep -q "1 of 4 shards (array 3)" <<<"$out" || fail "the resubmission is not shard 3 alone"
job="$(job_of "$out")"
wait_for_job "$job" 60
after="$(wc -c "$work"/fleet/logs/shard-[012].log; ls -i "$work"/fleet/*_shard-000[012].json)"
[ "$before" = "$after" ] || fail "finished shards ran again: $before / $after"
merge="$("$cli" merge "$work/fleet" --out "$work/merged.json")" || fail "merge after the resubmission: $merge"
echo "$merge"
check_rows_once "$work/merged.json" "$work/plan.json" || fail "merged rows"
echo "PASSED"

#!/usr/bin/env bash
# fleet-array.sh <graphlens-cli> <scratch folder>
# A 4-shard CPU sweep submitted through `graphlens-cli sbatch` to a real single-node Slurm cluster,
# merged, and compared with the same plan run unsplit: every row there exactly once. A resubmission of
# the finished fleet submits nothing.
source "$(dirname "${BASH_SOURCE[0]}")/fleet-common.sh"

# 2 memory formats x 2 batch sizes: 4 points, one per shard.
cat >"$work/plan.json" <<'JSON'
{"family": "fomo-s", "phases": ["infer"], "batches": [1, 2], "memory_formats": ["nchw", "channels_last"],
 "imgsz": 32, "precision": "fp32", "steps": 2, "warmup": 1, "repeats": 1, "profile": false}
JSON
out="$("$cli" sbatch --plan "$work/plan.json" --shards 4 --out "$work/fleet")" || fail "sbatch: $out"
echo "$out"
job="$(job_of "$out")"; [ -n "$job" ] || fail "no job id in: $out"
grep -q '^#SBATCH --array=0-3$' "$work/fleet/graphlens-fleet.sbatch" || fail "the script is not a 4-task array"
grep -q -- '--gres' "$work/fleet/graphlens-fleet.sbatch" && fail "a CPU fleet's script asks for --gres"
wait_for_job "$job" 60

sessions=("$work"/fleet/*_shard-000[0-3].json)
[ "${#sessions[@]}" -eq 4 ] || fail "expected 4 shard sessions, found: ${sessions[*]}"
for s in "${sessions[@]}"; do [ -z "$(find "$s" -perm /222)" ] || fail "$s is not read-only: a finished shard's session is immutable"; done
merge="$("$cli" merge "$work/fleet" --out "$work/merged.json" --csv "$work/merged.csv")" || fail "merge: $merge"
echo "$merge"
grep -q "^merged 4 session(s): 8 rows from 1 host(s)" <<<"$merge" || fail "unexpected merge summary"
head -n 1 "$work/merged.csv" | grep -q ',device,host,gpu_uuid,' || fail "the CSV has no host and gpu_uuid columns"

"$cli" sweep --plan "$work/plan.json" --json "$work/unsplit.json" >/dev/null 2>&1 || fail "the unsplit sweep failed"
check_rows_once "$work/merged.json" "$work/unsplit.json" || fail "merged rows"

again="$("$cli" sbatch --plan "$work/plan.json" --shards 4 --out "$work/fleet")" || fail "resubmission: $again"
grep -q "all 4 shards .* are complete: nothing to submit" <<<"$again" || fail "a finished fleet was resubmitted: $again"
echo "PASSED"

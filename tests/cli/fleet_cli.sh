#!/usr/bin/env bash
# fleet_cli.sh <graphlens-cli> <scratch folder>
# Fleet commands without Slurm: bad input leaves no files behind; a fleet folder written by
# `sbatch --dry-run` runs by hand (the index given as Slurm would), a finished shard is never run or
# rewritten again, a resubmission names only the unfinished shards, and merge lists what is missing.
set -euo pipefail
cli="$1"; work="$2"
rm -rf "$work"; mkdir -p "$work"
export OMP_NUM_THREADS=1
fail() { echo "FAILED: $*"; exit 1; }
expect_code() {  # expect_code <code> <command...>: runs it, output in $out
  local want="$1"; shift
  local code=0; out="$("$@" 2>&1)" || code=$?
  [ "$code" -eq "$want" ] || fail "exit $code (expected $want) from: $* -> $out"
}
cat >"$work/plan.json" <<'JSON'
{"family": "fomo-s", "batches": [1, 2], "imgsz": 32, "precision": "fp32", "steps": 1, "warmup": 1, "repeats": 1, "profile": false}
JSON

# Refused input writes nothing.
expect_code 2 env PATH=/nonexistent "$cli" sbatch --plan "$work/plan.json" --shards 2 --out "$work/no-slurm"
[ ! -e "$work/no-slurm" ] || fail "sbatch without Slurm left $work/no-slurm"
expect_code 2 "$cli" plan-split --plan "$work/plan.json" --shards 3 --out "$work/split"
[ ! -e "$work/split" ] || fail "a refused split left $work/split"

# A fleet folder, its tasks run by hand with the index Slurm would give.
expect_code 0 "$cli" sbatch --plan "$work/plan.json" --shards 2 --out "$work/fleet" --dry-run
for f in fleet.json plans/shard-0000.json plans/shard-0001.json graphlens-fleet.sbatch; do
  [ -f "$work/fleet/$f" ] || fail "no $f in the fleet folder"
done
[ -x "$work/fleet/graphlens-fleet.sbatch" ] || fail "the script is not executable"
for i in 0 1; do
  SLURM_ARRAY_TASK_ID=$i bash "$work/fleet/graphlens-fleet.sbatch" >"$work/task-$i.log" 2>&1 || fail "task $i: $(tail -3 "$work/task-$i.log")"
done
sessions=("$work"/fleet/*_cpu_shard-000[01].json)
[ "${#sessions[@]}" -eq 2 ] || fail "expected 2 sessions: ${sessions[*]}"
[ -z "$(find "${sessions[@]}" -perm /222)" ] || fail "a finished shard's session is writable"
before="$(stat -c '%i %Y %s' "${sessions[@]}")"
expect_code 0 env SLURM_ARRAY_TASK_ID=1 bash "$work/fleet/graphlens-fleet.sbatch"
grep -q "shard-0001 is complete (.*): nothing to run" <<<"$out" || fail "a finished shard ran again: $out"
[ "$before" = "$(stat -c '%i %Y %s' "${sessions[@]}")" ] || fail "a finished shard's session changed"
expect_code 0 "$cli" sbatch --plan "$work/plan.json" --shards 2 --out "$work/fleet" --dry-run
grep -q "all 2 shards .* are complete: nothing to submit" <<<"$out" || fail "a finished fleet resubmitted: $out"
expect_code 2 "$cli" shard-run --dir "$work/fleet" --shard 2
grep -q "fleet.json has shards 0..1" <<<"$out" || fail "shard 2 of 2: $out"

# Merge, CSV columns, and a shard gone: listed, exit 1, the rest merged; resubmission names it alone.
expect_code 0 "$cli" merge "$work/fleet" --out "$work/merged.json" --csv "$work/merged.csv"
head -n 1 "$work/merged.csv" | grep -q ',device,host,gpu_uuid,' || fail "no host and gpu_uuid columns"
[ "$(grep -c ",$(hostname)," "$work/merged.csv")" -eq 4 ] || fail "rows without this host: $(cat "$work/merged.csv")"
chmod u+w "${sessions[0]}"; rm "${sessions[0]}"
expect_code 1 "$cli" merge "$work/fleet" --out "$work/partial.json"
grep -q "shard-0000 incomplete: .*_shard-0000.autosave.jsonl holds 2 rows and no session" <<<"$out" || fail "shard 0 not listed: $out"
grep -q "^merged 1 session(s) and 1 autosave(s) of unfinished shards: 4 rows" <<<"$out" || fail "partial merge: $out"
expect_code 0 "$cli" sbatch --plan "$work/plan.json" --shards 2 --out "$work/fleet" --dry-run
grep -q "not submitted: .*sbatch --parsable --array=0 " <<<"$out" || fail "the resubmission is not shard 0 alone: $out"

# Another plan into the same folder is refused; an overlapping merge writes nothing.
sed 's/"steps": 1/"steps": 2/' "$work/plan.json" >"$work/other-plan.json"
expect_code 2 "$cli" sbatch --plan "$work/other-plan.json" --shards 2 --out "$work/fleet" --dry-run
grep -q "fleet.json: this folder holds a fleet of another plan or split" <<<"$out" || fail "another plan: $out"
expect_code 2 "$cli" merge "$work/fleet" "$work/merged.json" --out "$work/overlap.json"
[ ! -e "$work/overlap.json" ] || fail "a refused merge wrote its output"
# From a movable bundle (bin/graphlens-cli beside run.sh and the graphlens-cli wrapper), the tasks run
# the wrapper, which finds the bundle's libraries.
mkdir -p "$work/bundle/bin"
ln "$cli" "$work/bundle/bin/graphlens-cli" 2>/dev/null || cp "$cli" "$work/bundle/bin/graphlens-cli"
touch "$work/bundle/run.sh" "$work/bundle/graphlens-cli"
expect_code 0 "$work/bundle/bin/graphlens-cli" sbatch --plan "$work/plan.json" --shards 2 --out "$work/bundled" --dry-run
grep -q "^exec '$work/bundle/graphlens-cli' shard-run" <<<"$out" || fail "a bundle's tasks do not run its wrapper: $out"
echo PASSED

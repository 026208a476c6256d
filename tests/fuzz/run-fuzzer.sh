#!/usr/bin/env bash
# Runs one fuzzer for a bounded time (a CTest test fuzz.<name>): first every committed crash input of
# crashes/<name>/ once (regressions), then libFuzzer for <seconds> over a copy of corpus/<name>/ in
# the work folder (new inputs go there, never into the source tree). Fails on any crash, leak, UBSan
# report, timeout or out-of-memory; the input that did it is saved in <work>/artifacts/.
# Usage: run-fuzzer.sh <fuzzer> <seed corpus> <crash inputs> <seconds> <work folder> [libFuzzer option]...
set -euo pipefail
fuzzer="$1" seeds="$2" crashes="$3" seconds="$4" work="$5"
shift 5
name="$(basename "$fuzzer")"
rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts" "$work/scratch"
cp "$seeds"/* "$work/corpus/"
export GRAPHLENS_FUZZ_SCRATCH="$work/scratch"
# Halt on the first UBSan report, with a stack; ASan's leak check stays on (libFuzzer's default).
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
# Leaks in third-party code we cannot fix (lsan.supp says which) are not findings.
export LSAN_OPTIONS="suppressions=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lsan.supp:print_suppressions=0"
options=(-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/artifacts/" "$@")
if [ -d "$crashes" ] && [ -n "$(ls -A "$crashes" 2>/dev/null)" ]; then
  echo "$name: replaying $(ls -A "$crashes" | wc -l) committed crash inputs from $crashes"
  "$fuzzer" "${options[@]}" "$crashes"/* >"$work/replay.log" 2>&1 || { cat "$work/replay.log"; exit 1; }
fi
# A fixed seed by default, so a run is repeatable; GRAPHLENS_FUZZ_SEED=0 asks libFuzzer for a random one.
status=0
"$fuzzer" "${options[@]}" -seed="${GRAPHLENS_FUZZ_SEED:-1}" -max_total_time="$seconds" -print_final_stats=1 \
  "$work/corpus" >"$work/fuzz.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  tail -n 80 "$work/fuzz.log"
  echo "$name: FAILED (exit $status); the input is in $work/artifacts/: $(ls "$work/artifacts")" >&2
  exit 1
fi
execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log")"
last="$(grep -E '^#[0-9]+' "$work/fuzz.log" | grep -o 'cov: [0-9]* ft: [0-9]*' | tail -n 1)"
echo "$name: $execs executions in $seconds s, $last, corpus $(ls "$work/corpus" | wc -l) inputs (seed ${GRAPHLENS_FUZZ_SEED:-1})"

#!/usr/bin/env bash
# What the profiled pass costs (target on the H200, resnet18 fp16 batch 1: <= 20% eager, <= 10% graphed):
# one sweep, then the profiled rows' profiler_overhead_pct (profiled step median vs timed median of the
# same row identity, same run).
#   bench/profiler_overhead.sh <graphlens-cli command...>   e.g.  ./run.sh graphlens-cli
set -euo pipefail
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$@" sweep --family resnet18 --batch 1 --precision fp16 --steps 50 --csv "$out/rows.csv" >"$out/log" 2>&1 || {
  cat "$out/log"; exit 1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $col["pass"] == "profiled" {
    arm = $col["arm"]; pct = $col["profiler_overhead_pct"]
    limit = arm == "eager" ? 20 : 10
    verdict = (pct != "" && pct + 0 <= limit) ? "PASS" : "FAIL"
    printf "%s batch %s %s: profiler overhead %s%% (target <= %d%%) %s\n", $col["family"], $col["batch"], arm, pct, limit, verdict
    if (verdict == "FAIL") failed = 1
  }
  END { exit failed }' "$out/rows.csv"

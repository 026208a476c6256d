#!/usr/bin/env bash
# make run: the GUI when there is a display, else a default headless sweep.
set -euo pipefail
build="${1:-build/release}"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$build/bin/graphlens" ]; then
  exec "$build/bin/graphlens" "${@:2}"
fi
out="results/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
echo "run: no display; running the default headless sweep (resnet18, batch 1,8,32)"
if "$build/bin/graphlens-cli" env --json | grep -q '"cuda_available": true'; then
  args=(--steps 24 --warmup 5)
else
  args=(--steps 5 --warmup 1 --repeats 1)   # CPU only: eager arm, a short run
fi
"$build/bin/graphlens-cli" sweep --family resnet18 --batch 1,8,32 --precision fp16 "${args[@]}" \
  --csv "$out/sweep.csv" --json "$out/session.json"
echo "run: results are in $out (sweep.csv, session.json); open them with: $build/bin/graphlens $out/session.json"

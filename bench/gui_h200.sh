#!/usr/bin/env bash
# The window on a GPU server without a display, from a bundle made with `scripts/make-gpu-bundle.sh
# --gui`: a real sweep (bench/gui-h200-plan.json: yolo-t, inference and training rows) started from
# the sweep panel, run by the worker, then saved, reported and drawn (graphlens_ui_live_run), and the
# headless report command on the saved session.
#   TORCH_LIB=<site-packages>/torch/lib OUT=<folder> bench/gui_h200.sh <bundle>
set -uo pipefail
bundle="$(cd "${1:?bundle folder}" && pwd)"
out="${OUT:?set OUT to a folder for the results}"
plan="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gui-h200-plan.json"
live="${TMPDIR:-/tmp}/graphlens-live"
rm -rf "$live"
cd "${TMPDIR:-/tmp}"
timeout 500 "$bundle/run.sh" graphlens_ui_live_run "$plan" "$live" --timeout-s 480 > "$out/live-run.txt" 2>&1
echo "live run rc $?"
timeout 60 "$bundle/run.sh" graphlens --report "$live/report-headless.pdf" "$live/session.json" >> "$out/live-run.txt" 2>&1
echo "headless report rc $?"
for file in session.json report.pdf report-headless.pdf summary.txt window-speedup.png window-timeline.png; do
  cp "$live/$file" "$out/" 2>/dev/null || echo "no $file" >> "$out/live-run.txt"
done

#!/usr/bin/env bash
# The window on a GPU server without a display, from a bundle made with `scripts/make-bundle.sh
# --system-torch --tests --gui-build <GUI build>`: a real sweep (bench/gui-h200-plan.json: yolo-t, inference and training rows) started from
# the sweep panel, run by the worker, then saved, reported and drawn (graphlens_ui_live_run), and the
# headless report command on the saved session.
#   TORCH_LIB=<site-packages>/torch/lib OUT=<folder> bench/gui_h200.sh <bundle>
set -uo pipefail
bundle="$(cd "${1:?bundle folder}" && pwd)"
out="$(mkdir -p "${OUT:?set OUT to a folder for the results}" && cd "$OUT" && pwd)"  # absolute: the script cd-s below
plan="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gui-h200-plan.json"
live="${TMPDIR:-/tmp}/graphlens-live"
rm -rf "$live"
cd "${TMPDIR:-/tmp}"
log="$out/live-run.txt"
# Each step's exit code goes into the log as well as to stdout: the log is what is committed and read
# later, and a step that timed out (124) or failed must be visible there, not only on a terminal.
step_rc() {
  echo "$1 rc $2" | tee -a "$log"
}
timeout 500 "$bundle/run.sh" graphlens_ui_live_run "$plan" "$live" --timeout-s 480 > "$log" 2>&1
step_rc "live run" $?
timeout 60 "$bundle/run.sh" graphlens --report "$live/report-headless.pdf" "$live/session.json" >> "$log" 2>&1
step_rc "headless report" $?
for file in session.json report.pdf report-headless.pdf summary.txt window-speedup.png window-timeline.png; do
  cp "$live/$file" "$out/" 2>/dev/null || echo "no $file" >> "$log"
done

#!/usr/bin/env bash
# disk_full.sh <graphlens-cli>: a CPU sweep whose session file cannot be written (the disk fills up,
# simulated with a 2 KiB file-size limit: the write fails with EFBIG as it would with ENOSPC).
# Expected: exit 2 with one line naming the file and the cause, no partial or temporary file left,
# and the rows kept in the autosave, which is small enough to be written whole.
set -u
cli="$1"
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
log="$(
  trap '' XFSZ   # ignored signals stay ignored in the child: writes past the limit fail instead of killing it
  ulimit -f 2
  "$cli" sweep --batch 1 --imgsz 32 --precision fp32 --steps 2 --warmup 1 --repeats 1 --scope network --no-profile \
    --json "$out/session.json" --autosave "$out/rows.jsonl" 2>&1
)"
code=$?
fail() { echo "$1"; echo "--- output:"; echo "$log"; echo "--- folder:"; ls -la "$out"; exit 1; }
[ "$code" = 2 ] || fail "exit code $code, expected 2"
grep -Eq "session\.json: write failed \(File too large\); nothing was written to it" <<<"$log" || fail "no clear message"
[ ! -e "$out/session.json" ] || fail "a partial session.json was left"
ls "$out" | grep -q "\.tmp-" && fail "a temporary file was left"
rows=$(grep -c '"phase":"infer"' "$out/rows.jsonl")
[ "$rows" -ge 1 ] || fail "the autosave holds no rows"
echo "ok: exit 2, message, no partial file, $rows rows kept in the autosave"

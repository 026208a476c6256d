#!/usr/bin/env bash
# expect.sh <exit code> <extended regex the output must match> -- command...
# Checks a command's exit code and that stdout+stderr match, printing both on a mismatch.
# Each line of the regex must match a line of the output.
set -u
want_code="$1"; want_text="$2"; shift 3
output="$("$@" 2>&1)"; code=$?
if [ "$code" != "$want_code" ]; then echo "exit code $code, expected $want_code"; echo "$output"; exit 1; fi
# A regex of several lines is several regexes, each of which must match some line of the output (grep
# alone would take any one of them: a pattern line ".*" would make the whole check pass).
while IFS= read -r pattern; do
  if ! grep -Eq -- "$pattern" <<<"$output"; then echo "output does not match /$pattern/:"; echo "$output"; exit 1; fi
done <<<"$want_text"
exit 0

#!/usr/bin/env bash
# expect.sh <exit code> <extended regex the output must match> -- command...
# Checks a command's exit code and that stdout+stderr match, printing both on a mismatch.
set -u
want_code="$1"; want_text="$2"; shift 3
output="$("$@" 2>&1)"; code=$?
if [ "$code" != "$want_code" ]; then echo "exit code $code, expected $want_code"; echo "$output"; exit 1; fi
if ! grep -Eq -- "$want_text" <<<"$output"; then echo "output does not match /$want_text/:"; echo "$output"; exit 1; fi
exit 0

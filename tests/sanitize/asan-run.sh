#!/usr/bin/env bash
# Runs part of the asan build's own CTest suite (a CTest test sanitize.asan_<part>): the tests whose
# names match <regex>. Any ASan or UBSan report fails the test that printed it (UBSan halts on the
# first finding), so this test fails.
# Usage: asan-run.sh <asan build folder> <regex>
set -euo pipefail
build="$1"
regex="$2"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
start=$(date +%s)
ctest --test-dir "$build" -R "$regex" -j "${GRAPHLENS_ASAN_JOBS:-2}" --output-on-failure --no-tests=error
echo "asan run of /$regex/ in $(( $(date +%s) - start )) s"

#!/usr/bin/env bash
# Configures the `asan` preset (ASan + UBSan, no engine) into its own build folder and builds the
# test programs named (the CTest fixture sanitize.asan_build).
# Usage: asan-build.sh <source root> <build folder> <target>...
set -euo pipefail
source_root="$1"
build="$2"
shift 2
start=$(date +%s)
# The preset's settings in another folder; line tables only (-g1) instead of full debug info: an ASan or
# UBSan report still names file and line, and the build is faster and smaller.
cmake -S "$source_root" --preset asan -B "$build" -DCMAKE_CXX_FLAGS_DEBUG=-g1 >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "${GRAPHLENS_ASAN_JOBS:-2}" --target "$@"
echo "asan build of $* in $(( $(date +%s) - start )) s"

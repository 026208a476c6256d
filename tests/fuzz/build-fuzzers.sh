#!/usr/bin/env bash
# Configures and builds tests/fuzz with clang in its own build folder (the CTest fixture fuzz.build).
# A missing clang or libFuzzer runtime fails here, with the Debian packages that bring them, so under
# `make test` the fuzz tests fail instead of vanishing.
# Usage: build-fuzzers.sh <source root> <build folder>
set -euo pipefail
source_root="$1"
build="$2"
compiler="${GRAPHLENS_FUZZ_CXX:-clang++}"
if ! command -v "$compiler" >/dev/null 2>&1; then
  echo "FAILED: $compiler is not installed (Debian packages clang and libclang-rt-14-dev; scripts/bootstrap.sh installs them)" >&2
  exit 1
fi
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' |
     "$compiler" -x c++ -fsanitize=fuzzer,address,undefined -o /dev/null - 2>/dev/null; then
  echo "FAILED: $compiler cannot link a libFuzzer program (Debian package libclang-rt-14-dev; scripts/bootstrap.sh installs it)" >&2
  exit 1
fi
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
start=$(date +%s)
cmake -S "$source_root/tests/fuzz" -B "$build" "${generator[@]}" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=
cmake --build "$build" -j "${GRAPHLENS_FUZZ_JOBS:-2}"
echo "fuzzers built in $(( $(date +%s) - start )) s"

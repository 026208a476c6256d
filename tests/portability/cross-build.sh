#!/usr/bin/env bash
# The portability check: configures and builds tests/portability for Windows with mingw-w64 in its
# own build folder. Exit 77 (reported by CTest as skipped) only when the cross compiler is missing;
# any configure or compile error fails the test.
# Usage: cross-build.sh <source root> <build folder>
set -euo pipefail
source_root="$1"
build="$2"
compiler=x86_64-w64-mingw32-g++-posix
if ! command -v "$compiler" >/dev/null 2>&1; then
  echo "SKIPPED: $compiler is not installed (Debian package g++-mingw-w64-x86-64; scripts/bootstrap.sh installs it)"
  exit 77
fi
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
start=$(date +%s)
# No build type: -O0 like Debug but without debug info, which is most of what this build used to
# spend its time and disk on and which the check (does it compile and link for Windows) never reads.
cmake -S "$source_root/tests/portability" -B "$build" "${generator[@]}" \
  -DCMAKE_TOOLCHAIN_FILE="$source_root/cmake/toolchains/mingw-w64-x86_64.cmake" -DCMAKE_BUILD_TYPE=
cmake --build "$build" -j 2
probe="$build/graphlens_portability_probe.exe"
[ -f "$probe" ] || { echo "no $probe after the build" >&2; exit 1; }
# A PE32+ executable, not a Linux one: the toolchain file really was used.
head -c 2 "$probe" | grep -q MZ || { echo "$probe is not a Windows executable" >&2; exit 1; }
echo "Windows build of core/results, core/platform and the CUPTI-free profiler: $(( $(date +%s) - start )) s"

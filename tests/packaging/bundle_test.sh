#!/usr/bin/env bash
# The movable folder (scripts/make-bundle.sh) as a user runs it: packed from this build tree, started
# from an unrelated folder in an empty environment (no LD_LIBRARY_PATH, no display):
#   bundle_test.sh <build dir> <version> <scratch dir>
# Checks: graphlens-cli prints the version and lists the families, the window renders a screenshot
# offscreen, and every library either program loaded (the dynamic loader's own record, dlopen'ed
# plugins and CUDA libraries included) came from the bundle or the system, with Qt and libtorch from
# the bundle.
set -euo pipefail
build="$(cd "${1:?build dir}" && pwd)"
version="${2:?version}"
scratch="$(readlink -m "${3:?scratch dir}")"  # canonical: the loader's paths are compared with it
source_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
rm -rf "$scratch"
mkdir -p "$scratch/elsewhere" "$scratch/loader"
trap 'rm -rf "$scratch"' EXIT  # gigabytes: never left behind
fail() { echo "FAIL: $*" >&2; exit 1; }

start=$(date +%s)
bundle="$scratch/graphlens-$version-linux-x86_64"
"$source_root/scripts/make-bundle.sh" "$build" "$bundle" > "$scratch/pack.log" 2>&1 ||
  { cat "$scratch/pack.log"; fail "make-bundle.sh failed"; }
cat "$scratch/pack.log"
echo "packed in $(( $(date +%s) - start )) s"

# An empty environment but for the loader's record of what it loads (one file per process).
run() { (cd "$scratch/elsewhere" && env -i HOME="$scratch/elsewhere" PATH=/usr/bin:/bin \
           LD_DEBUG=files LD_DEBUG_OUTPUT="$scratch/loader/$1" "${@:2}"); }
out="$(run cli-version "$bundle/graphlens-cli" --version)" || fail "graphlens-cli --version exited $?"
[ "$out" = "$version" ] || fail "graphlens-cli --version printed '$out', expected '$version'"
out="$(run cli-list "$bundle/graphlens-cli" list)" || fail "graphlens-cli list exited $?: $out"
grep -Eq '^resnet18 +classify' <<<"$out" || fail "graphlens-cli list did not list resnet18: $out"
run gui "$bundle/graphlens" --screenshot "$scratch/elsewhere/window.png" || fail "graphlens --screenshot exited $?"
size=$(stat -c %s "$scratch/elsewhere/window.png" 2>/dev/null || echo 0)
[ "$size" -gt 10000 ] || fail "the screenshot is missing or nearly empty ($size bytes)"
echo "from $scratch/elsewhere: --version $version, list ok, screenshot $size bytes"

loaded="$(sed -n 's/.*calling init: //p' "$scratch"/loader/* | xargs -r readlink -f | sort -u)"
[ -n "$loaded" ] || fail "the loader recorded nothing (LD_DEBUG)"
system_dir='^/(usr/)?lib(64)?/'
while read -r path; do
  [[ "$path" == "$bundle"/* ]] && continue
  [[ "$path" =~ $system_dir ]] || fail "a program loaded $path, outside the bundle and the system"
  [[ "$path" =~ /libQt6|/qt6/plugins/|/libtorch|/libc10|/libcudnn|/libcublas ]] &&
    fail "a program loaded $path from the system instead of the bundle"
done <<<"$loaded"
grep -q "$bundle/plugins/platforms/libqoffscreen.so" <<<"$loaded" || fail "the window did not load the bundle's offscreen plugin"
echo "loader: $(wc -l <<<"$loaded") libraries, each from the bundle or the system; Qt and libtorch from the bundle"

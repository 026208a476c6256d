#!/usr/bin/env bash
# What a user of the .deb gets: the package built from this build tree with the install rules and
# package settings of `make package`, unpacked into a scratch root with dpkg -x, and its programs run
# from there in an empty environment.
#   deb_install_test.sh <build dir> <version> <scratch dir>
# Checks: both programs print the project's version, graphlens-cli lists the families (libtorch
# loads), ldd resolves every library into the package or the system (never the build tree, the venv
# or a CUDA toolkit), each system library the programs link belongs to a package in Depends, the
# CUDA libraries libtorch opens at run time are there, and the man page, desktop file and icons.
set -euo pipefail
build="$(cd "${1:?build dir}" && pwd)"
version="${2:?version}"
scratch="$(readlink -m "${3:?scratch dir}")"  # canonical: the loader's paths are compared with it
rm -rf "$scratch"
mkdir -p "$scratch/home"
trap 'rm -rf "$scratch"' EXIT  # gigabytes: never left behind
fail() { echo "FAIL: $*" >&2; exit 1; }
seconds() { echo $(( $(date +%s) - $1 )); }

start=$(date +%s)
if ! cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/out" >"$scratch/cpack.log" 2>&1; then
  tail -n 30 "$scratch/cpack.log"; fail "cpack could not build the .deb"
fi
deb="$scratch/out/graphlens_${version}_amd64.deb"
[ -f "$deb" ] || fail "cpack wrote no $deb (it wrote: $(ls "$scratch/out"))"
rm -rf "$scratch/out/_CPack_Packages"  # the staging copy; the package holds the same files
echo "deb: $(du -h "$deb" | cut -f1) in $(seconds "$start") s"

start=$(date +%s)
root="$scratch/root"
dpkg -x "$deb" "$root"
echo "dpkg -x: $(du -sh "$root" | cut -f1) in $(seconds "$start") s"

# Nothing a user would have to set: no LD_LIBRARY_PATH, no display, started from an unrelated folder.
run() { (cd "$scratch/home" && env -i HOME="$scratch/home" PATH=/usr/bin:/bin "$@"); }
out="$(run "$root/usr/bin/graphlens-cli" --version)" || fail "graphlens-cli --version exited $?"
[ "$out" = "$version" ] || fail "graphlens-cli --version printed '$out', expected '$version'"
out="$(run "$root/usr/bin/graphlens" --version)" || fail "graphlens --version exited $?"
[ "$out" = "graphlens $version" ] || fail "graphlens --version printed '$out', expected 'graphlens $version'"
mkdir -p "$scratch/loader"
out="$(run env LD_DEBUG=files LD_DEBUG_OUTPUT="$scratch/loader/list" "$root/usr/bin/graphlens-cli" list)" || fail "graphlens-cli list exited $?: $out"
grep -Eq '^resnet18 +classify' <<<"$out" || fail "graphlens-cli list did not list resnet18: $out"
echo "installed programs: --version $version, list ok"

# What the loader really loaded for `list` (dlopen'ed libraries included): libtorch from the package.
loaded="$(sed -n 's/.*calling init: //p' "$scratch"/loader/list.* | xargs -r readlink -f | sort -u)"
grep -q "^$root/usr/lib/graphlens/torch/lib/libtorch_cpu.so$" <<<"$loaded" || fail "list did not load the package's libtorch"
while read -r path; do
  [[ "$path" == "$root"/* || "$path" =~ ^/(usr/)?lib(64)?/ ]] || fail "list loaded $path, outside the package and the system"
done <<<"$loaded"

# Where every library resolves. The programs and libtorch must resolve completely; the optional
# transports of nvshmem and cuFile (MPI, InfiniBand) may miss libraries they are never loaded without.
system_dir='^/(usr/)?lib(64)?/'
while IFS= read -r -d '' elf; do
  head -c 4 "$elf" | grep -q 'ELF' || continue
  deps="$(env -i ldd "$elf" 2>&1)" || true
  while read -r soname _ path _; do
    [ -n "$path" ] && [ "$path" != "not" ] || continue
    [[ "$path" == "$root"/* || "$path" =~ $system_dir ]] ||
      fail "$(basename "$elf"): $soname resolves to $path, outside the package and the system"
  done < <(grep '=>' <<<"$deps")
  case "$(basename "$elf")" in
    graphlens|graphlens-cli|libtorch*|libc10*)
      ! grep -q 'not found' <<<"$deps" || fail "$(basename "$elf"): $(grep 'not found' <<<"$deps" | tr -s ' \t' ' ')";;
  esac
done < <(find "$root/usr/bin" "$root/usr/lib/graphlens" -type f -print0)
echo "ldd: every library in the package or the system"

# libtorch opens these by name at run time (cuDNN's engines, NVRTC's builtins): ldd cannot see them.
for name in libcudnn_ops.so.9 libcudnn_cnn.so.9 libcudnn_engines_precompiled.so.9 libcudnn_heuristic.so.9 \
            libcudnn_graph.so.9 libnvrtc.so.13 libnvrtc-builtins.so.13.0 libnvJitLink.so.13 libcupti.so.13; do
  [ -n "$(find "$root/usr/lib/graphlens" -name "$name")" ] || fail "the package lacks $name, which libtorch loads at run time"
done

# Each system library a program links directly comes from a package the .deb depends on.
depends="$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed -E 's/^ *([^ (]+).*/\1/')"
for program in graphlens graphlens-cli; do
  resolved="$(env -i ldd "$root/usr/bin/$program")"
  for soname in $(readelf -d "$root/usr/bin/$program" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p'); do
    path="$(awk -v s="$soname" '$1 == s {print $3}' <<<"$resolved")"
    [[ "$path" =~ $system_dir ]] || continue
    owner="$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(sed -E 's#^/usr##; t; s#^#/usr#' <<<"$path")" 2>/dev/null)" ||
      fail "$program: no Debian package owns $path"
    owner="${owner%%:*}"
    grep -qx "$owner" <<<"$depends" || fail "$program links $soname from $owner, which Depends does not name"
  done
done
echo "Depends: names the package of every system library the programs link"

# The man page renders cleanly and documents every command graphlens-cli --help lists.
man="$root/usr/share/man/man1/graphlens-cli.1.gz"
[ -f "$man" ] || fail "no man page $man"
man_text="$(zcat "$man" | sed 's/\\-/-/g')"
warnings="$(zcat "$man" | groff -man -Tutf8 -ww -z 2>&1)"
[ -z "$warnings" ] || fail "the man page has troff warnings: $warnings"
for command in $(run "$root/usr/bin/graphlens-cli" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && /^  [a-z]/ {print $1}'); do
  grep -qx "\.SS $command" <<<"$man_text" || fail "the man page does not document '$command'"
done

[ -f "$root/usr/share/applications/graphlens.desktop" ] || fail "no desktop file"
for size in 16 32 48 256; do
  icon="$root/usr/share/icons/hicolor/${size}x${size}/apps/graphlens.png"
  [ -f "$icon" ] || fail "no $size px icon"
  # PNG width: bytes 16-19 of the IHDR chunk.
  width=$(od -An -tu1 -j16 -N4 "$icon" | awk '{print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4}')
  [ "$width" -eq "$size" ] || fail "$icon is $width px wide"
done
echo "man page, desktop file and icons present"

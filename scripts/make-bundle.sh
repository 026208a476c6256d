#!/usr/bin/env bash
# Packs GraphLens into one movable folder (and, with --tar, a tarball of it) from a build tree.
#   scripts/make-bundle.sh [options] <build dir> <bundle dir>
#
# By default: the window and graphlens-cli with everything they load except the C library and
# libstdc++ (libtorch and its CUDA libraries, Qt with its platform plugins, OpenCV, ...). Run it
# from anywhere, nothing to set:  <bundle>/graphlens [file]   <bundle>/graphlens-cli list
# (<bundle>/run.sh <program> runs any bundled program; AppRun is the window, as in an AppImage).
#
# Options:
#   --no-gui          leave the window out
#   --system-torch    leave libtorch out: the programs use the machine's own torch 2.11, from
#                     TORCH_LIB=<site-packages>/torch/lib or the torch that python3 imports
#   --tests           add the test and benchmark programs and what they run (share/graphlens-tests)
#   --gui-build DIR   take the window from another build tree (a GUI-less build plus a GUI one)
#   --tar             also write <bundle dir>.tar.gz
# The GPU-server bundle (`make gpu-bundle`) is --no-gui --system-torch --tests:
#   TORCH_LIB=/path/to/site-packages/torch/lib <bundle>/run.sh graphlens-cli env
set -euo pipefail
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
gui=1 system_torch=0 tests=0 tar=0 gui_build=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-gui) gui=0; shift;;
    --system-torch) system_torch=1; shift;;
    --tests) tests=1; shift;;
    --gui-build) gui_build="${2:?--gui-build needs a build dir}"; shift 2;;
    --tar) tar=1; shift;;
    -h|--help) usage;;
    -*) echo "make-bundle.sh: unknown option $1" >&2; usage;;
    *) break;;
  esac
done
[ $# -eq 2 ] || usage
build="$(cd "$1" && pwd)" || { echo "make-bundle.sh: no build dir $1" >&2; exit 2; }
bundle="$2"
gui_build="${gui_build:-$build}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
die() { echo "make-bundle.sh: $*" >&2; rm -rf "$bundle"; exit 1; }

programs=(graphlens-cli)
[ "$gui" = 1 ] && programs+=(graphlens)
for name in "${programs[@]}"; do
  from="$build"; [ "$name" = graphlens ] && from="$gui_build"
  [ -x "$from/bin/$name" ] || { echo "make-bundle.sh: no $from/bin/$name (build it first)" >&2; exit 1; }
done

rm -rf "$bundle" "$bundle.tar.gz"
mkdir -p "$bundle/bin" "$bundle/lib"
bundle="$(cd "$bundle" && pwd)"

# The install tree (packaging/CMakeLists.txt): programs with relative RPATHs, libtorch in
# lib/graphlens (component torch), presets, icons, desktop file, man page.
install_from() {  # <build dir> [component]
  cmake --install "$1" --prefix "$bundle" ${2:+--component "$2"} >/dev/null || die "cmake --install $1 failed"
}
if [ "$system_torch" = 1 ]; then
  install_from "$build" Unspecified
else
  grep -q '^GRAPHLENS_BUNDLE_TORCH:BOOL=ON' "$build/CMakeCache.txt" ||
    die "$build was configured with GRAPHLENS_BUNDLE_TORCH=OFF: pass --system-torch or reconfigure"
  install_from "$build"
fi
if [ "$gui" = 1 ] && [ "$gui_build" != "$build" ]; then
  # Only the window (and its icons) from the GUI build: its graphlens-cli is not the one asked for.
  saved="$bundle"; bundle="$bundle/.gui-install"
  install_from "$gui_build" Unspecified
  bundle="$saved"
  mkdir -p "$bundle/share"
  mv "$bundle/.gui-install/bin/graphlens" "$bundle/bin/"
  cp -r "$bundle/.gui-install/share/applications" "$bundle/.gui-install/share/icons" "$bundle/share/"
  rm -rf "$bundle/.gui-install"
fi
[ "$gui" = 1 ] || rm -rf "$bundle/bin/graphlens" "$bundle/share/applications" "$bundle/share/icons"
[ "$gui" = 0 ] || [ -x "$bundle/bin/graphlens" ] || die "the install tree of $gui_build has no bin/graphlens"
[ -x "$bundle/bin/graphlens-cli" ] || die "the install tree of $build has no bin/graphlens-cli"

if [ "$tests" = 1 ]; then
  for name in graphlens_gpu_tests graphlens_unit_results graphlens_unit_engine graphlens_unit_decode \
              graphlens_bench_minimal_loops graphlens_bench_torchscript graphlens_bench_graph_runner_overhead \
              graphlens_bench_data_loader graphlens_bench_training_step graphlens_unit_train graphlens_unit_train_parts \
              graphlens_bench_nms graphlens_bench_yolo_loss graphlens_bench_profiler_overhead; do
    [ -x "$build/bin/$name" ] && cp "$build/bin/$name" "$bundle/bin/"
  done
  [ "$gui" = 1 ] && [ -x "$gui_build/bin/graphlens_ui_live_run" ] && cp "$gui_build/bin/graphlens_ui_live_run" "$bundle/bin/"
  # Fixture generators and benchmark scripts the bundled programs run: found beside the binaries
  # (<bundle>/share/graphlens-tests), never by this machine's source path.
  mkdir -p "$bundle/share/graphlens-tests"
  cp "$root/tests/fixtures/export_user_models.py" "$root/tests/fixtures/export_capture_zoo.py" "$root/bench/export_conv_detector.py" \
     "$root/bench/profiler_overhead.sh" "$root/bench/prediction_accuracy.sh" "$root/bench/train_step_twin.py" "$root/bench/train_step_rounds.py" "$root/bench/plan_validation.sh" \
     "$root/bench/export_compile_forms.py" "$root/bench/compile_vs_graphs.sh" "$root/tests/fixtures/export_aoti_package.py" \
     "$bundle/share/graphlens-tests/"
fi
strip --strip-debug "$bundle"/bin/*   # debug info would multiply the bundle's size

# Every other library the programs load travels in lib/, except what any Linux has (the C library,
# libstdc++, newer there than here) and, with --system-torch, what the machine's torch wheel brings.
skip='^(linux-vdso|libc\.so|libstdc\+\+\.so|libutil\.so|libm\.so|libdl\.so|librt\.so|libpthread\.so|ld-linux|libgcc_s\.so)'
torch_wheel='^(libtorch|libc10|libgomp|libcaffe2|libshm|libnv|libcublas|libcudnn|libcusparse|libcufft|libcurand|libcusolver|libnccl|libcupti|libcufile)'
copy_libraries() {  # <binary>: ldd of the build tree's copy, which resolves everything on this machine
  ldd "$1" | awk '/=> \//{print $1, $3}' | while read -r soname path; do
    [[ "$soname" =~ $skip ]] && continue
    [ "$system_torch" = 1 ] && [[ "$soname" =~ $torch_wheel ]] && continue
    [ -n "$(find "$bundle/lib" -name "$soname" -print -quit)" ] && continue  # bundled libtorch has it
    cp -L "$path" "$bundle/lib/$soname"
  done
}
for name in $(ls "$bundle/bin"); do
  [ "$name" = qt.conf ] && continue
  if [ "$name" = graphlens ] || [ "$name" = graphlens_ui_live_run ]; then copy_libraries "$gui_build/bin/$name"
  else copy_libraries "$build/bin/$name"; fi
done

if [ "$gui" = 1 ]; then
  # Qt's plugins: xcb for a desktop, offscreen for a machine without a display, SVG for the icons.
  # bin/qt.conf points Qt at them instead of the build machine's plugin folder.
  qt_plugins="$(dirname "$(readlink -f "$(ldd "$gui_build/bin/graphlens" | awk '/libQt6Core/{print $3}')")")/qt6/plugins"
  for plugin in platforms/libqxcb.so platforms/libqoffscreen.so xcbglintegrations/libqxcb-glx-integration.so \
                imageformats/libqsvg.so iconengines/libqsvgicon.so; do
    [ -f "$qt_plugins/$plugin" ] || continue
    mkdir -p "$bundle/plugins/$(dirname "$plugin")"
    cp -L "$qt_plugins/$plugin" "$bundle/plugins/$plugin"
    copy_libraries "$qt_plugins/$plugin"
  done
  printf '[Paths]\nPrefix = ..\nPlugins = plugins\n' > "$bundle/bin/qt.conf"
  # A font for machines with none (GPU servers); the system's fonts still come first.
  mkdir -p "$bundle/fonts"
  cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
     /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf "$bundle/fonts/"
  cat > "$bundle/fonts/fonts.conf" <<'FONTS'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir prefix="relative">.</dir>
  <cachedir prefix="xdg">graphlens-fontconfig</cachedir>
</fontconfig>
FONTS
fi

# Datasets decode through TurboJPEG + libpng: OpenCV's imgcodecs (and the GDAL/Poppler/... closure
# it pulls on Debian) must not have come along.
if ls "$bundle/lib" | grep -E '^(libopencv_imgcodecs|libgdal|libpoppler|libhdf5|libnetcdf)' >&2; then
  die "the libraries above must not be in the bundle (imgcodecs' closure)"
fi

# One launcher: run.sh <program> [args]. It sets what the bundled programs need and nothing the user
# has to know; graphlens and graphlens-cli beside it are the same launcher under the program's name.
cat > "$bundle/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs a bundled program: run.sh <program> [args]; ./graphlens and ./graphlens-cli call it by name.
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
program="$(basename "$0")"
case "$program" in
  run.sh) program="${1:?usage: run.sh <program> [args]}"; shift;;
  AppRun) program=graphlens;;
esac
[ -x "$here/bin/$program" ] || { echo "run.sh: no program $program in $here/bin" >&2; exit 2; }
libs="$here/lib"
if [ -d "$here/lib/graphlens/torch/lib" ]; then
  # The bundled libtorch first, even when LD_LIBRARY_PATH names another one.
  libs="$libs:$here/lib/graphlens/torch/lib:$(ls -d "$here"/lib/graphlens/nvidia/*/lib | tr '\n' ':')"
else
  torch_lib="${TORCH_LIB:-$(python3 -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))' 2>/dev/null)}"
  [ -d "$torch_lib" ] || { echo "run.sh: set TORCH_LIB to the torch/lib folder of a torch 2.11 install" >&2; exit 2; }
  libs="$libs:$torch_lib"
fi
export LD_LIBRARY_PATH="${libs%:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if [ -d "$here/plugins" ]; then  # the window
  export FONTCONFIG_FILE="$here/fonts/fonts.conf"
  [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
fi
exec "$here/bin/$program" "$@"
RUN
chmod +x "$bundle/run.sh"
ln -s run.sh "$bundle/graphlens-cli"
if [ "$gui" = 1 ]; then
  ln -s run.sh "$bundle/graphlens"
  ln -s run.sh "$bundle/AppRun"
  cp "$bundle/share/applications/graphlens.desktop" "$bundle/"
  icon="$bundle/share/icons/hicolor/256x256/apps/graphlens.png"
  if [ -f "$icon" ]; then cp "$icon" "$bundle/"; else echo "make-bundle.sh: no $icon (build graphlens_icons)" >&2; fi
fi

echo "bundle: $(du -sh "$bundle" | cut -f1) in $bundle ($(ls "$bundle/bin" | grep -vc qt.conf) programs, $(ls "$bundle/lib" | grep -c '\.so') libraries:" \
     "$(du -sh --exclude=graphlens "$bundle/lib" | cut -f1) of them$([ -d "$bundle/lib/graphlens" ] && echo ", libtorch $(du -sh "$bundle/lib/graphlens" | cut -f1)"))"
echo "bundle: image libraries: $(ls "$bundle/lib" | grep -E '^lib(opencv|turbojpeg|png|jpeg|yaml-cpp|z)' | tr '\n' ' ')"
if [ "$tar" = 1 ]; then
  tar -C "$(dirname "$bundle")" -czf "$bundle.tar.gz.part" "$(basename "$bundle")"
  mv "$bundle.tar.gz.part" "$bundle.tar.gz"  # a tarball exists only once it is whole
  echo "bundle: $(du -h "$bundle.tar.gz" | cut -f1) $bundle.tar.gz"
fi

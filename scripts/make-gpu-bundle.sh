#!/usr/bin/env bash
# Packs graphlens-cli, the test and benchmark binaries and the non-torch libraries they need into one
# folder for a GPU server that has its own libtorch 2.11 (e.g. a torch wheel in a venv).
#   scripts/make-gpu-bundle.sh [--gui <build dir with the GUI>] <build dir> <bundle dir>
# On the server:  TORCH_LIB=/path/to/site-packages/torch/lib <bundle>/run.sh graphlens-cli env
# --gui adds the window (graphlens) and graphlens_ui_live_run with the Qt libraries, Qt's offscreen
# platform plugin and a font, for a server without a display or Qt of its own:
#   TORCH_LIB=... <bundle>/run.sh graphlens --report report.pdf session.json
set -euo pipefail
gui_build=""
if [ "${1:-}" = "--gui" ]; then gui_build="${2:?--gui needs the build dir of the GUI}"; shift 2; fi
build="${1:?build dir}"
bundle="${2:?bundle dir}"
rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/lib"

binaries=()
for name in graphlens-cli graphlens_gpu_tests graphlens_unit_results graphlens_unit_engine graphlens_unit_decode \
            graphlens_bench_minimal_loops graphlens_bench_torchscript graphlens_bench_graph_runner_overhead \
            graphlens_bench_data_loader graphlens_bench_training_step graphlens_unit_train graphlens_unit_train_parts \
            graphlens_bench_nms graphlens_bench_yolo_loss; do
  [ -x "$build/bin/$name" ] && binaries+=("$build/bin/$name")
done
if [ -n "$gui_build" ]; then
  for name in graphlens graphlens_ui_live_run; do
    [ -x "$gui_build/bin/$name" ] || { echo "make-gpu-bundle.sh: no $gui_build/bin/$name (build it first)" >&2; exit 1; }
    binaries+=("$gui_build/bin/$name")
  done
fi
cp "${binaries[@]}" "$bundle/bin/"
strip --strip-debug "$bundle"/bin/*   # debug info would multiply the bundle's size
# Fixture generators and benchmark scripts the bundled programs run: found beside the binaries
# (<bundle>/share/graphlens-tests), never by this machine's source path.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$bundle/share/graphlens-tests"
cp "$root/tests/fixtures/export_user_models.py" "$root/bench/export_conv_detector.py" \
   "$root/bench/profiler_overhead.sh" "$root/bench/train_step_twin.py" "$bundle/share/graphlens-tests/"

# Libraries the server provides itself: glibc and friends, libstdc++ (newer there than here), and everything libtorch's wheel brings
# (torch/lib and the nvidia-* wheels). Everything else resolved by ldd travels.
skip='^(linux-vdso|libc\.so|libstdc\+\+\.so|libutil\.so|libm\.so|libdl\.so|librt\.so|libpthread\.so|ld-linux|libgcc_s\.so|libtorch|libc10|libgomp|libcaffe2|libshm|libnv|libcublas|libcudnn|libcusparse|libcufft|libcurand|libcusolver|libnccl|libcupti|libcufile)'
for binary in "${binaries[@]}"; do
  ldd "$binary" | awk '/=> \//{print $1, $3}' | while read -r soname path; do
    if ! [[ "$soname" =~ $skip ]]; then cp -Lu "$path" "$bundle/lib/$soname"; fi
  done
done

if [ -n "$gui_build" ]; then
  # Qt finds its platform plugin through QT_PLUGIN_PATH (run.sh) and its fonts through the bundle's
  # fontconfig file: a server often has neither a display nor a single font installed.
  qt_plugins="$(dirname "$(readlink -f "$(ldd "$gui_build/bin/graphlens" | awk '/libQt6Core/{print $3}')")")/qt6/plugins"
  mkdir -p "$bundle/plugins/platforms" "$bundle/fonts"
  cp -L "$qt_plugins/platforms/libqoffscreen.so" "$bundle/plugins/platforms/"
  ldd "$bundle/plugins/platforms/libqoffscreen.so" | awk '/=> \//{print $1, $3}' | while read -r soname path; do
    if ! [[ "$soname" =~ $skip ]]; then cp -Lu "$path" "$bundle/lib/$soname"; fi
  done
  cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
     /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf "$bundle/fonts/"
  cat > "$bundle/fonts/fonts.conf" <<'FONTS'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir prefix="relative">.</dir>
  <cachedir prefix="xdg">graphlens-fontconfig</cachedir>
</fontconfig>
FONTS
fi

# Datasets decode through TurboJPEG + libpng: OpenCV's imgcodecs (and the GDAL/Poppler/... closure
# it pulls on Debian) must not have come along.
if ls "$bundle/lib" | grep -E '^(libopencv_imgcodecs|libgdal|libpoppler|libhdf5|libnetcdf)' >&2; then
  echo "make-gpu-bundle.sh: the libraries above must not be in the bundle (imgcodecs' closure)" >&2
  exit 1
fi

cat > "$bundle/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs a bundled program against the server's libtorch: TORCH_LIB=<site-packages>/torch/lib.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
torch_lib="${TORCH_LIB:-$(python3 -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))' 2>/dev/null)}"
[ -d "$torch_lib" ] || { echo "run.sh: set TORCH_LIB to the torch/lib folder of a torch 2.11 install" >&2; exit 2; }
export LD_LIBRARY_PATH="$here/lib:$torch_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if [ -d "$here/plugins" ]; then  # the window, bundled with --gui
  export QT_PLUGIN_PATH="$here/plugins" FONTCONFIG_FILE="$here/fonts/fonts.conf"
  [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
fi
program="$1"; shift
exec "$here/bin/$program" "$@"
RUN
chmod +x "$bundle/run.sh"
echo "gpu-bundle: $(du -sh "$bundle" | cut -f1) in $bundle ($(ls "$bundle/bin" | wc -l) programs, $(ls "$bundle/lib" | wc -l) libraries:" \
     "$(du -sh "$bundle/lib" | cut -f1) of them)"
echo "gpu-bundle: image libraries: $(ls "$bundle/lib" | grep -E '^lib(opencv|turbojpeg|png|jpeg|yaml-cpp|z)' | tr '\n' ' ')"

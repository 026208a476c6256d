#!/usr/bin/env bash
# Packs graphlens-cli, the test and benchmark binaries and the non-torch libraries they need into one
# folder for a GPU server that has its own libtorch 2.11 (e.g. a torch wheel in a venv).
#   scripts/make-gpu-bundle.sh <build dir> <bundle dir>
# On the server:  TORCH_LIB=/path/to/site-packages/torch/lib <bundle>/run.sh graphlens-cli env
set -euo pipefail
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
program="$1"; shift
exec "$here/bin/$program" "$@"
RUN
chmod +x "$bundle/run.sh"
echo "gpu-bundle: $(du -sh "$bundle" | cut -f1) in $bundle ($(ls "$bundle/bin" | wc -l) programs, $(ls "$bundle/lib" | wc -l) libraries:" \
     "$(du -sh "$bundle/lib" | cut -f1) of them)"
echo "gpu-bundle: image libraries: $(ls "$bundle/lib" | grep -E '^lib(opencv|turbojpeg|png|jpeg|yaml-cpp|z)' | tr '\n' ' ')"

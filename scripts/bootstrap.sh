#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian 12 machine: system packages and the pinned libtorch.
# Says what it does; does nothing when everything is already there.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TORCH_VERSION="2.11.0"

debian_packages=(
  build-essential cmake ninja-build ccache mold pkg-config python3-venv
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6svg6 libqt6opengl6-dev qt6-qpa-plugins libgl-dev
  libopencv-dev libturbojpeg0-dev libpng-dev
  catch2 libyaml-cpp-dev nlohmann-json3-dev libcli11-dev libspdlog-dev libfmt-dev
  xvfb xauth fonts-dejavu-core
  g++-mingw-w64-x86-64  # the Windows portability check (tests/portability), posix and win32 threads variants
  clang libclang-rt-14-dev  # the fuzzers (tests/fuzz): clang++ and its libFuzzer, ASan and UBSan runtimes
  # The fleet tests (tests/slurm): a single-node Slurm cluster the test starts in a scratch folder.
  # Installing them may enable their system services; the tests use none of them (own key, socket, ports).
  munge slurmctld slurmd slurm-client
)

missing=()
for p in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing Debian packages: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  log="$(mktemp -t graphlens-apt.XXXXXX)"
  if ! { $sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq \
         --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    tail -n 30 "$log"; echo "bootstrap: apt-get failed (full log: $log)" >&2; exit 1
  fi
  echo "bootstrap: Debian packages installed"
else
  echo "bootstrap: Debian packages present"
fi

# libtorch: the user's own (Torch_DIR / CMAKE_PREFIX_PATH) wins; otherwise the pinned wheel in .venv.
if [ -n "${Torch_DIR:-}" ] || [ -n "${CMAKE_PREFIX_PATH:-}" ]; then
  echo "bootstrap: using the user's libtorch (Torch_DIR/CMAKE_PREFIX_PATH set), skipping the torch wheel"
  exit 0
fi
venv="$root/.venv"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import torch,sys; sys.exit(0 if torch.__version__.startswith('$TORCH_VERSION') else 1)" 2>/dev/null; then
  echo "bootstrap: torch $TORCH_VERSION present in .venv"
else
  echo "bootstrap: creating .venv with torch==$TORCH_VERSION (libtorch for the build; large download, once)"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip
  "$venv/bin/python" -m pip install -q "torch==$TORCH_VERSION"
fi

# torchvision for the equivalence tests (tests/fixtures/export_torchvision.py): the release built for
# this torch; pip must keep the installed torch (checked below), so a mismatch fails loudly here.
TORCHVISION_VERSION="0.26.0"
if "$venv/bin/python" -c "import torchvision,sys; sys.exit(0 if torchvision.__version__.startswith('$TORCHVISION_VERSION') else 1)" 2>/dev/null; then
  echo "bootstrap: torchvision $TORCHVISION_VERSION present in .venv"
else
  echo "bootstrap: installing torchvision==$TORCHVISION_VERSION into .venv (for the equivalence tests)"
  "$venv/bin/python" -m pip install -q "torchvision==$TORCHVISION_VERSION" "torch==$TORCH_VERSION"
  "$venv/bin/python" -c "import torch,sys; sys.exit(0 if torch.__version__.startswith('$TORCH_VERSION') else 1)" || {
    echo "bootstrap: installing torchvision changed torch away from $TORCH_VERSION" >&2; exit 1; }
fi

# The detector's reference implementations, for its equivalence tests only (tests/fixtures/
# export_ultralytics.py, coco_map_reference.py): Ultralytics builds YOLOv8n from its own yolov8n.yaml
# with random weights (nothing downloaded), pycocotools scores mAP. Ultralytics goes in without its
# dependencies (they would pull matplotlib, polars and a second torch); the few its model code imports
# are listed here. scipy's linear_sum_assignment checks the encoder-decoder detector's Hungarian
# matching. About 100 MB, once.
TEST_PACKAGES=(ultralytics==8.4.190 pycocotools==2.0.11 opencv-python-headless==5.0.0.93 pyyaml==6.0.4
  requests==2.34.2 psutil==7.2.2 scipy==1.17.1)
if "$venv/bin/python" -c "import importlib.metadata as m, sys
want = {'ultralytics': '8.4.190', 'pycocotools': '2.0.11', 'opencv-python-headless': '5.0.0.93',
        'scipy': '1.17.1'}
sys.exit(0 if all(m.version(k) == v for k, v in want.items()) else 1)" 2>/dev/null; then
  echo "bootstrap: detector reference packages present in .venv"
else
  echo "bootstrap: installing the detector reference packages into .venv (for the equivalence tests)"
  "$venv/bin/python" -m pip install -q --no-deps "${TEST_PACKAGES[@]}"
  "$venv/bin/python" -m pip install -q --no-deps certifi charset-normalizer idna urllib3
fi

# SegFormer's reference, for segformer-b0's equivalence tests only (tests/fixtures/hf_segformer.py):
# transformers builds SegformerForSemanticSegmentation from a config with random weights, offline.
# Without its dependencies (they would pull typer, rich and the hub's transfer client); the few its
# import needs are listed here (pyyaml, idna, filelock, fsspec and numpy come above). Uncompiled (the
# modules it imports compile on first use): about 80 MB and 10 s, once.
HF_PACKAGES=(transformers==5.23.0 huggingface-hub==2.4.0 safetensors==0.8.0 tokenizers==0.23.3
  regex==2026.11.15 tqdm==4.70.1 packaging==26.3 httpx2==2.16.2 httpcore2==2.16.2 anyio==4.16.0 h11==0.16.0
  truststore==0.10.5)
if "$venv/bin/python" -c "import importlib.metadata as m, sys
sys.exit(0 if m.version('transformers') == '5.23.0' and m.version('tokenizers') == '0.23.3' else 1)" 2>/dev/null; then
  echo "bootstrap: transformers (SegFormer reference) present in .venv"
else
  echo "bootstrap: installing transformers into .venv (SegFormer's reference, for the equivalence tests)"
  "$venv/bin/python" -m pip install -q --no-deps --no-compile "${HF_PACKAGES[@]}"
fi

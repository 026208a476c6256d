#!/usr/bin/env bash
# The detector's GPU figures in one go, from a GPU bundle (make gpu-bundle), on a server with torch 2.11:
#   TORCH_LIB=<site-packages>/torch/lib OUT=<folder> bench/detector_h200.sh <bundle>
# verify (inference and training), the inference sweep at batch 1/4/8/16 with the postprocess phase,
# the training-step sweep at batch 8/16 in network scope, 20 epochs on the built-in dataset eager and
# with --cuda-graph, the NMS benchmark (against torchvision's kernel when the server's venv has one),
# the assigner's share of the loss phase, and the detector's GPU tests. Each result goes to its own file in $OUT.
set -uo pipefail
bundle="$(cd "${1:?bundle folder}" && pwd)"
out="${OUT:?set OUT to a folder for the results}"
run="$bundle/run.sh"
cd "${TMPDIR:-/tmp}"
date -u
timeout 120 "$run" graphlens_gpu_tests "[yolo]" > "$out/gpu-tests-yolo.txt" 2>&1; echo "gpu tests rc $?"
: > "$out/verify.txt"
for batch in 1 8; do  # verify takes one batch size per run
  timeout 120 "$run" graphlens-cli verify --family yolo-t --batch "$batch" --precision fp16 >> "$out/verify.txt" 2>&1
done
timeout 240 "$run" graphlens-cli verify --training --family yolo-t --precision fp32 >> "$out/verify.txt" 2>&1
echo "verify rc $?"
timeout 300 "$run" graphlens-cli sweep --family yolo-t --batch 1,4,8,16 --precision fp16 \
  --csv "$out/infer-sweep.csv" > "$out/infer-sweep.txt" 2>&1; echo "inference sweep rc $?"
timeout 300 "$run" graphlens-cli sweep --family yolo-t --phase train --graph-scope network --batch 8,16 \
  --precision amp-fp16 --csv "$out/train-sweep.csv" > "$out/train-sweep.txt" 2>&1; echo "training sweep rc $?"
for arm in eager graphed; do
  flag=""; [ "$arm" = graphed ] && flag="--cuda-graph"
  timeout 400 "$run" graphlens-cli train --family yolo-t --epochs 20 --batch 8 --precision amp-fp16 $flag \
    --out "${TMPDIR:-/tmp}/yolo-$arm" > "$out/train-e2e-$arm.txt" 2>&1; echo "20 epochs $arm rc $?"
done
ops="$(ls "$(dirname "$TORCH_LIB")"/../torchvision/_C.so 2>/dev/null | head -1)"
pylib="$(ls /usr/lib/x86_64-linux-gnu/libpython3.*.so* 2>/dev/null | head -1)"
timeout 120 "$run" graphlens_bench_nms ${ops:+--torchvision-ops "$ops"} ${pylib:+--python-lib "$pylib"} \
  > "$out/nms-bench.txt" 2>&1; echo "nms bench rc $?"
timeout 120 "$run" graphlens_bench_yolo_loss --batch 8,16 > "$out/loss-bench.txt" 2>&1; echo "loss bench rc $?"
date -u

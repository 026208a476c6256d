#!/usr/bin/env bash
# skip_without_gpu.sh <graphlens-cli> -- command...
# Runs the command where libtorch sees a CUDA device (graphlens-cli env: cuda_available: true); elsewhere
# prints why and exits 77, which CTest reports as skipped (SKIP_RETURN_CODE 77).
set -u
cli="$1"; shift 2
if ! "$cli" env 2>/dev/null | grep -q '^cuda_available: true$'; then
  echo "SKIPPED: no CUDA device visible to libtorch (graphlens-cli env: cuda_available is not true)"
  exit 77
fi
exec "$@"

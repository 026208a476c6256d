#pragma once
// The heavy headers shared by every libtorch target, compiled once as a precompiled header.
#include <torch/nn.h>
#include <torch/types.h>
#include <torch/utils.h>

#include "graphlens/config.h"
#if GRAPHLENS_HAVE_CUDA
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

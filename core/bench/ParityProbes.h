#pragma once
// The two probes of the DESIGN §5 parity check and the BatchNorm calibration that makes them
// meaningful on seeded random weights. Shared by `verify` and the sweep, so the sweep checks the
// very network it times with the same protocol verify uses.
#include <torch/nn/modules/container/any.h>
#include <torch/types.h>

namespace graphlens::bench {

struct ParityProbes {
    torch::Tensor a;  // image-like (the synthetic batch, seed 1)
    torch::Tensor b;  // wide noise, another distribution
};

// fp32 probes [batch, 3, imgsz, imgsz] on `device`, drawn from their own generators (the global RNG
// is left alone, and the probes are the same on every device).
ParityProbes makeParityProbes(int batch, int imgsz, torch::Device device);

// Seeded random init leaves BatchNorm at running mean 0 / var 1, so deep depthwise families
// (mobilenetv3-s, efficientnet-b0) shrink their activations layer by layer: ~1e-9 logits in fp32,
// all exactly 0 in fp16 (underflow), whatever the probe. One fp32 pass over `images` with momentum 1
// sets every BatchNorm's running statistics (only the BatchNorms in training mode) so activations
// stay near unit scale, as in a trained network. Families without BatchNorm are left unchanged.
void calibrateBatchNorm(torch::nn::AnyModule& network, const torch::Tensor& images);

}  // namespace graphlens::bench

#pragma once
// The memory format a deployer picks (nchw, channels_last), applied once, outside any timed step:
// 4-D parameters and buffers of the network, and the batch. Verify and parity run in the same format.
#include <torch/nn/module.h>
#include <torch/types.h>

#include <string>

namespace graphlens::families {

// "nchw" -> Contiguous, "channels_last" -> ChannelsLast; throws std::invalid_argument otherwise.
at::MemoryFormat memoryFormatOf(const std::string& name);

// Rewrites every 4-D parameter and buffer in place (set_data keeps the TensorImpl, so a TorchScript
// module sharing these tensors sees the new layout too).
void convertMemoryFormat(torch::nn::Module& network, at::MemoryFormat format);

}  // namespace graphlens::families

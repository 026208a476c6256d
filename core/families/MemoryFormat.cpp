#include "families/MemoryFormat.h"

#include <torch/utils.h>

#include <stdexcept>

namespace graphlens::families {

at::MemoryFormat memoryFormatOf(const std::string& name) {
    if (name == "nchw") return at::MemoryFormat::Contiguous;
    if (name == "channels_last") return at::MemoryFormat::ChannelsLast;
    throw std::invalid_argument("memory format '" + name + "' is not one of nchw, channels_last");
}

void convertMemoryFormat(torch::nn::Module& network, at::MemoryFormat format) {
    torch::NoGradGuard noGrad;
    auto convert = [format](torch::Tensor& tensor) {
        if (tensor.defined() && tensor.dim() == 4) tensor.set_data(tensor.contiguous(format));
    };
    for (auto& parameter : network.parameters(/*recurse=*/true)) convert(parameter);
    for (auto& buffer : network.buffers(/*recurse=*/true)) convert(buffer);
}

}  // namespace graphlens::families

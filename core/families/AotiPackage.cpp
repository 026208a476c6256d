#include "families/AotiPackage.h"

#include "families/ModelFileError.h"

#include <caffe2/serialize/inline_container.h>
#include <nlohmann/json.hpp>

#include <map>
#include <regex>

namespace graphlens::families {
namespace {

constexpr const char* kAotiDir = "data/aotinductor/";

bool endsWith(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string recordText(caffe2::serialize::PyTorchStreamReader& reader, const std::string& name) {
    auto [data, size] = reader.getRecord(name);
    return std::string(static_cast<const char*>(data.get()), size);
}

// The text of one generated check function: from its name to the next check or helper.
std::string functionText(const std::string& source, const std::string& name) {
    const auto begin = source.find(name + "(");
    if (begin == std::string::npos) return {};
    auto end = source.find("static ", begin + name.size());
    const auto next = source.find("check_input_", begin + name.size());
    if (next != std::string::npos && (end == std::string::npos || next < end)) end = next;
    return source.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

}  // namespace

std::optional<AotiInputSpec> parseAotiInputChecks(const std::string& source) {
    const std::string body = functionText(source, "check_input_0");
    if (body.empty()) return std::nullopt;
    AotiInputSpec spec;
    std::smatch match;
    if (std::regex_search(body, match, std::regex(R"(expected_dtype\s*=\s*aoti_torch_dtype_(\w+)\(\))"))) spec.dtype = match[1];
    std::map<int, AotiDimension> dims;
    const std::regex exact(R"(if\s*\(\s*(\d+)\s*!=\s*\w+_size\[(\d+)\]\s*\))");
    for (std::sregex_iterator it(body.begin(), body.end(), exact), end; it != end; ++it) {
        dims[std::stoi((*it)[2])].exact = std::stol((*it)[1]);
    }
    const std::regex below(R"(if\s*\(\s*\w+_size\[(\d+)\]\s*<\s*(\d+)\s*\))");
    for (std::sregex_iterator it(body.begin(), body.end(), below), end; it != end; ++it) {
        dims[std::stoi((*it)[1])].min = std::stol((*it)[2]);
    }
    const std::regex above(R"(if\s*\(\s*\w+_size\[(\d+)\]\s*>\s*(\d+)\s*\))");
    for (std::sregex_iterator it(body.begin(), body.end(), above), end; it != end; ++it) {
        dims[std::stoi((*it)[1])].max = std::stol((*it)[2]);
    }
    if (spec.dtype.empty() || dims.empty()) return std::nullopt;
    const int rank = dims.rbegin()->first + 1;
    for (int i = 0; i < rank; ++i) spec.dims.push_back(dims.count(i) ? dims[i] : AotiDimension{});
    // The kernels index the input with the strides it was exported with, and the wrapper checks them:
    // channels with stride 1 is NHWC, which the package must be fed (an NCHW batch would be misread).
    const bool severalChannels = rank == 4 && !(spec.dims[1].exact && *spec.dims[1].exact == 1);
    spec.channelsLast = severalChannels && std::regex_search(body, std::regex(R"(if\s*\(\s*1\s*!=\s*\w+_stride\[1\]\s*\))"));
    for (int i = 1;; ++i) {
        if (source.find("check_input_" + std::to_string(i) + "(") == std::string::npos) break;
        spec.inputs = i + 1;
    }
    return spec;
}

AotiPackageInfo inspectAotiPackage(const std::string& path) {
    AotiPackageInfo info;
    try {
        caffe2::serialize::PyTorchStreamReader reader(path);
        const auto records = reader.getAllRecords();
        if (!isAotiPackageRecords(records)) throw ModelFileError(path + ": not an AOTInductor package (no " + kAotiDir + ")");
        for (const auto& name : records) {
            if (name.rfind(kAotiDir, 0) != 0) continue;
            if (endsWith(name, "wrapper_metadata.json")) {
                const auto metadata = nlohmann::json::parse(recordText(reader, name), nullptr, false);
                if (metadata.is_object()) info.device = metadata.value("AOTI_DEVICE_KEY", std::string());
            } else if (endsWith(name, ".wrapper.cpp") || endsWith(name, "wrapper.cpp")) {
                info.input = parseAotiInputChecks(recordText(reader, name));
            }
        }
    } catch (const c10::Error& error) {
        throw ModelFileError(path + ": an AOTInductor package PyTorch cannot read (" + error.what_without_backtrace() + ")");
    }
    if (info.device.empty()) throw ModelFileError(path + ": an AOTInductor package without its metadata (no AOTI_DEVICE_KEY)");
    return info;
}

std::string describe(const AotiInputSpec& spec) {
    std::string text = "[";
    for (std::size_t i = 0; i < spec.dims.size(); ++i) {
        const auto& dim = spec.dims[i];
        if (i) text += ", ";
        if (dim.exact) {
            text += std::to_string(*dim.exact);
        } else {
            text += std::to_string(std::max<long>(dim.min, 0)) + ".." + (dim.max > 0 ? std::to_string(dim.max) : std::string("any"));
        }
    }
    return text + "] " + spec.dtype + (spec.channelsLast ? " channels_last" : "");
}

std::string inputMismatch(const AotiInputSpec& spec, const std::vector<long>& shape, const std::string& dtype) {
    if (spec.inputs != 1) return "the package takes " + std::to_string(spec.inputs) + " inputs; GraphLens feeds one image batch";
    if (dtype != spec.dtype) return "it was compiled for " + spec.dtype + " input, and this run feeds " + dtype;
    if (shape.size() != spec.dims.size()) {
        return "it takes a " + std::to_string(spec.dims.size()) + "-dimensional input, and this run feeds " +
               std::to_string(shape.size()) + " dimensions";
    }
    static const char* names[] = {"batch", "channels", "height", "width"};
    for (std::size_t i = 0; i < shape.size(); ++i) {
        const auto& dim = spec.dims[i];
        const std::string what = i < 4 ? names[i] : "dimension " + std::to_string(i);
        if (dim.exact && *dim.exact != shape[i]) {
            return what + " " + std::to_string(shape[i]) + ", but it was compiled for " + what + " " + std::to_string(*dim.exact) +
                   (i == 0 ? " only (a static batch: export with a dynamic batch dimension to run others)" : "");
        }
        if (!dim.exact && shape[i] < dim.min) {
            return what + " " + std::to_string(shape[i]) + " is below the smallest it was compiled for (" + std::to_string(dim.min) + ")";
        }
        if (!dim.exact && dim.max > 0 && shape[i] > dim.max) {
            return what + " " + std::to_string(shape[i]) + " is above the largest it was compiled for (" + std::to_string(dim.max) + ")";
        }
    }
    return {};
}

}  // namespace graphlens::families

#pragma once
// What an AOTInductor package (`torch._inductor.aoti_compile_and_package`, a .pt2 zip holding
// data/aotinductor/<model>/ with the compiled wrapper and kernels) was compiled for, read from the
// archive before anything is loaded: the device (its metadata's AOTI_DEVICE_KEY) and the input it
// takes. AOTInductor checks its inputs only when AOTI_RUNTIME_CHECK_INPUTS is set, and a wrong shape
// otherwise reads out of bounds, so GraphLens reads the checks the compiler generated (the wrapper's
// check_input_0) and checks every request against them itself.
#include <optional>
#include <string>
#include <vector>

namespace graphlens::families {

struct AotiDimension {
    std::optional<long> exact;             // a static size
    long min = 0, max = 0;                 // a dynamic one: its range (max 0: unbounded above)
};

struct AotiInputSpec {
    std::string dtype;                     // "float32", "float16", "bfloat16", ...
    std::vector<AotiDimension> dims;       // as many as the input's rank
    int inputs = 1;                        // the package's input count (GraphLens feeds one image batch)
    bool channelsLast = false;             // a 4-d input whose compiled strides are NHWC's (channels stride 1)
};

struct AotiPackageInfo {
    std::string device;                    // "cpu" or "cuda"
    std::optional<AotiInputSpec> input;    // none: the wrapper's checks could not be read
};

// True when the zip's records hold data/aotinductor/ (AOTInductor code), whatever else they hold.
// Inline: the archive sniffing (and its fuzzer) needs it without the package reader.
inline bool isAotiPackageRecords(const std::vector<std::string>& records) {
    for (const auto& record : records) {
        if (record.rfind("data/aotinductor/", 0) == 0) return true;
    }
    return false;
}

// Throws ModelFileError naming the file when it is not a readable AOTInductor package.
AotiPackageInfo inspectAotiPackage(const std::string& path);

// The checks of one input as the wrapper source states them (the text of check_input_0 ...).
// Exposed for tests; nullopt when the text has no recognisable checks.
std::optional<AotiInputSpec> parseAotiInputChecks(const std::string& wrapperSource);

// "[2..15, 3, 32, 32] float32" (and " channels_last"): what the package takes, for messages.
std::string describe(const AotiInputSpec& spec);

// Empty when `shape` of `dtype` fits the spec, else why not ("batch 32 is above the largest the
// package was compiled for (15)").
std::string inputMismatch(const AotiInputSpec& spec, const std::vector<long>& shape, const std::string& dtype);

}  // namespace graphlens::families

#include "TorchvisionReference.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>
#include <vector>

#ifndef GRAPHLENS_PYTHON
#error "GRAPHLENS_PYTHON (the venv's python) is set by tests/unit/engine/tests.cmake"
#endif

namespace graphlens::testing {

namespace {
// A mkdtemp folder holding the exported model and the script's log, removed file by file.
class TempFolder {
public:
    TempFolder() {
        const char* base = std::getenv("TMPDIR");
        std::string pattern = std::string(base && *base ? base : "/tmp") + "/graphlens-torchvision-XXXXXX";
        std::vector<char> buffer(pattern.begin(), pattern.end());
        buffer.push_back('\0');
        if (!mkdtemp(buffer.data())) throw std::runtime_error("cannot create a temporary folder from " + pattern);
        path_ = buffer.data();
    }
    ~TempFolder() {
        for (const auto& file : files_) std::remove(file.c_str());
        rmdir(path_.c_str());
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;

    std::string file(const std::string& name) {
        files_.push_back(path_ + "/" + name);
        return files_.back();
    }
    const std::string& path() const { return path_; }

private:
    std::string path_;
    std::vector<std::string> files_;
};

std::string readAll(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}
}  // namespace

std::optional<TorchvisionReference> exportTorchvision(const std::string& name, std::string& skipReason) {
    const char* given = std::getenv("GRAPHLENS_PYTHON");  // as in PythonReference.cpp
    const std::string python = given && *given ? given : GRAPHLENS_PYTHON;
    if (access(python.c_str(), X_OK) != 0) {
        skipReason = "no venv python at " + python + " (scripts/bootstrap.sh installs torch and torchvision there)";
        return std::nullopt;
    }
    TempFolder folder;
    const auto model = folder.file(name + ".pt");
    const auto log = folder.file("export.log");
    const std::string command = "'" + python + "' '" GRAPHLENS_TORCHVISION_EXPORT "' '" + folder.path() + "' " + name +
                                " > '" + log + "' 2>&1";
    if (std::system(command.c_str()) != 0) {
        throw std::runtime_error("export_torchvision.py " + name + " failed:\n" + readAll(log));
    }
    TorchvisionReference reference{torch::jit::load(model), {}};
    for (const auto& item : reference.module.named_parameters(/*recurse=*/true)) reference.state[item.name] = item.value;
    for (const auto& item : reference.module.named_buffers(/*recurse=*/true)) reference.state[item.name] = item.value;
    return reference;
}

double maxAbsDiff(const torch::Tensor& a, const torch::Tensor& b) {
    return (a - b).abs().max().item<double>();
}

TorchvisionComparison compareWithTorchvision(torch::nn::Module& model,
                                             const std::function<torch::Tensor(const torch::Tensor&)>& forward,
                                             const std::string& torchvisionName,
                                             const families::NameMapping& mapping, torch::IntArrayRef inputShape) {
    TorchvisionComparison compared;
    auto reference = exportTorchvision(torchvisionName, compared.missing);
    if (!reference) {
        compared.missing = "no comparison with torchvision's " + torchvisionName + ": " + compared.missing;
        return compared;
    }
    const auto check = families::checkMapping(mapping, families::namedState(model), reference->state);
    INFO(check.describe());
    REQUIRE(check.ok());
    families::loadMapped(model, mapping, reference->state);

    torch::NoGradGuard noGrad;
    model.eval();
    reference->module.eval();
    torch::manual_seed(5);
    const auto input = torch::randn(inputShape);
    const auto expected = reference->module.forward({input}).toTensor();
    const auto actual = forward(input);
    REQUIRE(actual.sizes() == expected.sizes());
    const double diff = maxAbsDiff(actual, expected);
    std::printf("%s: max abs diff %.3g over %lld outputs (reference std %.3g, max abs %.3g)\n",
                torchvisionName.c_str(), diff, static_cast<long long>(expected.numel()),
                expected.std().item<double>(), expected.abs().max().item<double>());
    compared.maxAbsDiff = diff;
    return compared;
}

}  // namespace graphlens::testing

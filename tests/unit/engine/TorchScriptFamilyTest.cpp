// User models from TorchScript (issue 5): what each kind of file a user may hand us becomes, the
// adapter that lets the engine treat a script module like a built-in one, and the training loss rule.
#include "UserModelFixtures.h"
#include "bench/UsageError.h"
#include "bench/UserModelLoader.h"
#include "families/ModelFileError.h"
#include "families/TorchScriptArchive.h"
#include "families/TorchScriptFamily.h"
#include "families/TorchScriptModule.h"
#include "families/UserModelLoss.h"

#include <caffe2/serialize/inline_container.h>
#include "support/Skip.h"

#include <catch2/catch.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <fstream>

using namespace graphlens::families;
using graphlens::testing::UserModelFixtures;

namespace {

std::string path(const std::string& file) { return UserModelFixtures::get().path(file); }

std::string loadError(const std::string& file, const std::string& task = "", int imgsz = 0) {
    try {
        auto family = makeTorchScriptFamily(path(file), task, imgsz);
        probeTorchScriptFamily(family, torch::kCPU, torch::kFloat);
    } catch (const ModelFileError& error) {
        return error.what();
    }
    return "(loaded)";
}

Family loadedOnCpu(const std::string& file, int imgsz = 0) {
    auto family = makeTorchScriptFamily(path(file), "", imgsz);
    probeTorchScriptFamily(family, torch::kCPU, torch::kFloat);
    return family;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("inspectArchive tells TorchScript from the files users confuse it with", "[engine][torchscript]") {
    CHECK(inspectArchive(path("classifier.pt")) == ArchiveKind::TorchScript);
    CHECK(inspectArchive(path("dict_detector.pt")) == ArchiveKind::TorchScript);
    CHECK(inspectArchive(path("state_dict.pt")) == ArchiveKind::TorchSavePickle);
    CHECK(inspectArchive(path("pickled_module.pt")) == ArchiveKind::TorchSavePickle);
    CHECK(inspectArchive(path("legacy.pt")) == ArchiveKind::LegacyPickle);
    if (UserModelFixtures::get().manifest().contains("exported.pt2")) {
        CHECK(inspectArchive(path("exported.pt2")) == ArchiveKind::ExportedProgram);
    }
    const std::string text = path("notes.txt");
    std::ofstream(text) << "not a model\n";
    CHECK(inspectArchive(text) == ArchiveKind::NotAnArchive);
    const std::string empty = path("empty.pt");
    std::ofstream{empty};
    CHECK_THROWS_WITH(inspectArchive(empty), empty + ": the file is empty");
    CHECK_THROWS_WITH(inspectArchive(path("missing.pt")), path("missing.pt") + ": no such file");
}

TEST_CASE("archive kinds are told by exact record prefixes, not by words inside code paths", "[engine][torchscript]") {
    auto archive = [](const std::string& name, const std::vector<std::string>& records) {
        const std::string file = path(name);
        caffe2::serialize::PyTorchStreamWriter writer(file);
        for (const auto& record : records) writer.writeRecord(record, "x", 1);
        writer.writeEndOfFile();
        return file;
    };
    // torchvision's traced regnet keeps its code under code/__torch__/torchvision/models/: still TorchScript.
    CHECK(inspectArchive(archive("traced_torchvision.pt", {"data.pkl", "constants.pkl", "code/__torch__/torchvision/"
                                                            "models/regnet.py"})) == ArchiveKind::TorchScript);
    CHECK(inspectArchive(archive("package.pt2", {"archive_format", "models/model.json", "data/weights/weight_0"})) ==
          ArchiveKind::ExportedProgram);
    CHECK(inspectArchive(archive("weights.pt", {"data.pkl", "data/0"})) == ArchiveKind::TorchSavePickle);
}

TEST_CASE("wrong files are refused with what they are and how to export", "[engine][torchscript]") {
    const std::string how = "export with torch.jit.trace(model.eval(), example) or torch.jit.script(model), then torch.jit.save";
    CHECK(loadError("state_dict.pt") == path("state_dict.pt") + ": a torch.save() pickle (a state_dict or a pickled "
                                                                "nn.Module), not TorchScript: its code lives in Python "
                                                                "and libtorch cannot run it; " + how);
    CHECK(contains(loadError("pickled_module.pt"), ": a torch.save() pickle"));
    CHECK(loadError("legacy.pt") == path("legacy.pt") + ": a legacy torch.save() pickle, not TorchScript; " + how);
    if (UserModelFixtures::get().manifest().contains("exported.pt2")) {
        CHECK(loadError("exported.pt2") == path("exported.pt2") + ": a torch.export program (.pt2) that is not compiled: "
                                                                  "compile it with torch._inductor.aoti_compile_and_package("
                                                                  "torch.export.load(path)) into an AOTInductor package, or " + how);
    }
    CHECK(loadError("classifier.pt", "pose") ==
          "task 'pose' is not supported (expected classify, detect, segment or other)");
}

TEST_CASE("a module expecting another input shape or dtype says so, with the cause", "[engine][torchscript]") {
    const auto shape = loadError("fixed_size.pt");
    CHECK(contains(shape, path("fixed_size.pt") + ": the forward fails on a [2, 3, 224, 224] float32 batch on cpu: "
                                                  "mat1 and mat2 shapes cannot be multiplied (2x150528 and 3072x5)"));
    CHECK(contains(shape, "does the module expect another input shape or dtype? (--imgsz N sets the size)"));
    CHECK(loadError("fixed_size.pt", "", 32) == "(loaded)");  // the size it was exported for

    const auto dtype = loadError("wants_indices.pt");
    CHECK(contains(dtype, path("wants_indices.pt") + ": the forward fails on a [2, 3, 224, 224] float32 batch"));
    CHECK(contains(dtype, "'indices' to have one of the following scalar types: Long, Int"));
}

TEST_CASE("a forward returning something other than tensors is refused, naming the element", "[engine][torchscript]") {
    CHECK(loadError("returns_count.pt") ==
          path("returns_count.pt") + ": the forward returns something that is not tensors (output[1] is Int): "
                                     "GraphLens needs a tensor, or tuples, lists or dicts of tensors");
    CHECK(nonTensorOutput(c10::IValue(torch::ones(1))).empty());
    c10::impl::GenericDict nested(c10::StringType::get(), c10::AnyType::get());
    nested.insert("scores", torch::ones(2));
    nested.insert("label", c10::IValue("cat"));
    CHECK(nonTensorOutput(c10::ivalue::Tuple::create(torch::ones(1), nested)) == "output[1]['label'] is String");
}

TEST_CASE("a TorchScript classifier becomes a family with an undecided graph support", "[engine][torchscript]") {
    const auto family = loadedOnCpu("classifier.pt");
    CHECK(family.name == "classifier");
    CHECK(family.task == "classify");  // inferred from its [B, 10] output
    CHECK(family.numClasses == 10);
    CHECK(family.defaultImgsz == 224);
    CHECK(family.source == path("classifier.pt"));
    CHECK(family.inference.kind == GraphSupportKind::None);
    const auto network = family.build(0);
    CHECK(parameterCount(*network.ptr()) == UserModelFixtures::get().manifest()["classifier.pt"]["params"].get<std::int64_t>());

    const auto detector = loadedOnCpu("dict_detector.pt");
    CHECK(detector.task == "other");
    CHECK(detector.numClasses == 0);
    auto given = makeTorchScriptFamily(path("dict_detector.pt"), "detect", 320);
    probeTorchScriptFamily(given, torch::kCPU, torch::kFloat);
    CHECK(given.task == "detect");
    CHECK(given.defaultImgsz == 320);
}

TEST_CASE("the adapter computes exactly what the script module computes, in eval mode", "[engine][torchscript]") {
    const auto family = loadedOnCpu("classifier.pt");
    auto network = family.build(0);
    auto reference = torch::jit::load(path("classifier.pt"));
    reference.eval();
    torch::manual_seed(3);
    const auto images = torch::rand({4, 3, 48, 48});
    torch::NoGradGuard noGrad;
    const auto ours = network.forward<c10::IValue>(images).toTensor();
    const auto theirs = reference.forward({images}).toTensor();
    CHECK(torch::equal(ours, theirs));

    // train()/eval() reach the script module (a scripted module's forward reads self.training).
    const auto& module = network.get<TorchScriptModule>();
    CHECK_FALSE(module->script().is_training());
    network.ptr()->train(true);
    CHECK(module->script().is_training());
}

TEST_CASE("to() moves the script's own weights, casting floating tensors only", "[engine][torchscript]") {
    const auto family = loadedOnCpu("classifier.pt");
    auto network = family.build(0);
    network.ptr()->to(torch::kDouble);
    const auto& module = network.get<TorchScriptModule>();
    for (const auto& item : module->script().named_parameters()) CHECK(item.value.scalar_type() == torch::kDouble);
    bool sawCounter = false;
    for (const auto& item : module->script().named_buffers()) {
        if (item.name.find("num_batches_tracked") == std::string::npos) {
            CHECK(item.value.scalar_type() == torch::kDouble);
        } else {
            sawCounter = true;
            CHECK(item.value.scalar_type() == torch::kLong);  // an integer counter stays an integer
        }
    }
    CHECK(sawCounter);
    torch::NoGradGuard noGrad;
    CHECK(network.forward<c10::IValue>(torch::rand({1, 3, 32, 32}, torch::kDouble)).toTensor().scalar_type() ==
          torch::kDouble);
}

TEST_CASE("every build is an independent copy of the loaded weights", "[engine][torchscript]") {
    const auto family = loadedOnCpu("classifier.pt");
    auto first = family.build(0);
    auto second = family.build(0);
    auto total = [](const torch::nn::AnyModule& network) {
        double sum = 0;
        for (const auto& parameter : network.ptr()->parameters()) sum += parameter.abs().sum().item<double>();
        return sum;
    };
    const double before = total(second);
    REQUIRE(before > 0);
    torch::NoGradGuard noGrad;
    for (auto& parameter : first.ptr()->parameters()) parameter.zero_();
    CHECK(total(first) == 0);
    CHECK(total(second) == before);
    for (const auto& parameter : second.ptr()->parameters()) CHECK(parameter.is_leaf());
}

TEST_CASE("training loss: cross-entropy for logits with labels, else the mean of the outputs", "[engine][torchscript]") {
    const auto family = loadedOnCpu("classifier.pt");
    auto network = family.build(0);
    network.ptr()->train(true);
    torch::manual_seed(5);
    const auto images = torch::rand({4, 3, 32, 32});
    const auto labels = torch::tensor({1, 0, 9, 3}, torch::kLong);
    const auto output = network.forward<c10::IValue>(images);

    CHECK(userLossKind(output, labels) == UserLossKind::CrossEntropy);
    const auto loss = userModelLoss(output, labels);
    CHECK(loss.item<double>() == Approx(torch::nn::functional::cross_entropy(output.toTensor(), labels).item<double>()));
    loss.backward();
    // The gradients land on the script module's own parameters (the adapter registered those tensors).
    const auto& module = network.get<TorchScriptModule>();
    for (const auto& item : module->script().named_parameters()) {
        REQUIRE(item.value.grad().defined());
        CHECK(item.value.grad().abs().sum().item<double>() > 0);
    }

    CHECK(userLossKind(output, std::nullopt) == UserLossKind::MeanOfOutputs);
    CHECK(userLossKind(output, torch::tensor({1, 0}, torch::kLong)) == UserLossKind::MeanOfOutputs);  // wrong batch
    CHECK(userModelLoss(output, std::nullopt).item<double>() == Approx(output.toTensor().mean().item<double>()));

    c10::Dict<std::string, torch::Tensor> heads;
    heads.insert("boxes", torch::full({2, 4}, 1.0));
    heads.insert("scores", torch::full({2, 2}, 4.0));
    heads.insert("indices", torch::ones({2}, torch::kLong));  // not floating: left out
    CHECK(userModelLoss(heads, labels).item<double>() == Approx((8 * 1.0 + 4 * 4.0) / 12));
    CHECK_THROWS_AS(userModelLoss(c10::IValue(torch::ones({2}, torch::kLong)), std::nullopt), ModelFileError);
}

TEST_CASE("loadUserModel without a GPU: the support stays undecided, bad files are usage errors", "[engine][torchscript]") {
    graphlens::bench::UserModelRequest request;
    request.path = path("classifier.pt");
    request.dtype = torch::kHalf;  // the CPU path runs fp32 whatever was asked
    if (torch::cuda::is_available()) GRAPHLENS_SKIP("a CUDA device is here; the GPU suite checks the decision");
    const auto loaded = graphlens::bench::loadUserModel(request);
    CHECK(loaded.family.inference.kind == GraphSupportKind::None);
    CHECK(loaded.family.inference.reason == "undecided: the parity check on load needs a CUDA device");
    CHECK_FALSE(loaded.parity.has_value());

    request.path = path("state_dict.pt");
    CHECK_THROWS_AS(graphlens::bench::loadUserModel(request), graphlens::bench::UsageError);
}

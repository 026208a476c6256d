#include "train/Checkpoint.h"

#include "results/AtomicFile.h"
#include "results/ErrorText.h"
#include "results/ResultsError.h"

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>
#include <torch/utils.h>

#include <algorithm>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

namespace graphlens::train {
namespace fs = std::filesystem;

namespace {

// Layout (format 1): flat IValues for the marker and the info, and one nested archive per tensor
// group holding tensors under "0".."n-1". Tensors are keyed by index, never by name, because a jit
// attribute name cannot hold the dots of "0.running_mean"; the names travel as a string list.
constexpr const char* kMarkerKey = "graphlens_checkpoint";
constexpr const char* kMarker = "GraphLens training checkpoint";
constexpr const char* kFormatKey = "graphlens_checkpoint_format";
constexpr std::int64_t kFormat = 1;

struct NamedTensors {
    std::vector<std::string> names;
    std::vector<torch::Tensor> tensors;
};

// Undefined tensors (an optional buffer left unset) are skipped on both sides, so they match.
template <typename Items>
NamedTensors namedTensors(const Items& items) {
    NamedTensors out;
    for (const auto& item : items) {
        if (item.value().defined()) {
            out.names.push_back(item.key());
            out.tensors.push_back(item.value());
        }
    }
    return out;
}

// State tensors have no names; "#i" keeps messages readable.
NamedTensors unnamed(std::vector<torch::Tensor> tensors) {
    NamedTensors out;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        out.names.push_back("#" + std::to_string(i));
    }
    out.tensors = std::move(tensors);
    return out;
}

void writeGroup(torch::serialize::OutputArchive& archive, const std::string& key, const NamedTensors& group) {
    torch::serialize::OutputArchive nested(archive.compilation_unit());
    c10::List<std::string> names;
    for (const auto& name : group.names) {
        names.push_back(name);
    }
    nested.write("names", c10::IValue(names));
    for (std::size_t i = 0; i < group.tensors.size(); ++i) {
        // Detached, so the archive holds values, not autograd history or requires_grad.
        nested.write(std::to_string(i), group.tensors[i].detach(), /*is_buffer=*/true);
    }
    archive.write(key, nested);
}

// libtorch's reader explains at length (miniz, "your checkpoint file is corrupted..."): keep its
// first sentence.
std::string readerCause(const std::exception& error) {
    const std::string cause = results::errorCause(error.what());
    const auto end = cause.find(". ");
    return end == std::string::npos ? cause : cause.substr(0, end);
}

std::string shapeText(const torch::Tensor& tensor) {
    std::ostringstream text;
    text << tensor.sizes();
    return text.str();
}

// Reads one archive, with every failure a CheckpointError naming the file.
class CheckpointReader {
public:
    explicit CheckpointReader(const fs::path& path) : path_(path) {
        std::error_code ec;
        if (!fs::exists(path, ec)) {
            fail("no such file");
        }
        if (!fs::is_regular_file(path, ec)) {
            fail("is not a file");
        }
        try {
            // Everything lands on the CPU first: the file may come from a CUDA run on a CPU-only
            // machine, and the values are copied onto the objects' devices afterwards.
            archive_.load_from(path.string(), torch::Device(torch::kCPU));
        } catch (const std::exception& error) {
            fail("is not a GraphLens checkpoint (not a readable torch archive, or truncated: " +
                 readerCause(error) + ")");
        }
        c10::IValue marker;
        if (!archive_.try_read(kMarkerKey, marker) || !marker.isString() || marker.toStringRef() != kMarker) {
            fail("is not a GraphLens checkpoint (a torch archive without the GraphLens marker)");
        }
        const std::int64_t format = readInt(kFormatKey);
        if (format != kFormat) {
            fail("has checkpoint format " + std::to_string(format) + ", this GraphLens reads format " +
                 std::to_string(kFormat));
        }
    }

    [[noreturn]] void fail(const std::string& what) const {
        throw CheckpointError(path_.string() + ": " + what);
    }

    CheckpointInfo info() {
        CheckpointInfo info;
        info.family = readString("family");
        info.optimizer = readString("optimizer");
        info.precision = readString("precision");
        info.epoch = static_cast<int>(readInt("epoch"));
        info.optimizerSteps = readInt("optimizer_steps");
        info.seed = static_cast<std::uint64_t>(readInt("seed"));  // stored as the int64 bit pattern
        c10::IValue planned;  // absent in checkpoints of earlier versions
        if (archive_.try_read("planned_epochs", planned) && planned.isInt()) info.plannedEpochs = static_cast<int>(planned.toInt());
        return info;
    }

    std::size_t groupSize(const std::string& key) {
        torch::serialize::InputArchive nested;
        c10::IValue names;
        if (!archive_.try_read(key, nested) || !nested.try_read("names", names) || !names.isList()) {
            return 0;  // group() reports the damage
        }
        return names.toListRef().size();
    }

    // The group's tensors in file order, checked against `expected` (names and shapes) and
    // converted to each expected tensor's device and dtype. `what` names the group in messages.
    std::vector<torch::Tensor> group(const std::string& key, const NamedTensors& expected,
                                     const std::string& what, bool named) {
        torch::serialize::InputArchive nested;
        c10::IValue namesValue;
        if (!archive_.try_read(key, nested) || !nested.try_read("names", namesValue) ||
            !namesValue.isList()) {
            fail("is damaged: the " + what + " section is missing");
        }
        std::vector<std::string> names;
        for (const auto& name : namesValue.toListRef()) {
            names.push_back(name.isString() ? name.toStringRef() : std::string("?"));
        }
        if (!named && names.size() != expected.names.size()) {
            fail("holds " + std::to_string(names.size()) + " " + what + "s, the one here has " +
                 std::to_string(expected.names.size()) + " (other parameters or options?)");
        }
        for (const auto& name : expected.names) {
            if (std::find(names.begin(), names.end(), name) == names.end()) {
                fail("has no " + what + " '" + name + "' (written for another model or optimizer?)");
            }
        }
        for (const auto& name : names) {
            if (std::find(expected.names.begin(), expected.names.end(), name) == expected.names.end()) {
                fail("has a " + what + " '" + name + "' that the model/optimizer here does not have");
            }
        }
        if (names != expected.names) {
            fail("holds the " + what + "s in a different order than the model/optimizer here");
        }
        std::vector<torch::Tensor> loaded;
        for (std::size_t i = 0; i < names.size(); ++i) {
            torch::Tensor tensor;
            if (!nested.try_read(std::to_string(i), tensor, /*is_buffer=*/true) || !tensor.defined()) {
                fail("is damaged: " + what + " '" + names[i] + "' has no tensor");
            }
            const torch::Tensor& target = expected.tensors[i];
            if (tensor.sizes() != target.sizes()) {
                fail(what + " '" + names[i] + "' has shape " + shapeText(tensor) + ", expected " +
                     shapeText(target));
            }
            loaded.push_back(tensor.to(target.device(), target.scalar_type()));
        }
        return loaded;
    }

private:
    std::string readString(const std::string& key) {
        c10::IValue value;
        if (!archive_.try_read(key, value) || !value.isString()) {
            fail("is damaged: '" + key + "' is missing");
        }
        return value.toStringRef();
    }

    std::int64_t readInt(const std::string& key) {
        c10::IValue value;
        if (!archive_.try_read(key, value) || !value.isInt()) {
            fail("is damaged: '" + key + "' is missing");
        }
        return value.toInt();
    }

    fs::path path_;
    torch::serialize::InputArchive archive_;
};

void copyInto(const std::vector<torch::Tensor>& targets, const std::vector<torch::Tensor>& values) {
    for (std::size_t i = 0; i < targets.size(); ++i) {
        // copy_ keeps each tensor's storage: a captured graph and the optimizer hold these tensors.
        auto target = targets[i];
        target.copy_(values[i]);
    }
}

}  // namespace

void saveCheckpoint(const fs::path& path, const CheckpointInfo& info, const torch::nn::Module& model,
                    const CapturableOptimizer& optimizer, const GradientScaler& scaler) {
    std::string bytes;
    try {
        torch::serialize::OutputArchive archive;
        archive.write(kMarkerKey, c10::IValue(std::string(kMarker)));
        archive.write(kFormatKey, c10::IValue(kFormat));
        archive.write("family", c10::IValue(info.family));
        archive.write("optimizer", c10::IValue(info.optimizer));
        archive.write("precision", c10::IValue(info.precision));
        archive.write("epoch", c10::IValue(static_cast<std::int64_t>(info.epoch)));
        archive.write("optimizer_steps", c10::IValue(info.optimizerSteps));
        archive.write("seed", c10::IValue(static_cast<std::int64_t>(info.seed)));
        archive.write("planned_epochs", c10::IValue(static_cast<std::int64_t>(info.plannedEpochs)));
        writeGroup(archive, "model_parameters", namedTensors(model.named_parameters(/*recurse=*/true)));
        writeGroup(archive, "model_buffers", namedTensors(model.named_buffers(/*recurse=*/true)));
        writeGroup(archive, "optimizer_state", unnamed(optimizer.stateTensors()));
        writeGroup(archive, "scaler_state", unnamed(scaler.stateTensors()));
        std::ostringstream stream;
        archive.save_to(stream);
        bytes = std::move(stream).str();
    } catch (const std::exception& error) {
        throw CheckpointError(path.string() + ": cannot serialise the checkpoint (" +
                              results::errorCause(error.what()) + ")");
    }
    try {
        results::writeFileAtomically(path, bytes);  // temporary beside the target, then rename
    } catch (const results::ResultsError& error) {
        throw CheckpointError(error.what());  // already names the path
    }
}

CheckpointInfo readCheckpointInfo(const fs::path& path) {
    CheckpointReader reader(path);
    return reader.info();
}

CheckpointInfo loadCheckpoint(const fs::path& path, const CheckpointInfo& expected, torch::nn::Module& model,
                              CapturableOptimizer& optimizer, GradientScaler& scaler) {
    CheckpointReader reader(path);
    const CheckpointInfo info = reader.info();
    if (info.family != expected.family) {
        reader.fail("was written for family '" + info.family + "', not '" + expected.family + "'");
    }
    if (info.optimizer != optimizer.name() ||
        (!expected.optimizer.empty() && info.optimizer != expected.optimizer)) {
        reader.fail("was written for optimizer '" + info.optimizer + "', not '" + optimizer.name() + "'");
    }
    // Everything is read and checked into temporaries before the first copy, so a failure leaves
    // model, optimizer and scaler as they were.
    const NamedTensors parameters = namedTensors(model.named_parameters(/*recurse=*/true));
    const NamedTensors buffers = namedTensors(model.named_buffers(/*recurse=*/true));
    const NamedTensors scalerState = unnamed(scaler.stateTensors());
    const auto loadedParameters = reader.group("model_parameters", parameters, "parameter", /*named=*/true);
    const auto loadedBuffers = reader.group("model_buffers", buffers, "buffer", /*named=*/true);
    const auto loadedScaler =
        reader.group("scaler_state", scalerState, "scaler state tensor", /*named=*/false);
    // initialiseState() tells the optimizer its state is about to be filled (SGD then stops treating
    // its next step as the first). It runs before the optimizer check only when the optimizer lacks
    // state tensors the file has (a lazily created state), where it leaves an optimizer equivalent
    // to a fresh one; otherwise only after every check has passed.
    bool initialised = false;
    if (optimizer.stateTensors().size() != reader.groupSize("optimizer_state")) {
        optimizer.initialiseState();
        initialised = true;
    }
    const auto loadedOptimizer = reader.group("optimizer_state", unnamed(optimizer.stateTensors()),
                                              "optimizer state tensor", /*named=*/false);
    if (!initialised) {
        optimizer.initialiseState();
    }
    const auto optimizerState = optimizer.stateTensors();
    for (std::size_t i = 0; i < optimizerState.size(); ++i) {
        if (i >= loadedOptimizer.size() || optimizerState[i].sizes() != loadedOptimizer[i].sizes()) {
            throw std::logic_error(optimizer.name() +
                                   ": initialiseState() changed the state tensors' shapes");
        }
    }

    torch::NoGradGuard noGrad;
    copyInto(parameters.tensors, loadedParameters);
    copyInto(buffers.tensors, loadedBuffers);
    copyInto(optimizerState, loadedOptimizer);
    copyInto(scalerState.tensors, loadedScaler);
    return info;
}

}  // namespace graphlens::train

#include "families/TorchScriptArchive.h"

#include "families/AotiPackage.h"
#include "families/ModelFileError.h"
#include "families/TorchScriptLoadFailure.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/script.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <unordered_set>

namespace graphlens::families {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHowToExport =
    "export with torch.jit.trace(model.eval(), example) or torch.jit.script(model), then torch.jit.save";

bool startsWith(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// Record names come relative to the archive's top folder (the reader strips it), so a prefix test is
// exact: "code/__torch__/torchvision/models/regnet.py" is TorchScript code, not a .pt2 "models/" entry.
bool hasRecordUnder(const std::vector<std::string>& records, const std::string& prefix) {
    for (const auto& record : records) {
        if (startsWith(record, prefix)) return true;
    }
    return false;
}

struct ArchiveInspection {
    ArchiveKind kind = ArchiveKind::NotAnArchive;
    std::string readFailure;          // DamagedArchive: what PyTorch's zip reader said
    std::uint64_t tensorDataBytes = 0;  // TorchScript: the sizes of its data/ records, added up
};

ArchiveInspection kindOfZipRecords(const std::string& path) {
    std::vector<std::string> records;
    std::uint64_t tensorDataBytes = 0;
    try {
        caffe2::serialize::PyTorchStreamReader reader(path);
        records = reader.getAllRecords();
        for (const auto& name : records) {
            if (startsWith(name, "data/")) tensorDataBytes += reader.getRecordSize(name);
        }
    } catch (const c10::Error& error) {
        // A zip, but one PyTorch cannot read: truncated, damaged, or written by a newer PyTorch.
        return {ArchiveKind::DamagedArchive, error.what_without_backtrace()};
    }
    // aoti_compile_and_package writes the compiled model under data/aotinductor/ (beside archive_format).
    if (isAotiPackageRecords(records)) return {ArchiveKind::AotInductorPackage, ""};
    // torch.export.save writes archive_format and models/ (or serialized_exported_program.json).
    if (hasRecordUnder(records, "archive_format") || hasRecordUnder(records, "models/") ||
        hasRecordUnder(records, "serialized_exported_program")) {
        return {ArchiveKind::ExportedProgram, ""};
    }
    // Only torch.jit.save writes code/; an archive that has it and lacks constants.pkl or data.pkl is
    // TorchScript with a record missing, which the loader names.
    if (hasRecordUnder(records, "code/")) return {ArchiveKind::TorchScript, "", tensorDataBytes};
    if (hasRecordUnder(records, "data.pkl")) return {ArchiveKind::TorchSavePickle, ""};
    return {ArchiveKind::NotAnArchive, ""};
}

ArchiveInspection inspectArchiveFile(const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw ModelFileError(path + ": no such file");
    if (fs::is_directory(path, ec)) throw ModelFileError(path + ": is a folder, not a TorchScript file");
    std::ifstream in(path, std::ios::binary);
    std::array<char, 4> magic{};
    if (!in || !in.read(magic.data(), magic.size())) {
        if (in.gcount() == 0 && fs::file_size(path, ec) == 0) throw ModelFileError(path + ": the file is empty");
        if (!in.eof()) throw ModelFileError(path + ": cannot be read");
        return {ArchiveKind::NotAnArchive, ""};
    }
    const bool zip = magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
    if (!zip) {
        // A pickle starts with the PROTO opcode 0x80; torch.save(..., _use_new_zipfile_serialization=False)
        // writes a magic number pickle first.
        const bool pickle = static_cast<unsigned char>(magic[0]) == 0x80;
        return {pickle ? ArchiveKind::LegacyPickle : ArchiveKind::NotAnArchive, ""};
    }
    return kindOfZipRecords(path);
}

// torch::jit::load takes a tensor record shorter than its tensor without a word, and the tensor then
// holds whatever memory follows the record (weights that run and give NaN or noise). So compare what
// the archive holds under data/ (`recorded`, from the inspection) with what the module's tensors need;
// a record no attribute uses (a tensor in a list) only makes the check looser, never a false refusal.
void requireWholeTensorData(const std::string& path, const torch::jit::Module& module, std::uint64_t recorded) {
    std::unordered_set<const void*> storages;
    std::uint64_t needed = 0;
    for (const auto& attribute : module.named_attributes(/*recurse=*/true)) {
        if (!attribute.value.isTensor()) continue;
        const auto& tensor = attribute.value.toTensor();
        if (!tensor.defined() || !tensor.has_storage()) continue;
        if (storages.insert(tensor.storage().unsafeGetStorageImpl()).second) needed += tensor.storage().nbytes();
    }
    if (recorded >= needed) return;
    throw ModelFileError(path + ": not a loadable TorchScript model: its tensor data is cut short (the archive holds " +
                         std::to_string(recorded) + " bytes of it, the model's tensors need " + std::to_string(needed) +
                         "); the file was damaged after it was saved: save or download it again");
}

}  // namespace

ArchiveKind inspectArchive(const std::string& path) { return inspectArchiveFile(path).kind; }

torch::jit::Module loadTorchScriptArchive(const std::string& path) {
    const auto inspection = inspectArchiveFile(path);
    switch (inspection.kind) {
        case ArchiveKind::TorchScript: break;
        case ArchiveKind::TorchSavePickle:
            throw ModelFileError(path + ": a torch.save() pickle (a state_dict or a pickled nn.Module), not "
                                 "TorchScript: its code lives in Python and libtorch cannot run it; " + kHowToExport);
        case ArchiveKind::ExportedProgram:
            throw ModelFileError(path + ": a torch.export program (.pt2) that is not compiled: compile it with "
                                 "torch._inductor.aoti_compile_and_package(torch.export.load(path)) into an "
                                 "AOTInductor package, or " + kHowToExport);
        case ArchiveKind::AotInductorPackage:
            throw ModelFileError(path + ": an AOTInductor package, not TorchScript (--model loads it as one)");
        case ArchiveKind::LegacyPickle:
            throw ModelFileError(path + ": a legacy torch.save() pickle, not TorchScript; " + kHowToExport);
        case ArchiveKind::DamagedArchive:
            throw ModelFileError(notLoadableMessage(path, inspection.readFailure));
        case ArchiveKind::NotAnArchive:
            throw ModelFileError(path + ": not a TorchScript file (not a PyTorch zip archive); " + kHowToExport);
    }
    torch::jit::Module module;
    try {
        module = torch::jit::load(path, torch::kCPU);
    } catch (const c10::Error& error) {
        throw ModelFileError(notLoadableMessage(path, error.what_without_backtrace()));
    } catch (const std::exception& error) {
        // The TorchScript compiler's ErrorReport (code that no longer parses or names an unknown
        // operator) is a std::exception, not a c10::Error.
        throw ModelFileError(notLoadableMessage(path, error.what()));
    }
    requireWholeTensorData(path, module, inspection.tensorDataBytes);
    module.eval();
    return module;
}

}  // namespace graphlens::families

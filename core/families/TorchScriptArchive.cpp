#include "families/TorchScriptArchive.h"

#include "families/ModelFileError.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/script.h>

#include <array>
#include <filesystem>
#include <fstream>

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

}  // namespace

ArchiveKind inspectArchive(const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw ModelFileError(path + ": no such file");
    if (fs::is_directory(path, ec)) throw ModelFileError(path + ": is a folder, not a TorchScript file");
    std::ifstream in(path, std::ios::binary);
    std::array<char, 4> magic{};
    if (!in || !in.read(magic.data(), magic.size())) {
        if (in.gcount() == 0 && fs::file_size(path, ec) == 0) throw ModelFileError(path + ": the file is empty");
        if (!in.eof()) throw ModelFileError(path + ": cannot be read");
        return ArchiveKind::NotAnArchive;
    }
    const bool zip = magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
    if (!zip) {
        // A pickle starts with the PROTO opcode 0x80; torch.save(..., _use_new_zipfile_serialization=False)
        // writes a magic number pickle first.
        return static_cast<unsigned char>(magic[0]) == 0x80 ? ArchiveKind::LegacyPickle : ArchiveKind::NotAnArchive;
    }
    std::vector<std::string> records;
    try {
        caffe2::serialize::PyTorchStreamReader reader(path);
        records = reader.getAllRecords();
    } catch (const c10::Error&) {
        return ArchiveKind::NotAnArchive;  // a zip, but not one PyTorch wrote
    }
    // torch.export.save writes archive_format and models/ (or serialized_exported_program.json).
    if (hasRecordUnder(records, "archive_format") || hasRecordUnder(records, "models/") ||
        hasRecordUnder(records, "serialized_exported_program")) {
        return ArchiveKind::ExportedProgram;
    }
    if (hasRecordUnder(records, "code/") && hasRecordUnder(records, "constants.pkl")) return ArchiveKind::TorchScript;
    if (hasRecordUnder(records, "data.pkl")) return ArchiveKind::TorchSavePickle;
    return ArchiveKind::NotAnArchive;
}

torch::jit::Module loadTorchScriptArchive(const std::string& path) {
    switch (inspectArchive(path)) {
        case ArchiveKind::TorchScript: break;
        case ArchiveKind::TorchSavePickle:
            throw ModelFileError(path + ": a torch.save() pickle (a state_dict or a pickled nn.Module), not "
                                 "TorchScript: its code lives in Python and libtorch cannot run it; " + kHowToExport);
        case ArchiveKind::ExportedProgram:
            throw ModelFileError(path + ": a torch.export package (.pt2), which libtorch's TorchScript loader "
                                 "cannot run; " + kHowToExport);
        case ArchiveKind::LegacyPickle:
            throw ModelFileError(path + ": a legacy torch.save() pickle, not TorchScript; " + kHowToExport);
        case ArchiveKind::NotAnArchive:
            throw ModelFileError(path + ": not a TorchScript file (not a PyTorch zip archive); " + kHowToExport);
    }
    try {
        auto module = torch::jit::load(path, torch::kCPU);
        module.eval();
        return module;
    } catch (const c10::Error& error) {
        const std::string what = error.what_without_backtrace();
        throw ModelFileError(path + ": TorchScript archive could not be loaded: " + what.substr(0, what.find('\n')));
    }
}

}  // namespace graphlens::families

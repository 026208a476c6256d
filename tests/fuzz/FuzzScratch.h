#pragma once
// What the fuzzers share: one private scratch folder per fuzzer process (removed at exit) and writing
// an input into it, for the readers that take a path. A reader may throw any std::exception (every
// caller in the product shows what() as a message); the fuzzers catch those and nothing else, so a
// crash, a sanitizer report, an abort or another kind of throw is a finding.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace graphlens::fuzz {

inline const std::filesystem::path& scratchFolder() {
    static const std::filesystem::path folder = [] {
        namespace fs = std::filesystem;
        const char* base = std::getenv("GRAPHLENS_FUZZ_SCRATCH");
        const fs::path root = base != nullptr && *base != '\0' ? fs::path(base) : fs::temp_directory_path();
        fs::path made = root / ("graphlens-fuzz-" + std::to_string(::getpid()));
        fs::remove_all(made);
        fs::create_directories(made);
        std::atexit([] { std::error_code ignored; fs::remove_all(scratchFolder(), ignored); });
        return made;
    }();
    return folder;
}

inline void writeBytes(const std::filesystem::path& path, const std::uint8_t* data, std::size_t size) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

inline std::filesystem::path writeInput(const std::string& name, const std::uint8_t* data, std::size_t size) {
    const auto path = scratchFolder() / name;
    writeBytes(path, data, size);
    return path;
}

}  // namespace graphlens::fuzz

#pragma once
// libpng's C error path made safe for C++. libpng reports errors by longjmp to the setjmp of the
// function that called it, which skips every C++ destructor in between. So everything the libpng
// callbacks and a setjmp'd reader or writer touch lives here, outside the frame longjmp unwinds, and
// those functions hold only PODs and references. Errors land in `error`, warnings in `warnings`
// (never on stderr), and the destructor frees the libpng structs on every path.
#include "data/PngBoxAverager.h"

#include <png.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace graphlens::data {

class PngContext {
public:
    PngContext() = default;
    ~PngContext();
    PngContext(const PngContext&) = delete;
    PngContext& operator=(const PngContext&) = delete;

    // Read structs over data, our own pixel limit instead of libpng's. Throws ImageCodecError.
    void startReading(std::span<const std::uint8_t> data);
    // Write structs appending to output. Throws ImageCodecError.
    void startWriting(std::vector<std::uint8_t>& output);

    png_structp png = nullptr;
    png_infop info = nullptr;
    std::string error;                     // libpng's message after a longjmp
    std::vector<std::string> warnings;     // libpng warnings, at most 16
    std::vector<png_bytep> rowPointers;    // whole-image reads (interlaced images, label maps)
    PngBoxAverager boxes;                  // reduced reads

    // The I/O callbacks' state.
    std::span<const std::uint8_t> data;
    std::size_t position = 0;
    std::vector<std::uint8_t>* output = nullptr;

private:
    bool writing_ = false;
};

}  // namespace graphlens::data

#include "data/PngContext.h"

#include "data/ImageCodec.h"

#include <cstring>

namespace graphlens::data {
namespace {

// The libpng callbacks: C functions that must not let a C++ exception through.
void pngError(png_structp png, png_const_charp message) {
    auto* context = static_cast<PngContext*>(png_get_error_ptr(png));
    try {
        context->error = message ? message : "unknown error";
    } catch (...) {
    }
    png_longjmp(png, 1);
}

void pngWarning(png_structp png, png_const_charp message) {
    auto* context = static_cast<PngContext*>(png_get_error_ptr(png));
    try {
        if (context->warnings.size() < 16) context->warnings.push_back(std::string("libpng warning: ") + (message ? message : ""));
    } catch (...) {
    }
}

void pngRead(png_structp png, png_bytep out, png_size_t length) {
    auto* context = static_cast<PngContext*>(png_get_io_ptr(png));
    if (length > context->data.size() - context->position) {
        png_error(png, "truncated PNG data (the file ends before the image does)");
    }
    std::memcpy(out, context->data.data() + context->position, length);
    context->position += length;
}

void pngWrite(png_structp png, png_bytep in, png_size_t length) {
    auto* context = static_cast<PngContext*>(png_get_io_ptr(png));
    try {
        context->output->insert(context->output->end(), in, in + length);
    } catch (...) {
        png_error(png, "out of memory while writing PNG data");
    }
}

void pngFlush(png_structp) {}

}  // namespace

PngContext::~PngContext() {
    if (writing_) png_destroy_write_struct(&png, info ? &info : nullptr);
    else if (png) png_destroy_read_struct(&png, info ? &info : nullptr, nullptr);
}

void PngContext::startReading(std::span<const std::uint8_t> bytes) {
    data = bytes;
    png = png_create_read_struct(PNG_LIBPNG_VER_STRING, this, pngError, pngWarning);
    if (!png) throw ImageCodecError("libpng could not start");
    info = png_create_info_struct(png);
    if (!info) throw ImageCodecError("libpng could not start");
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);  // our own pixel limit applies instead
    png_set_read_fn(png, this, pngRead);
}

void PngContext::startWriting(std::vector<std::uint8_t>& bytes) {
    writing_ = true;
    output = &bytes;
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, this, pngError, pngWarning);
    if (!png) throw ImageCodecError("libpng could not start");
    info = png_create_info_struct(png);
    if (!info) throw ImageCodecError("libpng could not start");
    png_set_write_fn(png, this, pngWrite, pngFlush);
}

}  // namespace graphlens::data

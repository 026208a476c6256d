#pragma once
// One TurboJPEG compressor or decompressor (tjInitCompress/tjInitDecompress), destroyed with its scope,
// whose error() carries libjpeg's own text into ImageCodecError messages.
#include "data/ImageCodec.h"

#include <turbojpeg.h>

#include <string>

namespace graphlens::data {

class TurboJpegHandle {
public:
    // Takes what tjInit*() returned; throws ImageCodecError when that is null.
    explicit TurboJpegHandle(tjhandle handle) : handle_(handle) {
        if (!handle_) throw ImageCodecError(std::string("TurboJPEG could not start: ") + tjGetErrorStr2(nullptr));
    }
    ~TurboJpegHandle() { tjDestroy(handle_); }
    TurboJpegHandle(const TurboJpegHandle&) = delete;
    TurboJpegHandle& operator=(const TurboJpegHandle&) = delete;

    tjhandle get() const { return handle_; }
    std::string error() const { return std::string("libjpeg: ") + tjGetErrorStr2(handle_); }

private:
    tjhandle handle_;
};

}  // namespace graphlens::data

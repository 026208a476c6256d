#pragma once
// Splits a byte stream arriving in arbitrary chunks into lines: the part shared by both
// runChildProcess implementations, so the split is tested once on any machine.
#include "platform/ChildProcess.h"

#include <string>
#include <string_view>

namespace graphlens::platform {

class OutputLines {
public:
    explicit OutputLines(const OutputLineHandler& onLine) : onLine_(onLine) {}

    void append(std::string_view chunk);  // hands every completed line to onLine
    void finish();                        // the last line, when the stream did not end with a newline

private:
    const OutputLineHandler& onLine_;
    std::string pending_;
};

}  // namespace graphlens::platform

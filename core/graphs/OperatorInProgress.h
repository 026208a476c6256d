#pragma once
// Which ATen operators, and which TorchScript module, each thread is running (capture forensics).
// While an OperatorTracking lives, a global RecordFunction callback keeps a per-thread stack of the
// operators in progress; operatorContext() read on a thread (inside a CUDA call that just failed, from
// the FailedCallLog hook) says "aten::item > aten::_local_scalar_dense" and, for a TorchScript model,
// the module path the interpreter is in ("head.nms", from its module hierarchy). Costly (every op
// calls back), so only around a diagnosing capture attempt.
#include <string>
#include <vector>

namespace graphlens::graphs {

struct OperatorContext {
    std::string operators;  // outermost first, " > " between; at most the outermost and two innermost
    std::string module;     // dotted instance path below the top module; "" at the top or unknown
    std::string moduleType; // the class of the innermost module ("Head"), when known
};

class OperatorTracking {
public:
    OperatorTracking();
    ~OperatorTracking();
    OperatorTracking(const OperatorTracking&) = delete;
    OperatorTracking& operator=(const OperatorTracking&) = delete;

private:
    unsigned long long handle_ = 0;
};

// This thread's context now, encoded in one line (encodeContext) so a torch-free log can hold it.
std::string currentOperatorContext();
// This thread's context where its latest exception left the innermost operator (encoded), while an
// OperatorTracking lives: what was running when libtorch itself refused a capture.
std::string operatorContextAtLastException();
std::string encodeContext(const OperatorContext& context);
OperatorContext decodeContext(const std::string& encoded);

// "TOP(Net)::forward", "model(Sequential)::forward", "22(Detect)::forward" -> "model.22", type "Detect".
OperatorContext moduleFromHierarchy(const std::vector<std::string>& hierarchy);

}  // namespace graphlens::graphs

#include "graphs/OperatorInProgress.h"

#include <ATen/record_function.h>
#include <torch/csrc/jit/runtime/interpreter.h>

#include <exception>
#include <vector>

namespace graphlens::graphs {
namespace {

thread_local std::vector<std::string> operatorsInProgress;
// The context where this thread's latest exception left its innermost operator: libtorch refuses some
// captures itself (a copy from pageable memory) before any CUDA call fails, and by the time the
// exception is caught the operators have ended.
thread_local std::string contextAtException;
thread_local bool unwinding = false;

bool isOperator(const at::RecordFunction& fn) {
    return fn.scope() == at::RecordScope::FUNCTION || fn.scope() == at::RecordScope::BACKWARD_FUNCTION;
}

std::unique_ptr<at::ObserverContext> onOperatorStart(const at::RecordFunction& fn) {
    if (isOperator(fn)) operatorsInProgress.emplace_back(fn.name());
    return nullptr;
}

void onOperatorEnd(const at::RecordFunction& fn, at::ObserverContext*) {
    if (!isOperator(fn)) return;
    const bool exceptionInFlight = std::uncaught_exceptions() > 0;
    if (exceptionInFlight && !unwinding) contextAtException = currentOperatorContext();  // innermost first
    unwinding = exceptionInFlight;
    if (!operatorsInProgress.empty()) operatorsInProgress.pop_back();
}

constexpr char kSeparator = '\x1f';  // between the fields of an encoded context (unit separator)

}  // namespace

OperatorTracking::OperatorTracking() {
    operatorsInProgress.clear();
    contextAtException.clear();
    unwinding = false;
    handle_ = at::addGlobalCallback(at::RecordFunctionCallback(onOperatorStart, onOperatorEnd)
                                        .needsInputs(false)
                                        .scopes({at::RecordScope::FUNCTION, at::RecordScope::BACKWARD_FUNCTION}));
}

OperatorTracking::~OperatorTracking() { at::removeCallback(handle_); }

OperatorContext moduleFromHierarchy(const std::vector<std::string>& hierarchy) {
    OperatorContext context;
    for (std::size_t i = 0; i < hierarchy.size(); ++i) {
        const auto& frame = hierarchy[i];
        const auto open = frame.find('(');
        const auto close = frame.find(')', open == std::string::npos ? 0 : open);
        if (open == std::string::npos || close == std::string::npos) continue;
        const auto instance = frame.substr(0, open);
        context.moduleType = frame.substr(open + 1, close - open - 1);
        if (i == 0 && instance == "TOP") continue;
        if (!context.module.empty()) context.module += '.';
        context.module += instance;
    }
    return context;
}

std::string currentOperatorContext() {
    OperatorContext context;
    try {
        context = moduleFromHierarchy(torch::jit::currentModuleHierarchy());
    } catch (...) {  // no interpreter frame on this thread: a C++ module or a loader
    }
    const auto& ops = operatorsInProgress;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (i > 0 && i + 2 < ops.size()) {
            if (i == 1) context.operators += " > ...";
            continue;
        }
        if (!context.operators.empty()) context.operators += " > ";
        context.operators += ops[i];
    }
    return encodeContext(context);
}

std::string operatorContextAtLastException() { return contextAtException; }

std::string encodeContext(const OperatorContext& context) {
    return context.operators + kSeparator + context.module + kSeparator + context.moduleType;
}

OperatorContext decodeContext(const std::string& encoded) {
    OperatorContext context;
    const auto first = encoded.find(kSeparator);
    if (first == std::string::npos) {
        context.operators = encoded;
        return context;
    }
    const auto second = encoded.find(kSeparator, first + 1);
    context.operators = encoded.substr(0, first);
    context.module = encoded.substr(first + 1, second == std::string::npos ? std::string::npos : second - first - 1);
    if (second != std::string::npos) context.moduleType = encoded.substr(second + 1);
    return context;
}

}  // namespace graphlens::graphs

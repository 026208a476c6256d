#include "graphs/CaptureDiagnosis.h"

#include <array>
#include <cstdio>
#include <string_view>

namespace graphlens::graphs {
namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

template <std::size_t N>
bool containsAny(const std::string& text, const std::array<std::string_view, N>& parts) {
    for (const auto part : parts) {
        if (contains(text, part)) return true;
    }
    return false;
}

std::string where(const CaptureDiagnosis& d) {
    if (!d.module.empty()) return d.module;
    if (!d.moduleType.empty()) return "the top module's forward (" + d.moduleType + ")";
    return "";
}

std::string splitHint(const CaptureDiagnosis& d) {
    const auto at = where(d);
    return at.empty() ? "" : ", or split the model before " + at + " (verify --find-seam finds the split)";
}

}  // namespace

const char* toString(RefusalKind kind) {
    switch (kind) {
        case RefusalKind::None: return "";
        case RefusalKind::CaptureFailed: return "capture-failed";
        case RefusalKind::Mismatch: return "mismatch";
        case RefusalKind::RandomDraws: return "random-draws";
        case RefusalKind::StateAcrossCalls: return "state-across-calls";
    }
    return "";
}

std::string CaptureDiagnosis::innermostOperator() const {
    const auto last = operators.rfind(" > ");
    return last == std::string::npos ? operators : operators.substr(last + 3);
}

std::string CaptureDiagnosis::callText() const {
    if (call.empty()) return "";
    std::string text = call + " returned " + (errorName.empty() ? "error " + std::to_string(returnCode) : errorName);
    if (!errorText.empty()) text += " (" + errorText + ")";
    if (!threadNote.empty()) text += " " + threadNote;
    return text;
}

std::string CaptureDiagnosis::summary() const {
    const auto at = where(*this);
    switch (kind) {
        case RefusalKind::None: return "";
        case RefusalKind::CaptureFailed: {
            std::string text = "capture failed";
            // The outermost operator is what the model's code called (aten::item, aten::nonzero); the
            // innermost is libtorch's own helper inside it.
            const auto outer = operators.substr(0, operators.find(" > "));
            if (!outer.empty()) text += " at " + outer;
            if (!at.empty()) text += " in " + at;
            if (!call.empty()) {
                text += " (" + call + " refused during capture" + (onCapturingThread ? "" : ", " + threadNote) + ")";
            } else if (!exception.empty()) {
                text += " (" + exception.substr(0, exception.find('\n')) + ")";
            }
            return text;
        }
        case RefusalKind::Mismatch: {
            char diff[48];
            std::snprintf(diff, sizeof diff, "%.3g", maxAbsDiff);
            return "the replay differs from eager" + (at.empty() ? std::string() : " first at " + at) +
                   " (max abs diff " + diff + ")";
        }
        case RefusalKind::RandomDraws:
            return "replays draw new random numbers" + (at.empty() ? std::string() : " in " + at) +
                   " (eager differs from itself too): not a mismatch";
        case RefusalKind::StateAcrossCalls:
            return "the model keeps state across calls" + (at.empty() ? std::string() : " in " + at) +
                   ": a replay repeats the captured call";
    }
    return "";
}

void adviseOn(CaptureDiagnosis& d) {
    const auto& ops = d.operators;
    const auto split = splitHint(d);
    switch (d.kind) {
        case RefusalKind::None: d.advice.clear(); return;
        case RefusalKind::RandomDraws:
            d.advice = "nothing is wrong: each call draws new random numbers (dropout in training mode or torch.rand "
                       "on the device); put the model in eval mode, or compare with the generator seeded per call";
            return;
        case RefusalKind::StateAcrossCalls:
            d.advice = "keep no counters or attributes that forward updates" +
                       (where(d).empty() ? std::string() : " (in " + where(d) + ")") +
                       ": a graph replays the values of the call it captured; pass such values in as tensors";
            return;
        case RefusalKind::Mismatch:
            d.advice = "the replay reads something eager recomputes: look for a reassigned input, a value read "
                       "on the host, or an operator with its own cache" + split;
            return;
        case RefusalKind::CaptureFailed: break;
    }
    if (containsAny(ops, std::array<std::string_view, 4>{"aten::nonzero", "aten::masked_select", "aten::unique",
                                                         "aten::index"}) &&
        !contains(ops, "aten::index_select")) {
        d.advice = "the output size depends on the data (a boolean mask, nonzero, unique): run this part eagerly "
                   "after the graph" + (where(d).empty() ? std::string() : ": split before " + where(d));
    } else if (containsAny(ops, std::array<std::string_view, 4>{"aten::item", "aten::_local_scalar_dense",
                                                                "aten::is_nonzero", "aten::Bool"})) {
        d.advice = "a value is read on the host (.item(), int(), or an if on a tensor): move it out of forward, or "
                   "keep the decision on the device (torch.where)" + split;
    } else if (containsAny(ops, std::array<std::string_view, 3>{"aten::rand", "aten::randn", "aten::normal"}) ||
               (containsAny(ops, std::array<std::string_view, 3>{"aten::to", "aten::_to_copy", "aten::copy_"}) &&
                (contains(d.call, "Memcpy") || contains(d.exception, "CPU and CUDA") ||
                 contains(d.exception, "pin_memory")))) {
        d.advice = "a tensor is made on the CPU inside forward and copied to the GPU: create it on x.device (and "
                   "draw random numbers there, torch.rand(..., device=x.device), from a device generator)" + split;
    } else if (contains(ops, "aten::copy_") || contains(d.call, "Memcpy")) {
        d.advice = "forward copies between host and device: create tensors on x.device and keep results on the "
                   "device" + split;
    } else if (contains(d.call, "Synchronize") || contains(d.exception, "synchronize")) {
        d.advice = "forward waits for the GPU (torch.cuda.synchronize, an event wait): remove the wait from forward" +
                   split;
    } else if (!d.onCapturingThread) {
        d.advice = "another thread made a CUDA call that capture forbids (" + d.call +
                   "): capture in thread-local mode, or make that call before capturing";
    } else if (contains(d.exception, "out of memory")) {
        d.advice = "the device ran out of memory during capture: use a smaller batch, or free memory first";
    } else {
        d.advice = "this part cannot be captured" + (split.empty() ? std::string(": run it eagerly") : split);
    }
}

}  // namespace graphlens::graphs

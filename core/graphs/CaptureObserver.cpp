#include "graphs/CaptureObserver.h"

#include <utility>

namespace graphlens::graphs {
namespace {

CaptureObserver& observerSlot() {
    static CaptureObserver observer;
    return observer;
}

}  // namespace

void setCaptureObserver(CaptureObserver observer) { observerSlot() = std::move(observer); }

const CaptureObserver& captureObserver() { return observerSlot(); }

}  // namespace graphlens::graphs

#pragma once
// One status-bar line from the worker's hello (or a session's "environment"), e.g.
// "NVIDIA H200 · driver 580.95 · CUDA 13.0 · libtorch 2.11.0 · Ubuntu 24.04".
#include <QJsonObject>
#include <QString>

namespace graphlens::ui {

// Accepts either the hello fields ({"version", "environment": {...}}) or the environment itself.
// Known keys come first in a fixed order; without any, the first few scalar fields are shown.
QString environmentSummary(const QJsonObject& helloOrEnvironment);

// True when the environment says there is no CUDA device ("cuda_available": false, or "device": "cpu").
// An environment that says neither (an older engine, an empty object) is not taken for a CPU machine.
bool environmentLacksCuda(const QJsonObject& helloOrEnvironment);

}  // namespace graphlens::ui

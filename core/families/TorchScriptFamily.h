#pragma once
// A user's TorchScript module as a family (`--model file.pt --task T [--imgsz N]`).
//
// makeTorchScriptFamily loads the file (TorchScriptArchive) and fixes the family's identity: name
// (the file's stem), task, input size, class count (the width of a [B, C] output). Its graph support
// starts as "undecided": it is never declared, the caller decides it by running the parity check
// (core/bench/UserModelLoader). Every build() returns an independent deep copy of the loaded module,
// so runners never share weights by accident.
#include "families/Family.h"

#include <torch/types.h>

#include <string>

namespace graphlens::families {

constexpr int kUserModelDefaultImgsz = 224;

// Throws ModelFileError naming the file for a file that is not TorchScript or a task not in
// classify|detect|segment|other. An empty task is filled in by probeTorchScriptFamily().
// jit: "fuse" (the TorchScript executor and fuser, as a C++ user runs it) or "off" (op by op).
Family makeTorchScriptFamily(const std::string& path, const std::string& task, int imgsz,
                             const std::string& jit = "fuse");

// Runs one forward of a [2, 3, imgsz, imgsz] batch of `dtype` on `device` and checks what comes
// back. Throws ModelFileError naming the file when the module expects another input shape or dtype,
// when it only runs on the CPU (the forward works there and fails on the GPU), or when its output
// is not tensors (a tensor, or tuples/lists/dicts of them). Fills numClasses from a [B, C] output
// and, when no task was given, infers `classify` for a [B, C] output and `other` otherwise.
void probeTorchScriptFamily(Family& family, torch::Device device, torch::Dtype dtype);

// Why an output tree is not usable ("element 1 of the tuple is a str"), empty when it is tensors only.
std::string nonTensorOutput(const c10::IValue& output);

}  // namespace graphlens::families

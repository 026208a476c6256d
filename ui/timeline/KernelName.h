#pragma once
// Kernel names as people read them. CUPTI reports the mangled symbol
// ("_ZN2at6native29vectorized_elementwise_kernel..."); the timeline shows it demangled, and inside a
// narrow bar only the function's own name ("vectorized_elementwise_kernel").
#include <QString>

namespace graphlens::ui {

// The demangled name; names that are not mangled C++ symbols come back as they are.
QString readableKernelName(const QString& name);
// The function's name without namespaces, return type, template and call arguments; a bare
// "Kernel" keeps its first template argument (cutlass names its kernels that way).
QString shortKernelName(const QString& name);

}  // namespace graphlens::ui

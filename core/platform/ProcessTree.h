#pragma once
// Killing a process together with everything it started, on POSIX systems. Windows does this with
// a job object instead (ChildProcessWindows.cpp), so this header is used by POSIX code only.
#include <sys/types.h>

namespace graphlens::platform {

// SIGKILLs `root` and all its descendants. On Linux the tree is first frozen (SIGSTOP, repeated
// until no new process appears) so a process forking meanwhile cannot slip out, then killed; the
// caller still reaps `root` itself. Elsewhere only `root` is killed.
void killProcessTree(pid_t root);

}  // namespace graphlens::platform

# Cross-compiling for 64-bit Windows with Debian's mingw-w64 (package g++-mingw-w64-x86-64). Used by
# the portability check (tests/portability); the Windows release itself is built with MSVC
# (packaging/CHECKLIST.md). The posix-threads variant of the compiler: std::thread and friends
# (ClockSampler) need it with GCC 12.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(GRAPHLENS_MINGW_TRIPLE x86_64-w64-mingw32)

find_program(CMAKE_CXX_COMPILER NAMES ${GRAPHLENS_MINGW_TRIPLE}-g++-posix ${GRAPHLENS_MINGW_TRIPLE}-g++ REQUIRED)
find_program(CMAKE_C_COMPILER NAMES ${GRAPHLENS_MINGW_TRIPLE}-gcc-posix ${GRAPHLENS_MINGW_TRIPLE}-gcc)
find_program(CMAKE_RC_COMPILER NAMES ${GRAPHLENS_MINGW_TRIPLE}-windres)

# Libraries, headers and CMake packages only from the Windows sysroot, never the Linux ones; programs
# (ccache, code generators) from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${GRAPHLENS_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

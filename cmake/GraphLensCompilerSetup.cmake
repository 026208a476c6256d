# Warnings, ccache, sanitizer switch. Torch and Qt headers come in as SYSTEM (imported targets).
find_program(CCACHE_PROGRAM ccache)
if(CCACHE_PROGRAM AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CCACHE_PROGRAM})
  # Precompiled headers and ccache only work together with these sloppiness settings.
  set(ENV{CCACHE_SLOPPINESS} "pch_defines,time_macros,include_file_mtime,include_file_ctime")
endif()

# mold links the ~30 executables that carry libtorch in about a second each, where GNU ld takes tens of
# seconds: minutes of every cold build (scripts/bootstrap.sh installs it). GCC >= 12.1 knows the flag.
find_program(GRAPHLENS_MOLD mold)
if(GRAPHLENS_MOLD AND NOT WIN32 AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU"
   AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12.1)
  add_link_options(-fuse-ld=mold)
endif()

if(MSVC)
  # UTF-8 sources and strings as on Linux; standard conformance; __cplusplus set to the real value.
  add_compile_options(/W4 /permissive- /utf-8 /Zc:__cplusplus /EHsc)
  add_compile_definitions(NOMINMAX)  # windows.h without its min and max macros
else()
  add_compile_options(-Wall -Wextra -Werror=undef)
endif()

option(GRAPHLENS_SANITIZE "Build with AddressSanitizer and UBSan" OFF)
if(GRAPHLENS_SANITIZE)
  # No recovery: the first UBSan finding stops the program, so a test that hits one fails.
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

# Third-party packages. Everything optional is loud: a missing piece stops with a message.
find_package(nlohmann_json 3.10 REQUIRED)
find_package(Catch2 2 REQUIRED)
find_package(Threads REQUIRED)

set(GRAPHLENS_HAVE_CUDA 0)
set(GRAPHLENS_HAVE_CUPTI 0)
set(GRAPHLENS_HAVE_NVTX 0)

if(GRAPHLENS_WITH_ENGINE)
  # libtorch: the user's own (Torch_DIR / CMAKE_PREFIX_PATH) wins, else the pinned wheel in .venv.
  if(NOT Torch_DIR)
    file(GLOB _venv_torch "${CMAKE_SOURCE_DIR}/.venv/lib/python3*/site-packages/torch/share/cmake/Torch")
    if(_venv_torch)
      list(GET _venv_torch 0 Torch_DIR)
      set(Torch_DIR "${Torch_DIR}" CACHE PATH "libtorch CMake config")
    endif()
  endif()
  # Build machines have no GPU: name the architectures instead of letting Caffe2 probe for one.
  # We compile no CUDA sources ourselves, this only feeds libtorch's CMake checks.
  set(TORCH_CUDA_ARCH_LIST "8.0;9.0" CACHE STRING "CUDA architectures for libtorch's CMake checks")
  set(CMAKE_CUDA_STANDARD 17)
  find_package(Torch 2.11 REQUIRED)
  message(STATUS "libtorch ${Torch_VERSION} from ${Torch_DIR}")
  find_package(CUDAToolkit)
  if(CUDAToolkit_FOUND AND TARGET torch_cuda)
    set(GRAPHLENS_HAVE_CUDA 1)
    if(TARGET CUDA::cupti)
      set(GRAPHLENS_HAVE_CUPTI 1)
    else()
      message(FATAL_ERROR "CUDA build without CUPTI: install the CUDA toolkit's CUPTI (extras/CUPTI) "
                          "or configure with -DGRAPHLENS_WITH_ENGINE=OFF")
    endif()
    if(TARGET CUDA::nvtx3)
      set(GRAPHLENS_HAVE_NVTX 1)
    endif()
  endif()
  # One interface target carrying libtorch, CUDA headers, our include roots and config.h, so every
  # engine target (and the shared PCH) compiles with identical flags.
  add_library(graphlens_torch_deps INTERFACE)
  target_link_libraries(graphlens_torch_deps INTERFACE ${TORCH_LIBRARIES})
  # The torch wheel's libtorch exports its own copy of std::filesystem, and whichever library comes
  # first in the executable's NEEDED list wins symbol lookup. Its remove_all segfaults when called
  # from code built here, so libstdc++ goes first (the order a Python process has anyway).
  if(UNIX)  # GNU ld options, and a problem of the Linux wheel only
    target_link_options(graphlens_torch_deps INTERFACE "LINKER:--push-state,--no-as-needed,-lstdc++,--pop-state")
  endif()
  target_include_directories(graphlens_torch_deps INTERFACE
    ${PROJECT_SOURCE_DIR}/core ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/generated)
  if(GRAPHLENS_HAVE_CUDA)
    target_link_libraries(graphlens_torch_deps INTERFACE CUDA::cudart)
  endif()
  message(STATUS "GraphLens: CUDA=${GRAPHLENS_HAVE_CUDA} CUPTI=${GRAPHLENS_HAVE_CUPTI} NVTX=${GRAPHLENS_HAVE_NVTX}")
endif()

if(GRAPHLENS_WITH_GUI)
  find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets Charts Svg Test)
endif()

# The one set of heavy headers every libtorch target shares, compiled once (precompiled header).
# Loading that header is most of a libtorch source's compile time (about 6 of 9 s for a small file on
# the 2-core build machine), so these targets also compile their sources in batches (unity build):
# a batch pays the load once. Names private to a source file must then be unique within its target.
option(GRAPHLENS_UNITY_BUILD "Compile each libtorch target's sources in batches of 8 (unity build)" ON)
function(graphlens_use_torch_pch target)
  if(TARGET graphlens_torch_pch)
    target_precompile_headers(${target} REUSE_FROM graphlens_torch_pch)
  endif()
  if(GRAPHLENS_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()

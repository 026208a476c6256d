# libtorch inside the Linux packages: the torch wheel's lib folder and the nvidia-* wheels it loads,
# installed under <prefix>/lib/graphlens in the wheel's own layout:
#   lib/graphlens/torch/lib/libtorch*.so, libc10*.so, ...
#   lib/graphlens/nvidia/{cu13,cudnn,nccl,...}/lib/*.so*
# The wheel's libraries find each other through their own RPATH ($ORIGIN/../../nvidia/<x>/lib), and
# cuDNN, NVRTC and nvshmem dlopen siblings by name from the same folders, so keeping the layout keeps
# every lookup working without LD_LIBRARY_PATH. graphlens-cli's install RPATH points at torch/lib and
# at the folder holding the CUDA runtime and CUPTI, which it links directly.
if(NOT GRAPHLENS_WITH_ENGINE OR NOT UNIX OR APPLE)
  return()
endif()

option(GRAPHLENS_BUNDLE_TORCH "Install libtorch (and the CUDA wheels it loads) with graphlens-cli" ON)
set(GRAPHLENS_PRIVATE_LIBDIR "lib/graphlens")
if(NOT GRAPHLENS_BUNDLE_TORCH)
  return()
endif()

# Torch_DIR is <torch>/share/cmake/Torch for the wheel and for a libtorch archive alike.
get_filename_component(_torch_root "${Torch_DIR}/../../.." ABSOLUTE)
set(_torch_lib "${_torch_root}/lib")
if(NOT EXISTS "${_torch_lib}/libtorch.so")
  message(FATAL_ERROR "GRAPHLENS_BUNDLE_TORCH: no libtorch.so in ${_torch_lib} (from Torch_DIR=${Torch_DIR}); "
                      "configure with -DGRAPHLENS_BUNDLE_TORCH=OFF to package without libtorch")
endif()

# torch/lib minus the Python binding, which only a Python interpreter loads.
file(GLOB _torch_libraries "${_torch_lib}/*.so*")
list(FILTER _torch_libraries EXCLUDE REGEX "/libtorch_python\\.so$")
install(FILES ${_torch_libraries} DESTINATION ${GRAPHLENS_PRIVATE_LIBDIR}/torch/lib COMPONENT torch)

# The nvidia-* wheels sit beside torch in site-packages (a libtorch archive has them in its lib/).
# Static archives and bitcode are for linking, not running. Left out as well: the API libraries that
# nothing in torch or the other CUDA libraries names (multi-GPU cuSOLVER, NVBLAS, the FFTW shim, the
# alternative NVRTC build), about 330 MB.
set(_cli_rpath "$ORIGIN/../${GRAPHLENS_PRIVATE_LIBDIR}/torch/lib")
file(GLOB _nvidia_lib_dirs LIST_DIRECTORIES true "${_torch_root}/../nvidia/*/lib")
foreach(_dir IN LISTS _nvidia_lib_dirs)
  get_filename_component(_wheel "${_dir}/.." ABSOLUTE)
  get_filename_component(_wheel "${_wheel}" NAME)
  install(DIRECTORY "${_dir}/" DESTINATION ${GRAPHLENS_PRIVATE_LIBDIR}/nvidia/${_wheel}/lib COMPONENT torch
          FILES_MATCHING PATTERN "*.so*"
          PATTERN "libcusolverMg.so*" EXCLUDE
          PATTERN "libnvblas.so*" EXCLUDE
          PATTERN "libcufftw.so*" EXCLUDE
          PATTERN "libnvrtc.alt.so*" EXCLUDE
          PATTERN "libnvrtc-builtins.alt.so*" EXCLUDE)
  if(EXISTS "${_dir}/libcudart.so.13" OR EXISTS "${_dir}/libcudart.so.12")
    list(APPEND _cli_rpath "$ORIGIN/../${GRAPHLENS_PRIVATE_LIBDIR}/nvidia/${_wheel}/lib")
  endif()
endforeach()

if(TARGET graphlens-cli)
  set_target_properties(graphlens-cli PROPERTIES INSTALL_RPATH "${_cli_rpath}")
endif()
message(STATUS "GraphLens packages carry libtorch from ${_torch_lib} (${GRAPHLENS_PRIVATE_LIBDIR})")
